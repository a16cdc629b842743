"""Duelo, hosted from outside games/: this package is the game as the registry takes it
(`GAME`, `views`, `front`, `glossary`), and importing it registers the game, its faces and its
English, so any process that imports it (the bot's, and the workers that think and draw for it)
hosts it. `register()` does it again (each step changes nothing the second time)."""

from __future__ import annotations

import sys

import games
from games.text import register as register_texts
from render import faces as render_faces

from . import faces, front, glossary, views
from .duel import ENGLISH as RULES_ENGLISH
from .duel import GAME, PlayerView, PublicView

# What the bot and the pictures say of Duelo besides its rules (duel.py): the rules page of
# `/game help`, the figures beside a screen and the words on its pictures.
ENGLISH = {
    "duel.rules": (
        "**Duelo**, for two. Sixteen cards, 1 to 8 twice; each player holds four, hidden.\n"
        "- The leader names a stake (1 or 2 points), then leads a card; the other answers.\n"
        "- The higher card wins the trick (a 1 beats an 8; equal cards go to the leader).\n"
        "- The winner scores the stake and leads the next trick; after four, most points win.\n"
        "- A stake may be taken back (`/game undo`) until the card is played."
    ),
    "duel.figures": "Your cards: {cards}. Points: {points}.",
    "duel.pic.trick": "Trick {trick} of {tricks}",
    "duel.pic.after": "after move {move}",
    "duel.pic.stake": "Stake: {points}",
    "duel.pic.led": "Led:",
    "duel.pic.points": "{points:plural|one=# point|other=# points}",
    "duel.pic.player": "{player}: {points:plural|one=# point|other=# points}, {cards} in hand",
    "duel.pic.players": "Players",
    "duel.pic.hand": "Hand of {player}",
    "duel.pic.last": "Last: {player} — {what}",
    "duel.pic.last.stake": "stake {value}",
    "duel.pic.last.play": "the {value}",
}


def register() -> None:
    """Host Duelo: its rules', its own and its glossary's English, the game, its faces."""
    register_texts(RULES_ENGLISH)
    register_texts(ENGLISH)
    register_texts(glossary.ENGLISH)
    games.register(sys.modules[__name__])
    render_faces.register(
        GAME.name,
        public_view=PublicView,
        player_view=PlayerView,
        board=faces.board,
        screen=faces.screen,
        board_text=faces.board_text,
        screen_text=faces.screen_text,
        alt_order=("title", "last", "waiting", "players"),
        caption=faces.caption,
    )


register()

__all__ = ["ENGLISH", "GAME", "front", "glossary", "register", "views"]
