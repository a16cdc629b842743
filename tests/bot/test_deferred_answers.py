"""A deferred answer is filled in, not followed up: Discord and discord.py advise editing the
"thinking..." answer (`edit_original_response`); a follow-up on top of it is one more message
to deliver and, once the thinking answer is filled, a second message the player did not ask for."""

from __future__ import annotations


def webhook_requests(env, method: str, *, original: bool) -> list:
    return [
        r
        for r in env.http_requests
        if r.method == method
        and r.path.startswith("/webhooks/")
        and r.path.endswith("/messages/@original") == original
    ]


async def test_slash_commands_that_think_fill_in_their_answer(simcord_env, table):
    guild, channel, (ana, ben, *_) = table
    opened = await ana.slash(channel, "game new", game="santiago")
    await ben.click(opened.response, label="Join")
    await ana.click(opened.response, label="Start")
    before_posts = len(webhook_requests(simcord_env, "POST", original=False))
    before_edits = len(webhook_requests(simcord_env, "PATCH", original=True))

    screen = await ana.slash(channel, "game screen")
    board = await ben.slash(channel, "game board")

    assert len(webhook_requests(simcord_env, "POST", original=False)) == before_posts
    assert len(webhook_requests(simcord_env, "PATCH", original=True)) == before_edits + 2
    # What the players see: the answer in place of "thinking...", with its picture.
    for result in (screen, board):
        assert result.response.attachments, result.response.content
        assert result.response.flags.ephemeral


async def test_a_refusal_after_thinking_fills_in_the_answer_too(simcord_env, table):
    guild, channel, (ana, *_) = table
    before_posts = len(webhook_requests(simcord_env, "POST", original=False))

    refused = await ana.slash(channel, "game screen")  # no game in this channel

    assert len(webhook_requests(simcord_env, "POST", original=False)) == before_posts
    assert refused.response.flags.ephemeral and refused.response.content
