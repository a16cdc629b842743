"""Texts built from records and views, always through the translation lookup.

Channel texts take the public view or public events only; `figures` reads one player's view and
is only ever sent to that player.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import discord
from discord import app_commands

import games
from bot.text import lengths
from bot.text.i18n import english, escape, text, text_msg
from bot.text.moments import date
from games import Decision, Event, Msg, Result
from games.front import front_options
from games.text import joined, tiebreak

Locale = discord.Locale | str | None

# A turn message lists at most this many events; the rest are in `/game log`.
MAX_EVENT_LINES = 12
# Discord's message limit is 2000 characters; keep a margin for mentions and markup.
MAX_CONTENT = 1900


# Every game of the registry as a slash command's choice, by its English title (translated like
# every command text); asked when the command tree is built, after any game registered itself.
def kind_choices() -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=str(games.get(name).title), value=name) for name in games.names()
    ]


# A Markdown list item as Discord reads it: "1. ", "2) ", "- ", "* " or "+ " at a line's start.
_LIST_ITEM = re.compile(r"^ {0,3}(?:\d{1,9}[.)]|[-*+])(?: |$)")


def is_list_item(line: str) -> bool:
    return bool(_LIST_ITEM.match(line))


def end_lists(content: str) -> str:
    """`content` with a blank line after every Markdown list that more text follows: without
    it Discord draws that text as part of the list's last item."""
    lines = content.split("\n")
    out = []
    for line, after in zip(lines, [*lines[1:], ""], strict=True):
        out.append(line)
        if is_list_item(line) and after.strip() and not is_list_item(after):
            out.append("")
    return "\n".join(out)


def clip(value: str, limit: int) -> str:
    """`value` within `limit` UTF-16 code units, as Discord counts, cut between graphemes."""
    return lengths.clip(value, limit)


def duration(locale: Locale, seconds: float) -> str:
    """ "5 hours", "1 hour", "3 days": hours up to two days, then days."""
    hours = round(seconds / 3600)
    if hours < 48:
        return text(locale, "bot.time.hours", n=hours)
    return text(locale, "bot.time.days", n=round(hours / 24))


def title(locale: Locale, kind: str) -> str:
    return text_msg(locale, games.get(kind).title)


# The store names an AI seat "AI <n>" in the language-neutral record; readers see it in theirs.
_AI_SEAT = re.compile(r"AI (\d+)")


def display_name(seat: Any, locale: Locale | str | None = None) -> str:
    """A seat's name as shown everywhere, in the reader's language: an AI seat carries its level
    ("AI 1 (strong)"), and a person's seat that the AI plays for now says so ("ana (AI greedy)")."""
    level = seat.ai_level
    if level is None:
        return seat.name
    word = text(locale, f"bot.ai.word.{level}")
    if seat.has_person:
        return text(locale, "bot.ai.stand_in", name=seat.name, level=word)
    numbered = _AI_SEAT.fullmatch(seat.name)
    if numbered is None:
        return f"{seat.name} ({word})"
    return text(locale, "bot.ai.seat", n=int(numbered[1]), level=word)


def seat_name(record: Any, seat: int | None, locale: Locale | str | None = None) -> str:
    """A player's name for message content: escaped, so `**ana**` or `<@1>` show as typed."""
    if seat is None or seat >= len(record.seats):
        return "?"
    return escape(display_name(record.seats[seat], locale))


def seat_names(record: Any, locale: Locale | str | None = None) -> list[str]:
    """Display names in seat order as typed, for pictures, labels and `text_msg` (which escapes
    them itself when it builds message content)."""
    return [display_name(s, locale) for s in record.seats]


def played_by_person(record: Any, seat: int) -> bool:
    """Does a person play this seat now (so it may be pinged, prompted and sent DMs)?"""
    found = record.seats[seat]
    return found.has_person and found.ai_level is None


def mention(record: Any, seat: int, locale: Locale | str | None = None) -> str:
    """A ping for a person who plays the seat; the AI's seats are named in bold instead."""
    if played_by_person(record, seat):
        return f"<@{record.seats[seat].user_id}>"
    return f"**{seat_name(record, seat, locale)}**"


