"""Discord's limits and failures, which SimCord's backend does not have, for the bot's tests.

`Faults(env).install()` slides a transport under the bot's own `HTTPClient`: discord.py's real
request loop (`HTTPClient.request`: rate-limit buckets, the global lock, its waits after a 429
and its retries after a 500) runs unchanged, and each attempt it makes is first shown to the
fault layer, then, if no rule answers it, to SimCord's backend as before. So a test sees what
the bot would see on Discord: a 429 the library waits out (on SimCord's virtual clock), a 503
it gives up on, a 403 with Discord's code.

Rules are checked in order; the first that answers an attempt wins. `global_limit` (50, as on
Discord) refuses with a global 429 every global-bound attempt beyond 50 in one second of
virtual time; `global_bound` counts every global-bound attempt (refused ones too), the figure
a budget of requests per move is measured with. Interaction callbacks and requests on an
interaction's webhook are exempt from the global limit: they travel through SimCord's webhook
adapter, which the layer only counts (`exempt`).

    faults = Faults(env).install()
    faults.add(rate_limited("POST", "/channels/*/messages", retry_after=2.0, times=3))
    faults.add(dm_refused(40003, users=[ana.id], times=5))
    faults.add(archived_threads())
    faults.archive(thread.id)
"""

from __future__ import annotations

import asyncio
import contextvars
import fnmatch
import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import HTTPClient
from multidict import CIMultiDict
from simcord.backend.errors import BackendError

# Discord's JSON error codes the rules answer with.
DM_TOO_FAST = 40003  # "You are opening direct messages too fast" (HTTP 403)
CANNOT_DM = 50007  # "Cannot send messages to this user" (HTTP 403)
OLD_EDITS = 30046  # "Maximum number of edits to messages older than 1 hour reached" (HTTP 400)
ARCHIVED_THREAD = 50083  # "Operation cannot be performed on an archived thread" (HTTP 400)
MISSING_PERMISSIONS = 50013
# How long Discord remembers a message's nonce for `enforce_nonce` ("the past few minutes").
NONCE_SECONDS = 300

_API = "/api/v"
# discord.py's webhook adapter tries a request five times (429s waited out, 5xx again).
WEBHOOK_TRIES = 5
# The attempt under way in this task: what the bot asked for, before discord.py encoded it.
_CALL: contextvars.ContextVar[_Call] = contextvars.ContextVar("faults_call")


@dataclass
class _Call:
    route: Any
    files: Any
    form: Any
    kwargs: dict


@dataclass
class Request:
    """One attempt as a rule sees it: `at` is the virtual time in seconds."""

    method: str
    path: str
    json: Any
    at: float
    faults: Faults

    @property
    def segments(self) -> list[str]:
        return self.path.strip("/").split("/")


@dataclass
class Answer:
    """What Discord answers instead of doing the request; `timeout` (seconds) means no answer
    at all: the attempt fails with `TimeoutError` after that long (and, if `applied`, Discord
    did the request anyway, as when only the response is lost)."""

    status: int
    code: int = 0
    message: str = "injected by the fault layer"
    retry_after: float | None = None
    is_global: bool = False
    timeout: float | None = None
    applied: bool = False

    def body(self) -> dict:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.status == 429:
            body["retry_after"] = self.retry_after if self.retry_after is not None else 1.0
            body["global"] = self.is_global
        return body


@dataclass
class Rule:
    """Answers the attempts matching `method` (or "*") and the fnmatch `path` (or one of several)
    with `answer` (an `Answer`, or a function of the `Request` giving one or None to let it
    pass), at most `times` times (None: for ever)."""

    method: str
    path: str | tuple[str, ...]
    answer: Answer | Callable[[Request], Answer | None]
    times: int | None = None
    answered: int = 0

    def __call__(self, request: Request) -> Answer | None:
        if self.times is not None and self.answered >= self.times:
            return None
        paths = (self.path,) if isinstance(self.path, str) else self.path
        if self.method not in ("*", request.method) or not any(
            fnmatch.fnmatch(request.path, path) for path in paths
        ):
            return None
        answer = self.answer(request) if callable(self.answer) else self.answer
        if answer is not None:
            self.answered += 1
        return answer


