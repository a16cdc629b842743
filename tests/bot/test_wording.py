"""What a player reads in passing: menus that say what they set, lists that end before the next
line, no empty events, one pair of brackets, and help that starts with how to play a turn."""

from __future__ import annotations

from tests.bot.driver import components_of


async def open_lobby(member, channel, game="santiago", **options):
    result = await member.slash(channel, "game new", game=game, **options)
    assert not result.ephemeral, result.response.content
    return result.response


async def test_lobby_menus_name_their_setting_even_with_a_default_chosen(simcord_env, table):
    guild, channel, (ana, *_rest) = table
    lobby = await open_lobby(ana, channel)
    menus = {
        c["custom_id"].split(":")[-1]: c
        for c in components_of(lobby)
        if c.get("custom_id", "").startswith("ls:")
    }
    # The preselected option hides the placeholder: the option itself must say what it sets.
    chosen = {which: [o for o in m["options"] if o.get("default")] for which, m in menus.items()}
    assert [o["label"] for o in chosen["reminders"]] == ["Reminders: 24 hours"]
    assert [o["label"] for o in chosen["limit"]] == ["Turn limit: 3 days"]
    assert all(o["label"].startswith("Reminders: ") for o in menus["reminders"]["options"])
    assert all(o["label"].startswith("Turn limit: ") for o in menus["limit"]["options"])
