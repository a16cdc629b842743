"""`make screenshots`: the demo's page in the system's headless Chromium, without its developer
chrome, at the size asked, small enough for the README."""

from __future__ import annotations

import io
import shutil

import pytest
from PIL import Image

from scripts.demo import world
from scripts.screenshots import BROWSERS, Chromium, small_png

BROWSER = next(filter(None, map(shutil.which, BROWSERS)), None)


@pytest.mark.skipif(BROWSER is None, reason="no Chromium on this machine")
async def test_a_phone_sized_picture_of_the_lobby(tmp_path):
    async with (
        world(
            tmp_path, game="havana", ai_level="random", ai_workers=1, viewport=(400, 900)
        ) as demo,
        Chromium(BROWSER) as browser,
    ):
        data = small_png(
            await browser.shoot(demo.preview.url, (400, 900), str(demo.lobby.id), "end")
        )
        shown = await browser.evaluate("document.body.innerText")
    picture = Image.open(io.BytesIO(data))
    assert picture.size == (400, 900)
    assert len(data) < 100_000
    # The lobby is on the page; the Preview's toolbar ("Viewing as", "Capture") is not.
    assert "Havana" in shown and "Join" in shown
    assert "Viewing as" not in shown and "Capture" not in shown
