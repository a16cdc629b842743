"""What a proof sheet shows a native reader: every kind of message and picture of a few seeded
games, in one language, made by the bot's own code (the turn messages, prompts, buttons, event
lines and final table of `present`, the engines' texts through `i18n`, the pictures of `render`).

Each table of the registry's games is played twice, at its smallest size and with four players
(or at the sizes the caller names), from fixed seeds by seeded random choices,
so the same language always gives the same sheet. Players carry long real names in four
scripts' habits (accents, a space, Cyrillic) so a reader sees how names sit in sentences.

Every text rendered while the sheet is made is heard (`games.text.heard`): its key and its
words, nested terms (a good's name inside a prompt) included, so the sheet knows which keys of
the catalogue a reader has seen and which not. Texts only the bot says outside a game's moves
(reminders, lobby, help, errors) come from `proof_catalogue`. One sheet of a language per
process: a picture keeps what it draws the same every time (Santiago's road and tracks) for the
process, so a second sheet of the same language would not hear those words again.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import games
import render
from games import Decision, Event, IllegalAction
from games.front import front_options
from games.text import heard
from render.rating_chart import rating_chart_png
from storage.clock import Settings
from storage.ratings import Rating, update, user_identity
from storage.records import GameRecord, Seat

from . import lengths, present
from .i18n import text, text_msg

NAMES = ("Alessandro", "María José", "Константин", "Maximilian")
SEEDS = (11, 12)  # one per table size of a game
# A channel message stops being new after this many moves: later ones show only what is new.
TURN_MESSAGES = 6
# Every this many moves each seat's screen figures (the text of its DM) are shown again.
FIGURES_EVERY = 25
# States of a game weighed per board drawn (see `_moments`).
CANDIDATES_PER_BOARD = 4
# Codes tried out of turn per move, to hear the engine's refusals.
REFUSALS_PER_MOVE = 2
# A message of one key is shown with this many different wordings at most (other names, other
# buildings), so a reader sees its variety without reading it a hundred times.
WORDINGS_PER_KEY = 4

# The kinds of message, in the order a reader meets them.
LOBBY = "lobby"
TURN = "turn messages"
PROMPT = "prompts"
BUTTON = "buttons and menu options"
EVENT = "log and event lines"
DM = "screens and DMs"
CLOCK = "reminders and clock"
SEATS = "seats"
ERROR = "errors and refusals"
END = "end of game"
HISTORY = "history and statistics"
HELP = "help and commands"
PICTURE = "words on pictures"
# A text heard inside a message (a good's name in a prompt), not a message of its own.
TERM = "terms inside messages"
KINDS = (LOBBY, TURN, PROMPT, BUTTON, EVENT, DM, CLOCK, SEATS, ERROR, END, HISTORY, HELP, PICTURE)


# A ping of a user (`<@1001>`) or a channel (`<#2011>`), as message content carries it.
_MENTION = re.compile(r"<([@#])(\d+)>")
USER_IDS = 1000  # the seats' users are 1000, 1001, ...
CHANNEL = "board-games"


def _shown(match: re.Match[str]) -> str:
    number = int(match[2]) - USER_IDS
    if match[1] == "@" and 0 <= number < len(NAMES):
        return "@" + NAMES[number]
    return "#" + CHANNEL if match[1] == "#" else match[0]


@dataclass(frozen=True)
class Line:
    """One message as a player reads it: its kind, its own key, where it came from, its words."""

    kind: str
    key: str
    situation: str
    text: str


@dataclass(frozen=True)
class Picture:
    name: str  # a file name: the game, its players, what it shows, the move
    situation: str
    png: bytes


@dataclass
class Sheet:
    lang: str
    lines: list[Line] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)
    # (key, words) -> (kind, situation) of every text rendered, nested ones included, each
    # where it was first heard
    words: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    _seen: set[tuple[str, str, str]] = field(default_factory=set)
    _per_key: dict[tuple[str, str], int] = field(default_factory=dict)

    @contextmanager
    def listening(self, situation: str, kind: str = TERM) -> Iterator[None]:
        """Note every text rendered inside as heard in `situation` (on a picture: `kind`
        PICTURE; else a term or message whose whole is said with `say`)."""
        with heard() as found:
            yield
        for key, said in found:
            self.words.setdefault((key, _MENTION.sub(_shown, said)), (kind, situation))

    def say(self, kind: str, key: str, situation: str, said: str) -> None:
        """Add a message once per kind and words (the first situation that produced it), its
        mentions written as Discord shows them ("@María José", "#board-games")."""
        said = _MENTION.sub(_shown, said)
        shown = self._per_key.get((kind, key), 0)
        if (kind, key, said) in self._seen or shown >= WORDINGS_PER_KEY:
            return
        self._seen.add((kind, key, said))
        self._per_key[(kind, key)] = shown + 1
        self.lines.append(Line(kind, key, situation, said))

    def keys(self) -> set[str]:
        return {key for key, _ in self.words}


@dataclass
class Table:
    """One seeded game as the bot holds it, with what the sheet kept of it for later texts."""

    kind: str
    players: int
    seed: int
    record: GameRecord
    names: list[str]
    title: str  # English, for situations
    log: list[tuple[int, str]] = field(default_factory=list)
    result: games.Result | None = None
    samples: dict[str, str] = field(default_factory=dict)  # realistic words for the catalogue
    options: dict = field(default_factory=dict)  # house rules, given as a player gives them

    def where(self, move: int) -> str:
        return f"{self.name()}, move {move}"

    def name(self) -> str:
        rules = ", ".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.title}, {self.players} players" + (
            f" (house rules: {rules})" if rules else ""
        )

    def replay(self) -> games.Replay:
        return games.Replay(self.kind, self.players, self.seed, self.options, self.log)


def tables(sizes: Mapping[str, Sequence[int]] | None = None) -> list[tuple[str, int, int, dict]]:
    """(game, players, seed, options) of every table the sheet plays: each game of the registry
    at the sizes given for it, else at its smallest size and with four players; then each at
    its smallest size with every house rule a player may choose changed (`house_rules`)."""
    found = []
    for name in games.NAMES:
        game = games.get(name)
        chosen = (sizes or {}).get(name) or sorted({game.min_players, min(4, game.max_players)})
        found.extend((name, n, SEEDS[i % len(SEEDS)], {}) for i, n in enumerate(chosen))
    for name in games.NAMES:
        rules = house_rules(name)
        if rules:
            found.append((name, min(found_sizes(found, name)), SEEDS[0], rules))
    return found


def found_sizes(found: Sequence[tuple[str, int, int, dict]], name: str) -> list[int]:
    return [players for kind, players, _, _ in found if kind == name]


def house_rules(kind: str) -> dict:
    """The options of a table that changed every option a front end offers for `kind` (a
    yes/no turned, a number at its other end, another choice), as a player gives them; a
    change the game refuses together with the others is left out."""
    game = games.get(kind)
    defaults = game.options(None)
    rules: dict = {}
    for option in front_options(kind):
        value = _changed(option, defaults.get(option.name))
        if value is None:
            continue
        try:
            game.options({**rules, option.name: value})
        except games.OptionError:
            continue
        rules[option.name] = value
    return rules


def _changed(option, default):
    if option.kind == "bool":
        return not default
    if option.kind == "int":
        return option.low if default != option.low else option.high
    if option.kind == "choice" and option.choices:
        return next((v for _, v in option.choices if v != default), None)
    return None


def new_record(kind: str, players: int, seed: int, options: dict | None = None) -> GameRecord:
    seats = tuple(Seat(i, USER_IDS + i, NAMES[i]) for i in range(players))
    return GameRecord(
        id=seed,
        guild_id=1,
        channel_id=2000 + seed,
        kind=kind,
        status="active",
        options=dict(options or {}),
        seed=seed,
        version=0,
        creator_id=USER_IDS,
        seats=seats,
        created_at="2026-11-25 19:00:00",
        updated_at="2026-11-25 19:00:00",
        state_json=None,
        settings=Settings(reminders=8 * 3600, turn_limit=2 * 86400),
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
            message = present.turn(
                lang, record, pending, event_lines, ping=ping, hidden_choices=hidden
            )
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


def draw_table(sheet: Sheet, table: Table, boards: int) -> None:
    """`boards` boards of the game: the start, the end, and between them those whose words the
    others do not show (a drive to the harbour, a building bought), each with a seat's screen
    beside it in turn; then the final scores."""
    lang, kind, names = sheet.lang, table.kind, table.names
    game = games.get(kind)
    states = list(games.replay_states(table.replay()))
    stem = f"{kind}-{table.players}" + ("-house-rules" if table.options else "")
    for n, at in enumerate(_moments(sheet, table, states, boards)):
        state = states[at]
        move = game.version(state)
        situation = f"{table.name()}, after move {move}"
        with sheet.listening(f"{situation}: board", PICTURE):
            png = render.board_png(game.public_view(state), names, lang, move)
            alt = present.board_alt(lang, game.public_view(state), move)
        sheet.pictures.append(Picture(f"{stem}-board-{move:03d}.png", situation, png))
        sheet.say(PICTURE, "bot.board.alt", f"{situation}: the board's alt text", alt)
        seat = n % table.players
        with sheet.listening(f"{situation}: screen of {names[seat]}", PICTURE):
            png = render.screen_png(game.player_view(state, seat), names, lang)
        where = f"{situation}, screen of {names[seat]}"
        sheet.pictures.append(Picture(f"{stem}-screen-{move:03d}-seat{seat + 1}.png", where, png))
    series = games.vp_series(table.replay())
    situation = f"{table.name()}, final scores"
    with sheet.listening(situation, PICTURE):
        png = render.final_scores_png(kind, table.result, names, series, lang)
    sheet.pictures.append(Picture(f"{stem}-final-scores.png", situation, png))


def _moments(sheet: Sheet, table: Table, states: Sequence, boards: int) -> list[int]:
    """Which states to draw: the first and the last, then, of `CANDIDATES_PER_BOARD` states per
    board spread over the game, each time the one whose board says the most words not yet drawn. A board's
    words are heard as it is drawn, and kept for the sheet (a picture keeps parts it drew once,
    such as the road, so they are heard only the first time)."""
    game = games.get(table.kind)
    last = len(states) - 1
    step = max(1, last // (CANDIDATES_PER_BOARD * boards))
    candidates = sorted({*range(0, last + 1, step), last})
    said: dict[int, list[tuple[str, str]]] = {}
    for at in candidates:
        state = states[at]
        with heard() as found:
            render.board_image(
                game.public_view(state), table.names, sheet.lang, game.version(state)
            )
        said[at] = found
    chosen = [0, last][: max(boards, 1)]
    known = {key for at in chosen for key, _ in said[at]}
    while len(chosen) < boards:
        new = {at: {k for k, _ in said[at]} - known for at in candidates if at not in chosen}
        best = max(new, key=lambda at: (len(new[at]), -at), default=None)
        if best is None or not new[best]:
            break
        chosen.append(best)
        known |= new[best]
    for at in chosen:
        move = game.version(states[at])
        where = f"{table.name()}, after move {move}: board"
        for key, words in said[at]:
            sheet.words.setdefault((key, words), (PICTURE, where))
    return sorted(chosen)


def draw_rating(sheet: Sheet, played: Sequence[Table]) -> None:
    """The rating chart of the first player over the sheet's games, rated as the server would."""
    lang = sheet.lang
    ratings: dict[str, Rating] = {}
    series: dict[str, list[tuple[float, float]]] = {}
    for table in played:
        seats = [
            (user_identity(USER_IDS + s), table.result.places[s]) for s in range(table.players)
        ]
        ratings.update(update(seats, ratings))
        mine = ratings[user_identity(USER_IDS)]
        series.setdefault(table.kind, []).append((mine.mu, mine.sigma))
    situation = f"rating chart of {NAMES[0]} (/game stats)"
    with sheet.listening(situation, PICTURE):
        lines = [(present.title(lang, kind), points) for kind, points in series.items()]
        png = rating_chart_png(
            text(lang, "bot.stats.chart", name=NAMES[0]),
            lines,
            text(lang, "bot.stats.chart_x"),
            text(lang, "bot.stats.chart_y"),
        )
    sheet.pictures.append(Picture("rating-chart.png", situation, png))


def make(
    lang: str, *, boards: int = 3, sizes: Mapping[str, Sequence[int]] | None = None
) -> tuple[Sheet, list[Table]]:
    """The sheet of `lang` from every table's game (see `tables`); `boards` boards per game."""
    sheet = Sheet(lang)
    played = []
    for kind, players, seed, rules in tables(sizes):
        table = play_table(sheet, kind, players, seed, rules)
        if boards:
            draw_table(sheet, table, boards if not rules else min(boards, 2))
        played.append(table)
    if boards:
        draw_rating(sheet, [table for table in played if not table.options])
    return sheet, played


__all__ = ["KINDS", "Line", "NAMES", "Picture", "Sheet", "Table", "make", "tables"]
