"""The turn message's choices: what it shows is built from what the whole table may know, and
"Choose" is there only when a decider's own choices may hold more than the message shows.

Non-interference, as in `tests/games/test_secrecy_twins.py`: at reached states of random games,
every twin (the same table with a different screen, hand or face-down pick) gets the same
components on its turn message."""

from __future__ import annotations

import random

import pytest

import games
from bot.core.published import Published
from bot.discord_io import layouts, turn_messages
from bot.discord_io.layouts import Picture
from bot.discord_io.turn_messages import Prompt
from bot.text import present
from bot.text.i18n import text_msg
from bot.text.lengths import utf16_len
from bot.text.present import clip
from storage.records import GameRecord, Seat
from tests.games.twin_helpers import havana_twins, santiago_twins

TWINS = {"santiago": santiago_twins, "havana": havana_twins}


def record_of(kind: str, players: int, options: dict, version: int) -> GameRecord:
    seats = tuple(Seat(s, 1000 + s, f"p{s}") for s in range(players))
    return GameRecord(7, 1, 2, kind, "active", options, 1, version, 1000, seats, "", "", None)


def channel_components(kind: str, state, players: int, options: dict):
    engine = games.get(kind)
    record = record_of(kind, players, options, engine.version(state))
    decisions = tuple(engine.pending(state))
    names = [s.name for s in record.seats]
    items, choose = layouts.turn_view("en", record, engine, state, decisions, names, decisions)
    return [item.to_component_dict() for item in items], choose


def offered(rows) -> set[str]:
    """The codes a player can tap on the message itself (buttons and menu entries)."""
    codes = set()
    for item in layouts.walk(rows):
        custom_id = item.get("custom_id", "")
        if custom_id.startswith("mc:"):
            codes.add(custom_id.split(":", 3)[3])
        elif custom_id.startswith("ms:"):
            codes.update(o["value"] for o in item["options"])
    return codes


@pytest.mark.parametrize(
    ("kind", "players", "options", "seed"),
    [
        ("santiago", 3, {}, 5),
        ("santiago", 2, {"open_holdings": True}, 6),
        ("havana", 3, {}, 7),
    ],
)
def test_turn_message_choices_show_nothing_hidden_and_choose_only_when_needed(
    kind, players, options, seed
):
    engine = games.get(kind)
    rnd = random.Random(seed)
    state = engine.new(players, seed, options)
    twins_compared = without_choose = public_buttons = 0
    while not engine.is_over(state):
        rows, choose = channel_components(kind, state, players, options)
        decisions = engine.pending(state)
        public_here = False
        if not choose:
            # No "Choose": everything the decider may do is on the message itself.
            # A decision that reads a screen offers every choice that could be legal (judged
            # from public facts); the others offer exactly their legal choices.
            (decision,) = decisions
            legal = set(engine.legal_codes(state, decision.seat))
            if decision.private_options:
                public = {a.code for a in engine.public_actions(state, decision.seat)}
                assert offered(rows) == public >= legal
                public_here = True
            else:
                assert offered(rows) == legal
            without_choose += 1
        else:
            assert any(d.secret or d.private_options for d in decisions) or len(decisions) > 1
        if rnd.randrange(3) == 0:
            for twin in TWINS[kind](state, rnd):
                assert channel_components(kind, twin.state, players, options) == (rows, choose), (
                    f"the turn message tells twins apart at move {engine.version(state)}"
                    f" (twin: {twin.what})"
                )
                twins_compared += 1
                public_buttons += public_here
        seat = rnd.choice(decisions).seat
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_codes(state, seat)))
    assert without_choose > 20
    assert twins_compared > 30
    if kind == "santiago" and not options:
        # Twins with emptied and refilled screens got the same public buttons.
        assert public_buttons > 20


