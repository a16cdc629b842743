"""A choice that reads a screen, in one tap: the turn message offers every choice that could be
legal (judged from what the table knows), and one the decider's screen cannot pay for is refused
to them alone, politely, changing nothing."""

from __future__ import annotations

from tests.bot.driver import custom_ids, text_of
from tests.bot.test_lobby import refused
from tests.bot.test_play import answer, started, version


def drive_button(message, stops: int) -> str:
    return next(i for i in custom_ids(message) if i.endswith(f":drive:{stops}"))


async def test_a_drive_too_far_for_the_purse_is_refused_privately_then_one_tap_drives(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    game = await started(simcord_env, channel, [ana, ben])
    await game.step()  # a die set aside: the first drive comes
    turn = game.prompt_message()
    (driver,) = game.named(text_of(turn))
    other = ben if driver is ana else ana
    # Every distance up to the cap, whatever the purse holds, and no "Choose".
    assert not any(i.startswith("mx:") for i in custom_ids(turn))
    assert all(drive_button(turn, stops) for stops in range(1, 11))

    before = await version(simcord_env, channel)
    messages = len(game.recent(50))
    too_far = await driver.click(turn, custom_id=drive_button(turn, 10))
    said = refused(too_far, "cannot afford to drive 10 stops", "9 pesos", "you have 3")
    assert "3" in said and other.name not in said
    assert await version(simcord_env, channel) == before
    assert len(game.recent(50)) == messages, "a refusal posts nothing in the channel"
    assert game.prompt_message().id == turn.id and custom_ids(game.prompt_message()) == (
        custom_ids(turn)
    )
    # Only the decider may drive; the other player is told so, not about anybody's purse.
    refused(await other.click(turn, custom_id=drive_button(turn, 10)), "not your decision")

    done = await driver.click(turn, custom_id=drive_button(turn, 2))
    assert "Done" in text_of(answer(done))
    assert await version(simcord_env, channel) == before + 1
