"""The processes a test started, from /proc, and their end: for the tests that kill a program
and check that nothing it started lives on."""

from __future__ import annotations

import os
import select


def descendants(pid: int) -> set[int]:
    """Every living process started by `pid`, and by those, from /proc."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                # The command name in brackets may hold spaces: the ppid follows its ")".
                parents[int(entry)] = int(stat.read().rpartition(")")[2].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    found: set[int] = set()
    while new := {p for p, parent in parents.items() if parent == pid or parent in found} - found:
        found |= new
    return found


def ends(pid: int, within: float = 60.0) -> bool:
    """Whether process `pid` ends (or has ended) within `within` seconds: waits for the event of
    its end, not for a time."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([handle], [], [], within)[0])
    finally:
        os.close(handle)
