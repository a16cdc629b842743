"""`make screenshots`: the pictures of the README, taken from the demo in headless Chromium.

    python -m scripts.screenshots [--out docs/screenshots] [--only NAME ...]

Plays the demo's games (`scripts/demo.py`) by clicks through the page (`scripts/preview_page.py`):
a Santiago de Cuba turn, ana's private screen, a Havana turn and a short Havana game's final
scores, each at a laptop's 1280x800 and a phone's 400x900. The browser is the system's Chromium
(Debian's `chromium` package; no browser is downloaded), driven over its DevTools protocol with
aiohttp, which the bot already has. Each PNG is reduced to 256 colours, a few tens of KB.

The games are seeded, so the same code gives the same pictures; run it again whenever the boards,
the texts or the turn messages change.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import io
import itertools
import json
import os
import random
import re
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
# Havana's house limit of rounds for the final scores: a short game in which points were scored.
ROUNDS = 6
SIZES = {"laptop": (1280, 800), "phone": (400, 900)}
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
LISTENING = re.compile(r"DevTools listening on (ws://\S+)")

# The Preview's own capture mode hides its developer chrome (toolbar, message list, inspector).
# Marked before the page's scripts run, so the page measures the whole window as its own; the
# page clears the mark when it installs a new state, so an observer puts it back.
CAPTURE_MODE = """(() => {
  const mark = () => {
    if (!document.body) return;
    if (document.body.dataset.managedCapture !== "true") document.body.dataset.managedCapture = "true";
  };
  new MutationObserver(mark).observe(document, {
    subtree: true, childList: true, attributeFilter: ["data-managed-capture"],
  });
})()"""
# Waits inside the page for its own events: ready, laid out over the whole window, every image
# loaded; then shows the message.
FOCUS = """new Promise(resolve => {
  const frames = then => requestAnimationFrame(() => requestAnimationFrame(then));
  const look = () => {
    const app = document.querySelector(".preview-app")?.getBoundingClientRect();
    const target = document.querySelector('.channel-message[data-message-id="%s"]');
    const settled = window.simcordPreview?.ready === true && app
      && Math.round(app.width) === innerWidth && Math.round(app.height) === innerHeight;
    if (!settled || !target || ![...document.images].every(image => image.complete)) {
      return setTimeout(look, 50);
    }
    target.scrollIntoView({block: "%s"});
    window.scrollTo(0, 0);  // only the message list scrolls, not the page around it
    frames(() => resolve(true));
  };
  look();
})"""


class Chromium:
    """A headless Chromium and one tab, driven over the DevTools protocol."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future] = {}

    async def __aenter__(self) -> Chromium:
        self.profile = tempfile.TemporaryDirectory(prefix="malecon-chromium-")
        flags = ["--headless", "--disable-gpu", "--hide-scrollbars", "--mute-audio"]
        flags += [
            "--no-first-run",
            "--remote-debugging-port=0",
            f"--user-data-dir={self.profile.name}",
        ]
        if os.geteuid() == 0:  # Chromium refuses to run as root inside its sandbox
            flags.append("--no-sandbox")
        self.process = await asyncio.create_subprocess_exec(
            self.binary,
            *flags,
            "about:blank",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        address = None
        while address is None:
            line = await self.process.stderr.readline()
            if not line:
                raise RuntimeError(f"{self.binary} ended before it listened")
            if found := LISTENING.search(line.decode(errors="replace")):
                address = found.group(1)
        # Chromium's other messages (no D-Bus, no GPU) are read and dropped.
        self.draining = asyncio.create_task(self._drain())
        self.http = aiohttp.ClientSession()
        self.socket = await self.http.ws_connect(address, max_msg_size=0)
        self.reading = asyncio.create_task(self._read())
        target = await self.send("Target.createTarget", url="about:blank")
        attached = await self.send(
            "Target.attachToTarget", targetId=target["targetId"], flatten=True
        )
        self.session = attached["sessionId"]
        await self.tab("Page.enable")
        await self.tab("Page.addScriptToEvaluateOnNewDocument", source=CAPTURE_MODE)
        return self

    async def __aexit__(self, *exc: object) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.send("Browser.close"), 10)
        await self.socket.close()
        await self.http.close()
        self.reading.cancel()
        try:
            await asyncio.wait_for(self.process.wait(), 10)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
        await self.draining
        self.profile.cleanup()

    async def _drain(self) -> None:
        while await self.process.stderr.readline():
            pass

    async def _read(self) -> None:
        async for message in self.socket:
            answer = json.loads(message.data)
            waiting = self.waiting.pop(answer.get("id"), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(answer)

    async def send(self, method: str, session: str | None = None, **params) -> dict:
        number = next(self.ids)
        self.waiting[number] = asyncio.get_running_loop().create_future()
        message = {"id": number, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        await self.socket.send_str(json.dumps(message))
        answer = await self.waiting[number]
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    async def tab(self, method: str, **params) -> dict:
        return await self.send(method, self.session, **params)

    async def evaluate(self, expression: str):
        done = await self.tab(
            "Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True
        )
        if "exceptionDetails" in done:
            raise RuntimeError(done["exceptionDetails"])
        return done["result"].get("value")

    async def shoot(self, url: str, size: tuple[int, int], message_id: str, block: str) -> bytes:
        """The page at `url` in a window of `size`, scrolled to the message, as PNG bytes."""
        width, height = size
        await self.tab(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 600,
        )
        await self.tab("Page.navigate", url=url)
        try:
            await asyncio.wait_for(self.evaluate(FOCUS % (message_id, block)), 60)
        except TimeoutError:
            raise RuntimeError(f"message {message_id} did not show on the page") from None
        shot = await self.tab("Page.captureScreenshot", format="png")
        return base64.b64decode(shot["data"])


def small_png(data: bytes) -> bytes:
    """The picture in 256 colours: a fifth of the size, and the text still crisp."""
    from PIL import Image

    image = Image.open(io.BytesIO(data)).convert("RGB")
    out = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, "PNG", optimize=True
    )
    return out.getvalue()


async def start(page) -> None:
    from scripts.preview_page import newest_with

    lobby, found = newest_with(page, ("lb:",))
    await page.act("click", lobby, next(c for c in found if c["custom_id"].endswith(":start")))


@contextlib.asynccontextmanager
async def played(folder: Path, game: str, **options) -> AsyncIterator[tuple]:
    """A started demo game of `game` and ana's page on it."""
    from scripts.demo import world
    from scripts.preview_page import Page

    folder.mkdir(parents=True, exist_ok=True)
    # The page takes the smaller of this and the window: as high as the phone, as wide as the laptop.
    tallest = (max(w for w, _ in SIZES.values()), max(h for _, h in SIZES.values()))
    async with (
        world(
            folder, game=game, ai_level="greedy", seed=7, options=options, viewport=tallest
        ) as demo,
        aiohttp.ClientSession() as http,
    ):
        page = Page(http, demo.preview.url)
        await page.open(demo.people[0])
        await start(page)
        yield demo, page


class Album:
    """Where the pictures go, and which of them to take."""

    def __init__(self, browser: Chromium, out: Path, only: set[str]) -> None:
        self.browser, self.out, self.only = browser, out, only
        self.written: list[Path] = []

    async def take(self, name: str, demo, message_id: str, block: str = "end") -> None:
        if self.only and name not in self.only:
            return
        for size_name, size in SIZES.items():
            data = small_png(await self.browser.shoot(demo.preview.url, size, message_id, block))
            path = self.out / f"{name}-{size_name}.png"
            path.write_bytes(data)
            self.written.append(path)
            print(
                f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
                f"{len(data) // 1024} KB",
                flush=True,
            )


async def santiago(album: Album, folder: Path) -> None:
    from scripts.preview_page import MOVES, decide, newest_with

    async with played(folder, "santiago") as (demo, page):
        for _ in range(3):
            await decide(page)
        turn, _ = newest_with(page, MOVES, public=True)
        await album.take("santiago-turn", demo, turn["id"])
        screen, buttons = newest_with(page, ("sc:",), public=True)
        await page.act("click", screen, buttons[0])
        reply = page.messages()[-1]
        if not (reply["ephemeral"] and reply["attachments"]):
            raise RuntimeError(f"no screen came, only to ana: {reply['content'][:80]}")
        await album.take("santiago-screen", demo, reply["id"])


async def havana(album: Album, folder: Path) -> None:
    from scripts.preview_page import MOVES, decide, newest_with

    async with played(folder, "havana", max_rounds=ROUNDS) as (demo, page):
        for _ in range(2):
            await decide(page)
        turn, _ = newest_with(page, MOVES, public=True)
        await album.take("havana-turn", demo, turn["id"])
        rng = random.Random(7)
        for _ in range(2000):
            record = await demo.bot.store.by_channel(demo.channel.id)
            if record is None or record.status != "active":
                break
            await decide(page, rng)
        else:
            raise RuntimeError("the game of Havana did not end")
        final = [m for m in page.messages() if not m["ephemeral"]][-1]
        await album.take("final-scores", demo, final["id"])


def chromium() -> str:
    for name in BROWSERS:
        if found := shutil.which(name):
            return found
    raise SystemExit(
        "No Chromium found: install your system's package (Debian: apt-get install chromium)."
    )


async def take_all(out: Path, only: set[str]) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    async with Chromium(chromium()) as browser:
        album = Album(browser, out, only)
        with tempfile.TemporaryDirectory(prefix="malecon-shots-") as folder:
            await santiago(album, Path(folder) / "santiago")
            await havana(album, Path(folder) / "havana")
        return album.written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    names = ("santiago-turn", "santiago-screen", "havana-turn", "final-scores")
    parser.add_argument("--only", nargs="*", choices=names, default=[])
    options = parser.parse_args(sys.argv[1:] if argv is None else argv)
    asyncio.run(take_all(options.out, set(options.only)))
    return 0


# The bot's workers are spawned processes that import this module again (see scripts/demo.py).
if __name__ == "__main__":
    sys.exit(main())