def rate_limited(
    method: str,
    path: str,
    retry_after: float = 1.0,
    *,
    is_global: bool = False,
    times: int | None = 1,
) -> Rule:
    """429 with `retry_after` (per route, or `is_global`)."""
    answer = Answer(429, 0, "You are being rate limited.", retry_after, is_global)
    return Rule(method, path, answer, times)


def rate_limited_every(
    method: str, path: str, every: dict[int, int], retry_after: float = 1.0
) -> Rule:
    """Requests (not attempts: discord.py's retries of one request count once) numbered from 1:
    the n-th is answered 429 `every[k]` times in a row when n is a multiple of k (the most such
    times wins), then passes. `{3: 1, 7: 5}`: every third post refused once, every seventh five
    times in a row, which is every try discord.py makes."""
    counted = [0]
    # The last requests seen, each with how many more 429s it gets.
    recent: dict[int, list] = {}

    def refuse(request: Request) -> Answer | None:
        call = _CALL.get()
        entry = recent.get(id(call))
        if entry is None or entry[0] is not call:
            counted[0] += 1
            times = max((t for k, t in every.items() if counted[0] % k == 0), default=0)
            entry = recent[id(call)] = [call, times]
            while len(recent) > 1000:
                del recent[next(iter(recent))]
        if entry[1] <= 0:
            return None
        entry[1] -= 1
        return Answer(429, 0, "You are being rate limited.", retry_after)

    return Rule(method, path, refuse)


def server_error(method: str, path: str, status: int = 500, *, times: int | None = 1) -> Rule:
    """500, 502, 503 (discord.py retries 500 and 502 itself, not 503)."""
    return Rule(method, path, Answer(status, 0, "Server error (injected)"), times)


def timeout(
    method: str, path: str, after: float = 10.0, *, applied: bool = False, times: int | None = 1
) -> Rule:
    return Rule(method, path, Answer(0, timeout=after, applied=applied), times)


# The three ways a request ends with no answer the bot can trust.
LOST_BEFORE = "lost before Discord saw it"  # a timeout: nothing was done
LOST_AFTER = "answer lost"  # Discord carried it out; the answer never came
SERVER_ERRORS = "5xx on every try"  # discord.py gives up after its last retry
NO_ANSWER = (LOST_BEFORE, LOST_AFTER, SERVER_ERRORS)


def no_answer(kind: str, after: float = 10.0) -> Answer:
    assert kind in NO_ANSWER, kind
    if kind == SERVER_ERRORS:
        return Answer(500, 0, "Server error (injected)")
    return Answer(0, timeout=after, applied=kind == LOST_AFTER)


@dataclass
class NthCall(Rule):
    """Once armed (`arm`), the `nth` request the bot makes (counted from 1; every attempt
    discord.py makes of one request answered alike) ends with `no_answer(kind)`; the rule then
    disarms itself. `hit` says which request it was, `seen` how many were made since arming."""

    nth: int = 1
    kind: str = LOST_BEFORE
    seen: int = 0
    armed: bool = False
    hit: tuple[str, str] | None = None
    _call: Any = None
    _counted: list = field(default_factory=list)

    def arm(self) -> None:
        self.armed, self.seen, self.hit, self._call = True, 0, None, None

    def __call__(self, request: Request) -> Answer | None:
        call = _CALL.get()
        if self._call is not None and call is self._call:
            return no_answer(self.kind)
        if not self.armed or any(c is call for c in self._counted):
            return None  # a retry of a request already counted
        self._counted = [*self._counted[-20:], call]
        self.seen += 1
        if self.seen < self.nth:
            return None
        self.armed, self._call, self.hit = False, call, (request.method, request.path)
        return no_answer(self.kind)


def nth_call(nth: int, kind: str) -> NthCall:
    """The `nth` Discord call after `arm()` gets no answer of the `kind` (see `NthCall`)."""
    return NthCall("*", "*", None, nth=nth, kind=kind)


