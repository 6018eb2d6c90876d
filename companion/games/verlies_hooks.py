"""Raus aus dem Verlies!'s hooks for the app (``companion.registry.GameUI``): plain Python, no Flet.

What dispute mode, the history and the statistics need to know about this game:
an action's words, the rule behind it, moves worth arguing about, the
statistics figures (injuries from a replay) and one player's result.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.dispute import word
from companion.registry import Figures

ACTION_RULES = {
    "recover": "rv.injury", "draw_card": "rv.turn", "walk": "rv.turn", "lay_card": "rv.room",
    "unauthorised_draw": "rv.penalty", "sit_out": "rv.penalty", "gain_gold": "rv.gold", "lose_gold": "rv.gold",
    "gain_treasure": "rv.treasure", "lose_treasure": "rv.treasure", "reveal_treasure": "rv.treasure",
    "obstacle": "rv.obstacle", "decline_obstacle": "rv.obstacle", "room_card": "rv.room", "fight": "rv.monster",
    "trap": "rv.room", "lay_exit": "rv.exit", "shuffle_back_exit": "rv.exit", "escape": "rv.exit",
    "end_turn": "rv.turn",
}


def describe(state: Any, d: dict[str, Any], lang: str) -> dict[str, Any]:
    """The words for ``rules.act.rv.<type>``: kinds, colours, attributes and cards named; treasures from 1."""
    p: dict[str, Any] = {}
    for k, pre in (("kind", "kind"), ("color", "color"), ("attribute", "attr"), ("card", "card")):
        if d.get(k) is not None:
            p[k] = word(lang, pre, d[k])
    if isinstance(d.get("index"), int):
        p["n"] = d["index"] + 1
    return p


def disputed(state: Any, n: int) -> list[dict[str, Any]]:
    me = getattr(state, "current", 0)
    other = (me + 1) % n
    return [
        {"type": "draw_card", "by": me}, {"type": "walk", "by": me, "cards": 2}, {"type": "escape", "by": me},
        {"type": "recover", "by": me}, {"type": "lay_exit", "by": me}, {"type": "shuffle_back_exit", "by": me},
        {"type": "gain_gold", "by": me, "amount": 3, "reason": "passage"}, {"type": "reveal_treasure", "by": me, "index": 0},
        {"type": "end_turn", "by": me}, {"type": "draw_card", "by": other},
    ]


def replay_figures(n: int, states: Iterable[Any], state: Any) -> dict[str, dict[str, int]]:
    """Injuries per seat, from the final state's log."""
    for after in states:
        state = after
    injuries = [0] * n
    for ev in state.events:
        if ev.what == "injured" and ev.seat is not None:
            injuries[ev.seat] += 1
    return {str(i): {"injuries": injuries[i]} for i in range(n)}


def player_figures(b: dict[str, Any], extra: dict[str, int]) -> dict[str, int]:
    return {
        "gold": int(b.get("coins", 0)),
        "treasures": len(b.get("treasures", [])),
        "escapes": 1 if b.get("escaped") else 0,
        "injuries": int(extra.get("injuries", 0)),
    }


FIGURES = Figures(names=("gold", "treasures", "escapes", "injuries"), of_player=player_figures,
                  from_replay=replay_figures)


def detail(shell: Any, b: dict[str, Any]) -> str:
    return shell.t("hist.rp.rv", coins=b.get("coins", 0), treasures=len(b.get("treasures", [])),
                   state=shell.t("hist.rp.out") if b.get("escaped") else shell.t("hist.rp.in"))


HOOKS: dict[str, Any] = {
    "describe": describe,
    "action_rules": ACTION_RULES,
    "disputed": disputed,
    "figures": FIGURES,
    "detail": detail,
}
