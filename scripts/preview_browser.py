"""The demo's page in a real browser, played as a person plays it.

Playwright drives the system's Chromium (Debian's `chromium` package, through `executable_path`:
no browser is downloaded) and clicks the page's own buttons, menus and "Viewing as" switch, so
every click goes through the Preview's page code and runs the bot's real callback.
`scripts/screenshots.py` plays its games with it, and so does the browser test of the demo.

What a player tells apart by looks, the locators tell apart by the page's classes: a message
(`article.channel-message`), a reply only its viewer sees (its "Only you can see this" note), a
decision's choices (the blue primary buttons and the menus), **Choose** (the green button), a
picture (an attached image, or a media gallery's or a section's image in a Components V2
layout). They find buttons and menus wherever a message holds them: in action rows, inside a
container, or as a section's accessory.
"""

from __future__ import annotations

import contextlib
import random
import re
import shutil
from collections.abc import AsyncIterator

from playwright.async_api import Browser, Locator, Page, async_playwright

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# A laptop's window, and a phone's (a touch screen that lays the page out as phones do).
SIZES = {
    "laptop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 400, "height": 900}, "is_mobile": True, "has_touch": True},
}

MESSAGE = "article.channel-message"
PRIVATE = ".message-ephemeral-note"
# A decision's choices: a move's buttons are primary, its menus string selects; Choose is green.
MOVES = "button.component-button.button-style-1:enabled, .preview-select.select-type-3"
CHOOSE = "button.component-button.button-style-3:enabled"
PICTURE = "img.attachment-image, img.gallery-image, img.component-thumbnail"

# The page has drawn what it was last sent, every image included, and no action of its own is
# under way: `window.simcordPreview` is the Preview's own report of its state.
SETTLED = """([before, viewer]) => {
  const status = window.simcordPreview;
  if (!status || status.ready !== true || status.pendingAction) return false;
  const last = status.lastAction;
  if (before !== null && (!last || last.requestId === before)) return false;
  if (viewer !== null && status.viewerId !== viewer) return false;
  return [...document.images].every(image => image.complete);
}"""
LAST_ACTION = "() => window.simcordPreview?.lastAction?.requestId ?? null"


def chromium_path() -> str | None:
    """The system's Chromium, or None where none is installed."""
    return next(filter(None, map(shutil.which, BROWSERS)), None)


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """The system's headless Chromium, under Playwright."""
    path = chromium_path()
    if path is None:
        raise RuntimeError(
            "No Chromium found: install your system's package (Debian: apt-get install chromium)."
        )
    async with async_playwright() as playwright:
        # Playwright starts Chromium without its sandbox (which refuses root) and with a profile
        # of its own in a temporary folder.
        browser = await playwright.chromium.launch(
            executable_path=path, args=["--hide-scrollbars", "--mute-audio"]
        )
        try:
            yield browser
        finally:
            await browser.close()


class Tab:
    """One browser tab on the Preview, played by clicks."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.messages = page.locator(MESSAGE)

    @classmethod
    @contextlib.asynccontextmanager
    async def opened(cls, browser: Browser, url: str, size: str = "laptop") -> AsyncIterator[Tab]:
        context = await browser.new_context(**SIZES[size], device_scale_factor=1)
        try:
            tab = cls(await context.new_page())
            await tab.page.goto(url)
            await tab.settled()
            yield tab
        finally:
            await context.close()

    async def settled(self, before: str | None = None, viewer: str | None = None) -> None:
        """Wait until the page shows the outcome of its last action (the one after `before`),
        as seen by `viewer` (a member's id) when given."""
        await self.page.wait_for_function(SETTLED, arg=[before, viewer], polling="raf")

    async def click(self, target: Locator) -> None:
        """Click `target` and wait for the page to show what the bot answered (the AI seats'
        moves included: the Preview reports an action done once the bot has settled)."""
        before = await self.page.evaluate(LAST_ACTION)
        await target.click()
        await self.settled(before)

    async def view_as(self, name: str) -> None:
        """Switch "Viewing as" to `name`, unless the page already shows the channel as them."""
        picker = self.page.locator("#viewer-picker")
        chosen = await picker.evaluate("select => select.selectedOptions[0]?.textContent")
        if chosen == name:
            return
        [viewer] = await picker.select_option(label=name)
        await self.settled(viewer=viewer)

    def message(self, message_id: object) -> Locator:
        """The message of that id, if the page shows it."""
        return self.page.locator(f'{MESSAGE}[data-message-id="{message_id}"]')

    def public(self) -> Locator:
        """The messages the whole channel sees."""
        return self.messages.filter(has_not=self.page.locator(PRIVATE))

    def private(self) -> Locator:
        """The replies only the viewer sees."""
        return self.messages.filter(has=self.page.locator(PRIVATE))

    def button(self, message: Locator, label: str) -> Locator:
        """The live button of `message` that reads `label`."""
        exactly = re.compile(rf"^\s*{re.escape(label)}\s*$")
        return message.locator("button.component-button:enabled").filter(has_text=exactly)

    async def newest_with(self, controls: str, public: bool = False) -> Locator:
        """The newest message (among the public ones with `public`) holding `controls`."""
        found = (self.public() if public else self.messages).filter(has=self.page.locator(controls))
        if not await found.count():
            raise LookupError(f"no message on the page holds {controls!r}")
        return found.last

    async def turn(self) -> Locator:
        """The channel's newest turn message: the newest public one offering a decision."""
        return await self.newest_with(f"{MOVES}, {CHOOSE}", public=True)

    async def decider(self, message: Locator) -> str | None:
        """Whom a turn message asks: the first member it mentions (without the @)."""
        mentions = message.locator(".mention")
        if not await mentions.count():
            return None
        return (await mentions.first.inner_text()).strip().lstrip("@")

    async def decide(self, rng: random.Random | None = None, as_decider: bool = False) -> None:
        """One decision, as a person makes it: a move's button or menu, after **Choose** when the
        choices are private or more than the turn message shows. The first choice each time, or
        one picked by `rng`. With `as_decider`, "Viewing as" switches to whoever the turn
        message names first."""
        if as_decider and (name := await self.decider(await self.turn())):
            await self.view_as(name)
        message = await self.newest_with(f"{MOVES}, {CHOOSE}")
        moves = message.locator(MOVES)
        choose = message.locator(CHOOSE)
        if not await moves.count() or (
            await choose.count() and rng is not None and rng.random() < 0.5
        ):
            await self.click(choose.first)
            message = await self.newest_with(MOVES)
            moves = message.locator(MOVES)
        count = await moves.count()
        control = moves.nth(0 if rng is None else rng.randrange(count))
        if await control.evaluate("element => element.tagName") == "BUTTON":
            await self.click(control)
        else:
            await self.pick(control, rng)

    async def pick(self, menu: Locator, rng: random.Random | None = None) -> None:
        """Open a menu and pick as many options as it asks for (the first ones, or by `rng`)."""
        await menu.locator(".select-trigger").click()
        options = menu.locator(".select-option")
        await options.first.wait_for()
        indexes = range(await options.count())
        count = int(await menu.get_attribute("data-minimum") or 1)
        chosen = indexes[:count] if rng is None else rng.sample(indexes, count)
        before = await self.page.evaluate(LAST_ACTION)
        for index in chosen:
            await options.nth(index).click()
        if int(await menu.get_attribute("data-maximum") or 1) > 1:
            await menu.locator(".select-apply").click()
        await self.settled(before)
