"""Santiago de Cuba as data: goods, dice, citizens, buildings, board geometry.

Everything is an index into these tuples inside the engine; the string ids are what views,
action codes, JSON and the text catalogue use.
"""

from __future__ import annotations

# Goods, in a fixed order. The first five have a die; wood has none (only Miguel gives wood).
GOODS = ("sugar_cane", "citrus", "tobacco", "rum", "cigar", "wood")
SUGAR, CITRUS, TOBACCO, RUM, CIGAR, WOOD = range(6)
DICE_GOODS = (SUGAR, CITRUS, TOBACCO, RUM, CIGAR)
GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}
GOODS_PER_TYPE = 8  # 48 goods: 8 of each type; the supply is finite (E1)

# Faces of each die; the orange (citrus) die shows a 4 instead of its second 1 (spec 2.2).
DIE_FACES = (
    (0, 1, 1, 2, 2, 3),
    (0, 1, 2, 2, 3, 4),
    (0, 1, 1, 2, 2, 3),
    (0, 1, 1, 2, 2, 3),
    (0, 1, 1, 2, 2, 3),
)

COLOURS = ("yellow", "blue", "red", "white")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
# The 12 building spaces: three under each flower colour. Space s has colour s // 3.
SPACE_COLOUR = tuple(s // 3 for s in range(12))

CITIZENS = (
    "pedro",
    "jose",
    "conchita",
    "miguel",
    "pablo",
    "maria",
    "martinez",
    "el_zorro",
    "alonso",
)
PEDRO, JOSE, CONCHITA, MIGUEL, PABLO, MARIA, MARTINEZ, EL_ZORRO, ALONSO = range(9)
CITIZEN_INDEX = {c: i for i, c in enumerate(CITIZENS)}

# Flower colour of each citizen tile. The sources only reveal Pedro = white, Alonso = white,
# Miguel = blue and El Zorro = none (spec section 6). The other five are printed on the tiles but
# stated nowhere, so this default spreads them to give every colour exactly two citizens
# (José yellow, as one unverified review says). Tables can override it with the
# `citizen_colours` option (a mapping or a JSON file).
DEFAULT_CITIZEN_COLOURS = {
    "pedro": "white",
    "alonso": "white",
    "miguel": "blue",
    "pablo": "blue",
    "jose": "yellow",
    "maria": "yellow",
    "conchita": "red",
    "martinez": "red",
    "el_zorro": None,
}

# Citizens whose whole effect is a gain from the supply / bank: (good or None, amount, kind).
# kind: "good" (from the finite supply), "vp", "pesos".
SIMPLE_GAINS = {
    PEDRO: ("good", TOBACCO, 2),
    JOSE: ("good", SUGAR, 2),
    CONCHITA: ("good", CITRUS, 2),
    MIGUEL: ("good", WOOD, 2),
    MARIA: ("vp", None, 2),
    MARTINEZ: ("pesos", None, 3),
}

BUILDINGS = (
    "bank",
    "church",
    "distillery",
    "cigar_factory",
    "black_market",
    "sawmill",
    "cafe",
    "customs",
    "casino",
    "harbour_office",
    "office",
    "newspaper",
)
(
    BANK,
    CHURCH,
    DISTILLERY,
    CIGAR_FACTORY,
    BLACK_MARKET,
    SAWMILL,
    CAFE,
    CUSTOMS,
    CASINO,
    HARBOUR_OFFICE,
    OFFICE,
    NEWSPAPER,
) = range(12)
BUILDING_INDEX = {b: i for i, b in enumerate(BUILDINGS)}

# Road: stop 0 is the harbour, stops 1..9 hold the citizens in clockwise order.
STOPS = 10
HARBOUR = 0
SHIPS = 7  # the departure of the 7th ship ends the game at once
MARKERS = 3  # property markers per player
START_PESOS, START_VP = 3, 2
START_GOODS = (1, 1, 1, 0, 0, 0)  # 1 sugar cane, 1 citrus, 1 tobacco
PRICE_MIN, PRICE_MAX = 2, 4  # price 5 would be the checkered flag: the ship departs
