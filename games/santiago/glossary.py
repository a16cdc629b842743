"""What Santiago de Cuba's citizens and buildings do, in words.

`explain` tells the effect of what a choice names (the citizen a drive stops at, the building a
pawn goes to, the citizen the Newspaper would turn down), read from the table as it is: a face-down
citizen does nothing, and Pablo's good follows the table's house rule. `sections` lists every
citizen and building for the help; `detail` is the longer telling, for who asks.
"""

from __future__ import annotations

from games.text import ENGLISH, Msg

from . import data as D
from . import text_en  # noqa: F401  (the effect texts are registered with the catalogue)
from .state import BUILDING, CITIZEN, State

# The heads of the codes whose building is named after the colon.
_BUILDING_NAMED = frozenset({"claim", "own", "pawn"})


def citizen_effect(citizen: str, pablo_wood: bool = False) -> Msg:
    if citizen == "pablo" and pablo_wood:
        return Msg("santiago.effect.citizen.pablo_wood")
    return Msg("santiago.effect.citizen." + citizen)


def building_effect(building: str) -> Msg:
    return Msg("santiago.effect.building." + building)


def _stop_effect(state: State, stop: int) -> Msg:
    citizen = state.road[stop]
    if citizen < 0:
        return Msg("santiago.effect.harbour")
    if (state.inactive >> stop) & 1:
        return Msg("santiago.effect.inactive")
    return citizen_effect(D.CITIZENS[citizen], state.options["pablo_allows_wood"])


def explain(state: State, seat: int, code: str) -> Msg | None:
    """The effect of the citizen, building or stop that `code` names; None when it names none
    (a good, an amount, a die, passing, skipping)."""
    head, _, rest = code.partition(":")
    if head == "drive":
        # A drive ends at the stop it names; a citizen left face down there stays face down.
        return _stop_effect(state, (state.car + int(rest)) % D.STOPS)
    if code == "use" and state.phase == CITIZEN:
        return _stop_effect(state, state.car)
    if code == "use" and state.phase == BUILDING:
        return building_effect(D.BUILDINGS[state.buildings[state.phase_data[0]]])
    if head == "alonso" and rest in ("claim", "use"):
        return Msg("santiago.effect.alonso." + rest)
    if head in _BUILDING_NAMED and rest in D.BUILDING_INDEX:
        return building_effect(rest)
    if head == "flip" and rest in D.CITIZEN_INDEX:
        return citizen_effect(rest, state.options["pablo_allows_wood"])
    return None


def sections() -> list[tuple[Msg, list[tuple[Msg, Msg]]]]:
    """Every citizen, then every building, each with its effect under the rules of the box."""
    citizens = [(Msg("santiago.citizen." + name), citizen_effect(name)) for name in D.CITIZENS]
    buildings = [(Msg("santiago.building." + name), building_effect(name)) for name in D.BUILDINGS]
    return [
        (Msg("santiago.glossary.citizens"), citizens),
        (Msg("santiago.glossary.buildings"), buildings),
    ]


def detail(effect: Msg) -> Msg:
    """The longer telling of `effect`, where the short one leaves rules out; else `effect`."""
    longer = effect.key.replace(".effect.", ".effect.more.", 1)
    return Msg(longer, effect.params) if longer in ENGLISH else effect
