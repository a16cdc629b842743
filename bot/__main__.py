"""`python -m bot`: start the bot with the settings from `.env`."""

from __future__ import annotations

import sys

from .config import ConfigError, load


def main() -> int:
    try:
        load()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    print("The bot is not built yet: only the rules engine can be run (python -m games).")
    return 1


if __name__ == "__main__":
    sys.exit(main())
