"""Havana pictures: the public table and one player's screen.

The board shows both building rows (cost and VP on every card, buyable ends marked), the centre
pool, the bank, this round's turn order and every player's side of the table: the two face-up
action cards, materials, workers, pesos, built buildings and VP. The screen adds what only that
player knows: the hand, the discard pile and the face-down card(s) just picked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from games.havana.views import (
    BuildingView,
    Cubes,
    LastMove,
    PlayerPublic,
    PlayerView,
    PublicView,
)

from . import draw as dr
from .draw import INK, MUTED, PANEL, text

# Discord shows a board about 400 px wide on a phone: at this width every key text (whose turn,
# building costs and VP, turn order, players' VP) is drawn at KEY px or more, 9 px on the phone.
W = 1100
KEY = 25

# colour id: (fill, letter). W(ood) for brown so that B stays blue; G for grey rubble.
CUBE_STYLE = {
    "red": ((205, 45, 45), "R"),
    "yellow": ((245, 205, 50), "Y"),
    "brown": ((130, 85, 45), "W"),
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

CARD_W, CARD_H = 164, 190
# the rows start below the caption of the last move
ROW_Y = (190, 436)
ROW_X0 = 48
POOL_Y = ROW_Y[1] + CARD_H + 44
ORDER_Y = POOL_Y + 106
PLAYERS_Y = ORDER_Y + 58
PW, PH = (W - 48) // 2, 255


def card_name(card: str) -> str:
    """The card's name without its printed number, which the card shows in large type."""
    name = dr.term(f"havana.card.{card}", card.replace("_", " ").title())
    return re.sub(r"\s*\(\d\)$", "", name)


def colour_name(colour: str) -> str:
    return dr.term(f"havana.colour.{colour}", colour)


def cube_row(
    d: ImageDraw.ImageDraw,
    x: int,
    y: int,
    cubes: Cubes,
    s: int = 28,
    skip_zero=True,
    max_x=None,
    count_size: int | None = None,
    role: str = "",
) -> tuple[int, int]:
    """Cubes with counts, left to right, wrapping at `max_x`; returns the (x, y) after the last."""
    x0 = x
    count_size = count_size or int(s * 0.72)
    for colour in COLOURS:
        n = getattr(cubes, colour)
        if skip_zero and n == 0:
            continue
        label = f"{n}"
        step = s + 3 + int(dr.length(label, count_size, True)) + 8
        if max_x is not None and x + step - 8 > max_x and x > x0:
            x, y = x0, y + max(s, count_size) + 6
        fill, letter = CUBE_STYLE[colour]
        dr.cube(d, x, y, fill, letter, s=s)
        text(d, (x + s + 3, y + s / 2), label, size=count_size, bold=True, anchor="lm", role=role)
        x += step
    return x, y


def worker(d: ImageDraw.ImageDraw, cx: int, cy: int, h: int = 28):
    """A worker pictogram: head and shoulders in dark blue."""
    r = h * 0.22
    d.ellipse((cx - r, cy - h / 2, cx + r, cy - h / 2 + 2 * r), fill=(40, 60, 110))
    d.rounded_rectangle(
        (cx - h * 0.38, cy - h / 2 + 2 * r + 2, cx + h * 0.38, cy + h / 2),
        radius=int(h * 0.2),
        fill=(40, 60, 110),
    )


def coin(d: ImageDraw.ImageDraw, cx: int, cy: int, r: int = 14):
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(235, 190, 60), outline=INK, width=2)
    text(d, (cx, cy + 1), "$", size=int(r * 1.3), bold=True, anchor="mm")


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
    name = card_name(card)
    if dr.length(name, 17) <= w - 8 or " " not in name:
        dr.fit_text(d, (x + w / 2, y + h * 0.82), name, w - 8, size=17, anchor="mm")
    else:
        first, rest = name.split(" ", 1)
        dr.fit_text(d, (x + w / 2, y + h * 0.74), first, w - 8, size=17, anchor="mm")
        dr.fit_text(d, (x + w / 2, y + h * 0.89), rest, w - 8, size=17, anchor="mm")


