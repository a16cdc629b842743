"""Havana pictures: the public table and one player's screen.

The board is landscape and drawn for the width Discord gives it on a phone (see `render.draw.floor_size`):
a banner with the position it shows (round, phase, after which move; never who acts now, as the
picture stays on screen while later prompts follow it), the last move, both building rows as
two columns (VP, cost and the name of every building, above its cost where the cost fills its
line, the rows then reaching lower; the buyable ends marked),
the centre pool, the turn order, the deck, the bag and the bank, and every player's side of the
table: the two face-up action cards, pesos, workers, materials and VP. The screen adds what only
that player knows: the hand, the discard pile and the face-down card(s) just picked.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.havana.views import (
    BuildingView,
    Cubes,
    LastMove,
    PlayerPublic,
    PlayerView,
    PublicView,
    RowView,
)
from games.text import Msg, players

from . import draw as dr
from .captions import current, known, say, say_msg, worded
from .draw import INK, MUTED, text

# colour id: (fill, letter). W(ood) for brown so that B stays blue; G for grey rubble.
CUBE_STYLE = {
    "red": ((230, 60, 30), "R"),
    "yellow": ((245, 205, 50), "Y"),
    "brown": ((70, 40, 20), "W"),
    "blue": ((50, 110, 210), "B"),
    "rubble": ((150, 150, 150), "G"),
}
COLOURS = ("red", "yellow", "brown", "blue", "rubble")

# The action cards' numbers are printed on them (rules §4.1).
CARD_NUMBER = {
    "siesta": 0,
    "refreshment": 1,
    "protection": 2,
    "debris": 2,
    "demolition": 3,
    "tax_collector": 3,
    "workers": 4,
    "architect": 4,
    "peso_thief": 5,
    "material_thief": 6,
    "black_market": 7,
    "pesos": 8,
    "mama": 9,
}
CARDS = tuple(CARD_NUMBER)


def card_name(card: str) -> str:
    """The card's name without its printed number, which the card shows in large type."""
    name = dr.term(f"havana.card.{card}", card.replace("_", " ").title())
    return re.sub(r"\s*\(\d\)$", "", name)


def colour_name(colour: str) -> str:
    return dr.term(f"havana.colour.{colour}", colour)


def letter(colour: str) -> str:
    """The letter that tells a material apart without colour, in the picture's language."""
    key = f"pic.havana.letter.{colour}"
    return say(key) if known(key) else CUBE_STYLE[colour][1]


def _words(value) -> str:
    """An engine text (a building's name, a reason) in the picture's language."""
    return say_msg(value) if isinstance(value, Msg) else str(value)


def worker(d: ImageDraw.ImageDraw, cx: int, cy: int, h: int = 28):
    """A worker pictogram: head and shoulders in dark blue."""
    r = h * 0.22
    d.ellipse((cx - r, cy - h / 2, cx + r, cy - h / 2 + 2 * r), fill=(40, 60, 110))
    d.rounded_rectangle(
        (cx - h * 0.38, cy - h / 2 + 2 * r + 2, cx + h * 0.38, cy + h / 2),
        radius=int(h * 0.2),
        fill=(40, 60, 110),
    )


# a screen's smallest text, an action card's title among them: the floor at the screen's width
SMALL = dr.floor_size(dr.SCREEN_W)
CARD_TITLE = SMALL
# four cards a row on a screen: "Придорожный алтарь" and "Вор материалов" need a title this wide
# (less 8 px) to keep whole words or syllables on two lines at CARD_TITLE
CARD_W = 128


def action_card(
    d: ImageDraw.ImageDraw,
    x: int,
    y: int,
    card: str | None,
    w: int = 96,
    h: int = 112,
    face_down=False,
):
    """An action card: the big number, the name below; face down = dark back."""
    if face_down or card is None:
        d.rounded_rectangle(
            (x, y, x + w, y + h), radius=10, fill=(70, 60, 90), outline=INK, width=2
        )
        text(
            d,
            (x + w / 2, y + h / 2),
            "?",
            size=int(h * 0.4),
            bold=True,
            fill=(230, 230, 230),
            anchor="mm",
        )
        return
    d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=(255, 255, 255), outline=INK, width=2)
    text(
        d,
        (x + w / 2, y + h * 0.38),
        str(CARD_NUMBER.get(card, "?")),
        size=int(h * 0.42),
        bold=True,
        anchor="mm",
    )
    # the name on one or two lines between the number and the bottom edge
    top = y + h * 0.56
    dr.fit_text(
        d,
        (x + w / 2, (top + y + h - 2) / 2),
        card_name(card),
        w - 8,
        size=CARD_TITLE,
        min_size=CARD_TITLE,
        anchor="mm",
        role="card",
        lines=2,
        height=y + h - 2 - top,
    )