def option_lines(locale: Locale, kind: str, options: dict) -> list[str]:
    lines = []
    lines.extend(text_msg(locale, note) for note in games.option_notes(kind, options))
    defaults = games.get(kind).options(None)
    apart = games.options_shown_apart(kind)
    labels = {o.name: dict((v, label) for label, v in o.choices) for o in front_options(kind)}
    for name, value in options.items():
        if name in apart or defaults.get(name) == value:
            continue
        # a house rule the game's catalogue names (`<game>.rule.<option>`) is said in words;
        # another game's is named as its command option is typed
        rule_key = f"{kind}.rule.{name}"
        named = rule_key in english()
        rule = text(locale, rule_key) if named else name
        if isinstance(value, bool):
            if named:
                key = "bot.option.rule_yes" if value else "bot.option.rule_no"
            else:
                key = "bot.option.yes" if value else "bot.option.no"
            lines.append(text(locale, key, name=name, rule=rule))
        elif value in labels.get(name, {}):
            label = text(locale, choice_key(labels[name][value]))
            key = "bot.option.rule_value" if named else "bot.option.chosen"
            lines.append(text(locale, key, name=name, rule=rule, choice=label, value=label))
        else:
            key = "bot.option.rule_value" if named else "bot.option.changed"
            lines.append(text(locale, key, name=name, rule=rule, value=value))
    return lines


def choice_key(label: str) -> str:
    """The catalogue key of a slash command choice's English label: `cmd.choice.<slug>`; the
    lobby names a house rule's chosen value by the same words the command offered."""
    return "cmd.choice." + re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")


# Options the lobby speaks of in their own words, or not at all.
def clock_lines(locale: Locale, settings: Any) -> list[str]:
    def shown(which: str, seconds):
        # "off" is a phrase of its own ("No reminders"), not a value after "Reminders after:"
        if seconds is None:
            return text(locale, f"bot.settings.{which}_off")
        return text(locale, f"bot.settings.{which}_on", value=duration(locale, seconds))

    return [
        text(
            locale,
            "bot.settings.line",
            reminders=shown("reminders", settings.reminders),
            limit=shown("limit", settings.turn_limit),
        )
    ]


def mode_lines(locale: Locale, record: Any) -> list[str]:
    """What an unrated table is: said in its lobby or opening and its final scores, and on
    every turn message of a table with hints (a practice table's say it in their header)."""
    mode = getattr(record, "mode", "rated")
    if mode == "practice" and getattr(record, "in_dms", False):
        return [text(locale, "bot.mode.practice_dm")]  # in the member's DMs: no server's
    return [] if mode == "rated" else [text(locale, f"bot.mode.{mode}")]


def table_title(locale: Locale, record: Any) -> str:
    """The game's name, marked when the table is a practice one (`/game mine`, turn headers)."""
    name = title(locale, record.kind)
    if getattr(record, "mode", "rated") == "practice":
        return text(locale, "bot.mode.practice_title", game=name)
    return name


def lobby(locale: Locale, record: Any) -> str:
    engine = games.get(record.kind)
    seats = ", ".join(mention(record, s.seat, locale) for s in record.seats) or "-"
    lines = [
        text(locale, "bot.lobby.title", game=title(locale, record.kind)),
        *mode_lines(locale, record),
        text(
            locale,
            "bot.lobby.players",
            count=len(record.seats),
            low=engine.min_players,
            high=engine.max_players,
            players=seats,
        ),
        *option_lines(locale, record.kind, record.options),
        *clock_lines(locale, record.settings),
        text(locale, lobby_how(record, engine), creator=f"<@{record.creator_id}>"),
    ]
    return "\n".join(lines)


def lobby_how(record: Any, engine: Any) -> str:
    """What the lobby's last line tells the table, true at every stage: how to join, that the
    creator may start, that every seat is taken, that the game has begun."""
    if record.status != "lobby":
        return "bot.lobby.begun"
    if len(record.seats) >= engine.max_players:
        return "bot.lobby.full"
    if len(record.seats) >= engine.min_players:
        return "bot.lobby.ready"
    return "bot.lobby.how"


def channel_events(record: Any, events: Iterable[Event]) -> list[Event]:
    """The events a channel hears of: not those with `only_for` (hidden information), nor those
    that say nothing (a theft of nothing)."""
    return [e for e in events if e.only_for is None and not games.says_nothing(record.kind, e)]


