"""Havana rules: setup, the three phases of a round, the 13 cards, buying and the end.

Rules source: the Havana specification (rulebook transcript), sections 2-8; decisions on its gaps
follow its items E1-E34. Every choice a player makes is one action code; steps where nothing is
left to choose resolve by themselves.

Flow of a round: phase I (`actions`): in the frozen turn order each player resolves both face-up
cards (choosing which first), then buys from the row ends and ends the turn; phase II (supply) is
automatic; phase III (`place`): in the same order each player covers one face-up card with a card
from the hand, face down; then all are revealed together.
"""

from __future__ import annotations

from games import rng
from games.core import Event
from games.text import ENGLISH, Msg, player
from games.text import players as player_list

from .cards import (
    ARCHITECT,
    BLACK_MARKET,
    CARD_IDS,
    CARD_INDEX,
    CENTRE_START_CUBES,
    CENTRE_START_PESOS,
    COLOUR_INDEX,
    COLOURS,
    CUBES_PER_COLOUR,
    DEBRIS,
    DEMOLITION,
    EXCHANGE_RATE,
    MAMA,
    MATERIAL_THIEF,
    PASSIVE,
    PESO_THIEF,
    PESOS,
    PROTECTION,
    REFILL_AT,
    REFILL_CARDS,
    REFRESHMENT,
    ROW_LENGTH,
    RUBBLE,
    RUBBLE_CUBES,
    SET_SIZE,
    SIESTA,
    START_CUBES,
    START_PESOS,
    SUPPLY_CUBES,
    SUPPLY_PESOS,
    TARGET_VP,
    TAX_COLLECTOR,
    TOTAL_PESOS,
    TOTAL_WORKERS,
    WORKERS,
    number_of,
)
from .deck import bundled
from .state import DEMOLISHED, FIRST_BLACK_MARKET, FIRST_WORKERS, Player, State

ROWS = ("top", "bottom")
ENDS = ("left", "right")
SIDES = ("left", "right")
FIRST = ("first",)
BUY = ("buy",)

# Which row ends exist for a row of each length: one card is both ends, offered once as "left".


def row_ends(row: list[int]) -> tuple[int, ...]:
    n = len(row)
    return (0, 1) if n >= 2 else (0,) if n == 1 else ()


def protected(p: Player) -> bool:
    """E9: a face-up protection card shields its owner for the whole round."""
    return PROTECTION in p.up


# ---------------------------------------------------------------- setup


def setup(state: State, row_rule: str) -> None:
    """Section 2: deal the rows (re-dealing until the row-end note holds, E1), give each player
    a random cube and 1 peso, fill the centre, draw the public age ranks (E4)."""
    deck = state.deck
    n = len(deck)
    low = [1 <= b.vp <= 3 for b in deck]
    order = list(range(n))
    for _ in range(1000):
        state.shuffle(order)
        top, bottom = order[:ROW_LENGTH], order[ROW_LENGTH : 2 * ROW_LENGTH]
        if not any(low) or _row_note_holds(top, bottom, low, row_rule):
            break
    state.rows = [top, bottom]
    state.stack = order[2 * ROW_LENGTH :]
    ages = list(range(state.n))
    state.shuffle(ages)
    for seat, p in enumerate(state.players):
        p.age = ages[seat]
        for _ in range(START_CUBES):
            _draw_cube(state, p.cubes)
        p.pesos = START_PESOS
        state.bank_pesos -= START_PESOS
    for _ in range(CENTRE_START_CUBES):
        _draw_cube(state, state.centre)
    state.centre_pesos = CENTRE_START_PESOS
    state.bank_pesos -= CENTRE_START_PESOS


def _row_note_holds(top: list[int], bottom: list[int], low: list[bool], rule: str) -> bool:
    if rule == "both_ends_of_a_row":
        return (low[top[0]] and low[top[-1]]) or (low[bottom[0]] and low[bottom[-1]])
    return low[top[0]] or low[top[-1]] or low[bottom[0]] or low[bottom[-1]]


