"""The bot's logging: one handler on the root logger, with secrets taken out of every record.

discord.py logs at DEBUG the URL of each request (an interaction's token is part of
`/interactions/<id>/<token>/callback` and of `/webhooks/<application id>/<token>/...`) and each
gateway event (INTERACTION_CREATE carries `'token': ...`). Anyone holding such a token can answer
as the bot for 15 minutes, so the tokens are replaced before a record reaches any output; the rest
of the DEBUG line stays, because it is what one reads DEBUG for.
"""

from __future__ import annotations

import logging
import re
import sys
from typing import TextIO

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
HIDDEN = "[hidden]"

_SECRETS = (
    # /interactions/<id>/<token>/callback and /webhooks/<id>/<token>[/...], raw or URL-quoted.
    re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/?#\s'\"]+"),
    # 'token': '...' in a logged payload (gateway events, webhook objects), as a dict or JSON.
    re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+"""),
)


def redact(text: str, extra: tuple[str, ...] = ()) -> str:
    for pattern in _SECRETS:
        text = pattern.sub(rf"\g<1>{HIDDEN}", text)
    for secret in extra:
        text = text.replace(secret, HIDDEN)
    return text


class HideSecrets(logging.Filter):
    """Rewrites a record's message (and traceback) with the secrets replaced; drops nothing."""

    def __init__(self, extra: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.extra = tuple(s for s in extra if s)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a broken record is logging's to report, not ours
            return True
        clean = redact(message, self.extra)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            # Formatter.format uses exc_text when set: the traceback is formatted here, cleaned.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self.extra)
        if record.stack_info:
            record.stack_info = redact(record.stack_info, self.extra)
        return True


def configure(level: str | int, *, stream: TextIO | None = None, secrets: tuple[str, ...] = ()):
    """Log `level` and above to `stream` (stderr by default) through the secret filter.

    `secrets` are further strings never to show (the bot token). Returns the handler.
    """
    handler = logging.StreamHandler(sys.stderr if stream is None else stream)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(HideSecrets(secrets))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    return handler