def dm_refused(
    code: int, users: Iterable[int] | None = None, *, on: str = "open", times: int | None = None
) -> Rule:
    """Opening a DM (`on="open"`: POST /users/@me/channels) or sending in it (`on="send"`)
    refused with 403 and `code`: 40003 (opening DMs too fast) or 50007 (DMs closed), for
    `users` (None: everyone)."""
    wanted = None if users is None else set(users)
    answer = Answer(403, code, "Refused (injected)")
    if on == "open":

        def opening(request: Request) -> Answer | None:
            recipient = int((request.json or {}).get("recipient_id", 0))
            return answer if wanted is None or recipient in wanted else None

        return Rule("POST", "/users/@me/channels", opening, times)

    def sending(request: Request) -> Answer | None:
        backend = request.faults.env.backend
        channel_id = int(request.segments[1])
        owners = {c: u for u, c in backend.dm_channels.items()}
        if channel_id not in owners:
            return None
        return answer if wanted is None or owners[channel_id] in wanted else None

    return Rule("*", "/channels/*/messages*", sending, times)


def old_edits(max_age: float = 3600.0, allowed: int = 0) -> Rule:
    """30046 on editing a message older than `max_age` seconds of virtual time, once
    `allowed` such edits went through."""
    done = [0]

    def refuse(request: Request) -> Answer | None:
        segments = request.segments
        if len(segments) != 4:
            return None
        sent = discord.utils.snowflake_time(int(segments[3]))
        if (request.faults.env.now() - sent).total_seconds() <= max_age:
            return None
        if done[0] < allowed:
            done[0] += 1
            return None
        return Answer(400, OLD_EDITS, "Maximum number of edits to messages older than 1 hour")

    return Rule("PATCH", "/channels/*/messages/*", refuse)


def archived_threads() -> Rule:
    """Discord's archived threads: posting or editing in one fails with 50083; unarchiving a
    locked one (PATCH archived=false) needs Manage Threads, else 403/50013."""

    def refuse(request: Request) -> Answer | None:
        backend = request.faults.env.backend
        segments = request.segments
        try:
            channel = backend.get_channel(int(segments[1]))
        except (BackendError, ValueError):
            return None
        meta = channel.thread_metadata
        if meta is None or not meta.archived:
            return None
        if len(segments) == 2:
            if request.method != "PATCH" or not meta.locked:
                return None
            perms = discord.Permissions(
                backend.compute_permissions(channel.guild_id, backend.bot_user.id, channel.id)
            )
            if perms.manage_threads:
                return None
            return Answer(403, MISSING_PERMISSIONS, "Missing Permissions")
        if segments[2] == "messages" and request.method in ("POST", "PATCH"):
            return Answer(400, ARCHIVED_THREAD, "Thread is archived")
        return None

    return Rule("*", "/channels/*", refuse)


