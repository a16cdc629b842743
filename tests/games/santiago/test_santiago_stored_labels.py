"""A game review keeps each decision's label as it was written then: an old review's labels
still read whole after the labels' parameters changed (a good counted was a name and a number
before it was one phrase)."""

from __future__ import annotations

import pytest

import games
from bot.text.i18n import languages, text_msg
from games.text import Msg

GOOD = Msg("santiago.good.rum")
# labels as a review stored them before `goods`, and what they read today
STORED = [
    (Msg("santiago.action.take", {"good": GOOD}), "Take 1 unit of rum"),
    (Msg("santiago.action.market_give", {"good": GOOD}), "Give 1 unit of rum"),
    (Msg("santiago.action.market_take", {"good": GOOD}), "Take 1 unit of rum"),
    (Msg("santiago.action.office", {"good": GOOD}), "Deliver 1 unit of rum for 2 VP"),
    (Msg("santiago.action.zorro_good", {"good": GOOD}), "Give 1 unit of rum"),
    (
        Msg("santiago.action.amount", {"amount": 2, "good": GOOD, "vp": 6}),
        "2 units of rum for 6 VP",
    ),
    (
        Msg("santiago.action.amount", {"amount": 1, "good": Msg("santiago.good.wood"), "vp": 1}),
        "1 unit of wood for 1 VP",
    ),
    (
        Msg("santiago.action.drive", {"stops": 2, "cost": 1, "to": Msg("santiago.harbour")}),
        "Harbour — 2 stops, 1 peso",
    ),
    (
        Msg(
            "santiago.action.convert",
            {"amount": 3, "src": Msg("santiago.good.tobacco"), "dst": Msg("santiago.good.cigar")},
        ),
        "Change 3 units of tobacco into cigars",
    ),
]


@pytest.mark.parametrize("lang", languages())
def test_an_old_review_s_labels_read_whole_in_every_language(lang):
    for label, english in STORED:
        stored = Msg.from_json(label.to_json())  # as the review's JSON gives it back
        said = text_msg(lang, games.stored_label("santiago", stored))
        assert said != label.key and "{" not in said and label.key not in said, said
        if lang == "en":
            assert said == english


def test_today_s_labels_and_other_games_labels_are_left_as_they_are():
    today = Msg("santiago.action.take", {"goods": Msg("santiago.goods.rum", {"n": 1})})
    assert games.stored_label("santiago", today) == today
    card = Msg("havana.action.play", {"card": Msg("havana.card.mama")})
    assert games.stored_label("havana", card) == card


def test_an_old_review_s_costly_decision_reads_its_moves_whole():
    """The review's line of a costly decision, from labels an earlier version stored."""
    from types import SimpleNamespace

    from bot.history.review_text import decision_line

    take, give = STORED[0][0], STORED[1][0]
    decision = {
        "entry": 16,
        "seat": 0,
        "class": "mistake",
        "cost": 12.0,
        "points": 3.0,
        "label": take.to_json(),
        "best_label": give.to_json(),
    }
    said = decision_line("en", SimpleNamespace(kind="santiago"), decision, ["Ana", "Ben"], True)
    assert "Take 1 unit of rum" in said and "Give 1 unit of rum" in said, said
    assert "santiago.action" not in said and "{" not in said
