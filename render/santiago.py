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

from . import draw as dr
from .captions import current, known, say
from .draw import INK, MUTED, PANEL, font, text

GOOD_STYLE = {
    # good id: (fill colour, letters); letters keep goods apart without colour.
    "sugar_cane": ((250, 250, 250), "Su"),
    "citrus": ((245, 150, 30), "Ci"),
    "tobacco": ((70, 150, 60), "To"),
    "rum": ((200, 40, 45), "Ru"),
    "cigar": ((45, 35, 35), "Cg"),
    "wood": ((150, 100, 55), "Wd"),
}
GOODS = ("sugar_cane", "citrus", "tobacco", "rum", "cigar", "wood")

FLOWER_STYLE = {
    "yellow": ((245, 200, 40), "Y"),
    "blue": ((60, 115, 210), "B"),
    "red": ((215, 55, 55), "R"),
    "white": ((255, 255, 255), "W"),
}
FLOWERS = ("yellow", "blue", "red", "white")

# Discord shows a board about 400 px wide on a phone: at this width every key text (whose turn,
# dice, price, ships, turn order, VP) is drawn at KEY px or more, 9 px or more on the phone.
W = 1000
KEY = 24
ROAD_C = (500, 585)
ROAD_R = (340, 375)
TILE_W, TILE_H = 164, 92
CARD_W, CARD_H = 148, 112


def good_name(good: str) -> str:
    return dr.term(f"santiago.good.{good}")


def citizen_name(citizen: str) -> str:
    return dr.term(f"santiago.citizen.{citizen}", citizen.replace("_", " ").title())


def building_name(building: str) -> str:
    return dr.term(f"santiago.building.{building}", building.replace("_", " ").title())


def colour_name(colour: str) -> str:
    return dr.term(f"santiago.colour.{colour}", colour)


def letters(thing: str, fallback: str = "?") -> str:
    """The letters that tell a good or a flower apart without colour, in the picture's language."""
    key = f"pic.santiago.letter.{thing}"
    return say(key) if known(key) else fallback


def stop_centre(index: int) -> tuple[int, int]:
    """Stop 0 (harbour) at the top, then clockwise, as on the board."""
    angle = -math.pi / 2 + index * 2 * math.pi / 10
    return (
        round(ROAD_C[0] + ROAD_R[0] * math.cos(angle)),
        round(ROAD_C[1] + ROAD_R[1] * math.sin(angle)),
    )


def flower(d: ImageDraw.ImageDraw, cx: int, cy: int, colour: str | None, r: int = 16):
    """A flower symbol in the colour, with its initial in the heart (Y/B/R/W)."""
    if colour is None:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=MUTED, width=2)
        text(d, (cx, cy), "–", size=r, bold=True, fill=MUTED, anchor="mm")
        return
    fill, letter = FLOWER_STYLE[colour]
    letter = letters(colour, letter)
    pr = r * 0.5
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        px, py = cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a)
        d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=fill, outline=INK, width=1)
    hr = r * 0.48
    d.ellipse((cx - hr, cy - hr, cx + hr, cy + hr), fill=(255, 255, 255), outline=INK, width=1)
    size = int(r * 0.8)
    dr.fit_text(
        d, (cx, cy + 1), letter, 2 * hr, size=size, bold=True, fill=INK, anchor="mm", min_size=8
    )


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
        (x + s / 2, y + s * 0.34),
        str(face.value),
        size=value_size,
        bold=True,
        fill=ink,
        anchor="mm",
        role=role,
    )
    text(
        d,
        (x + s / 2, y + s * 0.76),
        short,
        size=good_size,
        bold=True,
        fill=ink,
        anchor="mm",
        role=role,
    )
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


# --- static layer --------------------------------------------------------------------------------

