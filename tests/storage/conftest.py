"""The storage tests' fixture: a real SQLite file in the test's own folder, and a real
PostgreSQL database; every test that takes `store` runs against both backends."""

from __future__ import annotations

import pytest

from storage import Store


@pytest.fixture(params=["sqlite", "postgresql"])
async def store(request, tmp_path):
    if request.param == "sqlite":
        target = tmp_path / "db.sqlite3"
    else:
        target = request.getfixturevalue("pg_url")
    opened = await Store.open(target)
    yield opened
    await opened.close()
