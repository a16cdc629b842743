"""Santiago de Cuba pictures: the public board and one player's screen.

The board shows what lies on the real table: the circular road with the harbour and the nine
citizens (turned-over ones dark), the car, the twelve buildings grouped by flower colour with
property markers and pawns, the ship with its demand dice and the left-out die, the price marker,
the ship track and each player's public facts. Everything is drawn from the view alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from games.santiago.views import Die, LastMove, PlayerView, PublicView
from games.text import Msg

from . import draw as dr
from .captions import current, known, say, worded
from .draw import INK, MUTED, PANEL, font, text

GOOD_STYLE = {
    # good id: (fill colour, letters); letters keep goods apart without colour.
    "sugar_cane": ((250, 250, 250), "Su"),
    "citrus": ((245, 150, 30), "Ci"),
    "tobacco": ((20, 150, 105), "To"),
    "rum": ((225, 60, 20), "Ru"),
    "cigar": ((45, 35, 35), "Cg"),
    "wood": ((90, 50, 10), "Wd"),
}
GOODS = ("sugar_cane", "citrus", "tobacco", "rum", "cigar", "wood")

FLOWER_STYLE = {
    "yellow": ((245, 200, 40), "Y"),
    "blue": ((60, 115, 210), "B"),
    "red": ((215, 55, 55), "R"),
    "white": ((255, 255, 255), "W"),
}
FLOWERS = ("yellow", "blue", "red", "white")
# The board is landscape, 3:2 with four players, because Discord shows a picture in a box about
# 320 px wide on a phone whatever its shape: a tall board came out narrower. Every text is at
# least the floor of `draw` there (MIN px here, a capital 7 px high on a phone), names and scores
# NAME px (8 px); what does not fit at that size is on a player's screen or in the turn message
# (citizens' jobs, the legend, the goods in supply).
W = 1200
MIN = dr.floor_size(W)
NAME = dr.floor_size(W, dr.NAME_CAP_PX)
M = 16  # margin

BANNER_Y = 29
LAST_Y = 77
# The road is a loop around the middle: stops 0-4 left to right along the top, 5-9 right to left
# along the bottom. The car drives on the band between a row of stops and the middle.
TILE_W, TILE_H = 229, 54
TILE_STEP = TILE_W + 6
TOP_TILES_Y = 104
TOP_BAND = 178
BOTTOM_BAND = 482
BOTTOM_TILES_Y = 504
ROAD_X = (6, W - 6)
MIDDLE_Y = 198
# the ship panel, left in the middle
SHIP_X0, SHIP_X1 = 20, 380
DICE_Y = MIDDLE_Y + 8
DIE_S, DIE_STEP = 66, 70
PRICE_Y = MIDDLE_Y + 109
PRICE_X0 = 156
PRICE_STEP = 56
TRACK_Y = MIDDLE_Y + 165
TRACK_X0 = 48
TRACK_STEP = 48
TRACK_R = 21
SHIP_LINE_Y = MIDDLE_Y + 222
# the buildings, right in the middle: two columns of six rows, grouped by flower colour
BUILD_X0 = 396
COLUMN_W = (W - 20 - BUILD_X0 - 12) // 2
ROW_H_B, ROW_STEP_B = 42, 44
CHIP = 36
# the players, one row each, below the road
PLAYERS_Y = 570
ROW_H = 56


def good_name(good: str) -> str:
    return dr.term(f"santiago.good.{good}")


def citizen_name(citizen: str) -> str:
    return dr.term(f"santiago.citizen.{citizen}", citizen.replace("_", " ").title())


def building_name(building: str) -> str:
    return dr.term(f"santiago.building.{building}", building.replace("_", " ").title())


def good_term(good: str) -> Msg | str:
    """A good as a caption's term, whose gender a sentence may choose its article by ("il dado
    della canna da zucchero"), or its readable id if the catalogue does not know it."""
    key = f"santiago.good.{good}"
    return Msg(key) if known(key) else good_name(good)


def building_term(building: str) -> Msg | str:
    """A building as a caption's term: its catalogue entry, whose gender a sentence may choose
    its article by ("la Banca"), or, for an id the catalogue does not know, its readable form."""
    key = f"santiago.building.{building}"
    return Msg(key) if known(key) else building_name(building)


def colour_name(colour: str) -> str:
    return dr.term(f"santiago.colour.{colour}", colour)


def letters(thing: str, fallback: str = "?") -> str:
    """The letters that tell a good or a flower apart without colour, in the picture's language."""
    key = f"pic.santiago.letter.{thing}"
    return say(key) if known(key) else fallback


