"""A proof sheet's pictures, drawn by `render` as the bot sends them: boards of each table at
moments chosen for the words they show, a player's screen beside each, the final scores and the
rating chart of the sheet's games. See `proof`.
"""

from __future__ import annotations

from collections.abc import Sequence

import games
import render
from bot.text import present
from bot.text.i18n import text
from games.text import heard
from render import describe
from render.rating_chart import rating_chart_png
from storage.ratings import Rating, update, user_identity

from .sheet import CANDIDATES_PER_BOARD, NAMES, PICTURE, USER_IDS, Picture, Sheet, Table


def draw_table(sheet: Sheet, table: Table, boards: int) -> None:
    """`boards` boards of the game: the start, the end, and between them those whose words the
    others do not show (a drive to the harbour, a building bought), each with a seat's screen
    beside it in turn; then the final scores."""
    lang, kind, names = sheet.lang, table.kind, table.names
    game = games.get(kind)
    states = list(games.replay_states(table.replay()))
    stem = f"{kind}-{table.players}" + ("-house-rules" if table.options else "")
    # each table's alt texts under a name of their own: four players' names fill one most
    seats = f"{table.players} players"
    for n, at in enumerate(_moments(sheet, table, states, boards)):
        state = states[at]
        move = game.version(state)
        situation = f"{table.name()}, after move {move}"
        with sheet.listening(f"{situation}: board", PICTURE):
            png = render.board_png(game.public_view(state), names, lang, move)
            alt = describe.board_alt(game.public_view(state), names, lang, move)
        sheet.pictures.append(Picture(f"{stem}-board-{move:03d}.png", situation, png))
        sheet.say(
            PICTURE, f"alt text: {kind} board, {seats}", f"{situation}: the board's alt text", alt
        )
        seat = n % table.players
        with sheet.listening(f"{situation}: screen of {names[seat]}", PICTURE):
            png = render.screen_png(game.player_view(state, seat), names, lang)
            alt = describe.screen_alt(game.player_view(state, seat), names, lang)
        where = f"{situation}, screen of {names[seat]}"
        sheet.pictures.append(Picture(f"{stem}-screen-{move:03d}-seat{seat + 1}.png", where, png))
        sheet.say(
            PICTURE, f"alt text: {kind} screen, {seats}", f"{where}: the screen's alt text", alt
        )
    series = games.vp_series(table.replay())
    situation = f"{table.name()}, final scores"
    with sheet.listening(situation, PICTURE):
        png = render.final_scores_png(kind, table.result, names, series, lang)
        alt = describe.scores_alt(kind, table.result, names, lang)
    sheet.pictures.append(Picture(f"{stem}-final-scores.png", situation, png))
    sheet.say(
        PICTURE,
        f"alt text: {kind} final scores, {seats}",
        f"{situation}: the picture's alt text",
        alt,
    )


def _moments(sheet: Sheet, table: Table, states: Sequence, boards: int) -> list[int]:
    """Which states to draw: the first and the last, then, of `CANDIDATES_PER_BOARD` states per
    board spread over the game, each time the one whose board says the most words not yet
    drawn. A board's words are heard as it is weighed, and kept for the sheet (a picture keeps
    parts it drew once, such as the road, so they are heard only the first time)."""
    game = games.get(table.kind)
    last = len(states) - 1
    if boards <= 2:  # nothing to weigh
        return sorted({0, last})[: max(boards, 1)]
    step = max(1, last // (CANDIDATES_PER_BOARD * boards))
    candidates = sorted({*range(0, last + 1, step), last})
    said: dict[int, list[tuple[str, str]]] = {}
    for at in candidates:
        state = states[at]
        with heard() as found:
            render.board_image(
                game.public_view(state), table.names, sheet.lang, game.version(state)
            )
        said[at] = found
    chosen = [0, last][: max(boards, 1)]
    known = {key for at in chosen for key, _ in said[at]}
    while len(chosen) < boards:
        new = {at: {k for k, _ in said[at]} - known for at in candidates if at not in chosen}
        best = max(new, key=lambda at: (len(new[at]), -at), default=None)
        if best is None or not new[best]:
            break
        chosen.append(best)
        known |= new[best]
    for at in chosen:
        move = game.version(states[at])
        where = f"{table.name()}, after move {move}: board"
        for key, words in said[at]:
            sheet.words.setdefault((key, words), (PICTURE, where))
    return sorted(chosen)


def draw_rating(sheet: Sheet, played: Sequence[Table]) -> None:
    """The rating chart of the first player over the sheet's games, rated as the server would."""
    lang = sheet.lang
    ratings: dict[str, Rating] = {}
    series: dict[str, list[tuple[float, float]]] = {}
    for table in played:
        seats = [
            (user_identity(USER_IDS + s), table.result.places[s]) for s in range(table.players)
        ]
        ratings.update(update(seats, ratings))
        mine = ratings[user_identity(USER_IDS)]
        series.setdefault(table.kind, []).append((mine.mu, mine.sigma))
    situation = f"rating chart of {NAMES[0]} (/game stats)"
    with sheet.listening(situation, PICTURE):
        lines = [(present.title(lang, kind), points) for kind, points in series.items()]
        png = rating_chart_png(
            text(lang, "bot.stats.chart", name=NAMES[0]),
            lines,
            text(lang, "bot.stats.chart_x"),
            text(lang, "bot.stats.chart_y"),
        )
    sheet.pictures.append(Picture("rating-chart.png", situation, png))
