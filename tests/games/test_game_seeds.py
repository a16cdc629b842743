"""A game's seed decides every die, the deck order, the bag and the deal, so the seed of a game
people play must not be guessable: 128 random bits, every one of which changes the game. Games
dealt from the small seeds of before keep their generator bit for bit, so their logs replay."""

from __future__ import annotations

import random

import pytest

import games
from games import rng
from games.santiago.state import State as SantiagoState


def test_fresh_seeds_hold_128_random_bits_and_never_repeat():
    seeds = [games.fresh_seed() for _ in range(500)]
    assert len(set(seeds)) == len(seeds)
    assert all(seed >> 128 == 1 for seed in seeds)  # 128 bits below the marker that keys them
    low = [seed & (2**128 - 1) for seed in seeds]
    varied = 0
    for seed in low:
        varied |= seed ^ low[0]
    assert varied == 2**128 - 1  # no bit is fixed


def test_a_test_can_still_choose_its_seeds():
    assert games.fresh_seed(random.Random(3)) == games.fresh_seed(random.Random(3))
    assert games.fresh_seed(random.Random(3)) != games.fresh_seed(random.Random(4))


def dealt(kind: str, seed: int) -> dict:
    """Everything a new game shows or hides, but the generator itself."""
    data = games.get(kind).to_json(games.get(kind).new(3, seed))
    data.pop("rng")
    return data


@pytest.mark.parametrize("kind", games.NAMES)
@pytest.mark.parametrize("bit", [0, 63, 64, 100, 127])
def test_every_bit_of_a_seed_changes_the_deal(kind, bit):
    seed = games.fresh_seed(random.Random(bit))
    assert dealt(kind, seed) != dealt(kind, seed ^ (1 << bit))


@pytest.mark.parametrize("kind", games.NAMES)
def test_a_game_of_a_fresh_seed_reads_back_and_plays_on_the_same(kind):
    game = games.get(kind)
    state = game.new(3, games.fresh_seed(random.Random(1)))
    chooser = random.Random(1)
    for _ in range(60):
        if game.is_over(state):
            break
        copy = game.from_json(game.to_json(state))
        assert copy == state
        seat = chooser.choice(game.pending(state)).seat
        code = chooser.choice(game.legal_codes(state, seat))
        state, _ = game.apply(state, seat, code)
        assert game.apply(copy, seat, code)[0] == state


def test_small_seeds_keep_the_splitmix64_generator():
    # The published first outputs of splitmix64 from 0: the games of before replay as they were.
    state = SantiagoState.__new__(SantiagoState)
    state.rng = 0
    assert [state.next_random(2**64) for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@pytest.mark.parametrize("kind", games.NAMES)
def test_a_generator_beyond_the_largest_key_is_a_damaged_state(kind):
    game = games.get(kind)
    data = game.to_json(game.new(2, games.fresh_seed(random.Random(2))))
    data["rng"] = str(rng.LIMIT) if kind == "santiago" else rng.LIMIT
    with pytest.raises(games.StateError, match="rng"):
        game.from_json(data)
    with pytest.raises(ValueError, match="seed"):
        game.new(2, rng.LIMIT)
