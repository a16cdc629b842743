"""`python -m render demo --out DIR`: write the demo pictures of seeded example games."""

from __future__ import annotations

import argparse
from pathlib import Path

from .demo import write_demo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="write example board, screen and final-score pictures")
    demo.add_argument("--out", type=Path, required=True, help="directory for the PNG files")
    demo.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    for path in write_demo(args.out, args.seed):
        print(f"{path}  {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