@pytest.mark.parametrize(
    ("kind", "options", "seed"),
    [("santiago", {}, 3), ("santiago", {"max_distance": 24}, 5), ("havana", {}, 4)],
)
def test_a_whole_turn_message_keeps_within_discord_s_limits_and_says_what_choices_do(
    kind, options, seed
):
    """At every reached state of a random game, the whole turn message as the announcer builds
    it (the move's events, the header and prompt, the board, the choices) is a Components V2
    layout Discord takes: one container, at most 40 components, at most 4,000 characters over
    its texts. A choice that names a card, building or citizen says what it does, in the rules'
    words: beside its button (a section), or as its menu entry's description (at most 100
    characters, cut after a whole word)."""
    engine = games.get(kind)
    options = engine.options(options)
    rnd = random.Random(seed)
    state = engine.new(3, seed, options)
    events: list = []
    sections = described = 0
    while not engine.is_over(state):
        record = record_of(kind, 3, options, engine.version(state))
        published = Published(record, state, events=events, locale="de")
        prompt = Prompt.of(published)
        picture = Picture(f"board-{record.version}.png", "x" * 1024)
        shown = turn_messages.shown(published, prompt, events, picture, {})
        (container,) = layouts.layout(shown, prompt.choices).to_components()
        walked = list(layouts.walk([container]))
        assert container["type"] == 17 and len(walked) <= layouts.MAX_COMPONENTS
        texts = [c["content"] for c in walked if c["type"] == 10]
        assert sum(utf16_len(t) for t in texts) <= layouts.MAX_TEXT
        names = [s.name for s in record.seats]
        for item in walked:
            if item["type"] == 9:
                code = item["accessory"]["custom_id"].split(":", 3)[3]
                seat = int(item["accessory"]["custom_id"].split(":")[2].split(".")[1])
                said = games.explain(kind, state, seat, code)
                assert said is not None
                wanted = text_msg("de", said, names, markdown=True)
                assert item["components"][0]["content"] == clip(wanted, layouts.MAX_EFFECT)
                sections += 1
            if item["type"] == 3:
                seat = int(item["custom_id"].split(".")[1])
                for option in item["options"]:
                    said = games.explain(kind, state, seat, option["value"])
                    if said is None:
                        assert option.get("description") is None
                        continue
                    wanted = text_msg("de", said, names)
                    description = option["description"]
                    assert len(description) <= 100
                    assert description == wanted or (
                        description.endswith("…")
                        and wanted.startswith(description[:-1].rstrip(" ,;:.-–—("))
                    )
                    described += 1
        seat = rnd.choice(engine.pending(state)).seat
        state, events = engine.apply(state, seat, rnd.choice(engine.legal_codes(state, seat)))
    assert sections > 20
    if kind == "santiago":
        assert described > 5, "the Newspaper's menu names citizens"


def test_a_turn_message_that_lists_many_moves_says_how_many_earlier_ones_gave_way():
    """A turn message that goes on over many moves (AI seats playing in a row, one player's
    several decisions) lists the newest of their lines and says how many earlier ones it
    left out, never dropping them without a word; the newest line is always there."""
    engine = games.get("santiago")
    rnd = random.Random(11)
    state = engine.new(3, 11, {})
    record = record_of("santiago", 3, {}, engine.version(state))
    turn = turn_messages.TurnMessage(1, frozenset())
    heard = []
    while not engine.is_over(state) and turn.earlier < 5:
        seat = rnd.choice(engine.pending(state)).seat
        state, events = engine.apply(state, seat, rnd.choice(engine.legal_codes(state, seat)))
        turn.add(record, events)
        heard += present.public_events("en", record, events, limit=None)
    assert turn.earlier >= 5
    published = Published(record, state, events=(), locale="en")
    prompt = Prompt.of(published)
    shown = turn_messages.shown(published, prompt, turn.events, None, {}, turn.earlier)
    lines = [x for t in shown.texts for x in t.splitlines() if x.startswith(("•", "("))]
    listed = [x for x in lines if x.startswith("•")]
    left_out = len(heard) - len(listed)
    assert lines[0] == f"({left_out} earlier events are not shown here: `/game log` lists more.)"
    assert listed == heard[-len(listed) :] and len(lines) <= present.MAX_EVENT_LINES