# The ship area sits inside the road; its parts are placed relative to the road's centre.
SX, SY = ROAD_C
PRICE_Y = SY + 45
PRICE_X0 = SX - 158
PRICE_STEP = 80
TRACK_Y = SY + 155
TRACK_X0 = SX - 147
TRACK_STEP = 49
TRACK_R = 21
BUILDINGS_Y = 1030
GROUP_W = (W - 32 - 16) // 2
GROUP_H = 36 + CARD_H + 10
LEGEND_Y = BUILDINGS_Y + 40 + 2 * (GROUP_H + 12)
PLAYERS_Y = LEGEND_Y + 118
ROW_H = 80
OPEN_ROW_H = 118


def height(players: int, open_holdings: bool = False) -> int:
    """The board ends just below the players panel (2-4 rows)."""
    return PLAYERS_Y + 40 + (OPEN_ROW_H if open_holdings else ROW_H) * players + 24


def _base(h: int) -> tuple[Image.Image, tuple[dr.Drawn, ...]]:
    return _base_in(h, current())


@lru_cache(maxsize=16)
def _base_in(h: int, _lang: str) -> tuple[Image.Image, tuple[dr.Drawn, ...]]:
    """Everything that never changes (background, road, tracks, frames, the legend), with the
    texts drawn on it."""
    with dr.recording() as drawn:
        im = _draw_base(h)
    return im, tuple(drawn)


def _draw_base(h: int) -> Image.Image:
    im, d = dr.new_canvas(W, h)
    dr.fit_text(d, (24, 16), say("santiago.title"), 350, size=34, bold=True)
    # the road: a ring with arrows showing the clockwise direction of the car
    cx, cy = ROAD_C
    rx, ry = ROAD_R
    d.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), outline=(150, 140, 125), width=30)
    d.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), outline=(235, 225, 200), width=2)
    for k in range(10):
        a = -math.pi / 2 + (k + 0.5) * 2 * math.pi / 10
        px, py = cx + rx * math.cos(a), cy + ry * math.sin(a)
        tx, ty = -math.sin(a), math.cos(a)  # clockwise tangent on screen
        nx, ny = math.cos(a), math.sin(a)
        tip = (px + tx * 12, py + ty * 12)
        d.polygon(
            [
                tip,
                (px - tx * 8 + nx * 10, py - ty * 8 + ny * 10),
                (px - tx * 8 - nx * 10, py - ty * 8 - ny * 10),
            ],
            fill=(255, 255, 255),
        )
    # ship area
    dr.panel(
        d, (SX - 185, SY - 245, SX + 185, SY + 233), fill=(214, 232, 244), outline=(70, 110, 150)
    )
    ship_in_port = say("pic.santiago.ship_in_port")
    dr.fit_text(d, (SX, SY - 223), ship_in_port, 350, size=22, bold=True, anchor="mm")
    price = say("pic.santiago.price")
    dr.fit_text(d, (SX, PRICE_Y - 46), price, 350, size=20, bold=True, anchor="mm")
    for i, label in enumerate(("2", "3", "4")):
        x = PRICE_X0 + i * PRICE_STEP
        d.rectangle(
            (x, PRICE_Y - 24, x + 50, PRICE_Y + 24), fill=(255, 255, 255), outline=INK, width=2
        )
        text(d, (x + 25, PRICE_Y), label, size=30, bold=True, anchor="mm", role="price")
    checkered(d, PRICE_X0 + 3 * PRICE_STEP, PRICE_Y - 24, 48)
    ships = say("pic.santiago.ships")
    dr.fit_text(d, (SX, TRACK_Y - 46), ships, 350, size=18, bold=True, anchor="mm", min_size=12)
    for i in range(7):
        x = TRACK_X0 + i * TRACK_STEP
        r = TRACK_R - 2
        d.ellipse(
            (x - r, TRACK_Y - r, x + r, TRACK_Y + r), fill=(255, 255, 255), outline=INK, width=2
        )
    # frames of the building area
    dr.fit_text(d, (24, BUILDINGS_Y), say("pic.santiago.buildings"), W - 48, size=22, bold=True)
    # legend
    lx, ly = 32, LEGEND_Y
    dr.panel(d, (16, ly - 10, W - 16, ly + 96))
    for i, g in enumerate(GOODS):
        fill, letter = GOOD_STYLE[g]
        x = lx + i * 160
        dr.cube(d, x, ly, fill, letters(g, letter), s=30)
        dr.fit_text(
            d,
            (x + 36, ly + 15),
            good_name(g),
            118,
            size=18,
            min_size=14,
            anchor="lm",
            role="good",
            lines=2,
            height=46,
        )
    y = ly + 62
    dr.seat_disc(d, lx + 14, y, 0, r=14)
    dr.fit_text(d, (lx + 34, y), say("pic.santiago.marker"), 86, size=19, anchor="lm", min_size=11)
    dr.pawn(d, lx + 140, y - 2, 0, h=32)
    dr.fit_text(d, (lx + 160, y), say("pic.santiago.pawn"), 92, size=19, anchor="lm", min_size=11)
    car(d, lx + 270, y - 4)
    dr.fit_text(d, (lx + 306, y), say("pic.santiago.car"), 60, size=19, anchor="lm", min_size=11)
    d.rounded_rectangle((lx + 370, y - 16, lx + 398, y + 16), radius=5, fill=(70, 70, 78))
    turned = say("pic.santiago.turned_over")
    dr.fit_text(d, (lx + 406, y), turned, W - 40 - lx - 406, size=19, anchor="lm", min_size=11)
    return im


