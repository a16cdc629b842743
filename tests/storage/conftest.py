"""The storage tests' fixtures: a real SQLite file in the test's own folder, and a real
PostgreSQL database; every test that takes `store` (or `database`) runs against both backends."""

from __future__ import annotations

import pytest

from storage import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """Where a store opens: an SQLite file's path, or a PostgreSQL URL (a URL is text)."""
    if request.param == "sqlite":
        return tmp_path / "db.sqlite3"
    return request.getfixturevalue("pg_url")


@pytest.fixture
async def store(database):
    opened = await Store.open(database)
    yield opened
    await opened.close()
