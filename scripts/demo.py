"""`make demo`: try the bot without a Discord server.

The real bot (`create_bot`, on a SQLite file in a temporary folder) runs inside SimCord, a
simulated Discord, and SimCord's Preview serves a Discord-like page of one channel on this
computer. One server, two members (ana and ben), both played by whoever opens the page: the
page's "Viewing as" menu switches between them. ana has opened a lobby with two AI players; press
Start to play against them, or switch to ben and press Join first to play two seats.

    python -m scripts.demo [--game santiago|havana] [--language en|de|es|it|ru] [--port N]

The page is served on 127.0.0.1 only, and its address carries a key: only this computer, and
only whoever has the address, can open it. Ctrl-C ends the demo: the bot's picture and AI
worker processes end and the database is closed before the process exits.

`world()` builds all of this without serving forever; the tests and `scripts/screenshots.py`
use it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import logging
import os
import random
import signal
import sys
import tempfile
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# The language a person names (`it`, or their `LANG` such as `it_IT.UTF-8`) -> the locale their
# Discord client would send.
CLIENT_LOCALES = {"en": "en-US", "de": "de", "es": "es-ES", "it": "it", "ru": "ru"}
GAMES = ("santiago", "havana")
AI_LEVELS = ("strong", "greedy", "random")
PEOPLE = ("ana", "ben")


def language_of(value: str | None) -> str:
    """`it`, `it_IT.UTF-8` or `it-IT` -> `it`; anything we do not speak -> `en`."""
    code = (value or "").replace("-", "_").split("_")[0].split(".")[0].lower()
    return code if code in CLIENT_LOCALES else "en"


@contextlib.contextmanager
def client_language(locale: str) -> Iterator[None]:
    """Every interaction carries `locale`, as from a Discord client set to that language.

    SimCord writes en-US into every interaction it builds (`simcord.interactions.base_payload`,
    which every actor, and so every click on the page, goes through); the bot would then answer
    each person's private replies in English whatever the server's language."""
    from simcord import interactions

    build = interactions.base_payload

    def localized(backend, **kwargs):
        record, payload = build(backend, **kwargs)
        payload["locale"] = locale
        return record, payload

    interactions.base_payload = localized
    try:
        yield
    finally:
        interactions.base_payload = build


@dataclass
class World:
    env: Any
    bot: Any
    channel: Any
    people: list[Any]
    lobby: Any
    preview: Any
    language: str
    game: str


@contextlib.asynccontextmanager
async def world(
    folder: Path,
    *,
    game: str = "santiago",
    language: str = "en",
    ai_level: str = "strong",
    port: int | None = None,
    ai_workers: int | None = None,
    viewport: tuple[int, int] = (1280, 800),
    options: dict[str, Any] | None = None,
    seed: int | None = None,
) -> AsyncIterator[World]:
    """The bot in SimCord with the Preview open on a lobby of `game` (two AI seats) in
    `language` (`options`: more options of `/game new`); on leaving, everything the bot started
    has ended and its store is closed. `seed` fixes the games' dice and cards."""
    import simcord

    from bot import create_bot

    locale = CLIENT_LOCALES[language]
    rng = None if seed is None else random.Random(seed)
    bot = create_bot(folder / "demo.sqlite3", ai_workers=ai_workers, rng=rng)
    # Errors stay in `env.errors` (the bot logs them too) rather than ending the session; a
    # strong AI seat may think longer than SimCord's default wait of 5 seconds.
    env = simcord.Env(bot, check_errors=False, settle_timeout=60.0)
    # SimCord calls every bot "TestBot"; the page shows the display name.
    env.backend.bot_user.global_name = "Malecón"
    try:
        with client_language(locale):
            await env.start()
            try:
                with env.time_context():
                    owner = env.create_user(PEOPLE[0])
                    guild = env.create_guild("Malecón", owner=owner, preferred_locale=locale)
                    channel = guild.create_text_channel("malecon")
                    people = [guild.add_member(owner)]
                    people += [guild.add_member(env.create_user(name)) for name in PEOPLE[1:]]
                    chosen = await people[0].slash(channel, "game language", language=language)
                    if not chosen.ephemeral:
                        raise RuntimeError(f"/game language refused: {chosen.response.content}")
                    opened = await people[0].slash(
                        channel,
                        "game new",
                        game=game,
                        ai_players=2,
                        ai_level=ai_level,
                        **(options or {}),
                    )
                    lobby = opened.response
                    async with env.preview(
                        channel,
                        viewers=people,
                        layout="channel",
                        locale=locale,
                        port=port,
                        width=viewport[0],
                        height=viewport[1],
                    ) as preview:
                        await preview.show(lobby)
                        yield World(env, bot, channel, people, lobby, preview, language, game)
            finally:
                await env.shutdown()
    finally:
        # SimCord detaches the bot without closing it: the bot's own close ends its clock, its
        # AI and picture worker processes and closes the store (an open store's thread would
        # keep the process alive).
        await bot.close()


