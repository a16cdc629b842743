"""Pictures with Pillow: public view -> board PNG, player view -> screen PNG.

Renderers take only a view, never a game state: a board is drawn from the public view, whose
type has no field for hidden information, so a channel picture cannot show a secret. The same
view always gives the same bytes.

Every function takes `lang`, the language of the picture's words (a catalogue's code such as
"it" or "ru"; English by default): captions, prompts and names of things come from the same
catalogues as the bot's messages, and text that a language makes longer shrinks to its box.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Result

from . import draw, faces
from .captions import language


def _player_view(view) -> bool:
    return hasattr(view, "public") and hasattr(view, "seat")


def board_image(
    view, names: Sequence[str] | None = None, lang: str | None = None, move: int | None = None
):
    """The public board as a Pillow image (for callers that compose pictures). `move`: how many
    moves the game has had, which the picture names ("after move N"): a picture stays on screen
    while later prompts follow it, so it never says who acts now."""
    if _player_view(view):
        raise TypeError("board_png takes the public view, not a player view")
    game = faces.faces_of(view)
    with language(lang), draw.scaled(game.board_scale):
        return game.board(view, draw.seat_names(view.player_count, names), move)


def board_caption(
    view, names: Sequence[str] | None = None, lang: str | None = None, move: int | None = None
) -> str:
    """The words on top of the board picture for the same arguments (the position it shows,
    never who acts now), for the picture's alt text. A game whose faces have no `caption`
    gets its title, and "game over" at the end."""
    game = faces.faces_of(view)
    with language(lang):
        if game.caption is not None:
            return game.caption(view, draw.seat_names(view.player_count, names), move)
        if view.game_over:
            return draw.term("pic.game_over")
        return draw.term(f"{game.kind}.title")


def _board_layout(
    view, names: Sequence[str] | None = None, lang: str | None = None, move: int | None = None
):
    """The board image and every text drawn on it (`draw.Drawn`: role, text, ink box, size),
    for the layout tests; the PNG never carries this."""
    with draw.recording() as drawn:
        image = board_image(view, names, lang, move)
    return image, drawn


def board_png(
    view, names: Sequence[str] | None = None, lang: str | None = None, move: int | None = None
) -> bytes:
    """PNG of the public board of Santiago de Cuba or Havana."""
    return draw.encode(board_image(view, names, lang, move))


def board_with_alt(
    draw_board,
    view,
    names: Sequence[str] | None = None,
    lang: str | None = None,
    move: int | None = None,
) -> tuple[bytes, str]:
    """`draw_board(view, names, lang, move)` (`board_png`) and the board's alt text
    (`describe.board_alt`) in one call, so that the process that draws a board words it too:
    a picture worker, not the bot's event loop (with 100 busy channels, wording every board
    took about 3 % of the bot's process)."""
    from . import describe

    return draw_board(view, names, lang, move), describe.board_alt(view, names, lang, move)


def screen_image(player_view, names: Sequence[str] | None = None, lang: str | None = None):
    """One player's private screen as a Pillow image."""
    game = faces.faces_of(player_view)
    with language(lang):
        return game.screen(player_view, draw.seat_names(player_view.public.player_count, names))


def screen_png(player_view, names: Sequence[str] | None = None, lang: str | None = None) -> bytes:
    """PNG of one player's private screen (for a DM or an ephemeral reply)."""
    return draw.encode(screen_image(player_view, names, lang), draw.SCREEN_DEFLATE_LEVEL)


def final_scores_image(
    kind: str,
    result: Result,
    names: Sequence[str] | None = None,
    vp_series: Sequence[Sequence[int]] | None = None,
    lang: str | None = None,
):
    """The final scores as a Pillow image (see `final_scores_png`)."""
    from . import scores

    with language(lang):
        return scores.final_scores(kind, result, names, vp_series)


def final_scores_png(
    kind: str,
    result: Result,
    names: Sequence[str] | None = None,
    vp_series: Sequence[Sequence[int]] | None = None,
    lang: str | None = None,
) -> bytes:
    """PNG of the final scores: a bar per player with the tie-break values and what the score is
    made of (`result.breakdown`), the notes on how the game ended, and, given `vp_series`
    (every seat's score after each step, `games.vp_series`), a chart of the VP over the game.
    `kind` is the game name."""
    return draw.encode(final_scores_image(kind, result, names, vp_series, lang))


def warm() -> None:
    """Load the final scores' renderer and the common typefaces (a picture worker does it at
    start-up, so that a player's first picture is not the one that pays for it)."""
    from . import havana, santiago, scores, typeface

    # the sizes most texts are drawn at: the floors of the screens, the scores and the boards
    sizes = {havana.SMALL, scores.TEXT_MIN, 26, santiago.MIN, santiago.NAME, havana.NAME}
    for size in sorted(sizes):
        typeface.font(size)
        typeface.font(size, bold=True)


def _register_our_games() -> None:
    """The faces of the games this project hosts (another game registers its own)."""
    from games.havana import views as havana_views
    from games.santiago import views as santiago_views

    from . import havana, havana_text, santiago, santiago_text

    ours = (
        ("santiago", santiago_views, santiago, santiago_text),
        ("havana", havana_views, havana, havana_text),
    )
    for kind, views, pictures, words in ours:
        faces.register(
            kind,
            public_view=views.PublicView,
            player_view=views.PlayerView,
            board=pictures.board,
            screen=pictures.screen,
            board_text=words.board,
            screen_text=words.screen,
            alt_order=words.ALT_ORDER,
            caption=pictures.caption,
            board_scale=draw.BOARD_SCALE,
        )


_register_our_games()

__all__ = [
    "board_caption",
    "board_image",
    "board_png",
    "board_with_alt",
    "final_scores_image",
    "final_scores_png",
    "screen_image",
    "screen_png",
    "warm",
]
