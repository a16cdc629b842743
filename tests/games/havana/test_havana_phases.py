"""Setup, the secret first pick, phase III placement, recycling and what each view shows."""

import dataclasses

from havana_helpers import C, play, table

from games.havana import GAME
from games.havana.views import PublicView

IDLE = ("siesta", "protection")


def test_setup_counts():
    for n in (2, 3, 4):
        s = GAME.new(n, 5)
        v = GAME.public_view(s)
        assert v.centre.pesos == 4 and v.centre.cubes.total == 3
        assert all(p.pesos == 1 and p.cubes.total == 1 and p.workers == 0 for p in v.players)
        assert v.bank_pesos == 108 - 4 - n and v.bank_workers == 15 and v.bag_count == 80 - 3 - n
        assert [len(r.buildings) for r in v.rows] == [6, 6] and v.deck_count == 24
        ends = [r.buildings[0].vp for r in v.rows] + [r.buildings[-1].vp for r in v.rows]
        assert any(1 <= vp <= 3 for vp in ends)  # E1
        assert v.target_vp == {2: 25, 3: 20, 4: 15}[n]


def test_first_pick_is_secret_and_simultaneous():
    s = GAME.new(3, 1)
    pend = GAME.pending(s)
    assert [(d.seat, d.kind, d.secret) for d in pend] == [
        (0, "pick", True),
        (1, "pick", True),
        (2, "pick", True),
    ]
    assert len(GAME.legal_codes(s, 0)) == 13 and "pick:debris" in GAME.legal_codes(s, 0)
    s, events = play(s, (1, "pick:mama"))
    assert [e.only_for for e in events] == [None, 1]
    assert "Mama" not in str(events[0].msg) and "Mama" in str(events[1].msg)
    pub = GAME.public_view(s)
    assert pub.players[1].picked == 1 and pub.players[1].face_up == ()
    assert GAME.player_view(s, 1).secret_picks == ("mama",)
    assert GAME.player_view(s, 0).secret_picks == ()
    s, _ = play(s, (1, "pick:siesta"), (0, "pick:pesos"), (0, "pick:debris"), (2, "pick:workers"))
    assert GAME.legal_codes(s, 1) == []
    s, events = play(s, (2, "pick:architect"))
    pub = GAME.public_view(s)
    assert pub.players[1].face_up == ("siesta", "mama") and pub.players[1].number_text == "09"
    assert pub.players[0].face_up == ("debris", "pesos") and pub.players[0].number_text == "28"
    assert all(p.hand_size == 11 for p in pub.players)
    assert pub.round == 1 and pub.turn_order[0] == 1


def test_public_view_type_has_no_private_field():
    names = {f.name for f in dataclasses.fields(PublicView)}
    assert not {"hand", "discard", "secret_picks", "picks"} & names
    from games.havana.views import PlayerPublic

    fields = {f.name for f in dataclasses.fields(PlayerPublic)}
    assert "hand_size" in fields and not {"hand", "discard", "picks", "new_card"} & fields


def test_phase_three_rulebook_example():
    """Vanessa 07, Pietro 24, Tobia 26: Vanessa covers her 0 with an 8 and shows 78; Pietro
    discards his 4, Tobia his 6."""
    ups = [("siesta", "black_market"), ("debris", "workers"), ("protection", "material_thief")]
    s = table(3, ups)
    assert s.order == (0, 1, 2)
    # play phase I through: Tobia's thief has no one left... he robs any unprotected player
    while GAME.pending(s)[0].kind != "cover":
        d = GAME.pending(s)[0]
        codes = GAME.legal_codes(s, d.seat)
        s, _ = GAME.apply(s, d.seat, "end" if "end" in codes else codes[0])
    assert [d.seat for d in GAME.pending(s)] == [0]
    assert GAME.legal_codes(s, 0) == ["cover:left", "cover:right"]
    s, ev = play(s, (0, "cover:left"))
    assert GAME.public_view(s).players[0].covering == "left"
    s, ev = play(s, (0, "place:pesos"))
    assert [e.only_for for e in ev] == [None, 0]
    pub = GAME.public_view(s)
    assert pub.players[0].placed and pub.players[0].face_up == ("siesta", "black_market")
    assert GAME.player_view(s, 0).secret_picks == ("pesos",)
    (d,) = GAME.pending(s)
    assert d.seat == 1 and d.kind == "cover"
    s, _ = play(s, (1, "cover:right"), (1, "place:mama"), (2, "cover:right"))
    (d,) = GAME.pending(s)
    assert d.kind == "place" and d.secret
    s, events = play(s, (2, "place:siesta"))
    pub = GAME.public_view(s)
    assert pub.players[0].number_text == "78"
    assert s.players[0].discard == [C["siesta"]]
    assert s.players[1].discard == [C["workers"]]
    assert s.players[2].discard == [C["material_thief"]]
    assert pub.players[2].number_text == "02"
    assert pub.round == 2


def test_hand_comes_back_at_two_cards():
    s = table(2, [IDLE, IDLE], start=False)
    p = s.players[0]
    keep = [C["mama"], C["pesos"], C["debris"]]
    p.discard = [c for c in p.hand if c not in keep]
    p.hand = keep
    s.phase = "actions"
    from games.havana.engine import _start_round, settle

    _start_round(s, [])
    settle(s, [])
    first, second = s.order
    s, events = play(
        s,
        (first, "cover:left"),
        (first, "place:mama"),
        (second, "cover:left"),
        (second, "place:mama"),
    )
    p = s.players[0]
    assert len(p.hand) == 11 and p.discard == [] and len(p.face_up) == 2
    assert sorted(p.hand + p.face_up) == list(range(13))
    assert any("takes the discard pile back" in str(e.msg) for e in events)


def _high_value_deck(low_count: int) -> dict:
    """A 36-card deck where only `low_count` buildings are worth 1 to 3 VP."""
    cards = [
        {"id": f"b{i}", "vp": 2 if i < low_count else 5, "cost": {"pesos": 1}} for i in range(36)
    ]
    return {"buildings": cards}


def test_row_end_note_is_enforced_by_re_dealing():
    """E1: with 3 low buildings in 36, most deals break the note; every game still starts with a
    building worth 1 to 3 at a row end, and the stricter reading puts two at the ends of a row."""
    deck = GAME.options({"deck": _high_value_deck(3)})["deck"]
    for seed in range(30):
        for rule, check in (("any_end", any), ("both_ends_of_a_row", None)):
            s = GAME.new(2, seed, {"deck": deck, "row_end_rule": rule})
            low = [[s.deck[b].vp <= 3 for b in (row[0], row[-1])] for row in s.rows]
            if check is any:
                assert any(low[0] + low[1])
            else:
                assert all(low[0]) or all(low[1])
            assert sorted(s.rows[0] + s.rows[1] + s.stack) == list(range(36))
