"""Havana pictures: every card, building and player count renders; secrets never reach the board."""

from __future__ import annotations

import dataclasses

import pytest
from render_helpers import check_png, compare_golden, differing_fraction

import games
from games.havana import deck
from games.havana.cards import CARDS
from games.havana.views import BuildingView, Cost, Cubes, RowView
from games.text import Msg
from render import _board_layout, board_png, havana, screen_png
from render import draw as dr
from render.captions import language, say
from render.demo import NAMES, play
from render.draw import SCREEN_W

GAME = games.get("havana")


@pytest.fixture(scope="module")
def mid_game():
    return play("havana", 4, 7, 45)


def test_card_numbers_match_the_rules_data():
    assert dict(CARDS) == havana.CARD_NUMBER


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_and_screens_render_for_each_player_count(players):
    state = play("havana", players, 20 + players, 40)
    view = GAME.public_view(state)
    assert len(view.players) == players
    check_png(board_png(view, NAMES[:players]))
    for seat in range(players):
        check_png(screen_png(GAME.player_view(state, seat), NAMES[:players]), min_width=SCREEN_W)


def test_every_card_renders_in_hand_and_face_up():
    start = GAME.new(3, 1, {})
    pv = GAME.player_view(start, 0)
    assert sorted(pv.hand) == sorted(havana.CARD_NUMBER)  # the whole set before the first pick
    check_png(screen_png(pv), min_width=SCREEN_W)
    view = GAME.public_view(play("havana", 3, 1, 30))
    for card in havana.CARD_NUMBER:
        players = tuple(dataclasses.replace(p, face_up=(card, card)) for p in view.players)
        check_png(board_png(dataclasses.replace(view, players=players)))


def _all_buildings() -> list[BuildingView]:
    out = []
    for b in deck.bundled():
        c = b.cost
        cost = Cost(Cubes(c[0], c[1], c[2], c[3], c[4]), c[5], c[6], b.requires_architect)
        out.append(BuildingView(b.id, Msg("havana.building." + b.id), b.vp, cost))
    return out


def test_every_building_renders_in_the_rows(mid_game):
    view = GAME.public_view(mid_game)
    everything = _all_buildings()
    assert len(everything) == 36
    for k in range(0, 36, 12):
        rows = (
            RowView("top", tuple(everything[k : k + 6]), ("left", "right")),
            RowView("bottom", tuple(everything[k + 6 : k + 12]), ("left", "right")),
        )
        check_png(board_png(dataclasses.replace(view, rows=rows)))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_score_past_the_goal_says_it_is_reached_and_not_out_of_it(mid_game, lang):
    view = GAME.public_view(mid_game)
    past = dataclasses.replace(view.players[1], vp=view.target_vp + 8)
    players = (view.players[0], past, *view.players[2:])
    with language(lang), dr.recording() as drawn:
        # short names: a long one takes the goal's room, and the score then stands alone
        board_png(dataclasses.replace(view, players=players), ["Al", "Bo", "Cy", "Di"], lang)
        reached = say("pic.havana.goal_reached")
        out_of = say("pic.havana.of_goal", goal=view.target_vp)
    texts = [d.text for d in drawn]
    assert texts.count(reached) == 1, texts
    assert texts.count(out_of) == len(players) - 1
    with language(lang), dr.recording() as drawn:  # a name that leaves no room for the words
        board_png(
            dataclasses.replace(view, players=players), ["Al", "Bobobobobo", "Cy", "Di"], lang
        )
        unit = say("pic.havana.vp_unit")
    assert [d.text for d in drawn].count(unit) == 1


def test_single_card_and_empty_rows_render(mid_game):
    view = GAME.public_view(mid_game)
    one = _all_buildings()[:1]
    rows = (RowView("top", tuple(one), ("left",)), RowView("bottom", (), ()))
    check_png(board_png(dataclasses.replace(view, rows=rows)))


def test_buyable_ends_are_marked(mid_game):
    view = GAME.public_view(mid_game)
    top = view.rows[0]
    marked = check_png(board_png(view))
    unmarked = check_png(
        board_png(
            dataclasses.replace(
                view, rows=(dataclasses.replace(top, buyable_ends=()), view.rows[1])
            )
        )
    )
    assert differing_fraction(marked, unmarked) > 0.002


def test_nothing_is_marked_for_sale_once_the_game_is_over():
    log: list = []
    state = play("havana", 4, 7, None, log=log)
    assert GAME.is_over(state) and any(GAME.public_view(state).rows[r].buildings for r in (0, 1))
    with language("en"):
        buy = say("pic.havana.buy")
    _image, drawn = _board_layout(GAME.public_view(state), NAMES)
    assert not [t for t in drawn if t.text == buy]
    # (the rows were on sale before the last decision)
    _image, drawn = _board_layout(GAME.public_view(play("havana", 4, 7, len(log) - 1)), NAMES)
    assert [t for t in drawn if t.text == buy]


