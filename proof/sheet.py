"""The proof sheet's parts: the kinds of message, a message (`Line`) and a picture as the sheet
holds them, the sheet that hears every text rendered (`games.text.heard`) with its key and its
words, and the seeded tables it plays, seated with long real names (accents, a space, Cyrillic)
so a reader sees how names sit in sentences. See `proof`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import games
from games.front import front_options
from games.text import heard
from storage.clock import Settings
from storage.records import GameRecord, Seat

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
REVIEW = "game review"
LEARN = "learn to play and hints"
LEAGUE = "leagues"
HELP = "help and commands"
PICTURE = "words on pictures"
# A text heard inside a message (a good's name in a prompt), not a message of its own.
TERM = "terms inside messages"
KINDS = (
    LOBBY,
    TURN,
    PROMPT,
    BUTTON,
    EVENT,
    DM,
    CLOCK,
    SEATS,
    ERROR,
    END,
    HISTORY,
    REVIEW,
    LEARN,
    LEAGUE,
    HELP,
    PICTURE,
)


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
    # texts of the catalogue rendered with a placeholder the sheet has no value for ("?")
    unfilled: list[str] = field(default_factory=list)
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
