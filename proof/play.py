"""A proof sheet's seeded games, played to their end and said as the bot says them: the turn
messages, prompts and buttons of each move (`present`), its event lines for the channel and the
private ones, the screens' figures of the DMs, the engine's refusals and undo's, and the end of
the game, finished and ended early. See `proof`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace

import games
from bot.text import lengths, present
from bot.text.i18n import text, text_msg
from games import Decision, Event, IllegalAction

from .sheet import (
    BUTTON,
    CHANNEL,
    DM,
    END,
    ERROR,
    EVENT,
    FIGURES_EVERY,
    PROMPT,
    REFUSALS_PER_MOVE,
    TURN,
    TURN_MESSAGES,
    Sheet,
    Table,
    new_record,
)


def play_table(sheet: Sheet, kind: str, players: int, seed: int, rules: dict) -> Table:
    """Play one seeded game with house `rules` to its end (one decision taken back on the
    way), saying every message of every move."""
    lang = sheet.lang
    game = games.get(kind)
    options = game.options(rules)
    record = new_record(kind, players, seed, options)
    names = present.seat_names(record, lang)
    table = Table(kind, players, seed, record, names, text_msg("en", game.title), options=rules)
    history = games.History.start(games.Replay(kind, players, seed, rules))
    chooser = random.Random(seed)
    tried: list[str] = []  # codes seen so far, to try out of turn
    event_lines: list[str] = []
    undone = False
    while not game.is_over(history.state):
        state, move = history.state, record.version + 1
        pending = game.pending(state)
        _say_turn(sheet, table, state, pending, event_lines, move)
        decision = pending[chooser.randrange(len(pending))]
        codes = game.legal_codes(state, decision.seat)
        _say_refusals(sheet, table, state, decision, codes, tried, move, chooser)
        code = codes[chooser.randrange(len(codes))]
        tried.extend(c for c in codes[:3] if c not in tried)
        who = names[decision.seat]
        with sheet.listening(f"{table.where(move)}, {who} decides"):
            history, events = history.play(decision.seat, code)
        table.log.append((decision.seat, code))
        record = table.record = replace(record, version=game.version(history.state))
        event_lines = _say_events(sheet, table, events, f"{table.where(move)}, after {who}")
        _say_undo_refusals(sheet, table, history, move)
        if not undone and move > 5 and history.check_undo(decision.seat):
            undone = True
            with sheet.listening(f"{table.where(move)}, {who} presses Undo"):
                history, events = history.play(decision.seat, games.UNDO)
            table.log.append((decision.seat, games.UNDO))
            record = table.record = replace(record, version=game.version(history.state))
            _say_events(sheet, table, events, f"{table.where(move)}, {who} took back")
        if move % FIGURES_EVERY == 0:
            _say_figures(sheet, table, history.state, move)
    table.result = game.result(history.state)
    seat, code = table.log[-1]
    _say_refusal(sheet, table, history.state, seat, code, f"{table.name()}, after the end")
    _say_end(sheet, table)
    return table


def _say_undo_refusals(sheet, table: Table, history: games.History, move: int) -> None:
    """Undo pressed by each seat now, where it is refused."""
    for seat, name in enumerate(table.names):
        check = history.check_undo(seat)
        if check.reason is None:
            continue
        situation = f"{table.where(move)}, {name} presses Undo"
        with sheet.listening(situation):
            reason = text_msg(sheet.lang, check.reason, table.names)
            said = text(sheet.lang, "bot.error.cannot_undo", reason=reason)
        sheet.say(ERROR, check.reason.key, situation, said)


def _say_turn(sheet, table: Table, state, pending: Sequence[Decision], event_lines, move) -> None:
    lang, record, names = sheet.lang, table.record, table.names
    game = games.get(table.kind)
    situation = table.where(move)
    hidden = any(d.private_options or d.secret for d in pending)
    with sheet.listening(situation):
        if move <= TURN_MESSAGES or not event_lines:
            ping = {d.seat for d in pending}
            texts = present.turn(
                lang, record, pending, event_lines, ping=ping, hidden_choices=hidden
            )
            message = "\n".join(t for t in texts if t)
            sheet.say(TURN, "bot.turn.header", situation, message)
        for decision in pending:
            who = f"{situation}, prompt to {names[decision.seat]}"
            line = present.decision_line(lang, record, decision, ping=False)
            sheet.say(PROMPT, decision.prompt.key, who, line)
            table.samples.setdefault("prompt", text_msg(lang, decision.prompt, names))
            table.samples.setdefault("current", line)
            for action in game.legal_actions(state, decision.seat):
                label = text_msg(lang, action.label, names)
                where = f"{situation}, a choice of {names[decision.seat]}"
                sheet.say(BUTTON, action.label.key, where, _button(label))
                table.samples.setdefault("choice", _button(label))
        if len(pending) > 1:
            waiting = present.waiting(lang, record, pending[0].seat, pending[1:])
            sheet.say(TURN, "bot.turn.waiting", situation, waiting)


def _button(label: str) -> str:
    return lengths.clip(label, lengths.BUTTON_LABEL)


def _say_refusals(sheet, table: Table, state, decision, codes, tried, move, chooser) -> None:
    """What the engine refuses now, as the bot words it: codes of earlier moves, the right code
    by the wrong seat or by no seat, a code with another number or name in it, one the table
    may think possible but the screen cannot pay for, and a code that means nothing."""
    game = games.get(table.kind)
    seat = decision.seat
    others = [c for c in tried if c not in codes]
    attempts = [(seat, c) for c in chooser.sample(others, min(len(others), REFUSALS_PER_MOVE))]
    waiting = {d.seat for d in game.pending(state)}
    idle = [s for s in range(table.players) if s not in waiting]
    if idle:
        attempts.append((idle[0], codes[0]))
    code = chooser.choice(codes)
    if ":" in code:
        attempts.append((seat, re.sub(r"\d+", "99", code)))
        attempts.append((seat, code.split(":")[0] + ":nonesuch"))
    if decision.private_options:
        hidden = [a.code for a in game.public_actions(state, seat) if a.code not in codes]
        attempts.extend((seat, c) for c in hidden[:1])
    if move == 1:
        attempts.extend([(table.players, codes[0]), (seat, "xyzzy")])
    for who, code in attempts:
        _say_refusal(sheet, table, state, who, code, table.where(move))


def _say_refusal(sheet, table: Table, state, seat: int, code: str, where: str) -> None:
    try:
        games.get(table.kind).apply(state, seat, code)
    except IllegalAction as refused:
        name = table.names[seat] if seat < table.players else "a member without a seat"
        situation = f"{where}, {name} tries “{code}”"
        with sheet.listening(situation):
            reason = text_msg(sheet.lang, refused.msg, table.names)
            said = text(sheet.lang, "bot.error.illegal", reason=reason)
        sheet.say(ERROR, refused.msg.key, situation, said)
        table.samples.setdefault("reason", reason)


def _say_events(sheet, table: Table, events: Sequence[Event], situation: str) -> list[str]:
    lang, record = sheet.lang, table.record
    lines = []
    with sheet.listening(situation):
        for event in present.channel_events(record, events):
            for line in present.public_events(lang, record, [event]):
                sheet.say(EVENT, event.msg.key, situation, line)
                lines.append(line)
                table.samples.setdefault("event", line.removeprefix("• "))
        for seat in range(table.players):
            private = [e for e in events if e.only_for == seat]
            for event, line in zip(
                private, present.private_events(lang, private, seat, table.names), strict=True
            ):
                sheet.say(DM, event.msg.key, f"{situation}, only to {table.names[seat]}", line)
        if len(lines) > present.MAX_EVENT_LINES:
            lines = present.public_events(lang, record, events)
            sheet.say(TURN, "bot.event.more", situation, lines[-1])
    return lines


def _say_figures(sheet, table: Table, state, move: int) -> None:
    lang = sheet.lang
    game = games.get(table.kind)
    where = text(lang, "bot.dm.where", channel=CHANNEL, server="Malecón Club")
    for seat in range(table.players):
        situation = f"{table.where(move)}, screen DM to {table.names[seat]}"
        with sheet.listening(situation):
            said = "\n".join(
                (
                    text(lang, "bot.dm.title", game=present.title(lang, table.kind), channel=where),
                    present.figures(lang, table.kind, game.player_view(state, seat)),
                )
            )
        sheet.say(DM, "bot.dm.title", situation, said)


def _say_end(sheet, table: Table) -> None:
    lang, record = sheet.lang, table.record
    game = games.get(table.kind)
    situation = f"{table.name()}, end of game"
    with sheet.listening(situation):
        sheet.say(
            END, "bot.final.title", situation, present.final_table(lang, record, table.result)
        )
        line = present.result_line(lang, record, table.result)
        sheet.say(END, "bot.thread.result", situation, line)
    # The same table ended early by its players, from its position a third of the way in.
    early = games.replay_states(table.replay())
    state = next(s for i, s in enumerate(early) if i >= len(table.log) // 3)
    situation = f"{table.name()}, ended by the table at move {game.version(state)}"
    with sheet.listening(situation):
        standing = game.standing(state)
        sheet.say(END, "bot.final.title", situation, present.final_table(lang, record, standing))
