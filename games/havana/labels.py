"""Human labels (Msg) of Havana's action codes, the prompt of each pending decision, and why a
code is refused. Kept off the hot path."""

from __future__ import annotations

from typing import Any

from games.core import Decision
from games.text import Msg

from .cards import ARCHITECT, CARD_INDEX, COLOUR_INDEX, COLOURS
from .engine import (
    ENDS,
    ROWS,
    building_msg,
    can_buy,
    card_msg,
    cubes_msg,
    pay_unit,
    pending_seats,
    player_msg,
)
from .state import State


def _msg(key: str, **params: Any) -> Msg:
    """A text of the catalogues by its full key, with its parameters."""
    return Msg(key, params)


def decision(state: State, seat: int) -> Decision:
    """What `seat` decides now: its kind, prompt and how the options may be shown."""
    # The options of a pick, a placement and a refreshment are cards of the hand or of the
    # face-down discard pile: hidden, so `private_options`. All other options read the table.
    if state.phase == "pick":
        p = state.players[seat]
        left = 2 - len(p.unrevealed)
        prompt = _msg("havana.prompt.pick", count=left)
        return Decision(seat, "pick", prompt, True, private_options=True, repeat=left)
    if state.phase == "place":
        if state.players[seat].cover < 0:
            return Decision(seat, "cover", _msg("havana.prompt.cover"))
        return Decision(seat, "place", _msg("havana.prompt.place"), True, private_options=True)
    step = state.step
    kind = step[0]
    params: dict[str, Any] = {}
    if kind == "tax":
        params["victim"] = player_msg(step[1])
    elif kind == "target":
        params["card"] = card_msg(step[1])
    elif kind == "steal":
        params["victim"] = player_msg(step[1])
        params["count"] = step[2]
    elif kind == "mama":
        params["count"] = step[1]
    elif kind == "pay":
        params["building"] = building_msg(state, step[1])
    hand = kind == "refresh"
    return Decision(seat, kind, Msg("havana.prompt." + kind, params), hand, private_options=hand)


def label(state: State, seat: int, code: str) -> Msg:
    head, _, arg = code.partition(":")
    if head in ("pick", "place", "first", "refresh"):
        return _msg("havana.action." + head, card=card_msg(CARD_INDEX[arg]))
    if head in ("end", "skip"):
        return _msg("havana.action." + head)
    if head == "cover":
        p = state.players[seat]
        return _msg(
            "havana.action.cover",
            side=_msg("havana.side." + arg),
            card=card_msg(p.face_up[0 if arg == "left" else 1]),
        )
    if head in ("buy", "demolish"):
        r_name, _, e_name = arg.partition(":")
        row = state.rows[ROWS.index(r_name)]
        b = row[0] if e_name == "left" else row[-1]
        return _msg(
            "havana.action." + head,
            building=building_msg(state, b),
            vp=state.deck[b].vp,
            row=_msg("havana.row." + r_name),
            end=_msg("havana.end_name." + e_name),
        )
    if head == "pay":
        if arg in ("worker", "pesos"):
            return _msg("havana.action.pay_" + arg)
        if arg == "rubble":
            unit_colour = _pay_colour(state)
            return _msg(f"havana.action.pay_rubble.{COLOURS[unit_colour]}")
        return _msg("havana.action.pay_cube", cube=cubes_msg(COLOUR_INDEX[arg], 1))
    if head == "remove":
        victim = player_msg(state.step[1])
        if arg == "worker":
            return _msg("havana.action.remove_worker", victim=victim)
        return _msg(
            "havana.action.remove_cube", victim=victim, cube=cubes_msg(COLOUR_INDEX[arg], 1)
        )
    if head == "target":
        v = int(arg) - 1
        p = state.players[v]
        return _msg("havana.action.target", victim=player_msg(v), pesos=p.pesos, cubes=sum(p.cubes))
    if head == "take":
        return _msg("havana.action.take", cube=cubes_msg(COLOUR_INDEX[arg], 1))
    return _msg("havana.action.unknown", code=code)


def _pay_colour(state: State) -> int:
    return pay_unit(state.deck[state.step[1]].cost, state.step[4])


def why_illegal(state: State, seat: int, code: Any) -> Msg:
    """A sentence for the player saying why `code` cannot be played now."""
    if state.phase == "over":
        return _msg("havana.illegal.over")
    if not isinstance(seat, int) or not 0 <= seat < state.player_count:
        return _msg("havana.illegal.no_seat")
    if seat not in pending_seats(state):
        if state.phase == "pick":
            return _msg("havana.illegal.already_picked")
        return _msg("havana.illegal.not_your_turn", player=player_msg(pending_seats(state)[0]))
    if not isinstance(code, str):
        return _msg("havana.illegal.unknown", code=str(code))
    head, _, arg = code.partition(":")
    asked = decision(state, seat)
    p = state.players[seat]
    if head in ("pick", "place", "refresh") and asked.kind == head:
        if arg not in CARD_INDEX:
            return _msg("havana.illegal.no_such_card", card=arg)
        if head == "refresh":
            return _msg("havana.illegal.not_in_discard", card=card_msg(CARD_INDEX[arg]))
        return _msg("havana.illegal.not_in_hand", card=card_msg(CARD_INDEX[arg]))
    if head == "buy" and asked.kind == "buy":
        r_name, _, e_name = arg.partition(":")
        if r_name not in ROWS or e_name not in ENDS:
            return _msg("havana.illegal.no_such_end")
        row = state.rows[ROWS.index(r_name)]
        if not row:
            return _msg("havana.illegal.empty_row")
        b = row[0] if e_name == "left" else row[-1]
        if state.deck[b].requires_architect and ARCHITECT not in p.face_up:
            return _msg("havana.illegal.needs_architect", building=building_msg(state, b))
        if not can_buy(state, p, b):
            return _msg("havana.illegal.cannot_afford", building=building_msg(state, b))
    if head == "demolish" and asked.kind == "demolish":
        return _msg("havana.illegal.no_such_end")
    if head == "take" and asked.kind in ("steal", "mama") and arg in COLOUR_INDEX:
        return _msg(f"havana.illegal.no_cube.{arg}")
    if head == "target" and asked.kind == "target":
        return _msg("havana.illegal.bad_target")
    if head == "buy" and asked.kind != "buy":
        return _msg("havana.illegal.buy_after_actions")
    return _msg("havana.illegal.not_now", prompt=asked.prompt)
