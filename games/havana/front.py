"""Havana's options as a front end offers them (see `games.front`)."""

from __future__ import annotations

from games.front import FrontOption

# The colour of its messages: the ochre of old Havana's walls.
ACCENT = 0xC8871E

OPTIONS = (
    FrontOption("deck", "file", "Havana: a JSON file with your own building deck", first=True),
    FrontOption("max_rounds", "int", "Havana: rounds before the most VP win (default 60)", 1, 1000),
    FrontOption(
        "row_end_rule",
        "choice",
        "Havana: where the deal at setup must put a building worth 1-3 VP",
        choices=(("any end (default)", "any_end"), ("both ends of a row", "both_ends_of_a_row")),
    ),
)
