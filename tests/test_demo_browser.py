"""`make demo` in a real browser: two people play the page by clicks, as the reviewers do.

Playwright drives the system's Chromium (skipped where none is installed) on the demo's page;
every step is a DOM click on what the page shows (the lobby's buttons, the turn message's
choices, "My screen", the "Viewing as" switch) and every check reads what the page shows. The
locators hold for a turn message of text, buttons and an attached picture as for a Components V2
layout (text displays, a media gallery, sections whose accessory is a button).
"""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from bot.text.i18n import text
from scripts.demo import world
from scripts.preview_browser import PICTURE, PRIVATE, Tab, chromium, chromium_path

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="no Chromium on this machine")

MOVE = re.compile(r"\bmove (\d+)", re.IGNORECASE)


async def move_number(turn) -> int:
    found = MOVE.search(await turn.inner_text())
    assert found, await turn.inner_text()
    return int(found[1])


async def loaded(picture) -> bool:
    """Whether the browser has drawn the picture (not a broken image) and it has an alt text."""
    return await picture.evaluate(
        "image => image.complete && image.naturalWidth > 0 && image.alt.trim().length > 0"
    )


async def test_two_people_play_the_demo_by_clicks_in_the_browser(tmp_path):
    async with (
        world(tmp_path, game="santiago", ai_level="random", ai_workers=1, seed=1) as demo,
        chromium() as browser,
        Tab.opened(browser, demo.preview.url) as tab,
    ):

        def say(key: str) -> str:
            return text(demo.language, key)

        lobby = tab.message(demo.lobby.id)
        await expect(lobby).to_contain_text("Santiago de Cuba")

        # ben joins from his own view of the channel; ana starts.
        await tab.view_as("ben")
        await tab.click(tab.button(lobby, say("bot.button.join")))
        await expect(lobby.locator(".mention", has_text="@ben")).to_be_visible()
        await tab.view_as("ana")
        await tab.click(tab.button(lobby, say("bot.button.start")))

        # Decisions, each by whoever the turn message names, clicked in their own view, until
        # both people have decided.
        deciders = []
        while set(deciders) != {"ana", "ben"} and len(deciders) < 12:
            turn = await tab.turn()
            number = await move_number(turn)
            name = await tab.decider(turn)
            assert name in ("ana", "ben"), await turn.inner_text()
            deciders.append(name)
            await tab.decide(as_decider=True)
            # The channel's turn message has moved on (the AI seats' moves included).
            assert await move_number(await tab.turn()) > number
        assert set(deciders) == {"ana", "ben"}, deciders

        # The board is in the channel, drawn, with its alt text.
        boards = tab.public().locator(PICTURE)
        await expect(boards.first).to_be_visible()
        assert all([await loaded(board) for board in await boards.all()])

        # "My screen" answers only the person who asked, with their screen's picture.
        viewer = await tab.decider(await tab.turn())
        await tab.view_as(viewer)
        await tab.click(tab.button(await tab.turn(), say("bot.button.screen")))
        reply = tab.private().last
        await expect(reply.locator(PRIVATE)).to_be_visible()
        await expect(reply.locator(PICTURE)).to_have_count(1)
        assert await loaded(reply.locator(PICTURE))
        await expect(reply.locator(PICTURE)).to_have_attribute("alt", re.compile(viewer))
        reply_id = await reply.get_attribute("data-message-id")

        other = "ben" if viewer == "ana" else "ana"
        await tab.view_as(other)
        await expect(tab.message(reply_id)).to_have_count(0)
        await tab.view_as(viewer)
        await expect(tab.message(reply_id)).to_have_count(1)
    assert demo.env.errors == []
