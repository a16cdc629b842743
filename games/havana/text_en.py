"""The English texts of Havana, registered under `havana.*` keys."""

from __future__ import annotations

from games.text import register

from .deck import bundled_file

# What each action card and building does, in words (games.havana.glossary): a short form that
# fits a menu option's description (100 characters), and for some a longer one for who asks.
EFFECTS = {
    "havana.glossary.cards": "Action cards",
    "havana.glossary.buildings": "Buildings",
    "havana.glossary.materials": "Building materials",
    # a cube's letter on the board (pic.havana.letter.*), then what it is
    "havana.glossary.material.red": "Brick, the red cube.",
    "havana.glossary.material.yellow": "Sandstone, the yellow cube.",
    "havana.glossary.material.brown": "Wood, the brown cube.",
    "havana.glossary.material.blue": "Glass, the blue cube.",
    "havana.glossary.material.rubble": "Rubble, the grey cube.",
    "havana.effect.card.siesta": "No action; its 0 makes your number low, so you play early in the round.",
    "havana.effect.card.refreshment": "You may take 1 card of your discard pile back into your hand.",
    "havana.effect.more.card.refreshment": (
        "You may take 1 card of your choice from your discard pile back into your hand; the "
        "others see that you took one, not which."
    ),
    "havana.effect.card.protection": "No action; thieves and the Tax Collector cannot touch you this round.",
    "havana.effect.more.card.protection": (
        "No action. While this card is face up, the Peso Thief, the Material Thief and the Tax "
        "Collector cannot touch you, for the whole round, even before your turn."
    ),
    "havana.effect.card.debris": "Take all the rubble in the centre.",
    "havana.effect.card.demolition": "You may remove a building at a row end from the game: one per round in all.",
    "havana.effect.more.card.demolition": (
        "You may remove a building at the end of a row from the game. Only one building is "
        "demolished per round, by all players together: if you decline, a later player may."
    ),
    "havana.effect.card.tax_collector": "Take 1 peso from the bank; each unprotected player after you loses 1 worker or 1 cube.",
    "havana.effect.more.card.tax_collector": (
        "Take 1 peso from the bank. Then from each unprotected player after you in this round's "
        "order, remove 1 worker (back to the bank) or 1 cube (out of the game), your choice."
    ),
    "havana.effect.card.workers": "Take 2 workers from the bank if you are the first this round to play it, else 1.",
    "havana.effect.card.architect": "Take 1 worker; face up, it lets you buy buildings that need the Architect.",
    "havana.effect.more.card.architect": (
        "Take 1 worker from the bank. While this card is face up you may buy buildings that need "
        "the Architect, as many as you can pay for: the card is not used up."
    ),
    "havana.effect.card.peso_thief": "Steal half the pesos (rounded down) of a player yet to play this round.",
    "havana.effect.more.card.peso_thief": (
        "Steal half the pesos (rounded down) of one player who has not played yet this round; if "
        "you play last, of any other player. A player with Protection face up cannot be robbed."
    ),
    "havana.effect.card.material_thief": "Steal 1 cube (2 if they hold 4+ coloured ones) from a player yet to play.",
    "havana.effect.more.card.material_thief": (
        "Steal 1 cube of your choice, rubble too, from one player who has not played yet this "
        "round (if you play last, from any other player); 2 cubes if they hold more than 3 "
        "coloured cubes. A player with Protection face up cannot be robbed."
    ),
    "havana.effect.card.black_market": "Draw 2 cubes from the bag if you are the first this round to play it, else 1.",
    "havana.effect.card.pesos": "Take half the pesos in the centre, rounded up.",
    "havana.effect.card.mama": "Take half the coloured cubes (your choice) and half the rubble in the centre, rounded up.",
    "havana.effect.building": "{vp} VP; costs {cost}",
    "havana.effect.building_architect": "{vp} VP; costs {cost}; needs the Architect",
    # the same in the help's list, where there is room for the words a menu abbreviates
    "havana.help.building_architect": "{vp} VP; costs {cost}; needs the Architect",
    "havana.effect.cost.pesos": "{n:plural|one=# peso|other=# pesos}",
    # a cost in a menu option's 100 characters: cubes by colour, as short as a price tag
    "havana.effect.cost.red": "{n:plural|one=# red cube|other=# red cubes}",
    "havana.effect.cost.yellow": "{n:plural|one=# yellow cube|other=# yellow cubes}",
    "havana.effect.cost.brown": "{n:plural|one=# brown cube|other=# brown cubes}",
    "havana.effect.cost.blue": "{n:plural|one=# blue cube|other=# blue cubes}",
    "havana.effect.cost.rubble": "{n:plural|one=# rubble cube|other=# rubble cubes}",
    "havana.effect.cost.each_colour": "{n:plural|one=# cube of each colour|other=# cubes of each colour}",
    "havana.effect.cost.workers": "{n:plural|one=# worker|other=# workers}",
}