def new_state(n: int, seed: int, options: dict, deck: tuple) -> State:
    s = State.__new__(State)
    s.n = n
    s.options = options
    s.deck = deck
    s.rng = rng.start(seed)
    s.rows = [[], []]
    s.stack = []
    s.box_buildings = []
    s.bag = [CUBES_PER_COLOUR] * 4 + [RUBBLE_CUBES]
    s.centre = [0] * 5
    s.centre_pesos = 0
    s.bank_pesos = TOTAL_PESOS
    s.bank_workers = TOTAL_WORKERS
    s.box_cubes = [0] * 5
    s.round = 0
    s.phase = "pick"
    s.order = tuple(range(n))
    s.turn = 0
    s.flags = 0
    s.todo = None
    s.sub = None
    s.version = 0
    s.reason = ""
    s.winners = ()
    s.last = None
    s.players = []
    for _ in range(n):
        p = Player.__new__(Player)
        p.cubes = [0] * 5
        p.pesos = 0
        p.workers = 0
        p.buildings = []
        p.vp = 0
        p.hand = list(range(SET_SIZE))
        p.up = []
        p.discard = []
        p.age = 0
        p.picks = []
        p.cover = -1
        p.played = False
        s.players.append(p)
    setup(s, options["row_end_rule"])
    return s


def _draw_cube(s: State, into: list[int]) -> int:
    """E17: one cube drawn uniformly at random from the bag; -1 if the bag is empty (E29)."""
    total = sum(s.bag)
    if not total:
        return -1
    r = s.random(total)
    for colour in range(5):
        r -= s.bag[colour]
        if r < 0:
            s.bag[colour] -= 1
            into[colour] += 1
            return colour
    raise AssertionError("bag count")


# ---------------------------------------------------------------- events


def _ev(events: list, key: str, seat: int | None = None, only_for: int | None = None, **params):

    events.append(Event(Msg("havana.event." + key, params), seat, only_for))


def player_msg(seat: int):
    return player(seat)


def card_msg(card: int):

    return Msg("havana.card." + CARD_IDS[card])


def colour_msg(colour: int):

    return Msg("havana.colour." + COLOURS[colour])


def building_msg(s: State, b: int):

    building = s.deck[b]
    key = "havana.building." + building.id
    if s.deck is bundled() and key in ENGLISH:
        return Msg(key)
    return Msg("havana.building.custom", {"name": building.name})


def cubes_text(cubes: list[int]):
    """A list of cubes as a message, e.g. "2 red, 1 rubble" (or "nothing")."""

    parts = [
        Msg("havana.count_colour", {"count": c, "colour": colour_msg(i)})
        for i, c in enumerate(cubes)
        if c
    ]
    if not parts:
        return Msg("havana.nothing")
    out = parts[0]
    for part in parts[1:]:
        out = Msg("havana.and", {"a": out, "b": part})
    return out


# ---------------------------------------------------------------- rounds


def _start_round(s: State, ev: list) -> None:
    """Section 3.1 and E2: the turn order is fixed once, at the start of phase I."""
    s.round += 1
    players = s.players
    s.order = tuple(sorted(range(s.n), key=lambda v: order_key(players[v])))
    s.phase = "actions"
    s.turn = 0
    s.flags = 0
    s.todo = None
    s.sub = None
    for p in players:
        p.played = False
    _ev(ev, "round", round=s.round, order=player_list(s.order))


def order_key(p: Player) -> tuple[int, ...]:
    """Lower number first; ties: fewer VP, coloured cubes (E3), pesos, workers, rubble, then the
    youngest (the public age rank, E4)."""
    c = p.cubes
    return (number_of(p.up), p.vp, c[0] + c[1] + c[2] + c[3], p.pesos, p.workers, c[4], p.age)


def _supply(s: State, ev: list) -> None:
    """Phase II: 3 cubes from the bag and 3 pesos from the bank to the centre (E29-E31: what is
    available)."""
    drawn = [0] * 5
    for _ in range(SUPPLY_CUBES):
        colour = _draw_cube(s, s.centre)
        if colour >= 0:
            drawn[colour] += 1
    pesos = min(SUPPLY_PESOS, s.bank_pesos)
    s.bank_pesos -= pesos
    s.centre_pesos += pesos
    _ev(ev, "supply", cubes=cubes_text(drawn), pesos=pesos)
    s.phase = "place"
    s.turn = 0
    s.todo = None
    s.sub = None
    for p in s.players:
        p.cover = -1


def _reveal_phase_three(s: State, ev: list) -> None:
    """Section 3.4: reveal all new cards, discard the covered ones, re-sort, recycle at 2 (E25)."""
    for seat in s.order:
        p = s.players[seat]
        new = p.picks[0]
        old = p.up[p.cover]
        p.discard.append(old)
        p.up[p.cover] = new
        p.up.sort()
        p.picks = []
        p.cover = -1
        _ev(
            ev,
            "revealed",
            seat,
            player=player_msg(seat),
            card=card_msg(new),
            old=card_msg(old),
            number=f"{number_of(p.up):02d}",
        )
        if len(p.hand) <= 2:
            p.hand.extend(p.discard)
            p.hand.sort()
            p.discard = []
            _ev(ev, "recycled", seat, player=player_msg(seat), count=len(p.hand))
    if s.round >= s.options["max_rounds"]:
        _finish(s, ev, "round_limit", None)
        return
    _start_round(s, ev)


def _finish(s: State, ev: list, reason: str, winner: int | None) -> None:
    s.phase = "over"
    s.sub = None
    s.todo = None
    s.reason = reason
    if winner is not None:
        s.winners = (winner,)
    else:
        best = max(p.vp for p in s.players)
        s.winners = tuple(v for v in range(s.n) if s.players[v].vp == best)
    _ev(ev, "game_over_" + reason, winners=player_list(s.winners))


# ---------------------------------------------------------------- settling


def settle(s: State, ev: list) -> None:
    """Run everything that needs no decision, up to the next real choice or the end."""
    while True:
        phase = s.phase
        if phase != "actions":
            return
        sub = s.sub
        if sub is None:
            if s.turn >= s.n:
                _supply(s, ev)
                return
            seat = s.order[s.turn]
            p = s.players[seat]
            if s.todo is None:
                s.todo = tuple(p.up)
                _ev(ev, "turn", seat, player=player_msg(seat), number=f"{number_of(p.up):02d}")
            todo = s.todo
            if not todo:
                s.sub = BUY
                continue
            active = [c for c in todo if c not in PASSIVE]
            if len(active) == 2:
                s.sub = FIRST
                return
            s.todo = ()
            if active:
                resolve(s, seat, active[0], ev)
            continue
        kind = sub[0]
        if kind == "pay":
            if _pay_settle(s, ev):
                continue
            return
        if kind == "tax" and not _tax_victims_left(s):
            s.sub = None
            continue
        # E24 / automatic resolution: a step with a single possibility takes it. The steps that
        # get here (buy, demolish, tax, thief target, steal, Mama) read only the table, never a
        # hand or the deck order, so taking them tells nobody anything; a refreshment, which
        # reads the face-down discard pile, always offers 'skip' too and is never forced.
        seat = s.order[s.turn]
        codes = codes_for(s, seat)
        if len(codes) == 1:
            do_action(s, seat, codes[0], ev)
            continue
        return


# ---------------------------------------------------------------- card effects


def _fx_none(s: State, seat: int, ev: list) -> None:
    return None


def _fx_refreshment(s: State, seat: int, ev: list) -> None:
    """Optional: take one chosen card of your own discard pile back into your hand (E13)."""
    if s.players[seat].discard:
        s.sub = ("refresh",)
    else:
        _ev(ev, "nothing_to_refresh", seat, player=player_msg(seat))


def _fx_debris(s: State, seat: int, ev: list) -> None:
    """Mandatory: take all grey cubes of the centre."""
    g = s.centre[RUBBLE]
    s.centre[RUBBLE] = 0
    s.players[seat].cubes[RUBBLE] += g
    _ev(ev, "debris", seat, player=player_msg(seat), count=g)


def _fx_demolition(s: State, seat: int, ev: list) -> None:
    """Optional: remove one row-end building to the box; one demolition per round (E15)."""
    if s.flags & DEMOLISHED:
        _ev(ev, "demolition_used", seat, player=player_msg(seat))
    elif not (s.rows[0] or s.rows[1]):
        _ev(ev, "nothing_to_demolish", seat, player=player_msg(seat))
    else:
        s.sub = ("demolish",)


