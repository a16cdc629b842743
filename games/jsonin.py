"""JSON from outside (deck files, colour files, attachments, exports), refused clearly when hostile.

`json.loads` recurses once per nested bracket: some 1,000 levels raise `RecursionError` (at a
depth that depends on the caller's stack), which no caller expects. Our files are a few levels
deep and small, so `loads` refuses text larger than the caller's limit before parsing it and
anything nested deeper than `max_depth`, always with a `JSONInputError` whose `reason` is a
message for the user.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.text import Msg, register

# Deeper than any file we read (a deck is 4 levels, an exported game about 6).
MAX_DEPTH = 32

register(
    {
        "json.too_large": "the file is larger than {limit} KB",
        "json.too_deep": "the JSON is nested more than {limit} levels deep",
        "json.not_utf8": "the file is not UTF-8 text",
        "json.syntax": "the file is not valid JSON ({detail})",
        "json.at": "line {line}, column {column}",
        "json.bad_value": "a value it cannot read",
    }
)


class JSONInputError(ValueError):
    """Input refused before or while parsing; `reason` says why (a `Msg`)."""

    def __init__(self, reason: Msg):
        super().__init__(str(reason))
        self.reason = reason

    @property
    def key(self) -> str:
        """`too_large`, `too_deep`, `not_utf8` or `syntax`."""
        return self.reason.key.removeprefix("json.")


def _too_large(max_bytes: int) -> JSONInputError:
    return JSONInputError(Msg("json.too_large", {"limit": max(1, max_bytes // 1024)}))


def loads(data: str | bytes, *, max_bytes: int | None, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text (or UTF-8 bytes) of at most `max_bytes` bytes nested at most `max_depth`."""
    if isinstance(data, bytes | bytearray):
        if max_bytes is not None and len(data) > max_bytes:
            raise _too_large(max_bytes)
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise JSONInputError(Msg("json.not_utf8")) from None
    elif max_bytes is not None and (
        len(data) > max_bytes or len(data.encode("utf-8", "surrogatepass")) > max_bytes
    ):
        raise _too_large(max_bytes)
    too_deep = JSONInputError(Msg("json.too_deep", {"limit": max_depth}))
    try:
        value = json.loads(data)
    except RecursionError:
        raise too_deep from None
    except ValueError as exc:
        # where the fault is, in the reader's words (Python's message is English)
        line, column = getattr(exc, "lineno", None), getattr(exc, "colno", None)
        where = (
            Msg("json.bad_value")
            if line is None
            else Msg("json.at", {"line": line, "column": column})
        )
        raise JSONInputError(Msg("json.syntax", {"detail": where})) from None
    if depth(value) > max_depth:
        raise too_deep
    return value


def load_file(path: str | Path, *, max_bytes: int | None, max_depth: int = MAX_DEPTH) -> Any:
    """`loads` of a file, reading no more than `max_bytes` + 1 bytes of it (OSError passes)."""
    with open(path, "rb") as handle:
        data = handle.read() if max_bytes is None else handle.read(max_bytes + 1)
    return loads(data, max_bytes=max_bytes, max_depth=max_depth)


def depth(value: Any) -> int:
    """How deeply lists and objects nest in a parsed value (a scalar is 0), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest
