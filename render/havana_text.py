"""Havana in words (see `describe`): the board from the public view, a screen (hand, discard
pile, face-down cards) from a player's view."""

from __future__ import annotations

from games.havana.engine import joined
from games.havana.views import BuildingView, Cubes, PlayerView, PublicView

from . import draw as dr
from . import havana as pic
from .captions import and_list, say, say_msg, worded
from .describe import Section, going_on, last_section, waiting

ALT_ORDER = ("title", "waiting", "last", "players", "centre", "top", "bottom")


def _cubes(cubes: Cubes) -> list[str]:
    """Cubes by colour as the catalogue words them ("2 red cubes"), never a code letter."""
    return [
        say(f"havana.cubes.{c}", count=getattr(cubes, c)) for c in pic.COLOURS if getattr(cubes, c)
    ]


def _cost(b: BuildingView) -> str:
    parts = _cubes(b.cost.cubes)
    if b.cost.pesos:
        parts.append(say("pic.text.havana.pesos", n=b.cost.pesos))
    if b.cost.workers:
        parts.append(say("pic.havana.bank_workers", n=b.cost.workers))
    if not parts:
        return say("pic.havana.free")
    # joined as the catalogue joins the game's own lists ("a, b e c")
    return and_list(parts, join=joined)


def _cards(cards) -> str:
    """Cards by name with the number each card shows ("Siesta (0)"), as the picture draws them."""
    return and_list([_card(c) for c in cards]) if cards else say("pic.no_cards")


def _card(card: str) -> str:
    return dr.term(f"havana.card.{card}", pic.card_name(card))


def _by_number(cards) -> list[str]:
    """A hand or a discard pile in the order the screen picture draws it: by number."""
    return sorted(cards, key=lambda c: (pic.CARD_NUMBER.get(c, 99), c))


def board(view: PublicView, names: list[str], move: int | None) -> list[Section]:
    # the banner's parts, which the picture sets apart with dots, said with commas: a screen
    # reader reads a middle dot as nothing at all (or as "middle dot")
    banner = pic.caption(view, names, move)
    banner = going_on(worded(banner.replace(" · ", ", "), banner))
    title = say("pic.text.title", game=dr.term("havana.title"), banner=banner)
    sections = [Section("title", title)]
    found = waiting(view, names)
    if found is not None:
        sections.append(found)
    if view.last_move is not None:
        wordings = pic.last_move_wordings(view.last_move, names)
        name = names[view.last_move.seat]
        sections.append(last_section(name, wordings[0], wordings[-1]))
    lines, brief, briefer = _players(view, names)
    heading = say("pic.havana.players")
    sections.append(Section("players", heading, lines, brief, briefer=briefer))
    sections.append(_centre(view, names))
    labels = (say("pic.havana.top_row"), say("pic.havana.bottom_row"))
    for label, row in zip(labels, view.rows, strict=True):
        sections.append(_row(label, row))
    return sections


def _players(view: PublicView, names: list[str]) -> tuple[tuple[str, ...], ...]:
    """Each player's line; the same line briefly (what they hold, not their cards and
    buildings) and more briefly still (their cubes counted, not by colour, and without the
    seat's number), for an alt text that would not fit otherwise."""
    lines, brief, briefer = [], [], []
    for p in view.players:
        # past the goal, "33 of 25" would read as a slip: the goal is said reached instead
        reached = "pic.havana.vp_reached" if p.vp >= view.target_vp else "pic.havana.vp_goal"
        parts = [say(reached, vp=p.vp, goal=view.target_vp)]
        parts.append(say("pic.text.havana.pesos", n=p.pesos))
        parts.append(say("pic.havana.bank_workers", n=p.workers))
        fewest = [*parts, say("pic.text.havana.cubes", n=p.cubes.total)]
        parts.extend(_cubes(p.cubes))
        held = ", ".join(parts)
        brief.append(say("pic.text.player", name=names[p.seat], number=p.seat + 1, what=held))
        what = ", ".join(fewest)
        briefer.append(say("pic.text.player_brief", name=names[p.seat], what=what))
        if p.face_up:
            parts.append(say("pic.text.havana.face_up", cards=_cards(p.face_up)))
        if p.number is not None:
            parts.append(say("pic.havana.number", number=p.number_text))
        if p.picked and not p.face_up:
            parts.append(say("pic.havana.picked", n=p.picked))
        parts.append(say("pic.text.havana.cards_held", hand=p.hand_size, discard=p.discard_size))
        built = and_list([say_msg(b.name) for b in p.buildings]) if p.buildings else ""
        if built:
            parts.append(say("pic.text.havana.built", n=len(p.buildings), names=built))
        else:
            parts.append(say("pic.text.havana.none_built"))
        parts.extend(pic.status_words(view, p, card_name=_card))
        what = ", ".join(parts)
        lines.append(say("pic.text.player", name=names[p.seat], number=p.seat + 1, what=what))
    return tuple(lines), tuple(brief), tuple(briefer)


