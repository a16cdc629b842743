"""A page of SimCord's Preview driven as the browser drives it.

The page's own HTTP API (`/api/pages` opens a page as one of the allowed viewers, `/api/state`
reads what it shows, `/api/action` clicks and picks), with the key from the page's address: every
click runs the bot's real callback, exactly as a click in the browser does. `scripts/screenshots.py`
plays its games with it, and so do the tests of the demo.
"""

from __future__ import annotations

import random
import uuid

import aiohttp

from bot.discord_io.layouts import walk

# The custom ids of a decision's controls: a move's button, a move's menu, "Choose".
MOVES = ("mc:", "ms:", "mx:")


async def answer(response: aiohttp.ClientResponse) -> dict:
    if response.status != 200:
        raise RuntimeError(
            f"{response.method} {response.url.path}: {response.status} {await response.text()}"
        )
    return await response.json()


class Page:
    """One browser page of the Preview, seen as one of its viewers."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.http = http
        self.origin, _, key = url.partition("/#")
        self.headers = {"X-Simcord-Capability": key}
        self.sequence = 0
        self.state: dict = {}

    async def open(self, viewer) -> dict:
        body = {"viewer_id": str(viewer.id)}
        async with self.http.post(f"{self.origin}/api/pages", json=body, headers=self.headers) as r:
            self.state = await answer(r)
        self.headers["X-Simcord-Context"] = self.state["context"]["id"]
        return self.state

    async def read(self) -> dict:
        async with self.http.get(f"{self.origin}/api/state", headers=self.headers) as r:
            self.state = await answer(r)
        return self.state

    def messages(self) -> list[dict]:
        """The messages the page shows, oldest first."""
        return [self.state["messages"][i] for i in self.state["timeline"]]

    async def act(self, kind: str, message: dict, control: dict, **extra) -> dict:
        await self.read()
        self.sequence += 1
        body = {
            "protocol_version": self.state["protocolVersion"],
            "sequence": self.sequence,
            "request_id": uuid.uuid4().hex,
            "generation": self.state["context"]["generation"],
            "bot_generation": self.state["botGeneration"],
            "published_revision": self.state["publishedRevision"],
            "kind": kind,
            "target_id": message["id"],
            "control_key": control["control_key"],
            **extra,
        }
        async with self.http.post(
            f"{self.origin}/api/action", json=body, headers=self.headers
        ) as r:
            done = await answer(r)
        if done.get("rejected"):
            raise RuntimeError(f"the page refused the {kind}: {done}")
        await self.read()
        return done


def controls(message: dict) -> list[dict]:
    """A message's buttons and menus: in its rows, or anywhere in a Components V2 layout."""
    return [c for c in walk(message["components"]) if c.get("type") in (2, 3, 5, 6, 7, 8)]


def text_of(message: dict) -> str:
    """What a message says: its content, or a Components V2 layout's text displays."""
    shown = [c.get("content", "") for c in walk(message["components"]) if c.get("type") == 10]
    return "\n".join(part for part in (message["content"], *shown) if part)


def newest_with(page: Page, prefix: tuple[str, ...], public=False) -> tuple[dict, list[dict]]:
    """The newest message on the page with live controls whose custom ids start with `prefix`
    (with `public`, among the messages everybody sees)."""
    for message in reversed(page.messages()):
        if public and message["ephemeral"]:
            continue
        found = [
            c
            for c in controls(message)
            if str(c.get("custom_id", "")).startswith(prefix) and not c.get("disabled")
        ]
        if found:
            return message, found
    newest = [text_of(m)[:80] for m in page.messages()[-3:]]
    raise LookupError(f"no message with {prefix} controls; the newest: {newest}")


async def decide(page: Page, rng: random.Random | None = None) -> None:
    """One decision, as a person makes it: a move's button or menu, after "Choose" when the
    choices are private or more than the turn message shows. The first choice each time, or
    one picked by `rng`."""
    message, found = newest_with(page, MOVES)
    moves = [c for c in found if not c["custom_id"].startswith("mx:")]
    choose = [c for c in found if c["custom_id"].startswith("mx:")]
    if not moves or (choose and rng is not None and rng.random() < 0.5):
        await page.act("click", message, choose[0])
        message, moves = newest_with(page, ("mc:", "ms:"))
    control = moves[0] if rng is None else rng.choice(moves)
    if control["type"] == 2:
        await page.act("click", message, control)
        return
    options = [o["value"] for o in control["options"]]
    count = control.get("min_values", 1)
    values = options[:count] if rng is None else rng.sample(options, count)
    await page.act("select", message, control, values=values)
