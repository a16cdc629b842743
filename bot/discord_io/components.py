"""Buttons and menus that survive restarts, and the ones of a move (which the channel's turn
message, the DMs and a player's private answers carry).

Every component is a `discord.ui.DynamicItem`: its custom id carries what the click means
(game id, state version, choice), so the bot needs no memory of the message that holds it and
old messages keep working after a restart. Custom ids are at most 100 characters.

A move component names the seat whose decision it answers and the version it was made at: it
is outdated only once that seat has acted since (or decides nothing now), so players deciding
at the same time do not outdate each other's buttons. Ids made before seats were named
(`mc:<game>:<version>:<code>`) still parse and are judged by the version alone.

    mc:<game>:<version>.<seat>:<code>   choose action <code> (a button) for <seat>'s decision
    ms:<game>:<version>.<seat>          the same from a select menu (the value is the code)
    mx:<game>:<version>          "Choose": show the clicker their own choices, ephemerally
    sc:<game>                    "My screen", ephemerally
    ud:<game>:<seat>             take back your latest decision

The table's other components live with their concern, each module listing its ids:
`bot.lobby.components` (lb, la, ls), `bot.timers.components` (tl), `bot.seats.components` (rs,
ho), `bot.history.server_history` (the history's pages) and `bot.history.replay` (its steps).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.text import lengths, present
from bot.text.help_entries import menu_effect
from bot.text.i18n import text, text_msg
from bot.text.present import clip
from games import Action, Decision

if TYPE_CHECKING:
    from storage import GameRecord

CUSTOM_ID_LIMIT = 100


class GamesTemplate:
    """The template of a component whose custom id names a game, set on its class after the
    class is made (`Item.__discord_ui_compiled_template__ = GamesTemplate(template)`): read when
    the bot adds its components, it names every game of the registry then (`template(names)`),
    so a game registered from outside games/ before the bot is built has its buttons."""

    def __init__(self, template: Callable[[Sequence[str]], str]) -> None:
        self.template = template

    def __get__(self, item: Any, owner: type | None = None) -> re.Pattern[str]:
        return re.compile(self.template(games.names()))  # re keeps the compiled ones


# Up to this many choices are buttons (one tap each); more go in one select menu (at most 25
# entries; a tap to open it and one per entry picked). The channel's turn message keeps to two
# rows, which a phone shows without much scrolling; a player's private answer, which nobody
# else scrolls past, fills four rows and keeps the last for "My screen" and "Undo".
MAX_BUTTONS = 10
MAX_PRIVATE_BUTTONS = 20
# A refusal of a typed move lists at most this many choices.
MAX_LISTED = 10


def button(label: str, style: discord.ButtonStyle, custom_id: str, **kwargs) -> discord.ui.Button:
    """The button of a restart-proof item, its label clipped to Discord's limit (counted as
    Discord counts it; a name or a deck's building can make it long)."""
    return discord.ui.Button(
        label=lengths.clip(label, lengths.BUTTON_LABEL), style=style, custom_id=custom_id, **kwargs
    )


def menu(
    custom_id: str,
    options: Sequence[discord.SelectOption],
    placeholder: str | None = None,
    **kwargs,
) -> discord.ui.Select:
    """The select menu of a restart-proof item, its placeholder clipped to Discord's limit; no
    options stand in as one "?" (Discord refuses a menu without options)."""
    return discord.ui.Select(
        custom_id=custom_id,
        options=list(options) or [discord.SelectOption(label="?", value="?")],
        placeholder=placeholder and lengths.clip(placeholder, lengths.PLACEHOLDER),
        **kwargs,
    )


