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
from games.text import Msg

from . import draw as dr
from .captions import current, known, say, say_msg
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


def letter(colour: str) -> str:
    """The letter that tells a material apart without colour, in the picture's language."""
    key = f"pic.havana.letter.{colour}"
    return say(key) if known(key) else CUBE_STYLE[colour][1]


def _words(value) -> str:
    """An engine text (a building's name, a reason) in the picture's language."""
    return say_msg(value) if isinstance(value, Msg) else str(value)


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
        fill = CUBE_STYLE[colour][0]
        dr.cube(d, x, y, fill, letter(colour), s=s)
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
    # the name on one or two lines between the number and the bottom edge
    top = y + h * 0.56
    dr.fit_text(
        d,
        (x + w / 2, (top + y + h - 2) / 2),
        card_name(card),
        w - 8,
        size=17,
        anchor="mm",
        role="card",
        lines=2,
        height=y + h - 2 - top,
    )


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
        buy = say("pic.havana.buy")
        dr.fit_text(
            d,
            (x + 43, y - 1),
            buy,
            66,
            size=18,
            bold=True,
            fill=(255, 255, 255),
            anchor="mm",
            min_size=9,
        )
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
    vp = say("pic.vp_label")
    dr.fit_text(
        d, (x + w - 34, y + 50), vp, 44, size=12, bold=True, fill=white, anchor="mm", min_size=8
    )
    # the name left of the VP circle, on two lines if need be
    dr.fit_text(
        d,
        (x + 9, y + 34),
        _words(b.name),
        w - 72,
        size=20,
        bold=True,
        anchor="lm",
        role="building",
        lines=2,
        height=56,
        min_size=13,
    )
    if b.cost.requires_architect:
        d.rounded_rectangle((x + 6, y + 64, x + w - 6, y + 90), radius=6, fill=(60, 60, 120))
        dr.fit_text(
            d,
            (x + w / 2, y + 77),
            say("pic.havana.architect"),
            w - 14,
            size=KEY,
            bold=True,
            fill=white,
            anchor="mm",
            min_size=KEY,
            role="cost",
        )
    else:
        dr.fit_text(
            d,
            (x + 10, y + 77),
            say("pic.havana.cost"),
            w - 20,
            size=16,
            fill=MUTED,
            anchor="lm",
            min_size=9,
        )
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
        free = say("pic.havana.free")
        dr.fit_text(
            d,
            (x + 10, y + 110),
            free,
            w - 20,
            size=KEY,
            bold=True,
            anchor="lm",
            min_size=KEY,
            role="cost",
        )


def _vertical_label(im: Image.Image, label: str, cx: float, cy: float):
    label, f = dr.fit(label, 20, CARD_H + 30, True, 11)
    w = int(dr.length(label, f.size, True)) + 4
    dr.replay(
        [
            dr.Drawn(
                "", label, (int(cx - 13), int(cy - w / 2), int(cx + 13), int(cy + w / 2)), f.size
            )
        ]
    )
    tile = Image.new("RGB", (w, 26), (236, 228, 210))
    ImageDraw.Draw(tile).text((2, 13), label, font=f, fill=MUTED, anchor="lm")
    tile = tile.rotate(90, expand=True)
    im.paste(tile, (int(cx - tile.width / 2), int(cy - tile.height / 2)))