# --- the board ------------------------------------------------------------------------------------

# Landscape, so that Discord shows it as wide as it can: about 3:2 with four players (a little
# taller where a full row names its costliest buildings above their costs, `_row_extra`).
W = 1200

# Drawn for the phone, at the legibility floor of `render.draw` (the same as Santiago's board).
TEXT = dr.floor_size(W)  # every text
NAME = dr.floor_size(W, dr.NAME_CAP_PX)  # players' names and scores

M = 10
BANNER = (M, 6, W - M, 54)
LAST_Y = 80
COL_W = (W - 3 * M) // 2
COL_X = (M, 2 * M + COL_W)
ROWS_TOP = 104
HEAD_Y = ROWS_TOP + 22
ENTRY_Y0 = ROWS_TOP + 52
ENTRY_H, PITCH = 42, 46
ROWS_BOTTOM = ENTRY_Y0 + 5 * PITCH + ENTRY_H + 14
MID = (M, ROWS_BOTTOM + 8, W - M, ROWS_BOTTOM + 56)
PLAYERS_Y = MID[3] + 8
PW, PH = COL_W, 150
ORANGE = (200, 140, 0)
WHITE = (255, 255, 255)
DARK = (70, 60, 90)
CUBE = 38


def height(players: int, extra: int = 0) -> int:
    """The board ends below the last row of player panels (two panels per row); `extra`: how
    far the building rows reach below their six lines (see `_row_extra`)."""
    return PLAYERS_Y + extra + ((players + 1) // 2) * (PH + 8) + 2


def _label(
    d, x, y, s, room, bold=False, fill=INK, anchor="lm", role="", size=None, cut=False
) -> int:
    """`s` (or the first of several ways to say it that fits) at the floor size (or `size`)
    in `room`, whole or not at all; only with `cut` (a player's name) is a text too long
    for any room cut with an ellipsis. Returns its width (0: nothing drawn)."""
    size = size or TEXT
    options = (s,) if isinstance(s, str) else tuple(s)
    if not cut:
        options += ("",)
    shown = dr.fit_text(
        d, (x, y), options, int(room), size, bold, fill, anchor, min_size=size, role=role
    )
    return min(int(room), int(dr.length(shown, size, bold))) if shown else 0


def _disc(d, cx: int, cy: int, seat: int, r: int = 21, role: str = ""):
    """A seat marker: a disc in the seat colour with the seat number, at the floor size."""
    colour = dr.SEAT_COLOURS[seat % len(dr.SEAT_COLOURS)]
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=2)
    text(d, (cx, cy), str(seat + 1), size=TEXT, bold=True, fill=WHITE, anchor="mm", role=role)
    dr.piece("seat", seat, (cx - r, cy - r, cx + r, cy + r))


def _pill(d, x: int, cy: int, s: str, fill, ink=WHITE, role: str = "", bold=True) -> int:
    """A word on a rounded label whose left edge is `x`; returns the label's width."""
    w = int(dr.length(s, TEXT, bold)) + 14
    d.rounded_rectangle((x, cy - 19, x + w, cy + 19), radius=9, fill=fill)
    text(d, (x + 7, cy), s, size=TEXT, bold=bold, fill=ink, anchor="lm", role=role)
    return w


def _count_width(n: int | None) -> int:
    return 0 if n is None else int(dr.length(str(n), TEXT, True)) + 3


def _items(cubes: Cubes, pesos: int | None, workers: int | None, skip_zero: bool):
    """What a cost or a holding is made of: ("cube", colour, n), ("pesos", n), ("workers", n)."""
    out = []
    if pesos is not None and (pesos or not skip_zero):
        out.append(("pesos", None, pesos))
    if workers is not None and (workers or not skip_zero):
        out.append(("workers", None, workers))
    for colour in COLOURS:
        n = getattr(cubes, colour)
        if n or not skip_zero:
            out.append(("cube", colour, n))
    return out


def _symbol_width(kind: str, colour: str | None) -> int:
    """A cube is as wide as its letter needs (some languages' letters are wide)."""
    if kind != "cube":
        return CUBE
    return max(CUBE, int(dr.length(letter(colour), TEXT, True)) + 8)


def _items_width(items, gap: int = 12) -> int:
    widths = (_symbol_width(k, c) + _count_width(n) + gap for k, c, n in items)
    return sum(widths) - gap if items else 0


def _fitted(items, room: int):
    """`items` as they fit in `room` px, and the gap between them: the zeros go first, then the
    gaps close up, then a single one goes without its "1"; what still does not fit is left out
    (only a made-up language has letters that wide)."""
    some = [i for i in items if i[2] != 0]
    ones = [(k, c, None if n == 1 else n) for k, c, n in some]
    for candidate, gap in ((items, 12), (some, 12), (some, 4), (ones, 4)):
        if _items_width(candidate, gap) <= room:
            return candidate, gap
    while ones and _items_width(ones, 4) > room:
        ones = ones[:-1]
    return ones, 4