def _seat(match: re.Match[str]) -> int | None:
    return None if match["seat"] is None else int(match["seat"])


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"mc:(?P<game>\d+):(?P<version>\d+)(?:\.(?P<seat>\d))?:(?P<code>.+)",
):
    def __init__(
        self, game: int, version: int, seat: int | None, code: str, label: str = "?"
    ) -> None:
        super().__init__(
            button(label, discord.ButtonStyle.primary, move_id("mc", game, version, seat, code))
        )
        self.game, self.version, self.seat, self.code = game, version, seat, code

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(
            int(match["game"]),
            int(match["version"]),
            _seat(match),
            match["code"],
            item.label or "?",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.play.click_move(
            interaction, self.game, self.version, self.seat, self.code
        )


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"ms:(?P<game>\d+):(?P<version>\d+)(?:\.(?P<seat>\d))?",
):
    def __init__(
        self,
        game: int,
        version: int,
        seat: int | None,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
        several: int = 1,
    ) -> None:
        super().__init__(
            menu(
                move_id("ms", game, version, seat),
                options,
                placeholder,
                min_values=several,
                max_values=several,
            )
        )
        self.game, self.version, self.seat = game, version, seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(
            int(match["game"]),
            int(match["version"]),
            _seat(match),
            item.options,
            item.placeholder,
            item.max_values,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        # Several values: several decisions of the same player in a row, in the order shown.
        codes = [o.value for o in self.item.options if o.value in self.item.values]
        await interaction.client.services.play.click_move(
            interaction, self.game, self.version, self.seat, codes or [""]
        )


class ChooseButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"mx:(?P<game>\d+):(?P<version>\d+)"
):
    def __init__(self, game: int, version: int, label: str = "?") -> None:
        super().__init__(button(label, discord.ButtonStyle.success, f"mx:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["version"]), item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.play.show_choices(interaction, self.game, self.version)


class ScreenButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"sc:(?P<game>\d+)(?::(?P<version>\d+))?"
):
    """ "My screen". On a turn message it names the move too, so that the message of a game's
    move can be told from its components alone (see `look_back.py`), even where only the AI
    decides and nothing else is there to press."""

    def __init__(self, game: int, label: str = "?", version: int | None = None) -> None:
        custom_id = f"sc:{game}" if version is None else f"sc:{game}:{version}"
        super().__init__(button(label, discord.ButtonStyle.secondary, custom_id))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        version = None if match["version"] is None else int(match["version"])
        return cls(int(match["game"]), item.label or "?", version)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.play.show_screen(interaction, self.game)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"ud:(?P<game>\d+):(?P<seat>\d)"
):
    def __init__(self, game: int, seat: int, label: str = "?") -> None:
        super().__init__(button(label, discord.ButtonStyle.secondary, f"ud:{game}:{seat}"))
        self.game, self.seat = game, seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["seat"]), item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.play.undo(interaction, self.game, self.seat)


class LessonButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"ll:(?P<lesson>[a-z0-9_.]{1,61})"
):
    """ "More": the full explanation of a kind of decision, privately, in the reader's language."""

    def __init__(self, lesson: str, label: str = "?") -> None:
        super().__init__(button(label, discord.ButtonStyle.secondary, f"ll:{lesson}"))
        self.lesson = lesson

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["lesson"], item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.play.explain(interaction, self.lesson)


class HintButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"hn:(?P<game>\d{1,19}):(?P<seat>\d)"
):
    """ "Hint": the three best choices for the presser's seat, at a table that offers hints."""

    def __init__(self, game: int, seat: int, label: str = "?") -> None:
        super().__init__(button(label, discord.ButtonStyle.secondary, f"hn:{game}:{seat}"))
        self.game, self.seat = game, seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["seat"]), item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.hints.hint(interaction, self.game, self.seat)


ITEMS = (
    *(MoveButton, MoveSelect, ChooseButton, ScreenButton, UndoButton),
    *(LessonButton, HintButton),
)


def new_view() -> discord.ui.View:
    """A view that is sent, never listened to: every component is a DynamicItem, found by its
    custom id (so it survives restarts). Listening would only keep, per message, the view and
    (for a private answer, which discord.py times out after 15 minutes) a sleeping task."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def with_undo(locale: Any, view: discord.ui.View | None, game: int, seat: int) -> discord.ui.View:
    """An "Undo" button on a player's private answer, below their next choices (if any)."""
    view = view or new_view()
    view.add_item(UndoButton(game, seat, text(locale, "bot.button.undo")))
    return view


def with_lesson(locale: Any, view: discord.ui.View | None, lesson: str) -> discord.ui.View:
    """The "More" button of a lesson on a player's private answer, if the answer has room:
    "More: <the lesson's name>", since one answer may teach two kinds of decision."""
    view = view or new_view()
    label = text(locale, "bot.learn.more_about", rule=text(locale, f"bot.learn.name.{lesson}"))
    # A full view keeps its choices; the lesson's lines are there all the same.
    with contextlib.suppress(ValueError):
        view.add_item(LessonButton(lesson, label))
    return view


def hint_button(locale: Any, record: Any, seat: int) -> HintButton | None:
    """ "Hint" for `seat`, at a table that offers hints (it answers the presser alone, and only
    the seat's own person); None at a rated table."""
    if getattr(record, "mode", "rated") == "rated":
        return None
    return HintButton(record.id, seat, text(locale, "bot.hint.button"))