def height(players: int) -> int:
    """The board ends below the last row of player panels (two panels per row)."""
    return PLAYERS_Y + ((players + 1) // 2) * (PH + 14) + 10


def _base(h: int) -> tuple[Image.Image, tuple[dr.Drawn, ...]]:
    return _base_in(h, current())


@lru_cache(maxsize=16)
def _base_in(h: int, _lang: str) -> tuple[Image.Image, tuple[dr.Drawn, ...]]:
    """The frames and the legend, with the texts drawn on them."""
    with dr.recording() as drawn:
        im = _draw_base(h)
    return im, tuple(drawn)


def _draw_base(h: int) -> Image.Image:
    im, d = dr.new_canvas(W, h)
    dr.fit_text(d, (24, 16), say("havana.title"), 420, size=34, bold=True)
    for i, label in enumerate((say("pic.havana.top_row"), say("pic.havana.bottom_row"))):
        y = ROW_Y[i]
        dr.panel(d, (16, y - 24, W - 16, y + CARD_H + 18), fill=(236, 228, 210))
        _vertical_label(im, label, 26, y + CARD_H / 2)
    # legend of materials (colour + letter)
    lx = 24
    ly = POOL_Y + 70
    labels = [
        say(f"pic.havana.legend.{c}") if known(f"pic.havana.legend.{c}") else colour_name(c)
        for c in COLOURS
    ] + [say("pic.havana.pesos"), say("pic.havana.workers")]
    # One line of 7 entries, each a symbol and a word: a longer language draws them smaller.
    size = 18
    while size > 11 and sum(dr.length(t, size) for t in labels) + 48 * len(labels) > W - 2 * lx:
        size -= 1
    x = lx
    for k, label in enumerate(labels):
        if k < len(COLOURS):
            colour = COLOURS[k]
            dr.cube(d, x, ly - 13, CUBE_STYLE[colour][0], letter(colour), s=26)
        elif k == len(COLOURS):
            coin(d, x + 14, ly, r=13)
        else:
            worker(d, x + 14, ly, h=26)
        room = int(dr.length(label, size)) + 1
        dr.fit_text(
            d, (x + 32, ly), label, min(room, W - lx - x - 32), size=size, anchor="lm", min_size=9
        )
        x += 48 + room
    return im


def _decision_line(view: PublicView, names: list[str]) -> str:
    if view.game_over:
        won = ", ".join(names[s] for s in view.winners)
        if view.end_reason is None:
            return say("pic.havana.winner", winners=won) if won else say("pic.game_over")
        reason = _words(view.end_reason)
        if won:
            return say("pic.havana.winner_why", winners=won, reason=reason)
        return say("pic.havana.over_why", reason=reason)
    seats = []
    for p in view.pending:
        if p.seat not in seats:
            seats.append(p.seat)
    if not seats:
        return ""
    who = ", ".join(names[s] for s in seats)
    if len(view.pending) == 1 and not view.pending[0].secret:
        return say("pic.now", who=who, prompt=_words(view.pending[0].prompt))
    if all(p.secret for p in view.pending):
        return say("pic.havana.secret", who=who)
    return say("pic.waiting", who=who)


def _phase(phase: str) -> str:
    key = f"pic.havana.phase.{phase}"
    return say(key) if known(key) else phase


def _rows(d, view: PublicView):
    for i, row in enumerate(view.rows):
        y = ROW_Y[i]
        n = len(row.buildings)
        if n == 0:
            empty = say("pic.havana.empty")
            dr.fit_text(
                d, (ROW_X0 + 30, y + CARD_H / 2), empty, 600, size=22, fill=MUTED, anchor="lm"
            )
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
    dr.fit_text(
        d, (30, y + 17), say("pic.havana.centre"), 94, size=22, bold=True, anchor="lm", min_size=11
    )
    coin(d, 140, y + 17, r=15)
    text(d, (160, y + 17), str(view.centre.pesos), size=24, bold=True, anchor="lm")
    cube_row(d, 215, y + 2, view.centre.cubes, s=30, skip_zero=False)
    dr.panel(d, (632, y - 10, W - 16, y + 44))
    bits = [
        say("pic.havana.bank", pesos=view.bank_pesos),
        say("pic.havana.bank_workers", n=view.bank_workers),
        say("pic.havana.bag", n=view.bag_count),
        say("pic.havana.deck", n=view.deck_count),
    ]
    dr.fit_text(d, (644, y + 17), " · ".join(bits), W - 16 - 656, size=20, anchor="lm")


def _order(d, view: PublicView, names: list[str]):
    y = ORDER_Y
    parts = []
    for k, seat in enumerate(view.turn_order):
        p = view.players[seat]
        # left to right is the order; the number is the one on the player's cards
        parts.append((k, seat, f"{names[seat]} {p.number_text}".rstrip()))
    order = say("pic.havana.turn_order")
    dr.fit_text(d, (24, y + 18), order, 120, size=20, bold=True, anchor="lm", min_size=10)
    x = 150
    flags = []
    if view.demolition_used:
        flags.append(say("pic.havana.demolition_used"))
    tail = ("  ·  " + ", ".join(flags)) if flags else ""
    if not parts:
        unset = say("pic.havana.order_unset")
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
        flags_text = tail.strip(" ·")
        dr.fit_text(
            d,
            (x + 4, y + 18),
            flags_text,
            W - 16 - x - 4,
            size=18,
            fill=MUTED,
            anchor="lm",
            min_size=10,
        )


def _player(d, x: int, y: int, p: PlayerPublic, name: str, view: PublicView):
    active = p.seat == view.active_seat or p.seat in {q.seat for q in view.pending}
    dr.panel(
        d, (x, y, x + PW, y + PH), fill=(255, 244, 200) if active and not view.game_over else PANEL
    )
    dr.pawn(d, x + 24, y + 28, p.seat, h=38)
    dr.fit_text(d, (x + 50, y + 26), name, PW - 230, size=24, bold=True, anchor="lm")
    vp = say("pic.havana.vp_goal", vp=p.vp, goal=view.target_vp)
    dr.fit_text(
        d,
        (x + PW - 14, y + 26),
        vp,
        170,
        size=KEY + 2,
        bold=True,
        anchor="rm",
        min_size=KEY,
        role="vp",
    )
    # face-up cards (and what is being placed on them)
    for k in range(2):
        cx = x + 14 + k * 110
        card = p.face_up[k] if k < len(p.face_up) else None
        if card is None and k >= p.picked:
            # an empty place: this card has not been chosen yet
            d.rounded_rectangle((cx, y + 56, cx + 104, y + 168), radius=10, outline=MUTED, width=2)
            to_pick = say("pic.havana.to_pick")
            dr.fit_text(
                d, (cx + 52, y + 112), to_pick, 96, size=16, fill=MUTED, anchor="mm", min_size=9
            )
        else:
            action_card(d, cx, y + 56, card, w=104, face_down=card is None)
        side = "left" if k == 0 else "right"
        if p.covering == side and p.placed:
            d.rounded_rectangle((cx + 10, y + 50, cx + 94, y + 72), radius=6, fill=(70, 60, 90))
            dr.fit_text(
                d,
                (cx + 52, y + 61),
                say("pic.havana.covered"),
                80,
                size=15,
                bold=True,
                fill=(255, 255, 255),
                anchor="mm",
                min_size=8,
            )
    dr.fit_text(
        d,
        (x + 14, y + 190),
        say("pic.havana.number", number=p.number_text) if p.number_text else "",
        220,
        size=KEY,
        bold=True,
        anchor="lm",
        min_size=KEY,
        role="order",
    )
    status = []
    if view.phase == "pick":
        status.append(say("pic.havana.picked", n=p.picked))
    if p.protected:
        status.append(say("pic.havana.protected"))
    if p.has_played and view.phase == "actions":
        status.append(say("pic.havana.done"))
    dr.fit_text(
        d, (x + 14, y + 226), ", ".join(status), 220, size=17, fill=MUTED, anchor="lm", min_size=10
    )
    # holdings
    hx = x + 240
    coin(d, hx + 14, y + 74, r=14)
    text(d, (hx + 34, y + 74), str(p.pesos), size=22, bold=True, anchor="lm")
    worker(d, hx + 94, y + 74, h=28)
    text(d, (hx + 112, y + 74), str(p.workers), size=22, bold=True, anchor="lm")
    cube_row(d, hx, y + 96, p.cubes, s=26, skip_zero=False)
    dr.fit_text(
        d,
        (hx, y + 142),
        say("pic.havana.hand_discard", hand=p.hand_size, discard=p.discard_size),
        PW - 254,
        size=17,
        fill=MUTED,
        anchor="lm",
        min_size=10,
    )
    # buildings built
    built = say("pic.havana.built", n=len(p.buildings))
    dr.fit_text(d, (hx, y + 170), built, PW - 254, size=18, bold=True, anchor="lm", min_size=10)
    names = ", ".join(
        say("pic.havana.built_one", name=_words(b.name), vp=b.vp) for b in p.buildings
    ) or say("pic.havana.none_yet")
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
        return say("pic.havana.before_round")
    return say("pic.havana.round_of", round=view.round, rounds=view.max_rounds)


def board(
    view: PublicView, names: Sequence[str] | None = None, move: int | None = None
) -> Image.Image:
    all_names = dr.seat_names(view.players_count, names)
    base, static = _base(height(view.players_count))
    im = base.copy()
    dr.replay(static)
    d = ImageDraw.Draw(im)
    status = say(
        "pic.havana.status", round=_round_label(view), phase=_phase(view.phase), vp=view.target_vp
    )
    dr.fit_text(d, (W - 24, 36), status, W - 24 - 200, size=22, anchor="rm", min_size=12)
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
    building = _words(move.building.name) if move.building is not None else None
    where = None
    if move.row and move.end:
        row = dr.term(f"havana.row.{move.row}", move.row)
        end = dr.term(f"havana.end_name.{move.end}", move.end)
        where = say("pic.havana.where", row=row, end=end)
    victim = names[move.victim] if move.victim is not None and move.victim < len(names) else None
    kind = move.kind
    if kind == "pick":
        return say("pic.havana.chose_secret")
    if kind == "place":
        return say("pic.havana.placed_secret")
    if kind == "refresh":
        return say(
            "pic.havana.took_back" if move.action == "refresh" else "pic.havana.took_back_none"
        )
    if kind == "cover" and move.card:
        return say("pic.havana.covered_card", card=card_name(move.card))
    if kind == "first" and move.card:
        return say("pic.havana.first", card=card_name(move.card))
    if kind in ("buy", "pay") and building:
        key = "pic.havana.bought" if move.bought else "pic.havana.paying"
        if where:
            return say(key + "_at", building=building, where=where)
        return say(key, building=building)
    if kind == "demolish" and building:
        if where:
            return say("pic.havana.demolished_at", building=building, where=where)
        return say("pic.havana.demolished", building=building)
    if kind == "tax" and victim:
        return say("pic.havana.taxed", victim=victim)
    if kind == "target" and victim:
        return say("pic.havana.chose_victim", victim=victim)
    if kind == "steal" and victim:
        return say("pic.havana.stole", victim=victim)
    if kind == "mama":
        return say("pic.havana.mama")
    if move.action in ("end", "skip"):
        return say("pic.havana.ended_turn" if move.action == "end" else "pic.havana.skipped")
    return move.action.replace(":", " ")


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
    per_row, card_w, card_h, pitch = 5, 100, 124, 110
    # an empty pile takes one line ("none"), not a row of cards
    heights = [
        50 + (-(-len(cards) // per_row) * (card_h + 10) if cards else 34) for _, cards in sections
    ]
    # A screen is sent by DM and not redrawn as turns go by: it names no decider (that would
    # go stale), only the end of the game.
    last = _decision_line(pub, all_names) if pub.game_over else ""
    top = 104
    bottom = top + sum(heights) + 12 * len(sections) + (60 if last else 0)
    im, d = dr.new_canvas(dr.SCREEN_W, bottom)
    dr.pawn(d, 32, 38, view.seat, h=48)
    title = say("pic.your_cards", name=all_names[view.seat])
    dr.fit_text(d, (64, 38), title, 520, size=26, bold=True, anchor="lm")
    figures = say("pic.havana.screen_figures", vp=p.vp, pesos=p.pesos, n=p.workers)
    dr.fit_text(d, (24, 82), figures, 552, size=20, anchor="lm")
    y = top
    for (title, cards), h in zip(sections, heights, strict=True):
        dr.panel(d, (16, y, 584, y + h))
        pile = say("pic.havana.pile", title=title, n=len(cards))
        dr.fit_text(d, (30, y + 22), pile, 540, size=20, bold=True, anchor="lm")
        if not cards:
            dr.fit_text(d, (30, y + 58), say("pic.none"), 540, size=18, fill=MUTED, anchor="lm")
        for k, card in enumerate(cards):
            x = 30 + (k % per_row) * pitch
            action_card(d, x, y + 42 + (k // per_row) * (card_h + 10), card, w=card_w, h=card_h)
        y += h + 12
    if last:
        dr.fit_text(d, (24, y + 6), last, 552, size=20, bold=True, lines=2, height=52)
    return im
