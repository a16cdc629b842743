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
from games.text import joined as joined_as
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
    return PROTECTION in p.face_up


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
    ages = list(range(state.player_count))
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
    state = State.__new__(State)
    state.player_count = n
    state.options = options
    state.deck = deck
    state.rng = rng.start(seed)
    state.rows = [[], []]
    state.stack = []
    state.box_buildings = []
    state.bag = [CUBES_PER_COLOUR] * 4 + [RUBBLE_CUBES]
    state.centre = [0] * 5
    state.centre_pesos = 0
    state.bank_pesos = TOTAL_PESOS
    state.bank_workers = TOTAL_WORKERS
    state.box_cubes = [0] * 5
    state.round = 0
    state.phase = "pick"
    state.order = tuple(range(n))
    state.turn = 0
    state.flags = 0
    state.cards_to_resolve = None
    state.step = None
    state.version = 0
    state.reason = ""
    state.winners = ()
    state.last = None
    state.players = []
    for _ in range(n):
        p = Player.__new__(Player)
        p.cubes = [0] * 5
        p.pesos = 0
        p.workers = 0
        p.buildings = []
        p.vp = 0
        p.hand = list(range(SET_SIZE))
        p.face_up = []
        p.discard = []
        p.age = 0
        p.unrevealed = []
        p.cover = -1
        p.played = False
        state.players.append(p)
    setup(state, options["row_end_rule"])
    return state


def _draw_cube(state: State, into: list[int]) -> int:
    """E17: one cube drawn uniformly at random from the bag; -1 if the bag is empty (E29)."""
    total = sum(state.bag)
    if not total:
        return -1
    r = state.random(total)
    for colour in range(5):
        r -= state.bag[colour]
        if r < 0:
            state.bag[colour] -= 1
            into[colour] += 1
            return colour
    raise AssertionError("bag count")


# ---------------------------------------------------------------- events


def _event(events: list, key: str, seat: int | None = None, only_for: int | None = None, **params):
    """Log `havana.event.<key>` as `seat`'s doing (None: the game's); `only_for` set: a hidden
    thing that seat alone may see (`games.core.Event`)."""
    events.append(Event(Msg("havana.event." + key, params), seat, only_for))


def player_msg(seat: int):
    return player(seat)


def card_msg(card: int):

    return Msg("havana.card." + CARD_IDS[card])


def building_msg(state: State, b: int):

    building = state.deck[b]
    key = "havana.building." + building.id
    if state.deck is bundled() and key in ENGLISH:
        return Msg(key)
    return Msg("havana.building.custom", {"name": building.name})


def cubes_text(cubes: list[int]):
    """A list of cubes as a message, e.g. "2 red cubes and 1 rubble cube" (or "nothing")."""
    return listed(_cube_parts(cubes))


def price_text(cubes: list[int], pesos: int, workers: int):
    """What a building cost, e.g. "1 yellow cube and 2 pesos": only the parts paid, no "0
    workers"."""
    parts = _cube_parts(cubes)
    if pesos:
        parts.append(Msg("havana.price.pesos", {"pesos": pesos}))
    if workers:
        parts.append(Msg("havana.price.workers", {"workers": workers}))
    return listed(parts)


def _cube_parts(cubes: list[int]) -> list:
    return [cubes_msg(i, c) for i, c in enumerate(cubes) if c]


def cubes_msg(colour: int, count: int):
    """`count` cubes of one colour ("2 red cubes"): the catalogue words the number and the
    colour together, as each language agrees them."""
    return Msg("havana.cubes." + COLOURS[colour], {"count": count})


def listed(parts: list):
    """`joined`, or "nothing" for no parts."""
    if not parts:
        return Msg("havana.nothing")
    return joined(parts)


def joined(parts: list):
    """A list of parts as one message: "havana.and" between them and "havana.and_last" before
    the last one (the keys its stored events name), so a language can say "a, b and c"."""
    return joined_as(parts, "havana.and", "havana.and_last")


# ---------------------------------------------------------------- rounds