ENGLISH = {
    "havana.title": "Havana",
    # cards
    "havana.card.siesta": "Siesta (0)",
    "havana.card.refreshment": "Refreshment (1)",
    "havana.card.protection": "Protection (2)",
    "havana.card.debris": "Debris (2)",
    "havana.card.demolition": "Demolition (3)",
    "havana.card.tax_collector": "Tax Collector (3)",
    "havana.card.workers": "Workers (4)",
    "havana.card.architect": "Architect (4)",
    "havana.card.peso_thief": "Peso Thief (5)",
    "havana.card.material_thief": "Material Thief (6)",
    "havana.card.black_market": "Black Market (7)",
    "havana.card.pesos": "Pesos (8)",
    "havana.card.mama": "Mama (9)",
    # materials and places
    "havana.colour.red": "red",
    "havana.colour.yellow": "yellow",
    "havana.colour.brown": "brown",
    "havana.colour.blue": "blue",
    "havana.colour.rubble": "rubble",
    "havana.cubes.red": "{count:plural|one=# red cube|other=# red cubes}",
    "havana.cubes.yellow": "{count:plural|one=# yellow cube|other=# yellow cubes}",
    "havana.cubes.brown": "{count:plural|one=# brown cube|other=# brown cubes}",
    "havana.cubes.blue": "{count:plural|one=# blue cube|other=# blue cubes}",
    "havana.cubes.rubble": "{count:plural|one=# rubble cube|other=# rubble cubes}",
    "havana.nothing": "nothing",
    "havana.and": "{a}, {b}",
    # The last two of such a list, with the language's "and"; a sentence that adds to a list
    # says "plus", so that "and" comes once ("Supply to the centre: {cubes}, plus 3 pesos").
    "havana.and_last": "{a} and {b}",
    "havana.a_worker": "1 worker",
    "havana.building.custom": "{name}",
    "havana.side.left": "left",
    "havana.side.right": "right",
    "havana.row.top": "top",
    "havana.row.bottom": "bottom",
    "havana.end_name.left": "left",
    "havana.end_name.right": "right",
    # prompts
    "havana.prompt.pick": "Choose a card to play face down ({count} still to choose).",
    "havana.prompt.cover": "Phase III: which of your face-up cards do you cover?",
    "havana.prompt.place": "Phase III: choose the card to place face down.",
    "havana.prompt.first": "Which of your two cards do you resolve first?",
    "havana.prompt.refresh": "Refreshment: take a card from your discard pile back into your hand?",
    "havana.prompt.demolish": "Demolition: remove a building from a row end?",
    "havana.prompt.tax": "Tax Collector: take a worker or a cube from {victim}.",
    "havana.prompt.target": "{card}: whom do you rob?",
    "havana.prompt.steal": "Material Thief: take a cube from {victim} — {count:plural|one=# cube|other=# cubes} left to take.",
    "havana.prompt.mama": "Mama: choose a coloured cube from the centre ({count} left).",
    "havana.prompt.buy": "Buy a building from a row end, or end your turn.",
    "havana.prompt.pay": "How do you pay for the {building}?",
    # action labels
    "havana.action.pick": "Play {card} face down",
    "havana.action.place": "Place {card} face down",
    "havana.action.first": "Resolve {card} first",
    "havana.action.refresh": "Take {card} back",
    "havana.action.end": "End my turn",
    "havana.action.skip": "Do not use this card",
    "havana.action.cover": "Cover the {side} card, {card}",
    "havana.action.buy": "Buy {building} ({vp} VP), {row} row, {end} end",
    "havana.action.demolish": "Demolish {building} ({vp} VP), {row} row, {end} end",
    "havana.action.pay_worker": "Pay one of my workers",
    "havana.action.pay_pesos": "Pay 5 pesos instead of a worker",
    "havana.action.pay_cube": "Pay with {cube} of mine",
    "havana.action.pay_rubble.red": "Pay 5 rubble instead of a red cube",
    "havana.action.pay_rubble.yellow": "Pay 5 rubble instead of a yellow cube",
    "havana.action.pay_rubble.brown": "Pay 5 rubble instead of a brown cube",
    "havana.action.pay_rubble.blue": "Pay 5 rubble instead of a blue cube",
    "havana.action.remove_worker": "Remove a worker of {victim}",
    "havana.action.remove_cube": "Remove {cube} of {victim}",
    "havana.action.target": "Rob {victim}: {pesos:plural|one=# peso|other=# pesos}, {cubes:plural|one=# cube|other=# cubes}",
    "havana.action.take": "Take {cube}",
    "havana.action.unknown": "{code}",
    # events
    "havana.event.picked": "{player} placed a card face down.",
    "havana.event.picked_card": "You placed {card} face down.",
    "havana.event.first_reveal": "{player} reveals {left} and {right}: number {number}.",
    "havana.event.round": "Round {round} begins. Turn order: {order}.",
    "havana.event.turn": "{player} plays with number {number}.",
    "havana.event.turn_end": "{player} ends the turn.",
    "havana.event.nothing_to_refresh": "{player}'s Refreshment finds an empty discard pile.",
    "havana.event.refreshed": "{player} takes a card back from the discard pile.",
    "havana.event.refreshed_card": "You took {card} back into your hand.",
    "havana.event.refresh_declined": "{player} does not use Refreshment.",
    "havana.event.debris": "{player} takes all the rubble from the centre: {count:plural|one=# cube|other=# cubes}.",
    "havana.event.demolition_used": "{player} cannot demolish: a building was already demolished this round.",
    "havana.event.nothing_to_demolish": "{player} has nothing to demolish.",
    "havana.event.demolished": "{player} demolishes the {building}.",
    "havana.event.demolish_declined": "{player} does not demolish.",
    "havana.event.tax_peso": "{player} collects {pesos:plural|one=# peso|other=# pesos} from the bank.",
    "havana.event.taxed": "{player} removes {what} from {victim}.",
    "havana.event.no_workers": "{player} takes no worker: the bank has none left.",
    "havana.event.workers": "{player} takes {count:plural|one=# worker|other=# workers}.",
    "havana.event.no_target": "{player}'s {card} has nobody to rob.",
    "havana.event.peso_theft": "{player} steals {pesos:plural|one=# peso|other=# pesos} from {victim}.",
    "havana.event.material_target": "{player} robs {victim} of {count:plural|one=# cube|other=# cubes}.",
    "havana.event.stolen": "{player} takes {cube} from {victim}.",
    "havana.event.black_market": "{player} draws {cubes} from the bag.",
    "havana.event.black_market_empty": "{player} draws no cube: the bag is empty.",
    "havana.event.pesos": "{player} takes {pesos:plural|one=# peso|other=# pesos} from the centre.",
    "havana.event.mama": "{player} takes {rubble} rubble and will choose {coloured:plural|one=# coloured cube|other=# coloured cubes}.",
    "havana.event.mama_coloured": "{player} takes no rubble (the centre has none) and will choose {coloured:plural|one=# coloured cube|other=# coloured cubes}.",
    "havana.event.mama_rubble": "{player} takes {rubble} rubble; the centre has no coloured cube.",
    "havana.event.mama_empty": "{player}'s Mama finds the centre empty.",
    "havana.event.mama_take": "{player} takes {cube} from the centre.",
    "havana.event.refill": "Four buildings (or what is left) fill the {row} row: {count} added.",
    "havana.event.bought": "{player} buys the {building} for {price}: +{vp} VP ({total} VP).",
    "havana.event.bought_free": "{player} takes the {building}, which costs nothing: +{vp} VP ({total} VP).",
    "havana.price.pesos": "{pesos:plural|one=# peso|other=# pesos}",
    "havana.price.workers": "{workers:plural|one=# worker|other=# workers}",
    "havana.event.supply": "Supply to the centre: {cubes}, plus {pesos:plural|one=# peso|other=# pesos}.",
    "havana.event.supply_pesos": "Supply: the bag is empty; {pesos:plural|one=# peso goes|other=# pesos go} to the centre.",
    "havana.event.cover": "{player} covers the {side} card, {card}.",
    "havana.event.placed": "{player} placed a new card face down.",
    "havana.event.placed_card": "You placed {card} face down.",
    "havana.event.revealed": "{player} reveals {card} and discards {old}: number {number}.",
    "havana.event.recycled": "{player} takes the discard pile back: {count:plural|one=# card|other=# cards} in hand.",
    "havana.event.game_over_target": "Game over: {winners} reached the target.",
    "havana.event.game_over_round_limit": "Game over: round limit reached, won by {winners}.",
    "havana.event.game_over_no_buildings": "Game over: no buildings left, won by {winners}.",
    # end reasons
    "havana.end.target": "A player reached {target} VP.",
    "havana.end.round_limit": "Nobody reached the target within {rounds:plural|one=# round|other=# rounds} (a house limit); the most VP win.",
    "havana.end.no_buildings": "No buildings are left in the rows or the deck; the most VP win.",
    "havana.end.ended_early": "The game was ended early, with the scores as they stand.",
    # illegal actions
    "havana.illegal.over": "The game is over.",
    "havana.illegal.no_seat": "You are not playing in this game.",
    "havana.illegal.already_picked": "You have already chosen your cards; wait for the others.",
    "havana.illegal.not_your_turn": "It is not your turn: {player} is deciding now.",
    "havana.illegal.unknown": "“{code}” is not an action of this game.",
    "havana.illegal.no_such_card": "There is no card called “{card}”.",
    "havana.illegal.not_in_hand": "{card} is not in your hand.",
    "havana.illegal.not_in_discard": "{card} is not in your discard pile.",
    "havana.illegal.no_such_end": "That is not a row end you can choose.",
    "havana.illegal.empty_row": "That row has no building left.",
    "havana.illegal.needs_architect": "The {building} needs the Architect face up in your display.",
    "havana.illegal.cannot_afford": "You cannot pay for the {building}, even with 5-for-1 exchanges.",
    "havana.illegal.no_cube.red": "There is no red cube to take.",
    "havana.illegal.no_cube.yellow": "There is no yellow cube to take.",
    "havana.illegal.no_cube.brown": "There is no brown cube to take.",
    "havana.illegal.no_cube.blue": "There is no blue cube to take.",
    "havana.illegal.no_cube.rubble": "There is no rubble cube to take.",
    "havana.illegal.bad_target": "You may not rob that player now.",
    "havana.illegal.buy_after_actions": "You may buy buildings only after both of your actions.",
    "havana.illegal.not_now": "You cannot do that now. {prompt}",
    # a player's means beside their decision (private)
    "havana.means.hand": "Your hand: {hand}.",
    "havana.means.hand_empty": "You have no cards in hand.",
    "havana.means.discard_empty": "Your discard pile is empty.",
    # an empty line of the private figures, agreeing with its label
    "havana.no_cards.hand": "no cards",
    "havana.no_cards.discard": "empty",
    "havana.no_cards.picks": "none",
    "havana.means.discard": "Your discard pile: {discard}.",
    "havana.means.materials": "You have {pesos:plural|one=# peso|other=# pesos} and {workers:plural|one=# worker|other=# workers}; cubes: {cubes}.",
    "havana.means.materials_no_cubes": "You have {pesos:plural|one=# peso|other=# pesos} and {workers:plural|one=# worker|other=# workers}, and no cubes.",
    # options
    # the house rules in the lobby, as the options of /game new describe them
    "havana.rule.max_rounds": "rounds before the most VP win",
    "havana.rule.row_end_rule": "where the deal at setup puts a building worth 1-3 VP",
    "havana.option.deck_source": "deck_source must be “bundled” or “custom”, not {value}.",
    "havana.option.unknown": "Havana has no option “{name}”.",
    "havana.option.max_rounds": "max_rounds must be a whole number from 1 to 1000, not {value}.",
    "havana.option.row_end_rule": "row_end_rule must be “any_end” or “both_ends_of_a_row”, not {value}.",
    "havana.option.players": "Havana is played by 2 to 4 players, not {count}.",
    "havana.option.deck_unreadable": "The building deck file {path} cannot be read.",
    "havana.option.deck_not_json": "The building deck file {path} is not valid JSON: {detail}",
    "havana.option.deck_refused": "The building deck file {path} cannot be used: {reason}.",
    "havana.option.deck_field": "The building deck's “{field}”: {problem}.",
    "havana.option.deck_no_buildings": "The building deck has no “buildings” list.",
    "havana.option.deck_not_list": "The building deck must be a list of buildings.",
    "havana.option.deck_size": "The building deck has {count:plural|one=# building|other=# buildings}; it needs {low} to {high}.",
    "havana.option.deck_card": "Building #{index} ({id}), field “{field}”: {problem}.",
    "havana.option.problem.not_object": "it must be an object",
    "havana.option.problem.missing": "it is missing",
    "havana.option.problem.not_text": "it must be non-empty text",
    "havana.option.problem.too_long": "it has {length} characters; at most {limit} are allowed",
    "havana.option.problem.bad_id": "use 1 to {limit} letters, digits, “_” or “-”",
    "havana.option.problem.unprintable": "it must not contain control or invisible characters",
    "havana.option.problem.duplicate": "another building has the same id",
    "havana.option.problem.not_integer": "it must be a whole number",
    "havana.option.problem.not_positive": "it must be at least 1",
    "havana.option.problem.unknown_field": "unknown cost field (use red, yellow, brown, blue, rubble, pesos, workers)",
    "havana.option.problem.negative": "it must not be negative",
    "havana.option.problem.too_large": "it must be at most 50",
    "havana.option.problem.empty": "a building must cost something",
    "havana.option.problem.not_boolean": "it must be true or false",
}

# Names of the bundled buildings, keyed by id.
ENGLISH.update({"havana.building." + b["id"]: b["name"] for b in bundled_file()["buildings"]})
# Their grammatical genders, as for Santiago's buildings (a custom deck's names have none).
ENGLISH.update({f"havana.building.{b['id']}.gender": "-" for b in bundled_file()["buildings"]})

register(ENGLISH)
register(EFFECTS)
