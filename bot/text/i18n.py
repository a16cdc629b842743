"""One translation lookup for every text a user sees.

`text(locale, key, **params)` looks a bot key up; `text_msg(locale, msg)` renders an engine `Msg`.
Both read the same per-language catalogue: the English templates (the bot's in
`bot/text/locales/en.py`, the games' and the pictures' registered in `games.text`) and a language's
translations of them from `translations/<lang>.po`, falling back to English key by key. A new
language is one more `.po` file and no handler changes.

Discord gives locales such as `en-US`, `de`, `es-ES`, `ru`; the language part picks the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

import games
import translations
from bot.text.locales import en
from bot.text.preferences import Preferences
from games.text import ENGLISH as GAME_ENGLISH
from games.text import Msg, render

if TYPE_CHECKING:
    from storage import GameRecord

# Keyed by the number of the games' English texts too: a game registered later adds its own.
_CATALOGUES: dict[tuple[str, int], dict[str, str]] = {}
# Where more English comes from (the slash commands' texts, read off the command tree by
# `command_texts`, which registers itself): this module knows no module above it.
_MORE_ENGLISH: list[Callable[[], Mapping[str, str]]] = []


def add_english(source: Callable[[], Mapping[str, str]]) -> None:
    """Register more English templates (key -> text); every catalogue is built again."""
    if source not in _MORE_ENGLISH:
        _MORE_ENGLISH.append(source)
        _CATALOGUES.clear()


def _ensure_registered() -> None:
    # Each game registers its English templates on import, and so do the pictures' captions.
    import render.captions  # noqa: F401

    for name in games.names():
        try:
            games.get(name)
        except ImportError:  # a game package that is not installed has no texts to offer
            continue


def languages() -> tuple[str, ...]:
    """The languages we speak: English and every language with a catalogue file."""
    return translations.languages()


def english() -> Mapping[str, str]:
    """The complete English catalogue: bot keys plus every engine and picture key."""
    return catalogue("en")


def catalogue(lang: str) -> Mapping[str, str]:
    found = _CATALOGUES.get((lang, len(GAME_ENGLISH)))
    if found is not None:
        return found
    _ensure_registered()
    merged: dict[str, str] = {**GAME_ENGLISH, **en.MESSAGES}
    for source in _MORE_ENGLISH:
        merged.update(source())
    if lang != "en":
        merged = translations.translated(lang, merged)
    _CATALOGUES[(lang, len(GAME_ENGLISH))] = merged
    return merged


def language(locale: discord.Locale | str | None) -> str:
    """`de` for `discord.Locale.german`, `es` for `es-ES`; English when unknown."""
    if locale is None:
        return "en"
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    lang = value.split("-")[0].lower()
    return lang if lang in languages() or lang == translations.PSEUDO else "en"


# A catalogue may mark where a long word can break on a picture (U+00AD, "Schnaps\u00adbrennerei");
# Discord breaks lines itself and some clients draw the mark, so messages go without it.
SOFT_HYPHEN = "\u00ad"


def _plain(rendered: str) -> str:
    return rendered.replace(SOFT_HYPHEN, "")


def text(locale: discord.Locale | str | None, key: str, **params: Any) -> str:
    """The bot text `key` in the language of `locale`, filled with `params`."""
    lang = language(locale)
    return _plain(render(Msg(key, params), catalogue(lang), english(), lang=lang))


def text_msg(
    locale: discord.Locale | str | None,
    message: Msg,
    names: Sequence[str] | None = None,
    *,
    markdown: bool = False,
) -> str:
    """An engine message (with nested game terms) in the language of `locale`.

    `markdown=True` is for message content, where Discord reads Markdown and mentions: every
    text that came from people (player names, a deck's building names) is then escaped so it
    shows as typed. Button labels and menu options show text literally and need no escaping.
    """
    if markdown:
        message = _escaped(message)
        names = None if names is None else [escape(n) for n in names]
    lang = language(locale)
    return _plain(render(message, catalogue(lang), english(), names, lang))


def escape(value: str) -> str:
    """User-provided text for message content: shown as typed, never Markdown, never a ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(value))


def _escaped(message: Msg) -> Msg:
    params = {}
    for key, value in message.params.items():
        if isinstance(value, Msg):
            value = _escaped(value)
        elif isinstance(value, str):
            value = escape(value)
        params[key] = value
    return Msg(message.key, params)


def channel_locale(
    preferences: Preferences, interaction: discord.Interaction
) -> discord.Locale | str:
    """Channel messages are read by everyone: the language the server chose (`/game language`),
    else the server's preferred locale when Discord gives one other than en-US (it reports en-US
    for every server that is not a Community server, so that says nothing), else English."""
    return _channel_language(preferences, interaction.guild_id, reported_locale(interaction))


def game_locale(preferences: Preferences, record: GameRecord) -> discord.Locale | str:
    """The channel language of a game when no interaction is at hand (the clock, the AI, a
    repair; after a restart too): the same choice, from the server's Discord language that the
    game's latest interaction reported and the game keeps in the database."""
    return _channel_language(preferences, record.guild_id, record.server_locale)


def reported_locale(interaction: discord.Interaction) -> str | None:
    """The server's own Discord language as this interaction reports it (kept with the game).
    In a DM the channel is the member's own, and so is its language (a practice table there)."""
    if interaction.guild_id is None:
        own = interaction.locale
        return None if own is None else own.value
    guild = interaction.guild_locale
    return None if guild is None else guild.value


def _channel_language(preferences: Preferences, guild_id: int | None, reported: str | None) -> str:
    chosen = preferences.server_language(guild_id)
    if chosen is not None:
        return chosen
    if reported is not None and reported != discord.Locale.american_english.value:
        return reported
    return "en"


def user_locale(preferences: Preferences, interaction: discord.Interaction) -> discord.Locale | str:
    """What only this user reads (ephemeral replies, DMs): their own Discord language when we
    speak it, else the channel's."""
    own = interaction.locale
    if own is not None and own.value.split("-")[0].lower() in languages():
        return own
    return channel_locale(preferences, interaction)


def reader_locale(
    preferences: Preferences, interaction: discord.Interaction
) -> discord.Locale | str:
    """For texts that explain the bot to one reader (help): their own Discord language, except
    that a client at Discord's default, en-US, says as little as a server's en-US does, so the
    server's language (`channel_locale`) is used then."""
    own = interaction.locale
    if own is None or own == discord.Locale.american_english:
        return channel_locale(preferences, interaction)
    return user_locale(preferences, interaction)


def server_locale(preferences: Preferences, guild_id: int | None) -> str:
    """The channel language of a server when neither an interaction nor a game is at hand (a
    league's messages, posted by its rounds' clock): the server's chosen language, else
    English."""
    return _channel_language(preferences, guild_id, None)
