"""A turn message as the bot keeps it, and the small rules of posting in a game's channel:
when a turn message goes on or gives way, how long a press's token may edit, a message's
link and nonce, and whom a post may ping."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

import games
from bot.core.published import Published
from bot.discord_io import layouts, pictures
from bot.discord_io.layouts import Picture, Shown
from bot.text import present
from games import Event
from games.front import accent
from storage import GameRecord


@dataclass
class TurnMessage:
    """The channel message of the current turn: it is edited while the same players decide (or
    fewer of them, as players deciding at once decide), and replaced (its buttons removed) when
    somebody else must decide. `deciders`: who decides now, as the message says; `events`:
    the public events it lists; `pinged`: the members its post pinged; `shown`: its texts and
    picture, which write it again without its buttons when it gives way (the last three kept in
    memory only). Every edit writes the whole message again from these, in the channel's
    language of the moment: one header, one prompt, no line left in a language the table has
    since left."""

    message_id: int
    deciders: frozenset[int]
    events: list[Event] = field(default_factory=list)
    pinged: frozenset[int] = frozenset()
    shown: Shown | None = None
    # events listed earlier that gave way to newer ones, which the message counts
    earlier: int = 0

    def add(self, record: GameRecord, events: Sequence[Event]) -> None:
        """This move's events the channel hears of below the earlier ones, the newest kept and
        those that give way counted: a move that says more than a message lists keeps all of
        its own (the message says how many it leaves out, see `present.public_events`)."""
        new = present.channel_events(record, events)
        if len(new) >= present.MAX_EVENT_LINES:
            self.earlier += len(self.events)
            self.events = new
        else:
            both = [*self.events, *new]
            self.earlier += max(0, len(both) - present.MAX_EVENT_LINES)
            self.events = both[-present.MAX_EVENT_LINES :]

    def note(self) -> str:
        return f"{self.message_id}:{','.join(str(s) for s in sorted(self.deciders))}"

    @staticmethod
    def from_note(value: str) -> TurnMessage | None:
        head, _, seats = value.partition(":")
        try:
            return TurnMessage(int(head), frozenset(int(s) for s in seats.split(",") if s))
        except ValueError:
            return None


def stays(current: TurnMessage | None, seats: frozenset[int], actor: int | None) -> bool:
    """Does the turn message `current` go on for the players `seats` deciding now (edited in
    place), rather than give way to a new one?"""
    return current is not None and (
        seats == current.deciders
        # one of several players deciding at once has decided: the others still decide
        or (actor in current.deciders and actor not in seats and seats < current.deciders)
    )


# Where a game posts through the channel even after a person's move (see `Announcer._send`).
THREADS = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)
# An interaction's token edits its message for 15 minutes; a little less, to be sure.
PRESS_LIFETIME = datetime.timedelta(minutes=14)


def usable(interaction: discord.Interaction) -> bool:
    return discord.utils.utcnow() - interaction.created_at < PRESS_LIFETIME


def message_link(record: GameRecord, message_id: str | None) -> str:
    """A link to the game's message `message_id`, else to its channel. A practice table in a
    member's DMs belongs to no server: Discord's links say "@me" there, and a mention of a DM
    channel would name nothing."""
    if message_id is None and not record.in_dms:
        return f"<#{record.channel_id}>"
    server = "@me" if record.in_dms else record.guild_id
    where = f"https://discord.com/channels/{server}/{record.channel_id}"
    return where if message_id is None else f"{where}/{message_id}"


def nonce(record: GameRecord, what: str | int) -> str:
    """The nonce of a game's channel message (Discord keeps at most 25 characters): sent with
    `enforce_nonce`, so a post tried again after its answer was lost (a timeout that Discord
    did carry out) gives back the message already posted instead of a second one."""
    return f"{record.id}.{what}"[:25]


def pinging(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Only the players the bot means to ping; names and other text never ping anybody."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids])


@dataclass(frozen=True)
class Prompt:
    """What the turn message asks now: the pending decisions and their deciding seats, its
    choices (and whether they include "Choose"), and the seats a person plays."""

    decisions: tuple
    seats: frozenset[int]
    choices: tuple[discord.ui.Item, ...]
    hidden_choices: bool
    shown: frozenset[int]

    @staticmethod
    def of(published: Published) -> Prompt:
        record, locale, state = published.record, published.locale, published.state
        engine = games.get(record.kind)
        decisions = tuple(engine.pending(state))
        people = [d for d in decisions if present.played_by_person(record, d.seat)]
        names = present.seat_names(record, locale)
        items, hidden = layouts.turn_view(locale, record, engine, state, decisions, names, people)
        seats = frozenset(d.seat for d in decisions)
        return Prompt(decisions, seats, tuple(items), hidden, frozenset(d.seat for d in people))


async def board_for(published: Published, prompt: Prompt) -> discord.File | None:
    """The board a person decides on (drawn after this move, named by it), or None when only
    the AI decides (or the workers broke drawing it). Pictures are most of what a game
    uploads: the AI's turns go by without them, the text saying what changed."""
    if not prompt.shown:
        return None
    record, locale = published.record, published.locale
    public = games.get(record.kind).public_view(published.state)
    names = present.seat_names(record, locale)
    filename = pictures.board_file(record.version)
    return await pictures.board(public, names, locale, record.version, filename=filename)


def shown(
    published: Published,
    prompt: Prompt,
    events: Sequence[Event],
    picture: Picture | None,
    away: dict[int, float],
    earlier: int = 0,
) -> Shown:
    """The turn message's texts (`events`, the public ones, after how many `earlier` gave way;
    the header, whoever decides, named, pinged or not by the post, and who of them is `away`)
    and its picture."""
    record, locale = published.record, published.locale
    texts = present.turn(
        locale,
        record,
        prompt.decisions,
        present.public_events(locale, record, events, earlier=earlier),
        ping=prompt.shown,
        hidden_choices=prompt.hidden_choices,
        away=away,
    )
    return Shown(accent(record.kind), texts, picture)
