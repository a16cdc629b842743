"""`make screenshots`: the demo's page in the system's headless Chromium, without its developer
chrome, at the size asked, small enough for the README."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from scripts.demo import world
from scripts.preview_browser import chromium, chromium_path
from scripts.screenshots import framed, small_png


@pytest.mark.skipif(chromium_path() is None, reason="no Chromium on this machine")
async def test_a_phone_sized_picture_of_the_lobby(tmp_path):
    async with (
        world(
            tmp_path, game="havana", ai_level="random", ai_workers=1, viewport=(400, 900)
        ) as demo,
        chromium() as browser,
        framed(browser, demo.preview.url, "phone", str(demo.lobby.id)) as page,
    ):
        data = small_png(await page.screenshot())
        shown = await page.evaluate("document.body.innerText")
    picture = Image.open(io.BytesIO(data))
    assert picture.size == (400, 900)
    assert len(data) < 100_000
    # The lobby is on the page; the Preview's toolbar ("Viewing as", "Capture") is not.
    assert "Havana" in shown and "Join" in shown
    assert "Viewing as" not in shown and "Capture" not in shown
