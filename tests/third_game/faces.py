"""Duelo's faces: its board and screen as small Pillow pictures, and the same in words. Every
word comes from the catalogue in the picture's language (`render.captions.say`)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import draw
from render.captions import say
from render.describe import Section, waiting

from .duel import TRICKS, PlayerView, PublicView

CARD = (60, 84)
BACK = (70, 90, 140)


def _card(d: ImageDraw.ImageDraw, x: int, y: int, value: int | None) -> None:
    """A card face up with its value, or face down (None)."""
    box = (x, y, x + CARD[0], y + CARD[1])
    if value is None:
        d.rounded_rectangle(box, radius=6, fill=BACK, outline=draw.FRAME, width=2)
        return
    d.rounded_rectangle(box, radius=6, fill="white", outline=draw.INK, width=2)
    draw.text(d, (x + CARD[0] // 2, y + CARD[1] // 2), str(value), 36, True, anchor="mm")


def caption(view: PublicView, names: list[str], move: int | None) -> str:
    """The position the board shows, never who acts now."""
    if view.game_over:
        return say("pic.game_over")
    where = say("duel.pic.trick", trick=view.round, tricks=TRICKS)
    return where if move is None else f"{where} · {say('duel.pic.after', move=move)}"


def _last(view: PublicView, names: list[str]) -> str | None:
    if view.last_move is None:
        return None
    seat, code = view.last_move
    kind, _, value = code.partition(":")
    what = say(f"duel.pic.last.{kind}", value=value)
    return say("duel.pic.last", player=names[seat], what=what)


def board(view: PublicView, names: list[str], move: int | None) -> Image.Image:
    image, d = draw.new_canvas(800, 360)
    draw.text(d, (20, 16), caption(view, names, move), 34, True)
    last = _last(view, names)
    if last is not None:
        draw.text(d, (20, 62), last, 28, fill=draw.SEAT_COLOURS[view.last_move[0]])
    if view.stake is not None:
        draw.text(d, (420, 120), say("duel.pic.stake", points=view.stake), 30)
    if view.led is not None:
        draw.text(d, (420, 170), say("duel.pic.led"), 30)
        _card(d, 560, 150, view.led)
    for seat in range(view.player_count):
        y = 120 + 110 * seat
        draw.seat_disc(d, 34, y + 20, seat)
        draw.text(d, (60, y), names[seat], 32, True)
        draw.text(d, (60, y + 42), say("duel.pic.points", points=view.scores[seat]), 28)
        for k in range(view.hand_sizes[seat]):
            _card(d, 250 + 18 * k, y, None)
    return image


def screen(view: PlayerView, names: list[str]) -> Image.Image:
    image, d = draw.new_canvas(40 + 70 * max(len(view.hand), 1) + 20, 160)
    draw.text(d, (20, 12), say("duel.pic.hand", player=names[view.seat]), 28, True)
    for k, card in enumerate(view.hand):
        _card(d, 20 + 70 * k, 60, card)
    return image


def board_text(view: PublicView, names: list[str], move: int | None) -> list[Section]:
    table = []
    if view.stake is not None:
        table.append(say("duel.pic.stake", points=view.stake))
    if view.led is not None:
        table.append(f"{say('duel.pic.led')} {view.led}")
    players = tuple(
        say("duel.pic.player", player=names[s], points=view.scores[s], cards=view.hand_sizes[s])
        for s in range(view.player_count)
    )
    sections = [Section("title", caption(view, names, move), tuple(table))]
    last = _last(view, names)
    if last is not None:
        sections.append(Section("last", last))
    found = waiting(view, names)
    if found is not None:
        sections.append(found)
    sections.append(Section("players", say("duel.pic.players"), players))
    return sections


def screen_text(view: PlayerView, names: list[str]) -> list[Section]:
    cards = tuple(str(card) for card in view.hand)
    return [Section("hand", say("duel.pic.hand", player=names[view.seat]), cards)]
