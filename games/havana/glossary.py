"""What Havana's action cards and buildings do, in words.

A card has an action; a building has no action, only its VP and what it costs (and maybe the
Architect), so that is what it "does". `explain` tells the effect of what a choice names (a card
to play, place, resolve first, take back or cover; a building to buy or demolish), read from the
table's own deck; `sections` lists every card and every building of the bundled deck for the help;
`detail` is the longer telling, for who asks.
"""

from __future__ import annotations

from games.text import ENGLISH, Msg

from . import text_en  # noqa: F401  (the effect texts are registered with the catalogue)
from .cards import CARD_IDS, CARD_INDEX, COLOURS
from .deck import Building, bundled
from .engine import ROWS, listed
from .state import State

_CARD_NAMED = frozenset({"pick", "place", "first", "refresh"})


def card_effect(card: str) -> Msg:
    return Msg("havana.effect.card." + card)


def building_effect(building: Building) -> Msg:
    """Its VP and its cost: cubes by colour, then pesos, then workers."""
    cost = building.cost
    # each colour's cubes counted as a phrase of their own ("2 red cubes"); the same number of
    # every colour said once ("1 cube of each colour"), so the cost fits a menu option's 100
    # characters
    coloured = cost[:4]
    if coloured[0] and len(set(coloured)) == 1:
        parts = [Msg("havana.effect.cost.each_colour", {"n": coloured[0]})]
        if cost[4]:
            parts.append(Msg("havana.effect.cost.rubble", {"n": cost[4]}))
    else:
        parts = [
            Msg("havana.effect.cost." + c, {"n": cost[i]}) for i, c in enumerate(COLOURS) if cost[i]
        ]
    if cost[5]:
        parts.append(Msg("havana.effect.cost.pesos", {"n": cost[5]}))
    if cost[6]:
        parts.append(Msg("havana.effect.cost.workers", {"n": cost[6]}))
    said = listed(parts)
    key = (
        "havana.effect.building_architect"
        if building.requires_architect
        else "havana.effect.building"
    )
    return Msg(key, {"vp": building.vp, "cost": said})


def _row_end(state: State, arg: str) -> int | None:
    r_name, _, e_name = arg.partition(":")
    if r_name not in ROWS or e_name not in ("left", "right"):
        return None
    row = state.rows[ROWS.index(r_name)]
    if not row:
        return None
    return row[0] if e_name == "left" else row[-1]


def explain(state: State, seat: int, code: str) -> Msg | None:
    """The effect of the card or building that `code` names; None when it names none (a
    player to rob, a cube, a payment, ending the turn, declining a card)."""
    head, _, arg = code.partition(":")
    if head in _CARD_NAMED and arg in CARD_INDEX:
        return card_effect(arg)
    if head == "cover" and arg in ("left", "right"):
        # Covering names the face-up card that leaves for the discard pile.
        face_up = state.players[seat].face_up
        if len(face_up) == 2:
            return card_effect(CARD_IDS[face_up[0 if arg == "left" else 1]])
        return None
    if head in ("buy", "demolish"):
        b = _row_end(state, arg)
        return None if b is None else building_effect(state.deck[b])
    return None


def sections() -> list[tuple[Msg, list[tuple[Msg, Msg]]]]:
    """The 13 action cards in the order of their numbers, the bundled deck's buildings, then
    the building materials by the letter each cube carries on the board (a key for who does
    not tell the colours apart: the letters follow the materials' names, «Д» for «дерево»)."""
    cards = [(Msg("havana.card." + card), card_effect(card)) for card in CARD_IDS]
    buildings = [(Msg("havana.building." + b.id), building_effect(b)) for b in bundled()]
    materials = [
        (Msg(f"pic.havana.letter.{c}"), Msg(f"havana.glossary.material.{c}")) for c in COLOURS
    ]
    return [
        (Msg("havana.glossary.cards"), cards),
        (Msg("havana.glossary.buildings"), buildings),
        (Msg("havana.glossary.materials"), materials),
    ]


def detail(effect: Msg) -> Msg:
    """The longer telling of `effect`, where the short one leaves rules out; else `effect` as
    a page says it (see `roomy`)."""
    longer = effect.key.replace(".effect.", ".effect.more.", 1)
    return Msg(longer, effect.params) if longer in ENGLISH else roomy(effect)


def roomy(effect: Msg) -> Msg:
    """`effect` where there is room for the words a menu option's 100 characters abbreviate (a
    building's VP under the Architect): its `havana.help.` twin where there is one."""
    key = effect.key.replace("havana.effect.", "havana.help.", 1)
    return Msg(key, effect.params) if key in ENGLISH else effect