class _Response:
    """Just enough of an aiohttp response for discord.py's request loop."""

    def __init__(self, status: int, data: Any, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.reason = "OK" if status < 300 else "Error"
        self.headers = CIMultiDict({"content-type": "application/json", **(headers or {})})
        self._text = json.dumps(data)

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text


class _Exchange:
    def __init__(self, faults: Faults, method: str, url: str) -> None:
        self.faults, self.method, self.url = faults, method, url

    async def __aenter__(self) -> _Response:
        return await self.faults._attempt(self.method, _path_of(self.url))

    async def __aexit__(self, *exc: Any) -> None:
        return None


class _Session:
    closed = False

    def __init__(self, faults: Faults) -> None:
        self.faults = faults

    def request(self, method: str, url: str, **kwargs: Any) -> _Exchange:
        return _Exchange(self.faults, method, url)


def _path_of(url: str) -> str:
    path = url.split("?", 1)[0]
    at = path.find(_API)
    if at != -1:
        path = path[at + len(_API) :]
        path = path[path.find("/") :]
    return path


@dataclass
class Faults:
    env: Any
    global_limit: int | None = 50
    rules: list[Rule] = field(default_factory=list)
    # Every global-bound attempt the bot made (refused ones too), and the exempt ones.
    global_bound: int = 0
    exempt: int = 0
    # (virtual time, method, path, status) of every attempt a rule or the limit refused.
    refused: list[tuple[float, str, str, int]] = field(default_factory=list)
    _window: tuple[int, int] = (-1, 0)
    # (channel path, nonce) -> (virtual time, the message Discord created with it).
    _nonces: dict = field(default_factory=dict)

    def install(self, bot: Any = None) -> Faults:
        """Put the layer under `bot`'s HTTP client (the env's bot by default; again after a
        restart, for the new bot)."""
        bot = bot or self.env.bot
        http = bot.http
        self._backend_request = type(http).request
        self._http = http

        async def request(route, *, files=None, form=None, **kwargs):
            token = _CALL.set(_Call(route, files, form, dict(kwargs)))
            try:
                return await self._declared(
                    HTTPClient.request(http, route, files=files, form=form, **kwargs)
                )
            finally:
                _CALL.reset(token)

        http.request = request
        http._HTTPClient__session = _Session(self)
        if not isinstance(getattr(http, "_global_over", None), asyncio.Event):
            http._global_over = asyncio.Event()
            http._global_over.set()
        adapter = getattr(self.env, "_webhook_adapter", None)
        if adapter is not None and not getattr(adapter, "_faults_counted", False):
            passed = adapter.request

            async def counted(route, session, **kwargs):
                self.exempt += 1
                if not self.rules or not _path_of(route.url).startswith("/webhooks/"):
                    return await passed(route, session, **kwargs)
                token = _CALL.set(_Call(route, kwargs.get("files"), None, kwargs))
                try:
                    return await self._declared(self._webhook(passed, route, session, kwargs))
                finally:
                    _CALL.reset(token)

            adapter.request = counted
            adapter._faults_counted = True
        return self

    async def _declared(self, request: Any) -> Any:
        """Await `request`, declared to SimCord where it may be: discord.py parks a request
        behind a rate limit on futures another request releases after its wait; declared,
        SimCord counts it as settled and keeps the waits on the virtual clock (only
        `advance_time` ends them)."""
        if not self._declarable():
            return await request
        return await self.env.external_wait(request, reason="Discord's rate limits")

    def _answer(self, request: Request) -> Answer | None:
        """The first rule's answer to `request`, or None to let it through."""
        return next((a for rule in self.rules if (a := rule(request)) is not None), None)

    async def _webhook(self, passed, route, session, kwargs: dict) -> Any:
        """A request on an interaction's webhook (a follow-up, or an edit through its token)
        as discord.py's webhook adapter makes it: the rules may answer it like any other; a 429
        is waited out and a 5xx tried again, five tries in all, then it fails."""
        method, path = route.method, _path_of(route.url)
        body = kwargs.get("payload")
        for part in kwargs.get("multipart") or ():
            if part.get("name") == "payload_json":
                body = json.loads(part["value"])
        for attempt in range(WEBHOOK_TRIES):
            request = Request(method, path, body, self.now, self)
            answer = self._answer(request)
            if answer is None:
                for f in kwargs.get("files") or ():
                    f.reset(seek=True)
                return await passed(route, session, **kwargs)
            self.refused.append((self.now, method, path, answer.status))
            if answer.timeout is not None:
                if answer.applied:
                    await passed(route, session, **kwargs)
                await asyncio.sleep(answer.timeout)
                raise TimeoutError
            last = attempt == WEBHOOK_TRIES - 1
            if answer.status == 429 and not last:
                await asyncio.sleep(answer.body()["retry_after"])
                continue
            if answer.status >= 500 and not last:
                await asyncio.sleep(1 + attempt * 2)
                continue
            response, body = _Response(answer.status, answer.body()), answer.body()
            if answer.status >= 500:
                raise discord.DiscordServerError(response, body)
            if answer.status == 403:
                raise discord.Forbidden(response, body)
            if answer.status == 404:
                raise discord.NotFound(response, body)
            raise discord.HTTPException(response, body)
        raise AssertionError("unreachable")

    def add(self, *rules: Rule) -> Rule:
        self.rules.extend(rules)
        return rules[-1]

    def clear(self) -> None:
        self.rules.clear()

    def archive(self, thread_id: int, *, locked: bool = False) -> None:
        """The thread archives itself, as on Discord after its auto-archive duration without
        activity (`locked`: a moderator locked it too). The bot is not told (as after a
        restart or a missed event): it learns it from the next post's 50083."""
        meta = self.env.backend.get_channel(thread_id).thread_metadata
        meta.archived, meta.locked = True, locked

    def _declarable(self) -> bool:
        work = self.env._work
        task = asyncio.current_task()
        return task in work.tasks and task not in work.external_waits

    @property
    def now(self) -> float:
        return self.env.backend.clock.elapsed

    def _over_global_limit(self) -> float | None:
        """Seconds until the next second of virtual time if this attempt is beyond the
        limit of the current one, else None."""
        if self.global_limit is None:
            return None
        second = math.floor(self.now)
        start, count = self._window
        count = count + 1 if start == second else 1
        self._window = (second, count)
        if count <= self.global_limit:
            return None
        return max(second + 1 - self.now, 0.001)

    async def _attempt(self, method: str, path: str) -> _Response:
        call = _CALL.get()
        request = Request(method, path, call.kwargs.get("json"), self.now, self)
        answer = None
        if path.startswith(("/interactions/", "/webhooks/")):
            self.exempt += 1
        else:
            self.global_bound += 1
            wait = self._over_global_limit()
            if wait is not None:
                answer = Answer(429, 0, "You are being rate limited.", wait, is_global=True)
        if answer is None:
            answer = self._answer(request)
        if answer is None:
            return _Response(200, await self._carry_out(call, method, path))
        if answer.timeout is not None:
            self.refused.append((self.now, method, path, 0))
            if answer.applied:
                await self._carry_out(call, method, path)
            await asyncio.sleep(answer.timeout)
            raise TimeoutError
        self.refused.append((self.now, method, path, answer.status))
        headers = {"Via": "1.1 google"} if answer.status == 429 else {}
        if answer.status == 429 and answer.is_global:
            headers["X-RateLimit-Global"] = "true"
        return _Response(answer.status, answer.body(), headers)

    async def _carry_out(self, call: _Call, method: str, path: str) -> Any:
        """The request done by SimCord's backend, with Discord's `enforce_nonce`, which it
        lacks: a message posted again with the nonce of one created in the last minutes gives
        back that message instead of a second one."""
        body = call.kwargs.get("json") or {}
        if call.form:  # a message with files: its JSON travels as a part of the form
            body = next(
                (json.loads(f["value"]) for f in call.form if f.get("name") == "payload_json"),
                {},
            )
        key = (path, body.get("nonce")) if method == "POST" and body.get("enforce_nonce") else None
        known = self._nonces.get(key) if key is not None else None
        if known is not None and self.now - known[0] < NONCE_SECONDS:
            return known[1]
        data = await self._pass(call)
        if key is not None and isinstance(data, dict):
            self._nonces[key] = (self.now, data)
        return data

    async def _pass(self, call: _Call) -> Any:
        if call.files:
            for f in call.files:
                f.reset(seek=True)
        return await self._backend_request(
            self._http, call.route, files=call.files, form=call.form, **call.kwargs
        )


def bot_task(env: Any, coro: Any) -> asyncio.Task:
    """Run `coro` as the bot's own work (a test calling the bot's client directly): SimCord
    then keeps its waits on the virtual clock, as it does for everything the bot starts."""
    with env._bot_scope():
        return asyncio.ensure_future(coro)


def close_dms(env: Any, member: Any) -> None:
    """The member accepts no direct messages from server members: every request on their DM
    channel's messages is refused for the rest of the test, as Discord refuses it (403, 50007)."""
    env.inject_error(
        "*",
        f"/channels/{member.user.dm_channel.id}/messages*",
        status=403,
        code=CANNOT_DM,
        message="Cannot send messages to this user",
        times=None,
    )
