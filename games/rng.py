"""The random generator inside every state: one int, so a state copies, compares and serialises
it as it is, and a seed plus the log rebuilds a game.

Below 2**64 the int is a splitmix64 counter. Every game dealt from a seed of 64 bits or less
uses it (the games stored before games were dealt from `fresh_seed`, the simulators', the AI's
samples of what it cannot see), kept bit for bit so their logs replay; and it is fast, which the
AI's play-outs need. From 2**64 on the int is keyed: its low 64 bits count as before and the bits
above them are a secret key, and each draw is BLAKE2b of the counter under that key.

The bot deals every game from `fresh_seed`: 128 random bits from the operating system. A
player who sees a game's public setup cannot try every seed to find the one that deals it (a
31-bit seed could be found in hours), and no number of dice or cards seen tells the key, so the
future and every hidden holding stay hidden.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Protocol

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
SEED_BITS = 128
KEY_BYTES = 16
# A state holds a key of at most KEY_BYTES above its 64-bit counter.
LIMIT = 1 << (64 + 8 * KEY_BYTES)


class BitSource(Protocol):
    def getrandbits(self, k: int, /) -> int: ...


def fresh_seed(source: BitSource | None = None) -> int:
    """A seed nobody can guess: SEED_BITS random bits (from `secrets` unless a test passes
    its own source), above 2**SEED_BITS so the generator it starts is always keyed."""
    bits = secrets.randbits(SEED_BITS) if source is None else source.getrandbits(SEED_BITS)
    return 1 << SEED_BITS | bits


def start(seed: int) -> int:
    """The generator's state for `seed`."""
    if seed <= MASK64:
        return seed & MASK64  # as every game of a seed this small has always been dealt
    if seed >= LIMIT:
        raise ValueError(f"a seed must be below 2**{LIMIT.bit_length() - 1}")
    return seed


def valid(state: object) -> bool:
    return isinstance(state, int) and not isinstance(state, bool) and 0 <= state < LIMIT


def keyed_draw(state: int) -> tuple[int, int]:
    """(the next state, 64 random bits) of a keyed state (above 2**64)."""
    counter = (state + GAMMA) & MASK64
    key = (state >> 64).to_bytes(KEY_BYTES, "little")
    digest = hashlib.blake2b(counter.to_bytes(8, "little"), digest_size=8, key=key).digest()
    return state & ~MASK64 | counter, int.from_bytes(digest, "little")