def _start_round(state: State, events: list) -> None:
    """Section 3.1 and E2: the turn order is fixed once, at the start of phase I."""
    state.round += 1
    players = state.players
    state.order = tuple(sorted(range(state.player_count), key=lambda v: order_key(players[v])))
    state.phase = "actions"
    state.turn = 0
    state.flags = 0
    state.cards_to_resolve = None
    state.step = None
    for p in players:
        p.played = False
    _event(events, "round", round=state.round, order=player_list(state.order))


def order_key(p: Player) -> tuple[int, ...]:
    """Lower number first; ties: fewer VP, coloured cubes (E3), pesos, workers, rubble, then the
    youngest (the public age rank, E4)."""
    c = p.cubes
    return (number_of(p.face_up), p.vp, c[0] + c[1] + c[2] + c[3], p.pesos, p.workers, c[4], p.age)


def _supply(state: State, events: list) -> None:
    """Phase II: 3 cubes from the bag and 3 pesos from the bank to the centre (E29-E31: what is
    available)."""
    drawn = [0] * 5
    for _ in range(SUPPLY_CUBES):
        colour = _draw_cube(state, state.centre)
        if colour >= 0:
            drawn[colour] += 1
    pesos = min(SUPPLY_PESOS, state.bank_pesos)
    state.bank_pesos -= pesos
    state.centre_pesos += pesos
    if any(drawn):
        _event(events, "supply", cubes=cubes_text(drawn), pesos=pesos)
    else:  # an empty bag: no cubes to name ("nothing and 3 pesos" is no sentence)
        _event(events, "supply_pesos", pesos=pesos)
    state.phase = "place"
    state.turn = 0
    state.cards_to_resolve = None
    state.step = None
    for p in state.players:
        p.cover = -1


def _reveal_phase_three(state: State, events: list) -> None:
    """Section 3.4: reveal all new cards, discard the covered ones, re-sort, recycle at 2 (E25)."""
    for seat in state.order:
        p = state.players[seat]
        new = p.unrevealed[0]
        old = p.face_up[p.cover]
        p.discard.append(old)
        p.face_up[p.cover] = new
        p.face_up.sort()
        p.unrevealed = []
        p.cover = -1
        _event(
            events,
            "revealed",
            seat,
            player=player_msg(seat),
            card=card_msg(new),
            old=card_msg(old),
            number=f"{number_of(p.face_up):02d}",
        )
        if len(p.hand) <= 2:
            p.hand.extend(p.discard)
            p.hand.sort()
            p.discard = []
            _event(events, "recycled", seat, player=player_msg(seat), count=len(p.hand))
    if state.round >= state.options["max_rounds"]:
        _finish(state, events, "round_limit", None)
        return
    _start_round(state, events)


def _finish(state: State, events: list, reason: str, winner: int | None) -> None:
    state.phase = "over"
    state.step = None
    state.cards_to_resolve = None
    state.reason = reason
    if winner is not None:
        state.winners = (winner,)
    else:
        best = max(p.vp for p in state.players)
        state.winners = tuple(v for v in range(state.player_count) if state.players[v].vp == best)
    _event(events, "game_over_" + reason, winners=player_list(state.winners))


# ---------------------------------------------------------------- settling


def settle(state: State, events: list) -> None:
    """Run everything that needs no decision, up to the next real choice or the end."""
    while True:
        phase = state.phase
        if phase != "actions":
            return
        step = state.step
        if step is None:
            if state.turn >= state.player_count:
                _supply(state, events)
                return
            seat = state.order[state.turn]
            p = state.players[seat]
            if state.cards_to_resolve is None:
                state.cards_to_resolve = tuple(p.face_up)
                _event(
                    events,
                    "turn",
                    seat,
                    player=player_msg(seat),
                    number=f"{number_of(p.face_up):02d}",
                )
            to_resolve = state.cards_to_resolve
            if not to_resolve:
                state.step = BUY
                continue
            active = [c for c in to_resolve if c not in PASSIVE]
            if len(active) == 2:
                state.step = FIRST
                return
            state.cards_to_resolve = ()
            if active:
                resolve(state, seat, active[0], events)
            continue
        kind = step[0]
        if kind == "pay":
            if _pay_settle(state, events):
                continue
            return
        if kind == "tax" and not _tax_victims_left(state):
            state.step = None
            continue
        # E24 / automatic resolution: a step with a single possibility takes it. The steps that
        # get here (buy, demolish, tax, thief target, steal, Mama) read only the table, never a
        # hand or the deck order, so taking them tells nobody anything; a refreshment, which
        # reads the face-down discard pile, always offers 'skip' too and is never forced.
        seat = state.order[state.turn]
        codes = codes_for(state, seat)
        if len(codes) == 1:
            do_action(state, seat, codes[0], events)
            continue
        return


