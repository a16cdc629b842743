"""Quiet hours: a member's hours of the day, in their own time zone, when the bot neither DMs
nor pings them. Pure: whether a moment is quiet and when the quiet ends depend only on the
hours, the zone and that moment, so the reminder and DM paths (and anything else that must keep
still at night) ask the same two questions.

Hours are wall-clock hours of the zone: 22 to 8 in Europe/Rome is 22:00 to 08:00 Rome time in
winter and in summer, however far the zone's offset moves or whatever fraction of an hour it is.
"""

from __future__ import annotations

import difflib
import functools
import importlib.resources
import zoneinfo
from dataclasses import dataclass
from datetime import datetime, time, timedelta

# Discord offers at most 25 choices in an autocomplete.
MAX_CHOICES = 25
# In the tz database but no place: the zone of a machine whose zone was never set.
NOT_PLACES = frozenset({"Factory"})


@dataclass(frozen=True, slots=True)
class QuietHours:
    """From `start` (included) to `end` (excluded), hours 0-23 of the zone `zone`; a start
    after the end spans midnight."""

    start: int
    end: int
    zone: str


def is_quiet(hours: QuietHours | None, at: float) -> bool:
    """Is the POSIX moment `at` inside these quiet hours? Never in a zone this host cannot
    load: no setting of a member may stop the announcement of a move."""
    if hours is None or hours.start == hours.end:
        return False
    zone = zone_info(hours.zone)
    if zone is None:
        return False
    hour = datetime.fromtimestamp(at, zone).hour
    if hours.start < hours.end:
        return hours.start <= hour < hours.end
    return hour >= hours.start or hour < hours.end


def quiet_until(hours: QuietHours | None, at: float) -> float | None:
    """When the quiet hours around `at` end (POSIX seconds), or None when `at` is not quiet.

    The end is the next `end:00` on the zone's clock. An end hour the clock skips (a spring
    change at that very hour) ends the quiet when the clock jumps past it."""
    if not is_quiet(hours, at):
        return None
    zone = zone_info(hours.zone)
    day = datetime.fromtimestamp(at, zone).date()
    for step in range(3):
        # fold=0: a skipped wall time counts with the offset before the change, which is the
        # instant of the change itself for a whole hour skipped at that hour.
        end = datetime.combine(day + timedelta(days=step), time(hours.end), tzinfo=zone)
        if end.timestamp() > at:
            return end.timestamp()
    raise AssertionError("quiet hours never end")  # a day always holds the end hour


@functools.cache
def zones() -> tuple[str, ...]:
    """Every time zone a member may choose, sorted: the names the pinned `tzdata` lists, so
    the same on every host. The system's own list would add `localtime`, the host's clock,
    which means another zone wherever the database is moved."""
    listed = importlib.resources.files("tzdata").joinpath("zones").read_text(encoding="utf-8")
    return tuple(sorted(set(listed.split()) - NOT_PLACES))


@functools.cache
def zone_info(name: str) -> zoneinfo.ZoneInfo | None:
    """The zone of that name, or None when it is none a member may choose or this host cannot
    load it (a database from another host, a zone a tz update dropped, a damaged file)."""
    if _by_folded().get(name.casefold()) != name:
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (KeyError, ValueError, OSError):  # ZoneInfoNotFoundError is a KeyError
        return None


@functools.cache
def _by_folded() -> dict[str, str]:
    return {name.casefold(): name for name in zones()}


def known_zone(typed: str) -> str | None:
    """The zone's IANA name as it is spelt, whatever the case typed; None if there is none
    (or this host cannot load it)."""
    name = _by_folded().get(typed.strip().casefold())
    return name if name is not None and zone_info(name) is not None else None


def zone_choices(typed: str) -> list[str]:
    """At most 25 zone names for an autocomplete: those containing what was typed (spaces
    read as underscores), the ones that start with it first."""
    wanted = typed.strip().casefold().replace(" ", "_")
    found = [name for name in zones() if wanted in name.casefold()]
    found.sort(key=lambda name: not name.casefold().startswith(wanted))
    return found[:MAX_CHOICES]


def closest_zones(typed: str, count: int = 3) -> list[str]:
    """The zone names nearest to a misspelt one, best first (maybe none)."""
    folded = _by_folded()
    wanted = typed.strip().casefold().replace(" ", "_")
    near = difflib.get_close_matches(wanted, list(folded), n=count, cutoff=0.6)
    if not near:
        # "Rome" for "Europe/Rome": the city alone, compared with the last part of each name.
        cities: dict[str, str] = {}
        for key in folded:
            cities.setdefault(key.rsplit("/", 1)[-1], key)
        near = [cities[c] for c in difflib.get_close_matches(wanted, list(cities), n=count)]
    return [folded[key] for key in near]
