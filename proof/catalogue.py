"""The proof sheet's texts that only the bot says, outside a game's moves: the lobby, reminders
and the turn limit, seats changing hands, help, the slash commands, refusals, history and
statistics.

The lobby and the refused table options come from the real code (`present.lobby`, the games'
`options`, `games.jsonin`); the other keys of the bot's catalogue are rendered through the
catalogue with arguments taken from the sheet's own games: its players' names, a real prompt,
a real refusal, a real choice, durations and counts as `present` words them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from babel import UnknownLocaleError
from babel.dates import format_date
from babel.numbers import format_decimal

import games
from bot.text import lessons, present
from bot.text.deck_refusals import deck_refusal
from bot.text.help_entries import help_entry
from bot.text.i18n import catalogue, english, text, text_msg
from bot.text.openings import opening_text
from games import OptionError
from games.front import front_options
from games.jsonin import JSONInputError, loads
from games.text import ENGLISH as GAME_TEXTS
from games.text import OR, Msg, joined, placeholders, player
from games.text import players as several
from storage.endings import opening

from .sheet import (
    BUTTON,
    CLOCK,
    DM,
    END,
    ERROR,
    EVENT,
    HELP,
    HISTORY,
    LEAGUE,
    LEARN,
    LOBBY,
    NAMES,
    PICTURE,
    PROMPT,
    REVIEW,
    SEATS,
    TERM,
    TURN,
    Sheet,
    Table,
    house_rules,
    new_record,
)

# Key prefix -> (kind, where a player meets it); the longest prefix that fits wins.
WHERE = {
    "bot.lobby": (LOBBY, "the lobby message"),
    "bot.thread": (LOBBY, "a game in its own thread"),
    "bot.option": (LOBBY, "the lobby's options"),
    "bot.button": (TURN, "a button under a message"),
    "bot.button.join": (LOBBY, "a lobby button"),
    "bot.button.leave": (LOBBY, "a lobby button"),
    "bot.button.start": (LOBBY, "a lobby button"),
    "bot.button.unai": (LOBBY, "a lobby button"),
    "bot.ai": (LOBBY, "the lobby's AI players"),
    "bot.select": (TURN, "a menu's placeholder"),
    "bot.turn": (TURN, "a turn message"),
    "bot.move": (TURN, "the reply to a move"),
    "bot.event": (TURN, "a turn message"),
    "bot.board": (TURN, "a board picture's alt text"),
    "bot.dm": (DM, "a DM"),
    "bot.dm.where_dm": (DM, "where a practice table played in the member's DMs is, in a DM"),
    "bot.figures": (DM, "a screen"),
    "bot.time": (CLOCK, "a duration"),
    "bot.settings": (CLOCK, "/game settings"),
    "bot.reminders": (CLOCK, "/game reminders"),
    "bot.remind": (CLOCK, "a reminder"),
    "bot.limit": (CLOCK, "the turn limit's question to the table"),
    "bot.resign": (SEATS, "/game resign"),
    "bot.substitute": (SEATS, "/game substitute"),
    "bot.handover": (SEATS, "a seat handed over"),
    "bot.return": (SEATS, "/game return"),
    "bot.mine": (SEATS, "/game mine"),
    "bot.final": (END, "the final message"),
    "bot.abandoned": (END, "/game abandon"),
    "bot.how": (HISTORY, "how a past game ended"),
    "bot.log": (HISTORY, "/game log"),
    "bot.past": (HISTORY, "/game board of a past game"),
    "bot.export": (HISTORY, "/game export"),
    "bot.history": (HISTORY, "/game history"),
    "bot.replay": (HISTORY, "/game replay"),
    "bot.stats": (HISTORY, "/game stats"),
    "bot.leaderboard": (HISTORY, "/game leaderboard"),
    "bot.language": (HELP, "/game language"),
    "bot.help": (HELP, "/game help"),
    "bot.quiet": (CLOCK, "/game quiet, and the one DM when quiet hours end"),
    "bot.away": (SEATS, "/game away"),
    "bot.recap": (TURN, "/game recap"),
    "bot.accessibility": (HELP, "/game accessibility"),
    "bot.rematch": (END, "/game rematch"),
    "bot.review": (REVIEW, "/game history review"),
    "bot.review.button": (REVIEW, "a button under the final scores"),
    "bot.review.accuracy_line": (REVIEW, "the line under the final scores"),
    "bot.review.accuracy_none": (REVIEW, "the line under the final scores"),
    "bot.review.accuracy_of": (REVIEW, "the line under the final scores"),
    "bot.review.mark": (REVIEW, "/game replay at an analysed decision"),
    "bot.review.mark_hidden": (REVIEW, "/game replay at an analysed decision"),
    "bot.review.chart": (REVIEW, "the review's chart"),
    "bot.learn": (LEARN, "/learn"),
    "bot.learn.name": (LEARN, "a kind of decision, in /learn's list"),
    "bot.learn.more_about": (
        LEARN,
        "the button under a first decision's explanation, naming its rule",
    ),
    "bot.learn.review_soon": (LEARN, "a practice table's thread when its game ends"),
    "bot.learn.no_lesson": (LEARN, "the More button of an explanation no longer there"),
    "bot.learn.opened_dm": (LEARN, "/learn where no private thread can be opened: in the DMs"),
    "bot.learn.opened_here": (LEARN, "/learn in the bot's DM: the table opens there"),
    "bot.learn.already_dm": (LEARN, "/learn while the member's practice table is in their DMs"),
    "bot.learn.no_room": (LEARN, "/learn where no private thread can be opened, DMs closed"),
    "bot.mode": (
        LEARN,
        "a practice table's opening and final scores (its turn headers: practice_title), "
        "a hints table's turn messages",
    ),
    "bot.mode.practice_dm": (LEARN, "a practice table's opening and final scores, in DMs"),
    "bot.final.free_dm": (LEARN, "the final scores of a practice table in the member's DMs"),
    "bot.turn.use_choose_dm": (
        LEARN,
        "a practice table's turn message in the member's DMs, choices hidden",
    ),
    "bot.hint": (LEARN, "the Hint button at a practice or hints table"),
    "bot.hint.ai_chose": (LEARN, "an AI's move at a practice table"),
    "bot.hint.ai_why": (LEARN, "an AI's move at a practice table"),
    "bot.league": (LEAGUE, "/league"),
    "bot.league.signup": (LEAGUE, "a league's sign-up message"),
    "bot.league.round": (LEAGUE, "a league round's message in its channel"),
    "bot.league.table": (LEAGUE, "a league round's message in its channel"),
    "bot.league.thread": (LEAGUE, "a league table's thread name"),
    "bot.league.standings": (LEAGUE, "/league standings and the standings message"),
    "bot.league.row": (LEAGUE, "/league standings and the standings message"),
    "bot.league.alt": (LEAGUE, "the standings picture's alt text"),
    "bot.league.picture_points": (LEAGUE, "the standings picture"),
    "bot.league.congratulations": (LEAGUE, "the standings message after the last round"),
    "bot.league.no_winner": (LEAGUE, "the standings message after the last round"),
    "bot.error": (ERROR, "a refusal (only the player sees it)"),
    "bot.permission": (ERROR, "a permission's name in a refusal"),
    "cmd": (HELP, "a slash command as Discord lists it"),
}


def _where(key: str) -> tuple[str, str] | None:
    parts = key.split(".")
    for n in range(len(parts), 0, -1):
        found = WHERE.get(".".join(parts[:n]))
        if found is not None:
            return found
    return None


def _date(lang: str, style: str = "long") -> str:
    """A date as Discord writes `<t:…:D>` (`<t:…:d>` with "short") for a reader of `lang` ("3
    December 2026", "03/12/2026")."""
    try:
        return format_date(date(2026, 12, 3), format=style, locale=lang)
    except (UnknownLocaleError, ValueError):
        return format_date(date(2026, 12, 3), format=style, locale="en")


def arguments(lang: str, played: Sequence[Table]) -> dict[str, object]:
    """A value for every placeholder of the bot's catalogue, from the sheet's own games."""
    first = played[0]
    samples: dict[str, str] = {}
    for table in played:
        for name, value in table.samples.items():
            samples.setdefault(name, value)
    title = present.title(lang, first.kind)
    hours = present.duration(lang, 8 * 3600)
    choices = [samples.get("choice", "?")]
    for table in played:
        choices.extend(v for k, v in table.samples.items() if k == "choice")
    result = first.result
    # (a place in a ranking; written as a keyword, since the word is also a game's phase)
    return (
        dict(place=2)
        | {
            "absent": NAMES[2],
            "action": samples.get("choice", "?"),
            "before": NAMES[2],
            "best": max(result.scores),
            "best_game": 42,
            "by": NAMES[0],
            "channel": "#board-games",
            "choice": samples.get("choice", "?"),
            "choices": ", ".join(dict.fromkeys(choices)),
            "count": 3,
            "creator": NAMES[0],
            "current": samples.get("current", "?"),
            "detail": Msg("json.at", {"line": 3, "column": 5}),
            # quiet hours and absence: hours as the bot writes them, a date as Discord shows one
            "start": "22:00",
            "end": "08:00",
            "zone": "Europe/Rome",
            "typed": "Europe/Rom",
            "near": text_msg(
                lang, joined(["`Europe/Rome`", "`Europe/Kirov`", "`Europe/Riga`"], *OR)
            ),
            "date": _date(lang),
            # as Discord writes `<t:…:t>` (the readers' own clocks vary: 18:00, 6:00 PM)
            "time": "18:00",
            "event": samples.get("event", "?"),
            "extra": "",
            "filters": text(lang, "bot.history.member", name=NAMES[2]),
            "first": 1,
            "last": 10,
            "total": 23,
            "game": title,
            "games": text(lang, "bot.stats.games", n=7),
            "high": games.get(first.kind).max_players,
            "low": games.get(first.kind).min_players,
            "holder": NAMES[3],
            "how": text(lang, "bot.how.finished"),
            "id": 42,
            "least": 3,
            "left": present.duration(lang, 30 * 3600),
            "length": present.duration(lang, 3600),
            "level": text(lang, "bot.ai.word.strong"),
            "limit": 64,
            "link": "https://discord.com/channels/1/2/3",
            "missing": ", ".join(
                text(lang, f"bot.permission.{p}") for p in ("attach_files", "embed_links")
            ),
            "move": 17,
            "moves": text(lang, "bot.history.moves", n=first.record.version),
            "mu": _number(lang, 27.43),
            "sigma": _number(lang, 3.08),
            "n": 2,
            "name": NAMES[2],
            # names joined as the bot joins them ("A and B")
            "names": present.listed(lang, [f"**{NAMES[1]}**", f"**{NAMES[3]}**"]),
            "others": present.listed(lang, [NAMES[0], NAMES[2]]),
            "players": present.listed(lang, [NAMES[1], NAMES[3]]),
            # a house rule of a game whose catalogue does not name it, as its option is typed
            "option_name": "open_holdings",
            # `/game settings explanations:` takes True or False
            "flag": "True",
            "prompt": samples.get("prompt", "?"),
            "rank": 1,
            "reason": samples.get("reason", "?"),
            "reminders": hours,
            "value": present.duration(lang, 3 * 86400),
            "round": 3,
            "score": max(result.scores),
            "server": "Malecón Club",
            "ship": 4,
            "step": 17,
            "steps": first.record.version,
            "thread": "#game-night",
            "waited": hours,
            "waiting": f"**{NAMES[1]}**",
            # the history's dates are Discord timestamps too, short ones
            "when": _date(lang, "short"),
            "who": NAMES[1],
            "winners": NAMES[0],
            "wins": text(lang, "bot.stats.wins", n=3),
        }
        | _new_features(lang, samples, list(dict.fromkeys(choices)))
    )


LEAGUE_NAME = "Malecón Cup"
# A review's marks, as chess annotates a move (`bot.history.review_text.MARKS`).
MISTAKE = "?"


def _new_features(lang: str, samples: dict[str, str], choices: list[str]) -> dict[str, object]:
    """Values for the game review's, learn to play's and the leagues' placeholders."""
    kinds = [key for key in english() if key.startswith("bot.learn.name.santiago.")]
    points = text(lang, "bot.league.points", n=6)
    return {
        # the game review
        "accuracy": _number(lang, 87.5),
        "inaccuracies": text(lang, "bot.review.inaccuracies", n=2),
        "mistakes": text(lang, "bot.review.mistakes", n=1),
        "blunders": text(lang, "bot.review.blunders", n=0),
        "mark": MISTAKE,
        "kind": text(lang, "bot.review.class.mistake"),
        "played": samples.get("choice", "?"),
        "best_choice": choices[1] if len(choices) > 1 else choices[0],
        "accuracies": ", ".join(
            text(lang, "bot.review.accuracy_of", name=NAMES[seat], accuracy=_number(lang, share))
            for seat, share in ((0, 91.2), (1, 78.4), (2, 64.0))
        ),
        # a decision's cost, as the review writes it: one decimal
        "margin": _number(lang, 3.0),
        "chance_lost": _number(lang, 12.4),
        "chance_first": 25,
        "chance_last": 100,
        "chance": 12,
        "done": 12,
        "decisions": text(lang, "bot.review.decisions", n=31),
        "progress": text(lang, "bot.review.progress", done=40, total=90),
        # learn to play and hints
        "ai": 2,
        "all": len(kinds),
        "met": 5,
        "kinds": present.listed(lang, [text(lang, key) for key in kinds[:5]]),
        "kinds_left": present.listed(lang, [text(lang, key) for key in kinds[5:]]),
        "hint_reason": text(lang, "bot.hint.reason.points", n=2),
        "question": text(lang, "havana.prompt.pick", count=2),
        "rule": text(lang, "bot.learn.name.santiago.casino_amount"),
        "player": NAMES[3],
        # leagues
        "rounds": 7,
        "days": 3,
        "points": points,
        # a league's points per place, as its organiser gave them
        "place_points": "6, 4, 2, 0",
        "table": 2,
        "tables": 4,
        "average": _number(lang, 2.5),
        "opponents": 14,
        "status": text(lang, "bot.league.status.running", round=3, rounds=7),
        "number": 1,
        "rows": "; ".join(
            text(lang, "bot.league.alt_row", rank=rank, player=NAMES[seat], points=points)
            for rank, seat in ((1, 1), (2, 3))
        ),
        "role": "@Organisers",
        "example": "6,4,2,0",
        "league": LEAGUE_NAME,
        "one": 1,
        # the help's page buttons: a glossary's section and where it runs to
        "section": text_msg(lang, games.glossary("santiago")[1][0]),
        "page": 2,
        "pages": 3,
        # a line of the help's lists: the Bank and what it does
        "term": text_msg(lang, games.glossary("santiago")[1][1][0][0]),
        "effect": text_msg(lang, games.glossary("santiago")[1][1][0][1]),
    }


# Placeholders that mean something else under a key prefix than elsewhere (a league's name, a
# review's margin in VP): placeholder -> the argument that fills it there.
OVERRIDES = {
    "bot.league": {"name": "league", "count": "one"},
    "bot.league.signup_closed": {"name": "league", "count": "count"},
    "bot.league.signup_count": {"name": "league", "count": "count"},
    "bot.league.list_row": {"name": "league", "count": "count"},
    "bot.league.more": {"name": "league", "count": "count"},
    "bot.error.league": {"name": "league"},
    "bot.league.signup_at": {"name": "league"},
    "bot.league.signup": {"name": "league", "points": "place_points"},
    "bot.review": {"best": "best_choice", "chance": "chance_lost"},
    "bot.review.accuracy_line": {"players": "accuracies"},
    "bot.learn.left": {"kinds": "kinds_left"},
    "bot.hint": {"reason": "hint_reason"},
    "bot.review.decision": {"best": "best_choice", "points": "margin", "chance": "chance_lost"},
    "bot.review.decision_hidden": {"points": "margin", "chance": "chance_lost"},
    "bot.review.chart_alt": {"first": "chance_first", "last": "chance_last"},
    "bot.help.entry": {"name": "term"},
    "bot.option": {"name": "option_name"},
    "bot.learn.settings_unchanged": {"value": "flag"},
}


def _number(lang: str, value: float) -> str:
    """A decimal as `/game stats` writes it in `lang`."""
    try:
        return format_decimal(round(value, 1), format="#,##0.0", locale=lang)
    except (UnknownLocaleError, ValueError):
        return format_decimal(round(value, 1), format="#,##0.0", locale="en")


def say_lobbies(sheet: Sheet, played: Sequence[Table]) -> None:
    """Each game's lobby as it opens, and with every option a player may change changed."""
    lang = sheet.lang
    for kind in dict.fromkeys(t.kind for t in played):
        game = games.get(kind)
        title = text_msg("en", game.title)
        record = replace(new_record(kind, game.min_players, 1), status="lobby")
        with sheet.listening(f"{title}: lobby"):
            sheet.say(LOBBY, "bot.lobby.title", f"{title}: lobby", present.lobby(lang, record))
        changed = game.options(house_rules(kind))
        if changed:
            record = replace(record, options=changed)
            situation = f"{title}: lobby with its options changed"
            with sheet.listening(situation):
                sheet.say(LOBBY, "bot.option.changed", situation, present.lobby(lang, record))
        wrong = [(raw, repr(raw)) for raw in _wrong_options(kind, game)]
        for raw, what in wrong + _wrong_files(kind, game):
            situation = f"{title}: /game new with {what}"
            with sheet.listening(situation):
                try:
                    game.options(raw)
                except OptionError as refused:
                    reason = text_msg(lang, refused.msg)
                    sheet.say(ERROR, refused.msg.key, situation, _bad_option(lang, reason))
        for players in (game.min_players - 1, game.max_players + 1):
            situation = f"{title}: started with {players} players"
            with sheet.listening(situation):
                try:
                    game.new(players, 1)
                except OptionError as refused:
                    reason = text_msg(lang, refused.msg)
                    sheet.say(ERROR, refused.msg.key, situation, _bad_option(lang, reason))


def _wrong_options(kind: str, game) -> list[dict]:
    wrong: list[dict] = [{"colour_of_the_sky": True}]
    for option in front_options(kind):
        if option.kind == "bool":
            wrong.append({option.name: "maybe"})
        elif option.kind == "int":
            wrong.append({option.name: option.high + 1})
        elif option.kind == "choice":
            wrong.append({option.name: "sideways"})
    return wrong


def _wrong_files(kind: str, game) -> list[tuple[dict, str]]:
    """A table's own file (a list of objects, like its default) spoiled in every way a
    person might spoil it, each with a few words on how: each field of its first object, and
    of an object inside that, missing or of another type or size; an object twice; a field
    nobody knows."""
    wrong: list[tuple[dict, str]] = []
    for option in front_options(kind):
        default = game.options(None).get(option.name)
        if option.kind != "file" or not isinstance(default, list) or len(default) < 2:
            continue
        name, first, rest = option.name, default[0], default[1:]
        wrong += [
            ({name: "no-such-file.json"}, f"{name}: a file that is not there"),
            ({name: {"nothing": []}}, f"{name}: an object without its list"),
            ({name: {"buildings": 7}}, f"{name}: a number for its list"),
            ({name: []}, f"{name}: an empty list"),
            ({name: [7, *rest]}, f"{name}: a number for the first object"),
            ({name: [first, *default]}, f"{name}: the first object twice"),
        ]
        for field, value in first.items():
            said = f"{name}: the first object"
            spoilt = [({k: v for k, v in first.items() if k != field}, f"{said} without {field}")]
            spoilt += [
                ({**first, field: v}, f"{said} with {field} = {v!r:.20}")
                for v in _spoilt_values(value)
            ]
            if isinstance(value, dict):
                spoilt.append(
                    (
                        {**first, field: {**value, "colour_of_the_sky": 1}},
                        f"{said} with an unknown {field} field",
                    )
                )
                spoilt.append(
                    ({**first, field: dict.fromkeys(value, 0)}, f"{said} with every {field} 0")
                )
                for inner, was in value.items():
                    spoilt += [
                        (
                            {**first, field: {**value, inner: v}},
                            f"{said} with {field}.{inner} = {v!r:.20}",
                        )
                        for v in _spoilt_values(was)
                    ]
            wrong += [({name: [card, *rest]}, what) for card, what in spoilt]
    return wrong


def _spoilt_values(value) -> list:
    if isinstance(value, bool):
        return ["yes"]
    if isinstance(value, int):
        return ["seven", -1, 0, 999]
    if isinstance(value, str):
        return ["", "x" * 300, "no spaces allowed!", "bell\a"]
    return [7]


def _bad_option(lang: str, reason: str) -> str:
    return text(lang, "bot.error.bad_option", reason=reason)


def say_deck_files(sheet: Sheet) -> None:
    """A table's own deck file refused as the bot refuses it (too large, not JSON, ...)."""
    lang = sheet.lang
    for data, limit, what in (
        (b"[" + b"1," * 700 + b"1]", 1024, "a file whose size Discord gave wrong"),
        (b"[" * 200 + b"]" * 200, None, "a file nested too deep"),
        (b"\xff\xfe[]", None, "a file that is not UTF-8"),
        (b'{"buildings": [1,,2]}', None, "a file that is not JSON"),
    ):
        situation = f"/game new with a deck file: {what}"
        with sheet.listening(situation):
            try:
                loads(data, max_bytes=limit)
            except JSONInputError as refused:
                key, params = deck_refusal(refused)
                sheet.say(ERROR, key, situation, text(lang, key, **params))


def say_the_rest(sheet: Sheet, played: Sequence[Table]) -> None:
    """Every key of the bot's catalogue not heard yet, with realistic arguments."""
    lang = sheet.lang
    heard = sheet.keys()
    values = arguments(lang, played)
    for key, template in english().items():
        where = _where(key)
        if key in heard or where is None:
            continue
        kind, situation = where
        params = {name: values.get(name, "?") for name in placeholders(template)}
        params |= {k: values[v] for k, v in _overrides(key).items() if k in params}
        if "opening" in params:  # the favourite opening of the game the key names
            params["opening"] = _opening(lang, played, key.rsplit(".", 1)[-1])
        elif any(name not in values for name in params if name not in _overrides(key)):
            sheet.unfilled.append(key)
        if key == "bot.dm.where":  # a channel's name, which the text marks with "#" itself
            params["channel"] = str(params["channel"]).removeprefix("#")
        with sheet.listening(situation):
            said = text(lang, key, **params)
        sheet.say(kind, key, situation, said)


def _overrides(key: str) -> dict[str, str]:
    parts = key.split(".")
    for n in range(len(parts), 0, -1):
        found = OVERRIDES.get(".".join(parts[:n]))
        if found is not None:
            return found
    return {}


def say_lessons(sheet: Sheet, played: Sequence[Table]) -> None:
    """Each game's lessons as a member meets them: the lines opening the first prompt of a
    kind of decision, and the explanation behind its More button."""
    lang = sheet.lang
    for kind in dict.fromkeys(t.kind for t in played):
        title = text_msg("en", games.get(kind).title)
        for name in lessons.lessons(kind):
            decision = text("en", f"bot.learn.name.{name}")
            situation = f"{title}: the first decision of a kind ({decision})"
            with sheet.listening(situation):
                said = lessons.short(lang, name)
            sheet.say(LEARN, lessons.SHORT + name, situation, said)
            situation = f"{title}: the More button under that first decision ({decision})"
            with sheet.listening(situation):
                said = lessons.full(lang, name)
            sheet.say(LEARN, lessons.FULL + name, situation, said)


def say_glossaries(sheet: Sheet, played: Sequence[Table]) -> None:
    """Each game's glossary in `/game help`: every card, building and person with its effect,
    as the help's pages list them, and told at length as its "What does it do?" menu tells it."""
    lang = sheet.lang
    for kind in dict.fromkeys(t.kind for t in played):
        title = text_msg("en", games.get(kind).title)
        for heading, pairs in games.glossary(kind):
            situation = f"/game help {title}: the glossary's pages"
            with sheet.listening(situation):
                said = text_msg(lang, heading)
            sheet.say(HELP, heading.key, situation, f"**{said}**")
            for name, effect in pairs:
                english_name = text_msg("en", name)
                situation = f"/game help {title}: the glossary's pages ({english_name})"
                with sheet.listening(situation):
                    said = help_entry(lang, kind, name, effect)
                sheet.say(HELP, effect.key, situation, said)
                longer = games.detail(kind, effect)
                if longer.key == effect.key:
                    continue
                situation = f"/game help {title}: What does it do? {english_name}"
                with sheet.listening(situation):
                    said = f"**{text_msg(lang, name)}**\n{text_msg(lang, longer)}"
                sheet.say(HELP, longer.key, situation, said)


def _opening(lang: str, played: Sequence[Table], kind: str) -> str:
    """The first player's opening in the sheet's game of `kind`, as `/game stats` words it."""
    for table in played:
        found = opening(table.kind, table.log, 0) if table.kind == kind else None
        if found:
            return opening_text(lang, found)
    return "?"


# A game's text by its key's second word: what kind of message it is.
GAME_KINDS = {
    "event": EVENT,
    "end": EVENT,
    "note": EVENT,
    "score": EVENT,
    "action": BUTTON,
    "illegal": ERROR,
    "option": ERROR,
    "means": PROMPT,
    "effect": HELP,
}


def _game_values(game: str) -> dict[str, object]:
    """Values a game's text may take, as its engine gives them: seats, its own terms."""
    first = next(k for k in GAME_TEXTS if k.startswith(f"{game}.building.") and "custom" not in k)
    return {
        "player": player(1),
        "start": player(0),
        "victim": player(2),
        "winners": several([0, 2]),
        "p0": player(0),
        "p1": player(1),
        "p2": player(2),
        "building": Msg(first),
        "good": Msg("santiago.good.cigar"),
        "goods": Msg("pic.no_goods"),
        "colour": Msg(f"{game}.colour.red"),
        "cube": Msg("havana.cubes.red", {"count": 1}),
        # Lists as a player holds them: "nothing" has phrases of its own (an empty hand, no
        # cubes), which the sheet shows under their keys.
        "cubes": Msg(
            "havana.and_last",
            {
                "a": Msg("havana.cubes.red", {"count": 2}),
                "b": Msg("havana.cubes.rubble", {"count": 1}),
            },
        ),
        "hand": tuple(Msg(f"havana.card.{c}") for c in ("mama", "siesta", "tax_collector")),
        "discard": (Msg("havana.card.architect"), Msg("havana.card.pesos")),
        "code": "drive:3",
        "name": "Casa Malecón",
        "field": "cost",
        "problem": Msg("json.bad_value"),
        "reason": Msg("json.bad_value"),
        "detail": Msg("json.at", {"line": 3, "column": 5}),
        "path": "deck.json",
        "value": 2,
    }


# Values a single text takes apart from the rest of its game's.
GAME_OVERRIDES: dict[str, dict[str, object]] = {
    "havana.option.deck_source": {"value": "shuffled"},
    # the words a caption is built from where no seeded game of the sheet reaches them
    "pic.santiago.used_citizen": {"citizen": Msg("santiago.score.el_zorro")},
    "pic.santiago.passed_by": {"citizen": Msg("santiago.score.el_zorro")},
    "pic.santiago.took_good": {"amount": Msg("santiago.goods.rum", {"n": 1})},
    # joins as a reply lists choices ("`Europe/Rome` or `Europe/Riga`")
    "list.or": {"a": "`Europe/Rome`", "b": "`Europe/Riga`"},
    "list.or_last": {"a": "`Europe/Rome`", "b": "`Europe/Riga`"},
    # a tie-break named without a count, followed by its value (no game of ours has one)
    "tiebreak.value": {"name": Msg("santiago.good.rum"), "value": 7},
    "santiago.option.colours": {"reason": Msg("santiago.option.colours.el_zorro")},
    # why a citizen_colours file is refused: what it held, and the codes it takes
    "santiago.option.colours.unknown_citizen": {"name": "pedro_2"},
    "santiago.option.colours.not_colour": {
        "value": "pink",
        "colours": joined(["`yellow`", "`blue`", "`red`", "`white`"], *OR),
    },
    # a decision of an older version's code, said by its kind: "Casino: using a building"
    "pic.santiago.did": {"what": Msg("santiago.building")},
    # where a purchase no seeded game of the sheet caught half-paid stands: a row's end
    "pic.havana.paying_at": {
        "building": Msg("havana.building.statue"),
        "where": Msg(
            "pic.havana.where", {"row": Msg("havana.row.top"), "end": Msg("havana.end_name.left")}
        ),
    },
    "pic.santiago.did_at": {
        "where": Msg("santiago.building.casino"),
        "what": Msg("santiago.building"),
    },
}


# A sentence per kind of term whose words around it follow its gender ("acquista la Banca", "il
# dado della canna da zucchero"), and the parameter that names the term there.
GENDER_SAMPLES = {
    "santiago.building.": ("santiago.event.claim", "building"),
    "havana.building.": ("havana.event.demolished", "building"),
    "santiago.good.": ("santiago.event.demand", "aside"),
}


def say_genders(sheet: Sheet) -> None:
    """Each term's grammatical gender, shown in a sentence that chooses its article by it, so
    that a reader checks "la Banca", "il Pozzo" rather than a bare letter."""
    for key in GAME_TEXTS:
        if not key.endswith(".gender"):
            continue
        term = Msg(key.removesuffix(".gender"))
        sample, field = next(v for k, v in GENDER_SAMPLES.items() if key.startswith(k))
        gender = catalogue(sheet.lang).get(key, "-")
        situation = (
            f"{key.partition('.')[0]}: the gender of {text_msg('en', term)!r} ({gender!r}), in a "
            "sentence that chooses its words by it"
        )
        with sheet.listening(situation):
            message = Msg(sample, {"player": player(0), field: term})
            said = text_msg(sheet.lang, message, list(NAMES))
        sheet.say(TERM, key, situation, said)


def say_the_games_rest(sheet: Sheet) -> None:
    """The games' and the pictures' texts no seeded game reached (an empty bag, a tie in every
    count), from their catalogues with values as the engines give them."""
    lang = sheet.lang
    heard = sheet.keys()
    for key, template in GAME_TEXTS.items():
        if key in heard or key.endswith(".gender"):  # the genders: `say_genders`
            continue
        head, _, rest = key.partition(".")
        # a picture's text names its game after "pic." or "pic.text."
        game = next((part for part in key.split(".")[:3] if part in games.names()), "santiago")
        values = _game_values(game)
        names = placeholders(template)
        params = {name: values.get(name, 2) for name in names} | GAME_OVERRIDES.get(key, {})
        what = rest.partition(".")[0]
        kind = PICTURE if head == "pic" else GAME_KINDS.get(what, TERM)
        situation = f"{game}: from the catalogue (no seeded game of the sheet reached it)"
        with sheet.listening(situation, kind if kind == PICTURE else TERM):
            if any(isinstance(value, tuple) for value in params.values()):
                said = present.said(lang, Msg(key, params))  # a hand, joined as the bot joins it
            else:
                said = text_msg(lang, Msg(key, params), list(NAMES))
        sheet.say(kind, key, situation, said)


def say_everything_else(sheet: Sheet, played: Sequence[Table]) -> None:
    say_lobbies(sheet, played)
    say_deck_files(sheet)
    say_lessons(sheet, played)
    say_glossaries(sheet, played)
    say_genders(sheet)
    say_the_rest(sheet, played)
    say_the_games_rest(sheet)