# ---------------------------------------------------------------- card effects


def _fx_none(state: State, seat: int, events: list) -> None:
    return None


def _fx_refreshment(state: State, seat: int, events: list) -> None:
    """Optional: take one chosen card of your own discard pile back into your hand (E13)."""
    if state.players[seat].discard:
        state.step = ("refresh",)
    else:
        _event(events, "nothing_to_refresh", seat, player=player_msg(seat))


def _fx_debris(state: State, seat: int, events: list) -> None:
    """Mandatory: take all grey cubes of the centre."""
    g = state.centre[RUBBLE]
    state.centre[RUBBLE] = 0
    state.players[seat].cubes[RUBBLE] += g
    _event(events, "debris", seat, player=player_msg(seat), count=g)


def _fx_demolition(state: State, seat: int, events: list) -> None:
    """Optional: remove one row-end building to the box; one demolition per round (E15)."""
    if state.flags & DEMOLISHED:
        _event(events, "demolition_used", seat, player=player_msg(seat))
    elif not (state.rows[0] or state.rows[1]):
        _event(events, "nothing_to_demolish", seat, player=player_msg(seat))
    else:
        state.step = ("demolish",)


def _fx_tax_collector(state: State, seat: int, events: list) -> None:
    """Mandatory: 1 peso from the bank; then 1 worker or 1 cube from each following unprotected
    player (E11), the collector's choice."""
    gain = 1 if state.bank_pesos else 0
    state.bank_pesos -= gain
    state.players[seat].pesos += gain
    _event(events, "tax_peso", seat, player=player_msg(seat), pesos=gain)
    victims = tuple(v for v in state.order[state.turn + 1 :] if not protected(state.players[v]))
    state.step = ("tax", *victims)


def _tax_victims_left(state: State) -> bool:
    """Drop following players who have nothing to lose; True if one remains."""
    step = state.step
    victims = [v for v in step[1:] if _has_any(state.players[v])]
    state.step = ("tax", *victims)
    return bool(victims)


def _has_any(p: Player) -> bool:
    return p.workers > 0 or any(p.cubes)


def _workers_event(events: list, seat: int, got: int) -> None:
    """The workers taken, or that the bank had none left (never "takes 0 workers")."""
    if got:
        _event(events, "workers", seat, player=player_msg(seat), count=got)
    else:
        _event(events, "no_workers", seat, player=player_msg(seat))


def _fx_workers(state: State, seat: int, events: list) -> None:
    """Mandatory: 2 workers for the first workers card resolved this round, else 1 (E10)."""
    want = 1 if state.flags & FIRST_WORKERS else 2
    state.flags |= FIRST_WORKERS
    got = min(want, state.bank_workers)
    state.bank_workers -= got
    state.players[seat].workers += got
    _workers_event(events, seat, got)


def _fx_architect(state: State, seat: int, events: list) -> None:
    """Mandatory: 1 worker; the face-up card also meets architect requirements (E12)."""
    got = min(1, state.bank_workers)
    state.bank_workers -= got
    state.players[seat].workers += got
    _workers_event(events, seat, got)


def thief_targets(state: State, seat: int) -> list[int]:
    """E5, E7, E8: unprotected players still to act this round; if the thief acts last, any
    other unprotected player."""
    following = state.order[state.turn + 1 :]
    pool = following if following else [v for v in range(state.player_count) if v != seat]
    return sorted(v for v in pool if not protected(state.players[v]))


def _fx_thief(state: State, seat: int, events: list, card: int) -> None:
    if thief_targets(state, seat):
        state.step = ("target", card)
    else:
        _event(events, "no_target", seat, player=player_msg(seat), card=card_msg(card))


def _fx_peso_thief(state: State, seat: int, events: list) -> None:
    """Mandatory: steal half (rounded down) of one target's pesos."""
    _fx_thief(state, seat, events, PESO_THIEF)


