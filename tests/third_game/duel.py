"""Duelo, a two-player card game of hidden hands, kept under tests/ to prove that a game plugs
into the house from outside: nothing in games/, render/ or bot/ names it.

The rules, all of them:
1. Two players. Sixteen cards, 1 to 8 twice, shuffled from the seed.
2. Each player is dealt four cards, hidden from the other; the rest are set aside unseen.
3. Four tricks are played; the first player leads the first.
4. The leader names a stake: 1 or 2 points.
5. The leader plays a card face up, then the other player plays a card face up.
6. The higher card wins the trick; equal cards go to the leader.
7. Except that a 1 beats an 8.
8. The trick's winner scores the stake.
9. The winner of a trick leads the next one.
10. After four tricks the game ends; the most points win.
11. Equal points: the winner of the last trick wins.
12. A stake may be taken back until the card is played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games import Action, Decision, Event, IllegalAction, Result, StateError, msg
from games.text import player, register
from games.undo import OVER, PASSED

NAME = "duel"
HAND = 4
TRICKS = 4
STAKES = (1, 2)

ENGLISH = {
    "duel.title": "Duelo",
    "duel.prompt.stake": "{player}: name the stake of the trick.",
    "duel.prompt.lead": "{player}: lead a card.",
    "duel.prompt.follow": "{player}: play a card against the {card}.",
    "duel.action.stake": "Stake {points}",
    "duel.action.play": "Play the {card}",
    "duel.event.stake": "{player} stakes {points} on the trick.",
    "duel.event.lead": "{player} leads the {card}.",
    "duel.event.follow": "{player} plays the {card}.",
    "duel.event.trick": "{player} wins the trick and scores {points}.",
    "duel.refused.card": "You hold no {card}.",
    "duel.refused.code": "That is not a move of Duelo.",
    "duel.end": "Four tricks are played.",
    "duel.tiebreak.last": "last trick",
    "duel.part.tricks": "Tricks",
}
register(ENGLISH)


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    leader: int = 0
    stake: int | None = None
    led: int | None = None
    scores: tuple[int, int] = (0, 0)
    trick: int = 1
    last_winner: int | None = None
    last: tuple[int, str] | None = None
    version: int = 0
    seed: int = 0
    options: dict = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.trick > TRICKS


@dataclass(frozen=True)
class PublicView:
    """What both players see: no field for a card still in a hand. It answers
    `games.PublicView` (`player_count`, `active_seat`, `pending`, `game_over`, `last_move`)."""

    version: int
    round: int
    phase: str
    active_seat: int | None
    scores: tuple[int, int]
    hand_sizes: tuple[int, int]
    stake: int | None
    led: int | None
    leader: int
    pending: tuple[Decision, ...] = ()
    # (seat, code) of the latest decision: a stake or a card played face up, all public.
    last_move: tuple[int, str] | None = None

    @property
    def player_count(self) -> int:
        return 2

    @property
    def game_over(self) -> bool:
        return self.phase == "over"


@dataclass(frozen=True)
class PlayerView:
    public: PublicView
    seat: int
    hand: tuple[int, ...]


def beats(card: int, other: int) -> bool:
    """Rules 6 and 7: does `card`, played against the led `other`, win the trick?"""
    if (card, other) == (1, 8):
        return True
    if (card, other) == (8, 1):
        return False
    return card > other


class Duel:
    name = NAME
    min_players = 2
    max_players = 2
    title = msg("duel.title")

    def options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        return {}

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        deck = [card for card in range(1, 9) for _ in range(2)]
        random.Random(seed).shuffle(deck)
        hands = (tuple(sorted(deck[:HAND])), tuple(sorted(deck[HAND : 2 * HAND])))
        return State(hands, seed=seed, options=dict(options or {}))

    def _phase(self, state: State) -> str:
        if state.over:
            return "over"
        if state.stake is None:
            return "stake"
        return "lead" if state.led is None else "follow"

    def _deciding(self, state: State) -> int | None:
        phase = self._phase(state)
        if phase == "over":
            return None
        return state.leader if phase in ("stake", "lead") else 1 - state.leader

    def pending(self, state: State) -> tuple[Decision, ...]:
        seat, phase = self._deciding(state), self._phase(state)
        if seat is None:
            return ()
        if phase == "stake":
            return (Decision(seat, "stake", msg("duel.prompt.stake", player=player(seat))),)
        if phase == "lead":
            prompt = msg("duel.prompt.lead", player=player(seat))
        else:
            prompt = msg("duel.prompt.follow", player=player(seat), card=state.led)
        return (Decision(seat, phase, prompt, private_options=True),)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != self._deciding(state):
            return []
        if self._phase(state) == "stake":
            return [Action(f"stake:{p}", msg("duel.action.stake", points=p)) for p in STAKES]
        cards = sorted(set(state.hands[seat]))
        return [Action(f"play:{c}", msg("duel.action.play", card=c)) for c in cards]

    def legal_codes(self, state: State, seat: int) -> list[str]:
        return [a.code for a in self.legal_actions(state, seat)]

    def public_actions(self, state: State, seat: int) -> list[Action]:
        return []

    def apply(self, state: State, seat: int, code: str) -> tuple[State, list[Event]]:
        if seat != self._deciding(state):
            raise IllegalAction(msg("duel.refused.code"))
        kind, _, value = code.partition(":")
        phase = self._phase(state)
        if kind == "stake" and phase == "stake" and value in ("1", "2"):
            stake = int(value)
            event = Event(msg("duel.event.stake", player=player(seat), points=stake), seat)
            after = replace(state, stake=stake, last=(seat, code), version=state.version + 1)
            return after, [event]
        if kind != "play" or phase not in ("lead", "follow") or not value.isdigit():
            raise IllegalAction(msg("duel.refused.code"))
        card = int(value)
        if card not in state.hands[seat]:
            raise IllegalAction(msg("duel.refused.card", card=card))
        hand = list(state.hands[seat])
        hand.remove(card)
        hands = list(state.hands)
        hands[seat] = tuple(hand)
        played = replace(
            state, hands=(hands[0], hands[1]), last=(seat, code), version=state.version + 1
        )
        if phase == "lead":
            event = Event(msg("duel.event.lead", player=player(seat), card=card), seat)
            return replace(played, led=card), [event]
        winner = seat if beats(card, state.led) else state.leader
        scores = list(state.scores)
        scores[winner] += state.stake
        events = [
            Event(msg("duel.event.follow", player=player(seat), card=card), seat),
            Event(msg("duel.event.trick", player=player(winner), points=state.stake), winner),
        ]
        after = replace(
            played,
            leader=winner,
            stake=None,
            led=None,
            scores=(scores[0], scores[1]),
            trick=state.trick + 1,
            last_winner=winner,
        )
        return after, events

    def is_over(self, state: State) -> bool:
        return state.over

    def standing(self, state: State) -> Result:
        last = state.last_winner
        tiebreaks = tuple((int(seat == last),) for seat in (0, 1))
        ranking = tuple(sorted((0, 1), key=lambda s: (-state.scores[s], -tiebreaks[s][0])))
        places = [1, 1]
        first, second = ranking
        if (state.scores[second], tiebreaks[second]) != (state.scores[first], tiebreaks[first]):
            places[second] = 2
        return Result(
            scores=state.scores,
            winners=tuple(s for s in ranking if places[s] == 1),
            ranking=ranking,
            places=tuple(places),
            tiebreaks=tiebreaks,
            tiebreak_names=(msg("duel.tiebreak.last"),),
            reason=msg("duel.end"),
            breakdown=tuple(((msg("duel.part.tricks"), state.scores[s]),) for s in (0, 1)),
        )

    def result(self, state: State) -> Result | None:
        return self.standing(state) if state.over else None

    def public_view(self, state: State) -> PublicView:
        return PublicView(
            version=state.version,
            round=min(state.trick, TRICKS),
            phase=self._phase(state),
            active_seat=self._deciding(state),
            scores=state.scores,
            hand_sizes=(len(state.hands[0]), len(state.hands[1])),
            stake=state.stake,
            led=state.led,
            leader=state.leader,
            pending=self.pending(state),
            last_move=state.last,
        )

    def player_view(self, state: State, seat: int) -> PlayerView:
        return PlayerView(self.public_view(state), seat, state.hands[seat])

    def to_json(self, state: State) -> dict:
        return {
            "format": 1,
            "hands": [list(h) for h in state.hands],
            "leader": state.leader,
            "stake": state.stake,
            "led": state.led,
            "scores": list(state.scores),
            "trick": state.trick,
            "last_winner": state.last_winner,
            "last": None if state.last is None else list(state.last),
            "version": state.version,
            "seed": state.seed,
            "options": state.options,
        }

    def from_json(self, data: Mapping[str, Any]) -> State:
        try:
            if data["format"] != 1:
                raise StateError(f"Duelo state format {data['format']!r}")
            hands = tuple(tuple(int(c) for c in h) for h in data["hands"])
            return State(
                hands=(hands[0], hands[1]),
                leader=int(data["leader"]),
                stake=data["stake"],
                led=data["led"],
                scores=(int(data["scores"][0]), int(data["scores"][1])),
                trick=int(data["trick"]),
                last_winner=data["last_winner"],
                last=None if data["last"] is None else (int(data["last"][0]), str(data["last"][1])),
                version=int(data["version"]),
                seed=int(data["seed"]),
                options=dict(data["options"]),
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise StateError(f"not a Duelo state: {exc}") from None

    def version(self, state: State) -> int:
        return state.version

    def undo_barrier(
        self, before: State, seat: int, code: str, after: State, events: Sequence[Event]
    ):
        """Rule 12: a stake may be taken back until the card is played; a card, never (the
        other player decides next, or the game is over)."""
        if after.over:
            return OVER
        return None if code.startswith("stake:") else PASSED

    def closes_undo(
        self, before: State, seat: int, code: str, after: State, events: Sequence[Event]
    ) -> bool:
        return self.undo_barrier(before, seat, code, after, events) is not None


GAME = Duel()