def _with_other_secrets(state):
    """Seat 0 swaps a hand card with a discarded card and with its face-down pick: every count
    stays, only secrets change."""
    data = GAME.to_json(state)
    p = data["players"][0]
    assert p["hand"] and p["discard"] and p["picks"]
    h = [c for c in p["hand"] if c not in p["discard"] and c not in p["picks"]]
    p["hand"].remove(h[0])
    p["hand"].append(p["discard"][0])
    p["discard"][0] = h[0]
    p["hand"].remove(h[1])
    p["hand"].append(p["picks"][0])
    p["picks"][0] = h[1]
    p["hand"].sort()
    return GAME.from_json(data)


def test_hidden_cards_never_change_the_board(mid_game):
    other = _with_other_secrets(mid_game)
    mine, theirs = GAME.player_view(mid_game, 0), GAME.player_view(other, 0)
    assert (mine.hand, mine.discard, mine.secret_picks) != (
        theirs.hand,
        theirs.discard,
        theirs.secret_picks,
    )
    assert GAME.public_view(other) == GAME.public_view(mid_game)
    assert board_png(GAME.public_view(other), NAMES) == board_png(GAME.public_view(mid_game), NAMES)
    assert screen_png(theirs, NAMES) != screen_png(mine, NAMES)


def test_golden_havana_4p(mid_game):
    compare_golden("havana-4p-board.png", board_png(GAME.public_view(mid_game), NAMES))
    compare_golden("havana-4p-screen.png", screen_png(GAME.player_view(mid_game, 0), NAMES))


# --- the banner: the position, never who acts now --------------------------------------------------


def _other_deciders(view):
    """The same table with other seats to decide, on other prompts, in the open or in secret."""
    n = view.players_count
    pending = tuple(
        dataclasses.replace(
            p,
            seat=(p.seat + 1) % n,
            kind="pick",
            prompt=Msg("havana.prompt.pick"),
            secret=not p.secret,
        )
        for p in view.pending
    ) + (dataclasses.replace(view.pending[0], seat=(view.pending[0].seat + 2) % n),)
    active = None if view.active_seat is None else (view.active_seat + 1) % n
    return dataclasses.replace(view, pending=pending, active_seat=active)


@pytest.mark.parametrize("steps", [25, 45, 50])
def test_who_must_decide_changes_nothing_on_the_board(steps):
    """A board stays on screen while later prompts, for other players, follow it: twin tables
    that differ only in who must decide (and on what) give the same picture."""
    view = GAME.public_view(play("havana", 4, 7, steps))
    assert view.pending and not view.game_over
    twin = _other_deciders(view)
    assert twin.pending != view.pending
    assert board_png(view, NAMES, move=steps) == board_png(twin, NAMES, move=steps)
    assert havana.caption(view, NAMES, steps) == havana.caption(twin, NAMES, steps)


@pytest.mark.parametrize("lang", ["en", "de", "es", "it", "ru"])
def test_the_banner_names_the_position_and_no_seat(lang):
    view = GAME.public_view(play("havana", 4, 7, 50))
    assert view.pending[0].seat == view.active_seat == 0 and not view.pending[0].secret
    image, drawn = _board_layout(view, NAMES, lang, 50)
    banner = " ".join(t.text for t in drawn if t.role == "turn")
    with language(lang):
        assert banner == havana.caption(view, NAMES, 50)
        assert say("pic.havana.after_move", n=50) in banner
        assert say("pic.havana.phase.actions") in banner
    assert not any(name in banner for name in NAMES)


def test_without_a_move_number_the_banner_says_nothing_about_moves():
    view = GAME.public_view(play("havana", 4, 7, 50))
    assert "move" not in havana.caption(view, NAMES)
    image, drawn = _board_layout(view, NAMES)
    assert [t.text for t in drawn if t.role == "turn"] == [havana.caption(view, NAMES)]


def test_the_banner_of_a_finished_game_says_so_and_who_won():
    view = GAME.public_view(play("havana", 3, 10, None))
    assert view.game_over and view.winners
    text = havana.caption(view, ["W" * 40] * 3, 412)
    assert text.startswith("Game over, won by WWW") and text.endswith("after move 412")
    image, drawn = _board_layout(view, ["W" * 40] * 3, None, 412)
    assert [t.text for t in drawn if t.role == "turn"] == [text]


def test_the_banner_counts_rounds_without_the_house_limit():
    """The round limit (60 by default) is a safety cap, not the game's length: "Round 3", never
    "Round 3/60", which reads as if the game lasted sixty rounds."""
    view = GAME.public_view(play("havana", 4, 7, 45))
    assert view.round >= 1 and view.max_rounds == 60
    caption = havana.caption(view, NAMES, 45)
    assert caption.startswith(f"Round {view.round} · ") and "60" not in caption