def _fx_tax_collector(s: State, seat: int, ev: list) -> None:
    """Mandatory: 1 peso from the bank; then 1 worker or 1 cube from each following unprotected
    player (E11), the collector's choice."""
    gain = 1 if s.bank_pesos else 0
    s.bank_pesos -= gain
    s.players[seat].pesos += gain
    _ev(ev, "tax_peso", seat, player=player_msg(seat), pesos=gain)
    victims = tuple(v for v in s.order[s.turn + 1 :] if not protected(s.players[v]))
    s.sub = ("tax", *victims)


def _tax_victims_left(s: State) -> bool:
    """Drop following players who have nothing to lose; True if one remains."""
    sub = s.sub
    victims = [v for v in sub[1:] if _has_any(s.players[v])]
    s.sub = ("tax", *victims)
    return bool(victims)


def _has_any(p: Player) -> bool:
    return p.workers > 0 or any(p.cubes)


def _fx_workers(s: State, seat: int, ev: list) -> None:
    """Mandatory: 2 workers for the first workers card resolved this round, else 1 (E10)."""
    want = 1 if s.flags & FIRST_WORKERS else 2
    s.flags |= FIRST_WORKERS
    got = min(want, s.bank_workers)
    s.bank_workers -= got
    s.players[seat].workers += got
    _ev(ev, "workers", seat, player=player_msg(seat), count=got)


def _fx_architect(s: State, seat: int, ev: list) -> None:
    """Mandatory: 1 worker; the face-up card also meets architect requirements (E12)."""
    got = min(1, s.bank_workers)
    s.bank_workers -= got
    s.players[seat].workers += got
    _ev(ev, "workers", seat, player=player_msg(seat), count=got)


def thief_targets(s: State, seat: int) -> list[int]:
    """E5, E7, E8: unprotected players still to act this round; if the thief acts last, any
    other unprotected player."""
    following = s.order[s.turn + 1 :]
    pool = following if following else [v for v in range(s.n) if v != seat]
    return sorted(v for v in pool if not protected(s.players[v]))


def _fx_thief(s: State, seat: int, ev: list, card: int) -> None:
    if thief_targets(s, seat):
        s.sub = ("target", card)
    else:
        _ev(ev, "no_target", seat, player=player_msg(seat), card=card_msg(card))


def _fx_peso_thief(s: State, seat: int, ev: list) -> None:
    """Mandatory: steal half (rounded down) of one target's pesos."""
    _fx_thief(s, seat, ev, PESO_THIEF)


def _fx_material_thief(s: State, seat: int, ev: list) -> None:
    """Mandatory: steal 1 cube, or 2 if the target has more than 3 coloured cubes (E6, E16)."""
    _fx_thief(s, seat, ev, MATERIAL_THIEF)


def _fx_black_market(s: State, seat: int, ev: list) -> None:
    """Mandatory: 2 random cubes from the bag for the first this round, else 1 (E10, E29)."""
    want = 1 if s.flags & FIRST_BLACK_MARKET else 2
    s.flags |= FIRST_BLACK_MARKET
    drawn = [0] * 5
    p = s.players[seat]
    for _ in range(want):
        colour = _draw_cube(s, p.cubes)
        if colour >= 0:
            drawn[colour] += 1
    _ev(ev, "black_market", seat, player=player_msg(seat), cubes=cubes_text(drawn))


def _fx_pesos(s: State, seat: int, ev: list) -> None:
    """Mandatory: half the centre's pesos, rounded up."""
    take = (s.centre_pesos + 1) // 2
    s.centre_pesos -= take
    s.players[seat].pesos += take
    _ev(ev, "pesos", seat, player=player_msg(seat), pesos=take)


