"""The Santiago de Cuba `Game` object: the contract methods over the rules (`engine`), the
texts (`labels`), what each person sees (`views`) and the stored form (`serial`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games import undo
from games.core import Action, Decision, Event, IllegalAction, OptionError, Result
from games.text import Msg

from . import engine, serial, text_en, views  # noqa: F401 - text_en registers the English catalogue
from .labels import label, prompt
from .state import (
    OVER,
    VP_CASINO,
    VP_EARLIER,
    VP_SOURCE_COUNT,
    VP_SOURCES,
    VP_SOURCES_BEFORE_CASINO,
    State,
)


class Santiago:
    name = "santiago"
    min_players = 2
    max_players = 4
    title = Msg("santiago.title")

    def options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        return serial.options(raw)

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise OptionError(Msg("santiago.option.players", {"players": players}))
        state, _events = engine.new_state(players, seed, serial.options(options))
        return state

    def new_with_events(self, players: int, seed: int, options=None) -> tuple[State, list]:
        """Like `new`, plus the setup events (start player, first roll)."""
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise OptionError(Msg("santiago.option.players", {"players": players}))
        return engine.new_state(players, seed, serial.options(options))

    def pending(self, state: State) -> tuple[Decision, ...]:
        private = engine.private_options(state)
        return tuple(
            Decision(
                seat,
                kind,
                prompt(state, seat, kind),
                private_options=private,
                open_codes=engine.open_codes(state, codes) if private else (),
            )
            for seat, kind, codes in state.choices
        )

    def legal_codes(self, state: State, seat: int) -> list[str]:
        for who, _kind, codes in state.choices:
            if who == seat:
                return list(codes)
        return []

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return [Action(code, label(state, seat, code)) for code in self.legal_codes(state, seat)]

    def public_actions(self, state: State, seat: int) -> list[Action]:
        return [Action(code, label(state, seat, code)) for code in engine.public_codes(state, seat)]

    def apply(self, state: State, seat: int, code: str) -> tuple[State, list]:
        if not isinstance(code, str):
            raise IllegalAction(Msg("santiago.illegal.code", {"code": str(code), "kind": ""}))
        return engine.apply_code(state, seat, code)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> Result | None:
        """Final scores: VP plus 1 per 3 leftover goods (the conversion is always worth taking,
        so it is automatic); ties broken by goods left, then pesos, else shared (9.6, E29)."""
        if state.phase != OVER:
            return None
        return _ranked(state, Msg("santiago.reason.seventh_ship"))

    def standing(self, state: State) -> Result:
        """The result if the game ended now, scored as at the real end (9.3-9.6). A turn in
        progress is cut off as the 7th ship cuts it (E24): nothing more of it is scored."""
        if state.phase == OVER:
            return self.result(state)
        return _ranked(state, Msg("santiago.reason.ended_early"))

    def undo_barrier(
        self, before: State, seat: int, code: str, after: State, events: Sequence[Event]
    ) -> Msg | None:
        """The dice are the only chance in Santiago de Cuba: a roll closes the undo window.
        Nothing hidden is ever revealed (every action is public, 10.1), so beyond that only
        the end and another player coming to decide close it: a turn is undoable from the
        drive to its last choice, and a delivery until the next player is asked."""
        if after.phase == OVER:
            return undo.OVER
        if before.rng != after.rng:
            return undo.ROLLED
        return undo.common_barrier(self, before, seat, after, events)

    def closes_undo(
        self, before: State, seat: int, code: str, after: State, events: Sequence[Event]
    ) -> bool:
        return self.undo_barrier(before, seat, code, after, events) is not None

    def public_view(self, state: State) -> views.PublicView:
        return views.public_view(state)

    def player_view(self, state: State, seat: int) -> views.PlayerView:
        if not 0 <= seat < state.player_count:
            raise ValueError(f"no seat {seat}")
        return views.player_view(state, seat)

    def to_json(self, state: State) -> dict:
        return serial.to_json(state)

    def bookkeeping_written_then(self, data: Mapping[str, Any]) -> tuple[str, ...]:
        """Fields of a stored state that an earlier version wrote in another form and that its
        replay writes anew: before the Casino's VP were kept apart (7 sources a seat), VP by
        source and the last move (a delivery's amount without its good). A state exported
        then still matches its log, compared without them."""
        sources, vp = data.get("vp_sources"), data.get("vp")
        older = isinstance(sources, list) and isinstance(vp, list)
        if older and len(sources) == VP_SOURCES_BEFORE_CASINO * len(vp):
            return ("vp_sources", "last")
        return ()

    def from_json(self, data: Mapping[str, Any]) -> State:
        return serial.from_json(data)

    def version(self, state: State) -> int:
        return state.version


def _ranked(state: State, reason: Msg) -> Result:
    """VP plus 1 per 3 goods; then goods left, then pesos; still equal: the place is shared."""
    n = state.player_count
    scores, keys, tiebreaks = [], [], []
    for seat in range(n):
        total = sum(state.goods[seat * 6 : seat * 6 + 6])
        vp = state.vp[seat] + total // 3
        left = total % 3
        scores.append(vp)
        tiebreaks.append((left, state.pesos[seat]))
        keys.append((vp, left, state.pesos[seat]))
    ranking = sorted(range(n), key=lambda seat: (tuple(-k for k in keys[seat]), seat))
    places = [0] * n
    for pos, seat in enumerate(ranking):
        if pos and keys[seat] == keys[ranking[pos - 1]]:
            places[seat] = places[ranking[pos - 1]]
        else:
            places[seat] = pos + 1
    winners = tuple(seat for seat in ranking if places[seat] == 1)
    breakdown = tuple(_breakdown(state, seat) for seat in range(n))
    notes = [Msg("santiago.note.conversion")]
    if len(set(places)) < n:
        notes.append(Msg("santiago.note.shared"))
    return Result(
        scores=tuple(scores),
        winners=winners,
        ranking=tuple(ranking),
        places=tuple(places),
        tiebreaks=tuple(tiebreaks),
        tiebreak_names=(Msg("santiago.tiebreak.goods"), Msg("santiago.tiebreak.pesos")),
        notes=tuple(notes),
        reason=reason,
        breakdown=breakdown,
    )


# The parts of a score, in this order; `earlier` (VP of a state stored before the sources were
# kept) and the Casino's are shown only when there are some.
_PARTS = tuple(Msg("santiago.score." + source) for source in VP_SOURCES)
_CONVERSION = Msg("santiago.score.goods")


def _breakdown(state: State, seat: int) -> tuple[tuple[Msg, int], ...]:
    """VP by source, then the leftover goods converted: they add up to the score."""
    sources = state.vp_sources[seat * VP_SOURCE_COUNT : seat * VP_SOURCE_COUNT + VP_SOURCE_COUNT]
    parts = [
        (label, vp)
        for i, (label, vp) in enumerate(zip(_PARTS, sources, strict=True))
        if i not in (VP_EARLIER, VP_CASINO) or vp
    ]
    parts.append((_CONVERSION, sum(state.goods[seat * 6 : seat * 6 + 6]) // 3))
    return tuple(parts)


__all__ = ["Santiago"]