def with_hint(locale: Any, view: discord.ui.View | None, record: Any, seat: int):
    """The "Hint" button on a player's private prompt, at a table that offers hints."""
    button = hint_button(locale, record, seat)
    if view is None or button is None:
        return view
    with contextlib.suppress(ValueError):
        view.add_item(button)
    return view


def move_id(prefix: str, game: int, version: int, seat: int | None, code: str | None = None) -> str:
    head = f"{prefix}:{game}:{version}" if seat is None else f"{prefix}:{game}:{version}.{seat}"
    return head if code is None else f"{head}:{code}"


def fits(game: int, version: int, seat: int, code: str) -> bool:
    return len(move_id("mc", game, version, seat, code)) <= CUSTOM_ID_LIMIT


def choices_view(
    locale: Any,
    game: int,
    version: int,
    actions: Sequence[Action],
    *,
    seat: int,
    screen: bool,
    names: Sequence[str] | None = None,
    several: int = 1,
    buttons: int = MAX_BUTTONS,
    effects: Callable[[str], str | None] | None = None,
) -> discord.ui.View:
    """Buttons when there are at most `buttons` choices, else one select menu; plus "My
    screen" if asked.

    A decision taken `several` times in a row (two cards picked at once) is buttons too when they
    fit: a tap per pick, and the answer to the first offers what is left (two taps, where a
    menu taking both is one to open it and two to pick). Only a list too long for buttons is a
    menu taking all the picks at once. `effects` gives a menu entry's description: what the
    card or building it names does.

    Rows: at most 5 buttons fill one row, the select takes one row, the screen button one more.
    """
    view = new_view()
    usable = [a for a in actions if fits(game, version, seat, a.code)]
    several = several if 1 < several <= len(usable) else 1
    if len(usable) <= buttons:
        for action in usable:
            label = text_msg(locale, action.label, names)
            view.add_item(MoveButton(game, version, seat, action.code, label))
    else:
        options = [
            described(
                text_msg(locale, a.label, names), a.code, effects(a.code) if effects else None
            )
            for a in usable[:25]
        ]
        if several > 1:
            placeholder = text(locale, "bot.select.several", count=several)
        else:
            placeholder = text(locale, "bot.select.placeholder")
        view.add_item(MoveSelect(game, version, seat, options, placeholder, several))
    if screen:
        view.add_item(ScreenButton(game, text(locale, "bot.button.screen"), version))
    return view


def prompt_for(locale: Any, record: GameRecord, state: Any, seat: int | None):
    """The current prompt as one player should see it: their own choices if they decide
    (content, view), else who the game waits for (content, None)."""
    engine = games.get(record.kind)
    decisions = tuple(engine.pending(state))
    mine = [d for d in decisions if d.seat == seat]
    if mine and seat is not None:
        actions = engine.legal_actions(state, seat)
        content = present.decision_line(locale, record, mine[0], ping=False)
        names = present.seat_names(record, locale)
        return content, choices_view(
            locale,
            record.id,
            record.version,
            actions,
            seat=seat,
            screen=True,
            names=names,
            several=mine[0].repeat,
            buttons=MAX_PRIVATE_BUTTONS,
            effects=lambda code: effect(locale, record, state, seat, code, names, markdown=False),
        )
    others = " ".join(present.decision_line(locale, record, d, ping=False) for d in decisions)
    return text(locale, "bot.turn.not_yours", waiting=others), None


def shows_choices_publicly(decision: Decision) -> bool:
    """May this decision's choices be buttons on the channel message?

    Not for secret decisions, nor for those whose options the engine says depend on hidden
    information (how far screened pesos let the car drive, which goods could be delivered, the
    cards of a hand): listing them would tell everybody what lies behind the screen. Those
    players press "Choose" and get their own choices ephemerally.
    """
    return not decision.secret and not decision.private_options


def effect(
    locale: Any, record: Any, state: Any, seat: int, code: str, names, *, markdown: bool
) -> str | None:
    """What the card, building or person that the choice `code` names does, in words (None
    when it names none): `markdown` for a text display, else for a menu entry's description."""
    said = games.explain(record.kind, state, seat, code)
    if said is None:
        return None
    if markdown:  # a text display has room for the effect told at length
        return text_msg(locale, games.roomy(record.kind, said), names, markdown=True)
    return menu_effect(locale, record.kind, said, names)


def described(label: str, code: str, effect: str | None) -> discord.SelectOption:
    """A menu entry, its effect (if it has one) as its description, cut after a whole word."""
    description = None if not effect else present.clip_words(effect, lengths.OPTION_DESCRIPTION)
    return discord.SelectOption(
        label=clip(label, lengths.OPTION_LABEL), value=code, description=description
    )