def building_card(
    d: ImageDraw.ImageDraw, x: int, y: int, b: BuildingView, buyable: bool, w=CARD_W, h=CARD_H
):
    outline = (200, 140, 0) if buyable else dr.FRAME
    d.rounded_rectangle(
        (x, y, x + w, y + h),
        radius=10,
        fill=(255, 255, 255),
        outline=outline,
        width=6 if buyable else 2,
    )
    if buyable:
        d.rounded_rectangle((x + 8, y - 14, x + 78, y + 12), radius=8, fill=(200, 140, 0))
        text(d, (x + 43, y - 1), "BUY", size=18, bold=True, fill=(255, 255, 255), anchor="mm")
    # VP in a laurel-ish circle, top right
    d.ellipse((x + w - 60, y + 8, x + w - 8, y + 60), fill=(40, 120, 60), outline=INK, width=2)
    white = (255, 255, 255)
    text(
        d,
        (x + w - 34, y + 28),
        str(b.vp),
        size=KEY + 1,
        bold=True,
        fill=white,
        anchor="mm",
        role="vp",
    )
    text(d, (x + w - 34, y + 50), "VP", size=12, bold=True, fill=white, anchor="mm")
    _name_lines(d, x + 10, y + 34, str(b.name), w - 76)
    if b.cost.requires_architect:
        d.rounded_rectangle((x + 6, y + 64, x + w - 6, y + 90), radius=6, fill=(60, 60, 120))
        dr.fit_text(
            d,
            (x + w / 2, y + 77),
            "Architect",
            w - 14,
            size=KEY,
            bold=True,
            fill=white,
            anchor="mm",
            min_size=KEY,
            role="cost",
        )
    else:
        text(d, (x + 10, y + 77), "Cost", size=16, fill=MUTED, anchor="lm")
    left = x + 8
    cx, cy = cube_row(
        d, left, y + 96, b.cost.cubes, s=22, max_x=x + w - 6, count_size=KEY, role="cost"
    )
    if cx > left:
        cx, cy = left, cy + 30
    cy += 11
    if cy + 14 > y + h:
        cy = y + h - 16
    if b.cost.pesos:
        coin(d, cx + 12, cy, r=12)
        text(d, (cx + 27, cy), str(b.cost.pesos), size=KEY, bold=True, anchor="lm", role="cost")
        cx += 66
    if b.cost.workers:
        worker(d, cx + 10, cy, h=26)
        text(d, (cx + 24, cy), str(b.cost.workers), size=KEY, bold=True, anchor="lm", role="cost")
        cx += 56
    if not (b.cost.pesos or b.cost.workers or b.cost.cubes.total):
        text(d, (x + 10, y + 110), "free", size=KEY, bold=True, anchor="lm", role="cost")


def _vertical_label(im: Image.Image, label: str, cx: float, cy: float):
    f = dr.font(20, True)
    w = int(dr.length(label, 20, True)) + 4
    tile = Image.new("RGB", (w, 26), (236, 228, 210))
    ImageDraw.Draw(tile).text((2, 13), label, font=f, fill=MUTED, anchor="lm")
    tile = tile.rotate(90, expand=True)
    im.paste(tile, (int(cx - tile.width / 2), int(cy - tile.height / 2)))


def _name_lines(d, x: int, cy: int, name: str, width: int):
    """A building name: one line at 20 px if it fits, else two lines rather than tiny type."""
    name, _cut = dr.clip(name, 2 * width)  # two lines at most: never measure more than that
    if dr.length(name, 20, True) <= width or " " not in name:
        dr.fit_text(d, (x, cy), name, width, size=20, bold=True, anchor="lm")
        return
    words = name.split(" ")
    best = 1
    for k in range(1, len(words)):
        if dr.length(" ".join(words[:k]), 17, True) > width:
            break  # longer first lines do not fit either
        best = k
    dr.fit_text(d, (x, cy - 11), " ".join(words[:best]), width, size=17, bold=True, anchor="lm")
    dr.fit_text(d, (x, cy + 10), " ".join(words[best:]), width, size=17, bold=True, anchor="lm")