def die(
    d: ImageDraw.ImageDraw,
    x: int,
    y: int,
    face: Die,
    s: int = 66,
    left_out=False,
    value_size: int | None = None,
    good_size: int | None = None,
    role: str = "dice",
):
    """A die: its value above the letters of its good, on the good's colour."""
    fill, short = GOOD_STYLE.get(face.good, ((200, 200, 200), "?"))
    short = letters(face.good, short)
    ink = dr.contrast_ink(fill)
    d.rounded_rectangle((x, y, x + s, y + s), radius=10, fill=fill, outline=INK, width=3)
    value_size = value_size or int(s * 0.5)
    good_size = good_size or int(s * 0.26)
    text(
        d,
        (x + s / 2, y + s * 0.28),
        str(face.value),
        size=value_size,
        bold=True,
        fill=ink,
        anchor="mm",
        role=role,
    )
    text(
        d,
        (x + s / 2, y + s * 0.745),
        short,
        size=good_size,
        bold=True,
        fill=ink,
        anchor="mm",
        role=role,
    )
    dr.piece("good", face.good, (x, y, x + s, y + s))
    if left_out:
        d.line((x + 4, y + 4, x + s - 4, y + s - 4), fill=dr.ALERT, width=4)


def car(d: ImageDraw.ImageDraw, cx: int, cy: int):
    """The car: a black body with yellow windows and two wheels."""
    d.rounded_rectangle((cx - 30, cy - 10, cx + 30, cy + 10), radius=6, fill=INK)
    d.polygon(
        [(cx - 18, cy - 10), (cx - 10, cy - 22), (cx + 12, cy - 22), (cx + 20, cy - 10)], fill=INK
    )
    d.rectangle((cx - 10, cy - 18, cx - 1, cy - 11), fill=dr.HIGHLIGHT)
    d.rectangle((cx + 3, cy - 18, cx + 12, cy - 11), fill=dr.HIGHLIGHT)
    for wx in (cx - 17, cx + 17):
        d.ellipse((wx - 8, cy + 3, wx + 8, cy + 19), fill=(90, 90, 90), outline=INK, width=2)


def checkered(d: ImageDraw.ImageDraw, x: int, y: int, s: int):
    n = 4
    c = s / n
    for i in range(n):
        for j in range(n):
            fill = INK if (i + j) % 2 == 0 else (255, 255, 255)
            d.rectangle((x + i * c, y + j * c, x + (i + 1) * c, y + (j + 1) * c), fill=fill)
    d.rectangle((x, y, x + s, y + s), outline=INK, width=2)


def height(players: int, open_holdings: bool = False) -> int:
    """The board ends just below the players' rows: 3:2 with four players, wider with fewer."""
    return PLAYERS_Y + (GOODS_HEAD if open_holdings else 0) + ROW_H * players + 10


def stop_centre(index: int) -> tuple[int, int]:
    """The middle of a stop's tile: stop 0 (harbour) top left, then clockwise."""
    if index < 5:
        return M + index * TILE_STEP + TILE_W // 2, TOP_TILES_Y + TILE_H // 2
    return M + (9 - index) * TILE_STEP + TILE_W // 2, BOTTOM_TILES_Y + TILE_H // 2


def _anchor(index: int) -> tuple[int, int]:
    """Where a stop meets the road band (the car stands there)."""
    x, _y = stop_centre(index)
    return x, TOP_BAND if index < 5 else BOTTOM_BAND


def _step_points(index: int) -> list[tuple[float, float]]:
    """The road from stop `index` to the next one clockwise, round the corners of the loop."""
    a, b = _anchor(index % 10), _anchor((index + 1) % 10)
    if index % 10 == 4:
        return [a, (ROAD_X[1], TOP_BAND), (ROAD_X[1], BOTTOM_BAND), b]
    if index % 10 == 9:
        return [a, (ROAD_X[0], BOTTOM_BAND), (ROAD_X[0], TOP_BAND), b]
    return [a, b]


def _road_point(t: float) -> tuple[float, float]:
    """A point on the road band at `t` stops clockwise from the harbour (fractions allowed)."""
    whole = math.floor(t)
    return _along(_step_points(whole), t - whole)[0]


def _along(points: list[tuple[float, float]], share: float):
    """The point `share` of the way along a polyline, and the unit direction there."""
    lengths = [math.dist(p, q) for p, q in zip(points, points[1:], strict=False)]
    goal = share * sum(lengths)
    for (p, q), n in zip(zip(points, points[1:], strict=False), lengths, strict=True):
        if goal <= n and n > 0:
            t = goal / n
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t), (
                (q[0] - p[0]) / n,
                (q[1] - p[1]) / n,
            )
        goal -= n
    p, q = points[-2], points[-1]
    n = math.dist(p, q) or 1
    return q, ((q[0] - p[0]) / n, (q[1] - p[1]) / n)


def chip_width(colour: str | None = None) -> int:
    """A colour chip's width in the picture's language: a square, or wider where the language
    gives a colour two letters; for one `colour`, or the widest of all (to align rows)."""
    colours = FLOWERS if colour is None else (colour,)
    widest = max(dr.length(letters(c, FLOWER_STYLE[c][1]), MIN, True) for c in colours)
    return max(CHIP, math.ceil(widest) + 6)


def chip(d: ImageDraw.ImageDraw, x: int, y: int, colour: str | None, w: int = CHIP):
    """A flower colour: a box `w` wide in the colour with its letters (Y/B/R/W) in the
    picture's language, so the colour is never the only sign."""
    if colour is None:
        return
    fill, letter = FLOWER_STYLE.get(colour, ((200, 200, 200), "?"))
    d.rounded_rectangle((x, y, x + w, y + CHIP), radius=6, fill=fill, outline=INK, width=2)
    text(
        d,
        (x + w / 2, y + CHIP / 2 + 1),
        letters(colour, letter),
        size=MIN,
        bold=True,
        fill=dr.contrast_ink(fill),
        anchor="mm",
        role="colour",
    )
    dr.piece("flower", colour, (x, y, x + w, y + CHIP))


