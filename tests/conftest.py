"""Fixtures every layer may use: a PostgreSQL server started once per test session, and a fresh
database on it for each test that asks (copied from a template, which takes milliseconds)."""

from __future__ import annotations

import asyncio
import itertools
import os
import threading

import pytest

from tests.pg_server import Server, binaries

_names = itertools.count(1)
TEMPLATE = "malecon_template"


def _run(coroutine) -> None:
    """Run `coroutine` to the end in a thread of its own: fixtures may be asked for from inside
    a running event loop (an async fixture's `getfixturevalue`)."""
    failure: list[BaseException] = []

    def body() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            failure.append(exc)

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


async def _sql(url: str, *statements: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


async def _migrated(url: str) -> None:
    from storage import Store

    await (await Store.open(url)).close()


@pytest.fixture(scope="session")
def pg_server():
    if binaries() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the PostgreSQL tests: apt-get install postgresql")
        pytest.skip("PostgreSQL server binaries are not installed (apt-get install postgresql)")
    server = Server().start()
    try:
        _run(_sql(server.database("postgres"), f"CREATE DATABASE {TEMPLATE}"))
        _run(_migrated(server.database(TEMPLATE)))
        yield server
    finally:
        server.stop()


def _fresh(server: Server, template: str) -> str:
    name = f"test_{os.getpid()}_{next(_names)}"
    _run(_sql(server.database("postgres"), f"CREATE DATABASE {name} TEMPLATE {template}"))
    return server.database(name)


@pytest.fixture
def pg_url(pg_server):
    """A new database with the current schema."""
    return _fresh(pg_server, TEMPLATE)


@pytest.fixture
def pg_empty_url(pg_server):
    """A new, empty database."""
    return _fresh(pg_server, "template0")
