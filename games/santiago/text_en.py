"""English catalogue of Santiago de Cuba. Seats appear as numbers; the bot names the players."""

from __future__ import annotations

from games.text import register

from . import data as D

GOOD_NAMES = {
    "sugar_cane": "sugar cane",
    "citrus": "citrus fruit",
    "tobacco": "tobacco",
    "rum": "rum",
    "cigar": "cigars",
    "wood": "wood",
}
CITIZEN_NAMES = {
    "pedro": "Pedro (tobacco merchant)",
    "jose": "José (sugar-cane farmer)",
    "conchita": "Conchita (fruit seller)",
    "miguel": "Miguel (woodcutter)",
    "pablo": "Pablo (fence)",
    "maria": "Maria (dancer)",
    "martinez": "Martinez (musician)",
    "el_zorro": "El Zorro (pickpocket)",
    "alonso": "Alonso (lawyer)",
}
BUILDING_NAMES = {
    "bank": "Bank",
    "church": "Church",
    "distillery": "Distillery",
    "cigar_factory": "Cigar factory",
    "black_market": "Black market",
    "sawmill": "Sawmill",
    "cafe": "Café",
    "customs": "Customs",
    "casino": "Casino",
    "harbour_office": "Harbour office",
    "office": "Office",
    "newspaper": "Newspaper",
}

# What each citizen and building does, in words (games.santiago.glossary): a short form that fits
# a menu option's description (100 characters), and for some a longer one for who asks.
EFFECTS = {
    "santiago.glossary.citizens": "Citizens",
    "santiago.glossary.buildings": "Buildings",
    "santiago.effect.harbour": "Delivery round: in turn, each player delivers goods to the ship for VP or passes.",
    "santiago.effect.inactive": "Face down (Newspaper): nothing happens here and your pawn stays where it is.",
    "santiago.effect.citizen.pedro": "Take 2 tobacco from the supply.",
    "santiago.effect.citizen.jose": "Take 2 sugar cane from the supply.",
    "santiago.effect.citizen.conchita": "Take 2 citrus fruit from the supply.",
    "santiago.effect.citizen.miguel": "Take 2 wood from the supply: only Miguel gives wood.",
    "santiago.effect.citizen.pablo": "Take 1 good of your choice from the supply, not wood.",
    "santiago.effect.citizen.pablo_wood": "Take 1 good of your choice from the supply, wood too (a house rule).",
    "santiago.effect.citizen.maria": "Take 2 VP.",
    "santiago.effect.citizen.martinez": "Take 3 pesos.",
    "santiago.effect.citizen.el_zorro": "Each other player gives you 1 peso, 1 VP or 1 good (not wood), as they choose.",
    "santiago.effect.more.citizen.el_zorro": (
        "Each other player gives you 1 peso, 1 VP or 1 good (not wood), as they choose. Your pawn "
        "stays where it is, and you may use its building again (in your first turn it is not on "
        "the board yet)."
    ),
    "santiago.effect.citizen.alonso": "Claim a building nobody owns (3 at most), or use a building you own.",
    "santiago.effect.more.citizen.alonso": (
        "Choose one: put one of your 3 property markers on a building nobody owns, or use a "
        "building you own, whoever's pawn stands on it. Then your pawn moves as after any "
        "citizen. Whenever another player's pawn ends a turn on a building of yours, you get 1 VP."
    ),
    "santiago.effect.alonso.claim": "Put one of your 3 property markers on a building nobody owns: it is yours.",
    "santiago.effect.more.alonso.claim": (
        "Put one of your 3 property markers on a building nobody owns: it is yours for the rest of "
        "the game. Whenever another player's pawn ends a turn on it, you get 1 VP."
    ),
    "santiago.effect.alonso.use": "Use a building you own, whoever's pawn stands on it; then your pawn moves.",
    "santiago.effect.building.bank": "Take 2 pesos.",
    "santiago.effect.building.church": "Take 1 VP.",
    "santiago.effect.building.distillery": "Change any number of sugar cane into as much rum.",
    "santiago.effect.building.cigar_factory": "Change any number of tobacco into as many cigars.",
    "santiago.effect.building.black_market": "Give 1 good and take 1 good of another kind; wood cannot be swapped.",
    "santiago.effect.building.sawmill": "Give 1 wood for 1 VP and 1 peso.",
    "santiago.effect.building.cafe": "Give 1 cigar and/or 1 rum: 2 VP for each.",
    "santiago.effect.building.customs": "Turn one demand die of the ship to 0.",
    "santiago.effect.more.building.customs": (
        "Turn one demand die of the ship, your choice, to 0 (no demand). If every die then shows "
        "0, the ship departs and you roll the new demand at the end of your turn."
    ),
    "santiago.effect.building.casino": "Change pesos into VP (3 pesos for 1 VP) or VP into pesos (1 VP for 3 pesos), any number.",
    "santiago.effect.building.harbour_office": "Move the price marker one flag right or left (never below 2).",
    "santiago.effect.more.building.harbour_office": (
        "Move the price marker one flag right or left: each delivered good is worth 1 VP more or "
        "less. It never goes below 2; moved from 4 onto the checkered flag, it makes the ship "
        "depart at once, and you roll the new demand at the end of your turn."
    ),
    "santiago.effect.building.office": "Deliver 1 good the ship demands (not wood) for 2 VP, whatever the price.",
    "santiago.effect.more.building.office": (
        "Deliver 1 unit of a good the ship demands (not wood) and get 2 VP, whatever the price "
        "marker shows; its die goes down by 1. If that meets the last demand, the ship departs "
        "and you roll the new demand at the end of your turn."
    ),
    "santiago.effect.building.newspaper": "Take 1 peso; you may also turn a citizen face down.",
    "santiago.effect.more.building.newspaper": (
        "Take 1 peso. You may also turn a citizen face down: whoever stops there uses neither the "
        "citizen nor a building, though the car may drive past at the usual cost. The citizen "
        "turns face up again as soon as the car has left it behind."
    ),
}

