"""The Havana `Game` object: the contract methods over the rules (`engine`), the texts
(`labels`), what each person sees (`views`) and the stored form (`serial`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games import undo
from games.core import Action, Decision, Event, IllegalAction, OptionError, Result
from games.text import Msg

from . import engine, labels, serial, text_en, views  # noqa: F401 - text_en registers the English catalogue
from .cards import TARGET_VP
from .deck import buildings_of
from .state import State


def _msg(key: str, **params: Any) -> Msg:
    """A text of the catalogues by its full key, with its parameters."""
    return Msg(key, params)


class Havana:
    """Havana (Reinhard Staupe) for 2 to 4 players."""

    name = "havana"
    min_players = 2
    max_players = 4
    title = Msg("havana.title")

    # ------------------------------------------------------------ options and setup

    def options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """`max_rounds`, `row_end_rule` and the whole validated `deck` (see `serial.options`)."""
        return serial.options(raw)

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError(_msg("havana.option.players", count=str(players)))
        opts = self.options(options)
        return engine.new_state(players, seed, opts, buildings_of(opts["deck"]))

    # ------------------------------------------------------------ decisions

    def pending(self, state: State) -> tuple[Decision, ...]:
        return tuple(labels.decision(state, seat) for seat in engine.pending_seats(state))

    def legal_codes(self, state: State, seat: int) -> list[str]:
        if not 0 <= seat < state.player_count:
            return []
        return engine.codes_for(state, seat)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return [
            Action(code, labels.label(state, seat, code)) for code in self.legal_codes(state, seat)
        ]

    def public_actions(self, state: State, seat: int) -> list[Action]:
        return []  # a hand of cards bounds nothing the table could offer in one tap

    def apply(self, state: State, seat: int, code: str) -> tuple[State, list]:
        if not isinstance(code, str) or code not in self.legal_codes(state, seat):
            raise IllegalAction(labels.why_illegal(state, seat, code))
        after = state.clone()
        events: list = []
        engine.do_action(after, seat, code, events)
        after.version += 1
        after.last = engine.public_last(state, seat, code, after)
        return after, events

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def version(self, state: State) -> int:
        return state.version

    def result(self, state: State) -> Result | None:
        """Scores are VP. The player who reaches the target wins alone; at a fallback end the
        most VP win and tied players share the win (E23)."""
        if state.phase != "over":
            return None
        reason = _msg(
            "havana.end." + state.reason,
            target=TARGET_VP[state.player_count],
            rounds=state.options["max_rounds"],
        )
        return _ranked(state, state.winners, reason)

    def standing(self, state: State) -> Result:
        """The result if the game ended now. A game in progress is scored like a fallback end
        (E23): the most VP win and tied players share the win, as the rules break no ties at
        the end; nobody can be at the target yet, since reaching it ends the game at once."""
        if state.phase == "over":
            return self.result(state)
        best = max(p.vp for p in state.players)
        winners = tuple(v for v in range(state.player_count) if state.players[v].vp == best)
        return _ranked(state, winners, _msg("havana.end.ended_early"))

    # ------------------------------------------------------------ undo

    def undo_barrier(
        self, before: State, seat: int, code: str, after: State, events: Sequence[Event]
    ) -> Msg | None:
        """The undo window closes when the face-down picks or placements are turned up (the
        last pick or placement of a round), when a building comes from the deck (a row
        refilled), when cubes come out of the bag (black market, the supply phase), at the end,
        and when another player comes to decide (the end of a turn, the next placement). A
        pick is undoable until another player picks: the others are choosing at the same time
        and learn nothing from it. A refreshment is undoable: the card is the player's own."""
        if after.phase == "over":
            return undo.OVER
        if before.phase in ("pick", "place") and after.phase != before.phase:
            return undo.REVEALED
        if before.stack != after.stack:
            return undo.CARD_DRAWN
        if before.rng != after.rng:
            return undo.CUBES_DRAWN
        return undo.common_barrier(self, before, seat, after, events)

    def closes_undo(
        self, before: State, seat: int, code: str, after: State, events: Sequence[Event]
    ) -> bool:
        return self.undo_barrier(before, seat, code, after, events) is not None

    # ------------------------------------------------------------ views

    def public_view(self, state: State) -> views.PublicView:
        return views.public_view(state)

    def player_view(self, state: State, seat: int) -> views.PlayerView:
        return views.player_view(state, seat)

    # ------------------------------------------------------------ JSON

    def to_json(self, state: State) -> dict:
        return serial.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return serial.from_json(data)


# ---------------------------------------------------------------- standing


def _ranked(state: State, winners: tuple[int, ...], reason: Msg) -> Result:
    """Winners first, then the others by VP; equal VP share a place. VP come only from
    buildings, so the breakdown lists each seat's buildings in the order bought."""
    scores = tuple(p.vp for p in state.players)
    ranking = tuple(
        sorted(range(state.player_count), key=lambda v: (v not in winners, -scores[v], v))
    )
    places = [0] * state.player_count
    for v in range(state.player_count):
        if v in winners:
            places[v] = 1
        else:
            places[v] = (
                1
                + len(winners)
                + sum(
                    1
                    for u in range(state.player_count)
                    if u not in winners and scores[u] > scores[v]
                )
            )
    return Result(
        scores=scores,
        winners=winners,
        ranking=ranking,
        places=tuple(places),
        reason=reason,
        breakdown=tuple(
            tuple((engine.building_msg(state, b), state.deck[b].vp) for b in p.buildings)
            for p in state.players
        ),
    )


__all__ = ["Havana"]
