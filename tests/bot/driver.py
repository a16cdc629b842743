"""Players who read the bot's channel messages and answer them, as people would.

A player finds the newest message of the bot that carries components, sees whether they are
named in it (a mention or their name in bold on a decision line), and answers: a button or the
select menu on the message, or "Choose" and then their own (ephemeral) buttons, or now and then
the typed `/game move` with a value from its autocomplete list. Choices come from a seeded RNG.
"""

from __future__ import annotations

import random
import re

from simcord.results import to_discord_message

from bot.discord_io.layouts import text_of, walk

MENTION = re.compile(r"<@(\d+)>")
BOLD = re.compile(r"\*\*([^*]+)\*\*")
# Buttons and the five kinds of select menu.
INTERACTIVE = {2, 3, 5, 6, 7, 8}


def components_of(message) -> list[dict]:
    """Every button and select menu of a message, in the order a player meets them: in rows,
    or anywhere in a Components V2 layout (containers, a section's accessory)."""
    return [c for c in walk(message.components) if c.get("type") in INTERACTIVE]


def custom_ids(message) -> list[str]:
    return [c.get("custom_id", "") for c in components_of(message)]


def last_answer(result):
    """The last message of an interaction's answer: its newest follow-up, else the response."""
    return result.followups[-1] if result.followups else result.response


def bot_messages(env, channel) -> list:
    """The bot's public messages in `channel` as SimCord stores them, oldest first."""
    bot_id = env.bot.user.id
    stored = env.backend.messages.get(channel.id, {}).values()
    return [m for m in stored if m.author_id == bot_id and not m.is_ephemeral]


async def settle_ai(env) -> None:
    """Wait until the AI seats have thought and the bot has done what followed."""
    await env.bot.services.ai.idle()
    await env.settle()


def private_answer(result):
    """The private answer to a press: a follow-up when the press updated its message (a move
    or "Choose" on the turn message), else the response. A move's public follow-ups (the next
    turn message) are not it, nor the board as text that may follow it (`/game accessibility`):
    the one with components wins."""
    private = [m for m in result.followups if m.ephemeral]
    with_choices = [m for m in private if components_of(m)]
    return (with_choices or private or [result.response])[-1]


def random_move(message, rng, tried=frozenset()) -> tuple[str, list[str] | None]:
    """A random player's move on `message`: a move button's custom id (values None), or a
    menu's custom id with the values picked from it. Buttons in `tried` were refused already."""
    comps = components_of(message)
    buttons = [c for c in comps if c.get("custom_id", "").startswith("mc:")]
    buttons = [c for c in buttons if c["custom_id"] not in tried] or buttons
    selects = [c for c in comps if c.get("custom_id", "").startswith("ms:")]
    if selects and (not buttons or rng.random() < 0.5):
        menu = selects[0]
        several = menu.get("max_values", 1)
        return menu["custom_id"], [o["value"] for o in rng.sample(menu["options"], several)]
    assert buttons, comps
    return rng.choice(buttons)["custom_id"], None


