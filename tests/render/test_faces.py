"""One table of each game's faces: render/ draws and words a view of any registered game by
looking its faces up, so a game registered from outside render/ (here, from this module) gets
its board, screen, caption, text board and alt texts through the same calls as ours."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from PIL import Image

import games
import render
from render import describe, faces
from render.captions import language, say
from render.describe import Section

KIND = "test_faces_cards"


@dataclass(frozen=True)
class Pending:
    seat: int
    kind: str
    prompt: games.Msg


@dataclass(frozen=True)
class CardsPublic:
    seats: int
    pile: int
    pending: tuple[Pending, ...] = ()
    active_seat: int | None = 0
    game_over: bool = False
    last_move: None = None

    @property
    def player_count(self) -> int:
        return self.seats


@dataclass(frozen=True)
class CardsPlayer:
    seat: int
    hand: tuple[str, ...]
    public: CardsPublic


def board(view: CardsPublic, names: list[str], move: int | None) -> Image.Image:
    return Image.new("RGB", (40 + 10 * view.pile, 30), "white")


def screen(view: CardsPlayer, names: list[str]) -> Image.Image:
    return Image.new("RGB", (20, 10 + 10 * len(view.hand)), "white")


def board_text(view: CardsPublic, names: list[str], move: int | None) -> list[Section]:
    return [
        Section("players", "Players", tuple(names)),
        Section("title", f"Cards after move {move}", (f"pile {view.pile}",)),
        Section("extra", "Extra"),
    ]


def screen_text(view: CardsPlayer, names: list[str]) -> list[Section]:
    return [Section("hand", f"Hand of {names[view.seat]}", view.hand)]


def caption(view: CardsPublic, names: list[str], move: int | None) -> str:
    return f"{names[0]} and {len(names) - 1} more, move {move}"


def register() -> faces.Faces:
    return faces.register(
        KIND,
        public_view=CardsPublic,
        player_view=CardsPlayer,
        board=board,
        screen=screen,
        board_text=board_text,
        screen_text=screen_text,
        alt_order=("title", "players"),
        caption=caption,
    )


def test_a_game_registered_from_outside_is_drawn_and_worded_through_its_faces():
    entry = register()
    assert register() is entry  # registering the same faces again changes nothing
    assert faces.faces(KIND) is entry and KIND in faces.kinds()
    public = CardsPublic(seats=3, pile=5)
    mine = CardsPlayer(1, ("ace", "king"), public)

    png = render.board_png(public, ["Ana", "", "Cy"], "en", 4)
    assert Image.open(io.BytesIO(png)).size == (90, 30)
    png = render.screen_png(mine, ["Ana", "Bo", "Cy"], "en")
    assert Image.open(io.BytesIO(png)).size == (20, 30)
    # Names come to the faces one per seat, the missing ones filled in.
    assert render.board_caption(public, ["Ana"], "en", 4) == "Ana and 2 more, move 4"

    sections = describe.board_sections(public, ["Ana", "Bo", "Cy"], "en", 4)
    assert describe.text_board(sections).startswith("## Players\n- Ana\n- Bo\n- Cy")
    # The alt text follows the game's own order; what the order does not name comes last.
    assert describe.board_alt(public, ["Ana", "Bo", "Cy"], "en", 4) == (
        "Cards after move 4: pile 5. Players: Ana; Bo; Cy. Extra."
    )
    assert describe.screen_alt(mine, ["Ana", "Bo", "Cy"], "en") == "Hand of Bo: ace; king."
    with pytest.raises(TypeError):
        render.board_png(mine, ["Ana", "Bo", "Cy"])


def test_a_caption_is_optional():
    @dataclass(frozen=True)
    class Plain(CardsPublic):
        pass

    @dataclass(frozen=True)
    class PlainPlayer(CardsPlayer):
        pass

    kind = "test_faces_plain"
    faces.register(
        kind,
        public_view=Plain,
        player_view=PlainPlayer,
        board=board,
        screen=screen,
        board_text=board_text,
        screen_text=screen_text,
    )
    with language("en"):
        game_over = say("pic.game_over")
    assert render.board_caption(Plain(seats=2, pile=0, game_over=True), None, "en", 9) == game_over
    # Without a caption the board is called by the game's title (a key this game's catalogue
    # would hold: without one, its last word).
    assert render.board_caption(Plain(seats=2, pile=0), None, "en") == "title"


def test_our_games_have_their_faces_and_other_faces_are_refused():
    assert {"santiago", "havana"} <= set(faces.kinds())
    for kind in ("santiago", "havana"):
        engine = games.get(kind)
        state = engine.new(2, 1)
        assert faces.faces_of(engine.public_view(state)).kind == kind
        assert faces.faces_of(engine.player_view(state, 0)).kind == kind
        assert faces.faces(kind).engine is engine
    with pytest.raises(ValueError):
        faces.register(
            "santiago",
            public_view=CardsPublic,
            player_view=CardsPlayer,
            board=board,
            screen=screen,
            board_text=board_text,
            screen_text=screen_text,
        )
    with pytest.raises(KeyError, match="no faces for 'chess'"):
        faces.faces("chess")
    with pytest.raises(TypeError, match="no faces for int"):
        render.board_png(3)
