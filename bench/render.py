"""Render speed: full board pictures against Pillow's PNG encoder alone (the floor).

Renders the demo boards (Santiago 3 players, Havana 4 players) `--repeat` times each, and in
the same run encodes the same finished images with `Image.save(..., "PNG", <same settings>)`.
The last line is JSON with `p50_ms`, `p95_ms` (full render: view -> PNG bytes) and
`ratio_to_encode` (median full render / median encode). Goals: ratio <= 2.0, p95 < 150 ms.

    .venv/bin/python bench/render.py [--repeat 50] [--seed 7]
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from pathlib import Path

# This file is itself called render.py: keep its folder off the path so `render` is the package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import games  # noqa: E402
from render import board_image, board_png, draw  # noqa: E402
from render.demo import DEMO_STEPS, NAMES, play  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    views = []
    for kind, players in (("santiago", 3), ("havana", 4)):
        game = games.get(kind)
        state = play(kind, players, args.seed, DEMO_STEPS[kind])
        views.append((kind, game.public_view(state), NAMES[:players]))

    # warm up: fonts and static layers are built once per process, as in the bot
    for _kind, view, names in views:
        board_png(view, names)

    render_ms: list[float] = []
    encode_ms: list[float] = []
    sizes = {}
    for kind, view, names in views:
        finished = board_image(view, names)
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            data = board_png(view, names)
            t1 = time.perf_counter()
            out = io.BytesIO()
            finished.save(out, "PNG", **draw.PNG_SETTINGS)
            t2 = time.perf_counter()
            render_ms.append((t1 - t0) * 1000)
            encode_ms.append((t2 - t1) * 1000)
        sizes[kind] = len(data)
        print(
            f"{kind:9s} render p50 {statistics.median(render_ms[-args.repeat :]):6.1f} ms"
            f"  encode p50 {statistics.median(encode_ms[-args.repeat :]):6.1f} ms"
            f"  {len(data) // 1024} KiB"
        )
    p50 = statistics.median(render_ms)
    result = {
        "renders": len(render_ms),
        "p50_ms": round(p50, 2),
        "p95_ms": round(percentile(render_ms, 0.95), 2),
        "encode_p50_ms": round(statistics.median(encode_ms), 2),
        "ratio_to_encode": round(p50 / statistics.median(encode_ms), 3),
        "png_settings": draw.PNG_SETTINGS,
        "max_bytes": max(sizes.values()),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