def _centre(view: PublicView, names: list[str]) -> Section:
    pool = [say("pic.text.havana.pesos", n=view.centre.pesos), *_cubes(view.centre.cubes)]
    bank = say("pic.text.havana.bank", pesos=view.bank_pesos)
    # in words, where the picture's "deck 24 · bag 75" labels a pile the eye sees beside it
    deck = say("pic.text.havana.deck", n=view.deck_count)
    order = ", ".join(names[s] for s in view.turn_order) or say("pic.havana.order_later")
    taken, first = ", ".join(pool), say("pic.text.havana.turn_order", order=order)
    lines = [
        taken,
        worded(f"{bank}, {say('pic.havana.bank_workers', n=view.bank_workers)}", bank),
        worded(f"{deck}, {say('pic.text.havana.bag', n=view.bag_count)}", deck),
        first,
    ]
    if view.demolition_used:
        lines.append(say("pic.havana.demolition_used"))
    # briefly, what a player takes from the centre and who goes first, not the bank and piles
    return Section("centre", say("pic.havana.centre"), tuple(lines), (taken, first))


def _row(label: str, row) -> Section:
    """A row's buildings with their VP and cost; briefly, with their VP only; more briefly
    still, by name only."""
    n = len(row.buildings)
    lines, brief, briefer = [], [], []
    for k, b in enumerate(row.buildings):
        name = say_msg(b.name)
        said = (
            # the Architect is a condition, not a part of the price
            say(
                "pic.text.havana.building_architect"
                if b.cost.requires_architect
                else "pic.text.havana.building",
                name=name,
                vp=b.vp,
                cost=_cost(b),
            ),
            say("pic.text.havana.building_brief", name=name, vp=b.vp),
            name,
        )
        ends = [e for e, at in (("left", 0), ("right", n - 1)) if e in row.buyable_ends and k == at]
        if ends:
            said = tuple(say("pic.text.havana.buyable", line=line) for line in said)
        for out, line in zip((lines, brief, briefer), said, strict=True):
            out.append(line)
    if not lines:
        for out in (lines, brief, briefer):
            out.append(say("pic.havana.empty"))
    return Section(row.name, label, tuple(lines), tuple(brief), briefer=tuple(briefer))


def screen(view: PlayerView, names: list[str]) -> list[Section]:
    p = view.public.players[view.seat]
    lines = (
        say("pic.text.havana.screen_figures", vp=p.vp, pesos=p.pesos, n=p.workers),
        say("pic.text.havana.face_up", cards=_cards(p.face_up)),
        say("pic.text.havana.hand", cards=_cards(_by_number(view.hand)))
        if view.hand
        else say("pic.text.havana.hand_empty"),
        say("pic.text.havana.face_down", cards=_cards(view.secret_picks)),
        say("pic.text.havana.discard", cards=_cards(_by_number(view.discard))),
    )
    return [Section("screen", say("pic.your_cards", name=names[view.seat]), lines)]