def _fx_material_thief(state: State, seat: int, events: list) -> None:
    """Mandatory: steal 1 cube, or 2 if the target has more than 3 coloured cubes (E6, E16)."""
    _fx_thief(state, seat, events, MATERIAL_THIEF)


def _fx_black_market(state: State, seat: int, events: list) -> None:
    """Mandatory: 2 random cubes from the bag for the first this round, else 1 (E10, E29)."""
    want = 1 if state.flags & FIRST_BLACK_MARKET else 2
    state.flags |= FIRST_BLACK_MARKET
    drawn = [0] * 5
    p = state.players[seat]
    for _ in range(want):
        colour = _draw_cube(state, p.cubes)
        if colour >= 0:
            drawn[colour] += 1
    if any(drawn):
        _event(events, "black_market", seat, player=player_msg(seat), cubes=cubes_text(drawn))
    else:
        _event(events, "black_market_empty", seat, player=player_msg(seat))


def _fx_pesos(state: State, seat: int, events: list) -> None:
    """Mandatory: half the centre's pesos, rounded up."""
    take = (state.centre_pesos + 1) // 2
    state.centre_pesos -= take
    state.players[seat].pesos += take
    _event(events, "pesos", seat, player=player_msg(seat), pesos=take)


def _fx_mama(state: State, seat: int, events: list) -> None:
    """Mandatory: half the centre's grey cubes and half its coloured cubes, rounded up; the
    player chooses the colours (one cube at a time)."""
    grey = (state.centre[RUBBLE] + 1) // 2
    state.centre[RUBBLE] -= grey
    state.players[seat].cubes[RUBBLE] += grey
    coloured = (sum(state.centre[:4]) + 1) // 2
    who = player_msg(seat)
    if grey and coloured:
        _event(events, "mama", seat, player=who, rubble=grey, coloured=coloured)
    elif coloured:  # no "takes 0 rubble": what the centre lacks is said as such
        _event(events, "mama_coloured", seat, player=who, coloured=coloured)
    elif grey:
        _event(events, "mama_rubble", seat, player=who, rubble=grey)
    else:
        _event(events, "mama_empty", seat, player=who)
    if coloured:
        state.step = ("mama", coloured)


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


def resolve(state: State, seat: int, card: int, events: list) -> None:
    EFFECTS[card](state, seat, events)


# ---------------------------------------------------------------- buildings


def take_from_row(state: State, row: int, end: int, events: list) -> int:
    """Remove a row end; a row left with 2 cards gets 4 from the deck between them (E21)."""
    cards = state.rows[row]
    b = cards.pop(0 if end == 0 else -1)
    if len(cards) == REFILL_AT and state.stack:
        k = min(REFILL_CARDS, len(state.stack))
        cards[1:1] = state.stack[:k]
        del state.stack[:k]
        _event(events, "refill", row=Msg("havana.row." + ROWS[row]), count=k)
    return b


def _after_removal(state: State, events: list) -> None:
    """E23: no building left anywhere ends the game."""
    if not (state.stack or state.rows[0] or state.rows[1]) and state.phase != "over":
        _finish(state, events, "no_buildings", None)


def can_buy(state: State, p: Player, b: int) -> bool:
    building = state.deck[b]
    if building.requires_architect and ARCHITECT not in p.face_up:
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


def pay_options(state: State, p: Player) -> tuple[bool, bool]:
    """For the current unit: (own resource possible, exchange possible)."""
    _, b, _, _, k, ws, *subs = state.step
    cost = state.deck[b].cost
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


def _pay_settle(state: State, events: list) -> bool:
    """Decide forced payment units; pay when all are decided. True when the purchase is done."""
    seat = state.order[state.turn]
    p = state.players[seat]
    while True:
        _, b, row, end, k, ws, *subs = state.step
        cost = state.deck[b].cost
        if k == cost[6] + cost[0] + cost[1] + cost[2] + cost[3]:
            _complete_purchase(state, seat, events)
            return True
        own, swap = pay_options(state, p)
        if own and swap:
            return False
        _pay_choose(state, swap)


def _pay_choose(state: State, swap: bool) -> None:
    _, b, row, end, k, ws, *subs = state.step
    if swap:
        unit = pay_unit(state.deck[b].cost, k)
        if unit < 0:
            ws += 1
        else:
            subs[unit] += 1
    state.step = ("pay", b, row, end, k + 1, ws, *subs)