def address_note(url: str) -> str:
    return (
        f"Open {url} in your browser.\n"
        "It is served on 127.0.0.1 only: no other computer can reach it. The part after # is "
        "the key to this session; keep it to yourself."
    )


INSTRUCTIONS = """\
ana opened a lobby with two AI players. Press Start to play against them, or switch "Viewing as"
(at the top of the page) to ben and press Join first, to play two seats.
What only a player may see (their screen, their hidden choices) comes in replies only that
player sees: switch "Viewing as" to see the other seat's. Type /game in the message box for
every command.
The page keeps the session alive while it is open; if it says the session is unavailable (after
the computer slept for more than ten minutes), reload it.
Ctrl-C here ends the demo."""


async def serve(game: str, language: str, ai_level: str, port: int | None) -> None:
    from bot.logs import configure

    configure("WARNING")
    # discord.py's warnings about intents and voice concern a real gateway, not this one.
    logging.getLogger("discord").setLevel(logging.ERROR)
    names = {"santiago": "Santiago de Cuba", "havana": "Havana"}
    with tempfile.TemporaryDirectory(prefix="malecon-demo-") as folder:
        async with world(
            Path(folder), game=game, language=language, ai_level=ai_level, port=port
        ) as demo:
            print(f"Malecón demo: {names[game]}, in {native(language)}.", flush=True)
            print(address_note(demo.preview.url), flush=True)
            print(INSTRUCTIONS, flush=True)
            await demo.preview.wait_closed()


def native(language: str) -> str:
    from bot.settings.server_language import native_name

    return native_name(language)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="make demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, default="santiago")
    parser.add_argument(
        "--language",
        default=os.environ.get("LANG", "en"),
        help="en, de, es, it or ru, or a locale such as it_IT.UTF-8 (default: $LANG; a language "
        "we do not speak: English)",
    )
    parser.add_argument("--ai-level", choices=AI_LEVELS, default="strong")
    parser.add_argument("--port", type=int, default=None, help="default: any free port")
    return parser.parse_args(argv)


# How long closing may take after Ctrl-C before the demo says where it is stuck and ends anyway:
# whoever presses Ctrl-C expects it to end. The workers end with it (see `worker_pool`).
CLOSE_WITHIN = 60


def end_anyway() -> None:
    faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
    print("The demo did not close in time (see above); ending it now.", file=sys.stderr, flush=True)
    os._exit(1)


@contextlib.contextmanager
def own_foreground() -> Iterator[None]:
    """The terminal's Ctrl-C for the demo (and its workers) alone, not for `make` above it.

    A terminal sends SIGINT to its whole foreground process group: under `make demo` that is
    make too, which then reports "*** [demo] Interrupt" and exits 130 however cleanly the demo
    ended. So the demo takes a process group of its own and makes it the terminal's foreground
    group while it runs, and gives the terminal back on leaving. Without a terminal, or when
    started in the background, nothing changes."""
    try:
        tty = os.open("/dev/tty", os.O_RDWR)
    except OSError:
        yield
        return
    try:
        before = os.tcgetpgrp(tty)
        if before != os.getpgrp():
            yield  # a background job: the terminal is somebody else's
            return
        # Changing the foreground group from it is allowed only with SIGTTOU ignored.
        quiet = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        try:
            if os.getpid() != os.getsid(0):
                os.setpgid(0, 0)
            os.tcsetpgrp(tty, os.getpgrp())
            yield
        finally:
            with contextlib.suppress(OSError):
                os.tcsetpgrp(tty, before)
            signal.signal(signal.SIGTTOU, quiet)
    finally:
        os.close(tty)


def main(argv: list[str] | None = None) -> int:
    options = parse(sys.argv[1:] if argv is None else argv)
    language = language_of(options.language)

    async def run() -> None:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()

        def stop() -> None:
            task.cancel()
            watchdog = threading.Timer(CLOSE_WITHIN, end_anyway)
            watchdog.daemon = True
            watchdog.start()

        # Ctrl-C, and a service manager's SIGTERM, end the demo in order: handled here rather
        # than left to Python's default, which a parent that ignores SIGINT would have disabled.
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop)
        await serve(options.game, language, options.ai_level, options.port)

    # The cancelled task: `world` has closed everything.
    with own_foreground(), contextlib.suppress(KeyboardInterrupt, asyncio.CancelledError):
        asyncio.run(run())
    print("Demo ended.", flush=True)
    return 0


# The bot's picture and AI workers are started with spawn, which imports this module again in
# each worker: without the guard, each would start a demo of its own.
if __name__ == "__main__":
    sys.exit(main())
