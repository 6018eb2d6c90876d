"""Raus aus dem Verlies!'s hooks for the app (``companion.registry.GameUI``): plain Python, no Flet.

What dispute mode, the history and the statistics need to know about this game:
an action's words, the rule behind it, moves worth arguing about, the
statistics figures (injuries from a replay) and one player's result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game_hooks import ActionDict, Breakdown, Figures, GameHooks, Words
from companion.i18n import add_strings
from companion.lazy import lazy_view
from companion.table.dispute import word

if TYPE_CHECKING:  # the engine only for the type checker: it is imported when the game is opened
    from companion.shell import Shell
    from scoring.verlies import State

# the words of its actions in dispute mode (``rules.act.<prefix>.<type>``) and of their values
add_strings(
    {
        "rules.attr.strength": {"de": "Stärke", "en": "strength"},
        "rules.attr.mind": {"de": "Geist", "en": "mind"},
        "rules.attr.dexterity": {"de": "Geschick", "en": "dexterity"},
        "rules.kind.chasm": {"de": "Abgrund", "en": "chasm"},
        "rules.kind.acid_lake": {"de": "Säuresee", "en": "acid lake"},
        "rules.kind.lava": {"de": "Lava", "en": "lava"},
        "rules.kind.magic_barrier": {"de": "Magie-Sperre", "en": "magic barrier"},
        "rules.kind.cave_in": {"de": "Einsturz", "en": "cave-in"},
        "rules.kind.door": {"de": "Tür", "en": "door"},
        "rules.kind.wooden_bridge": {"de": "Holzbrücke", "en": "wooden bridge"},
        "rules.kind.gold": {"de": "Gold", "en": "gold"},
        "rules.kind.monster": {"de": "Monster", "en": "monster"},
        "rules.kind.trap": {"de": "Falle", "en": "trap"},
        "rules.act.rv.recover": {"de": "{name}: erholen", "en": "{name}: recover"},
        "rules.act.rv.draw_card": {"de": "{name}: Verlieskarte ziehen", "en": "{name}: draw a dungeon card"},
        "rules.act.rv.lay_card": {"de": "{name}: die Karte ist ein {card}", "en": "{name}: the card is a {card}"},
        "rules.act.rv.unauthorised_draw": {
            "de": "{name}: unberechtigt gezogen",
            "en": "{name}: drawn without being allowed",
        },
        "rules.act.rv.sit_out": {"de": "{name}: aussetzen", "en": "{name}: sit out"},
        "rules.card.passage": {"de": "Gang", "en": "passage"},
        "rules.card.room": {"de": "Raum", "en": "room"},
        "rules.act.rv.walk": {
            "de": {"count": "cards", "one": "{name}: {cards} Karte laufen", "other": "{name}: {cards} Karten laufen"},
            "en": {"count": "cards", "one": "{name}: walk {cards} card", "other": "{name}: walk {cards} cards"},
        },
        "rules.act.rv.gain_gold": {"de": "{name}: +{amount} Gold", "en": "{name}: +{amount} gold"},
        "rules.act.rv.lose_gold": {"de": "{name}: −{amount} Gold", "en": "{name}: −{amount} gold"},
        "rules.act.rv.gain_treasure": {"de": "{name}: Schatz ({gold} Gold)", "en": "{name}: treasure ({gold} gold)"},
        "rules.act.rv.lose_treasure": {"de": "{name}: Schatz {n} abgeben", "en": "{name}: give up treasure {n}"},
        "rules.act.rv.reveal_treasure": {"de": "{name}: Schatz {n} zeigen", "en": "{name}: show treasure {n}"},
        "rules.act.rv.obstacle": {
            "de": "{name}: {kind} {number} ({color}) versuchen",
            "en": "{name}: try {kind} {number} ({color})",
        },
        "rules.act.rv.roll": {"de": "{name} würfelt {value}", "en": "{name} rolls {value}"},
        "rules.dice.w6": {"de": "W6", "en": "d6"},
        "rules.dice.w3": {"de": "W3", "en": "d3"},
        "rules.dice.1+w6": {"de": "1+W6", "en": "1+d6"},
        # records made before the chance protocol (dice inside the action)
        "rules.act.rv.start_fight": {
            "de": "{name}: Kampf {attribute} gegen {monster_value}, gewürfelt {roll}",
            "en": "{name}: fight {attribute} against {monster_value}, rolled {roll}",
        },
        "rules.act.rv.monster_roll": {
            "de": "{name} würfelt für das Monster: {roll}",
            "en": "{name} rolls for the monster: {roll}",
        },
        "rules.act.rv.roll_gold": {"de": "{name}: Gold würfeln ({dice})", "en": "{name}: roll gold ({dice})"},
        "rules.act.rv.decline_obstacle": {
            "de": "{name}: {kind} {number} nicht versuchen",
            "en": "{name}: do not try {kind} {number}",
        },
        "rules.act.rv.room_card": {"de": "{name}: Raumkarte {kind}", "en": "{name}: room card {kind}"},
        "rules.act.rv.fight": {
            "de": "{name}: Kampf {attribute} gegen {monster_value}",
            "en": "{name}: fight {attribute} against {monster_value}",
        },
        "rules.act.rv.trap": {"de": "{name}: Falle", "en": "{name}: trap"},
        "rules.act.rv.lay_exit": {"de": "{name}: Ausgang anlegen", "en": "{name}: lay an exit"},
        "rules.act.rv.shuffle_back_exit": {
            "de": "{name}: Ausgang zurückmischen",
            "en": "{name}: shuffle the exit back",
        },
        "rules.act.rv.escape": {"de": "{name}: entkommen", "en": "{name}: escape"},
        "rules.act.rv.end_turn": {"de": "{name}: Zug beenden", "en": "{name}: end the turn"},
        # its figures in the statistics (hist.fig.<name>) and one player's result in the history
        "hist.rp.rv": {"de": "Gold {coins} · Schätze {treasures} · {state}",
                       "en": "Gold {coins} · treasures {treasures} · {state}"},
        "hist.rp.out": {"de": "entkommen", "en": "escaped"},
        "hist.rp.in": {"de": "im Verlies", "en": "in the dungeon"},
        "hist.fig.gold": {"de": "Gold", "en": "gold"},
        "hist.fig.treasures": {"de": "Schätze", "en": "treasures"},
        "hist.fig.escapes": {"de": "Fluchten", "en": "escapes"},
        "hist.fig.injuries": {"de": "Verletzungen", "en": "injuries"},
    }
)


ACTION_RULES = {
    "recover": "rv.injury", "draw_card": "rv.turn", "walk": "rv.turn", "lay_card": "rv.room",
    "unauthorised_draw": "rv.penalty", "sit_out": "rv.penalty", "gain_gold": "rv.gold", "lose_gold": "rv.gold",
    "gain_treasure": "rv.treasure", "lose_treasure": "rv.treasure", "reveal_treasure": "rv.treasure",
    "obstacle": "rv.obstacle", "decline_obstacle": "rv.obstacle", "room_card": "rv.room", "fight": "rv.monster",
    "roll": "rv.dice", "roll_gold": "rv.dice",
    "trap": "rv.room", "lay_exit": "rv.exit", "shuffle_back_exit": "rv.exit", "escape": "rv.exit",
    "end_turn": "rv.turn",
}


def describe(state: State, d: ActionDict, lang: str) -> Words:
    """The words for ``rules.act.rv.<type>``: kinds, colours, attributes and cards named; treasures from 1."""
    p: Words = {}
    for k, pre in (("kind", "kind"), ("color", "color"), ("attribute", "attr"), ("card", "card"), ("dice", "dice")):
        if d.get(k) is not None:
            p[k] = word(lang, pre, d[k])
    if isinstance(index := d.get("index"), int):
        p["n"] = index + 1
    return p


def disputed(state: State, n: int) -> list[ActionDict]:
    me = state.current
    other = (me + 1) % n
    return [
        {"type": "draw_card", "by": me}, {"type": "walk", "by": me, "cards": 2}, {"type": "escape", "by": me},
        {"type": "recover", "by": me}, {"type": "lay_exit", "by": me}, {"type": "shuffle_back_exit", "by": me},
        {"type": "gain_gold", "by": me, "amount": 3, "reason": "passage"},
        {"type": "reveal_treasure", "by": me, "index": 0},
        {"type": "end_turn", "by": me}, {"type": "draw_card", "by": other},
    ]


def player_figures(b: Breakdown, extra: dict[str, int]) -> dict[str, int]:
    return {
        "gold": int(b.get("coins", 0)),
        "treasures": len(b.get("treasures", [])),
        "escapes": 1 if b.get("escaped") else 0,
        "injuries": int(extra.get("injuries", 0)),
    }


FIGURES = Figures(names=("gold", "treasures", "escapes", "injuries"), of_player=player_figures)


def detail(shell: Shell, b: Breakdown) -> str:
    return shell.t("hist.rp.rv", coins=b.get("coins", 0), treasures=len(b.get("treasures", [])),
                   state=shell.t("hist.rp.out") if b.get("escaped") else shell.t("hist.rp.in"))


HOOKS: GameHooks = {
    "describe": describe,
    "action_rules": ACTION_RULES,
    "disputed": disputed,
    "figures": FIGURES,
    "detail": detail,
    # the board or sheet at a moment of the history's replay: its Flet controls are imported when first drawn
    "picture": lazy_view("companion.games.verlies.picture", "picture"),
}