class Table:
    def __init__(self, env, channel, players, rng: random.Random, typed: float = 0.15) -> None:
        self.env = env
        self.channel = channel
        self.players = players
        self.rng = rng
        # How often a player types `/game move` instead of clicking (0: clicks only).
        self.typed = typed
        self.moves = 0
        self.typed_moves = 0
        # Awaited after every press, before the player looks at the channel again (a test under
        # Discord's faults lets the bot's posts arrive first).
        self.after_press = None

    def _newest(self, count: int):
        """The newest stored channel messages visible to everybody, newest first, as SimCord
        keeps them (a game has hundreds of messages; converting them all each time, as
        `channel.history()` does, would cost more than the bot's answer)."""
        stored = self.env.backend.messages.get(self.channel.id, {})
        newest = []
        for message in reversed(stored.values()):
            if message.is_ephemeral:
                continue
            newest.append(message)
            if len(newest) == count:
                break
        return newest

    def recent(self, count: int = 6):
        """The newest channel messages visible to everybody, oldest first."""
        return [to_discord_message(self.env, m) for m in reversed(self._newest(count))]

    def bot_messages(self):
        bot_id = self.env.bot.user.id
        return [m for m in self.recent() if m.author.id == bot_id]

    def prompt_message(self):
        """The newest bot message in the channel that carries game components (among the six
        newest): looked for in what SimCord stores, only that one converted."""
        bot_id = self.env.bot.user.id
        for stored in self._newest(6):
            if stored.author_id != bot_id:
                continue
            ids = (c.get("custom_id", "") for c in walk(stored.components))
            if any(i.startswith(("mc:", "ms:", "mx:")) for i in ids):
                return to_discord_message(self.env, stored)
        return None

    def named(self, content: str):
        lines = [line for line in content.splitlines() if not line.startswith("• ")]
        text = "\n".join(lines)
        ids = {int(x) for x in MENTION.findall(text)}
        bold = set(BOLD.findall(text))
        return [p for p in self.players if p.id in ids or p.name in bold]

    async def open(self, kind: str, count: int, **options):
        creator, *others = self.players[:count]
        result = await creator.slash(self.channel, "game new", game=kind, **options)
        assert not result.ephemeral, result.response.content
        lobby = result.response
        for player in others:
            done = await player.click(lobby, label="Join")
            assert done.acknowledged
        await creator.click(lobby, label="Start")
        self.players = self.players[:count]
        return lobby

    def finished(self) -> bool:
        last = self.recent(1)
        return bool(last) and "Final scores" in text_of(last[0])

    async def step(self) -> None:
        message = self.prompt_message()
        assert message is not None, [text_of(m) for m in self.bot_messages()[-3:]]
        deciders = self.named(text_of(message))
        assert deciders, text_of(message)
        player = self.rng.choice(deciders)
        if self.rng.random() < self.typed:
            await self.typed_move(player)
            return
        choose = [i for i in custom_ids(message) if i.startswith("mx:")]
        if choose:
            shown = await player.click(message, custom_id=choose[0])
            await self._pressed()
            private = private_answer(shown)
            assert private.ephemeral
            await self.answer(player, private)
        else:
            await self.answer(player, message)

    async def answer(self, player, message) -> None:
        """Click one of the move buttons or pick from the select menu of `message`.

        A turn message may offer a choice that the player's own screen cannot pay for (a drive
        too far for the purse): refused, the player taps another, as a person would."""
        tried: set[str] = set()
        before = self._channel_now()
        for _ in range(len(components_of(message))):
            custom_id, values = random_move(message, self.rng, tried)
            if values is not None:
                result = await player.select(message, values, custom_id=custom_id)
            else:
                result = await player.click(message, custom_id=custom_id)
            assert result.acknowledged
            await self._pressed()
            tried.add(custom_id)
            # Only the turn message offers choices a screen may not pay for; a private answer
            # lists legal ones alone (and its move may be saved where the channel cannot show it).
            if values is not None or message.flags.ephemeral or self._channel_now() != before:
                break
        self.moves += 1

    async def _pressed(self) -> None:
        if self.after_press is not None:
            await self.after_press()

    def _channel_now(self) -> list:
        """What the channel shows: a move edits the turn message or posts one, a refusal
        neither (read from SimCord, so the bot's store counts no extra reads)."""
        return [(m.id, text_of(m), custom_ids(m)) for m in self.recent(2)]

    async def typed_move(self, player) -> None:
        choices = await player.autocomplete(self.channel, "game move", "choice", "")
        assert choices, "a named decider must have choices"
        value = self.rng.choice(choices)["value"]
        result = await player.slash(self.channel, "game move", choice=value)
        assert result.ephemeral
        assert "Done" in private_answer(result).content
        self.moves += 1
        self.typed_moves += 1

    async def play_to_end(self, limit: int = 3000) -> None:
        while not self.finished():
            await self.step()
            assert self.moves < limit, "the game did not end"


def press_payload(env, actor, message, custom_id: str, values=None, *, channel_id=None, dm=False):
    """An INTERACTION_CREATE payload for pressing `custom_id` on `message`, as a client sends it.

    SimCord's actors only press components that a message really carries; a modified client can
    send any custom id from any channel or DM, so the hostile tests build the payload themselves
    (with SimCord's own payload builder), as `MemberActor.click` does.
    """
    from simcord import interactions as sim_interactions
    from simcord.backend import serializers
    from simcord.enums import ComponentType, InteractionType

    source = getattr(message, "channel_id", None) or message.channel.id
    stored = env.backend.get_message(source, message.id)
    kind = ComponentType.BUTTON if values is None else ComponentType.STRING_SELECT
    data = {"custom_id": custom_id, "component_type": kind}
    if values is not None:
        data["values"] = list(values)
    if dm:
        target_channel = env.backend.dm_channels.get(actor.id)
        assert target_channel is not None, "open the DM channel first"
    else:
        target_channel = channel_id or stored.channel_id
    record, payload = sim_interactions.base_payload(
        env.backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=target_channel,
        guild_id=None if dm else actor.guild.id,
        user_id=actor.id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(env.backend, stored))
    record.source_message_id = stored.id
    return record, payload


async def press_together(env, presses):
    """Several people press at the same moment: every interaction arrives before any is handled.

    `presses` holds (actor, message, custom_id, values or None); SimCord's actors settle after
    each action, so the payloads are emitted together here.
    """
    from simcord.results import InteractionResult

    env._begin_operation("press_together")
    try:
        records, payloads = [], []
        for actor, message, custom_id, values in presses:
            record, payload = press_payload(env, actor, message, custom_id, values)
            env._notify_dispatch_observers(record)
            records.append(record)
            payloads.append(payload)
        for payload in payloads:
            env.backend.emit("INTERACTION_CREATE", payload)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
    finally:
        env._end_operation()
    return [InteractionResult(env, record) for record in records]


async def saved_by_itself(env, record, after: int) -> int:
    """How many moves after move `after` of `record`'s game were taken by themselves (a lone
    choice, `bot.core.lone_choices`): a move is followed by those in the same save."""
    from bot.core.lone_choices import NOTE, moves_of

    note = await env.bot.store.get_note(record.id, NOTE)
    return sum(1 for n in moves_of(note) if n > after)
