"""The slash commands are sent to Discord at a start only when they changed: a bot restarted
often must not spend Discord's daily budget for creating commands on the same tree."""

from __future__ import annotations

from discord import app_commands

from bot.config import ConfigError, load


def command_syncs(env) -> list:
    """The requests that replace the application's commands (global or a server's)."""
    return [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]


async def test_a_restart_with_the_same_commands_does_not_sync_them_again(
    simcord_env, new_bot, db_path
):
    assert len(command_syncs(simcord_env)) == 1  # the first start ever sends them

    await simcord_env.restart_bot(new_bot(db_path))
    assert len(command_syncs(simcord_env)) == 1

    await simcord_env.restart_bot(new_bot(db_path, force_sync=True))
    assert len(command_syncs(simcord_env)) == 2


async def test_a_changed_command_tree_is_synced_at_the_next_start(simcord_env, new_bot, db_path):
    bot = new_bot(db_path)
    original = bot.setup_hook

    async def with_one_more_command():
        @app_commands.command(name="ping", description="A command the last start did not have")
        async def ping(interaction):
            await interaction.response.send_message("pong", ephemeral=True)

        bot.tree.add_command(ping)
        await original()

    bot.setup_hook = with_one_more_command
    await simcord_env.restart_bot(bot)
    assert len(command_syncs(simcord_env)) == 2


async def test_a_new_database_syncs_again(simcord_env, new_bot, tmp_path):
    await simcord_env.restart_bot(new_bot(tmp_path / "elsewhere.sqlite3"))
    assert len(command_syncs(simcord_env)) == 2


def test_sync_commands_setting(monkeypatch, tmp_path):
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "g.sqlite3"))
    monkeypatch.delenv("SYNC_COMMANDS", raising=False)
    assert load(None).force_sync is False
    monkeypatch.setenv("SYNC_COMMANDS", "always")
    assert load(None).force_sync is True
    monkeypatch.setenv("SYNC_COMMANDS", "sometimes")
    try:
        load(None)
    except ConfigError as exc:
        assert "SYNC_COMMANDS" in str(exc)
    else:
        raise AssertionError("a wrong SYNC_COMMANDS was accepted")