def _complete_purchase(state: State, seat: int, events: list) -> None:
    """Section 5.2: cubes to the box, pesos and workers to the bank; VP are permanent."""
    _, b, row, end, _, ws, *subs = state.step
    p = state.players[seat]
    cost = state.deck[b].cost
    paid = [0] * 5
    for i in range(4):
        paid[i] = cost[i] - subs[i]
    paid[RUBBLE] = cost[4] + EXCHANGE_RATE * sum(subs)
    pesos = cost[5] + EXCHANGE_RATE * ws
    workers = cost[6] - ws
    for i in range(5):
        p.cubes[i] -= paid[i]
        state.box_cubes[i] += paid[i]
    p.pesos -= pesos
    state.bank_pesos += pesos
    p.workers -= workers
    state.bank_workers += workers
    taken = take_from_row(state, row, end, events)
    assert taken == b
    p.buildings.append(b)
    p.vp += state.deck[b].vp
    state.step = BUY
    said = {"player": player_msg(seat), "building": building_msg(state, b)}
    said.update(vp=state.deck[b].vp, total=p.vp)
    if any(paid) or pesos or workers:
        _event(events, "bought", seat, **said, price=price_text(paid, pesos, workers))
    else:  # a building that costs nothing is not bought "for nothing": its own words
        _event(events, "bought_free", seat, **said)
    if p.vp >= TARGET_VP[state.player_count]:
        _finish(state, events, "target", seat)
        return
    _after_removal(state, events)


# ---------------------------------------------------------------- decisions


def pending_seats(state: State) -> list[int]:
    if state.phase == "pick":
        return [v for v in range(state.player_count) if len(state.players[v].unrevealed) < 2]
    if state.phase in ("actions", "place"):
        return [state.order[state.turn]]
    return []


def codes_for(state: State, seat: int) -> list[str]:
    """Every legal code of `seat` now (no labels: the fast path)."""
    phase = state.phase
    p = state.players[seat]
    if phase == "pick":
        if len(p.unrevealed) >= 2:
            return []
        return ["pick:" + CARD_IDS[c] for c in p.hand]
    if phase == "place":
        if state.order[state.turn] != seat:
            return []
        if p.cover < 0:
            return ["cover:left", "cover:right"]
        return ["place:" + CARD_IDS[c] for c in p.hand]
    if phase != "actions" or state.order[state.turn] != seat:
        return []
    step = state.step
    kind = step[0] if step else ""
    if kind == "buy":
        out = []
        for r in (0, 1):
            row = state.rows[r]
            for e in row_ends(row):
                if can_buy(state, p, row[0] if e == 0 else row[-1]):
                    out.append(f"buy:{ROWS[r]}:{ENDS[e]}")
        out.append("end")
        return out
    if kind == "first":
        return ["first:" + CARD_IDS[c] for c in state.cards_to_resolve]
    if kind == "pay":
        unit = pay_unit(state.deck[step[1]].cost, step[4])
        if unit < 0:
            return ["pay:worker", "pay:pesos"]
        return ["pay:" + COLOURS[unit], "pay:rubble"]
    if kind == "refresh":
        return ["refresh:" + CARD_IDS[c] for c in sorted(set(p.discard))] + ["skip"]
    if kind == "demolish":
        out = [f"demolish:{ROWS[r]}:{ENDS[e]}" for r in (0, 1) for e in row_ends(state.rows[r])]
        out.append("skip")
        return out
    if kind == "tax":
        victim = state.players[step[1]]
        out = ["remove:worker"] if victim.workers else []
        out.extend("remove:" + COLOURS[i] for i in range(5) if victim.cubes[i])
        return out
    if kind == "target":
        return [f"target:{v + 1}" for v in thief_targets(state, seat)]
    if kind == "steal":
        victim = state.players[step[1]]
        return ["take:" + COLOURS[i] for i in range(5) if victim.cubes[i]]
    if kind == "mama":
        return ["take:" + COLOURS[i] for i in range(4) if state.centre[i]]
    return []


# Codes that name a card the table may not see: the last move keeps only their first word.
SECRET_HEADS = frozenset({"pick", "place", "refresh"})