def public_events(
    locale: Locale,
    record: Any,
    events: Iterable[Event],
    limit: int | None = MAX_EVENT_LINES,
    earlier: int = 0,
) -> list[str]:
    """Lines for a channel, of the events it hears of (see `channel_events`): at most `limit`
    (None: all; `/game log` chooses its own count). `earlier` events that came before these
    and gave way are counted in a first line, so a reader knows the list is not all."""
    lines = []
    for event in channel_events(record, events):
        line = text_msg(locale, event.msg, seat_names(record, locale), markdown=True)
        # Credited to its player unless the line names them already ("ana plays a card").
        if event.seat is not None and seat_name(record, event.seat, locale) not in line:
            line = text(
                locale, "bot.event.by", name=seat_name(record, event.seat, locale), event=line
            )
        lines.append("• " + line)
    if earlier and limit is not None and len(lines) >= limit:
        earlier += len(lines) - limit + 1
        lines = lines[len(lines) - limit + 1 :]
    if limit is not None and len(lines) > limit:
        hidden = len(lines) - limit + 1
        lines = [*lines[: limit - 1], text(locale, "bot.event.more", count=hidden)]
    if earlier:
        lines.insert(0, text(locale, "bot.event.earlier", count=earlier))
    return lines


def final_events(locale: Locale, record: Any, events: Iterable[Event]) -> list[str]:
    """The last move's lines above the final scores: those the scores do not tell again (why
    the game ended is the scores' own line)."""
    told = [e for e in events if not games.told_by_the_result(record.kind, e)]
    return public_events(locale, record, told)


def private_events(
    locale: Locale, events: Iterable[Event], seat: int, names: Sequence[str] | None = None
) -> list[str]:
    return [
        "• " + text_msg(locale, e.msg, names, markdown=True) for e in events if e.only_for == seat
    ]


def decision_line(locale: Locale, record: Any, decision: Decision, *, ping: bool) -> str:
    who = (
        mention(record, decision.seat, locale)
        if ping
        else f"**{seat_name(record, decision.seat, locale)}**"
    )
    return text(
        locale,
        "bot.turn.decide",
        who=who,
        prompt=text_msg(locale, decision.prompt, seat_names(record, locale), markdown=True),
    )


def turn(
    locale: Locale,
    record: Any,
    decisions: Sequence[Decision],
    event_lines: Sequence[str],
    *,
    ping: set[int],
    hidden_choices: bool,
    away: dict[int, float] | None = None,
) -> tuple[str, str]:
    """A turn message's two texts: the events it tells (empty when none), and its header, who
    decides (pinged or named) and how. `away`: seats whose person is away (`/game away`), with
    until when. Together within `MAX_CONTENT`: the events give way to the prompt, which says
    whom the message asks."""
    # A practice table says what it is in the opening and the final scores; every turn message
    # carries a short mark in its header, not a sentence of 3 or 4 lines on a phone.
    game = table_title(locale, record)
    lines = [text(locale, "bot.turn.header", game=game, move=record.version + 1)]
    if getattr(record, "mode", "rated") != "practice":
        lines += mode_lines(locale, record)
    lines.extend(decision_line(locale, record, d, ping=d.seat in ping) for d in decisions)
    for seat in sorted({d.seat for d in decisions} & set(away or ())):
        lines.append(away_line(locale, record, seat, away[seat]))
    if hidden_choices:
        # In the member's DMs every message is theirs alone: no "only you will see them".
        in_dms = getattr(record, "in_dms", False)
        lines.append(text(locale, "bot.turn.use_choose_dm" if in_dms else "bot.turn.use_choose"))
    prompt = clip("\n".join(lines), MAX_CONTENT)
    room = MAX_CONTENT - lengths.utf16_len(prompt) - 1
    events = clip("\n".join(event_lines), room) if event_lines and room > 1 else ""
    return events, prompt


def clip_words(value: str, limit: int) -> str:
    """`value` within `limit` UTF-16 code units, cut after a whole word where one ends in the
    second half of the room (else between graphemes), followed by "…"."""
    if lengths.utf16_len(value) <= limit:
        return value
    cut = clip(value, limit).removesuffix(lengths.ELLIPSIS)
    head, space, _ = cut.rpartition(" ")
    if space and len(head) > len(cut) // 2:
        cut = head
    return cut.rstrip(" ,;:.-–—(") + lengths.ELLIPSIS


def away_line(locale: Locale, record: Any, seat: int, until: float) -> str:
    return text(locale, "bot.away.line", who=seat_name(record, seat, locale), date=date(until))


