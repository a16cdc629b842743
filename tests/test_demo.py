"""`make demo`: the real bot in SimCord's Preview, played through the page's own API.

The tests talk to the Preview as the browser does (`/api/pages`, `/api/state`, `/api/action`, with
the key from the page's address), so every click runs the bot's real callback; nothing is pressed
through the test harness.
"""

from __future__ import annotations

import os
import pty
import select
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from scripts.demo import language_of, world
from scripts.preview_page import MOVES, Page, decide, newest_with, text_of
from tests.processes import descendants, ends

ROOT = Path(__file__).resolve().parents[1]


async def test_a_game_is_played_by_clicks_on_the_page(tmp_path):
    async with world(
        tmp_path, game="santiago", language="it", ai_level="random", ai_workers=1
    ) as demo:
        store = demo.bot.store
        ana = demo.people[0]
        async with aiohttp.ClientSession() as http:
            page = Page(http, demo.preview.url)
            await page.open(ana)
            lobby, found = newest_with(page, ("lb:",))
            assert "Santiago de Cuba" in text_of(lobby) and "IA 1" in text_of(lobby)
            start = next(c for c in found if c["custom_id"].endswith(":start"))
            await page.act("click", lobby, start)
            record = await store.by_channel(demo.channel.id)
            assert record.status == "active"
            before, shown = record.version, len(page.state["timeline"])

            for _ in range(3):
                await decide(page)

            record = await store.by_channel(demo.channel.id)
            assert record.version >= before + 3, "three decisions of ana, and the AI seats' moves"
            assert len(page.state["timeline"]) > shown, "the channel has new messages"
            # The page shows the channel's turn message, in Italian, naming ana, who decides now
            # (the AI seats have moved).
            turn, _ = newest_with(page, MOVES, public=True)
            said = text_of(turn)
            assert "**Santiago de Cuba**, mossa" in said, said
            assert f"<@{ana.id}>" in said or "**ana**" in said
        assert demo.env.errors == []


def listening_addresses(port: int) -> set[str]:
    """The local addresses a TCP socket listens on at `port` (Linux's /proc/net tables)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        with open(table) as lines:
            for line in list(lines)[1:]:
                local, state = line.split()[1], line.split()[3]
                address, _, hex_port = local.partition(":")
                if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                    found.add(address)
    return found


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="needs Linux's /proc/net/tcp")
async def test_the_page_is_served_on_the_loopback_address_only(tmp_path):
    async with world(tmp_path, game="havana", ai_level="random", ai_workers=1) as demo:
        address = urlsplit(demo.preview.url)
        assert address.hostname == "127.0.0.1"
        # 0100007F is 127.0.0.1 as the kernel writes it; 00000000 would be every interface.
        assert listening_addresses(address.port) == {"0100007F"}


def test_a_language_is_taken_from_a_locale_name():
    assert [language_of(v) for v in ("it", "it_IT.UTF-8", "de-DE", "C.UTF-8", "fr", "")] == [
        "it",
        "it",
        "de",
        "en",
        "en",
        "en",
    ]


@pytest.mark.skipif(
    not os.path.isdir("/proc/self") or not hasattr(os, "pidfd_open"), reason="needs Linux"
)
@pytest.mark.parametrize("inherited", ["default", "ignored"])
def test_ctrl_c_ends_the_demo_and_every_process_it_started(inherited):
    """Ctrl-C in a terminal sends SIGINT to every process of the foreground group: the demo and
    the bot's worker processes. The demo closes everything and says so; nothing is left, and no
    process prints a traceback. Also when it was started with SIGINT ignored, as a background job
    or `nohup` starts it (Python then leaves Ctrl-C off by default)."""

    def ignoring() -> None:
        if inherited == "ignored":
            signal.signal(signal.SIGINT, signal.SIG_IGN)

    demo = subprocess.Popen(
        [sys.executable, "-m", "scripts.demo", "--ai-level", "random", "--language", "es"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Its own process group, as a terminal gives a command (and so the signal reaches only it).
        process_group=0,
        preexec_fn=ignoring,
    )
    try:
        lines = []
        for line in demo.stdout:
            lines.append(line)
            if "http://127.0.0.1:" in line:
                break
        assert lines and "http://127.0.0.1:" in lines[-1], "".join(lines) + demo.stderr.read()
        started = descendants(demo.pid)
        assert started, "the bot's picture workers run"
        os.killpg(demo.pid, signal.SIGINT)
        out, err = demo.communicate(timeout=120)
    finally:
        if demo.poll() is None:
            demo.kill()
            demo.wait()
    assert demo.returncode == 0, err
    assert "Demo ended." in out and "Traceback" not in err, err
    assert [pid for pid in started if not ends(pid)] == []


@pytest.mark.skipif(
    shutil.which("make") is None or not os.path.exists("/dev/ptmx"), reason="needs make and a pty"
)
def test_ctrl_c_in_a_terminal_ends_make_demo_without_an_error():
    """`make demo` in a terminal, then Ctrl-C typed there: the terminal signals its foreground
    process group. The demo ends, and make with it, with status 0 and no "*** Interrupt"."""
    bin_dir = Path(sys.executable).parent
    pid, terminal = pty.fork()
    if pid == 0:  # the terminal's command; stamps taken as made: nothing is installed
        os.chdir(ROOT)
        stamps = ["-o", ".venv/.installed", "-o", ".venv/.demo-installed"]
        os.execvp("make", ["make", *stamps, f"BIN={bin_dir}", "demo", "LANG=it"])
    shown = b""
    try:
        while b"http://127.0.0.1:" not in shown:
            ready, _, _ = select.select([terminal], [], [], 120)
            assert ready, shown.decode()
            shown += os.read(terminal, 4096)
        os.write(terminal, b"\x03")  # Ctrl-C, as typed
        while True:
            try:
                more = os.read(terminal, 4096)
            except OSError:  # the terminal closed: everything on it ended
                break
            if not more:
                break
            shown += more
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(terminal)
    said = shown.decode(errors="replace")
    assert os.waitstatus_to_exitcode(status) == 0, said
    assert "Demo ended." in said and "***" not in said and "Interrupt" not in said, said
