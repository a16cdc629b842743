"""What Duelo's stakes and cards do, in words: the bot says it beside a choice's button and
under a menu entry (`games.explain`), and `/game help` lists it (`sections`). A game plugged in
from outside explains its choices through the same face as ours."""

from __future__ import annotations

from games.text import Msg

from .duel import STAKES

# Registered with the rest of Duelo's English (`tests.third_game.register`).
ENGLISH = {
    "duel.effect.stake": (
        "Whoever wins the trick scores {points:plural|one=# point|other=# points}."
    ),
    "duel.effect.card": "Beats every lower card; an equal card goes to the leader.",
    "duel.effect.card.1": "The lowest card, yet it beats an 8.",
    "duel.effect.card.8": "Beats every lower card, but a 1 beats it.",
    "duel.glossary.stakes": "Stakes",
    "duel.glossary.cards": "Cards",
    "duel.glossary.stake": "Stake {points}",
    "duel.glossary.card": "The {card}",
}


def card_effect(card: int) -> Msg:
    return Msg("duel.effect.card" + (f".{card}" if card in (1, 8) else ""))


def explain(state, seat: int, code: str) -> Msg | None:
    """The effect of the stake or card that `code` names (every Duelo code names one)."""
    kind, _, value = code.partition(":")
    if kind == "stake" and value.isdigit():
        return Msg("duel.effect.stake", {"points": int(value)})
    if kind == "play" and value.isdigit():
        return card_effect(int(value))
    return None


def sections() -> list[tuple[Msg, list[tuple[Msg, Msg]]]]:
    stakes = [
        (Msg("duel.glossary.stake", {"points": p}), Msg("duel.effect.stake", {"points": p}))
        for p in STAKES
    ]
    cards = [(Msg("duel.glossary.card", {"card": c}), card_effect(c)) for c in range(1, 9)]
    return [(Msg("duel.glossary.stakes"), stakes), (Msg("duel.glossary.cards"), cards)]


def detail(effect: Msg) -> Msg:
    return effect
