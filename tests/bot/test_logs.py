"""At LOG_LEVEL=DEBUG no interaction token or webhook URL reaches the log.

SimCord hands interactions straight to discord.py's parsers and answers its requests in process,
so discord.py's own DEBUG lines that carry tokens (the gateway event, the request URLs) are never
written during a SimCord game. After a real interaction through SimCord, the test therefore sends
that same interaction through those discord.py code paths: the gateway's `received_message`, the
webhook adapter (interaction responses and follow-ups) and `HTTPClient.request`, against a local
HTTP server standing in for Discord.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging

import aiohttp
import discord.http
import discord.webhook.async_
import pytest
from aiohttp import web
from discord.gateway import DiscordWebSocket

from bot import logs


@pytest.fixture
def debug_log():
    """Our logging at DEBUG into a string; the root logger is restored afterwards."""
    root = logging.getLogger()
    level = root.level
    stream = io.StringIO()
    handler = logs.configure("DEBUG", stream=stream, secrets=("bot-token-secret",))
    yield stream
    root.removeHandler(handler)
    root.setLevel(level)


@pytest.fixture
async def fake_discord():
    """An HTTP server on localhost that answers every request like a content-free Discord."""

    async def answer(request: web.Request) -> web.Response:
        return web.json_response({"id": "1", "token": "reply-token-secret"})

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", answer)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    yield f"http://127.0.0.1:{port}/api/v10"
    await runner.cleanup()


async def through_discord_py(base: str, monkeypatch, interaction) -> None:
    """What discord.py does with this interaction on a real connection, by its own code."""
    monkeypatch.setattr(discord.http.Route, "BASE", base)
    monkeypatch.setattr(discord.webhook.async_.Route, "BASE", base)
    app_id = interaction["application_id"]
    token = interaction["token"]
    gateway = DiscordWebSocket(None, loop=None)
    gateway.shard_id = None
    gateway._discord_parsers = {}
    event = {"op": 0, "t": "INTERACTION_CREATE", "s": 7, "d": interaction}
    await gateway.received_message(json.dumps(event))
    adapter = discord.webhook.async_.AsyncWebhookAdapter()
    async with aiohttp.ClientSession() as session:
        params = discord.webhook.async_.interaction_response_params(type=5)
        await adapter.create_interaction_response(
            int(interaction["id"]), token, session=session, params=params
        )
        await adapter.execute_webhook(
            int(app_id), token, session=session, payload={"content": "Done."}, wait=True
        )
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login("bot-token-secret")
    try:
        await http.request(
            discord.http.Route(
                "PATCH",
                "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                webhook_id=app_id,
                webhook_token=token,
            ),
            json={"content": "Done."},
        )
    finally:
        await http.close()


async def test_no_interaction_token_reaches_the_debug_log(
    simcord_env, table, debug_log, fake_discord, monkeypatch
):
    guild, channel, (ana, ben, cai, dee) = table
    result = await ana.slash(channel, "game new", game="santiago")
    assert not result.ephemeral
    record = list(simcord_env.backend.interactions.values())[-1]
    interaction = {
        "id": str(record.id),
        "application_id": str(simcord_env.backend.application_id),
        "type": record.type,
        "token": record.token,
        "channel_id": str(channel.id),
        "guild_id": str(guild.id),
    }
    await through_discord_py(fake_discord, monkeypatch, interaction)

    text = debug_log.getvalue()
    app_id = simcord_env.backend.application_id
    assert record.token not in text
    assert "reply-token-secret" not in text  # a token in a logged response body
    assert "bot-token-secret" not in text
    # The lines are still there (DEBUG stays useful), only the tokens are gone.
    assert "Dispatching event interaction" in text  # the SimCord interaction itself
    assert "INTERACTION_CREATE" in text
    assert f"/interactions/{record.id}/{logs.HIDDEN}/callback" in text
    assert (
        f"/webhooks/{app_id}/{logs.HIDDEN}?" in text or f"/webhooks/{app_id}/{logs.HIDDEN} " in text
    )
    assert f"/webhooks/{app_id}/{logs.HIDDEN}/messages/@original" in text