def _fx_mama(s: State, seat: int, ev: list) -> None:
    """Mandatory: half the centre's grey cubes and half its coloured cubes, rounded up; the
    player chooses the colours (one cube at a time)."""
    grey = (s.centre[RUBBLE] + 1) // 2
    s.centre[RUBBLE] -= grey
    s.players[seat].cubes[RUBBLE] += grey
    coloured = (sum(s.centre[:4]) + 1) // 2
    _ev(ev, "mama", seat, player=player_msg(seat), rubble=grey, coloured=coloured)
    if coloured:
        s.sub = ("mama", coloured)


EFFECTS = {
    SIESTA: _fx_none,
    REFRESHMENT: _fx_refreshment,
    PROTECTION: _fx_none,
    DEBRIS: _fx_debris,
    DEMOLITION: _fx_demolition,
    TAX_COLLECTOR: _fx_tax_collector,
    WORKERS: _fx_workers,
    ARCHITECT: _fx_architect,
    PESO_THIEF: _fx_peso_thief,
    MATERIAL_THIEF: _fx_material_thief,
    BLACK_MARKET: _fx_black_market,
    PESOS: _fx_pesos,
    MAMA: _fx_mama,
}


def resolve(s: State, seat: int, card: int, ev: list) -> None:
    EFFECTS[card](s, seat, ev)


# ---------------------------------------------------------------- buildings


def take_from_row(s: State, row: int, end: int, ev: list) -> int:
    """Remove a row end; a row left with 2 cards gets 4 from the deck between them (E21)."""
    cards = s.rows[row]
    b = cards.pop(0 if end == 0 else -1)
    if len(cards) == REFILL_AT and s.stack:
        k = min(REFILL_CARDS, len(s.stack))
        cards[1:1] = s.stack[:k]
        del s.stack[:k]
        _ev(ev, "refill", row=Msg("havana.row." + ROWS[row]), count=k)
    return b


def _after_removal(s: State, ev: list) -> None:
    """E23: no building left anywhere ends the game."""
    if not (s.stack or s.rows[0] or s.rows[1]) and s.phase != "over":
        _finish(s, ev, "no_buildings", None)


def can_buy(s: State, p: Player, b: int) -> bool:
    building = s.deck[b]
    if building.requires_architect and ARCHITECT not in p.up:
        return False
    return pay_feasible(p, building.cost, 0, 0, (0, 0, 0, 0))


def pay_feasible(p: Player, cost: tuple, k: int, ws: int, subs: tuple) -> bool:
    """Can the rest of the cost be paid, after `k` payment units were decided with `ws` workers
    and `subs` cubes (per colour) replaced by the 5-for-1 exchange (section 5.2, E20)?"""
    w = cost[6]
    decided_w = k if k < w else w
    left_w = w - decided_w
    own_w = decided_w - ws
    lo = own_w + left_w - p.workers
    if lo < 0:
        lo = 0
    hi = (p.pesos - cost[5]) // EXCHANGE_RATE - ws
    if hi > left_w:
        hi = left_w
    if lo > hi:
        return False
    kc = k - decided_w
    need = sum(subs)
    for i in range(4):
        c = cost[i]
        dec = kc if kc < c else c
        kc -= dec
        own = dec - subs[i]
        if own > p.cubes[i]:
            return False
        short = own + c - dec - p.cubes[i]
        if short > 0:
            need += short
    return cost[4] + EXCHANGE_RATE * need <= p.cubes[RUBBLE]


def pay_unit(cost: tuple, k: int) -> int:
    """Payment unit `k`: -1 for a worker, else the colour index of a coloured cube."""
    if k < cost[6]:
        return -1
    k -= cost[6]
    for i in range(4):
        if k < cost[i]:
            return i
        k -= cost[i]
    raise IndexError(k)


def pay_options(s: State, p: Player) -> tuple[bool, bool]:
    """For the current unit: (own resource possible, exchange possible)."""
    _, b, _, _, k, ws, *subs = s.sub
    cost = s.deck[b].cost
    unit = pay_unit(cost, k)
    if unit < 0:
        return (
            pay_feasible(p, cost, k + 1, ws, tuple(subs)),
            pay_feasible(p, cost, k + 1, ws + 1, tuple(subs)),
        )
    more = list(subs)
    more[unit] += 1
    return pay_feasible(p, cost, k + 1, ws, tuple(subs)), pay_feasible(
        p, cost, k + 1, ws, tuple(more)
    )


