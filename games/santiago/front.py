"""Santiago de Cuba's options as a front end offers them (see `games.front`)."""

from __future__ import annotations

from games.front import FrontOption

# The colour of its messages: the sea by the harbour.
ACCENT = 0x1F7A8C

S = "Santiago de Cuba: "

OPTIONS = (
    FrontOption(
        "open_holdings", "bool", S + "everybody's pesos, VP and goods are public", first=True
    ),
    FrontOption("max_distance", "int", S + "the longest drive, 1-24 stops (default 10)", 1, 24),
    FrontOption(
        "partial_supply_grants", "bool", S + "a short supply gives what is left (default yes)"
    ),
    FrontOption("reroll_empty_demand", "bool", S + "reroll a demand of four zeros (default no)"),
    FrontOption(
        "owner_vp_only_when_moved", "bool", S + "owner VP only after a pawn moved (default no)"
    ),
    FrontOption("owner_vp_at_game_end", "bool", S + "owner VP also in the last turn (default no)"),
    FrontOption("pablo_allows_wood", "bool", S + "Pablo may give wood (default no)"),
)