def badge(d: ImageDraw.ImageDraw, cx: int, cy: int, seat: int, r: int = 20, pawn=False):
    """A seat's marker with its number: a disc (property marker) or a pointed one (pawn)."""
    colour = dr.SEAT_COLOURS[seat % len(dr.SEAT_COLOURS)]
    if pawn:
        d.polygon(
            [
                (cx, cy - r - 6),
                (cx + r, cy - r + 8),
                (cx + r, cy + r),
                (cx - r, cy + r),
                (cx - r, cy - r + 8),
            ],
            fill=colour,
            outline=INK,
            width=2,
        )
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=2)
    text(
        d,
        (cx, cy + (3 if pawn else 0)),
        str(seat + 1),
        size=MIN,
        bold=True,
        fill=(255, 255, 255),
        anchor="mm",
        role="seat",
    )
    dr.piece("seat", seat, (cx - r, cy - r - (6 if pawn else 0), cx + r, cy + r))


# --- static layer --------------------------------------------------------------------------------


def _base(h: int) -> tuple[Image.Image, tuple[dr.Drawn, ...]]:
    return _base_in(h, current(), dr.scale())


@lru_cache(maxsize=16)
def _base_in(h: int, _lang: str, _scale: float) -> tuple[Image.Image, tuple[dr.Drawn, ...]]:
    """Everything that never changes (background, road, frames, price and ship tracks), with
    the texts drawn on it."""
    with dr.recording() as drawn:
        im = _draw_base(h)
    return im, tuple(drawn)


def _draw_base(h: int) -> Image.Image:
    im, d = dr.new_canvas(W, h)
    # the road: a loop with white arrows showing the clockwise direction of the car
    road = (150, 140, 125)
    d.rounded_rectangle((ROAD_X[0], TOP_BAND, ROAD_X[1], BOTTOM_BAND), 18, outline=road, width=12)
    for i in range(10):
        (px, py), (tx, ty) = _along(_step_points(i), 0.5)
        nx, ny = -ty, tx
        d.polygon(
            [
                (px + tx * 9, py + ty * 9),
                (px - tx * 6 + nx * 7, py - ty * 6 + ny * 7),
                (px - tx * 6 - nx * 7, py - ty * 6 - ny * 7),
            ],
            fill=(255, 255, 255),
        )
    # the ship panel
    dr.panel(
        d,
        (SHIP_X0, MIDDLE_Y, SHIP_X1, MIDDLE_Y + 262),
        fill=(214, 232, 244),
        outline=(70, 110, 150),
    )
    price = say("pic.santiago.price_short")
    dr.fit_text(
        d,
        (SHIP_X0 + 10, PRICE_Y),
        price,
        PRICE_X0 - SHIP_X0 - 18,
        size=MIN,
        anchor="lm",
        min_size=MIN,
    )
    for i, label in enumerate(("2", "3", "4")):
        x = PRICE_X0 + i * PRICE_STEP
        d.rectangle(
            (x, PRICE_Y - 23, x + 46, PRICE_Y + 23), fill=(255, 255, 255), outline=INK, width=2
        )
        text(d, (x + 23, PRICE_Y), label, size=MIN, bold=True, anchor="mm", role="price")
    checkered(d, PRICE_X0 + 3 * PRICE_STEP, PRICE_Y - 23, 46)
    for i in range(7):
        x = TRACK_X0 + i * TRACK_STEP
        r = TRACK_R - 2
        d.ellipse(
            (x - r, TRACK_Y - r, x + r, TRACK_Y + r), fill=(255, 255, 255), outline=INK, width=2
        )
    # the players' rows
    dr.panel(d, (M, PLAYERS_Y - 6, W - M, h - 6), radius=10)
    return im


# --- the position --------------------------------------------------------------------------------


def caption(view: PublicView, names: Sequence[str] | None = None, move: int | None = None) -> str:
    """The line on top of the board: the position it shows (after which move, what the game
    is doing there), never who acts now, since the picture stays on screen while later prompts
    follow it. The bot gives the same words as the picture's alt text."""
    if view.game_over:
        if move is None:
            return say("pic.game_over")
        return say("pic.santiago.over_after", move=move)
    phase = dr.term(view.pending[0].kind) if view.pending else ""
    if move is None:
        return worded(_capital(phase), phase)
    if not phase:
        return say("pic.santiago.after_move", move=move)
    if move == 0:
        return say("pic.santiago.start_phase", phase=phase)
    return say("pic.santiago.after_move_phase", move=move, phase=phase)


def _decision_line(view: PublicView, names: list[str]) -> str:
    """The end of the game, for a screen (a screen names no decider: it would go stale)."""
    return say("pic.game_over") if view.game_over else ""


# --- dynamic parts -------------------------------------------------------------------------------


