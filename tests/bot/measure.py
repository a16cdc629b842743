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

from tests.bot.driver import components_of

MOVE_PREFIXES = ("mc:", "ms:", "mx:")


@dataclass
class Figures:
    decisions: int = 0
    taps: int = 0
    new_messages: int = 0
    pings: int = 0
    decider_changes: int = 0
    max_live_prompts: int = 0
    upload_bytes: int = 0
    finished: bool = False
    per_game: list = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "decisions": self.decisions,
            "taps_per_decision": round(self.taps / max(1, self.decisions), 3),
            "messages_per_decision": round(self.new_messages / max(1, self.decisions), 3),
            "pings_per_decider_change": round(self.pings / max(1, self.decider_changes), 3),
            "max_live_prompts": self.max_live_prompts,
            "upload_mb": round(self.upload_bytes / 1e6, 2),
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

    def _uploaded(self) -> int:
        return sum(
            len(blob) for url, blob in self.env.backend.cdn._blobs.items() if "/attachments/" in url
        )

    def _live_prompts(self, stored) -> list:
        live = []
        for message in stored:
            ids = [
                c.get("custom_id", "")
                for row in message.components
                for c in (row if isinstance(row, dict) else row.to_dict()).get("components", [])
            ]
            if any(i.startswith(MOVE_PREFIXES) for i in ids):
                live.append(message)
        return live

    async def play(self, kind: str, count: int, **options) -> Figures:
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
        for _ in range(5000):
            stored = self._stored()
            live = self._live_prompts(stored)
            self.figures.max_live_prompts = max(self.figures.max_live_prompts, len(live))
            record = await store.get(record.id)
            if record.status != "active":
                break
            state = self.env.bot.tables.state_of(record)
            import games

            deciders = frozenset(d.seat for d in games.get(kind).pending(state))
            if not deciders <= seen_deciders:
                self.figures.decider_changes += len(deciders - seen_deciders)
            seen_deciders = deciders
            assert len(live) == 1, [m.content[:60] for m in live]
            await self._answer(to_discord_message(self.env, live[0]), record, deciders)
        stored = self._stored()
        self.figures.finished = record.status == "finished"
        self.figures.decisions += record.version
        self.figures.new_messages += len(stored) - started_at
        self.figures.pings += sum(len(m.ping_user_ids) for m in stored[started_at:])
        self.figures.upload_bytes += self._uploaded() - uploads_before
        return self.figures

    async def _answer(self, message, record, deciders) -> None:
        seat = self.rng.choice(sorted(deciders))
        player = next(p for p in self.players if p.id == record.seats[seat].user_id)
        comps = components_of(message)
        moves = [
            c
            for c in comps
            if c.get("custom_id", "").startswith(("mc:", "ms:"))
            and c["custom_id"].split(":")[2].endswith(f".{seat}")
        ]
        if not moves:
            shown = await player.click(message, label="Choose")
            self.figures.taps += 1
            message = shown.followups[-1] if shown.followups else shown.response
            moves = [
                c
                for c in components_of(message)
                if c.get("custom_id", "").startswith(("mc:", "ms:"))
            ]
        # A private answer may chain: keep answering in the same ephemeral message.
        while moves:
            choice = self.rng.choice(moves)
            if choice["custom_id"].startswith("mc:"):
                result = await player.click(message, custom_id=choice["custom_id"])
            else:
                several = choice.get("max_values", 1)
                values = [o["value"] for o in self.rng.sample(choice["options"], several)]
                result = await player.select(message, values, custom_id=choice["custom_id"])
            self.figures.taps += 1
            answer = result.followups[-1] if result.followups else result.response
            if answer is None or not answer.ephemeral:
                return
            message = answer
            moves = [
                c
                for c in components_of(message)
                if c.get("custom_id", "").startswith(("mc:", "ms:"))
            ]
