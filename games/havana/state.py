"""The mutable-in-place state that the engine clones before every action.

Kept compact (lists of ints, card and building indices) so that a clone is cheap. Nothing outside
`games.havana` should look inside: callers use the views.
"""

from __future__ import annotations

from games.rng import MASK64, keyed_draw

from .deck import Building


class Player:
    __slots__ = (
        "cubes",  # [red, yellow, brown, blue, rubble]
        "pesos",
        "workers",
        "buildings",  # building indices, in the order bought
        "vp",
        "hand",  # sorted card indices
        "face_up",  # the two face-up cards, sorted (left, right); empty before the first reveal
        "discard",  # card indices, in the order discarded
        "age",  # public random age rank, 0 = youngest
        "unrevealed",  # cards chosen face down, not yet revealed (first choice, or phase III card)
        "cover",  # phase III: 0 left / 1 right once chosen, else -1
        "played",  # this round's phase I turn is over
    )

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.cubes = self.cubes[:]
        p.pesos = self.pesos
        p.workers = self.workers
        p.buildings = self.buildings[:]
        p.vp = self.vp
        p.hand = self.hand[:]
        p.face_up = self.face_up[:]
        p.discard = self.discard[:]
        p.age = self.age
        p.unrevealed = self.unrevealed[:]
        p.cover = self.cover
        p.played = self.played
        return p


class State:
    __slots__ = (
        "player_count",  # 2..4 seats, numbered 0..player_count - 1
        "options",  # validated options (shared, never mutated)
        "deck",  # tuple[Building, ...] (shared, never mutated)
        "rng",  # the generator (games.rng)
        "rows",  # [top, bottom]: building indices left to right
        "stack",  # face-down building deck, next card first
        "box_buildings",
        "bag",  # cubes by colour
        "centre",  # cubes by colour
        "centre_pesos",
        "bank_pesos",
        "bank_workers",
        "box_cubes",
        "round",
        "phase",  # "pick" | "actions" | "place" | "over"
        "order",  # this round's frozen turn order
        "turn",  # index in `order` of the seat acting (phase I) or placing (phase III)
        "flags",  # FIRST_WORKERS | FIRST_BLACK_MARKET | DEMOLISHED
        "cards_to_resolve",  # phase I: face-up cards of the active player not yet resolved
        "step",  # the step inside a turn waiting for a decision: (kind, *numbers), or None
        "players",
        "version",
        "reason",  # why the game ended: message key, or ""
        "winners",
        "last",  # the latest decision in public terms (see `engine.public_last`), or None
    )

    def clone(self) -> State:
        s = State.__new__(State)
        s.player_count = self.player_count
        s.options = self.options
        s.deck = self.deck
        s.rng = self.rng
        s.rows = [self.rows[0][:], self.rows[1][:]]
        s.stack = self.stack[:]
        s.box_buildings = self.box_buildings[:]
        s.bag = self.bag[:]
        s.centre = self.centre[:]
        s.centre_pesos = self.centre_pesos
        s.bank_pesos = self.bank_pesos
        s.bank_workers = self.bank_workers
        s.box_cubes = self.box_cubes[:]
        s.round = self.round
        s.phase = self.phase
        s.order = self.order
        s.turn = self.turn
        s.flags = self.flags
        s.cards_to_resolve = self.cards_to_resolve
        s.step = self.step
        s.players = [p.clone() for p in self.players]
        s.version = self.version
        s.reason = self.reason
        s.winners = self.winners
        s.last = self.last
        return s

    def random(self, n: int) -> int:
        """A uniform integer in [0, n) from the state's own generator (`games.rng`)."""
        if self.rng > MASK64:
            self.rng, z = keyed_draw(self.rng)
            return z % n
        self.rng = z = (self.rng + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return (z ^ (z >> 31)) % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.random(i + 1)
            items[i], items[j] = items[j], items[i]

    def building(self, index: int) -> Building:
        return self.deck[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(
            getattr(self, k) == getattr(other, k) for k in State.__slots__ if k != "players"
        ) and all(
            getattr(a, k) == getattr(b, k)
            for a, b in zip(self.players, other.players, strict=True)
            for k in Player.__slots__
        )

    __hash__ = None  # type: ignore[assignment]


FIRST_WORKERS = 1
FIRST_BLACK_MARKET = 2
DEMOLISHED = 4
