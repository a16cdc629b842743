"""Santiago de Cuba in words (see `describe`): the board from the public view, a screen from a
player's view. Holdings appear on the board only at open tables (`open_holdings`)."""

from __future__ import annotations

import re

from games.santiago.views import Die, PlayerView, PublicView

from . import draw as dr
from . import santiago as pic
from .captions import and_list, say
from .describe import Section, going_on, last_section, waiting

# The alt text's order: what a player looks for first, the places last.
ALT_ORDER = ("title", "waiting", "last", "players", "ship", "road", "buildings")


def _dice(dice) -> str:
    return and_list([_die(d) for d in dice])


def _die(die: Die) -> str:
    """A die as it lies, its good and the number it shows ("rum 2"): a die set aside or not yet
    kept asks for nothing."""
    return say(f"pic.text.santiago.die.{die.good}", value=die.value)


def _asked(dice) -> str:
    """What the ship's demand asks for ("2 units of rum and 1 unit of cigars"), its zeros left
    out: a die showing 0 asks for nothing."""
    return _goods((d.good, d.value) for d in dice)


def _goods(goods) -> str:
    shown = [say(f"santiago.count.{g}", n=n) for g, n in goods if n]
    return and_list(shown) if shown else say("pic.no_goods")


def _pawn(view: PublicView, space: int | None) -> str:
    """Where a pawn stands, as a part of a line ("pawn on Bank", "pawn off the board")."""
    if space is None:
        return say("pic.text.santiago.pawn_off")
    # the building as a term, whose gender the phrase may choose its article by ("sul Caffè")
    return say("pic.text.santiago.pawn_at", where=pic.building_term(view.buildings[space].building))


def _owns(buildings) -> str:
    """What a player owns, as a part of a line ("owns Bank, Café", "owns no building")."""
    owned = and_list([pic.building_name(b) for b in buildings]) if buildings else ""
    return (
        say("pic.text.santiago.owns", owned=owned) if owned else say("pic.text.santiago.owns_none")
    )


def board(view: PublicView, names: list[str], move: int | None) -> list[Section]:
    banner = going_on(pic.caption(view, names, move))
    title = say("pic.text.title", game=dr.term("santiago.title"), banner=banner)
    sections = [Section("title", title)]
    found = waiting(view, names)
    if found is not None:
        sections.append(found)
    if view.last_move is not None:
        last = view.last_move
        wordings = pic.last_move_wordings(view, last, spoken=True)
        sections.append(last_section(names[last.seat], wordings[0], wordings[-1]))
    lines, brief = _players(view, names)
    sections.append(Section("players", say("pic.santiago.players"), lines, brief))
    sections.append(_ship(view))
    sections.append(_road(view))
    sections.append(_buildings(view, names))
    return sections


def _players(view: PublicView, names: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each player's line, and the same line briefly (without the markers left, and without
    "owns: none"), for an alt text that would not fit otherwise."""
    lines, brief = [], []
    for p in view.seats:
        parts = [_pawn(view, p.pawn)]
        # the start player and a pass before the lists: after them, they would be heard as one
        # more building owned or one more good ("owns Sawmill, Casino, start player")
        if p.seat == view.start_seat:
            parts.append(say("pic.santiago.start_player"))
        if p.passed:
            parts.append(say("pic.santiago.passed"))
        owns = _owns(p.buildings)
        parts.append(owns)
        markers = say("pic.text.santiago.markers", n=p.markers_left)
        parts.append(markers)
        if view.open_holdings is not None:
            h = view.open_holdings[p.seat]
            parts.append(say("pic.text.holdings", pesos=h.pesos, vp=h.vp, goods=_goods(h.goods)))
        lines.append(_player(names, p.seat, parts))
        left_out = {markers} if p.buildings else {markers, owns}
        brief.append(_player(names, p.seat, [part for part in parts if part not in left_out]))
    return tuple(lines), tuple(brief)


def _player(names: list[str], seat: int, parts: list[str]) -> str:
    return say("pic.text.player", name=names[seat], number=seat + 1, what=", ".join(parts))


def _ship(view: PublicView) -> Section:
    """The ship's dice, value and the supply; briefly, what it asks for and what it pays."""
    lines, brief = [], []
    if view.rolled is not None:
        lines.append(say("pic.text.santiago.rolled", dice=_dice(view.rolled)))
    if view.demand is None:
        # at the end the last ship has sailed: "no demand yet" would promise one
        if not view.game_over:
            lines.append(say("pic.santiago.no_demand"))
            brief.append(lines[-1])
    else:
        lines.append(say("pic.text.santiago.demand", dice=_asked(view.demand)))
        brief.append(lines[-1])
    if view.set_aside is not None:
        lines.append(say("pic.text.santiago.set_aside", die=_die(view.set_aside)))
    lines.append(say("pic.text.santiago.price", price=view.price))
    brief.append(lines[-1])
    lines.append(say("pic.santiago.supply", supply=_goods(view.supply)))
    heading = say("pic.santiago.ship_of", ship=view.ship, departed=view.ships_departed)
    short = say("pic.santiago.ship_short", ship=view.ship)
    return Section("ship", heading, tuple(lines), tuple(brief), short)


