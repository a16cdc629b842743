"""What each member has had explained (teach as you go): the kinds of decision met, in any game
and server, and the members who turned the explanations off (`/game settings`).

The database holds both (`lessons_met`, `member_lessons_off`), so a restart forgets nothing. A
member's lessons are read once, the first time they decide after start-up; a lesson is claimed
here before it is written, so two prompts of the same member at the same moment explain it once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.core.store_holder import StoreHolder


class LessonBook:
    def __init__(self, store_holder: StoreHolder) -> None:
        self.store_holder = store_holder
        # user id -> the lessons they have met (read on first need).
        self._met: dict[int, set[str]] = {}
        self._off: set[int] = set()

    async def load(self) -> None:
        self._off = await self.store_holder.store.lessons_off()

    def explaining(self, user_id: int) -> bool:
        """Whether the member gets explanations (a person who did not turn them off)."""
        return user_id > 0 and user_id not in self._off

    async def set_explaining(self, user_id: int, on: bool) -> None:
        await self.store_holder.store.set_lessons(user_id, on)
        if on:
            self._off.discard(user_id)
        else:
            self._off.add(user_id)

    async def met(self, user_id: int) -> frozenset[str]:
        return frozenset(await self._known(user_id))

    async def first_time(self, user_id: int, lesson: str) -> bool:
        """True (once) when `lesson` is to be explained to the member now; noted as met."""
        if not self.explaining(user_id):
            return False
        known = await self._known(user_id)
        if lesson in known:
            return False
        known.add(lesson)
        await self.store_holder.store.meet_lesson(user_id, lesson)
        return True

    async def _known(self, user_id: int) -> set[str]:
        found = self._met.get(user_id)
        if found is None:
            loaded = await self.store_holder.store.lessons_met(user_id)
            # Another prompt may have read them meanwhile: the first copy stays.
            found = self._met.setdefault(user_id, loaded)
        return found
