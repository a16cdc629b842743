"""A writer for the crash test: plays random Santiago moves into a database until it is killed.

It keeps one game going in its channel (1 unless given after the database), resuming it after a
restart, and prints
`<game id> <version>` (flushed) after every committed move, so the test knows what was committed
before the kill.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys

import games
from storage import Store, apply_move, start_game


async def main(path: str, channel: int) -> None:
    chooser = random.Random(os.getpid())
    engine = games.get("santiago")
    store = await Store.open(path)
    while True:
        record = await store.by_channel(channel)
        if record is None:
            record = await store.create_game(
                guild_id=1,
                channel_id=channel,
                kind="santiago",
                options=engine.options(None),
                creator_id=10,
                creator_name="A",
            )
        if record.status == "lobby":  # a kill may have left a lobby half-filled
            for user in (11, 12):
                if record.seat_of(user) is None:
                    record = await store.join(record.id, user, f"U{user}")
            record = (await start_game(store, record.id, chooser.getrandbits(62))).record
            print(f"{record.id} 0", flush=True)
        state = record.state()
        while not engine.is_over(state):
            decision = chooser.choice(engine.pending(state))
            code = chooser.choice(engine.legal_codes(state, decision.seat))
            result = await apply_move(
                store, record.id, decision.seat, code, expected_version=record.version
            )
            state, record = result.state, result.record
            print(f"{record.id} {record.version}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1))
