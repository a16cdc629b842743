"""The storage tests' fixture: a real SQLite file in the test's own folder."""

from __future__ import annotations

import pytest

from storage import Store


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "db.sqlite3")
    yield opened
    await opened.close()
