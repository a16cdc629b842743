"""`make run` reports the bot's failure: a script or a service manager must not believe it started."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_without_a_token_says_so_first_and_fails():
    # An empty DISCORD_TOKEN in the environment wins over any .env in the repository, so this runs
    # the same on a fresh clone and on a machine with a real token in .env.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    env["DISCORD_TOKEN"] = ""
    done = subprocess.run(
        [
            "make",
            "-C",
            str(ROOT),
            "--no-print-directory",
            # The set-up step is not what is tested here: use the interpreter running the tests.
            "-o",
            ".venv/.installed",
            f"BIN={Path(sys.executable).parent}",
            "run",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0, done.stdout + done.stderr
    lines = done.stderr.splitlines()
    assert lines, done.stdout
    assert "DISCORD_TOKEN" in lines[0] and ".env" in lines[0], lines
    assert "Traceback" not in done.stderr