def _pay_settle(s: State, ev: list) -> bool:
    """Decide forced payment units; pay when all are decided. True when the purchase is done."""
    seat = s.order[s.turn]
    p = s.players[seat]
    while True:
        _, b, row, end, k, ws, *subs = s.sub
        cost = s.deck[b].cost
        if k == cost[6] + cost[0] + cost[1] + cost[2] + cost[3]:
            _complete_purchase(s, seat, ev)
            return True
        own, swap = pay_options(s, p)
        if own and swap:
            return False
        _pay_choose(s, swap)


def _pay_choose(s: State, swap: bool) -> None:
    _, b, row, end, k, ws, *subs = s.sub
    if swap:
        unit = pay_unit(s.deck[b].cost, k)
        if unit < 0:
            ws += 1
        else:
            subs[unit] += 1
    s.sub = ("pay", b, row, end, k + 1, ws, *subs)


def _complete_purchase(s: State, seat: int, ev: list) -> None:
    """Section 5.2: cubes to the box, pesos and workers to the bank; VP are permanent."""
    _, b, row, end, _, ws, *subs = s.sub
    p = s.players[seat]
    cost = s.deck[b].cost
    paid = [0] * 5
    for i in range(4):
        paid[i] = cost[i] - subs[i]
    paid[RUBBLE] = cost[4] + EXCHANGE_RATE * sum(subs)
    pesos = cost[5] + EXCHANGE_RATE * ws
    workers = cost[6] - ws
    for i in range(5):
        p.cubes[i] -= paid[i]
        s.box_cubes[i] += paid[i]
    p.pesos -= pesos
    s.bank_pesos += pesos
    p.workers -= workers
    s.bank_workers += workers
    taken = take_from_row(s, row, end, ev)
    assert taken == b
    p.buildings.append(b)
    p.vp += s.deck[b].vp
    s.sub = BUY
    _ev(
        ev,
        "bought",
        seat,
        player=player_msg(seat),
        building=building_msg(s, b),
        vp=s.deck[b].vp,
        total=p.vp,
        cubes=cubes_text(paid),
        pesos=pesos,
        workers=workers,
    )
    if p.vp >= TARGET_VP[s.n]:
        _finish(s, ev, "target", seat)
        return
    _after_removal(s, ev)


# ---------------------------------------------------------------- decisions


def pending_seats(s: State) -> list[int]:
    if s.phase == "pick":
        return [v for v in range(s.n) if len(s.players[v].picks) < 2]
    if s.phase in ("actions", "place"):
        return [s.order[s.turn]]
    return []


def codes_for(s: State, seat: int) -> list[str]:
    """Every legal code of `seat` now (no labels: the fast path)."""
    phase = s.phase
    p = s.players[seat]
    if phase == "pick":
        if len(p.picks) >= 2:
            return []
        return ["pick:" + CARD_IDS[c] for c in p.hand]
    if phase == "place":
        if s.order[s.turn] != seat:
            return []
        if p.cover < 0:
            return ["cover:left", "cover:right"]
        return ["place:" + CARD_IDS[c] for c in p.hand]
    if phase != "actions" or s.order[s.turn] != seat:
        return []
    sub = s.sub
    kind = sub[0] if sub else ""
    if kind == "buy":
        out = []
        for r in (0, 1):
            row = s.rows[r]
            for e in row_ends(row):
                if can_buy(s, p, row[0] if e == 0 else row[-1]):
                    out.append(f"buy:{ROWS[r]}:{ENDS[e]}")
        out.append("end")
        return out
    if kind == "first":
        return ["first:" + CARD_IDS[c] for c in s.todo]
    if kind == "pay":
        unit = pay_unit(s.deck[sub[1]].cost, sub[4])
        if unit < 0:
            return ["pay:worker", "pay:pesos"]
        return ["pay:" + COLOURS[unit], "pay:rubble"]
    if kind == "refresh":
        return ["refresh:" + CARD_IDS[c] for c in sorted(set(p.discard))] + ["skip"]
    if kind == "demolish":
        out = [f"demolish:{ROWS[r]}:{ENDS[e]}" for r in (0, 1) for e in row_ends(s.rows[r])]
        out.append("skip")
        return out
    if kind == "tax":
        victim = s.players[sub[1]]
        out = ["remove:worker"] if victim.workers else []
        out.extend("remove:" + COLOURS[i] for i in range(5) if victim.cubes[i])
        return out
    if kind == "target":
        return [f"target:{v + 1}" for v in thief_targets(s, seat)]
    if kind == "steal":
        victim = s.players[sub[1]]
        return ["take:" + COLOURS[i] for i in range(5) if victim.cubes[i]]
    if kind == "mama":
        return ["take:" + COLOURS[i] for i in range(4) if s.centre[i]]
    return []