def _tile_box(index: int, grow: int = 0) -> tuple[int, int, int, int]:
    cx, cy = stop_centre(index)
    return (
        cx - TILE_W // 2 - grow,
        cy - TILE_H // 2 - grow,
        cx + TILE_W // 2 + grow,
        cy + TILE_H // 2 + grow,
    )


def _stops(d: ImageDraw.ImageDraw, view: PublicView):
    for stop in view.road:
        cx, cy = stop_centre(stop.index)
        box = _tile_box(stop.index)
        has_car = stop.index == view.car
        outline = dr.ALERT if has_car else dr.FRAME
        width = 5 if has_car else 2
        if stop.citizen is None:
            d.rounded_rectangle(box, radius=10, fill=(255, 236, 160), outline=outline, width=width)
            _star(d, box[0] + 26, cy, 15)
            harbour = say("pic.santiago.harbour")
            dr.fit_text(
                d,
                (box[0] + 48, cy),
                harbour,
                TILE_W - 56,
                size=MIN,
                bold=True,
                anchor="lm",
                min_size=MIN,
                role="citizen",
            )
            continue
        name, _role = _split_role(citizen_name(stop.citizen))
        if stop.active:
            d.rounded_rectangle(box, radius=10, fill=PANEL, outline=outline, width=width)
            ink = INK
        else:
            d.rounded_rectangle(box, radius=10, fill=(70, 70, 78), outline=outline, width=width)
            ink = (225, 225, 225)
        x = box[0] + 6
        if stop.colour is not None and stop.active:
            # each tile's own chip: the name needs every pixel of the tile
            chip_w = chip_width(stop.colour)
            chip(d, x, cy - CHIP // 2, stop.colour, chip_w)
            x += chip_w + 6
        dr.fit_text(
            d,
            (x, cy),
            name,
            box[2] - 4 - x,
            size=MIN,
            fill=ink,
            anchor="lm",
            min_size=MIN,
            role="citizen",
        )
    ax, ay = _anchor(view.car)
    car(d, ax, ay)


def _split_role(name: str) -> tuple[str, str]:
    """ "Pablo (fence)" -> ("Pablo", "fence"): the name on the first line, the role below."""
    if name.endswith(")") and " (" in name:
        head, role = name[:-1].split(" (", 1)
        return head, role
    return name, ""


def _star(d, cx, cy, r):
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=(240, 190, 20), outline=INK)


def _ship(d: ImageDraw.ImageDraw, view: PublicView):
    slot = [SHIP_X0 + 8 + i * DIE_STEP for i in range(5)]
    if view.rolled is not None:
        # the roller is choosing which of the five dice to leave out: show them all
        for i, face in enumerate(view.rolled):
            die(d, slot[i], DICE_Y, face, s=DIE_S, value_size=MIN, good_size=MIN)
    elif view.demand is None:
        # after the end the last ship has sailed: "no demand yet" would promise another
        if not view.game_over:
            dr.fit_text(
                d,
                ((SHIP_X0 + SHIP_X1) / 2, DICE_Y + DIE_S / 2),
                say("pic.santiago.no_demand"),
                SHIP_X1 - SHIP_X0 - 16,
                size=MIN,
                anchor="mm",
                min_size=MIN,
                role="dice",
            )
    else:
        for i, face in enumerate(view.demand):
            die(d, slot[i], DICE_Y, face, s=DIE_S, value_size=MIN, good_size=MIN)
    if view.set_aside is not None and view.rolled is None:
        # the fifth die, crossed out: it makes no demand
        die(
            d,
            slot[4],
            DICE_Y,
            view.set_aside,
            s=DIE_S,
            left_out=True,
            value_size=MIN,
            good_size=MIN,
            role="left_out",
        )
    i = min(max(view.price, 2), 5) - 2
    x = PRICE_X0 + i * PRICE_STEP
    d.rounded_rectangle(
        (x - 6, PRICE_Y - 29, x + 52, PRICE_Y + 29), radius=8, outline=(0, 60, 200), width=5
    )
    r = TRACK_R
    white = (255, 255, 255)
    for n in range(1, 8):
        x = TRACK_X0 + (n - 1) * TRACK_STEP
        if n == view.ship and not view.game_over:
            d.ellipse(
                (x - r, TRACK_Y - r, x + r, TRACK_Y + r), fill=(0, 60, 200), outline=INK, width=2
            )
            label, ink = str(n), white
        elif n <= view.ships_departed:
            d.ellipse(
                (x - r + 2, TRACK_Y - r + 2, x + r - 2, TRACK_Y + r - 2),
                fill=(170, 170, 170),
                outline=INK,
                width=2,
            )
            label, ink = "✓", INK
        else:
            label, ink = str(n), INK
        text(d, (x, TRACK_Y), label, size=MIN, bold=True, fill=ink, anchor="mm", role="ships")
    dr.fit_text(
        d,
        ((SHIP_X0 + SHIP_X1) / 2, SHIP_LINE_Y),
        say("pic.santiago.ship_short", ship=view.ship),
        SHIP_X1 - SHIP_X0 - 16,
        size=MIN,
        bold=True,
        anchor="mm",
        min_size=MIN,
        role="ships",
    )