def decision_kind(state: State, seat: int) -> str:
    """The kind of `seat`'s pending decision (the `Decision.kind` of `pending`)."""
    if state.phase == "pick":
        return "pick"
    if state.phase == "place":
        return "cover" if state.players[seat].cover < 0 else "place"
    return state.step[0]


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
        card = before.players[seat].face_up[SIDES.index(arg)]
    elif head in ("buy", "demolish"):
        r_name, _, e_name = arg.partition(":")
        row, end = ROWS.index(r_name), ENDS.index(e_name)
        cards = before.rows[row]
        building = cards[0] if end == 0 or len(cards) == 1 else cards[-1]
    elif head == "pay":
        _, building, row, end = before.step[:4]
    elif head in ("remove", "take") and before.step[0] in ("tax", "steal"):
        victim = before.step[1]
    elif head == "target":
        victim = int(arg) - 1
    bought = building >= 0 and head != "demolish" and building in after.players[seat].buildings
    changed = sum(1 << r for r in (0, 1) if before.rows[r] != after.rows[r])
    action = head if head in SECRET_HEADS else code
    return (seat, kind, action, card, building, row, end, int(bought), changed, victim)


def do_action(state: State, seat: int, code: str, events: list) -> None:
    """Apply a code already known to be legal, then settle."""
    head, _, arg = code.partition(":")
    if state.phase == "pick":
        _pick(state, seat, CARD_INDEX[arg], events)
    elif state.phase == "place":
        if head == "cover":
            _cover(state, seat, arg, events)
        else:
            _place(state, seat, CARD_INDEX[arg], events)
    else:  # phase I
        _PHASE_ONE[head](state, seat, arg, events)
        if state.phase == "actions":
            settle(state, events)


# ------------------------------------------------------------ the secret pick and phase III


def _pick(state: State, seat: int, card: int, events: list) -> None:
    """One of the two opening picks; the last one of the table turns them all up."""
    p = state.players[seat]
    p.hand.remove(card)
    p.unrevealed.append(card)
    _event(events, "picked", seat, player=player_msg(seat))
    _event(events, "picked_card", seat, seat, card=card_msg(card))
    if all(len(q.unrevealed) == 2 for q in state.players):
        for v, q in enumerate(state.players):
            q.face_up = sorted(q.unrevealed)
            q.unrevealed = []
            _event(
                events,
                "first_reveal",
                v,
                player=player_msg(v),
                left=card_msg(q.face_up[0]),
                right=card_msg(q.face_up[1]),
                number=f"{number_of(q.face_up):02d}",
            )
        _start_round(state, events)
        settle(state, events)


def _cover(state: State, seat: int, side: str, events: list) -> None:
    p = state.players[seat]
    p.cover = SIDES.index(side)
    _event(
        events,
        "cover",
        seat,
        player=player_msg(seat),
        side=Msg("havana.side." + side),
        card=card_msg(p.face_up[p.cover]),
    )


def _place(state: State, seat: int, card: int, events: list) -> None:
    """The face-down card on the covered one; the last placement turns them all up."""
    p = state.players[seat]
    p.hand.remove(card)
    p.unrevealed = [card]
    _event(events, "placed", seat, player=player_msg(seat))
    _event(events, "placed_card", seat, seat, card=card_msg(card))
    state.turn += 1
    if state.turn >= state.player_count:
        _reveal_phase_three(state, events)
        settle(state, events)


# ------------------------------------------------------------ phase I, one helper per code


def _first(state: State, seat: int, arg: str, events: list) -> None:
    card = CARD_INDEX[arg]
    state.cards_to_resolve = tuple(c for c in state.cards_to_resolve if c != card)
    state.step = None
    resolve(state, seat, card, events)


def _end(state: State, seat: int, arg: str, events: list) -> None:
    state.players[seat].played = True
    _event(events, "turn_end", seat, player=player_msg(seat))
    state.turn += 1
    state.cards_to_resolve = None
    state.step = None


def _buy(state: State, seat: int, arg: str, events: list) -> None:
    r_name, _, e_name = arg.partition(":")
    r, e = ROWS.index(r_name), ENDS.index(e_name)
    row = state.rows[r]
    b = row[0] if e == 0 or len(row) == 1 else row[-1]
    state.step = ("pay", b, r, e, 0, 0, 0, 0, 0, 0)