# --- dynamic parts -------------------------------------------------------------------------------


def _decision_line(view: PublicView, names: list[str]) -> str:
    if view.game_over:
        return say("pic.game_over")
    if not view.pending:
        return ""
    seats = []
    for p in view.pending:
        if p.seat not in seats:
            seats.append(p.seat)
    who = ", ".join(names[s] for s in seats)
    prompts = {dr.say_msg(p.prompt) for p in view.pending}
    if len(prompts) == 1:
        key = "pic.now" if len(seats) == 1 else "pic.waiting_prompt"
        return say(key, who=who, prompt=prompts.pop())
    return say("pic.now_short" if len(seats) == 1 else "pic.waiting", who=who)


def _stops(d: ImageDraw.ImageDraw, view: PublicView):
    for stop in view.road:
        cx, cy = stop_centre(stop.index)
        box = (cx - TILE_W // 2, cy - TILE_H // 2, cx + TILE_W // 2, cy + TILE_H // 2)
        has_car = stop.index == view.car
        outline = dr.ALERT if has_car else dr.FRAME
        width = 6 if has_car else 2
        if stop.citizen is None:
            d.rounded_rectangle(box, radius=12, fill=(255, 236, 160), outline=outline, width=width)
            _star(d, box[0] + 24, cy - 14, 13)
            harbour = say("pic.santiago.harbour")
            dr.fit_text(
                d, (cx + 12, cy - 14), harbour, TILE_W - 52, size=21, bold=True, anchor="mm"
            )
            deliver = say("pic.santiago.deliver_goods")
            dr.fit_text(d, (cx, cy + 20), deliver, TILE_W - 10, size=17, fill=MUTED, anchor="mm")
        elif stop.active:
            d.rounded_rectangle(box, radius=12, fill=PANEL, outline=outline, width=width)
            flower(d, box[0] + 25, cy - 16, stop.colour, r=20)
            name, role = _split_role(citizen_name(stop.citizen))
            dr.fit_text(
                d, (box[0] + 50, cy - 16), name, TILE_W - 56, size=22, bold=True, anchor="lm"
            )
            label = colour_name(stop.colour) if stop.colour else say("pic.santiago.no_colour")
            both = f"{role} · {label}"
            if role and dr.length(both, 17) <= TILE_W - 12:
                label = both
            elif role:
                label = role  # the flower already shows the colour, with its letter
            # below the name there is room for a long role on two lines
            dr.fit_text(
                d,
                (cx, cy + 23),
                label,
                TILE_W - 10,
                size=18,
                fill=MUTED,
                anchor="mm",
                role="citizen",
                lines=2,
                height=42,
            )
        else:
            d.rounded_rectangle(box, radius=12, fill=(70, 70, 78), outline=outline, width=width)
            name, _role = _split_role(citizen_name(stop.citizen))
            light = (225, 225, 225)
            dr.fit_text(
                d, (cx, cy - 14), name, TILE_W - 16, size=21, bold=True, fill=light, anchor="mm"
            )
            turned = say("pic.santiago.turned_over")
            dr.fit_text(d, (cx, cy + 20), turned, TILE_W - 10, size=18, fill=light, anchor="mm")
        if has_car:
            # the car straddles the top edge of its stop
            car(d, box[2] - 34, box[1] - 6)


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


# five rolled dice fit inside the hull (which narrows towards its keel)
ROLLED_S, ROLLED_STEP = 62, 66
ROLLED_X0 = SX - (4 * ROLLED_STEP + ROLLED_S) // 2
DEMAND_S, DEMAND_STEP = 66, 82


def _ship(d: ImageDraw.ImageDraw, view: PublicView):
    hull = [(SX - 172, SY - 200), (SX + 172, SY - 200), (SX + 148, SY - 90), (SX - 148, SY - 90)]
    d.polygon(hull, fill=(120, 80, 50), outline=INK)
    white = (255, 255, 255)
    if view.rolled is not None:
        # the roller is choosing which of the five dice to leave out: show them all
        caption = say("pic.santiago.rolled")
        dr.fit_text(d, (SX, SY - 184), caption, 330, size=19, bold=True, fill=white, anchor="mm")
        for i, face in enumerate(view.rolled):
            die(
                d,
                ROLLED_X0 + i * ROLLED_STEP,
                SY - 170,
                face,
                s=ROLLED_S,
                value_size=KEY + 2,
                good_size=KEY,
            )
    elif view.demand is None:
        dr.fit_text(
            d,
            (SX, SY - 160),
            say("pic.santiago.new_ship"),
            290,
            size=KEY,
            bold=True,
            fill=white,
            anchor="mm",
            min_size=KEY,
            role="dice",
        )
        dr.fit_text(
            d,
            (SX, SY - 126),
            say("pic.santiago.not_rolled"),
            290,
            size=KEY,
            fill=white,
            anchor="mm",
            min_size=KEY,
            role="dice",
        )
    else:
        x0 = SX - (3 * DEMAND_STEP + DEMAND_S) // 2
        for i, face in enumerate(view.demand):
            die(d, x0 + i * DEMAND_STEP, SY - 182, face, s=DEMAND_S, good_size=KEY)
    if view.set_aside is not None:
        die(d, SX + 122, SY - 80, view.set_aside, s=40, left_out=True, role="")
        left_out = say("pic.santiago.left_out")
        dr.fit_text(d, (SX + 112, SY - 60), left_out, 280, size=17, fill=INK, anchor="rm")
    i = min(max(view.price, 2), 5) - 2
    x = PRICE_X0 + i * PRICE_STEP
    d.rounded_rectangle(
        (x - 7, PRICE_Y - 31, x + 57, PRICE_Y + 31), radius=8, outline=(0, 60, 200), width=6
    )
    r = TRACK_R
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
        text(d, (x, TRACK_Y), label, size=KEY, bold=True, fill=ink, anchor="mm", role="ships")
    dr.fit_text(
        d,
        (SX, SY + 203),
        say("pic.santiago.ship_of", ship=view.ship, departed=view.ships_departed),
        360,
        size=KEY,
        anchor="mm",
        min_size=KEY,
        role="ships",
    )


def _building_boxes(view: PublicView) -> dict[int, tuple[int, int, int, int]]:
    """Where each building card lies, by space index (grouped by flower colour)."""
    boxes = {}
    for k, (_colour, spaces) in enumerate(_groups(view)):
        x0 = 16 + (k % 2) * (GROUP_W + 16)
        top = BUILDINGS_Y + 40 + (k // 2) * (GROUP_H + 12) + 38
        for i, space in enumerate(spaces[:3]):
            x = x0 + 14 + i * (CARD_W + 6)
            boxes[space.index] = (x, top, x + CARD_W, top + CARD_H - 4)
    return boxes


def _groups(view: PublicView) -> list[tuple[str, list]]:
    groups: dict[str, list] = {}
    for space in view.buildings:
        groups.setdefault(space.colour, []).append(space)
    order = [c for c in FLOWERS if c in groups] + [c for c in groups if c not in FLOWERS]
    return [(c, groups[c]) for c in order]


def _buildings(d: ImageDraw.ImageDraw, view: PublicView):
    boxes = _building_boxes(view)
    for k, (colour, spaces) in enumerate(_groups(view)):
        x0 = 16 + (k % 2) * (GROUP_W + 16)
        y = BUILDINGS_Y + 40 + (k // 2) * (GROUP_H + 12)
        fill = FLOWER_STYLE.get(colour, ((200, 200, 200), "?"))[0]
        dr.panel(d, (x0, y, x0 + GROUP_W, y + GROUP_H), fill=PANEL)
        d.rounded_rectangle((x0, y, x0 + 8, y + GROUP_H), radius=4, fill=fill, outline=INK)
        flower(d, x0 + 30, y + 19, colour, r=17)
        dr.fit_text(
            d,
            (x0 + 54, y + 19),
            _capital(say("pic.santiago.flower", colour=colour_name(colour))),
            GROUP_W - 64,
            size=20,
            bold=True,
            anchor="lm",
        )
        for space in spaces[:3]:
            x, top, _x1, _y1 = boxes[space.index]
            d.rounded_rectangle(
                (x, top, x + CARD_W, top + CARD_H - 4),
                radius=8,
                fill=(255, 255, 255),
                outline=INK,
                width=2,
            )
            # the name has the tile's width and the height above the markers: two lines
            dr.fit_text(
                d,
                (x + CARD_W / 2, top + 25),
                building_name(space.building),
                CARD_W - 8,
                size=20,
                bold=True,
                anchor="mm",
                role="building",
                lines=2,
                height=46,
                min_size=13,
            )
            if space.owner is not None:
                dr.seat_disc(d, x + 24, top + 72, space.owner, r=17)
                owner = say("pic.santiago.owner")
                dr.fit_text(
                    d, (x + 44, top + 72), owner, 52, size=16, fill=MUTED, anchor="lm", min_size=9
                )
            if space.pawn is not None:
                dr.pawn(d, x + CARD_W - 26, top + 71, space.pawn, h=44)


def _players(d: ImageDraw.ImageDraw, view: PublicView, names: list[str]):
    y = PLAYERS_Y
    open_h = view.open_holdings
    row_h = ROW_H if open_h is None else OPEN_ROW_H
    dr.panel(d, (16, y - 8, W - 16, y + 36 + row_h * view.players))
    dr.fit_text(d, (30, y), say("pic.santiago.players"), 290, size=22, bold=True)
    markers = say("pic.santiago.markers_left")
    dr.fit_text(d, (330, y + 4), markers, 130, size=17, fill=MUTED, min_size=10)
    if open_h is not None:
        variant = say("pic.santiago.open_holdings")
        dr.fit_text(d, (470, y + 2), variant, W - 500, size=18, fill=MUTED)
    space_names = {s.index: building_name(s.building) for s in view.buildings}
    for seat_info in view.seats:
        seat = seat_info.seat
        ry = y + 34 + seat * row_h
        if seat in {p.seat for p in view.pending} and not view.game_over:
            d.rounded_rectangle(
                (22, ry - 2, W - 22, ry + row_h - 6), radius=8, fill=(255, 240, 175)
            )
        dr.pawn(d, 44, ry + 32, seat, h=44)
        dr.fit_text(
            d, (74, ry + 18), names[seat], 250, size=26, bold=True, anchor="lm", min_size=KEY
        )
        sub = []
        if seat == view.start_seat:
            sub.append(say("pic.santiago.start_player"))
        if seat_info.passed:
            sub.append(say("pic.santiago.passed"))
        if sub:
            dr.fit_text(
                d,
                (74, ry + 52),
                ", ".join(sub),
                250,
                size=KEY,
                fill=MUTED,
                anchor="lm",
                min_size=KEY,
                role="order",
            )
        # markers left: filled discs for markers in hand, empty rings for placed ones
        for k in range(3):
            mx = 350 + k * 32
            if k < seat_info.markers_left:
                dr.seat_disc(d, mx, ry + 32, seat, r=13)
            else:
                d.ellipse((mx - 13, ry + 19, mx + 13, ry + 45), outline=MUTED, width=2)
        where = (
            space_names.get(seat_info.pawn, "?")
            if seat_info.pawn is not None
            else say("pic.santiago.off_board")
        )
        pawn_at = say("pic.santiago.pawn_at", where=where)
        dr.fit_text(d, (470, ry + 18), pawn_at, W - 500, size=20, anchor="lm")
        owned = ", ".join(building_name(b) for b in seat_info.buildings) or say("pic.none")
        owns = say("pic.santiago.owns", owned=owned)
        dr.fit_text(d, (470, ry + 50), owns, W - 500, size=20, anchor="lm")
        if open_h is not None and seat < len(open_h):
            _holdings_row(d, 470, ry + 70, open_h[seat])


def _holdings_row(d, x, y, holdings):
    text(d, (x, y + 16), f"{holdings.pesos} $", size=KEY, bold=True, anchor="lm", role="vp")
    vp = say("pic.vp", vp=holdings.vp)
    dr.fit_text(
        d, (x + 80, y + 16), vp, 96, size=KEY, bold=True, anchor="lm", min_size=KEY, role="vp"
    )
    gx = x + 180
    for good, n in holdings.goods:
        fill, letter = GOOD_STYLE.get(good, ((200, 200, 200), "?"))
        dr.cube(d, gx, y + 3, fill, letters(good, letter), s=26)
        text(d, (gx + 29, y + 16), str(n), size=20, bold=True, anchor="lm")
        gx += 52


def board(
    view: PublicView, names: Sequence[str] | None = None, move: int | None = None
) -> Image.Image:
    all_names = dr.seat_names(view.players, names)
    base, static = _base(height(view.players, view.open_holdings is not None))
    im = base.copy()
    dr.replay(static)
    d = ImageDraw.Draw(im)
    supply = "  ".join(f"{letters(g, GOOD_STYLE.get(g, (0, '?'))[1])} {n}" for g, n in view.supply)
    supply = say("pic.santiago.supply", supply=supply)
    dr.fit_text(d, (384, 34), supply, W - 408, size=19, anchor="lm")
    line = _decision_line(view, all_names)
    if line:
        d.rounded_rectangle(
            (16, 64, W - 16, 116), radius=10, fill=(255, 240, 175), outline=dr.FRAME
        )
        dr.fit_text(
            d, (28, 90), line, W - 56, size=28, bold=True, anchor="lm", min_size=KEY, role="turn"
        )
    move = view.last_move
    if move is not None:
        _trip(d, move)
    _stops(d, view)
    _ship(d, view)
    _buildings(d, view)
    if move is not None:
        _last_move(d, view, move, all_names)
    _players(d, view, all_names)
    return im


# --- the last move -------------------------------------------------------------------------------

# The caption sits between the decision line and the harbour tile, left of the car's place on
# the harbour (the car straddles the top edge of its stop).
LAST_Y = 140
LAST_W = 480


def _road_point(t: float) -> tuple[float, float]:
    """A point on the road at `t` stops clockwise from the harbour (fractions allowed)."""
    a = -math.pi / 2 + t * 2 * math.pi / 10
    return ROAD_C[0] + ROAD_R[0] * math.cos(a), ROAD_C[1] + ROAD_R[1] * math.sin(a)


def _trip(d: ImageDraw.ImageDraw, move: LastMove):
    """The car's latest drive: a path in the driver's colour along the road, clockwise from the
    stop it left to the stop where it stopped, with an arrowhead before that stop. Drawn under
    the tiles, so it shows on the road between them."""
    if move.car_from is None or move.car_to is None or move.car_from == move.car_to:
        return
    colour = dr.SEAT_COLOURS[move.seat % len(dr.SEAT_COLOURS)]
    steps = (move.car_to - move.car_from) % 10
    n = steps * 12
    points = [_road_point(move.car_from + steps * k / n) for k in range(n + 1)]
    d.line(points, fill=colour, width=14, joint="curve")
    # the arrowhead half way between the last two stops, where no tile covers it
    t = move.car_to - 0.5
    (px, py), (qx, qy) = _road_point(t - 0.05), _road_point(t + 0.05)
    length = math.hypot(qx - px, qy - py) or 1
    tx, ty = (qx - px) / length, (qy - py) / length
    cx, cy = _road_point(t)
    d.polygon(
        [
            (cx + tx * 22, cy + ty * 22),
            (cx - tx * 12 - ty * 20, cy - ty * 12 + tx * 20),
            (cx - tx * 12 + ty * 20, cy - ty * 12 - tx * 20),
        ],
        fill=colour,
        outline=INK,
    )


def _tile_box(index: int, grow: int = 0) -> tuple[int, int, int, int]:
    cx, cy = stop_centre(index)
    return (
        cx - TILE_W // 2 - grow,
        cy - TILE_H // 2 - grow,
        cx + TILE_W // 2 + grow,
        cy + TILE_H // 2 + grow,
    )


def _last_move(d: ImageDraw.ImageDraw, view: PublicView, move: LastMove, names: list[str]):
    """Where the last move happened, in the colour of the player who made it: a dashed frame on
    the stop the car left, a ring around the citizen or building used, and a caption."""
    colour = dr.SEAT_COLOURS[move.seat % len(dr.SEAT_COLOURS)]
    if move.car_from is not None and move.car_from != move.car_to:
        x0, y0, x1, y1 = _tile_box(move.car_from, 7)
        for x in range(x0, x1, 24):
            d.line((x, y0, min(x + 12, x1), y0), fill=colour, width=5)
            d.line((x, y1, min(x + 12, x1), y1), fill=colour, width=5)
        for y in range(y0, y1, 24):
            d.line((x0, y, x0, min(y + 12, y1)), fill=colour, width=5)
            d.line((x1, y, x1, min(y + 12, y1)), fill=colour, width=5)
    ring = None
    if move.space is not None:
        ring = _building_boxes(view).get(move.space)
    elif move.citizen is not None:
        for stop in view.road:
            if stop.citizen == move.citizen:
                ring = _tile_box(stop.index, 5)
    if ring is not None:
        x0, y0, x1, y1 = ring
        d.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=14, outline=colour, width=7)
    # the car on the harbour takes the right half of the caption's line
    room = LAST_W - 58 if view.car == 0 else W - 82
    caption = dr.last_caption(names[move.seat], describe(view, move), room, KEY)
    dr.seat_disc(d, 38, LAST_Y, move.seat, r=13)
    dr.fit_text(d, (58, LAST_Y), caption, room, size=KEY, anchor="lm", min_size=KEY, role="last")


def describe(view: PublicView, move: LastMove) -> str:
    """What the last decision did, in a few words, from public facts only."""
    head, _, rest = move.code.partition(":")
    building = building_name(move.building) if move.building else None
    citizen = _split_role(citizen_name(move.citizen))[0] if move.citizen else None
    if head == "drive" and rest.isdigit():
        n = int(rest)
        if move.car_to is not None and move.car_to < len(view.road):
            stop = view.road[move.car_to]
            if stop.citizen:
                name = _split_role(citizen_name(stop.citizen))[0]
            else:
                name = say("pic.santiago.the_harbour")
            return say("pic.santiago.drove_to", n=n, to=name)
        return say("pic.santiago.drove", n=n)
    if head == "leave" and rest:
        return say("pic.santiago.left_out_die", good=good_name(rest))
    if head == "deliver" and rest:
        return say("pic.santiago.delivered", good=good_name(rest))
    if head == "claim" and building:
        return say("pic.santiago.claimed", building=building)
    if head == "pawn" and building:
        return say("pic.santiago.moved_pawn", building=building)
    if head == "use" and (building or citizen):
        return say("pic.santiago.used", what=building or citizen)
    if head == "skip" and citizen:
        return say("pic.santiago.passed_by", citizen=citizen)
    # Any other decision (a delivery amount, a casino exchange...) by the words of its action.
    what = _action_label(view, move)
    where = building or citizen
    if where:
        return say("pic.santiago.did_at", where=where, what=what)
    return say("pic.santiago.did", what=what)


def _action_label(view: PublicView, move: LastMove) -> str:
    """The decision's kind in words ("choosing how many to deliver"), else its bare code."""
    if known(move.kind):
        return dr.term(move.kind)
    return move.code.replace(":", " ").replace("_", " ")


def _capital(s: str) -> str:
    return s[:1].upper() + s[1:]


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
    im, d = dr.new_canvas(dr.SCREEN_W, 616 if last else 556)
    dr.pawn(d, 34, 40, seat, h=50)
    title = say("pic.your_screen", name=all_names[seat])
    dr.fit_text(d, (68, 40), title, 512, size=26, bold=True, anchor="lm")
    dr.panel(d, (16, 80, 584, 216))
    column = 172
    left, middle, right = 32, 218, 404
    labels = (
        (left, say("pic.santiago.pesos")),
        (middle, say("pic.santiago.victory_points")),
        (right, say("pic.santiago.markers_left_title")),
    )
    for x, label in labels:
        dr.fit_text(d, (x, 96), label, column, size=18, fill=MUTED, lines=2, height=48)
    d.ellipse((left, 160, left + 44, 204), fill=(235, 190, 60), outline=INK, width=3)
    text(d, (left + 22, 182), "$", size=26, bold=True, anchor="mm")
    dr.fit_text(d, (left + 54, 182), str(h.pesos), column - 54, size=40, bold=True, anchor="lm")
    vp = say("pic.vp", vp=h.vp)
    dr.fit_text(d, (middle, 182), vp, column, size=40, bold=True, anchor="lm", min_size=20)
    for k in range(3):
        mx = right + 20 + k * 50
        if k < pub.seats[seat].markers_left:
            dr.seat_disc(d, mx, 182, seat, r=20)
        else:
            d.ellipse((mx - 20, 162, mx + 20, 202), outline=MUTED, width=3)
    dr.panel(d, (16, 228, 584, 484))
    dr.fit_text(d, (32, 242), say("pic.santiago.goods"), 536, size=18, fill=MUTED)
    for i, (good, n) in enumerate(h.goods):
        fill, letter = GOOD_STYLE.get(good, ((200, 200, 200), "?"))
        x, y = 32 + (i % 3) * 186, 272 + (i // 3) * 104
        dr.cube(d, x, y, fill, letters(good, letter), s=44)
        text(d, (x + 54, y + 22), f"× {n}", size=26, bold=True, anchor="lm")
        dr.fit_text(
            d,
            (x, y + 70),
            good_name(good),
            172,
            size=16,
            anchor="lm",
            role="good",
            lines=2,
            height=40,
        )
    public = pub.seats[seat]
    where = say("pic.santiago.off_board")
    for space in pub.buildings:
        if space.index == public.pawn:
            where = building_name(space.building)
    owned = ", ".join(building_name(b) for b in public.buildings) or say("pic.none")
    line = say("pic.santiago.your_pawn", where=where, owned=owned)
    dr.fit_text(d, (24, 498), line, 552, size=18, lines=2, height=48)
    if last:
        dr.fit_text(d, (24, 558), last, 552, size=20, bold=True, lines=2, height=52)
    return im


__all__ = ["board", "screen", "font"]