def _building_boxes(view: PublicView) -> dict[int, tuple[int, int, int, int]]:
    """Where each building's row lies, by space index (grouped by flower colour)."""
    boxes = {}
    row = 0
    for _colour, spaces in _groups(view):
        for space in spaces[:3]:
            x = BUILD_X0 + (row // 6) * (COLUMN_W + 12)
            y = MIDDLE_Y + (row % 6) * ROW_STEP_B
            boxes[space.index] = (x, y, x + COLUMN_W, y + ROW_H_B)
            row += 1
    return boxes


def _groups(view: PublicView) -> list[tuple[str, list]]:
    groups: dict[str, list] = {}
    for space in view.buildings:
        groups.setdefault(space.colour, []).append(space)
    order = [c for c in FLOWERS if c in groups] + [c for c in groups if c not in FLOWERS]
    return [(c, groups[c]) for c in order]


def _buildings(d: ImageDraw.ImageDraw, view: PublicView):
    boxes = _building_boxes(view)
    chip_w = chip_width()
    # a name too long for its row at the floor shows its short form: a word players know for
    # it, from the catalogue, which fits beside both markers (never its first words: "Сигарная")
    for space in view.buildings:
        if space.index not in boxes:
            continue
        x0, y0, x1, y1 = boxes[space.index]
        cy = (y0 + y1) // 2
        d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=(255, 255, 255), outline=INK, width=2)
        chip(d, x0 + 4, cy - CHIP // 2, space.colour, chip_w)
        right = x1 - 4
        if space.pawn is not None:
            badge(d, right - 18, cy, space.pawn, r=18, pawn=True)
            right -= 42
        if space.owner is not None:
            badge(d, right - 19, cy, space.owner, r=19)
            right -= 44
        # every pixel counts: "Сигарная фабрика" needs 326 px of the 327 a row leaves it
        left = x0 + chip_w + 8
        full = building_name(space.building)
        key = f"pic.santiago.short.{space.building}"
        short = say(key) if known(key) else full  # a building with no short form needs none
        forms = list(dict.fromkeys([full, short]))
        dr.fit_text(
            d,
            (left, cy),
            forms,
            right - left,
            size=MIN,
            anchor="lm",
            min_size=MIN,
            role="building",
        )


GOODS_HEAD = 40  # the goods' letters over their columns, at an all-public table


def _players_top(open_holdings: bool) -> int:
    return PLAYERS_Y + (GOODS_HEAD if open_holdings else 0)


def _status(view: PublicView, seat: int) -> str:
    sub = []
    if seat == view.start_seat:
        sub.append(say("pic.santiago.start_player"))
    if view.seats[seat].passed:
        sub.append(say("pic.santiago.passed"))
    return ", ".join(sub)


def _status_forms(view: PublicView, seat: int) -> list[str]:
    """A seat's status, then shorter: whether it passed alone, then nothing."""
    out = [_status(view, seat)]
    if view.seats[seat].passed:
        out.append(say("pic.santiago.passed"))
    return [*out, ""]


def _widest(texts, size: int, bold: bool = False) -> int:
    return math.ceil(max((dr.length(t, size, bold) for t in texts), default=0))


COIN = 30  # a peso coin's diameter beside its count


def _coin(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """A peso coin, its left edge at `x`, marked as the Havana board marks its coins."""
    r = COIN // 2
    d.ellipse((x, cy - r, x + COIN, cy + r), fill=(235, 190, 60), outline=INK, width=2)
    text(d, (x + r, cy + 1), "$", size=MIN, bold=True, anchor="mm")


def _players(d: ImageDraw.ImageDraw, view: PublicView, names: list[str]):
    open_h = view.open_holdings
    statuses = [_status(view, s.seat) for s in view.seats]
    name_x = M + 60
    if open_h is None:
        name_room = 460
        status_room = W - M - 12 - (name_x + name_room + 16 + 78 + 16)
    else:
        # From the right, each column as wide as its widest text here: the goods under their
        # letters, pesos, VP, the status words; the name gets the rest.
        heads = [letters(g, GOOD_STYLE[g][1]) for g in GOODS]
        counts = [str(n) for h in open_h for _g, n in h.goods]
        column = max(_widest(heads, MIN), _widest(counts, MIN, True)) + 6
        goods_x = W - M - 6 - len(GOODS) * column
        vps = [say("pic.vp", vp=h.vp) for h in open_h]
        # pesos as a coin and its count: the column has no room for the word, and the
        # rulebooks write no "$" beside a number
        pesos = [str(h.pesos) for h in open_h]
        vp_room = _widest(vps, NAME, True) + 4
        pesos_room = COIN + 6 + _widest(pesos, NAME, True) + 4
        status_room = _widest(statuses, MIN) + 4
        vp_x = goods_x - 12 - pesos_room - 16 - vp_room
        name_room = vp_x - 12 - status_room - 16 - 78 - 16 - name_x
        # the names come first: the status words give way to them (each says less, see below)
        widest = _widest(names[: len(view.seats)], NAME, True) + 4
        if name_room < widest:
            status_room = max(0, status_room - (widest - name_room))
            name_room = vp_x - 12 - status_room - 16 - 78 - 16 - name_x
        for i, head in enumerate(heads):
            text(
                d,
                (goods_x + (i + 0.5) * column, PLAYERS_Y + GOODS_HEAD // 2),
                head,
                size=MIN,
                fill=MUTED,
                anchor="mm",
                role="goods",
            )
    top = _players_top(open_h is not None)
    for seat_info in view.seats:
        seat = seat_info.seat
        cy = top + seat * ROW_H + ROW_H // 2 - 3
        badge(d, M + 30, cy, seat, r=21)
        dr.fit_text(
            d,
            (name_x, cy),
            names[seat],
            name_room,
            size=NAME,
            bold=True,
            anchor="lm",
            min_size=NAME,
            role="name",
        )
        x = name_x + name_room + 16
        # property markers: filled discs in hand, empty rings for those placed
        colour = dr.SEAT_COLOURS[seat % len(dr.SEAT_COLOURS)]
        for k in range(3):
            mx = x + 10 + k * 26
            ring = (mx - 10, cy - 10, mx + 10, cy + 10)
            if k < seat_info.markers_left:
                d.ellipse(ring, fill=colour, outline=INK, width=2)
            else:
                d.ellipse(ring, outline=MUTED, width=2)
        x += 78 + 16
        if statuses[seat] and status_room > 0:
            dr.fit_text(
                d,
                (x, cy),
                _status_forms(view, seat),
                status_room,
                size=MIN,
                fill=MUTED,
                anchor="lm",
                min_size=MIN,
                role="order",
            )
        if open_h is None or seat >= len(open_h):
            continue
        # at an all-public table: VP and pesos as scores, then each good's count
        holdings = open_h[seat]
        coin_x = vp_x + vp_room + 16
        _coin(d, coin_x, cy)
        for at, words, room in (
            (vp_x, vps[seat], vp_room),
            (coin_x + COIN + 6, pesos[seat], pesos_room - COIN - 6),
        ):
            dr.fit_text(
                d,
                (at, cy),
                words,
                room,
                size=NAME,
                bold=True,
                anchor="lm",
                min_size=NAME,
                role="vp",
            )
        held = dict(holdings.goods)
        for i, good in enumerate(GOODS):
            n = held.get(good, 0)
            dr.fit_text(
                d,
                (goods_x + (i + 0.5) * column, cy),
                str(n),
                column - 2,
                size=MIN,
                bold=n > 0,
                fill=INK if n else MUTED,
                anchor="mm",
                min_size=MIN,
                role="goods",
            )


def board(
    view: PublicView, names: Sequence[str] | None = None, move: int | None = None
) -> Image.Image:
    all_names = dr.seat_names(view.players, names)
    base, static = _base(height(view.players, view.open_holdings is not None))
    im = base.copy()
    dr.replay(static)
    d = dr.drawing(im)
    line = caption(view, all_names, move)
    if line:
        # a phase too long to fit says less: the move number alone
        short = say("pic.santiago.after_move", move=move) if move and not view.game_over else ""
        dr.fit_text(
            d,
            (M + 4, BANNER_Y),
            [line, short] if short else line,
            W - 2 * M - 8,
            size=NAME,
            bold=True,
            anchor="lm",
            min_size=MIN,
            role="turn",
        )
    last = view.last_move
    if last is not None:
        _trip(d, last)
    _stops(d, view)
    _ship(d, view)
    _buildings(d, view)
    if last is not None:
        _last_move(d, view, last, all_names)
    _players(d, view, all_names)
    return im


# --- the last move -------------------------------------------------------------------------------


def _trip(d: ImageDraw.ImageDraw, move: LastMove):
    """The car's latest drive: a path in the driver's colour along the road band, clockwise
    from the stop it left to the stop where it stopped, with an arrowhead before that stop."""
    if move.car_from is None or move.car_to is None or move.car_from == move.car_to:
        return
    colour = dr.SEAT_COLOURS[move.seat % len(dr.SEAT_COLOURS)]
    steps = (move.car_to - move.car_from) % 10
    points: list[tuple[float, float]] = []
    for k in range(steps):
        part = _step_points(move.car_from + k)
        points.extend(part if not points else part[1:])
    d.line(points, fill=colour, width=12, joint="curve")
    (cx, cy), (tx, ty) = _along(_step_points(move.car_to - 1), 0.5)
    d.polygon(
        [
            (cx + tx * 20, cy + ty * 20),
            (cx - tx * 12 - ty * 18, cy - ty * 12 + tx * 18),
            (cx - tx * 12 + ty * 18, cy - ty * 12 - tx * 18),
        ],
        fill=colour,
        outline=INK,
    )


def _last_move(d: ImageDraw.ImageDraw, view: PublicView, move: LastMove, names: list[str]):
    """Where the last move happened, in the colour of the player who made it: a dashed frame on
    the stop the car left, a ring around the citizen or building used, and a caption."""
    colour = dr.SEAT_COLOURS[move.seat % len(dr.SEAT_COLOURS)]
    if move.car_from is not None and move.car_from != move.car_to:
        x0, y0, x1, y1 = _tile_box(move.car_from, 5)
        for x in range(x0, x1, 20):
            d.line((x, y0, min(x + 10, x1), y0), fill=colour, width=4)
            d.line((x, y1, min(x + 10, x1), y1), fill=colour, width=4)
        for y in range(y0, y1, 20):
            d.line((x0, y, x0, min(y + 10, y1)), fill=colour, width=4)
            d.line((x1, y, x1, min(y + 10, y1)), fill=colour, width=4)
    # a ring inside a building's row (the rows lie 2 px apart), around a citizen's tile
    ring = None
    if move.space is not None and move.space in _building_boxes(view):
        ring = _building_boxes(view)[move.space]
    elif move.citizen is not None:
        for stop in view.road:
            if stop.citizen == move.citizen:
                ring = _tile_box(stop.index, 4)
    if ring is not None:
        d.rounded_rectangle(ring, radius=10, outline=colour, width=5)
    room = W - 2 * M - 56
    captions = dr.last_captions(names[move.seat], last_move_wordings(view, move))
    badge(d, M + 24, LAST_Y, move.seat, r=20)
    dr.fit_text(
        d, (M + 56, LAST_Y), captions, room, size=MIN, anchor="lm", min_size=MIN, role="last"
    )


def last_move_words(view: PublicView, move: LastMove, spoken: bool = False) -> str:
    """What the last decision did, in a few words, from public facts only; `spoken` for an alt
    text or a text board, which write victory points out in words."""
    return last_move_wordings(view, move, spoken)[0]


def last_move_wordings(view: PublicView, move: LastMove, spoken: bool = False) -> list[str]:
    """What the last decision did (see `last_move_words`), then shorter ways to say it, for a
    caption that must say less to fit: without where the car stopped, or without the building."""
    if spoken and move.code == "zorro:give:vp":
        return [say("pic.text.santiago.gave_vp")]
    head, _, rest = move.code.partition(":")
    building = building_term(move.building) if move.building else None
    citizen = _split_role(citizen_name(move.citizen))[0] if move.citizen else None
    if head == "drive" and rest.isdigit():
        n = int(rest)
        if move.car_to is not None and move.car_to < len(view.road):
            stop = view.road[move.car_to]
            if stop.citizen:
                name = _split_role(citizen_name(stop.citizen))[0]
                went = say("pic.santiago.drove_to", n=n, to=name)
            else:  # a sentence of its own: "zum Hafen", «в порт», not a stop's name pasted in
                went = say("pic.santiago.drove_to_harbour", n=n)
            return [went, say("pic.santiago.drove", n=n)]
        return [say("pic.santiago.drove", n=n)]
    if head == "leave" and rest:
        return [say("pic.santiago.left_out_die", good=good_term(rest))]
    if head == "deliver" and rest:
        return [say("pic.santiago.delivered", good=good_term(rest))]
    if head == "claim" and building:
        return [say("pic.santiago.claimed", building=building)]
    if head == "pawn" and building:
        return [say("pic.santiago.moved_pawn", building=building)]
    if head == "use" and building:
        return [say("pic.santiago.used_building", building=building)]
    if head == "use" and citizen:
        return [say("pic.santiago.used_citizen", citizen=citizen)]
    if head == "skip" and citizen:
        return [say("pic.santiago.passed_by", citizen=citizen)]
    n, _, good = rest.partition(":")
    if head == "amount" and n.isdigit():
        # "delivered 2 units of citrus fruit", else, where that does not fit, "delivered 2
        # goods" (all a state stored before the good was kept can say)
        counted = say("pic.santiago.delivered_n", n=int(n))
        if good:
            return [say("pic.santiago.delivered_goods", amount=_goods(good, int(n))), counted]
        return [counted]
    done = _done(move.kind, head, rest, building)
    if done:
        return [done]
    # A decision the branches do not know (a code from an older version) by its kind's words.
    what = _action_label(view, move)
    where = building or citizen
    if where:
        return [
            say("pic.santiago.did_at", where=where, what=what),
            say("pic.santiago.did", what=what),
        ]
    return [say("pic.santiago.did", what=what)]


def _done(kind: str, head: str, rest: str, building: Msg | str | None) -> str:
    """What a decision did, in the past tense, for the decisions the branches above leave:
    "" for one it does not know."""
    if head == "casino" and rest in ("more", "less"):  # a page of the menu, no exchange yet
        return say("pic.santiago.casino_page")
    if head == "skip" and building:
        return say("pic.santiago.not_used", building=building)
    if kind in USES and building:
        return say("pic.santiago.used_building", building=building)
    if head == "wood" and rest:
        return say("pic.santiago.delivered_wood", good=good_term(rest))
    if kind == "santiago.deliver" and head == "pass":
        return say("pic.santiago.delivered_none")
    if head == "pablo" and rest:
        return say("pic.santiago.took_good", amount=_goods(rest, 1))
    if head == "alonso" and rest in ("claim", "use"):
        return say(f"pic.santiago.alonso_{rest}")
    if head == "zorro":
        given = rest.removeprefix("give:")
        if given in ("peso", "vp", "nothing"):
            return say(f"pic.santiago.gave_{given}")
        if given:
            return say("pic.santiago.gave_good", amount=_goods(given, 1))
    return ""


def _goods(good: str, n: int) -> str:
    """`n` of `good` as a caption takes or gives them ("2 units of rum")."""
    return say(f"santiago.goods.{good}", n=n)


# Decisions that are a use of the building they name (the Café's good, the Casino's exchange,
# the building Alonso lets one use...).
USES = frozenset(
    {"santiago.building", "santiago.alonso_use", "santiago.casino_amount", "santiago.market_take"}
)


def _action_label(view: PublicView, move: LastMove) -> str:
    """The decision's kind in words ("choosing how many to deliver"), else its bare code."""
    if known(move.kind):
        return dr.term(move.kind)
    return move.code.replace(":", " ").replace("_", " ")


def _capital(s: str) -> str:
    return s[:1].upper() + s[1:]


# a screen's smallest text: the floor at its width
SMALL = dr.floor_size(dr.SCREEN_W)


def screen(view: PlayerView, names: Sequence[str] | None = None) -> Image.Image:
    """One player's screen: pesos, VP, goods and property markers left, in a small picture
    (`dr.SCREEN_W` wide) that a phone shows whole."""
    pub = view.public
    all_names = dr.seat_names(pub.players, names)
    seat = view.seat
    h = view.holdings
    # A screen is sent by DM and not redrawn as turns go by: it names no decider (that would
    # go stale), only the end of the game.
    last = _decision_line(pub, all_names) if pub.game_over else ""
    im, d = dr.new_canvas(dr.SCREEN_W, 656 if last else 596)
    dr.pawn(d, 34, 40, seat, h=50)
    title = say("pic.your_screen", name=all_names[seat])
    dr.fit_text(d, (68, 40), title, 512, size=26, bold=True, anchor="lm", min_size=SMALL)
    dr.panel(d, (16, 80, 584, 216))
    column = 172
    left, middle, right = 32, 218, 404
    labels = (
        (left, say("pic.santiago.pesos")),
        (middle, say("pic.santiago.victory_points")),
        (right, say("pic.santiago.markers_left_title")),
    )
    for x, label in labels:
        dr.fit_text(
            d, (x, 96), label, column, size=SMALL, fill=MUTED, lines=2, height=48, min_size=SMALL
        )
    d.ellipse((left, 160, left + 44, 204), fill=(235, 190, 60), outline=INK, width=3)
    text(d, (left + 22, 182), "$", size=26, bold=True, anchor="mm")
    dr.fit_text(
        d,
        (left + 54, 182),
        str(h.pesos),
        column - 54,
        size=40,
        bold=True,
        anchor="lm",
        min_size=SMALL,
    )
    vp = say("pic.vp", vp=h.vp)
    dr.fit_text(d, (middle, 182), vp, column, size=40, bold=True, anchor="lm", min_size=20)
    for k in range(3):
        mx = right + 20 + k * 50
        if k < pub.seats[seat].markers_left:
            dr.seat_disc(d, mx, 182, seat, r=20)
        else:
            d.ellipse((mx - 20, 162, mx + 20, 202), outline=MUTED, width=3)
    dr.panel(d, (16, 228, 584, 484))
    dr.fit_text(
        d, (32, 242), say("pic.santiago.goods"), 536, size=SMALL, fill=MUTED, min_size=SMALL
    )
    for i, (good, n) in enumerate(h.goods):
        fill, letter = GOOD_STYLE.get(good, ((200, 200, 200), "?"))
        x, y = 32 + (i % 3) * 186, 272 + (i // 3) * 104
        dr.cube(d, x, y, fill, letters(good, letter), s=44)
        dr.piece("good", good, (x, y, x + 44, y + 44))
        text(d, (x + 54, y + 22), f"× {n}", size=26, bold=True, anchor="lm")
        dr.fit_text(
            d,
            (x, y + 70),
            good_name(good),
            172,
            size=SMALL,
            anchor="lm",
            role="good",
            lines=2,
            height=46,
            min_size=SMALL,
        )
    public = pub.seats[seat]
    where = say("pic.santiago.off_board")
    for space in pub.buildings:
        if space.index == public.pawn:
            where = building_name(space.building)
    owned = ", ".join(building_name(b) for b in public.buildings) or say("pic.none")
    line = say("pic.santiago.your_pawn", where=where, owned=owned)
    dr.fit_text(d, (24, 498), line, 552, size=SMALL, lines=2, height=48, min_size=SMALL)
    # the goods left in the supply: the board has no room for them at a legible size
    supply = "  ".join(f"{letters(g, GOOD_STYLE.get(g, (0, '?'))[1])} {n}" for g, n in pub.supply)
    supply = say("pic.santiago.supply", supply=supply)
    dr.fit_text(d, (24, 552), supply, 552, size=SMALL, fill=MUTED, role="supply", min_size=SMALL)
    if last:
        dr.fit_text(d, (24, 598), last, 552, size=20, bold=True, lines=2, height=52, min_size=SMALL)
    return im


__all__ = ["board", "screen", "font"]
