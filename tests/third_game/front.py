"""Duelo's options as a front end offers them: none, so `/game new` stays as it is."""

from __future__ import annotations

from games.front import FrontOption

OPTIONS: tuple[FrontOption, ...] = ()
