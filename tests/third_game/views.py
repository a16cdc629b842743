"""What the bot says of Duelo beside its pictures: a player's private figures, the variants worth
a line of their own when a table opens (Duelo has none) and the options shown apart."""

from __future__ import annotations

from games import Msg

from .duel import PlayerView

OPTIONS_SHOWN_APART: tuple[str, ...] = ()


def figures(view: PlayerView) -> Msg:
    """The line beside a player's screen: the cards in hand, only ever sent to that player."""
    cards = ", ".join(str(card) for card in view.hand) or "-"
    return Msg("duel.figures", {"cards": cards, "points": view.public.scores[view.seat]})


def option_notes(options) -> list[Msg]:
    return []