def _road(view: PublicView) -> Section:
    """Each stop in order; briefly, by number, the citizens without their trades; more
    briefly still, their flowers by colour alone (the buildings' brief lines say which colour
    leads where)."""
    lines, brief, briefer = [], [], []
    for stop in view.road:
        said = []
        for citizen, flower, key in (
            (pic.citizen_name, _flower, "pic.text.santiago.stop"),
            (_bare_name, _flower, "pic.text.santiago.stop_brief"),
            (_bare_name, pic.colour_name, "pic.text.santiago.stop_brief"),
        ):
            if stop.citizen is None:
                what = say("pic.santiago.the_harbour")
            else:
                what = citizen(stop.citizen)
                if stop.colour is not None:
                    what += ", " + flower(stop.colour)
                if not stop.active:
                    what += ", " + say("pic.santiago.turned_over")
            if stop.index == view.car:
                what += ", " + say("pic.text.santiago.car_here")
            said.append(say(key, n=stop.index, what=what))
        lines.append(said[0])
        brief.append(said[1])
        briefer.append(said[2])
    return Section(
        "road",
        say("pic.text.santiago.road"),
        tuple(lines),
        tuple(brief),
        briefer=tuple(briefer),
    )


def _flower(colour: str) -> str:
    """A stop's flower as a listener hears it: "red flower", not a bare "red"."""
    return say(f"pic.santiago.flower.{colour}")


def _bare_name(citizen: str) -> str:
    """A citizen's name without their trade in brackets ("Martinez"), for a brief alt text."""
    return re.sub(r"\s*\([^()]*\)$", "", pic.citizen_name(citizen))


def _buildings(view: PublicView, names: list[str]) -> Section:
    """Each building with its flower, owner and pawn; briefly, the buildings under each flower
    colour (the players' lines say whose they are and where the pawns stand)."""
    lines = []
    colours: dict[str, list[str]] = {}
    for space in view.buildings:
        parts = [say(f"pic.santiago.flower.{space.colour}")]
        if space.owner is None:
            parts.append(say("pic.text.santiago.unowned"))
        else:
            parts.append(say("pic.text.owner", name=names[space.owner]))
        if space.pawn is not None:
            parts.append(say("pic.text.pawn_of", name=names[space.pawn]))
        building = pic.building_name(space.building)
        lines.append(f"{building}: {', '.join(parts)}")
        colours.setdefault(space.colour, []).append(building)
    brief = tuple(
        f"{say(f'pic.santiago.flower.{colour}')}: {', '.join(group)}"
        for colour, group in colours.items()
    )
    return Section("buildings", say("pic.text.santiago.buildings"), tuple(lines), brief)


def screen(view: PlayerView, names: list[str]) -> list[Section]:
    h = view.holdings
    me = view.public.seats[view.seat]
    lines = (
        say("pic.text.holdings", pesos=h.pesos, vp=h.vp, goods=_goods(h.goods)),
        _pawn(view.public, me.pawn),
        _owns(me.buildings),
    )
    return [Section("screen", say("pic.your_screen", name=names[view.seat]), lines)]
