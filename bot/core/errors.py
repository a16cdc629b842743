"""Refusals: a polite, ephemeral answer to a bad input that changes nothing."""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """Stop handling an interaction and tell the user why, in their language.

    `key` is a bot catalogue key; `params` fill it (engine `Msg` values are translated too).
    `view` and `file` let a refusal carry the current prompt (e.g. for an outdated button).
    """

    def __init__(self, key: str, *, view: Any = None, file: Any = None, **params: Any):
        super().__init__(key)
        self.key = key
        self.params = params
        self.view = view
        self.file = file
