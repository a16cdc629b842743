"""The catalogues read as a native player reads them: the real prompts, buttons and log lines of
seeded games (and every catalogue text that takes a building, a player or an amount), rendered
in each language and checked for what a reader notices first: a building name without its
article (it, es), an amount whose noun does not agree with the number (1, 2, 5, 21), a Russian
player name left in the nominative after a preposition, English left in a translation, and a
word the glossary rejects."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re

import pytest

import bot.command_texts  # noqa: F401  (the slash commands' texts are in the catalogue)
import games
import translations
from bot.text import present
from bot.text.i18n import english, text_msg
from games.text import PLURAL, Msg, placeholders, player, plural_category
from render.captions import language, say_msg

OTHERS = [lang for lang in translations.languages() if lang != "en"]
GAMES = (("santiago", 3), ("santiago", 4), ("havana", 2), ("havana", 4))
SEEDS = (1, 2, 3)
# Declinable names (Анна -> у Анны, Борис -> у Бориса): left bare after a preposition they show
# the missing case at once.
NAMES = {
    "en": ("Anna", "Boris", "Clara", "Dmitri"),
    "ru": ("Анна", "Борис", "Вера", "Глеб"),
}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _play(kind: str, players: int, seed: int) -> list[Msg]:
    """Every prompt, button label and event of a seeded random game, in order."""
    game = games.get(kind)
    state = game.new(players, seed, {})
    rng = random.Random(seed)
    said: list[Msg] = []
    while pending := game.pending(state):
        decision = pending[rng.randrange(len(pending))]
        actions = game.legal_actions(state, decision.seat)
        said.append(decision.prompt)
        said.extend(action.label for action in actions)
        chosen = actions[rng.randrange(len(actions))]
        state, events = game.apply(state, decision.seat, chosen.code)
        said.extend(event.msg for event in events)
    return said


@functools.cache
def played() -> tuple[Msg, ...]:
    """The distinct messages of a few seeded games of each kind."""
    found: dict[str, Msg] = {}
    for kind, players in GAMES:
        for seed in SEEDS:
            for message in _play(kind, players, seed):
                found.setdefault(json.dumps(message.to_json(), sort_keys=True), message)
    return tuple(found.values())


def _fields(template: str) -> set[str]:
    return placeholders(PLURAL.sub(lambda m: "{" + m[1] + "}", template))


def _with(message: Msg, **values) -> Msg:
    return Msg(message.key, {**message.params, **values})


def _templates_with(field: str) -> list[str]:
    return sorted(key for key, template in english().items() if field in _fields(template))


def _filled(key: str, **given) -> Msg:
    """A catalogue text with its placeholders filled: `given` ones as given, numbers as 2,
    everything else with a neutral word."""
    params = {}
    for name in _fields(english()[key]):
        if name in given:
            params[name] = given[name]
        elif name in COUNTED or name in ("vp", "total", "price", "value", "round", "move"):
            params[name] = 2
        else:
            params[name] = "X"
    return Msg(key, params)


def _say(lang: str, message: Msg) -> str:
    return text_msg(lang, message, NAMES.get(lang, NAMES["en"]))


# --- building names with their article (it, es) ----------------------------------------------

BUILDINGS = sorted(
    key
    for key in english()
    if key.startswith(("santiago.building.", "havana.building.")) and not key.endswith(".gender")
)
# What may stand right before a building or card name: its article or a possessive, "the building"
# or "the card";
# or the name opens a label, follows a colon or stands in apposition ("la carta di destra, Mama").
BEFORE_A_NAME = {
    "it": r"(?:\b(?:il|lo|la|l'|i|gli|le|al|allo|alla|all'|del|dello|della|dell'|sul|sullo|sulla"
    r"|sull'|nel|nella|nell'|dal|dalla|dall'|tuo|tua|proprio|propria|edificio|carta|carte)\s?"
    r"|^|[:«“(,]\s?)$",
    "es": r"(?:\b(?:el|la|los|las|al|del|tu|su|edificio|carta|cartas)\s|^|[:«“(,]\s?)$",
}


def _building_messages() -> list[tuple[Msg, str]]:
    """Every played message naming a building or a card, and every catalogue text that takes
    a building, with each building of both games: (message, the parameter that names it)."""
    found = [
        (m, field)
        for m in played()
        for field in ("building", "card", "left", "old")
        if isinstance(m.params.get(field), Msg)
    ]
    for key in _templates_with("building"):
        if key.endswith(".custom"):
            continue
        kinds = [b for b in BUILDINGS if b.split(".")[0] in key]
        if not key.startswith(("santiago.", "havana.")):
            kinds = BUILDINGS
        found.extend((_filled(key, building=Msg(b)), "building") for b in kinds)
    return found


@pytest.mark.parametrize("lang", ["it", "es"])
def test_a_building_or_card_name_always_comes_with_its_article(lang):
    wrong = set()
    for message, field in _building_messages():
        name = text_msg(lang, message.params[field])
        line = _say(lang, message)
        at = line.find(name)
        if line == name or at < 0:
            continue
        if not re.search(BEFORE_A_NAME[lang], line[:at], re.IGNORECASE):
            wrong.add(f"{message.key}: {line}")
    assert not wrong, f"{lang}: {len(wrong)} lines, e.g. {sorted(wrong)[:8]}"


# The genders each language's glossary names, and its word for "building", which may stand
# before a name only when the name has no gender (a custom deck's building).
GENDERS = {
    "it": ({"m", "ms", "mv", "f", "fv"}, r"edificio"),
    "de": ({"m", "f", "n"}, r"Gebäude"),
    "es": ({"m", "f"}, r"edificio"),
    "ru": ({"m", "f", "n"}, None),
}
# The goods may be plural nouns ("gli agrumi", "die Zigarren"): a gender of their own.
PLURAL_GENDERS = {"it": {"mp", "mpv"}, "de": {"pl"}, "es": {"mp"}, "ru": {"pl"}}
GOODS = sorted(key for key in english() if re.fullmatch(r"santiago\.good\.[a-z_]+", key))


@pytest.mark.parametrize("lang", sorted(GENDERS))
def test_every_bundled_building_and_good_has_a_gender_its_language_knows(lang):
    known, _ = GENDERS[lang]
    found = translations.entries(lang)

    def gender(key):
        return found.get(f"{key}.gender", ("", None))[1]

    wrong = {key: gender(key) for key in BUILDINGS if not key.endswith(".custom")}
    wrong = {key: g for key, g in wrong.items() if g not in known}
    assert not wrong, f"{lang}: buildings without a gender of {sorted(known)}: {wrong}"
    goods = known | PLURAL_GENDERS[lang]
    wrong = {key: gender(key) for key in GOODS if gender(key) not in goods}
    assert GOODS and not wrong, f"{lang}: goods without a gender of {sorted(goods)}: {wrong}"


def test_an_italian_die_or_good_replaced_takes_the_goods_article():
    """ "il dado della canna da zucchero", "al posto degli agrumi": never "di agrumi"."""
    keys = [k for k in _templates_with("good") if k.startswith(("santiago.", "pic.santiago."))]
    keys += ["santiago.event.demand"]
    said = 0
    for key in keys:
        field = "aside" if key == "santiago.event.demand" else "good"
        for good in GOODS:
            line = _say("it", _filled(key, **{field: Msg(good)}))
            assert not re.search(r"\b(?:dado|posto) di\b", line), line
            said += bool(re.search(r"\b(?:dado|posto) (?:del|della|dei|degli)\b", line))
    assert said


@pytest.mark.parametrize("lang", ["it", "de", "es"])
def test_a_bundled_building_takes_its_own_article_and_a_custom_one_the_word_building(lang):
    _, word = GENDERS[lang]
    generic = re.compile(rf"\b{word} $", re.IGNORECASE)
    custom = Msg("havana.building.custom", {"name": "Zoo"})
    pasted, unnamed = set(), set()
    for key in _templates_with("building"):
        if key.endswith(".custom"):
            continue
        for b in (b for b in BUILDINGS if b.split(".")[0] in key and not b.endswith(".custom")):
            line = _say(lang, _filled(key, building=Msg(b)))
            name = text_msg(lang, Msg(b))
            assert name in line, line
            if generic.search(line[: line.find(name)]):
                pasted.add(f"{key}: {line}")
        uses_gender = ":gender|" in translations.entries(lang).get(key, ("", ""))[1]
        line = _say(lang, _filled(key, building=custom))
        if uses_gender and not re.search(rf"\b{word} Zoo\b", line, re.IGNORECASE):
            unnamed.add(f"{key}: {line}")
    assert not pasted, f"{lang}: {len(pasted)} lines, e.g. {sorted(pasted)[:6]}"
    assert not unnamed, f"{lang}: a custom building without its word: {sorted(unnamed)[:6]}"


@pytest.mark.parametrize(
    ("lang", "key", "building", "said"),
    [
        ("it", "santiago.event.pawn", "santiago.building.office", "va sull'Ufficio."),
        ("it", "santiago.action.own", "santiago.building.black_market", "Usa il tuo Mercato nero"),
        ("it", "havana.illegal.needs_architect", "havana.building.university", "L'Università "),
        (
            "de",
            "santiago.event.owner_vp",
            "santiago.building.bank",
            "auf der Bank: Wer sie besitzt",
        ),
        ("de", "santiago.event.alonso_use", "santiago.building.black_market", "den eigenen Schw"),
        ("de", "havana.event.bought_free", "havana.building.hotel", "nimmt das Hotel, das nichts"),
        ("es", "santiago.event.claim", "santiago.building.bank", "se apropia del Banco."),
        ("es", "santiago.event.pawn", "santiago.building.church", "va a la Iglesia."),
        ("es", "santiago.event.owner_vp", "santiago.building.office", "la Oficina: quien la posee"),
    ],
)
def test_a_sentence_declines_its_article_by_the_buildings_gender(lang, key, building, said):
    assert said in _say(lang, _filled(key, building=Msg(building), visitor="Anna", player="Anna"))


# --- amounts that agree ------------------------------------------------------------------------

# Parameters that count something; every other number (a seat, a move, a price) stays as played.
COUNTED = (
    "amount",
    "count",
    "pesos",
    "workers",
    "stops",
    "cost",
    "cubes",
    "goods",
    "rubble",
    "coloured",
    "n",
    "rounds",
    "departed",
    # the leagues' and learn to play's counts
    "days",
    "tables",
    "ai",
    "all",
)
NUMBERS = (1, 2, 5, 21)
# Noun forms a number may not stand before, by the language's plural category of the number:
# a plural after one, a singular after more; in Russian the case the category asks for.
SINGULAR = {
    "en": "unit cube worker peso stop round card good move building player table day member "
    "decision",
    "de": "Einheit Baustoff Peso Station Runde Karte Ware Zug Siegpunkt Tisch Tag Mitglied "
    "Entscheidung",
    "es": "unidad cubo trabajador peso parada ronda carta mercancía jugada escombro madera "
    "punto edificio jugador mesa día participante decisión",
    "it": "cubetto lavoratore fermata carta merce mossa partita detrito punto edificio giocatore "
    "tavolo giorno turno partecipante decisione",
}
PLURAL_FORMS = {
    "en": "units cubes workers pesos stops rounds cards goods moves buildings players cigars "
    "tables days members decisions",
    "de": "Einheiten Baustoffe Pesos Stationen Runden Karten Waren Züge Siegpunkte Zigarren "
    "Tische Tage Tagen Mitglieder Entscheidungen",
    "es": "unidades cubos trabajadores pesos paradas rondas cartas mercancías jugadas escombros "
    "maderas puntos edificios jugadores puros cítricos mesas días participantes decisiones",
    "it": "cubetti lavoratori fermate carte merci mosse partite detriti punti edifici "
    "giocatori sigari agrumi tavoli giorni turni partecipanti decisioni",
}
RUSSIAN = {  # category -> the forms it allows, per noun
    "one": "кубик рабочего остановку остановка раунд карта карту товар очко стол тур участник "
    "решение целое единица единицу",
    "few": "кубика рабочих остановки раунда карты товара очка стола тура участника решения целых "
    "единицы",
    "many": "кубиков рабочих остановок раундов карт товаров очков столов туров участников решений "
    "целых единиц",
}
RUSSIAN_NOUNS = {
    "кубик": "кубик кубика кубиков",
    "рабоч": "рабочий рабочего рабочих рабочие",
    "останов": "остановка остановку остановки остановок",
    "раунд": "раунд раунда раундов",
    "карт": "карта карту карты карт",
    "товар": "товар товара товаров",
    "очк": "очко очка очков",
    "стол": "стол стола столов",
    "тур": "тур тура туров",
    "участник": "участник участника участников",
    "решени": "решение решения решений",
    "единиц": "единица единицу единицы единиц",
    # an adjective before its noun agrees too: "укажите 3 целых числа", never "3 целых чисел"
    # (nor "1 целых")
    "цел": "целое целых",
}


def _counted_messages() -> list[Msg]:
    found = [m for m in played() if any(isinstance(m.params.get(p), int) for p in COUNTED)]
    for field in COUNTED:
        for key in _templates_with(field):
            found.append(_filled(key, good=Msg("santiago.good.cigar"), player=player(0)))
    return found


def _disagreements(lang: str, line: str, number: int, listed: bool = False) -> list[str]:
    """Phrases of `line` where `number` stands before a noun form it does not agree with;
    `listed`: the line lists things in the nominative (a text board's "cost: …, 1 рабочий")."""
    category = plural_category(lang, number)
    wrong = []
    for match in re.finditer(rf"(?<![\d.,/]){number} (\w+)", line):
        word = match[1]
        if lang == "ru":
            noun = next((n for n in RUSSIAN_NOUNS if word in RUSSIAN_NOUNS[n].split()), None)
            # a label may name the thing in the nominative: "1 рабочий" on a player's screen,
            # and so does what one has («У вас 2 песо и 1 рабочий»)
            label = (
                listed
                or match.start() == 0
                or line[: match.start()].endswith("· ")
                # a line of figures ("2 ПО, 1 песо, 1 рабочий") lists them too
                or (line[:1].isdigit() and line[: match.start()].endswith(", "))
                or line.startswith("У вас ")
            )
            allowed = RUSSIAN.get(category, RUSSIAN["many"]).split()
            if noun and word not in allowed and not (label and word == "рабочий"):
                wrong.append(match[0])
        elif word in (PLURAL_FORMS if category == "one" else SINGULAR)[lang].split():
            wrong.append(match[0])
    return wrong


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_amounts_agree_with_their_number(lang):
    wrong = set()
    for message in _counted_messages():
        for number in NUMBERS:
            counted = {p: number for p in COUNTED if isinstance(message.params.get(p), int)}
            line = _say(lang, _with(message, **counted))
            for phrase in _disagreements(lang, line, number):
                wrong.add(f"{message.key}: «{phrase}» in {line}")
    assert not wrong, f"{lang}: {len(wrong)} lines, e.g. {sorted(wrong)[:8]}"


# --- Russian names after a preposition ------------------------------------------------------------

NAME_FIELDS = ("who", "player", "victim", "absent", "before", "by", "holder", "visitor", "start")
# Words after which a name would need another case than the nominative it is written in.
GOVERNING = _words(
    "у к ко с со за вместо для от о об про без при по до после перед против через среди на в во "
    "из ограбить грабит ждём ждем участием отдаёт отдать"
)


def _named_messages() -> list[Msg]:
    found = [m for m in played() if any(isinstance(m.params.get(f), Msg) for f in NAME_FIELDS)]
    for field in NAME_FIELDS:
        for key in _templates_with(field):
            found.append(_filled(key, **{f: player(i) for i, f in enumerate(NAME_FIELDS)}))
    # El Zorro's line names the one who receives ("to" is a seat there)
    found.extend(m for m in played() if m.key == "santiago.event.zorro_give")
    return found


def test_a_russian_name_after_a_preposition_is_never_bare():
    wrong = set()
    names = NAMES["ru"]
    for message in _named_messages():
        line = _say("ru", message)
        for name in names:
            for match in re.finditer(rf"(\w+)\s+{name}\b", line):
                if match[1].lower() in GOVERNING:
                    wrong.add(f"{message.key}: {line}")
    assert not wrong, f"{len(wrong)} lines, e.g. {sorted(wrong)[:8]}"


def test_el_zorro_takes_from_the_one_who_gives_and_names_who_receives():
    lines = {_say("ru", m) for m in played() if m.key == "santiago.event.zorro_give"}
    assert lines
    # "Отдаёт Борис: 1 ПО" read "Boris gives"; the receiver is named in the dative
    for line in lines:
        name = "(Анна|Борис|Вера|Глеб)"
        assert re.fullmatch(rf"{name} отдаёт .+ игроку {name}\.", line), line


def test_an_italian_player_s_name_never_follows_a_bare_a():
    """No "a Alessandro" (careful Italian writes "ad Alessandro", and a name may start with any
    letter): the Italian texts word the phrase so that no "a" comes before a player's name."""
    before_a_name = re.compile(r"(?<![\w'])a \{(?:" + "|".join(NAME_FIELDS) + r")\}")
    wrong = [
        f"{key}: {target}"
        for key, (_, target) in translations.entries("it").items()
        if before_a_name.search(target)
    ]
    assert not wrong, wrong[:6]


# --- no English but the deliberate loans -------------------------------------------------------

ENGLISH_WORDS = _words(
    "the and of to with for from your you is are not cube cubes worker workers building "
    "buildings card cards player players take takes pay move pawn car ship goods good wood "
    "harbour deck turn score scores game games board screen yes rubble brown red blue yellow "
    "choose chose wait back seat seats left right top bottom none nothing"
)
# Loans and names the glossaries keep on purpose, and the words of commands and file fields.
LOANS = _words(
    "rating bodega hotel siesta mama pesos peso casino café santiago cuba havana zorro el "
    "json id true false bundled custom"
)


def _prose(text: str) -> str:
    """A text without what is not prose: `code`, /commands, «quoted» and “quoted” names,
    placeholders, identifiers (deck_source) and lists of file fields ("red, yellow, brown")."""
    text = re.sub(r"`[^`]*`|«[^»]*»|“[^”]*”|„[^“]*“|\{[^{}]*\}|/\w+(?: \w+)?|\w+_\w+", " ", text)
    text = re.sub(r"\b[a-z]+(?:, [a-z]+){2,}\b", " ", text)
    # an abbreviation inside a phrase ("Of. portuaria") is the language's own shortening
    text = re.sub(r"\b\w{1,4}\.(?= [^\W\d_A-Z])", " ", text)
    return text.replace("\u00ad", "")


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_is_left_but_the_deliberate_loans(lang):
    found = translations.entries(lang)
    source = english()
    wrong = set()
    for key, (_, target) in found.items():
        if key.startswith("cmd.") and key.endswith(".name") or target == source.get(key):
            continue  # command names stay English; a text equal to its source is a name
        for word in re.findall(r"[^\W\d_]+", _prose(target)):
            if word.lower() in ENGLISH_WORDS and word.lower() not in LOANS:
                wrong.add(f"{key}: {word} in {target}")
    assert not wrong, f"{lang}: {sorted(wrong)[:10]}"


# --- the glossary's words, everywhere -----------------------------------------------------------


def _rejected(lang: str) -> list[tuple[str, str]]:
    """The glossary's words we do not use: (pattern, what we write instead)."""
    text = (translations.HERE / "glossary" / f"{lang}.md").read_text(encoding="utf-8")
    return re.findall(r"^- `([^`]+)` → (.+)$", text, re.MULTILINE)


@pytest.mark.parametrize("lang", OTHERS)
def test_no_translation_uses_a_word_the_glossary_rejects(lang):
    rejected = _rejected(lang)
    assert rejected, f"{lang}: the glossary lists no rejected words"
    wrong = []
    for key, (_, target) in translations.entries(lang).items():
        said = target.replace("\u00ad", "")
        for pattern, instead in rejected:
            if re.search(rf"(?<!\w){pattern}(?!\w)", said, re.IGNORECASE):
                wrong.append(f"{key}: {said!r} (write {instead})")
    assert not wrong, f"{lang}: {wrong[:10]}"


# --- the soft hyphen: pictures may break there, messages never show it -------------------------


def test_soft_hyphens_break_long_names_on_pictures_and_stay_out_of_messages():
    games.get("santiago")
    distillery = Msg("santiago.building.distillery")
    with language("de"):
        assert say_msg(distillery) == "Schnaps\u00adbrennerei"
    assert text_msg("de", distillery) == "Schnapsbrennerei"
    line = text_msg("de", Msg("santiago.prompt.building", {"building": distillery}))
    assert line == "Die Schnapsbrennerei nutzen?"


# --- no value pasted by code into a sentence ------------------------------------------------------

# The texts of the game review, learn to play and the leagues, by the start of their keys.
FEATURES = ("bot.review.", "bot.learn.", "bot.hint.", "bot.mode.", "bot.league.")
# A code letter in brackets ("2 rosso (R)"), a count in brackets after a word ("сигары (1)") or
# after a colon before its total ("цитрусовые фрукты: 2 (из 2)"): grammar left to the code.
PASTED = re.compile(r"\([^\W\d_]\)|[^\W\d]»? \(\d+\)(?!:)|\w: \d+ \(")


def _pictures_in_words(lang: str) -> list[str]:
    """The text boards and screens in words of seeded positions of both games."""
    from render import describe
    from render.demo import play

    lines = []
    for kind, players in GAMES:
        game = games.get(kind)
        for steps in (0, 40, 120, None):
            state = play(kind, players, 5, steps)
            view = game.public_view(state)
            sections = describe.board_sections(view, list(NAMES["en"][:players]), lang, steps)
            seat_view = game.player_view(state, 0)
            sections += describe.screen_sections(seat_view, list(NAMES["en"][:players]), lang)
            lines.extend(line for s in sections for line in (s.heading, *s.lines))
    return lines


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_no_count_or_code_letter_is_pasted_into_a_line(lang):
    """Log lines, buttons, text boards and alt texts: a count is a phrase of the catalogue
    ("2 red cubes", «2 единицы рома»), never a letter or a number in brackets beside a word."""
    lines = [_say(lang, m) for m in played()] + _pictures_in_words(lang)
    # and the game review's, learn to play's and the leagues' texts
    for key in english():
        if key.startswith(FEATURES):  # (a word, not a letter, for what is not counted)
            words = {f: "Malecón" for f in _fields(english()[key]) if f not in COUNTED}
            lines.append(_say(lang, _filled(key, **words)))
    # a Havana card's name carries its printed number: "Siesta (0)" is its name
    cards = [text_msg(lang, Msg(k)) for k in english() if k.startswith("havana.card.")]
    wrong = {line for line in lines if PASTED.search(_without(line, cards))}
    assert not wrong, f"{lang}: {len(wrong)} lines, e.g. {sorted(wrong)[:6]}"
    # and every number in the text boards agrees with its noun
    for line in _pictures_in_words(lang):
        for number in {int(n) for n in re.findall(r"(?<![\d.,/])\d+", line)}:
            assert not _disagreements(lang, line, number, listed=True), line


def _without(line: str, names: list[str]) -> str:
    for name in names:
        line = line.replace(name, "")
    return line


@pytest.mark.parametrize("lang", OTHERS)
def test_a_house_rule_names_its_value_in_the_reader_s_words(lang):
    """The lobby's house rules: the rule in words ("Pablo può dare legno"), and "sì", "да",
    "ja", a chosen value in the words the command offered it, never English "yes" or a code
    such as `pablo_allows_wood` or `both_ends_of_a_row`."""
    from bot.text.present import option_lines
    from games.front import front_options

    for kind in games.names():
        changed = {}
        for option in front_options(kind):
            if option.kind == "bool":
                changed[option.name] = not games.get(kind).options(None)[option.name]
            elif option.kind == "choice":
                changed[option.name] = option.choices[-1][1]
        for value in (True, False):
            both = {k: (value if isinstance(v, bool) else v) for k, v in changed.items()}
            for line in option_lines(lang, kind, both):
                # the rule in words too, not as its command option is typed
                assert "`" not in line, line
                assert not re.search(r"\b(yes|no|True|False)\b|\w_\w", line) or (
                    lang in ("it", "es") and re.fullmatch(r".*: no", line)
                ), line


# --- a title is named, never declined or made a subject ------------------------------------------

# A title after a word that governs a case (в **Гавана**), or as the subject of a verb that
# would agree with it (**Сантьяго-де-Куба** окончена, **Havana** è finita).
TITLE_AS_SUBJECT = {
    "ru": r"^\**»?\s*(?:\([^)]*\)\s*)?(?:не\s+)?(?:окончен|начина|заверш|законч|остановлен)",
    "it": r"^\**\s*(?:\([^)]*\)\s*)?(?:è |comincia|inizia|si è)",
    "de": r"^\**\s*(?:\([^)]*\)\s*)?(?:ist |beginnt|wurde)",
    "es": r"^\**\s*(?:\([^)]*\)\s*)?(?:ha |empieza|terminó)",
}


# What may name the thing a title belongs to, so that the title needs no case nor agreement.
TITLE_HOLDER = (
    r"(?:партия|partita di|Partie|partida de|лиги|лига|лигу|лиге|Saison von|stagione di"
    r"|temporada de|Liga|lega|liga)\s*[«*]*$"
)


def _titles(key: str) -> str:
    """The placeholders of `key` that hold a title: a game's, and a league's name."""
    league = key.startswith(("bot.league.", "bot.error.league_"))
    return r"\{(?:game|name)\}" if league else r"\{game\}"


@pytest.mark.parametrize("lang", OTHERS)
def test_a_game_s_title_is_never_declined_nor_the_subject_of_a_verb(lang):
    """A game's title, and a league's name too (в лиге **{name}**, La stagione di **{name}**
    è finita)."""
    wrong = []
    for key, (_, target) in translations.entries(lang).items():
        for match in re.finditer(_titles(key), target):
            before = re.sub(r"[*«\s]+$", "", target[: match.start()]).split()
            after = target[match.end() :]
            if lang == "ru" and before and before[-1].lower() in GOVERNING:
                wrong.append(f"{key}: {target}")
            if re.search(TITLE_AS_SUBJECT[lang], after) and not re.search(
                TITLE_HOLDER, target[: match.start()], re.IGNORECASE
            ):
                wrong.append(f"{key}: {target}")
    assert not wrong, f"{lang}: {wrong[:6]}"


# --- one register: the bot says «вы» ------------------------------------------------------------

THOU = re.compile(
    r"(?<!\w)(ты|тебя|тебе|тобой|твой|твоя|твоё|твое|твои|твоих|твоим|твоей|твоего)(?!\w)"
)


def test_russian_always_says_vy_never_ty():
    wrong = [
        f"{key}: {target}"
        for key, (_, target) in translations.entries("ru").items()
        if THOU.search(target.lower())
    ]
    assert not wrong, wrong[:6]


# --- a reader or player of unknown gender ---------------------------------------------------------

# Forms that say a man (or a woman) where the bot cannot know: "Bentornato", "sono tornato",
# "Ultimo in classifica", «я вернулся», «Мария … неактивен», "decide da solo", «решает сам»,
# "Ya no estás apuntado", "se sei il primo a giocarla", "si juegas el último".
GENDERED = {
    "it": r"\b(?:ben)?tornat[oa]\b|\brientrat[oa]\b|\bultim[oa] in classifica\b|\bbenvenut[oa]\b"
    r"|\bdecide da sol[oa]\b|\bsei iscritt[oa]\b|\bsei (?:il|la) prim[oa]\b",
    "ru": r"вернулс[яь]|вернулась|\bнеактивн(?:ен|на)\b|\bушёл\b|\bушла\b|\bвышел\b|\bвышла\b"
    r"|\bреша\w* сама?\b"
    # nor the bot's own: «пока я его показывал», «я не смог … Я опубликую его сам»
    r"|\bя\s+(?:\w+\s+){0,3}(?:\w+л[аи]?|с?мог(?:ла)?)\b|\bсама?\b"
    # «если вы первым …», «если вы ходите последним»: the reader's order, said in the masculine
    r"|\bвы\s+(?:\w+\s+)?(?:перв|последн)(?:ым|ой)\b",
    "es": r"\bbienvenid[oa]\b|\best[aá]s? (?:ya )?(?:apuntad|inscrit)[oa]\b|\bdecide sol[oa]\b"
    r"|\beres (?:el|la) primer[oa]\b|\bjuegas (?:el|la) últim[oa]\b",
    "de": r"(?!)",
}


@pytest.mark.parametrize("lang", OTHERS)
def test_no_text_guesses_the_gender_of_a_reader_or_a_player(lang):
    wrong = [
        f"{key}: {target}"
        for key, (_, target) in translations.entries(lang).items()
        if re.search(GENDERED[lang], target, re.IGNORECASE)
    ]
    assert not wrong, f"{lang}: {wrong[:6]}"


# A player's state beside their pieces on the Havana board: "al sicuro", not "protetto".
STATUS_GENDERED = {
    "it": r"\bprotett[oa]\b",
    "es": r"\bprotegid[oa]\b",
    "ru": r"\bзащищ[её]н[аы]?\b",
    "de": r"(?!)",
}


@pytest.mark.parametrize("lang", OTHERS)
def test_a_havana_player_s_state_on_the_board_guesses_no_gender(lang):
    from render.havana import status_words

    view = games.get("havana").public_view(games.get("havana").new(4, 1, {}))
    p = dataclasses.replace(view.players[0], protected=True, covering="left", placed=True)
    view = dataclasses.replace(view, phase="actions", players=(p, *view.players[1:]))
    with language(lang):
        words = status_words(view, dataclasses.replace(p, has_played=True))
    assert len(words) == 3
    assert not [w for w in words if re.search(STATUS_GENDERED[lang], w, re.IGNORECASE)], words


# --- a refusal's reason, a sentence of its own --------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "es", "it"])
def test_a_refused_option_s_reason_never_starts_a_sentence_in_lower_case(lang):
    """ "Questa opzione non si può usare: il file non è testo UTF-8", never ". il file"."""
    reasons = [Msg(k, {"limit": 2, "detail": "X"}) for k in english() if k.startswith("json.")]
    assert reasons
    for reason in reasons:
        line = _say(lang, Msg("bot.error.bad_option", {"reason": reason}))
        assert not re.search(r"[.!?] [a-zà-ÿа-яё]", line), line


@pytest.mark.parametrize("lang", ["it", "es"])
def test_a_refused_option_s_reason_goes_on_after_the_colon_in_lower_case(lang):
    """ "Questa opzione non si può usare: il mazzo degli edifici ha 0 edifici", not ": Il mazzo":
    after a colon Italian and Spanish go on in lower case, but for a name (Havana)."""
    keys = [
        k
        for k in english()
        if k.startswith(("santiago.option.", "havana.option."))
        and ".problem." not in k
        and not k.startswith("santiago.option.colours.")
    ]
    assert keys
    for key in keys:
        line = _say(lang, Msg("bot.error.bad_option", {"reason": _filled(key)}))
        after = line.split(": ", 1)[1]
        assert after[0].islower() or after.startswith(("Havana", "Santiago", "X")), line
    # why the citizens' colours are refused goes on after the colon of its own sentence
    for key in (k for k in english() if k.startswith("santiago.option.colours.")):
        line = _say(lang, Msg("santiago.option.colours", {"reason": _filled(key)}))
        after = line.split(": ", 1)[1]
        assert after[0].islower() or after.startswith(("El Zorro", "X", "«", "„", "“")), line


# --- what was given in full is not counted against what was due -----------------------------------


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_goods_taken_in_full_are_told_without_what_was_due(lang):
    """ "Prende 2 unità di agrumi.", not "Prende 2 unità di agrumi (su 2)."; a short supply says
    how many were due."""
    full = [m for m in played() if m.key == "santiago.event.gain_goods_full"]
    assert full
    for message in full:
        line = _say(lang, message)
        assert "(" not in line and str(message.params["goods"].params["n"]) in line, line
    short = [m for m in played() if m.key == "santiago.event.gain_goods"]
    assert all(m.params["goods"].params["n"] < m.params["wanted"] for m in short)
    none = _with(full[0].params["goods"], n=0)
    line = _say(lang, Msg("santiago.event.gain_goods", {"goods": none, "wanted": 2, "player": 0}))
    assert "0" in line and "2" in line, line


# --- a good counted where a sentence takes or gives it --------------------------------------------


def _goods_messages() -> list[Msg]:
    """Played messages and button labels with a count of a good inside them."""

    def counts(m: Msg) -> bool:
        return any(
            isinstance(v, Msg) and (v.key.startswith("santiago.goods.") or counts(v))
            for v in m.params.values()
        )

    found = [m for m in played() if counts(m)]
    assert {m.key for m in found} >= {"santiago.event.deliver", "santiago.event.gain_goods_full"}
    return found


@pytest.mark.parametrize("n", NUMBERS)
def test_a_russian_count_of_goods_taken_or_given_is_in_the_accusative(n):
    """«берёт 1 единицу рома», «Отдать 1 единицу сигар», never «1 единица» after the verb (the
    nominative of a list, «Товары: 1 единица рома», is `santiago.count`)."""

    def with_n(m: Msg) -> Msg:
        if m.key.startswith("santiago.goods."):
            return _with(m, n=n)
        return Msg(m.key, {k: with_n(v) if isinstance(v, Msg) else v for k, v in m.params.items()})

    wrong = set()
    for message in _goods_messages():
        line = _say("ru", with_n(message))
        if re.search(rf"(?<![\d.,]){n} единица\b", line):
            wrong.add(f"{message.key}: {line}")
    assert not wrong, f"{len(wrong)} lines, e.g. {sorted(wrong)[:6]}"


# --- nothing is not an amount ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_nothing_taken_is_never_told_as_zero(lang):
    """No "prende 0 detriti", no "toma 0 trabajadores", no "per 0 pesos": what the centre or
    the bank lacks is said as such (Mama, and the Workers and Architect cards when the bank has
    no worker), and a free stop is free."""
    import copy

    from games.havana import engine

    state = games.get("havana").new(2, 1, {})
    tables = []
    for centre in ([1, 0, 0, 0, 0], [0, 0, 0, 0, 3], [0, 0, 0, 0, 0], [2, 0, 1, 0, 3]):
        table = copy.deepcopy(state)
        table.centre = list(centre)
        tables.append((table, engine._fx_mama))
    for effect in (engine._fx_workers, engine._fx_architect):
        table = copy.deepcopy(state)
        table.bank_workers = 0
        tables.append((table, effect))
    for table, effect in tables:
        events = []
        effect(table, 0, events)
        (event,) = events
        line = _say(lang, event.msg)
        assert not re.search(r"(?<![\d,.])0(?![\d,.])", line), line
    # and Santiago's first stop is free, never "for 0 pesos"
    drives = [
        m for m in played() if m.key.startswith(("santiago.event.drive", "santiago.action.drive"))
    ]
    assert {m.params["stops"] for m in drives} >= {1, 2}
    for message in drives:
        line = _say(lang, message)
        assert not re.search(r"(?<![\d,.])0(?![\d,.])", line), line


# --- winners: one or several -------------------------------------------------------------------

# A verb in the singular before or after a list of winners (or of players still to decide)
# that may hold two names.
ONE_WINNER = {
    "en": r"\bWinner\b(?!s)|\bwins\b",
    "it": r"\bVince\b",
    "ru": r"\bПобедил\b|\bвыиграл\b",
    "de": r"\bgewinnt\b|\bhat gewonnen\b|\bfehlt\b",
    "es": r"\bGana\b|\bha ganado\b",
}


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_a_list_of_winners_never_takes_a_verb_for_one(lang):
    # "Still waiting for {names}" lists players too ("Es fehlt noch: Anna, Boris")
    keys = [*_templates_with("winners"), "bot.turn.waiting"]
    assert keys
    wrong = []
    for key in keys:
        line = _say(lang, _filled(key, winners="Anna, Boris", names="Anna, Boris"))
        if re.search(ONE_WINNER[lang], line):
            wrong.append(f"{key}: {line}")
    assert not wrong, f"{lang}: {wrong[:6]}"


# --- a count phrase of its own key, never after a preposition ------------------------------------

# Placeholders filled with a count phrase that another key words in the nominative ("7 Spiele",
# «1 партия»): after a preposition they would need another case («за 1 партию», "in 7 Spielen").
COUNT_PHRASES = ("games", "decisions", "wins", "inaccuracies", "mistakes", "blunders", "moves")
PREPOSITIONS = {
    "ru": GOVERNING,
    "de": _words(
        "in im mit nach von vom vor zu zum zur aus bei beim seit über für an am auf um durch "
        "gegen ohne unter zwischen"
    ),
}


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_a_count_phrase_of_another_key_never_follows_a_preposition(lang):
    wrong = []
    for key, (_, target) in translations.entries(lang).items():
        for match in re.finditer(r"\{(\w+)\}", target):
            before = target[: match.start()].split()
            if match[1] in COUNT_PHRASES and before and before[-1].lower() in PREPOSITIONS[lang]:
                wrong.append(f"{key}: {target}")
    assert not wrong, f"{lang}: {wrong[:6]}"


# --- no colour pasted in brackets or quotes beside a word --------------------------------------

COLOURS = [k for k in english() if k.startswith(("havana.colour.", "santiago.colour."))]


def test_no_phrase_takes_a_colour_to_paste_in():
    """A colour agrees with its noun («вместо красного кубика», "mit roter Blume", "flor
    roja"): each colour has its phrases of its own in the catalogue, and no text takes a colour
    word to paste in, which would leave a language only «кубика цвета «красный»»."""
    assert _templates_with("colour") == []


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_a_colour_is_never_pasted_in_brackets_or_quotes_beside_a_word(lang):
    """ "5 кубиков щебня вместо кубика (красный)", «вместо кубика цвета «красный»»: the
    colour is a word of the phrase («вместо красного кубика», "statt 1 Backstein"), never a
    value in brackets or quotes."""
    colours = {text_msg(lang, Msg(k)) for k in COLOURS}
    words = "|".join(map(re.escape, colours))
    bracketed = re.compile(rf"[(«„“\"](?:{words})[)»“”\"]|цвета «", re.IGNORECASE)
    lines = [_say(lang, m) for m in played()]
    for key in _templates_with("colour"):
        for colour in COLOURS:
            lines.append(_say(lang, _filled(key, colour=Msg(colour))))
    wrong = sorted({line for line in lines if bracketed.search(line)})
    assert not wrong, f"{lang}: {len(wrong)} lines, e.g. {wrong[:6]}"


# The cubes of a Havana cost are counted nouns ("2 red cubes", «2 красных кубика»), never a bare
# colour («1 красный, 2 кубика щебня»); German names its cubes by their material ("2 Backsteine").
COST_NOUNS = {
    "en": r"cubes?",
    "it": r"cubett[oi]|detrit[oi]",
    "es": r"cubos?",
    "ru": r"кубик(?:а|ов|у)?",
    "de": r"Backsteine?|Sandsteine?|Holz|Glas|Schutt|Baustoffe?",
}


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_a_havana_cost_counts_its_cubes_as_nouns(lang):
    wrong = []
    for key in sorted(k for k in english() if k.startswith("havana.effect.cost.")):
        if key.endswith((".pesos", ".workers")):
            continue
        for number in NUMBERS:
            said = text_msg(lang, Msg(key, {"n": number}))
            if not re.search(rf"\b(?:{COST_NOUNS[lang]})\b", said):
                wrong.append(f"{key}: {said}")
    assert not wrong, f"{lang}: {wrong[:6]}"


# --- Russian: a sentence after a colon or a dash ---------------------------------------------------

# Texts that take a whole sentence (a refusal's reason, a hint's reason): in
# Russian the sentence does not follow a colon or a dash, where it would start in the middle of
# another with its capital letter («Этот ход не разрешён: Вам…»).
SENTENCES = {
    "bot.error.illegal": Msg("santiago.illegal.not_your_turn"),
    "bot.error.illegal_choices": Msg("santiago.illegal.not_your_turn"),
    "bot.hint.ai_chose": Msg("bot.hint.reason.points", {"n": 2}),
    "bot.hint.ai_why": Msg("bot.hint.reason.points", {"n": 2}),
}


def test_a_russian_sentence_never_follows_a_colon_or_a_dash():
    wrong = []
    for key, reason in SENTENCES.items():
        line = _say("ru", _filled(key, reason=reason, current="", choice="Икс"))
        said = text_msg("ru", reason)
        if re.search(r"[:—]\s*" + re.escape(said[:12]), line):
            wrong.append(f"{key}: {line}")
    assert not wrong, wrong[:6]


# --- a player's doing, in a sentence of its own ----------------------------------------------------


def _deeds(kind: str, players: int, seed: int) -> list[games.Event]:
    """The public events of a seeded random game that are a player's doing."""
    game = games.get(kind)
    state = game.new(players, seed, {})
    rng = random.Random(seed)
    deeds = []
    while pending := game.pending(state):
        decision = pending[rng.randrange(len(pending))]
        actions = game.legal_actions(state, decision.seat)
        state, events = game.apply(state, decision.seat, actions[rng.randrange(len(actions))].code)
        deeds.extend(e for e in events if e.seat is not None and e.only_for is None)
    return deeds


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_a_player_s_doing_names_its_player_in_its_own_sentence(lang):
    """ "Ana passes.", «Анна пропускает ход»: a line that does not name its player is credited
    to them after a colon ("Ana: Passes."), where it reads as a program's log and (it, es, ru)
    starts again with a capital in the middle of the sentence; nor does the catalogue put the
    name before a colon itself («Анна: сносить нечего»)."""
    names = NAMES.get(lang, NAMES["en"])
    wrong = {}
    for kind, players in GAMES:
        for seed in SEEDS:
            for event in _deeds(kind, players, seed):
                line = text_msg(lang, event.msg, names)
                if names[event.seat] not in line or line.startswith(names[event.seat] + ":"):
                    wrong.setdefault(event.msg.key, line)
    assert not wrong, sorted(wrong.items())[:8]


# --- an alt text goes on after a colon in lower case -----------------------------------------------


def _alt_texts(lang: str) -> list[str]:
    """The alt texts of boards and screens of seeded positions of both games."""
    from render import describe
    from render.demo import play

    said = []
    for kind, players in GAMES:
        game = games.get(kind)
        names = list(NAMES["en"][:players])
        for steps in (0, 40, 120, None):
            state = play(kind, players, 5, steps)
            said.append(describe.board_alt(game.public_view(state), names, lang, steps))
            said.append(describe.screen_alt(game.player_view(state, 0), names, lang))
    return said


@pytest.mark.parametrize("lang", ["en", "it", "es", "ru"])
def test_an_alt_text_goes_on_in_lower_case_after_a_colon_a_semicolon_or_a_dash(lang):
    """ "Судно 1 из 7: спрос: …; стоимость: …", «Гавана — раунд 4»: an alt text is one running
    paragraph, where these languages go on in lower case after a colon, a semicolon or a dash;
    a name (a player's, a building's, a citizen's, a card's) keeps its capital."""
    from render.captions import NAME_KEY

    catalogue = translations.translated(lang, english()) if lang != "en" else english()
    names = {
        w
        for k, t in catalogue.items()
        if NAME_KEY.search(k)
        for w in t.replace("\u00ad", "").split()
    }
    names |= set(NAMES["en"])
    wrong = set()
    for alt in _alt_texts(lang):
        for match in re.finditer(r"[:;—] (\w+)", alt):
            word = match[1]
            if word[0].isupper() and word not in names:
                wrong.add(f"{word}: …{alt[max(0, match.start() - 40) : match.end() + 30]}…")
    assert not wrong, sorted(wrong)[:8]


def test_a_german_alt_text_goes_on_in_lower_case_but_for_its_nouns():
    """ "Santiago de Cuba — nach Zug 13: …", "Havanna — vor Runde 1": German too goes on in lower
    case after a dash or a colon, but a noun keeps its capital ("— Spielbeginn", "Runde 2")."""
    wrong = set()
    for alt in _alt_texts("de"):
        for match in re.finditer(r"[:;—] (Nach|Vor|Keine|Kein|Dein|Deine)\b", alt):
            wrong.add(f"…{alt[max(0, match.start() - 40) : match.end() + 30]}…")
    assert not wrong, sorted(wrong)[:8]
    assert any(" — nach Zug " in alt for alt in _alt_texts("de"))
    assert any(" — Spielbeginn: " in alt for alt in _alt_texts("de"))  # a noun keeps it


# --- victory points, in words -------------------------------------------------------------------

# Where the short form is wanted for room: the words drawn on a picture, and the Havana buttons
# that name a building with its row and end (a button label holds 80 characters), and a
# building's short effect under the Architect, whose cost list fills a menu option's
# 100-character description.
SHORT_VP = ("havana.action.buy", "havana.action.demolish", "havana.effect.building_architect")


def test_italian_says_punti_vittoria_as_its_rulebooks_do():
    """ "Consegna 1 unità di rum: 3 punti vittoria.", as both Italian rulebooks write them, never
    "3 PV" but where a picture or a button has no room."""
    wrong = _short_vp("it", r"\bPV\b")
    assert not wrong, wrong[:8]


def _short_vp(lang: str, short: str) -> list[str]:
    """Entries of `lang` that write victory points by the abbreviation `short` (a pattern) where
    there is room for the words."""
    return [
        f"{key}: {target}"
        for key, (_, target) in translations.entries(lang).items()
        if re.search(short, target)
        and key not in SHORT_VP
        and not (key.startswith("pic.") and not key.startswith("pic.text."))
    ]


def test_spanish_says_puntos_de_victoria_as_its_rulebook_does():
    """ "Recibes 2 puntos de victoria.", as the Spanish rulebook of Santiago de Cuba writes them,
    never "2 PV" but where a picture or a button has no room."""
    wrong = _short_vp("es", r"\bPV\b")
    assert not wrong, wrong[:8]


def test_german_says_siegpunkte_as_its_rulebook_does():
    """ "Du erhältst 2 Siegpunkte.", as the German rules of Santiago de Cuba write them, never
    "2 SP" (nor "Besitzer-SP") but where a picture or a button has no room."""
    wrong = _short_vp("de", r"\bSP\b")
    assert not wrong, wrong[:8]


def test_russian_says_pobednye_ochki_as_its_rulebook_does():
    """«Вы получаете 2 победных очка», as the Russian rulebook of Santiago de Cuba writes them,
    never «2 ПО» but where a picture or a button has no room."""
    wrong = _short_vp("ru", r"(?<!\w)ПО(?!\w)")
    assert not wrong, wrong[:8]


# --- pesos on a picture, in words ----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_a_picture_counts_pesos_in_words_as_the_rulebooks_do(lang):
    """ "Bank: 87 pesos", «Банк: 87 песо», "2 VP · 3 pesos · 1 worker": the rulebooks write pesos
    in words; a "$" is the coin's own mark, never a word beside a number."""
    from render import _board_layout, draw, screen_image
    from render.demo import play

    wrong = set()
    for kind, players in GAMES:
        game = games.get(kind)
        names = list(NAMES["en"][:players])
        options = {"open_holdings": True} if kind == "santiago" else {}
        for steps in (0, 40, 120):
            state = play(kind, players, 5, steps, options)
            _, drawn = _board_layout(game.public_view(state), names, lang, steps)
            with draw.recording() as on_screen:
                screen_image(game.player_view(state, 0), names, lang)
            wrong |= {t.text for t in [*drawn, *on_screen] if re.search(r"\d\s*\$|\$\s*\d", t.text)}
    assert not wrong, sorted(wrong)[:8]


# --- an empty Havana hand -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_an_empty_havana_hand_or_pile_is_said_in_a_phrase_of_its_own(lang):
    """ "Deine Hand: nichts", «Рука: нет»: no cards is a phrase about cards ("no cards in
    hand", «У вас на руке нет карт»), not a generic "nothing" after a label; and each line of
    the figures has its own, agreeing with its label ("Discard pile: empty", "Verdeckte Karten:
    keine"), never the same "no cards" after "cards"."""
    from bot.text import present
    from games.havana.means import means
    from games.text import heard

    engine = games.get("havana")
    state = engine.new(2, 3)
    empty = dataclasses.replace(engine.player_view(state, 0), hand=(), discard=(), secret_picks=())
    generic = {text_msg(lang, Msg(k)) for k in ("bot.figures.none", "havana.nothing", "pic.none")}
    with heard() as found:
        figures = present.figures(lang, "havana", empty).splitlines()
    own = {f"havana.no_cards.{line}" for line in ("hand", "discard", "picks")}
    assert own <= {key for key, _ in found}
    lines = []
    for decision in engine.pending(state):
        lines.append(present.said(lang, means(empty, decision)))
    wrong = [line for line in lines if line.rstrip(".").rpartition(": ")[2] in generic]
    assert not wrong, f"{lang}: {wrong}"
    assert len({line.rpartition(": ")[2] for line in figures}) == len(figures), figures


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_holdings_beside_a_decision_count_goods_in_phrases_and_say_none_in_words(lang):
    """A player's goods beside the screen and a decision read "2 units of rum", «2 единицы
    рома», never a good with a number pasted after it («ром 2»); no goods, cubes or cards is a
    phrase of its own («У вас нет товаров»), not a generic "none" after a label."""
    from bot.text import present
    from games.havana.means import means as havana_means
    from games.santiago.means import means as santiago_means

    generic = {text_msg(lang, Msg(k)) for k in ("bot.figures.none", "havana.nothing", "pic.none")}
    goods = "|".join(
        re.escape(text_msg(lang, Msg(k))) for k in english() if k.startswith("santiago.good.")
    )
    pasted = re.compile(rf"(?:{goods}) \d")
    said, figures = [], []
    for kind, mean in (("santiago", santiago_means), ("havana", havana_means)):
        engine = games.get(kind)
        for seed in (1, 2):
            state = engine.new(3, seed)
            rng = random.Random(seed)
            for _ in range(60):
                pending = engine.pending(state)
                if not pending:
                    break
                for decision in pending:
                    view = engine.player_view(state, decision.seat)
                    said.append(present.said(lang, mean(view, decision)))
                    figures.extend(present.figures(lang, kind, view).splitlines())
                decision = pending[rng.randrange(len(pending))]
                codes = engine.legal_codes(state, decision.seat)
                state, _ = engine.apply(state, decision.seat, codes[rng.randrange(len(codes))])
    wrong = {line for line in said + figures if pasted.search(line)}
    wrong |= {line for line in said if line.rstrip(".").rpartition(": ")[2] in generic}
    assert not wrong, f"{lang}: {sorted(wrong)[:6]}"


# --- Russian: a refused option goes on after the colon in lower case ------------------------------


def test_a_refused_option_goes_on_after_the_colon_in_lower_case_in_russian():
    """«Такие настройки не подходят: файл — не текст в UTF-8», never «…использовать. файл»; and a
    game's own reason after the colon is lower case too: «…: настройка «max_distance» должна…»."""
    json_reasons = [Msg(k, {"limit": 2, "detail": "X"}) for k in english() if k.startswith("json.")]
    keys = [
        k
        for k in english()
        if k.startswith(("santiago.option.", "havana.option."))
        and ".problem." not in k
        and not k.startswith("santiago.option.colours.")  # reasons inside a sentence of theirs
    ]
    assert json_reasons and keys
    for reason in [*json_reasons, *(_filled(k) for k in keys)]:
        line = _say("ru", Msg("bot.error.bad_option", {"reason": reason}))
        assert not re.search(r"[.!?] [a-zа-яё]", line), line
        after = line.split(": ", 1)[1]
        assert after[0].islower() or after.startswith("X"), line


# --- Russian: a button label opens with a capital ------------------------------------------------


def test_every_russian_button_label_and_prompt_opens_with_a_capital():
    """«Порт — 2 остановки, 1 песо», not «порт — …»: a label or a question stands alone on its
    button or under a name, so it opens like a sentence."""
    wrong = set()
    for kind, players in GAMES:
        game = games.get(kind)
        for seed in SEEDS:
            state = game.new(players, seed, {})
            rng = random.Random(seed)
            while pending := game.pending(state):
                decision = pending[rng.randrange(len(pending))]
                actions = game.legal_actions(state, decision.seat)
                for message in (decision.prompt, *(a.label for a in actions)):
                    line = _say("ru", message)
                    if line[:1].isalpha() and not line[:1].isupper():
                        wrong.add(line)
                chosen = actions[rng.randrange(len(actions))]
                state, _ = game.apply(state, decision.seat, chosen.code)
    assert not wrong, sorted(wrong)[:6]


# --- German: a stop named without an article, the du register, one colon in a refusal ----------


def test_german_drives_to_the_harbour_never_after_a_bare_preposition():
    """The car's drive to the harbour is a sentence of its own ("fährt das Auto … zum Hafen"),
    never the harbour pasted where a citizen's name stands ("… zu Hafen")."""
    lines = [
        _say("de", Msg("santiago.event.drive_harbour", {"player": "Anna", "stops": 2, "cost": 1})),
        _say("de", Msg("santiago.event.drive_free_harbour", {"player": "Anna", "stops": 1})),
    ]
    assert all("Hafen" in line for line in lines), lines
    wrong = [
        line for line in lines if re.search(r"\b(?:zu|bei|nach|von|an|in|vom|am) Hafen\b", line)
    ]
    assert not wrong, wrong


@pytest.mark.parametrize("lang", ["en", "it", "de", "ru", "es"])
def test_a_drive_to_the_harbour_stored_before_it_had_its_own_sentence_still_reads(lang):
    """Games stored by an earlier version logged the harbour as a stop's name in the drive's
    sentence: those lines still read whole, with the harbour in them."""
    harbour = Msg("santiago.harbour")
    old = [
        Msg("santiago.event.drive", {"player": "Anna", "stops": 2, "cost": 1, "to": harbour}),
        Msg("santiago.event.drive_free", {"player": "Anna", "stops": 1, "to": harbour}),
    ]
    word = _say(lang, harbour)
    for message in old:
        line = _say(lang, message)
        assert word in line and "santiago." not in line and "{" not in line, line


def test_german_texts_never_open_a_sentence_with_a_formal_ihr():
    """The bot says "du": a sentence that opens with "Ihre Spiele …" or "Ihre Analyse …" reads
    as the formal "Sie" register, whatever noun "Ihre" was meant to point back to."""
    wrong = [
        f"{key}: {said}"
        for key, (_, said) in translations.entries("de").items()
        if re.search(r"(?:^|[.!?:]\s+|\n)(?:Ihr\w*|Ihnen)\b", said)
    ]
    assert not wrong, wrong[:8]


def test_german_refusal_reasons_keep_the_one_colon_of_their_frame():
    """ "Dieser Zug ist nicht erlaubt: Dafür hast du nicht genug Zigarren (du hast 0).", never a
    second colon inside the reason ("…: Dafür hast du nicht genug Zigarren: Du hast 0.")."""
    wrong = [
        f"{key}: {said}"
        for key, (_, said) in translations.entries("de").items()
        if ".illegal." in key and ": " in said
    ]
    assert not wrong, wrong[:8]


# --- Italian: a sentence or a button's label after a colon or a dash ------------------------------

# Texts that take a whole sentence or a choice as its button says it (with its capital): in
# Italian the word after a colon or a dash goes on in lower case, so such a text ends its own
# sentence first ("Questa mossa non è consentita. Ora…", "Perché … ha scelto …? Porta…") or
# quotes the label («Fatto: «Escludi il dado…»»).
ITALIAN_CAPITALS = {
    **SENTENCES,
    "santiago.event.forced": Msg("santiago.action.pass"),
    "undo.event.took_back_yours": Msg("santiago.action.pass"),
    "bot.move.done": Msg("santiago.action.pass"),
    "bot.review.decision": Msg("santiago.action.pass"),
    "bot.review.mark": Msg("santiago.action.pass"),
}


def test_an_italian_sentence_or_label_never_follows_a_colon_or_a_dash():
    wrong = []
    for key, inner in ITALIAN_CAPITALS.items():
        fields = {"reason": inner, "action": inner, "choice": inner, "played": inner}
        line = _say("it", _filled(key, current="", best=inner, **fields))
        said = text_msg("it", inner)
        if re.search(r"[:—]\s*" + re.escape(said[:12]), line):
            wrong.append(f"{key}: {line}")
    assert not wrong, wrong[:6]


# --- Spanish: a participle after a count agrees with it ----------------------------------------

# "Barco 2 de 7 · 1 zarpado", "2 edificios construidos": a participle or adjective in -ado/-ido
# that a number counts is singular after one and plural after more ("1 zarpados" was drawn on
# every board after the first ship had sailed).
PARTICIPLE = r"\w+(?:ad|id)[oa]"


def test_a_spanish_participle_after_a_count_agrees_with_it():
    wrong = set()
    for message in _counted_messages():
        for number in NUMBERS:
            counted = {p: number for p in COUNTED if isinstance(message.params.get(p), int)}
            line = _say("es", _with(message, **counted))
            form = rf"{PARTICIPLE}s" if plural_category("es", number) == "one" else PARTICIPLE
            for match in re.finditer(rf"(?<![\d.,/]){number} ({form})\b", line):
                wrong.add(f"{message.key}: «{match[0]}» in {line}")
    assert not wrong, sorted(wrong)[:8]


# --- names and parts listed as each language lists them ----------------------------------------


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_shared_winners_and_a_price_on_pictures_are_joined_by_the_catalogue(lang):
    """Two winners on the Havana board and the final scores ("Anna e Boris", «Anna и Boris»)
    and the parts of a building's price on its text board end as the language ends a list,
    never with a comma pasted by code."""
    from render import board_image, draw, havana_text, scores
    from render.demo import play

    names = ["Anna", "Boris", "Carla"]
    both = text_msg(lang, Msg("players.2", {"p0": player(0), "p1": player(1)}), names)
    game = games.get("havana")
    state = play("havana", 3, 7, None)
    view = dataclasses.replace(game.public_view(state), winners=(0, 1))
    with language(lang), draw.recording() as drawn:
        board_image(view, names, lang, 40)
        result = dataclasses.replace(game.result(state), winners=(0, 1))
        scores.final_scores("havana", result, names)
    titles = [t.text for t in drawn if both in t.text]
    assert len(titles) >= 2, (both, [t.text for t in drawn][:12])

    # a building costing cubes, pesos and workers
    building = next(
        b
        for row in view.rows
        for b in row.buildings
        if b.cost.pesos and b.cost.workers or sum(dataclasses.astuple(b.cost.cubes)) > 1
    )
    with language(lang):
        cost = havana_text._cost(building)
    word = _say(lang, Msg("havana.and_last", {"a": "A", "b": "B"}))[1:-1].strip(", ")
    assert word and f" {word} " in cost, cost


def _first_view(kind: str, seed: int, steps, players):
    """The public view of a seeded 3-player game at the first of `steps` where a player owns
    two buildings or more."""
    from render.demo import play

    game = games.get(kind)
    for n in steps:
        view = game.public_view(play(kind, 3, seed, n))
        if any(len(p.buildings) >= 2 for p in players(view)):
            return view
    raise AssertionError("nobody built twice")


def _and_word(lang: str) -> str:
    """The language's word before a list's last part ("e", «и»)."""
    return _say(lang, Msg("list.and_last", {"a": "A", "b": "B"}))[1:-1].strip(", ")


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_the_text_boards_lists_end_with_the_language_s_and(lang):
    """What a player owns on Santiago de Cuba's text board, what a Havana player has built, and
    who a position waits for are said as the language lists them ("possiede Banca, Caffè e
    Chiesa"), as a screen reader reads the board's alt text, not with commas only."""
    from render import describe, havana_text, santiago_text

    word = _and_word(lang)
    names = list(NAMES.get(lang, NAMES["en"]))[:3]
    view = _first_view("santiago", 5, range(60, 400, 20), lambda v: v.seats)
    owner = next(p for p in view.seats if len(p.buildings) >= 2)
    with language(lang):
        players = {s.key: s for s in santiago_text.board(view, names, 1)}["players"].lines
        last = santiago_text.pic.building_name(owner.buildings[-1])
    line = next(x for x in players if x.startswith(names[owner.seat]))
    assert f" {word} {last}" in line or f" e {last}" in line, line

    hview = _first_view("havana", 3, range(80, 600, 20), lambda v: v.players)
    builder = next(p for p in hview.players if len(p.buildings) >= 2)
    two = dataclasses.replace(
        hview, pending=tuple(dataclasses.replace(hview.pending[0], seat=s) for s in (0, 1))
    )
    with language(lang):
        players = {s.key: s for s in havana_text.board(hview, names, 1)}["players"].lines
        who = describe.waiting(two, names).heading
    line = next(x for x in players if x.startswith(names[builder.seat]))
    with language(lang):
        last = say_msg(builder.buildings[-1].name)
    assert re.search(rf" (?:{word}|e|ed) {re.escape(last)}\b", line), (last, line)
    assert f"{names[0]} {word} {names[1]}" in who, who


def test_spanish_says_e_and_italian_ed_before_the_sound_that_asks_for_it():
    """ "Banco e Iglesia", "Ana e Isabel": Spanish turns "y" into "e" before a word sounding /i/,
    Italian "e" into "ed" before an e- ("Protezione ed Esattore"), which the catalogue cannot
    know when the word is a name or a building; "agua y hielo" stays, and a name that holds a
    "y" of its own is shown as typed."""
    assert _say("es", Msg("list.and_last", {"a": "Banco", "b": "Iglesia"})) == "Banco e Iglesia"
    both = Msg("players.2", {"p0": player(0), "p1": player(1)})
    assert text_msg("es", both, ["Ana", "Isabel"]) == "Ana e Isabel"
    assert text_msg("es", both, ["Ana", "Hilario"]) == "Ana e Hilario"
    assert text_msg("es", both, ["Ana", "Hielo"]) == "Ana y Hielo"
    assert text_msg("es", both, ["Ana", "Óscar"]) == "Ana y Óscar"
    assert text_msg("es", both, ["Pedro y Irene", "Ben"]) == "Pedro y Irene y Ben"
    assert text_msg("es", both, ["Ana", "_Isa_"], markdown=True) == "Ana e \\_Isa\\_"
    assert present.listed("es", ["**Ana**", "**Isabel**"]) == "**Ana** e **Isabel**"
    assert text_msg("it", both, ["Ana", "Isabel"]) == "Ana e Isabel"
    assert text_msg("it", both, ["Ana", "Elena"]) == "Ana ed Elena"
    assert _say("it", Msg("list.and_last", {"a": "Protezione", "b": "Esattore"})) == (
        "Protezione ed Esattore"
    )
    assert text_msg("de", both, ["Ana", "Elena"]) == "Ana und Elena"


# --- a menu option opens as a label ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_a_drive_to_the_harbour_is_offered_as_a_label_not_a_phrase(lang):
    """The drive menu lists "Conchita — 2 stops" and "Harbour — 2 stops": never a lower-case
    "the harbour —", the harbour's form inside a sentence ("drives the car to the harbour")."""
    drives = [
        m
        for m in played()
        if m.key in ("santiago.action.drive", "santiago.action.drive_free")
        and m.params["to"].key == "santiago.harbour_option"
    ]
    assert drives
    for message in drives:
        line = _say(lang, message)
        assert line[0].isupper() and line.startswith(_say(lang, message.params["to"])), line


def test_an_italian_date_never_follows_an_article():
    """ "il 8 dicembre", "entro il 11": before a date the bot cannot know (Discord writes it in the
    reader's client), Italian says "il giorno {date}" or words the phrase without an article."""
    article = re.compile(
        r"(?<![\w'])(il|l'|al|dal|del|nel|sul|all'|dall'|dell'|nell')\s*\{(date|when)\}"
    )
    wrong = [
        f"{key}: {target}"
        for key, (_, target) in translations.entries("it").items()
        if article.search(target)
    ]
    assert not wrong, wrong[:6]
