"""The channel's game messages as Components V2 layouts: a turn message and the final scores.

One container in the game's colour (`games.front.accent`): the text (the events, then the
header and who decides), the picture as a media gallery item carrying its alt text, then the
choices. A choice whose card, building or person the game explains (`games.explain`) is a
section, its effect in words beside its button; the others are buttons in rows of five, or one
select menu whose entries carry their effect as description; "Choose" and "My screen" last.

Discord's limits on such a message: 40 components in all (nested ones count), 4,000 characters
over all its text displays, no `content`, and once V2 it stays V2. A text display's mentions ping
as the post's allowed mentions say, as content's do.

A message loses its buttons by being written again without them: from what it shows (`Shown`,
kept by the announcer), or from the message itself (`stripped`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import ui

from bot.discord_io import components
from bot.discord_io.components import (
    MAX_BUTTONS,
    ChooseButton,
    MoveButton,
    MoveSelect,
    ScreenButton,
    described,
    effect,
    fits,
    shows_choices_publicly,
)
from bot.text.i18n import text, text_msg
from games import Action, Decision

MAX_COMPONENTS = 40
MAX_TEXT = 4000
# A section's effect at most: with ten of them, a turn message's texts (`present.MAX_CONTENT`)
# stay within MAX_TEXT.
MAX_EFFECT = 200
# The container, two texts and the picture around a turn message's choices.
AROUND_CHOICES = 4
# Buttons in a row.
ROW = 5


@dataclass(frozen=True)
class Picture:
    """A picture the message carries as its attachment `filename`, and its alt text."""

    filename: str
    alt: str


@dataclass(frozen=True)
class Shown:
    """What a message shows besides its live components, in the game's colour `accent`: kept
    to write it again without them."""

    accent: int
    texts: tuple[str, ...]
    picture: Picture | None = None

    def items(self) -> list[ui.Item]:
        found: list[ui.Item] = [ui.TextDisplay(t) for t in self.texts if t]
        if self.picture is not None:
            media = f"attachment://{self.picture.filename}"
            item = discord.MediaGalleryItem(media, description=self.picture.alt)
            found.append(ui.MediaGallery(item))
        return found


def picture_of(file: discord.File | None) -> Picture | None:
    return None if file is None else Picture(file.filename, file.description or "")


def layout(shown: Shown, choices: Sequence[ui.Item] = ()) -> ui.LayoutView:
    """The message: one container holding what it shows, then `choices`. Sent, never listened
    to (every component is a DynamicItem, see `components.new_view`)."""
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(*shown.items(), *choices, accent_colour=shown.accent))
    view.stop()
    return view


def walk(payload: Any):
    """Every component of a payload (dicts, or discord.py's components), nested ones too: in
    containers, rows, and a section's texts and accessory."""
    for component in payload:
        found = component if isinstance(component, dict) else component.to_dict()
        yield found
        yield from walk(found.get("components") or ())
        if isinstance(found.get("accessory"), dict):
            yield from walk([found["accessory"]])


def count(items: Sequence[ui.Item]) -> int:
    """How many components Discord counts in `items`."""
    return sum(1 for _ in walk([item.to_component_dict() for item in items]))


def text_of(message: discord.Message) -> str:
    """What a message says: its content, or a V2 layout's text displays, a line apart."""
    shown = [c.get("content", "") for c in walk(message.components) if c.get("type") == 10]
    return "\n".join(part for part in (message.content, *shown) if part)


def stripped(message: discord.Message) -> ui.LayoutView | None:
    """`message` without its buttons and menus, written from what Discord shows of it: its
    containers with their texts and pictures (a picture named by its attachment again, which
    the edit keeps). None for a message that is not V2: editing it with no view takes them off."""
    if not message.flags.components_v2:
        return None
    return _rebuilt(message, None, None)


def with_line_and_button(
    message: discord.Message, line: str, button: ui.Button
) -> ui.LayoutView | None:
    """`message` written again from what Discord shows of it (as `stripped`), with one more
    text, `line`, after its texts and picture, and `button` beside its buttons: how a game's
    final scores come to carry its review. None when it is no V2 layout or carries the button
    already (the edit was made)."""
    if not message.flags.components_v2:
        return None
    if any(c.get("custom_id") == button.custom_id for c in walk(message.components)):
        return None
    return _rebuilt(message, line, button)


def _rebuilt(message: discord.Message, line: str | None, button: ui.Button | None) -> ui.LayoutView:
    """The V2 `message`'s containers again: texts and pictures; with `button`, its buttons too,
    and `line` and `button` added to the first container; without, no buttons at all."""
    names = {a.id: a.filename for a in message.attachments}
    by_url = {a.url.split("?")[0]: a.filename for a in message.attachments}
    keep_buttons = button is not None
    view = ui.LayoutView(timeout=None)
    for component in message.components:
        found = component.to_dict()
        if found.get("type") != 17:
            continue
        box = ui.Container(accent_colour=found.get("accent_color"))
        rows = []
        for child in found.get("components") or ():
            if child.get("type") == 10:
                box.add_item(ui.TextDisplay(child["content"]))
            elif child.get("type") == 12:
                items = [_again(i, names, by_url) for i in child.get("items") or ()]
                box.add_item(ui.MediaGallery(*items))
            elif child.get("type") == 1 and keep_buttons:
                rows.append(
                    [_button(b) for b in child.get("components") or () if b.get("type") == 2]
                )
        if button is not None:
            box.add_item(ui.TextDisplay(line))
            if rows and len(rows[-1]) < ROW:
                rows[-1].append(button)
            else:
                rows.append([button])
            button = None
        for row in rows:
            box.add_item(ui.ActionRow(*row))
        view.add_item(box)
    view.stop()
    return view


def _button(found: dict) -> ui.Button:
    """A button as Discord shows it, to be sent again (its DynamicItem answers its custom id)."""
    return ui.Button(
        style=discord.ButtonStyle(found.get("style", 2)),
        label=found.get("label"),
        custom_id=found.get("custom_id"),
        url=found.get("url"),
        disabled=bool(found.get("disabled")),
    )


def _again(item: dict, names: dict, by_url: dict) -> discord.MediaGalleryItem:
    media = item.get("media") or {}
    attachment = media.get("attachment_id")
    filename = names.get(int(attachment)) if attachment else None
    filename = filename or by_url.get(str(media.get("url", "")).split("?")[0])
    url = f"attachment://{filename}" if filename else media.get("url", "")
    return discord.MediaGalleryItem(url, description=item.get("description"))


def turn_view(
    locale: Any,
    record: Any,
    engine: Any,
    state: Any,
    decisions: Sequence[Decision],
    names: Sequence[str],
    people: Sequence[Decision],
) -> tuple[list[ui.Item], bool]:
    """The turn message's choices (rows and sections of its container), and whether they
    include "Choose".

    Built from what the whole table may know: the pending decisions (public by the engine's
    contract), the actions of a decision whose options read nothing hidden, and a hidden
    decision's `open_codes` or, when they fit, its public actions (every choice that could be
    legal, which the engine names from public facts: the decider taps one, and one their
    screen cannot pay for is refused to them alone); what a choice's card or building does
    (the rules' words). Otherwise "Choose" is there exactly when a decider's private answer may
    offer what the message does not: for a decision whose options depend on a screen or a
    hand, whatever that holds. Leaving it off when the answer happens to add nothing (only
    "Pass" behind it) would tell everybody that the screen holds nothing to deliver.
    `people`: the decisions a person takes (the AI's need no button)."""
    game, version = record.id, record.version
    screen = ScreenButton(game, text(locale, "bot.button.screen"), version)
    if not people:
        # Only the AI decides now: nothing to press but "My screen"; it moves on its own.
        return [ui.ActionRow(screen)], False
    choose = ChooseButton(game, version, text(locale, "bot.button.choose"))
    offer = Offer(locale, record, state, names)
    if len(decisions) == 1:
        # A decision answered on this message may never pass through a private prompt, which
        # is where "Hint" is otherwise offered: at a table with hints it is offered here too.
        seat = decisions[0].seat
        hint = components.hint_button(locale, record, seat)
        tail = [screen] if hint is None else [screen, hint]
    if len(decisions) == 1 and shows_choices_publicly(decisions[0]):
        return offer.choices(seat, engine.legal_actions(state, seat), tail), False
    if len(decisions) == 1 and not decisions[0].secret:
        # Every choice that could be legal, judged from public facts alone: one tap each, and
        # the gate politely refuses the decider one that their own screen cannot pay for.
        public = engine.public_actions(state, seat) if decisions[0].private_options else []
        if public and len(public) <= MAX_BUTTONS:
            return offer.choices(seat, public, tail), False
    if len(decisions) == 1 and decisions[0].open_codes:
        # Choices open to everybody's eyes beside "Choose" for the rest.
        shown = decisions[0].open_codes
        actions = [a for a in engine.legal_actions(state, seat) if a.code in shown]
        return offer.choices(seat, actions[: MAX_BUTTONS - 1], [choose, *tail]), True
    return [ui.ActionRow(choose, screen)], True


@dataclass(frozen=True)
class Offer:
    """How a turn message lays out one seat's choices."""

    locale: Any
    record: Any
    state: Any
    names: Sequence[str]

    def choices(
        self, seat: int, actions: Sequence[Action], tail: Sequence[ui.Item]
    ) -> list[ui.Item]:
        """Up to ten choices as buttons, the explained ones as sections, within the message's
        components (the last sections give way to buttons when there are too many); more as
        one menu. `tail` ("Choose", "My screen") in a row of its own, last."""
        game, version = self.record.id, self.record.version
        usable = [a for a in actions if fits(game, version, seat, a.code)]
        labels = [text_msg(self.locale, a.label, self.names) for a in usable]
        if len(usable) > MAX_BUTTONS:
            return [ui.ActionRow(self._menu(seat, usable, labels)), ui.ActionRow(*tail)]
        effects = [self._effect(seat, a.code, markdown=True) for a in usable]
        effects = [None if e is None else components.clip(e, MAX_EFFECT) for e in effects]
        while True:
            buttons = [
                MoveButton(game, version, seat, a.code, label)
                for a, label in zip(usable, labels, strict=True)
            ]
            items = arranged(buttons, effects, tail)
            explained = [k for k, e in enumerate(effects) if e]
            if count(items) <= MAX_COMPONENTS - AROUND_CHOICES or not explained:
                return items
            effects[explained[-1]] = None

    def _effect(self, seat: int, code: str, *, markdown: bool) -> str | None:
        return effect(
            self.locale, self.record, self.state, seat, code, self.names, markdown=markdown
        )

    def _menu(self, seat: int, usable: Sequence[Action], labels: Sequence[str]) -> MoveSelect:
        options = [
            described(label, a.code, self._effect(seat, a.code, markdown=False))
            for a, label in zip(usable[:25], labels[:25], strict=False)
        ]
        placeholder = text(self.locale, "bot.select.placeholder")
        return MoveSelect(self.record.id, self.record.version, seat, options, placeholder)


def arranged(
    buttons: Sequence[ui.Item], effects: Sequence[str | None], tail: Sequence[ui.Item]
) -> list[ui.Item]:
    """Buttons in order: one with an effect as a section (the effect, the button beside it),
    the others in rows of five; `tail` in a row of its own."""
    items: list[ui.Item] = []
    row: list[ui.Item] = []
    for button, said in zip(buttons, effects, strict=True):
        if said:
            if row:
                items.append(ui.ActionRow(*row))
                row = []
            items.append(ui.Section(ui.TextDisplay(said), accessory=button))
            continue
        if len(row) == ROW:
            items.append(ui.ActionRow(*row))
            row = []
        row.append(button)
    if row:
        items.append(ui.ActionRow(*row))
    if tail:
        items.append(ui.ActionRow(*tail))
    return items
