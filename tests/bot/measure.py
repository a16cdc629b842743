"""A player that measures what a game costs the table: messages, taps, pings, live buttons and
uploaded bytes, playing with buttons and menus only (as most players on a phone do).

Shared by the channel-quietness tests and `bench/ux.py`. It reads SimCord's own stores (the
messages as Discord keeps them, the files its CDN received) rather than the bot's, so it counts
what Discord would really see.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from simcord.results import to_discord_message

from tests.bot.driver import components_of, private_answer, text_of

MOVE_PREFIXES = ("mc:", "ms:", "mx:")


@dataclass
class Figures:
    decisions: int = 0
    taps: int = 0
    new_messages: int = 0
    pings: int = 0
    decider_changes: int = 0
    max_live_prompts: int = 0
    upload_bytes: int = 0  # every picture: the channel's and the screens sent by DM
    dm_upload_bytes: int = 0
    finished: bool = False
    per_game: list = field(default_factory=list)
    # decision kind -> [decisions, taps]: where the taps go
    by_kind: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        return {
            "decisions": self.decisions,
            "taps_per_decision": round(self.taps / max(1, self.decisions), 3),
            "messages_per_decision": round(self.new_messages / max(1, self.decisions), 3),
            "pings_per_decider_change": round(self.pings / max(1, self.decider_changes), 3),
            "max_live_prompts": self.max_live_prompts,
            "upload_mb": round(self.upload_bytes / 1e6, 2),
            "dm_upload_mb": round(self.dm_upload_bytes / 1e6, 2),
            # decision kind -> [decisions, taps per decision]
            "taps_by_kind": {
                kind: [count, round(taps / max(1, count), 2)]
                for kind, (count, taps) in sorted(self.by_kind.items())
            },
        }


class Measurer:
    """Plays one game in `channel` to its end and counts."""

    def __init__(self, env, channel, players, seed: int) -> None:
        self.env = env
        self.channel = channel
        self.players = players
        self.rng = random.Random(seed)
        self.figures = Figures()

    def _stored(self):
        bot_id = self.env.bot.user.id
        stored = self.env.backend.messages.get(self.channel.id, {})
        return [m for m in stored.values() if m.author_id == bot_id and not m.is_ephemeral]

    def _uploaded(self) -> tuple[int, int]:
        """Bytes of every attachment uploaded so far, and of those outside the game's channel
        (the screens sent by DM)."""
        every = elsewhere = 0
        here = f"/attachments/{self.channel.id}/"
        for url, blob in self.env.backend.cdn._blobs.items():
            if "/attachments/" in url:
                every += len(blob)
                elsewhere += 0 if here in url else len(blob)
        return every, elsewhere

    def _live_prompts(self, stored) -> list:
        live = []
        for message in stored:
            ids = [c.get("custom_id", "") for c in components_of(message)]
            if any(i.startswith(MOVE_PREFIXES) for i in ids):
                live.append(message)
        return live

    async def play(self, kind: str, count: int, most: int = 5000, **options) -> Figures:
        """Play a game of `kind` at `count` seats to its end, or for `most` decisions."""
        creator, *others = self.players[:count]
        self.players = self.players[:count]
        opened = await creator.slash(self.channel, "game new", game=kind, **options)
        lobby = opened.response
        for player in others:
            await player.click(lobby, label="Join")
        uploads_before = self._uploaded()
        await creator.click(lobby, label="Start")
        started_at = len(self._stored())
        store = self.env.bot.store
        record = await store.by_channel(self.channel.id)
        seen_deciders: frozenset = frozenset()
        for _ in range(most):
            stored = self._stored()
            live = self._live_prompts(stored)
            self.figures.max_live_prompts = max(self.figures.max_live_prompts, len(live))
            record = await store.get(record.id)
            if record.status != "active":
                break
            state = self.env.bot.services.tables.state_of(record)
            import games

            deciders = frozenset(d.seat for d in games.get(kind).pending(state))
            if not deciders <= seen_deciders:
                self.figures.decider_changes += len(deciders - seen_deciders)
            seen_deciders = deciders
            assert len(live) == 1, [text_of(m)[:60] for m in live]
            await self._answer(to_discord_message(self.env, live[0]), record, deciders)
        await self.env.bot.services.mail.idle()  # the last screen DMs count too
        stored = self._stored()
        self.figures.finished = record.status == "finished"
        self.figures.decisions += record.version
        self.figures.new_messages += len(stored) - started_at
        self.figures.pings += sum(len(m.ping_user_ids) for m in stored[started_at:])
        uploads = self._uploaded()
        self.figures.upload_bytes += uploads[0] - uploads_before[0]
        self.figures.dm_upload_bytes += uploads[1] - uploads_before[1]
        return self.figures

    async def _answer(self, message, record, deciders) -> None:
        """A player picks what they want among all their legal choices (uniformly), then taps
        it where it is: on the turn message if shown there, else behind "Choose".

        Taps are counted as a person makes them: a button is one, "Choose" one more, a menu one
        to open it and one per entry picked."""
        import games

        taps_before, version_before = self.figures.taps, record.version
        kind = next(
            d.kind
            for d in games.get(record.kind).pending(self.env.bot.services.tables.state_of(record))
            if d.seat in deciders
        )
        try:
            await self._answer_in(message, record, deciders)
        finally:
            after = await self.env.bot.store.get(record.id)
            tally = self.figures.by_kind.setdefault(kind, [0, 0])
            tally[0] += after.version - version_before
            tally[1] += self.figures.taps - taps_before

    async def _answer_in(self, message, record, deciders) -> None:
        import games

        seat = self.rng.choice(sorted(deciders))
        player = next(p for p in self.players if p.id == record.seats[seat].user_id)
        state = self.env.bot.services.tables.state_of(record)
        wanted = self.rng.choice(games.get(record.kind).legal_codes(state, seat))
        while True:
            placed = _place_of(message, seat, wanted)
            if placed is None:
                shown = await player.click(message, label="Choose")
                self.figures.taps += 1
                message = private_answer(shown)
                placed = _place_of(message, None, wanted)
                assert placed is not None, (wanted, text_of(message))
            result = await self._tap(player, message, placed)
            answer = private_answer(result)
            record = await self.env.bot.store.get(record.id)
            if answer is None or not answer.ephemeral or record.status != "active":
                return
            # The same private answer carries the player's next choices, if they decide again.
            state = self.env.bot.services.tables.state_of(record)
            codes = games.get(record.kind).legal_codes(state, seat)
            if not codes:
                return
            wanted = self.rng.choice(codes)
            message = answer

    async def _tap(self, player, message, placed):
        component, several = placed
        self.figures.taps += 1
        if component["custom_id"].startswith("mc:"):
            return await player.click(message, custom_id=component["custom_id"])
        values = several
        self.figures.taps += len(values)  # the tap above opened the menu
        return await player.select(message, values, custom_id=component["custom_id"])


def _place_of(message, seat, code):
    """Where `code` can be tapped on `message`: (component, select values) or None. A menu
    taking several values takes `code` and as many more as it needs (the player's picks)."""
    for component in components_of(message):
        custom_id = component.get("custom_id", "")
        mine = (
            custom_id.split(":")[2].endswith(f".{seat}")
            if custom_id[:3] in ("mc:", "ms:")
            else True
        )
        if seat is not None and not mine:
            continue
        if custom_id.startswith("mc:") and custom_id.split(":", 3)[3] == code:
            return component, None
        if custom_id.startswith("ms:"):
            values = [o["value"] for o in component["options"]]
            if code in values:
                several = component.get("max_values", 1)
                others = [v for v in values if v != code][: several - 1]
                return component, [code, *others]
    return None
