"""Reading and damaging the pages of an SQLite file, to test what the tools do with a bad page.

The keys on a leaf page are read from the file format itself (sqlite.org/fileformat2.html), not
through SQLite, so a test knows which games a damaged page holds without asking the code it tests.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

TABLE_LEAF = 13  # a rowid table: each cell is payload size, rowid, payload
INDEX_LEAF = 10  # an index or WITHOUT ROWID table: each cell is payload size, record


def page_size(path: Path) -> int:
    size = int.from_bytes(path.read_bytes()[16:18], "big")
    return 65536 if size == 1 else size


def leaf_pages(path: Path, table: str) -> list[int]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
            (table,),
        ).fetchall()
    return [r[0] for r in rows]


def _varint(buf: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(8):
        byte = buf[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | buf[at + 8], at + 9


_INT_WIDTH = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def first_keys(path: Path, pageno: int) -> list[int]:
    """The integer key of every cell on a leaf page: the rowid, or an index's first column."""
    size = page_size(path)
    page = path.read_bytes()[(pageno - 1) * size : pageno * size]
    head = 100 if pageno == 1 else 0
    kind = page[head]
    assert kind in (TABLE_LEAF, INDEX_LEAF), f"page {pageno} is not a leaf ({kind})"
    cells = int.from_bytes(page[head + 3 : head + 5], "big")
    keys = []
    for n in range(cells):
        at = int.from_bytes(page[head + 8 + 2 * n : head + 10 + 2 * n], "big")
        _, at = _varint(page, at)
        if kind == TABLE_LEAF:
            keys.append(_varint(page, at)[0])
            continue
        header_size, types_at = _varint(page, at)
        serial, _ = _varint(page, types_at)
        body = at + header_size
        if serial in (8, 9):
            keys.append(serial - 8)
        else:
            width = _INT_WIDTH[serial]
            keys.append(int.from_bytes(page[body : body + width], "big", signed=True))
    return keys


def damage_page(path: Path, pageno: int, keep: int = 0) -> None:
    """Overwrite a page (after its first `keep` bytes) with bytes no page can start with."""
    size = page_size(path)
    with path.open("r+b") as file:
        file.seek((pageno - 1) * size + keep)
        file.write(b"\x5a" * (size - keep))
