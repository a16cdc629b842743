"""The strength bench: strong against greedy at two players, one duel per game and seed, with
the win share (a shared win counting half) and the thinking time per decision."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai_strength.py"


def test_bench_plays_one_duel_per_seed_with_alternating_seats():
    args = ["--games", "2", "--seeds", "3,4", "--only", "santiago", "--budget", "2"]
    done = subprocess.run(
        [sys.executable, str(BENCH), *args, "--workers", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    lines = done.stdout.strip().splitlines()
    report = json.loads(lines[-1])
    assert [(d["game"], d["seed"], d["games"]) for d in report["duels"]] == [
        ("santiago", 3, 2),
        ("santiago", 4, 2),
    ]
    for duel in report["duels"]:
        assert duel["errors"] == 0
        assert duel["seats"] == ["strong", "greedy"]  # the first game; the second swaps them
        assert sum(duel["wins"].values()) == pytest.approx(2)
        assert duel["win_share"] == pytest.approx(duel["wins"]["strong"] / 2)
        assert duel["p95_seconds_per_decision"]["strong"] >= 0
    pooled = report["pooled"]["santiago"]
    assert pooled["seeds"] == [3, 4] and pooled["games"] == 4
    wins = sum(d["wins"]["strong"] for d in report["duels"])
    assert pooled["win_share"] == pytest.approx(wins / 4)
    assert report["strength_met"] == all(d["win_share"] >= 0.6 for d in report["duels"])
    assert any(line.startswith("santiago: strong wins") for line in lines)