ENGLISH = {
    "santiago.title": "Santiago de Cuba",
    # the harbour as a stop's name in drives stored before it had sentences of its own
    "santiago.harbour": "the harbour",
    # the harbour as a choice in the drive menu, beside the citizens' names
    "santiago.harbour_option": "Harbour",
    "santiago.pesos": "{n:plural|one=# peso|other=# pesos}",
    "santiago.vps": "{n} VP",
    **{f"santiago.good.{k}": v for k, v in GOOD_NAMES.items()},
    # each good's grammatical gender, as for the buildings ("il dado della canna da zucchero")
    **{f"santiago.good.{k}.gender": "-" for k in GOOD_NAMES},
    **{f"santiago.citizen.{k}": v for k, v in CITIZEN_NAMES.items()},
    **{f"santiago.building.{k}": v for k, v in BUILDING_NAMES.items()},
    # each building's grammatical gender, which a language's sentences choose their article by
    # ("{building:gender|f=die #|...}"); English has none
    **{f"santiago.building.{k}.gender": "-" for k in BUILDING_NAMES},
    **{f"santiago.colour.{c}": c for c in D.COLOURS},
    # decision kinds
    "santiago.roll": "choosing the new demand",
    "santiago.drive": "driving the car",
    "santiago.citizen": "using a citizen",
    "santiago.pablo": "choosing Pablo's good",
    "santiago.alonso": "choosing Alonso's option",
    "santiago.claim": "claiming a building",
    "santiago.alonso_use": "choosing an own building",
    "santiago.pawn": "moving the pawn",
    "santiago.building": "using a building",
    "santiago.market_take": "taking a good at the black market",
    "santiago.casino_amount": "choosing how much to exchange at the casino",
    "santiago.deliver": "delivering to the ship",
    "santiago.amount": "choosing how many to deliver",
    "santiago.zorro": "giving something to El Zorro's visitor",
    # prompts
    "santiago.prompt.roll": "Choose the die to set aside; the other four become the ship's demand.",
    "santiago.prompt.drive": "How far do you drive the car? The first stop is free, every further stop costs 1 peso.",
    "santiago.prompt.citizen": "Use {citizen}?",
    "santiago.prompt.pablo": "Pablo: take 1 good of your choice.",
    "santiago.prompt.alonso": "Alonso: claim a free building, or use a building you own?",
    "santiago.prompt.claim": "Which building do you claim?",
    "santiago.prompt.alonso_use": "Which of your buildings do you use?",
    "santiago.prompt.pawn": "Move your pawn to which building?",
    "santiago.prompt.building": "Use the {building}?",
    "santiago.prompt.market_take": "Black market: which good do you take?",
    "santiago.prompt.casino_amount": "Casino: how much do you exchange?",
    "santiago.prompt.deliver": "Delivery round: deliver one kind of good (or wood for one die), or pass.",
    "santiago.prompt.amount": "How many do you deliver?",
    "santiago.prompt.zorro": "El Zorro: give 1 peso, 1 VP or 1 good (not wood).",
    # actions
    # The citizen first, then the figures: a citizen's name has brackets of its own.
    "santiago.action.drive_free": "{to} — {stops:plural|one=# stop|other=# stops}, free",
    "santiago.action.drive": "{to} — {stops:plural|one=# stop|other=# stops}, {cost:plural|one=# peso|other=# pesos}",
    "santiago.action.leave": "Set aside the {good} die (showing {value})",
    "santiago.action.use_citizen": "Use {citizen}",
    "santiago.action.use_building": "Use the {building}",
    "santiago.action.newspaper_peso": "Take 1 peso, turn no citizen down",
    "santiago.action.skip": "Skip",
    "santiago.action.pass": "Pass",
    "santiago.action.take": "Take {goods}",
    "santiago.action.alonso_claim": "Claim a free building",
    "santiago.action.alonso_use": "Use a building you own",
    "santiago.action.claim": "Claim the {building}",
    "santiago.action.own": "Use your {building}",
    "santiago.action.pawn": "Pawn to the {building}",
    "santiago.action.convert": "Change {goods} into {dst}",
    "santiago.action.market_give": "Give {goods}",
    "santiago.action.market_take": "Take {goods}",
    "santiago.action.cafe_cigar": "Return 1 cigar for 2 VP",
    "santiago.action.cafe_rum": "Return 1 rum for 2 VP",
    "santiago.action.cafe_both": "Return 1 cigar and 1 rum for 4 VP",
    "santiago.action.customs": "Turn the {good} die to 0",
    "santiago.action.casino_vp": "Buy VP with pesos (3 pesos = 1 VP)",
    "santiago.action.casino_pesos": "Sell VP for pesos (1 VP = 3 pesos)",
    "santiago.action.casino_more": "More…",
    "santiago.action.casino_less": "Fewer…",
    "santiago.action.casino_buy": "Pay {pesos:plural|one=# peso|other=# pesos} for {vp} VP",
    "santiago.action.casino_sell": "Give {vp} VP for {pesos:plural|one=# peso|other=# pesos}",
    "santiago.action.price_up": "Move the price marker right (now {price})",
    "santiago.action.price_down": "Move the price marker left (now {price})",
    "santiago.action.office": "Deliver {goods} for 2 VP",
    "santiago.action.flip": "Take 1 peso and turn {citizen} face down",
    "santiago.action.deliver": "Deliver {good}",
    "santiago.action.wood": "Deliver wood instead of {good}",
    "santiago.action.amount": "{goods} for {vp} VP",
    "santiago.action.amount_plain": "{amount}",
    "santiago.action.zorro_peso": "Give 1 peso",
    "santiago.action.zorro_vp": "Give 1 VP",
    "santiago.action.zorro_good": "Give {goods}",
    "santiago.action.zorro_nothing": "Give nothing: you have no peso, no VP and no good but wood",
    "santiago.action.unknown": "{code}",
    # events
    "santiago.event.setup": "{start} starts; the last player in turn order rolls the first demand.",
    "santiago.event.forced": "Only one choice: {action}.",
    "santiago.event.forced_pawn": "{player}'s pawn has only one building to go to.",
    "santiago.event.drive_free": "{player} drives the car {stops:plural|one=# stop|other=# stops} to {to}, free.",
    "santiago.event.drive": "{player} drives the car {stops:plural|one=# stop|other=# stops} to {to} for {cost:plural|one=# peso|other=# pesos}.",
    "santiago.event.drive_free_harbour": "{player} drives the car {stops:plural|one=# stop|other=# stops} to the harbour, free.",
    "santiago.event.drive_harbour": "{player} drives the car {stops:plural|one=# stop|other=# stops} to the harbour for {cost:plural|one=# peso|other=# pesos}.",
    "santiago.event.pass_harbour": "The car passes the harbour.",
    "santiago.event.delivery_round": "A delivery round begins.",
    "santiago.event.inactive": "{citizen} is face down: nothing happens.",
    "santiago.event.checkered_flag": "The price marker reaches the checkered flag.",
    "santiago.event.price": "The price is now {price}.",
    "santiago.event.depart": "Ship {ship} departs.",
    "santiago.event.game_over": "The 7th ship has departed: the game is over.",
    "santiago.event.owner_vp": "{visitor}'s pawn is on the {building}: its owner gains 1 VP.",
    "santiago.event.rolled": (
        "Dice rolled: sugar cane {sugar_cane}, citrus {citrus}, tobacco {tobacco}, rum {rum}, "
        "cigars {cigar}."
    ),
    "santiago.event.demand": "The {aside} die is set aside; the ship has its demand.",
    "santiago.event.empty_reroll": "No die demands anything: the dice are rolled again.",
    "santiago.event.empty_departs": "The new ship demands nothing and departs at once.",
    "santiago.event.pass": "{player} passes.",
    "santiago.event.all_passed": "Everybody passed.",
    "santiago.event.deliver_wood": "{player} delivers {wood} instead of {good}: {vp} VP.",
    "santiago.event.deliver": "{player} delivers {goods}: {vp} VP.",
    "santiago.event.gain_goods": "{player} takes {goods} (of {wanted}).",
    "santiago.event.gain_goods_full": "{player} takes {goods}.",
    "santiago.event.gain_vp": "{player} gains {vp} VP.",
    "santiago.event.gain_pesos": "{player} gains {pesos:plural|one=# peso|other=# pesos}.",
    "santiago.event.skip_citizen": "{player} does not use {citizen}.",
    "santiago.event.skip_building": "{player} does not use the {building}.",
    "santiago.event.claim": "{player} claims the {building}.",
    "santiago.event.alonso_use": "{player} uses their own {building} through Alonso.",
    "santiago.event.market": "{player} trades {give} for {take} at the Black market.",
    "santiago.event.casino_vp": "{player} pays {pesos:plural|one=# peso|other=# pesos} at the Casino for {vp} VP.",
    "santiago.event.casino_pesos": "{player} gives {vp} VP at the Casino for {pesos:plural|one=# peso|other=# pesos}.",
    "santiago.event.all_occupied_stay.yellow": "Every other building under a yellow flower is taken: {player}'s pawn stays.",
    "santiago.event.all_occupied_stay.blue": "Every other building under a blue flower is taken: {player}'s pawn stays.",
    "santiago.event.all_occupied_stay.red": "Every other building under a red flower is taken: {player}'s pawn stays.",
    "santiago.event.all_occupied_stay.white": "Every other building under a white flower is taken: {player}'s pawn stays.",
    "santiago.event.all_occupied_off.yellow": "Every building under a yellow flower is taken: {player}'s pawn stays off the board.",
    "santiago.event.all_occupied_off.blue": "Every building under a blue flower is taken: {player}'s pawn stays off the board.",
    "santiago.event.all_occupied_off.red": "Every building under a red flower is taken: {player}'s pawn stays off the board.",
    "santiago.event.all_occupied_off.white": "Every building under a white flower is taken: {player}'s pawn stays off the board.",
    "santiago.event.pawn": "{player}'s pawn moves to the {building}.",
    "santiago.event.zorro_nothing": "{player} has nothing El Zorro could take.",
    "santiago.event.zorro_give": "{player} gives {item} to {to}.",
    "santiago.event.no_pawn": "{player}'s pawn is not on the board yet: no building to use.",
    "santiago.event.convert": "{player} changes {goods} into {dst}.",
    "santiago.event.sawmill": "{player} returns 1 wood at the Sawmill for 1 VP and 1 peso.",
    "santiago.event.cafe": "{player} returns {given} at the Café for {vp} VP.",
    "santiago.event.customs": "{player} turns the {good} die to 0 at the Customs.",
    "santiago.event.office": "{player} delivers {goods} at the Office for 2 VP.",
    "santiago.event.flip": "{citizen} is turned face down.",
    # illegal actions
    "santiago.illegal.over": "The game is over.",
    "santiago.illegal.not_your_turn": "You have nothing to decide right now.",
    "santiago.illegal.drive_cost": "You cannot afford to drive {stops:plural|one=# stop|other=# stops}: that costs {cost:plural|one=# peso|other=# pesos} and you have {pesos}.",
    "santiago.illegal.drive_range": "The car drives between 1 and {most} stops.",
    # the good named once: "you have none" and "you have only 1 unit of rum"
    # a sentence per good, so that each language can decline it ("keinen Rum", "нет рома")
    "santiago.illegal.no_good.sugar_cane": "You have no sugar cane for that.",
    "santiago.illegal.no_good.citrus": "You have no citrus fruit for that.",
    "santiago.illegal.no_good.tobacco": "You have no tobacco for that.",
    "santiago.illegal.no_good.rum": "You have no rum for that.",
    "santiago.illegal.no_good.cigar": "You have no cigars for that.",
    "santiago.illegal.no_good.wood": "You have no wood for that.",
    "santiago.illegal.short_good": "You have only {held}: not enough for that.",
    "santiago.illegal.short_pesos": "You do not have the pesos for that: you have {have}.",
    "santiago.illegal.short_vp": "You do not have the VP for that: you have {have}.",
    "santiago.illegal.zorro_nothing": "You have something to give, so you cannot give nothing: a peso, a VP or a good.",
    "santiago.illegal.code": "'{code}' is not one of your choices now ({kind}).",
    # a player's means beside their decision (private)
    # an amount of one good in words, each good agreeing with its number in its own way
    "santiago.count.sugar_cane": "{n:plural|one=# unit of sugar cane|other=# units of sugar cane}",
    "santiago.count.citrus": "{n:plural|one=# unit of citrus fruit|other=# units of citrus fruit}",
    "santiago.count.tobacco": "{n:plural|one=# unit of tobacco|other=# units of tobacco}",
    "santiago.count.rum": "{n:plural|one=# unit of rum|other=# units of rum}",
    "santiago.count.cigar": "{n:plural|one=# unit of cigars|other=# units of cigars}",
    "santiago.count.wood": "{n:plural|one=# unit of wood|other=# units of wood}",
    # the same amount where a sentence takes or gives it ("takes 2 units of rum", "Give 1 unit
    # of cigars"): a language that declines it (Russian «берёт 1 единицу») says so here
    "santiago.goods.sugar_cane": "{n:plural|one=# unit of sugar cane|other=# units of sugar cane}",
    "santiago.goods.citrus": "{n:plural|one=# unit of citrus fruit|other=# units of citrus fruit}",
    "santiago.goods.tobacco": "{n:plural|one=# unit of tobacco|other=# units of tobacco}",
    "santiago.goods.rum": "{n:plural|one=# unit of rum|other=# units of rum}",
    "santiago.goods.cigar": "{n:plural|one=# unit of cigars|other=# units of cigars}",
    "santiago.goods.wood": "{n:plural|one=# unit of wood|other=# units of wood}",
    "santiago.means.pesos": "You have {pesos:plural|one=# peso|other=# pesos}.",
    "santiago.means.no_goods": "You have no goods.",
    "santiago.means.all_no_goods": "You have {pesos:plural|one=# peso|other=# pesos} and {vp} VP, and no goods.",
    "santiago.means.goods": "Your goods: {goods}.",
    "santiago.means.pesos_vp": "You have {pesos:plural|one=# peso|other=# pesos} and {vp} VP.",
    "santiago.means.all": "You have {pesos:plural|one=# peso|other=# pesos} · {vp} VP · goods: {goods}.",
    # options
    # the house rules in the lobby, as the options of /game new describe them
    "santiago.rule.max_distance": "the longest drive, in stops",
    "santiago.rule.partial_supply_grants": "a short supply gives what is left",
    "santiago.rule.reroll_empty_demand": "reroll a demand of four zeros",
    "santiago.rule.owner_vp_only_when_moved": "owner VP only after a pawn moved",
    "santiago.rule.owner_vp_at_game_end": "owner VP also in the last turn",
    "santiago.rule.pablo_allows_wood": "Pablo may give wood",
    "santiago.option.unknown": "There is no option called '{name}'.",
    "santiago.option.bool": "The option '{name}' must be true or false.",
    "santiago.option.distance": "The option 'max_distance' must be a whole number from 1 to 24.",
    "santiago.option.colours": "The option 'citizen_colours' is wrong: {reason}",
    # what is wrong with it, a phrase the sentence above closes
    "santiago.option.colours.unreadable": "the file cannot be read",
    "santiago.option.colours.not_mapping": "give each citizen their flower colour",
    "santiago.option.colours.unknown_citizen": "there is no citizen called '{name}'",
    "santiago.option.colours.el_zorro": "El Zorro has no flower colour",
    "santiago.option.colours.not_colour": "'{value}' is not a flower colour; use {colours}",
    "santiago.option.players": "Santiago de Cuba is played by 2 to 4 players, not {players}.",
    # result
    "santiago.tiebreak.goods": "{n:plural|one=# good left|other=# goods left}",
    "santiago.tiebreak.pesos": "{n:plural|one=# peso|other=# pesos}",
    "santiago.reason.seventh_ship": "The 7th ship departed.",
    "santiago.reason.ended_early": "The game was ended early, with the scores as they stand.",
    "santiago.note.conversion": "Leftover goods were converted: 1 VP per 3 goods.",
    "santiago.score.start": "starting VP",
    "santiago.score.deliveries": "deliveries",
    "santiago.score.citizens": "citizens",
    "santiago.score.buildings": "buildings",
    "santiago.score.casino": "Casino exchanges",
    "santiago.score.owner": "owner VP",
    "santiago.score.el_zorro": "El Zorro",
    "santiago.score.earlier": "earlier VP (not broken down)",
    "santiago.score.goods": "leftover goods (1 VP per 3)",
    "santiago.note.shared": "Equal in VP, goods left and pesos: the place is shared.",
}

register(ENGLISH)
register(EFFECTS)