def _pay(state: State, seat: int, arg: str, events: list) -> None:
    _pay_choose(state, arg in ("pesos", "rubble"))


def _skip(state: State, seat: int, arg: str, events: list) -> None:
    if state.step[0] == "refresh":
        _event(events, "refresh_declined", seat, player=player_msg(seat))
    else:
        _event(events, "demolish_declined", seat, player=player_msg(seat))
    state.step = None


def _refresh(state: State, seat: int, arg: str, events: list) -> None:
    p = state.players[seat]
    card = CARD_INDEX[arg]
    p.discard.remove(card)
    p.hand.append(card)
    p.hand.sort()
    _event(events, "refreshed", seat, player=player_msg(seat))
    _event(events, "refreshed_card", seat, seat, card=card_msg(card))
    state.step = None


def _demolish(state: State, seat: int, arg: str, events: list) -> None:
    r_name, _, e_name = arg.partition(":")
    r, e = ROWS.index(r_name), ENDS.index(e_name)
    b = take_from_row(state, r, e, events)
    state.box_buildings.append(b)
    state.flags |= DEMOLISHED
    _event(events, "demolished", seat, player=player_msg(seat), building=building_msg(state, b))
    state.step = None
    _after_removal(state, events)


def _remove(state: State, seat: int, arg: str, events: list) -> None:
    """The tax collector takes a worker or a cube from the victim of the step."""
    victim_seat = state.step[1]
    victim = state.players[victim_seat]
    if arg == "worker":
        victim.workers -= 1
        state.bank_workers += 1
        what = _msg("havana.a_worker")
    else:
        colour = COLOUR_INDEX[arg]
        victim.cubes[colour] -= 1
        state.box_cubes[colour] += 1
        what = cubes_msg(colour, 1)
    _event(
        events,
        "taxed",
        seat,
        player=player_msg(seat),
        victim=player_msg(victim_seat),
        what=what,
    )
    state.step = ("tax", *state.step[2:])


def _target(state: State, seat: int, arg: str, events: list) -> None:
    """A thief's victim: half the pesos at once, or the materials to take one by one."""
    victim_seat = int(arg) - 1
    victim = state.players[victim_seat]
    if state.step[1] == PESO_THIEF:
        take = victim.pesos // 2
        victim.pesos -= take
        state.players[seat].pesos += take
        _event(
            events,
            "peso_theft",
            seat,
            player=player_msg(seat),
            victim=player_msg(victim_seat),
            pesos=take,
        )
        state.step = None
        return
    c = victim.cubes
    entitled = 2 if c[0] + c[1] + c[2] + c[3] > 3 else 1
    count = min(entitled, sum(c))
    _event(
        events,
        "material_target",
        seat,
        player=player_msg(seat),
        victim=player_msg(victim_seat),
        count=count,
    )
    state.step = ("steal", victim_seat, count) if count else None


def _take(state: State, seat: int, arg: str, events: list) -> None:
    """A cube taken from the material thief's victim, or from the centre with Mama."""
    p = state.players[seat]
    colour = COLOUR_INDEX[arg]
    if state.step[0] == "steal":
        _, victim_seat, left = state.step
        state.players[victim_seat].cubes[colour] -= 1
        p.cubes[colour] += 1
        _event(
            events,
            "stolen",
            seat,
            player=player_msg(seat),
            victim=player_msg(victim_seat),
            cube=cubes_msg(colour, 1),
        )
        state.step = ("steal", victim_seat, left - 1) if left > 1 else None
    else:
        state.centre[colour] -= 1
        p.cubes[colour] += 1
        _event(events, "mama_take", seat, player=player_msg(seat), cube=cubes_msg(colour, 1))
        left = state.step[1] - 1
        state.step = ("mama", left) if left else None


# A phase I code's first word -> what it does.
_PHASE_ONE = {
    "first": _first,
    "end": _end,
    "buy": _buy,
    "pay": _pay,
    "skip": _skip,
    "refresh": _refresh,
    "demolish": _demolish,
    "remove": _remove,
    "target": _target,
    "take": _take,
}


def _msg(key: str, **params):
    return Msg(key, params)