# Codes that name a card the table may not see: the last move keeps only their first word.
SECRET_HEADS = frozenset({"pick", "place", "refresh"})


def decision_kind(s: State, seat: int) -> str:
    """The kind of `seat`'s pending decision (the `Decision.kind` of `pending`)."""
    if s.phase == "pick":
        return "pick"
    if s.phase == "place":
        return "cover" if s.players[seat].cover < 0 else "place"
    return s.sub[0]


def public_last(before: State, seat: int, code: str, after: State) -> tuple:
    """The decision `seat` took from `before` to `after`, in public terms: (seat, kind, action,
    card, building, row, end, bought, rows changed as a bit mask, victim), -1 for none.

    A pick, a placement or a refreshment names a card of the hand or the discard pile: only the
    word stays. Everything else read here lies on the table.
    """
    head, _, arg = code.partition(":")
    kind = decision_kind(before, seat)
    card = building = row = end = victim = -1
    if head == "first":
        card = CARD_INDEX[arg]
    elif head == "cover":
        card = before.players[seat].up[SIDES.index(arg)]
    elif head in ("buy", "demolish"):
        r_name, _, e_name = arg.partition(":")
        row, end = ROWS.index(r_name), ENDS.index(e_name)
        cards = before.rows[row]
        building = cards[0] if end == 0 or len(cards) == 1 else cards[-1]
    elif head == "pay":
        _, building, row, end = before.sub[:4]
    elif head in ("remove", "take") and before.sub[0] in ("tax", "steal"):
        victim = before.sub[1]
    elif head == "target":
        victim = int(arg) - 1
    bought = building >= 0 and head != "demolish" and building in after.players[seat].buildings
    changed = sum(1 << r for r in (0, 1) if before.rows[r] != after.rows[r])
    action = head if head in SECRET_HEADS else code
    return (seat, kind, action, card, building, row, end, int(bought), changed, victim)