def height(players: int) -> int:
    """The board ends below the last row of player panels (two panels per row)."""
    return PLAYERS_Y + ((players + 1) // 2) * (PH + 14) + 10


@lru_cache(maxsize=4)
def _base(h: int) -> tuple[Image.Image, tuple[dr.Drawn, ...]]:
    """The frames and the legend, with the texts drawn on them."""
    with dr.recording() as drawn:
        im = _draw_base(h)
    return im, tuple(drawn)


def _draw_base(h: int) -> Image.Image:
    im, d = dr.new_canvas(W, h)
    text(d, (24, 16), "Havana", size=34, bold=True)
    for i, label in enumerate(("Top row", "Bottom row")):
        y = ROW_Y[i]
        dr.panel(d, (16, y - 24, W - 16, y + CARD_H + 18), fill=(236, 228, 210))
        _vertical_label(im, label, 26, y + CARD_H / 2)
    # legend of materials (colour + letter)
    lx = 24
    ly = POOL_Y + 70
    x = lx
    for colour in COLOURS:
        fill, letter = CUBE_STYLE[colour]
        dr.cube(d, x, ly - 13, fill, letter, s=26)
        label = {"brown": "wood (brown)", "rubble": "rubble (grey)"}.get(
            colour, colour_name(colour)
        )
        text(d, (x + 32, ly), label, size=18, anchor="lm")
        x += 48 + int(dr.length(label, 18))
    coin(d, x + 14, ly, r=13)
    text(d, (x + 32, ly), "pesos", size=18, anchor="lm")
    worker(d, x + 110, ly, h=26)
    text(d, (x + 126, ly), "workers", size=18, anchor="lm")
    return im


def _decision_line(view: PublicView, names: list[str]) -> str:
    if view.game_over:
        won = ", ".join(names[s] for s in view.winners)
        reason = f" — {view.end_reason}" if view.end_reason is not None else ""
        return f"Game over. Winner: {won}{reason}" if won else f"Game over{reason}"
    seats = []
    for p in view.pending:
        if p.seat not in seats:
            seats.append(p.seat)
    if not seats:
        return ""
    who = ", ".join(names[s] for s in seats)
    if len(view.pending) == 1 and not view.pending[0].secret:
        return f"Now: {who} — {view.pending[0].prompt}"
    if all(p.secret for p in view.pending):
        return f"Choosing a card in secret: {who}"
    return f"Waiting for: {who}"


PHASES = {
    "pick": "first card choice",
    "actions": "phase I: actions and buying",
    "place": "phase III: new card",
    "over": "game over",
}


def _rows(d, view: PublicView):
    for i, row in enumerate(view.rows):
        y = ROW_Y[i]
        n = len(row.buildings)
        if n == 0:
            text(d, (ROW_X0 + 30, y + CARD_H / 2), "empty", size=22, fill=MUTED, anchor="lm")
            continue
        step = min(CARD_W + 10, (W - 40 - ROW_X0 - CARD_W) // max(n - 1, 1))
        for k, b in enumerate(row.buildings):
            buyable = ("left" in row.buyable_ends and k == 0) or (
                "right" in row.buyable_ends and k == n - 1
            )
            building_card(d, ROW_X0 + k * step, y, b, buyable)


def _pool(d, view: PublicView):
    y = POOL_Y
    dr.panel(d, (16, y - 10, 620, y + 44))
    text(d, (30, y + 17), "Centre", size=22, bold=True, anchor="lm")
    coin(d, 140, y + 17, r=15)
    text(d, (160, y + 17), str(view.centre.pesos), size=24, bold=True, anchor="lm")
    cube_row(d, 215, y + 2, view.centre.cubes, s=30, skip_zero=False)
    dr.panel(d, (632, y - 10, W - 16, y + 44))
    bits = [
        f"Bank: {view.bank_pesos} $",
        f"{view.bank_workers} workers",
        f"bag {view.bag_count}",
        f"deck {view.deck_count}",
    ]
    dr.fit_text(d, (644, y + 17), " · ".join(bits), W - 16 - 656, size=20, anchor="lm")


def _order(d, view: PublicView, names: list[str]):
    y = ORDER_Y
    parts = []
    for k, seat in enumerate(view.turn_order):
        p = view.players[seat]
        # left to right is the order; the number is the one on the player's cards
        parts.append((k, seat, f"{names[seat]} {p.number_text}".rstrip()))
    text(d, (24, y + 18), "Turn order:", size=20, bold=True, anchor="lm")
    x = 150
    flags = []
    if view.demolition_used:
        flags.append("demolition used")
    tail = ("  ·  " + ", ".join(flags)) if flags else ""
    if not parts:
        unset = "set by the cards revealed after the first choice"
        room = W - 24 - x - int(dr.length(tail, 18)) - 8
        unset, f = dr.fit(unset, KEY, room, min_size=KEY)
        text(d, (x, y + 18), unset, size=f.size, fill=MUTED, anchor="lm", role="order")
        x += int(dr.length(unset, f.size)) + 8
    avail = W - 30 - x - int(dr.length(tail, 18))
    each = max(120, avail // max(len(parts), 1))
    for _k, seat, label in parts:
        label, f = dr.fit(label, KEY, each - 52, bold=True, min_size=KEY)
        active = seat == view.active_seat
        wdt = int(dr.length(label, f.size, True)) + 44
        d.rounded_rectangle(
            (x, y, x + wdt, y + 36),
            radius=10,
            fill=dr.HIGHLIGHT if active else PANEL,
            outline=dr.FRAME,
        )
        dr.seat_disc(d, x + 18, y + 18, seat, r=12)
        text(d, (x + 36, y + 18), label, size=f.size, bold=True, anchor="lm", role="order")
        x += wdt + 8
    if tail:
        text(d, (x + 4, y + 18), tail.strip(" ·"), size=18, fill=MUTED, anchor="lm")


def _player(d, x: int, y: int, p: PlayerPublic, name: str, view: PublicView):
    active = p.seat == view.active_seat or p.seat in {q.seat for q in view.pending}
    dr.panel(
        d, (x, y, x + PW, y + PH), fill=(255, 244, 200) if active and not view.game_over else PANEL
    )
    dr.pawn(d, x + 24, y + 28, p.seat, h=38)
    dr.fit_text(d, (x + 50, y + 26), name, PW - 230, size=24, bold=True, anchor="lm")
    vp = f"{p.vp} / {view.target_vp} VP"
    text(d, (x + PW - 14, y + 26), vp, size=KEY + 2, bold=True, anchor="rm", role="vp")
    # face-up cards (and what is being placed on them)
    for k in range(2):
        cx = x + 14 + k * 110
        card = p.face_up[k] if k < len(p.face_up) else None
        if card is None and k >= p.picked:
            # an empty place: this card has not been chosen yet
            d.rounded_rectangle((cx, y + 56, cx + 104, y + 168), radius=10, outline=MUTED, width=2)
            text(d, (cx + 52, y + 112), "to pick", size=16, fill=MUTED, anchor="mm")
        else:
            action_card(d, cx, y + 56, card, w=104, face_down=card is None)
        side = "left" if k == 0 else "right"
        if p.covering == side and p.placed:
            d.rounded_rectangle((cx + 10, y + 50, cx + 94, y + 72), radius=6, fill=(70, 60, 90))
            text(
                d,
                (cx + 52, y + 61),
                "covered",
                size=15,
                bold=True,
                fill=(255, 255, 255),
                anchor="mm",
            )
    text(
        d,
        (x + 14, y + 190),
        f"Number {p.number_text}" if p.number_text else "",
        size=KEY,
        bold=True,
        anchor="lm",
        role="order",
    )
    status = []
    if view.phase == "pick":
        status.append(f"picked {p.picked}/2")
    if p.protected:
        status.append("protected")
    if p.has_played and view.phase == "actions":
        status.append("done")
    text(d, (x + 14, y + 226), ", ".join(status), size=17, fill=MUTED, anchor="lm")
    # holdings
    hx = x + 240
    coin(d, hx + 14, y + 74, r=14)
    text(d, (hx + 34, y + 74), str(p.pesos), size=22, bold=True, anchor="lm")
    worker(d, hx + 94, y + 74, h=28)
    text(d, (hx + 112, y + 74), str(p.workers), size=22, bold=True, anchor="lm")
    cube_row(d, hx, y + 96, p.cubes, s=26, skip_zero=False)
    text(
        d,
        (hx, y + 142),
        f"hand {p.hand_size} · discard {p.discard_size}",
        size=17,
        fill=MUTED,
        anchor="lm",
    )
    # buildings built
    text(d, (hx, y + 170), f"Built ({len(p.buildings)}):", size=18, bold=True, anchor="lm")
    names = ", ".join(f"{b.name} ({b.vp} VP)" for b in p.buildings) or "none yet"
    _wrap(d, hx, y + 194, names, PW - 254, 2, size=17)


def _wrap(d, x, y, s: str, width: int, lines: int, size: int):
    """`s` on at most `lines` lines of `width`, each cut with an ellipsis if a word is too long."""
    s, cut = dr.clip(s, lines * width)
    out = []
    cur = ""
    for w in s.split(" "):
        cand = (cur + " " + w).strip()
        if dr.length(cand, size) <= width:
            cur = cand
            continue
        out.append(cur)
        cur = w
        if len(out) == lines:
            cut = True
            break
    else:
        out.append(cur)
    out = [line for line in out if line] or [""]
    if cut:
        out[-1] = dr.fit(out[-1] + " …", size, width, min_size=size)[0]
    for i, line in enumerate(out):
        dr.fit_text(d, (x, y + i * (size + 6)), line, width, size=size, anchor="lm")


def _round_label(view: PublicView) -> str:
    if view.round <= 0:
        return "Before round 1"
    return f"Round {view.round} of at most {view.max_rounds}"


def board(view: PublicView, names: Sequence[str] | None = None) -> Image.Image:
    all_names = dr.seat_names(view.players_count, names)
    base, static = _base(height(view.players_count))
    im = base.copy()
    dr.replay(static)
    d = ImageDraw.Draw(im)
    phase = PHASES.get(view.phase, view.phase)
    text(
        d,
        (W - 24, 36),
        f"{_round_label(view)} · {phase} · goal {view.target_vp} VP",
        size=22,
        anchor="rm",
    )
    line = _decision_line(view, all_names)
    if line:
        d.rounded_rectangle(
            (16, 64, W - 16, 116), radius=10, fill=(255, 240, 175), outline=dr.FRAME
        )
        dr.fit_text(
            d, (28, 90), line, W - 56, size=28, bold=True, anchor="lm", min_size=KEY, role="turn"
        )
    _rows(d, view)
    if view.last_move is not None:
        _last_move(d, view, view.last_move, all_names)
    _pool(d, view)
    _order(d, view, all_names)
    for k, p in enumerate(view.players):
        x = 16 + (k % 2) * (PW + 24)
        y = PLAYERS_Y + (k // 2) * (PH + 14)
        _player(d, x, y, p, all_names[p.seat], view)
    return im


# --- the last move -------------------------------------------------------------------------------

LAST_Y = 142
ROW_NAMES = ("top", "bottom")


def _last_move(d: ImageDraw.ImageDraw, view: PublicView, move: LastMove, names: list[str]):
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
        y = ROW_Y[ROW_NAMES.index(row)]
        d.rounded_rectangle(
            (14, y - 26, W - 14, y + CARD_H + 20), radius=13, outline=colour, width=6
        )
    if move.row in ROW_NAMES and move.end in ("left", "right"):
        i = ROW_NAMES.index(move.row)
        y = ROW_Y[i]
        if move.end == "left":
            x = ROW_X0 - 15
        else:
            n = len(view.rows[i].buildings)
            step = min(CARD_W + 10, (W - 40 - ROW_X0 - CARD_W) // max(n - 1, 1))
            x = ROW_X0 + max(n - 1, 0) * step + (CARD_W + 3 if n else 0)
        d.rounded_rectangle((x, y - 6, x + 13, y + CARD_H + 6), radius=4, fill=colour, outline=INK)
    caption = dr.last_caption(names[move.seat], describe(move, names), W - 82, KEY)
    dr.seat_disc(d, 38, LAST_Y, move.seat, r=13)
    dr.fit_text(d, (58, LAST_Y), caption, W - 82, size=KEY, anchor="lm", min_size=KEY, role="last")


def describe(move: LastMove, names: list[str]) -> str:
    """What the last decision did, in a few words, from public facts only (a secret card choice
    is only said to have happened)."""
    building = str(move.building.name) if move.building is not None else None
    where = f" ({move.row} row, {move.end} end)" if move.row and move.end else ""
    victim = names[move.victim] if move.victim is not None and move.victim < len(names) else None
    kind = move.kind
    if kind == "pick":
        return "chose a card in secret"
    if kind == "place":
        return "put down a new card in secret"
    if kind == "refresh":
        return "took back a card" if move.action == "refresh" else "took back no card"
    if kind == "cover" and move.card:
        return f"covered {card_name(move.card)}"
    if kind == "first" and move.card:
        return f"played {card_name(move.card)} first"
    if kind in ("buy", "pay") and building:
        return f"bought {building}{where}" if move.bought else f"is paying for {building}{where}"
    if kind == "demolish" and building:
        return f"demolished {building}{where}"
    if kind == "tax" and victim:
        return f"taxed {victim}"
    if kind == "target" and victim:
        return f"chose to rob {victim}"
    if kind == "steal" and victim:
        return f"stole from {victim}"
    if kind == "mama":
        return "took materials with Mama"
    if move.action in ("end", "skip"):
        return "ended the turn" if move.action == "end" else "skipped"
    return move.action.replace(":", " ")


def screen(view: PlayerView, names: Sequence[str] | None = None) -> Image.Image:
    """The hand, the discard pile and the secret picks of one player."""
    pub = view.public
    all_names = dr.seat_names(pub.players_count, names)
    p = pub.players[view.seat]

    def by_number(cards):
        return sorted(cards, key=lambda c: (CARD_NUMBER.get(c, 99), c))

    sections = [
        ("Face up on the table", tuple(p.face_up)),
        ("Hand", by_number(view.hand)),
        ("Face down, not yet revealed", tuple(view.secret_picks)),
        ("Discard pile (face down)", by_number(view.discard)),
    ]
    per_row = 8
    heights = [60 + max(1, -(-len(cards) // per_row)) * 140 for _, cards in sections]
    im, d = dr.new_canvas(1000, 92 + sum(heights) + 16 * len(sections) + 50)
    dr.pawn(d, 40, 44, view.seat, h=50)
    dr.fit_text(
        d, (76, 44), f"{all_names[view.seat]} — your cards", 560, size=30, bold=True, anchor="lm"
    )
    text(d, (976, 44), f"{p.vp} VP · {p.pesos} $ · {p.workers} workers", size=22, anchor="rm")
    y = 92
    for (title, cards), h in zip(sections, heights, strict=True):
        dr.panel(d, (20, y, 980, y + h))
        text(d, (36, y + 22), f"{title}: {len(cards)}", size=22, bold=True, anchor="lm")
        if not cards:
            text(d, (36, y + 100), "none", size=22, fill=MUTED, anchor="lm")
        for k, card in enumerate(cards):
            action_card(
                d, 36 + (k % per_row) * 116, y + 46 + (k // per_row) * 140, card, w=108, h=130
            )
        y += h + 16
    # A screen is sent by DM and not redrawn as turns go by: it names no decider (that would
    # go stale), only the end of the game.
    line = _decision_line(pub, all_names) if pub.game_over else ""
    if line:
        dr.fit_text(d, (30, y + 20), line, 940, size=20, bold=True, anchor="lm")
    return im