def _draw_items(d, x: int, cy: int, items, role: str = "", gap: int = 12) -> int:
    """Pictograms with counts, left to right from `x`; returns where they end."""
    for kind, colour, n in items:
        w = _symbol_width(kind, colour)
        if kind == "cube":
            fill = CUBE_STYLE[colour][0]
            d.rounded_rectangle(
                (x, cy - CUBE // 2, x + w, cy + CUBE // 2),
                radius=5,
                fill=fill,
                outline=INK,
                width=2,
            )
            _label(d, x + w / 2, cy + 1, letter(colour), w - 4, True, dr.contrast_ink(fill), "mm")
            dr.piece("material", colour, (x, cy - CUBE // 2, x + w, cy + CUBE // 2))
        elif kind == "pesos":
            r = CUBE // 2
            c = x + r
            d.ellipse((c - r, cy - r, c + r, cy + r), fill=(235, 190, 60), outline=INK, width=2)
            text(d, (c, cy + 1), "$", size=TEXT, bold=True, anchor="mm")
        else:
            worker(d, x + CUBE // 2, cy, h=CUBE)
        if n is not None:
            text(d, (x + w + 3, cy), str(n), size=TEXT, bold=True, anchor="lm", role=role)
        x += w + _count_width(n) + gap
    return x - gap


def status_words(view: PublicView, p, card_name=None) -> list[str]:
    """What a player's row says of their turn beside the pieces: protected, covering, done.
    With `card_name` (a card's words), the covered card is named: a line in words has no
    card beside it to mark, as the picture has."""
    words = []
    if p.protected:
        words.append(say("pic.havana.protected"))
    if p.covering and p.placed:
        if card_name is None or len(p.face_up) < 2:
            words.append(say("pic.havana.covered"))
        else:
            card = p.face_up[0 if p.covering == "left" else 1]
            words.append(say("pic.text.havana.covered", card=card_name(card)))
    if p.has_played and view.phase == "actions":
        words.append(say("pic.havana.done"))
    return words


def _fits_one_line(b: BuildingView, w: int) -> bool:
    """Does a building's name (or its short form) fit on one line beside its whole cost, with
    the cost as tight as it gets (no BUY word, no "1" on single pieces, narrow gaps)?"""
    cost = b.cost
    items = _items(cost.cubes, cost.pesos, cost.workers, skip_zero=True)
    items = [(k, c, None if n == 1 else n) for k, c, n in items]
    width = _items_width(items, 4)
    if cost.requires_architect:
        architect = say("pic.havana.architect_short")
        width += int(dr.length(architect, TEXT, True)) + 14 + (4 if items else 0)
    left = 6 + int(dr.length(str(b.vp), TEXT, True)) + 14 + 8
    name_w = math.ceil(min(dr.length(f, TEXT) for f in building_forms(b.name)))
    return w - 8 - left - width - 10 >= name_w


def _entry(d, x: int, y: int, w: int, b: BuildingView, buyable: bool, tall: bool = False):
    """One building of a row on one line: VP, BUY if it may be bought, name, cost. `tall`: on
    two lines, the cost under the name (for a cost that leaves its line no room for a name)."""
    cy = y + ENTRY_H // 2
    d.rounded_rectangle(
        (x, y, x + w, y + ENTRY_H + (PITCH if tall else 0)),
        radius=8,
        fill=(255, 244, 214) if buyable else WHITE,
        outline=ORANGE if buyable else dr.FRAME,
        width=4 if buyable else 2,
    )
    left = x + 6
    left += _pill(d, left, cy, str(b.vp), (40, 120, 60), role="vp") + 8
    cost = b.cost
    items = _items(cost.cubes, cost.pesos, cost.workers, skip_zero=True)
    architect = say("pic.havana.architect_short") if cost.requires_architect else ""
    buy = say("pic.havana.buy") if buyable else ""

    def cost_width(gap: int) -> int:
        width = _items_width(items, gap)
        if architect:
            width += int(dr.length(architect, TEXT, True)) + 14 + (gap if items else 0)
        return width

    # The cost always shows whole, and so does the building's name (or its catalogue short
    # form): on a long cost the gaps close up, a single cube, coin or worker goes without its
    # "1", then the BUY word gives way (the frame still marks the end that may be bought).
    forms = building_forms(b.name)
    name_w = math.ceil(min(dr.length(f, TEXT) for f in forms)) + 10

    def room(gap: int, buy_w: int) -> int:
        if tall:  # the name and BUY on the first line, the cost alone on the second
            return min(x + w - 8 - left - buy_w - name_w, x + w - 8 - left - cost_width(gap))
        return x + w - 8 - left - cost_width(gap) - buy_w - name_w

    gap = 12
    buy_w = int(dr.length(buy, TEXT, True)) + 22 if buy else 0
    if room(gap, buy_w) < 0:
        gap = 4
    if room(gap, buy_w) < 0:
        items = [(k, c, None if n == 1 else n) for k, c, n in items]
    if room(gap, buy_w) < 0:
        buy = ""
    if buy:
        left += _pill(d, left, cy, buy, ORANGE) + 8
    width = cost_width(gap)
    cost_y = cy + PITCH if tall else cy
    if not items and not architect:
        free = say("pic.havana.free")
        width = int(dr.length(free, TEXT, True))
        text(d, (x + w - 8 - width, cost_y), free, size=TEXT, bold=True, anchor="lm", role="cost")
    right = x + w - 8 - width
    if architect:
        right += _pill(d, right, cost_y, architect, (60, 60, 120), role="cost") + gap
    _draw_items(d, right, cost_y, items, role="cost", gap=gap)
    # the name whole, else the catalogue's short form for it (never its first word: "Портовая"
    # of "Портовая контора", "Oficina", another building's name)
    name_room = x + w - 8 - left - (0 if tall else width + 10)
    _label(d, left, cy, forms, name_room, role="building")


def building_forms(name) -> list[str]:
    """A building's name on its row, then the short form the catalogue gives it (a bundled
    building's `pic.havana.short.<id>`, written as a reader of the language would shorten it)."""
    full = _words(name)
    if isinstance(name, Msg) and name.key.startswith("havana.building."):
        key = "pic.havana.short." + name.key.removeprefix("havana.building.")
        if known(key):
            return list(dict.fromkeys([full, say(key)]))
    return [full]


def _row_lines(row: RowView) -> list[tuple[int, bool]]:
    """Where each building of a row lies (the top of its entry) and whether it takes two lines:
    a building whose cost leaves its line no room for its name (the Capitol's, the Palace's,
    the Cathedral's) has its name above its cost, even in a full row (the rows then reach
    lower, see `_row_extra`). Only a row longer than the game deals (a made-up table) is
    pressed into six lines instead, one building over another."""
    n = len(row.buildings)
    if n > 6:
        return [(_entry_y(k, n), False) for k in range(n)]
    out, y = [], ENTRY_Y0
    for b in row.buildings:
        tall = not _fits_one_line(b, COL_W - 16)
        out.append((y, tall))
        y += PITCH * (2 if tall else 1)
    return out


def _row_extra(view: PublicView) -> int:
    """How far below their six lines the building rows reach: a line for each building that
    takes two in a row that has no line to spare (both rows alike, side by side)."""
    lines = 6
    for row in view.rows:
        if len(row.buildings) <= 6:
            lines = max(lines, sum(2 if tall else 1 for _, tall in _row_lines(row)))
    return (lines - 6) * PITCH


def _rows(d, view: PublicView, extra: int = 0):
    labels = (say("pic.havana.top_row"), say("pic.havana.bottom_row"))
    deck = say("pic.havana.deck", n=view.deck_count)
    notes = ((" · ".join((deck, say("pic.havana.bag", n=view.bag_count))), deck), ())
    for i, row in enumerate(view.rows):
        x = COL_X[i]
        dr.panel(d, (x, ROWS_TOP, x + COL_W, ROWS_BOTTOM + extra), fill=(236, 228, 210))
        used = _label(d, x + 12, HEAD_Y, labels[i], COL_W // 2, bold=True, role="row")
        room = COL_W - 36 - used
        # the longest note that fits whole
        note = next((n for n in notes[i] if dr.length(n, TEXT) <= room), "")
        if note:
            _label(d, x + COL_W - 12, HEAD_Y, note, room, fill=MUTED, anchor="rm")
        elif not notes[i]:
            _bank(d, x + COL_W - 12, view, room)
        n = len(row.buildings)
        if n == 0:
            _label(
                d, x + 20, ENTRY_Y0 + ENTRY_H // 2, say("pic.havana.empty"), COL_W - 40, fill=MUTED
            )
            continue
        for k, (b, (at, tall)) in enumerate(zip(row.buildings, _row_lines(row), strict=True)):
            buyable = ("left" in row.buyable_ends and k == 0) or (
                "right" in row.buyable_ends and k == n - 1
            )
            _entry(d, x + 8, at, COL_W - 16, b, buyable, tall)


def _bank(d, right: int, view: PublicView, room: int):
    """The bank's pesos and workers, right-aligned at `right`: its pesos as coins, like the
    centre's (a "$" beside the number is no word of the rulebooks)."""
    items = [("pesos", None, view.bank_pesos), ("workers", None, view.bank_workers)]
    label = say("pic.havana.bank")
    width = int(dr.length(label, TEXT)) + 14 + _items_width(items)
    if width <= room:
        _label(d, right - width, HEAD_Y, label, room, fill=MUTED)
        _draw_items(d, right - _items_width(items), HEAD_Y, items)


def _entry_y(k: int, n: int) -> int:
    """Where the k-th of n buildings lies: the row's left end at the top of its column."""
    pitch = PITCH if n <= 6 else (5 * PITCH) // (n - 1)
    return ENTRY_Y0 + k * pitch


def _pool(d, view: PublicView, extra: int = 0):
    x0, y0, x1, y1 = MID[0], MID[1] + extra, MID[2], MID[3] + extra
    cy = (y0 + y1) // 2
    dr.panel(d, (x0, y0, x1, y1))
    x = x0 + 12
    x += _label(d, x, cy, say("pic.havana.centre"), 200, bold=True) + 14
    x = _draw_items(d, x, cy, _items(view.centre.cubes, view.centre.pesos, None, False)) + 30
    if view.game_over and not view.turn_order:
        return
    # the seats' numbers always show: the label before them gives way first
    room = x1 - 24 - x - 50 * len(view.turn_order)
    if room >= 2 * TEXT:
        used = _label(d, x, cy, say("pic.havana.turn_order"), room, bold=True)
        x += used + 12 if used else 0
    if not view.turn_order and x1 - 12 - x >= 2 * TEXT:
        used = _label(d, x, cy, say("pic.havana.order_later"), x1 - 12 - x, fill=MUTED)
        x += used + 12 if used else 0
    for seat in view.turn_order:
        if x + 42 > x1 - 6:
            break
        _disc(d, x + 21, cy, seat, role="order")
        x += 50
    flag = say("pic.havana.demolition_used") if view.demolition_used else ""
    if flag and dr.length(flag, TEXT) <= x1 - 22 - x:
        _label(d, x + 10, cy, flag, x1 - 22 - x, fill=MUTED)


def _chip_forms(card: str | None, face_down: bool) -> list[str]:
    """The ways a chip can name what it holds, the whole name first."""
    if face_down:
        return ["?"]
    if card is None:
        return [say("pic.havana.to_pick")]
    names = [card_name(card)]
    if known(f"pic.havana.card_short.{card}"):  # a word players know for it, never a stub
        names.append(say(f"pic.havana.card_short.{card}"))
    return names


# a chip's room beside its texts: 8 px before the number, 8 between it and the name, 6 after
CHIP_PADDING = 22


def _chip_need(card: str | None, face_down: bool, name: str) -> int:
    """How wide a chip must be to show `name` whole."""
    if face_down or card is None:
        return math.ceil(dr.length(name, TEXT, face_down)) + 24
    number = str(CARD_NUMBER.get(card, "?"))
    return int(dr.length(number, TEXT, True)) + CHIP_PADDING + math.ceil(dr.length(name, TEXT))


def _chip_layout(chips, total: int, gap: int = 8) -> list[tuple[int, list[str]]]:
    """Each chip's width and the forms it may show. Two equal halves where each name fits its
    half; else the row is shared as the names need it, so that a long name ("Steuereintreiber")
    shows whole beside a short one, and only a pair too long for the row takes a short form."""
    forms = [_chip_forms(card, down) for card, down in chips]
    needs = [
        [_chip_need(card, down, f) for f in fs]
        for (card, down), fs in zip(chips, forms, strict=True)
    ]
    room = total - gap * (len(chips) - 1)
    half = room // len(chips)

    def used(choice) -> list[int]:
        return [needs[k][i] for k, i in enumerate(choice)]

    # the fewest short forms, then the most room to spare
    fitting = [
        c for c in itertools.product(*(range(len(fs)) for fs in forms)) if sum(used(c)) <= room
    ]
    if not fitting:
        return [(half, fs[-1:]) for fs in forms]
    choice = min(fitting, key=lambda c: (sum(c), sum(used(c))))
    if all(n <= half for n in used(choice)):
        return [(half, fs[i:]) for fs, i in zip(forms, choice, strict=True)]
    slack = room - sum(used(choice))
    widths = [n + slack // len(chips) for n in used(choice)]
    widths[-1] += slack % len(chips)
    return [(w, fs[i:]) for w, fs, i in zip(widths, forms, choice, strict=True)]


def _chip(d, x: int, cy: int, w: int, card: str | None, face_down: bool, covered: bool, names):
    """A face-up action card as a label: its number and its name (the first of `names` that
    fits)."""
    box = (x, cy - 20, x + w, cy + 20)
    if face_down:
        d.rounded_rectangle(box, radius=9, fill=DARK, outline=INK, width=2)
        text(d, (x + w / 2, cy), "?", size=TEXT, bold=True, fill=WHITE, anchor="mm")
        return
    if card is None:
        d.rounded_rectangle(box, radius=9, outline=MUTED, width=2)
        _label(d, x + w / 2, cy, names, w - 12, fill=MUTED, anchor="mm")
        return
    fill, ink = (DARK, WHITE) if covered else (WHITE, INK)
    d.rounded_rectangle(box, radius=9, fill=fill, outline=INK, width=2)
    number = str(CARD_NUMBER.get(card, "?"))
    used = _label(d, x + 8, cy, number, w, bold=True, fill=ink, role="card_number")
    _label(d, x + 8 + used + 8, cy, names, w - used - CHIP_PADDING, fill=ink, role="card")


def _player(d, x: int, y: int, p: PlayerPublic, name: str, view: PublicView):
    dr.panel(d, (x, y, x + PW, y + PH))
    _disc(d, x + 30, y + 28, p.seat)
    # the score large, the goal beside it at the floor size; the goal (the same for every
    # player) gives way to a long name (a name never shrinks under its floor). A score past the
    # goal says it is reached, or where that does not fit only "VP": "33 / 25 VP" reads as a slip.
    if p.vp >= view.target_vp:
        goals = (say("pic.havana.goal_reached"), say("pic.havana.vp_unit"))
    else:
        goals = (say("pic.havana.of_goal", goal=view.target_vp),)
    vp_w = int(dr.length(str(p.vp), NAME, True))
    room = PW - 60 - 24 - vp_w - 8 - 8 - dr.length(name, NAME, True)
    goal = next((g for g in goals if dr.length(g, TEXT) <= room), "")
    goal_w = -8
    if goal:
        goal_w = _label(d, x + PW - 12, y + 30, goal, int(dr.length(goal, TEXT)) + 1, anchor="rm")
    vp_w = (
        _label(
            d,
            x + PW - 20 - goal_w,
            y + 28,
            str(p.vp),
            120,
            bold=True,
            anchor="rm",
            role="score",
            size=NAME,
            cut=True,
        )
        + 8
        + goal_w
    )
    room = PW - 60 - 24 - vp_w
    _label(d, x + 60, y + 28, name, room, bold=True, role="name", size=NAME, cut=True)
    chips = []
    for k in range(2):
        card = p.face_up[k] if k < len(p.face_up) else None
        chips.append((card, card is None and k < p.picked))
    left = x + 8
    for k, (w, names) in enumerate(_chip_layout(chips, PW - 16)):
        card, face_down = chips[k]
        covered = p.covering == ("left" if k == 0 else "right") and p.placed
        _chip(d, left, y + 78, w, card, face_down, covered, names)
        left += w + 8
    cy = y + 124
    items, gap = _fitted(_items(p.cubes, p.pesos, p.workers, skip_zero=False), PW - 24)
    end = _draw_items(d, x + 10, cy, items, role="holding", gap=gap)
    status = status_words(view, p)
    room = x + PW - 12 - (end + 20)
    if status and room > 2 * TEXT:
        _label(d, x + PW - 12, cy, ", ".join(status), room, fill=MUTED, anchor="rm")


def _round_label(view: PublicView) -> str:
    if view.round <= 0:
        return say("pic.havana.before_round")
    # the round only: the house's round limit is a safety cap, not the game's length
    return say("pic.havana.round", round=view.round)


BANNER_ROOM = BANNER[2] - BANNER[0] - 24


def caption(view: PublicView, names: Sequence[str] | None = None, move: int | None = None) -> str:
    """The board's banner: which position it shows (round, phase, "after move N"), or
    that the game is over and who won. Never who acts now: the picture stays on screen while
    later prompts, for other players, follow it."""
    all_names = dr.seat_names(view.players_count, names)
    # before the first move, "before round 1" says it all: not "after move 0"
    tail = "" if not move else " · " + say("pic.havana.after_move", n=move)
    if not view.game_over:
        label = _round_label(view)
        return worded(f"{label} · {_phase(view.phase)}{tail}", label)
    # by seat, so that the catalogue joins them as the language does ("Anna e Ben")
    winners = list(all_names)

    def line() -> str:
        if not view.winners:
            over = say("pic.game_over")
        else:
            over = say("pic.havana.winner", winners=say_msg(players(view.winners), winners))
        return worded(over + tail, over)

    # long names are shortened, the longest first, until the line fits the banner
    while dr.length(line(), TEXT) > BANNER_ROOM and any(len(winners[s]) > 2 for s in view.winners):
        k = max(view.winners, key=lambda s: len(winners[s]))
        winners[k] = winners[k].rstrip("…")[:-1].rstrip() + "…"
    return line()


def board(
    view: PublicView, names: Sequence[str] | None = None, move: int | None = None
) -> Image.Image:
    all_names = dr.seat_names(view.players_count, names)
    extra = _row_extra(view)
    im, d = dr.new_canvas(W, height(view.players_count, extra))
    dr.panel(d, BANNER)
    line = caption(view, all_names, move)
    # the line a player looks for first stands out: as large as the names where it fits
    size = next((s for s in (NAME, TEXT) if dr.length(line, s, True) <= BANNER_ROOM), TEXT)
    bold = dr.length(line, size, True) <= BANNER_ROOM
    middle = (BANNER[1] + BANNER[3]) // 2
    _label(d, BANNER[0] + 12, middle, line, BANNER_ROOM, bold, role="turn", size=size, cut=True)
    _rows(d, view, extra)
    if view.last_move is not None:
        _last_move(d, view, view.last_move, all_names, extra)
    _pool(d, view, extra)
    for k, p in enumerate(view.players):
        x = COL_X[k % 2]
        y = PLAYERS_Y + extra + (k // 2) * (PH + 8)
        _player(d, x, y, p, all_names[p.seat], view)
    return im


def _phase(phase: str) -> str:
    key = f"pic.havana.phase.{phase}"
    return say(key) if known(key) else phase


def _game_over_lines(view: PublicView, names: list[str]) -> tuple[str, str]:
    """Who won (or that the game is over), and why it ended ("" if the view does not say)."""
    won = say_msg(players(view.winners), names) if view.winners else ""
    head = say("pic.havana.winner", winners=won) if won else say("pic.game_over")
    return head, _words(view.end_reason) if view.end_reason is not None else ""


# --- the last move -------------------------------------------------------------------------------

ROW_NAMES = ("top", "bottom")


def _last_move(
    d: ImageDraw.ImageDraw, view: PublicView, move: LastMove, names: list[str], extra: int = 0
):
    """Where the last move happened, in the colour of the player who made it: the rows whose
    cards changed are framed, the end a building was bought or demolished from is marked with a
    bar, and a caption says who did what."""
    colour = dr.SEAT_COLOURS[move.seat % len(dr.SEAT_COLOURS)]
    rows = list(move.rows_changed)
    if move.row is not None and move.row not in rows:
        rows.append(move.row)
    for row in rows:
        if row not in ROW_NAMES:
            continue
        x = COL_X[ROW_NAMES.index(row)]
        d.rounded_rectangle(
            (x - 3, ROWS_TOP - 3, x + COL_W + 3, ROWS_BOTTOM + extra + 3),
            radius=13,
            outline=colour,
            width=6,
        )
    if move.row in ROW_NAMES and move.end in ("left", "right"):
        i = ROW_NAMES.index(move.row)
        x = COL_X[i]
        lines = _row_lines(view.rows[i])
        if move.end == "left" or not lines:
            y = ENTRY_Y0 - 12
        else:  # below the last building, two lines down if it takes two
            top, tall = lines[-1]
            y = top + ENTRY_H + (PITCH if tall else 0) + 3
        d.rounded_rectangle((x + 8, y, x + COL_W - 8, y + 8), radius=4, fill=colour, outline=INK)
    width = W - 60 - M
    captions = dr.last_captions(names[move.seat], last_move_wordings(move, names))
    _disc(d, 32, LAST_Y, move.seat, r=20)
    dr.fit_text(d, (60, LAST_Y), captions, width, TEXT, anchor="lm", min_size=TEXT, role="last")


def last_move_words(move: LastMove, names: list[str]) -> str:
    """What the last decision did, in a few words, from public facts only (a secret card choice
    is only said to have happened)."""
    return last_move_wordings(move, names)[0]


def last_move_wordings(move: LastMove, names: list[str]) -> list[str]:
    """What the last decision did (see `last_move_words`), then shorter ways to say it, for a
    caption that must say less to fit: without which end of which row."""
    # the building as a term, whose gender the caption may choose its article by ("la Banca")
    building = move.building.name if move.building is not None else None
    where = None
    if move.row and move.end:
        row = dr.term(f"havana.row.{move.row}", move.row)
        end = dr.term(f"havana.end_name.{move.end}", move.end)
        where = say("pic.havana.where", row=row, end=end)
    victim = names[move.victim] if move.victim is not None and move.victim < len(names) else None
    kind = move.kind
    if kind == "pick":
        return [say("pic.havana.chose_secret")]
    if kind == "place":
        return [say("pic.havana.placed_secret")]
    if kind == "refresh":
        return [
            say("pic.havana.took_back" if move.action == "refresh" else "pic.havana.took_back_none")
        ]
    if kind == "cover" and move.card:
        return [say("pic.havana.covered_card", card=card_name(move.card))]
    if kind == "first" and move.card:
        return [say("pic.havana.first", card=card_name(move.card))]
    if kind in ("buy", "pay") and building:
        key, at = (
            ("pic.havana.bought", "pic.havana.bought_at")
            if move.bought
            else ("pic.havana.paying", "pic.havana.paying_at")
        )
        if where:
            return [say(at, building=building, where=where), say(key, building=building)]
        return [say(key, building=building)]
    if kind == "demolish" and building:
        short = say("pic.havana.demolished", building=building)
        if where:
            return [say("pic.havana.demolished_at", building=building, where=where), short]
        return [short]
    if kind == "tax" and victim:
        return [say("pic.havana.taxed", victim=victim)]
    if kind == "target" and victim:
        return [say("pic.havana.chose_victim", victim=victim)]
    if kind == "steal" and victim:
        return [say("pic.havana.stole", victim=victim)]
    if kind == "mama":
        return [say("pic.havana.mama")]
    if move.action in ("end", "skip"):
        return [say("pic.havana.ended_turn" if move.action == "end" else "pic.havana.skipped")]
    return [move.action.replace(":", " ")]


def screen(view: PlayerView, names: Sequence[str] | None = None) -> Image.Image:
    """The hand, the discard pile and the secret picks of one player, in a small picture
    (`dr.SCREEN_W` wide) that a phone shows whole."""
    pub = view.public
    all_names = dr.seat_names(pub.players_count, names)
    p = pub.players[view.seat]

    def by_number(cards):
        return sorted(cards, key=lambda c: (CARD_NUMBER.get(c, 99), c))

    sections = [
        (say("pic.havana.face_up"), tuple(p.face_up)),
        (say("pic.havana.hand"), by_number(view.hand)),
        (say("pic.havana.face_down"), tuple(view.secret_picks)),
        (say("pic.havana.discard"), by_number(view.discard)),
    ]
    per_row, card_w, card_h, pitch = 4, CARD_W, 124, CARD_W + 8
    # an empty pile takes one line ("none"), not a row of cards
    heights = [
        50 + (-(-len(cards) // per_row) * (card_h + 10) if cards else 34) for _, cards in sections
    ]
    # A screen is sent by DM and not redrawn as turns go by: it names no decider (that would
    # go stale), only the end of the game.
    over = _game_over_lines(pub, all_names) if pub.game_over else None
    top = 104
    bottom = top + sum(heights) + 12 * len(sections) + (_ending_height(*over) if over else 0)
    im, d = dr.new_canvas(dr.SCREEN_W, bottom)
    dr.pawn(d, 32, 38, view.seat, h=48)
    title = say("pic.your_cards", name=all_names[view.seat])
    dr.fit_text(d, (64, 38), title, 520, size=26, bold=True, anchor="lm", min_size=SMALL)
    figures = say("pic.havana.screen_figures", vp=p.vp, pesos=p.pesos, n=p.workers)
    dr.fit_text(d, (24, 82), figures, 552, size=20, anchor="lm", min_size=SMALL)
    y = top
    for (title, cards), h in zip(sections, heights, strict=True):
        dr.panel(d, (16, y, 584, y + h))
        pile = say("pic.havana.pile", title=title, n=len(cards))
        dr.fit_text(d, (30, y + 22), pile, 540, size=20, bold=True, anchor="lm", min_size=SMALL)
        if not cards:
            none = say("pic.no_cards")
            dr.fit_text(
                d, (30, y + 58), none, 540, size=SMALL, fill=MUTED, anchor="lm", min_size=SMALL
            )
        for k, card in enumerate(cards):
            x = 30 + (k % per_row) * pitch
            action_card(d, x, y + 42 + (k // per_row) * (card_h + 10), card, w=card_w, h=card_h)
        y += h + 12
    if over:
        _ending(d, y + 6, *over)
    return im


ENDING_W = 552
ENDING_LINE = dr.line_height(20, True)


def _lines(text: str, bold: bool) -> int:
    """How many lines (one or two) `text` takes at the end of a screen."""
    found = dr.wrap(text, 20, ENDING_W, bold, SMALL, 2 * ENDING_LINE + 4, current())
    return len(found[0]) if found else 2


def _ending_height(head: str, why: str) -> int:
    return 6 + (_lines(head, True) + (_lines(why, False) if why else 0)) * ENDING_LINE + 16


def _ending(d: ImageDraw.ImageDraw, y: int, head: str, why: str) -> None:
    """Who won in bold, and below it why the game ended: each on up to two lines."""
    room = 2 * ENDING_LINE + 4
    kw = {"size": 20, "lines": 2, "height": room, "min_size": SMALL}
    dr.fit_text(d, (24, y), head, ENDING_W, bold=True, **kw)
    if why:
        dr.fit_text(d, (24, y + _lines(head, True) * ENDING_LINE + 4), why, ENDING_W, **kw)
