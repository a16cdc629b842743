"""Each game's faces: the table that says how render/ draws and words a game's views.

A game registers its faces once, under its name in the game registry (`games.get(kind)`):
the types of its public and player views, its board and screen pictures, the caption on top
of its board, its board and screen in words and the order of its board's alt text. Everything
else in render/ (and the bot through it) looks a game up here, by its name or by the type of a
view, and names no game:

    from render import faces
    faces.register(
        "cards",
        public_view=CardsPublic,
        player_view=CardsPlayer,
        board=draw_board,            # (public view, names, move) -> Pillow image
        screen=draw_screen,          # (player view, names) -> Pillow image
        board_text=board_sections,   # (public view, names, move) -> [describe.Section]
        screen_text=screen_sections, # (player view, names) -> [describe.Section]
        alt_order=("title", "waiting", "players"),
        caption=board_caption,       # (public view, names, move) -> str; optional
        board_scale=2 / 3,           # the board drawn at this scale of its layout; optional
    )

`names` is always one name per seat (`draw.seat_names` fills the gaps); `move` is how many
moves the game has had, or None. Every function is called with the picture's language already
set (`captions.language`). Santiago de Cuba and Havana register theirs in `render/__init__.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import games


@dataclass(frozen=True)
class Faces:
    """One game's faces (see the module's docstring for each function's arguments)."""

    kind: str
    public_view: type
    player_view: type
    board: Callable[[Any, list[str], int | None], Any]
    screen: Callable[[Any, list[str]], Any]
    board_text: Callable[[Any, list[str], int | None], list[Any]]
    screen_text: Callable[[Any, list[str]], list[Any]]
    alt_order: tuple[str, ...] = ()
    caption: Callable[[Any, list[str], int | None], str] | None = None
    # The board picture is drawn at this scale of the board's layout (`draw.scaled`).
    board_scale: float = 1

    @property
    def engine(self) -> games.Game:
        """The game's rules, from the game registry (`games.get`)."""
        return games.get(self.kind)


_BY_KIND: dict[str, Faces] = {}
_BY_VIEW: dict[type, Faces] = {}


def register(
    kind: str,
    *,
    public_view: type,
    player_view: type,
    board: Callable[[Any, list[str], int | None], Any],
    screen: Callable[[Any, list[str]], Any],
    board_text: Callable[[Any, list[str], int | None], list[Any]],
    screen_text: Callable[[Any, list[str]], list[Any]],
    alt_order: Sequence[str] = (),
    caption: Callable[[Any, list[str], int | None], str] | None = None,
    board_scale: float = 1,
) -> Faces:
    """Register the faces of the game `kind`. Registering the same faces again changes nothing;
    other faces for a kind or a view type that has some already is a ValueError."""
    entry = Faces(
        kind,
        public_view,
        player_view,
        board,
        screen,
        board_text,
        screen_text,
        tuple(alt_order),
        caption,
        board_scale,
    )
    known = _BY_KIND.get(kind)
    if known == entry:
        return known
    if known is not None:
        raise ValueError(f"the faces of {kind!r} are registered already")
    for view in (public_view, player_view):
        if view in _BY_VIEW:
            raise ValueError(f"{view.__name__} has faces already ({_BY_VIEW[view].kind!r})")
    _BY_KIND[kind] = entry
    _BY_VIEW[public_view] = _BY_VIEW[player_view] = entry
    return entry


def faces(kind: str) -> Faces:
    """The faces of the game called `kind`; KeyError names the games that have some."""
    try:
        return _BY_KIND[kind]
    except KeyError:
        raise KeyError(f"no faces for {kind!r}; registered: {', '.join(_BY_KIND)}") from None


def faces_of(view: Any) -> Faces:
    """The faces of the game whose public or player view `view` is; TypeError for a view of
    no registered game."""
    for cls in type(view).__mro__:
        entry = _BY_VIEW.get(cls)
        if entry is not None:
            return entry
    kind = type(view)
    raise TypeError(f"no faces for {kind.__name__} from {kind.__module__}")


def kinds() -> tuple[str, ...]:
    """The games that have faces, in the order they were registered."""
    return tuple(_BY_KIND)
