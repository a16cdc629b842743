"""Build Havana situations for tests: a real game, then the table arranged as a scenario says."""

from __future__ import annotations

from games.havana import GAME
from games.havana.cards import CARD_INDEX, COLOUR_INDEX, SET_SIZE
from games.havana.engine import _start_round, settle
from games.havana.state import State

C = CARD_INDEX


def cubes(**by_colour: int) -> list[int]:
    out = [0] * 5
    for colour, count in by_colour.items():
        out[COLOUR_INDEX[colour]] = count
    return out


def give(
    s: State,
    seat: int,
    *,
    cubes_: list[int] | None = None,
    pesos: int | None = None,
    workers: int | None = None,
    vp: int | None = None,
) -> None:
    """Set a player's holdings, taking from / returning to the bag and bank so totals hold."""
    p = s.players[seat]
    if cubes_ is not None:
        for i in range(5):
            s.bag[i] += p.cubes[i] - cubes_[i]
            p.cubes[i] = cubes_[i]
            assert s.bag[i] >= 0
    if pesos is not None:
        s.bank_pesos += p.pesos - pesos
        p.pesos = pesos
    if workers is not None:
        s.bank_workers += p.workers - workers
        p.workers = workers
    if vp is not None:
        p.vp = vp


def set_centre(s: State, centre: list[int] | None = None, pesos: int | None = None) -> None:
    if centre is not None:
        for i in range(5):
            s.bag[i] += s.centre[i] - centre[i]
            s.centre[i] = centre[i]
    if pesos is not None:
        s.bank_pesos += s.centre_pesos - pesos
        s.centre_pesos = pesos


def table(
    n: int,
    ups: list[tuple[str, str]],
    seed: int = 0,
    *,
    ages: list[int] | None = None,
    holdings: list[dict] | None = None,
    centre: list[int] | None = None,
    centre_pesos: int | None = None,
    start: bool = True,
    rows: tuple[list[str], list[str]] | None = None,
    stack: list[str] | None = None,
    options: dict | None = None,
) -> State:
    """A game past the first pick: seat i shows `ups[i]`, the rest of its set in hand. With
    `start`, round 1 begins (the order is fixed from the holdings) and runs to the first decision."""
    s = GAME.new(n, seed, options)
    if rows is not None:
        set_rows(s, rows[0], rows[1], stack)
    for seat, pair in enumerate(ups):
        p = s.players[seat]
        p.face_up = sorted(C[c] for c in pair)
        p.hand = [c for c in range(SET_SIZE) if c not in p.face_up]
        p.unrevealed = []
        give(s, seat, cubes_=[0] * 5, pesos=0, workers=0)
    for seat, h in enumerate(holdings or []):
        give(
            s,
            seat,
            cubes_=h.get("cubes"),
            pesos=h.get("pesos"),
            workers=h.get("workers"),
            vp=h.get("vp"),
        )
    if ages is not None:
        for seat, age in enumerate(ages):
            s.players[seat].age = age
    set_centre(s, centre, centre_pesos)
    if start:
        s.phase = "actions"
        events: list = []
        _start_round(s, events)
        settle(s, events)
    return s


def refreshment_table(**kwargs) -> State:
    """Round 1 begun with seat 0 showing Refreshment (and Siesta), Mama and Pesos in its discard
    to take back; seat 1 shows a pair that does nothing. `kwargs` go to `table`."""
    s = table(2, [("refreshment", "siesta"), ("siesta", "protection")], start=False, **kwargs)
    p = s.players[0]
    p.hand.remove(C["mama"])
    p.hand.remove(C["pesos"])
    p.discard = [C["mama"], C["pesos"]]
    s.phase = "actions"
    _start_round(s, [])
    settle(s, [])
    return s


def play(s: State, *moves: tuple[int, str]) -> tuple[State, list]:
    """Apply (seat, code) moves; return the last state and all events."""
    events: list = []
    for seat, code in moves:
        s, ev = GAME.apply(s, seat, code)
        events.extend(ev)
    return s, events


def decider(s: State) -> tuple[int, str]:
    (d,) = GAME.pending(s)
    return d.seat, d.kind


def set_rows(s: State, top: list[str], bottom: list[str], stack: list[str] | None = None) -> None:
    """Arrange the rows by building id; the other buildings go to the stack (or the box)."""
    index = {b.id: i for i, b in enumerate(s.deck)}
    s.rows = [[index[b] for b in top], [index[b] for b in bottom]]
    used = set(s.rows[0]) | set(s.rows[1])
    if stack is None:
        s.stack = [i for i in range(len(s.deck)) if i not in used]
        s.box_buildings = []
    else:
        s.stack = [index[b] for b in stack]
        used |= set(s.stack)
        s.box_buildings = [i for i in range(len(s.deck)) if i not in used]


def text(events: list) -> list[str]:
    return [str(e.msg) for e in events]
