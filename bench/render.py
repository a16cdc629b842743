"""Render speed and size: full board pictures (render + palette encode) against Pillow's bare
true-colour PNG encode of the same finished image (the yardstick).

Renders the demo boards (Santiago 3 players, Havana 4 players) `--repeat` times each, and in
the same run encodes the same finished images with `Image.save(..., "PNG", <same settings>)` in
true colour. The last line is JSON with `p50_ms`, `p95_ms` (full render: view -> palette PNG
bytes), `encode_p50_ms` (the bare true-colour encode), `ratio_to_encode` (median full render /
median bare encode), and the sizes of each board as a palette PNG and as a true-colour PNG.
Goals: p95 < 40 ms, every board PNG < 100 KB.

The encodings: the same finished boards encoded as the bot sends them (palette PNG through
libdeflate) and as lossless WebP (from the same 256-colour palette, at a fast and a thorough
setting), `--repeat` times each: bytes and encode time p50/p95 (`encodings` in the JSON line).

A whole game: one seeded 3-player game of each game played to its end, its board drawn after
every move (a picture at every person's decision, as the turn messages attach them): the number
of boards, their total bytes (goal: under 25 MB per game) and the drawing time p50/p95
(`games` in the JSON line).

The hostile case renders every board and screen of both games and the final scores with
player names of 7,000 characters (in several scripts, emoji included; and Havana with a deck
whose names have the maximum length), with cold text caches as for names never seen before:
`hostile_max_ms` is the slowest of those renders. Goal: under 1 s.

    .venv/bin/python bench/render.py [--repeat 50] [--seed 7] [--game-seed 7] [--game-moves N]
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
from games.core import Result  # noqa: E402
from games.havana.deck import MAX_NAME, bundled_file  # noqa: E402
from games.text import Msg  # noqa: E402
from games.text import players as seats_phrase  # noqa: E402
from render import board_image, board_png, draw, final_scores_png, screen_png, typeface  # noqa: E402
from render.demo import DEMO_STEPS, NAMES, play  # noqa: E402

HOSTILE_NAME_LENGTH = 7000


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def _long_name_deck() -> dict:
    data = json.loads(json.dumps(bundled_file()))
    for k, card in enumerate(data["buildings"]):
        card["name"] = ("W" * MAX_NAME) if k % 2 else ("Wide " * 9)[:MAX_NAME]
    return data


def hostile_renders() -> list[float]:
    """Milliseconds of each render with 7,000-character names and cold text caches."""
    n = HOSTILE_NAME_LENGTH
    names = ["W" * n, ("Wq " * n)[:n], ("e\u0301" * n)[:n], ("Ж王 محمد अनी 👍🏽 " * n)[:n]]
    cases = [
        ("santiago", play("santiago", 4, 7, DEMO_STEPS["santiago"])),
        ("havana", play("havana", 4, 7, 80)),
        ("havana", play("havana", 4, 7, 80, {"deck": _long_name_deck()})),
    ]
    renders = []
    for kind, state in cases:
        game = games.get(kind)
        renders.append(lambda g=game, s=state: board_png(g.public_view(s), names))
        for seat in range(4):
            renders.append(
                lambda g=game, s=state, seat=seat: screen_png(g.player_view(s, seat), names)
            )
    result = Result(
        scores=(30, 26, 22, 18),
        winners=(0, 1, 2, 3),
        ranking=(0, 1, 2, 3),
        places=(1, 1, 1, 1),
        tiebreaks=((1, 2),) * 4,
        tiebreak_names=(Msg("santiago.tiebreak.goods"), Msg("santiago.tiebreak.pesos")),
        notes=(seats_phrase([0, 1, 2, 3]),) * 30,
        reason=Msg("santiago.reason.seventh_ship"),
    )
    renders.append(lambda: final_scores_png("havana", result, names))
    times = []
    for make in renders:
        draw.fit.cache_clear()
        draw._mask.cache_clear()
        typeface.runs.cache_clear()
        typeface.advance.cache_clear()
        t0 = time.perf_counter()
        make()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def _webp(method: int, quality: int):
    def encode(image) -> bytes:
        out = io.BytesIO()
        draw.quantize(image).save(out, "WEBP", lossless=True, method=method, quality=quality)
        return out.getvalue()

    return encode


ENCODINGS = {
    "palette PNG (libdeflate 6)": draw.encode,
    "lossless WebP, method 0, quality 0": _webp(0, 0),
    "lossless WebP, method 1, quality 50": _webp(1, 50),
}


def encodings(images: list, repeat: int) -> dict:
    """Bytes and encode times (palette applied, then compressed) of each encoding."""
    out = {}
    for name, encode in ENCODINGS.items():
        times, sizes = [], []
        for image in images:
            for _ in range(repeat):
                t0 = time.perf_counter()
                data = encode(image)
                times.append((time.perf_counter() - t0) * 1000)
            sizes.append(len(data))
        out[name] = {
            "bytes": sizes,
            "p50_ms": round(statistics.median(times), 2),
            "p95_ms": round(percentile(times, 0.95), 2),
        }
        print(
            f"{name:36s} {' + '.join(f'{n // 1024} KiB' for n in sizes)}"
            f"  encode p50 {statistics.median(times):5.1f} ms p95 {percentile(times, 0.95):5.1f} ms"
        )
    return out


def whole_game(kind: str, players: int, seed: int, moves: int | None = None) -> dict:
    """Every board of one seeded game (or of its first `moves`), drawn after each move as the
    bot draws it."""
    game = games.get(kind)
    log: list[tuple[int, str]] = []
    play(kind, players, seed, moves, log=log)
    state = game.new(players, seed, {})
    names = NAMES[:players]
    times, total = [], 0
    for move, (seat, code) in enumerate(log, start=1):
        state, _events = game.apply(state, seat, code)
        t0 = time.perf_counter()
        total += len(board_png(game.public_view(state), names, None, move))
        times.append((time.perf_counter() - t0) * 1000)
    figures = {
        "boards": len(log),
        "total_mb": round(total / 1e6, 2),
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(percentile(times, 0.95), 2),
    }
    print(
        f"{kind:9s} whole {players}-player game: {len(log)} boards, {total / 1e6:.2f} MB,"
        f" render+encode p50 {figures['p50_ms']} ms p95 {figures['p95_ms']} ms"
    )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--game-seed", type=int, default=7)
    parser.add_argument(
        "--game-moves", type=int, default=None, help="draw only the first N moves of each game"
    )
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
    true_colour = {}
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
        true_colour[kind] = len(out.getvalue())
        mine = render_ms[-args.repeat :]
        print(
            f"{kind:9s} {finished.width}x{finished.height}"
            f"  render+encode p50 {statistics.median(mine):6.1f} ms"
            f" p95 {percentile(mine, 0.95):6.1f} ms"
            f"  bare true-colour encode p50 {statistics.median(encode_ms[-args.repeat :]):6.1f} ms"
            f"  palette PNG {len(data) // 1024} KiB (true colour {true_colour[kind] // 1024} KiB)"
        )
    chosen = encodings([board_image(view, names) for _kind, view, names in views], args.repeat)
    whole = {
        kind: whole_game(kind, 3, args.game_seed, args.game_moves)
        for kind in ("santiago", "havana")
    }
    hostile_ms = hostile_renders()
    print(
        f"hostile   {len(hostile_ms)} renders with {HOSTILE_NAME_LENGTH}-character names:"
        f" worst {max(hostile_ms):6.1f} ms"
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
        "bytes": sizes,
        "true_colour_bytes": true_colour,
        "hostile_max_ms": round(max(hostile_ms), 2),
        "encodings": chosen,
        "games": whole,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