def do_action(s: State, seat: int, code: str, ev: list) -> None:
    """Apply a code already known to be legal, then settle."""
    head, _, arg = code.partition(":")
    p = s.players[seat]
    phase = s.phase
    if phase == "pick":
        card = CARD_INDEX[arg]
        p.hand.remove(card)
        p.picks.append(card)
        _ev(ev, "picked", seat, player=player_msg(seat))
        _ev(ev, "picked_card", seat, seat, card=card_msg(card))
        if all(len(q.picks) == 2 for q in s.players):
            for v, q in enumerate(s.players):
                q.up = sorted(q.picks)
                q.picks = []
                _ev(
                    ev,
                    "first_reveal",
                    v,
                    player=player_msg(v),
                    left=card_msg(q.up[0]),
                    right=card_msg(q.up[1]),
                    number=f"{number_of(q.up):02d}",
                )
            _start_round(s, ev)
            settle(s, ev)
        return
    if phase == "place":
        if head == "cover":
            p.cover = SIDES.index(arg)
            _ev(
                ev,
                "cover",
                seat,
                player=player_msg(seat),
                side=Msg("havana.side." + arg),
                card=card_msg(p.up[p.cover]),
            )
            return
        card = CARD_INDEX[arg]
        p.hand.remove(card)
        p.picks = [card]
        _ev(ev, "placed", seat, player=player_msg(seat))
        _ev(ev, "placed_card", seat, seat, card=card_msg(card))
        s.turn += 1
        if s.turn >= s.n:
            _reveal_phase_three(s, ev)
            settle(s, ev)
        return
    # phase I
    if head == "first":
        card = CARD_INDEX[arg]
        s.todo = tuple(c for c in s.todo if c != card)
        s.sub = None
        resolve(s, seat, card, ev)
    elif head == "end":
        p.played = True
        _ev(ev, "turn_end", seat, player=player_msg(seat))
        s.turn += 1
        s.todo = None
        s.sub = None
    elif head == "buy":
        r_name, _, e_name = arg.partition(":")
        r, e = ROWS.index(r_name), ENDS.index(e_name)
        row = s.rows[r]
        b = row[0] if e == 0 or len(row) == 1 else row[-1]
        s.sub = ("pay", b, r, e, 0, 0, 0, 0, 0, 0)
    elif head == "pay":
        _pay_choose(s, arg in ("pesos", "rubble"))
    elif head == "skip":
        if s.sub[0] == "refresh":
            _ev(ev, "refresh_declined", seat, player=player_msg(seat))
        else:
            _ev(ev, "demolish_declined", seat, player=player_msg(seat))
        s.sub = None
    elif head == "refresh":
        card = CARD_INDEX[arg]
        p.discard.remove(card)
        p.hand.append(card)
        p.hand.sort()
        _ev(ev, "refreshed", seat, player=player_msg(seat))
        _ev(ev, "refreshed_card", seat, seat, card=card_msg(card))
        s.sub = None
    elif head == "demolish":
        r_name, _, e_name = arg.partition(":")
        r, e = ROWS.index(r_name), ENDS.index(e_name)
        b = take_from_row(s, r, e, ev)
        s.box_buildings.append(b)
        s.flags |= DEMOLISHED
        _ev(ev, "demolished", seat, player=player_msg(seat), building=building_msg(s, b))
        s.sub = None
        _after_removal(s, ev)
    elif head == "remove":
        victim_seat = s.sub[1]
        victim = s.players[victim_seat]
        if arg == "worker":
            victim.workers -= 1
            s.bank_workers += 1
            what = _msg("havana.a_worker")
        else:
            colour = COLOUR_INDEX[arg]
            victim.cubes[colour] -= 1
            s.box_cubes[colour] += 1
            what = _msg("havana.a_cube", colour=colour_msg(colour))
        _ev(ev, "taxed", seat, player=player_msg(seat), victim=player_msg(victim_seat), what=what)
        s.sub = ("tax", *s.sub[2:])
    elif head == "target":
        victim_seat = int(arg) - 1
        victim = s.players[victim_seat]
        if s.sub[1] == PESO_THIEF:
            take = victim.pesos // 2
            victim.pesos -= take
            p.pesos += take
            _ev(
                ev,
                "peso_theft",
                seat,
                player=player_msg(seat),
                victim=player_msg(victim_seat),
                pesos=take,
            )
            s.sub = None
        else:
            c = victim.cubes
            entitled = 2 if c[0] + c[1] + c[2] + c[3] > 3 else 1
            count = min(entitled, sum(c))
            _ev(
                ev,
                "material_target",
                seat,
                player=player_msg(seat),
                victim=player_msg(victim_seat),
                count=count,
            )
            s.sub = ("steal", victim_seat, count) if count else None
    elif head == "take":
        colour = COLOUR_INDEX[arg]
        if s.sub[0] == "steal":
            _, victim_seat, left = s.sub
            s.players[victim_seat].cubes[colour] -= 1
            p.cubes[colour] += 1
            _ev(
                ev,
                "stolen",
                seat,
                player=player_msg(seat),
                victim=player_msg(victim_seat),
                colour=colour_msg(colour),
            )
            s.sub = ("steal", victim_seat, left - 1) if left > 1 else None
        else:
            s.centre[colour] -= 1
            p.cubes[colour] += 1
            _ev(ev, "mama_take", seat, player=player_msg(seat), colour=colour_msg(colour))
            left = s.sub[1] - 1
            s.sub = ("mama", left) if left else None
    if s.phase == "actions":
        settle(s, ev)


def _msg(key: str, **params):

    return Msg(key, params)
