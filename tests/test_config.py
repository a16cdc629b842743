"""Starting the bot without a token must say what to do in one line, without a traceback."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_missing_token_names_the_variable_and_the_file(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert "DISCORD_TOKEN" in lines[0]
    assert ".env" in lines[0]
    assert "Traceback" not in done.stderr


def test_an_unknown_log_level_is_one_clear_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="x", LOG_LEVEL="chatty")
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert len(lines) == 1 and "LOG_LEVEL" in lines[0], lines


def test_database_url_chooses_the_backend_and_wins_over_database_path(monkeypatch, tmp_path):
    from bot.config import load

    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DATABASE_PATH", "old.sqlite3")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert load(env_file=None).database_path == Path("old.sqlite3")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db:5432/malecon")
    assert load(env_file=None).database_path == "postgresql://bot@db:5432/malecon"
    monkeypatch.setenv("DATABASE_URL", "sqlite:///data/games.sqlite3")
    assert load(env_file=None).database_path == "sqlite:///data/games.sqlite3"


def test_shard_settings_are_read_and_a_wrong_one_is_one_clear_error(monkeypatch):
    import pytest

    from bot.config import ConfigError, load

    monkeypatch.setenv("DISCORD_TOKEN", "x")
    for name in ("SHARD_COUNT", "SHARD_IDS", "METRICS_PORT"):
        monkeypatch.delenv(name, raising=False)
    assert load(env_file=None).shard_count is None
    monkeypatch.setenv("SHARD_COUNT", "8")
    assert load(env_file=None).shard_ids == tuple(range(8))
    monkeypatch.setenv("SHARD_IDS", "0-3")
    assert load(env_file=None).shard_ids == (0, 1, 2, 3)
    monkeypatch.setenv("SHARD_IDS", "4,6-7")
    assert load(env_file=None).shard_ids == (4, 6, 7)
    for wrong in ("8", "3-a", "1,1"):
        monkeypatch.setenv("SHARD_IDS", wrong)
        with pytest.raises(ConfigError, match="SHARD_IDS"):
            load(env_file=None)
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.setenv("SHARD_IDS", "0-3")
    with pytest.raises(ConfigError, match="needs SHARD_COUNT"):
        load(env_file=None)


def test_game_reviews_cover_practice_games_unless_set_and_a_wrong_value_is_one_clear_error(
    monkeypatch,
):
    import pytest

    from bot.config import ConfigError, load

    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.delenv("GAME_REVIEWS", raising=False)
    assert load(env_file=None).game_reviews == "practice"
    monkeypatch.setenv("GAME_REVIEWS", "On")
    assert load(env_file=None).game_reviews == "on"
    monkeypatch.setenv("GAME_REVIEWS", "off")
    assert load(env_file=None).game_reviews == "off"
    monkeypatch.setenv("GAME_REVIEWS", "sometimes")
    with pytest.raises(ConfigError, match="GAME_REVIEWS must be 'practice' .* 'on' or 'off'"):
        load(env_file=None)
