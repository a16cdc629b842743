"""Why a table's own deck file is refused, worded as the bot says it to the player who sent it
(`/game new deck:`), and as the proof sheet shows it."""

from __future__ import annotations

from typing import Any

from games.jsonin import JSONInputError

# A deck file is a few kilobytes; anything larger is refused before it is read.
MAX_DECK_BYTES = 256 * 1024


def too_big() -> tuple[str, dict[str, Any]]:
    """The refusal of a deck file over `MAX_DECK_BYTES`."""
    return "bot.error.deck_too_big", {"limit": MAX_DECK_BYTES // 1024}


def deck_refusal(refused: JSONInputError) -> tuple[str, dict[str, Any]]:
    """The bot key and its parameters for a deck file that `games.jsonin` refused."""
    if refused.key == "too_large":  # the attachment's declared size was wrong
        return too_big()
    if refused.key == "syntax":
        return "bot.error.deck_not_json", {"detail": refused.reason.params["detail"]}
    # the reason is a phrase ("the file is not UTF-8 text"): the sentence around it ends it
    return "bot.error.deck_unusable", {"reason": refused.reason}
