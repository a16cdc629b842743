"""The 13 action cards and the materials, declared once as data.

Every player has the same set of 13 cards. A card is referred to by its index in `CARDS`;
indices follow the printed numbers, so sorting indices sorts by number (and a pair's left card
is the lower one). Two cards share each of the numbers 2, 3 and 4.
"""

from __future__ import annotations

# (id, printed number). The order is the sort order of a player's face-up pair.
CARDS: tuple[tuple[str, int], ...] = (
    ("siesta", 0),
    ("refreshment", 1),
    ("protection", 2),
    ("debris", 2),
    ("demolition", 3),
    ("tax_collector", 3),
    ("workers", 4),
    ("architect", 4),
    ("peso_thief", 5),
    ("material_thief", 6),
    ("black_market", 7),
    ("pesos", 8),
    ("mama", 9),
)
CARD_IDS: tuple[str, ...] = tuple(c for c, _ in CARDS)
CARD_NUMBER: tuple[int, ...] = tuple(n for _, n in CARDS)
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARD_IDS)}
SET_SIZE = len(CARDS)

(
    SIESTA,
    REFRESHMENT,
    PROTECTION,
    DEBRIS,
    DEMOLITION,
    TAX_COLLECTOR,
    WORKERS,
    ARCHITECT,
    PESO_THIEF,
    MATERIAL_THIEF,
    BLACK_MARKET,
    PESOS,
    MAMA,
) = range(SET_SIZE)

# Cards that do nothing when resolved: their place in the turn never matters.
PASSIVE = frozenset({SIESTA, PROTECTION})
# Cards whose action the player may decline (all others are mandatory, rulebook "Note sulle carte").
OPTIONAL = frozenset({REFRESHMENT, DEMOLITION})

# Materials: four colours and the grey rubble.
COLOURS: tuple[str, ...] = ("red", "yellow", "brown", "blue", "rubble")
COLOURED = (0, 1, 2, 3)
RUBBLE = 4
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}

# Components (rulebook "Componenti").
CUBES_PER_COLOUR = 10
RUBBLE_CUBES = 40
TOTAL_CUBES = 4 * CUBES_PER_COLOUR + RUBBLE_CUBES  # 80
TOTAL_WORKERS = 15
TOTAL_PESOS = 36 * 1 + 24 * 3  # 108

# Setup and supply amounts.
START_PESOS = 1
START_CUBES = 1
CENTRE_START_CUBES = 3
CENTRE_START_PESOS = 4
SUPPLY_CUBES = 3
SUPPLY_PESOS = 3
ROW_LENGTH = 6
REFILL_AT = 2
REFILL_CARDS = 4
EXCHANGE_RATE = 5  # 5 pesos for a worker, 5 rubble for a coloured cube

# Victory target by player count.
TARGET_VP = {2: 25, 3: 20, 4: 15}


def number_of(pair: list[int] | tuple[int, ...]) -> int:
    """The two-digit number of a sorted pair: 0 and 7 make 07, never 70."""
    return 10 * CARD_NUMBER[pair[0]] + CARD_NUMBER[pair[1]]
