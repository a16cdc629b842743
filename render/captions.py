"""Every word the pictures draw, looked up in the language of the picture.

The English templates are registered with the games' texts under `pic.*` keys, so the same
catalogues translate them (`translations/<lang>.po`). A picture is drawn in one language:
`language(lang)` sets it for the drawing code below it, which asks `say(key, ...)` for a
caption and `say_msg(msg)` for an engine text (a prompt, a building's name).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

import translations
from games import text as game_text
from games.text import Msg, register

ENGLISH = {
    # both boards
    "pic.waiting": "Waiting for: {who}",
    "pic.game_over": "Game over",
    "pic.last": "Last: {name} — {what}",
    # the same, shorter, where the caption has no room for "Last:"
    "pic.last_brief": "{name} — {what}",
    # an alt text's or text board's first line: the game, then the board's banner
    "pic.text.title": "{game} — {banner}",
    "pic.player": "Player {number}",
    "pic.your_screen": "{name} — your screen",
    "pic.your_cards": "{name} — your cards",
    # what a Santiago de Cuba screen owns when it owns no building ("You own: none")
    "pic.none": "none",
    # the end of an alt text too long for Discord, which leaves its last places out whole
    "pic.alt.left_out": "{count:plural|one=# more part of the picture is left out here for length.|other=# more parts of the picture are left out here for length.}",
    # no cards: its own key, since "none" agrees with "cards" in gender in many languages
    "pic.no_cards": "none",
    "pic.no_goods": "none",
    "pic.vp": "{vp} VP",
    # Santiago de Cuba board
    "pic.santiago.supply": "Goods in supply: {supply}",
    "pic.santiago.pawn": "pawn",
    "pic.santiago.turned_over": "turned over",
    "pic.santiago.harbour": "Harbour",
    "pic.santiago.ship_of": "Ship {ship} of 7 · {departed} departed",
    # each flower colour its own phrase, agreeing as its language agrees it
    "pic.santiago.flower.yellow": "yellow flower",
    "pic.santiago.flower.blue": "blue flower",
    "pic.santiago.flower.red": "red flower",
    "pic.santiago.flower.white": "white flower",
    "pic.santiago.players": "Players",
    "pic.santiago.start_player": "start player",
    "pic.santiago.passed": "passed",
    "pic.santiago.off_board": "off the board",
    "pic.santiago.pesos": "Pesos",
    "pic.santiago.victory_points": "Victory points",
    "pic.santiago.markers_left_title": "Property markers left",
    "pic.santiago.goods": "Goods",
    "pic.santiago.your_pawn": "Your pawn: {where} · You own: {owned}",
    "pic.santiago.the_harbour": "the harbour",
    # A building's name on its board row when the whole name does not fit beside the markers:
    # a word players know for it, not a cut one (the same as the name where that fits).
    "pic.santiago.short.black_market": "Black market",
    "pic.santiago.short.cigar_factory": "Cigar factory",
    "pic.santiago.short.customs": "Customs",
    "pic.santiago.short.distillery": "Distillery",
    "pic.santiago.short.harbour_office": "Harbour office",
    "pic.santiago.short.newspaper": "Newspaper",
    "pic.santiago.drove": "drove {n:plural|one=# stop|other=# stops}",
    "pic.santiago.drove_to": "drove {n:plural|one=# stop|other=# stops} to {to}",
    "pic.santiago.drove_to_harbour": "drove {n:plural|one=# stop|other=# stops} to the harbour",
    "pic.santiago.left_out_die": "left out the {good} die",
    "pic.santiago.delivered": "delivered {good}",
    "pic.santiago.claimed": "claimed the {building}",
    "pic.santiago.moved_pawn": "moved the pawn to the {building}",
    # a building and a person are used in different words in some languages ("usó el edificio
    # Iglesia", "usó a Pedro")
    "pic.santiago.used_building": "used the {building}",
    "pic.santiago.used_citizen": "used {citizen}",
    "pic.santiago.passed_by": "passed {citizen} by",
    "pic.santiago.not_used": "did not use the {building}",
    # more amounts than one menu holds: the player turned to the next or previous page of them
    "pic.santiago.casino_page": "looked at other amounts at the Casino",
    "pic.santiago.delivered_n": "delivered {n:plural|one=# good|other=# goods}",
    "pic.santiago.delivered_goods": "delivered {amount}",
    "pic.santiago.delivered_none": "stopped delivering",
    "pic.santiago.delivered_wood": "delivered wood for {good}",
    "pic.santiago.took_good": "took {amount}",
    "pic.santiago.alonso_claim": "chose to claim a building",
    "pic.santiago.alonso_use": "chose to use one of their buildings",
    "pic.santiago.gave_peso": "gave 1 peso",
    "pic.santiago.gave_vp": "gave 1 VP",
    "pic.text.santiago.gave_vp": "gave 1 victory point",
    "pic.santiago.gave_good": "gave {amount}",
    "pic.santiago.gave_nothing": "had nothing to give",
    "pic.santiago.did": "{what}",
    "pic.santiago.did_at": "{where}: {what}",
    # the line on top of the board names the position, never who acts now
    "pic.santiago.after_move_phase": "After move {move}: {phase}",
    "pic.santiago.after_move": "After move {move}",
    "pic.santiago.start_phase": "Start of the game: {phase}",
    "pic.santiago.over_after": "Game over after move {move}",
    "pic.santiago.price_short": "Price",
    "pic.santiago.ship_short": "Ship {ship} of 7",
    "pic.santiago.no_demand": "No demand yet",
    # the letters that tell goods and flowers apart without colour
    "pic.santiago.letter.sugar_cane": "Su",
    "pic.santiago.letter.citrus": "Ci",
    "pic.santiago.letter.tobacco": "To",
    "pic.santiago.letter.rum": "Ru",
    "pic.santiago.letter.cigar": "Cg",
    "pic.santiago.letter.wood": "Wd",
    "pic.santiago.letter.yellow": "Y",
    "pic.santiago.letter.blue": "B",
    "pic.santiago.letter.red": "R",
    "pic.santiago.letter.white": "W",
    # Havana board
    "pic.havana.players": "Players",
    "pic.havana.letter.red": "R",
    "pic.havana.letter.yellow": "Y",
    "pic.havana.letter.brown": "W",
    "pic.havana.letter.blue": "B",
    "pic.havana.letter.rubble": "G",
    "pic.havana.buy": "BUY",
    "pic.havana.free": "free",
    "pic.havana.top_row": "Top row",
    "pic.havana.bottom_row": "Bottom row",
    "pic.havana.winner": "Game over, won by {winners}",
    "pic.havana.empty": "empty",
    "pic.havana.centre": "Centre",
    "pic.havana.bank": "Bank:",
    "pic.havana.bank_workers": "{n:plural|one=# worker|other=# workers}",
    "pic.havana.bag": "bag {n}",
    "pic.havana.deck": "deck {n}",
    "pic.havana.turn_order": "Turn order:",
    "pic.havana.to_pick": "to pick",
    "pic.havana.number": "Number {number}",
    "pic.havana.picked": "picked {n}/2",
    "pic.havana.before_round": "Before round 1",
    "pic.havana.where": "{row} row, {end} end",
    "pic.havana.covered_card": "covered {card}",
    "pic.havana.first": "played {card} first",
    "pic.havana.bought": "bought the {building}",
    "pic.havana.bought_at": "bought the {building} ({where})",
    "pic.havana.paying_at": "is paying for the {building} ({where})",
    "pic.havana.paying": "is paying for the {building}",
    "pic.havana.demolished": "demolished the {building}",
    "pic.havana.demolished_at": "demolished the {building} ({where})",
    "pic.havana.taxed": "taxed {victim}",
    "pic.havana.chose_victim": "chose to rob {victim}",
    "pic.havana.stole": "stole from {victim}",
    "pic.havana.screen_figures": "{vp} VP · {pesos:plural|one=# peso|other=# pesos} · {n:plural|one=# worker|other=# workers}",
    "pic.havana.phase.pick": "first card choice",
    "pic.havana.phase.actions": "phase I: actions and buying",
    "pic.havana.phase.place": "phase III: new card",
    "pic.havana.phase.over": "game over",
    "pic.havana.demolition_used": "demolition used",
    "pic.havana.covered": "covered",
    "pic.havana.protected": "protected",
    "pic.havana.done": "done",
    # said by a screen reader and on the text board: in words
    "pic.havana.vp_goal": "{vp} of {goal:plural|one=# victory point|other=# victory points}",
    "pic.havana.vp_reached": "{vp:plural|one=# victory point|other=# victory points}, the goal of {goal} reached",
    "pic.havana.chose_secret": "chose a card in secret",
    "pic.havana.placed_secret": "put down a new card in secret",
    "pic.havana.took_back": "took back a card",
    "pic.havana.took_back_none": "took back no card",
    "pic.havana.mama": "took materials with Mama",
    "pic.havana.ended_turn": "ended the turn",
    "pic.havana.skipped": "skipped",
    "pic.havana.face_up": "Face up on the table",
    "pic.havana.hand": "Hand",
    "pic.havana.face_down": "Face down, not yet revealed",
    "pic.havana.discard": "Discard pile (face down)",
    "pic.havana.pile": "{title}: {n}",
    "pic.havana.after_move": "after move {n}",
    "pic.havana.architect_short": "Arch.",
    # A building's name on its row when the whole name does not fit beside its cost: a word
    # players know for it (the same as the name where that fits), never its first word alone.
    "pic.havana.short.shrine": "Shrine",
    "pic.havana.short.opera_house": "Opera",
    "pic.havana.short.university": "University",
    # a card's name on its chip when the whole name does not fit (the chip shows its number)
    "pic.havana.card_short.demolition": "Demolition",
    "pic.havana.card_short.tax_collector": "Tax Collector",
    "pic.havana.card_short.peso_thief": "Peso Thief",
    "pic.havana.card_short.material_thief": "Material Thief",
    "pic.havana.card_short.black_market": "Black Market",
    "pic.havana.order_later": "not set yet",
    "pic.havana.round": "Round {round}",
    "pic.havana.of_goal": "/ {goal} VP",
    # beside a score that has reached the game's goal, which is not repeated
    "pic.havana.goal_reached": "VP, goal reached",
    # the same where that does not fit: the unit alone, after the score
    "pic.havana.vp_unit": "VP",
    # the pictures in words: alt text and text boards (render/describe.py)
    "pic.text.player": "{name} (player {number}): {what}",
    # a player's line where an alt text has no room for the seat's number
    "pic.text.player_brief": "{name}: {what}",
    # the parts of a player's line after its first, each as it reads inside a sentence
    "pic.text.santiago.pawn_at": "pawn on the {where}",
    "pic.text.santiago.pawn_off": "pawn off the board",
    "pic.text.santiago.owns": "owns {owned}",
    "pic.text.santiago.owns_none": "owns no building",
    "pic.text.havana.built": "{n:plural|one=# building built|other=# buildings built}: {names}",
    "pic.text.havana.none_built": "no building yet",
    "pic.text.havana.bank": "Bank: {pesos:plural|one=# peso|other=# pesos}",
    "pic.text.havana.screen_figures": "{vp} VP, {pesos:plural|one=# peso|other=# pesos}, {n:plural|one=# worker|other=# workers}",
    "pic.text.havana.hand_empty": "no cards in hand",
    "pic.text.havana.cards_held": "{hand:plural|one=# card in hand|other=# cards in hand}, {discard} in the discard pile",
    "pic.text.owner": "owner: {name}",
    "pic.text.pawn_of": "pawn of {name}",
    "pic.text.holdings": "{pesos:plural|one=# peso|other=# pesos}, {vp} VP, goods: {goods}",
    "pic.text.santiago.markers": "{n:plural|one=# property marker left|other=# property markers left}",
    "pic.text.santiago.rolled": "Dice rolled: {dice}",
    "pic.text.santiago.demand": "Demand: {dice}",
    "pic.text.santiago.set_aside": "Die set aside: {die}",
    # a die as it lies: the number it shows for its good, a phrase per good so that a language
    # words it as a sentence does ("2 per la canna da zucchero")
    "pic.text.santiago.die.sugar_cane": "sugar cane {value}",
    "pic.text.santiago.die.citrus": "citrus fruit {value}",
    "pic.text.santiago.die.tobacco": "tobacco {value}",
    "pic.text.santiago.die.rum": "rum {value}",
    "pic.text.santiago.die.cigar": "cigars {value}",
    "pic.text.santiago.price": "Price: {price} VP per good",
    "pic.text.santiago.road": "Road",
    "pic.text.santiago.stop": "Stop {n}: {what}",
    # a stop in fewer words, for an alt text that would not fit otherwise
    "pic.text.santiago.stop_brief": "{n}: {what}",
    # a Santiago building nobody has claimed (not "free" of cost: Havana's word is a price)
    "pic.text.santiago.unowned": "no owner",
    "pic.text.santiago.car_here": "the car is here",
    "pic.text.santiago.buildings": "Buildings",
    "pic.text.havana.pesos": "{n:plural|one=# peso|other=# pesos}",
    "pic.text.havana.deck": "{n:plural|one=# building in the deck|other=# buildings in the deck}",
    "pic.text.havana.bag": "{n:plural|one=# cube in the bag|other=# cubes in the bag}",
    "pic.text.havana.cubes": "{n:plural|one=# cube|other=# cubes}",
    "pic.text.havana.covered": "has covered {card}",
    "pic.text.havana.face_up": "face up: {cards}",
    "pic.text.havana.building": "{name}, {vp} VP, cost: {cost}",
    "pic.text.havana.building_architect": "{name}, {vp} VP, cost: {cost}, only with the Architect",
    "pic.text.havana.building_brief": "{name}, {vp} VP",
    "pic.text.havana.buyable": "{line} — can be bought",
    "pic.text.havana.turn_order": "Turn order: {order}",
    "pic.text.havana.hand": "hand: {cards}",
    "pic.text.havana.face_down": "face down, not yet revealed: {cards}",
    "pic.text.havana.discard": "discard pile: {cards}",
    # final scores
    "pic.scores.title": "{game} — final scores",
    "pic.scores.winner": "Winner: {names}",
    "pic.scores.shared_win": "Shared win: {names}",
    "pic.scores.place": "{n:ordinal|one=#st|two=#nd|few=#rd|other=#th}",
    "pic.scores.score": "{score} VP",
    # a score as the final scores' alt text says it, in words (the picture writes "12 VP")
    "pic.text.score": "{score:plural|one=# victory point|other=# victory points}",
    # a place in the final scores' alt text, with its score said in words (`pic.text.score`)
    "pic.text.scores.line": "{place} {name}, {score}",
    "pic.scores.other.havana": "other buildings",
    "pic.scores.other": "other",
    "pic.scores.nothing": "nothing scored",
    "pic.scores.ended": "How it ended",
    "pic.scores.chart": "VP over the game",
    "pic.scores.chart.x": "moves",
    "pic.scores.chart.y": "VP",
}
register(ENGLISH)

_LANG: ContextVar[str] = ContextVar("render_language", default="en")
_CATALOGUES: dict[tuple[str, int], Mapping[str, str]] = {}


@contextmanager
def language(lang: str | None) -> Iterator[None]:
    """Draw in `lang` (a catalogue's language code, `translations.PSEUDO`, or None: English)."""
    token = _LANG.set(lang or "en")
    try:
        yield
    finally:
        _LANG.reset(token)


def current() -> str:
    return _LANG.get()


def _catalogue(lang: str) -> Mapping[str, str]:
    # Keyed by the number of English texts too: a game imported later adds its own.
    key = (lang, len(game_text.ENGLISH))
    found = _CATALOGUES.get(key)
    if found is None:
        found = translations.translated(lang, game_text.ENGLISH) if lang != "en" else {}
        _CATALOGUES[key] = found
    return found


# The catalogue's names (buildings, citizens, cards, titles and their short forms): said first in
# a line, they keep their capital wherever the line stands.
NAME_KEY = re.compile(
    r"^(?:santiago|havana)\.(?:building|citizen|card)\.|^pic\.(?:santiago|havana)\.(?:short|card_short)\."
    r"|\.title$"
)


class Said(str):
    """A catalogue text as said; `opens_with_word`: it opens with a word of the catalogue's own
    (not a name, nor something filled in), which a line going on after a colon may write in lower
    case (`render.describe.going_on`)."""

    opens_with_word = False


def worded(text: str, opening: str) -> str:
    """`text`, which opens with the part `opening` said on its own, marked as that part is."""
    said = Said(text)
    said.opens_with_word = getattr(opening, "opens_with_word", False)
    return said


def say_msg(message: Msg, names: Sequence[str] | None = None) -> str:
    lang = _LANG.get()
    catalogue = _catalogue(lang)
    said = Said(game_text.render(message, catalogue, game_text.ENGLISH, names, lang))
    template = catalogue.get(message.key) or game_text.ENGLISH.get(message.key, "")
    said.opens_with_word = template[:1].isalpha() and not NAME_KEY.search(message.key)
    return said


def say(key: str, **params) -> str:
    return say_msg(Msg(key, params))


def and_list(parts: Sequence[str], join=game_text.joined) -> str:
    """Words in one phrase as the language joins a list ("Bank, Café and Church"); at least
    one part. `join` is a game's own joiner where its lists have keys of their own."""
    said = join(list(parts))
    return say_msg(said) if isinstance(said, Msg) else said


def known(key: str) -> bool:
    return key in game_text.ENGLISH