def waiting(locale: Locale, record: Any, actor: int, decisions: Sequence[Decision]) -> str:
    names = listed(locale, [f"**{seat_name(record, d.seat, locale)}**" for d in decisions])
    return text(locale, "bot.turn.waiting", name=seat_name(record, actor, locale), names=names)


def listed(locale: Locale, names: Sequence[str]) -> str:
    """Names in one phrase, joined as the language joins a table's players ("Anna and Ben",
    "Anna, Ben y Carla"), however many."""
    if 1 <= len(names) <= 4:
        return text(locale, f"players.{len(names)}", **{f"p{i}": n for i, n in enumerate(names)})
    return text_msg(locale, joined(list(names))) if names else ""


def _join(locale: Locale, parts: list[str]) -> str:
    return ", ".join(parts) if parts else text(locale, "bot.figures.none")


def figures(locale: Locale, kind: str, view: Any) -> str:
    """The private figures of one player's view, as text beside their screen picture."""
    return said(locale, games.figures(kind, view))


def said(locale: Locale, message: Msg) -> str:
    """A game's words about one player's holdings (its figures, its means beside a decision):
    a parameter given as a tuple is a list of terms or (term, count) pairs, joined here."""
    params = {}
    for name, value in message.params.items():
        if isinstance(value, tuple):
            value = _join(locale, [_term(locale, item) for item in value])
        params[name] = value
    return text(locale, message.key, **params)


def _term(locale: Locale, item: Any) -> str:
    if isinstance(item, tuple):  # (term, count)
        return f"{text_msg(locale, item[0])} {item[1]}"
    return text_msg(locale, item)


def result_line(locale: Locale, record: Any, result: Result) -> str:
    """One line for the channel a thread game was opened from."""
    if result.winners:
        winners = listed(locale, [f"**{seat_name(record, s, locale)}**" for s in result.winners])
    else:
        winners = text(locale, "bot.thread.nobody")
    return text(
        locale,
        "bot.thread.result",
        game=title(locale, record.kind),
        thread=f"<#{record.channel_id}>",
        winners=winners,
    )


def final_table(locale: Locale, record: Any, result: Result) -> str:
    lines = [text(locale, "bot.final.title", game=title(locale, record.kind))]
    lines += mode_lines(locale, record)
    if result.reason is not None:
        lines.append(text_msg(locale, result.reason, seat_names(record, locale), markdown=True))
    # how the scores were counted ("leftover goods were converted") is read before them
    lines.extend(
        text_msg(locale, note, seat_names(record, locale), markdown=True) for note in result.notes
    )
    lines.append(text(locale, "bot.final.scores"))
    for seat in result.ranking:
        extra = ""
        if result.tiebreaks and result.tiebreak_names:
            pairs = zip(result.tiebreak_names, result.tiebreaks[seat], strict=False)
            parts = [text_msg(locale, tiebreak(name, value)) for name, value in pairs]
            extra = f" ({', '.join(parts)})"
        lines.append(
            text(
                locale,
                "bot.final.row",
                place=result.places[seat],
                name=seat_name(record, seat, locale),
                score=result.scores[seat],
                extra=extra,
            )
        )

    # Every person of the table is mentioned once (the winners in their congratulations, the
    # others in the thanks), whoever plays their seat now: the final message pings them all.
    def named(seat: int) -> str:
        if record.seats[seat].has_person:
            return f"<@{record.seats[seat].user_id}>"
        return f"**{seat_name(record, seat, locale)}**"

    if result.winners:
        winners = listed(locale, [named(s) for s in result.winners])
        lines.append(text(locale, "bot.final.winners", winners=winners))
    else:
        lines.append(text(locale, "bot.final.no_winner"))
    others = [s.seat for s in record.seats if s.has_person and s.seat not in result.winners]
    if others:
        players = listed(locale, [named(s) for s in others])
        lines.append(text(locale, "bot.final.thanks", players=players))
    # No `/game new` in the member's DMs with us, which belong to no server: `/learn` again.
    in_dms = getattr(record, "in_dms", False)
    lines.append(text(locale, "bot.final.free_dm" if in_dms else "bot.final.free"))
    return clip(end_lists("\n".join(lines)), MAX_CONTENT)


def final_pings(record: Any) -> list[int]:
    """Who the final message pings: every person seated at the end (a player who resigned or
    whose seat the AI plays too, since the game was theirs)."""
    return [s.user_id for s in record.seats if s.has_person]
