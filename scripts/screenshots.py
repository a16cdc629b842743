"""`make screenshots`: the pictures of the README, taken from the demo in headless Chromium.

    python -m scripts.screenshots [--out docs/screenshots] [--only NAME ...]

Plays the demo's games (`scripts/demo.py`) by clicks on the page, in the browser
(`scripts/preview_browser.py`): a Santiago de Cuba turn, ana's private screen, a Havana turn and
a short Havana game's final scores, each at a laptop's 1280x800 and a phone's 400x900. The
browser is the system's Chromium (Debian's `chromium` package; no browser is downloaded), driven
by Playwright. Each PNG is reduced to 256 colours, a few tens of KB.

The games are seeded, so the same code gives the same pictures; run it again whenever the boards,
the texts or the turn messages change.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import random
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

from playwright.async_api import Browser, Page
from playwright.async_api import TimeoutError as PageTimeout

from scripts.preview_browser import PICTURE, PRIVATE, SIZES, Tab, chromium, chromium_path

ROOT = Path(__file__).resolve().parents[1]
# Havana's house limit of rounds for the final scores: a short game in which points were scored.
ROUNDS = 6

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
# The page is ready, laid out over the whole window, shows the message and every image is loaded.
SHOWN = """(id) => {
  const app = document.querySelector(".preview-app")?.getBoundingClientRect();
  return window.simcordPreview?.ready === true && app
    && Math.round(app.width) === innerWidth && Math.round(app.height) === innerHeight
    && document.querySelector(`.channel-message[data-message-id="${id}"]`) !== null
    && [...document.images].every(image => image.complete);
}"""
# Shows the message, then waits two frames for the page to paint it there.
FOCUS = """([id, block]) => new Promise(resolve => {
  document.querySelector(`.channel-message[data-message-id="${id}"]`).scrollIntoView({block});
  window.scrollTo(0, 0);  // only the message list scrolls, not the page around it
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
})"""
# How long the page may take to show a message before the picture is given up.
SHOW_WITHIN_MS = 60_000


@contextlib.asynccontextmanager
async def framed(
    browser: Browser, url: str, size: str, message_id: str, block: str = "end"
) -> AsyncIterator[Page]:
    """A fresh tab on the page at `url` in a window of `size` (a name in `SIZES`), without the
    Preview's developer chrome, scrolled to the message: ready to photograph."""
    context = await browser.new_context(**SIZES[size], device_scale_factor=1)
    try:
        page = await context.new_page()
        await page.add_init_script(CAPTURE_MODE)
        await page.goto(url)
        try:
            await page.wait_for_function(
                SHOWN, arg=message_id, polling="raf", timeout=SHOW_WITHIN_MS
            )
        except PageTimeout:
            raise RuntimeError(f"message {message_id} did not show on the page") from None
        await page.evaluate(FOCUS, [message_id, block])
        yield page
    finally:
        await context.close()


async def shoot(browser: Browser, url: str, size: str, message_id: str, block: str) -> bytes:
    """The message on the page at `url`, framed in a window of `size`, as PNG bytes."""
    async with framed(browser, url, size, message_id, block) as page:
        return await page.screenshot()


def small_png(data: bytes) -> bytes:
    """The picture in 256 colours: a fifth of the size, and the text still crisp."""
    from PIL import Image

    image = Image.open(io.BytesIO(data)).convert("RGB")
    out = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, "PNG", optimize=True
    )
    return out.getvalue()


async def start(tab: Tab, demo) -> None:
    from bot.text.i18n import text

    lobby = await tab.newest_with("button.component-button:enabled")
    await tab.click(tab.button(lobby, text(demo.language, "bot.button.start")))


@contextlib.asynccontextmanager
async def played(browser: Browser, folder: Path, game: str, **options) -> AsyncIterator[tuple]:
    """A started demo game of `game` and ana's tab on it."""
    from scripts.demo import world

    folder.mkdir(parents=True, exist_ok=True)
    # The page takes the smaller of this and the window: as high as the phone, as wide as the laptop.
    tallest = (
        max(s["viewport"]["width"] for s in SIZES.values()),
        max(s["viewport"]["height"] for s in SIZES.values()),
    )
    async with (
        world(
            folder, game=game, ai_level="greedy", seed=7, options=options, viewport=tallest
        ) as demo,
        Tab.opened(browser, demo.preview.url) as tab,
    ):
        await start(tab, demo)
        yield demo, tab


async def message_id(message) -> str:
    return await message.get_attribute("data-message-id")


class Album:
    """Where the pictures go, and which of them to take."""

    def __init__(self, browser: Browser, out: Path, only: set[str]) -> None:
        self.browser, self.out, self.only = browser, out, only
        self.written: list[Path] = []

    async def take(self, name: str, demo, message_id: str, block: str = "end") -> None:
        if self.only and name not in self.only:
            return
        for size in SIZES:
            data = small_png(await shoot(self.browser, demo.preview.url, size, message_id, block))
            path = self.out / f"{name}-{size}.png"
            path.write_bytes(data)
            self.written.append(path)
            print(
                f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
                f"{len(data) // 1024} KB",
                flush=True,
            )


async def santiago(album: Album, folder: Path) -> None:
    from bot.text.i18n import text

    async with played(album.browser, folder, "santiago") as (demo, tab):
        for _ in range(3):
            await tab.decide()
        turn = await tab.turn()
        await album.take("santiago-turn", demo, await message_id(turn))
        await tab.click(tab.button(turn, text(demo.language, "bot.button.screen")))
        reply = tab.messages.last
        if not (await reply.locator(PRIVATE).count() and await reply.locator(PICTURE).count()):
            raise RuntimeError(f"no screen came, only to ana: {(await reply.inner_text())[:80]}")
        await album.take("santiago-screen", demo, await message_id(reply))


async def havana(album: Album, folder: Path) -> None:
    async with played(album.browser, folder, "havana", max_rounds=ROUNDS) as (demo, tab):
        for _ in range(2):
            await tab.decide()
        await album.take("havana-turn", demo, await message_id(await tab.turn()))
        rng = random.Random(7)
        for _ in range(2000):
            record = await demo.bot.store.by_channel(demo.channel.id)
            if record is None or record.status != "active":
                break
            await tab.decide(rng)
        else:
            raise RuntimeError("the game of Havana did not end")
        await album.take("final-scores", demo, await message_id(tab.public().last))


async def take_all(out: Path, only: set[str]) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    async with chromium() as browser:
        album = Album(browser, out, only)
        with tempfile.TemporaryDirectory(prefix="malecon-shots-") as folder:
            if not only or only & {"santiago-turn", "santiago-screen"}:
                await santiago(album, Path(folder) / "santiago")
            if not only or only & {"havana-turn", "final-scores"}:
                await havana(album, Path(folder) / "havana")
        return album.written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    names = ("santiago-turn", "santiago-screen", "havana-turn", "final-scores")
    parser.add_argument("--only", nargs="*", choices=names, default=[])
    options = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if chromium_path() is None:
        raise SystemExit(
            "No Chromium found: install your system's package (Debian: apt-get install chromium)."
        )
    asyncio.run(take_all(options.out, set(options.only)))
    return 0


# The bot's workers are spawned processes that import this module again (see scripts/demo.py).
if __name__ == "__main__":
    sys.exit(main())
