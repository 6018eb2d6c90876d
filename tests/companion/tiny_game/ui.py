"""The tiny dice race's screens and registry entry (the second of its two files).

Everything the app needs besides the engine: setup, play and result views, the
dispute hooks (action words, the rule behind an action, moves worth arguing
about), statistics figures and its rules text in German and English. It uses the
app's public pieces (shell, components, the registry) and changes none of them.
``register()`` / ``unregister()`` add and remove it (test fixture).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion import registry
from companion.i18n import STRINGS, add_strings
from companion.registry import Figures, GameUI
from companion.rules_text import E, GameRules, S
from companion.rules_ui import dispute_button
from components.common import big_button, info_line, section_title
from scoring.engine import PlayerSpec
from scoring.texts import REFUSALS, add_texts
from tests.companion.tiny_game.engine import GAME_ID, REFUSAL_TEXTS

TITLE = {"de": "Mini-Wettlauf", "en": "Tiny race"}

WORDS = {
    "tr.setup.title": {"de": "Mini-Wettlauf – neues Spiel", "en": "Tiny race – new game"},
    "tr.play.squares": {"de": "{name}: Feld {pos} von {goal}", "en": "{name}: square {pos} of {goal}"},
    "tr.play.to_roll": {"de": "{name} ist dran: würfeln.", "en": "{name} to roll."},
    "tr.play.to_move": {"de": "{name} hat {die} gewürfelt: ziehen.", "en": "{name} rolled {die}: move."},
    "tr.play.rolled": {"de": "Gewürfelt: {value}", "en": "Rolled: {value}"},
    "tr.play.move": {"de": "Ziehen", "en": "Move"},
    "tr.result.line": {"de": "{place}. {name} – Feld {total}", "en": "{place}. {name} – square {total}"},
    "tr.result.detail": {"de": "Feld {squares}", "en": "square {squares}"},
    "tr.fig.squares": {"de": "Felder", "en": "squares"},
    # the words of its actions in dispute mode: rules.act.<prefix>.<type>
    "rules.act.tr.roll": {"de": "{name} würfelt {value}", "en": "{name} rolls {value}"},
    "rules.act.tr.move": {"de": "{name}: ziehen", "en": "{name}: move"},
}

RULES = GameRules(
    GAME_ID, "tr", dict(TITLE),
    (
        S("goal", ("Ziel", "Goal"),
          ("Wer zuerst das Zielfeld erreicht, gewinnt das Rennen.", "Whoever reaches the goal square first wins the race."),
          E("tr.goal", ("Das Zielfeld", "The goal square"),
            ("Das Rennen endet, sobald eine Figur Feld 10 erreicht; gezählt werden die erreichten Felder.",
             "The race ends as soon as a piece reaches square 10; the squares reached are the score."),
            ("Ana steht auf 8 und würfelt 5: sie ist am Ziel und gewinnt mit 10.",
             "Ana stands on 8 and rolls 5: she reaches the goal and wins with 10."))),
        S("turn", ("Ein Zug", "A turn"),
          ("Abwechselnd: erst würfeln, dann um die Augenzahl ziehen.", "Take turns: roll first, then move that many squares."),
          E("tr.roll", ("Erst würfeln, dann ziehen", "Roll, then move"),
            ("Ohne Wurf gibt es keinen Zug, und wer gewürfelt hat, zieht, bevor wieder gewürfelt wird.",
             "No move without a roll, and whoever has rolled moves before the next roll."),
            ("Ben will ziehen, bevor er gewürfelt hat: abgelehnt.", "Ben wants to move before rolling: refused.")),
          E("tr.turn", ("Wer dran ist", "Whose turn it is"),
            ("Nur wer am Zug ist, würfelt und zieht; danach ist die andere Person dran.",
             "Only the player whose turn it is rolls and moves; then it is the other player's turn."),
            ("Ana ist dran, Ben tippt auf Ziehen: abgelehnt, Ana ist am Zug.",
             "It is Ana's turn and Ben taps move: refused, Ana is to act."))),
    ),
)


def _t(shell: Any, key: str, **params: Any) -> str:
    return shell.t(key, **params)


# --- screens ------------------------------------------------------------------------------------
def setup_view(shell: Any) -> ft.Control:
    names = shell.ui.setdefault("tr_names", ["", ""])

    def typed(i: int):
        def handler(e: Any) -> None:
            names[i] = e.control.value or ""
        return handler

    fields = [ft.TextField(label=shell.t("setup.player_name", n=i + 1), value=names[i], on_change=typed(i))
              for i in range(2)]

    def start(e: Any) -> None:
        try:
            players = [PlayerSpec(name=n or shell.t("setup.default_name", n=i + 1)) for i, n in enumerate(names)]
        except ValueError:
            return
        shell.start_game(GAME_ID, players, {"goal": 10})

    out: list[ft.Control] = [ft.Text(_t(shell, "tr.setup.title"), size=22, weight=ft.FontWeight.BOLD), *fields,
                             big_button(shell.t("setup.start"), start)]
    refusal = shell.refusal_control()
    if refusal:
        out.append(refusal)
    return ft.Column(out, spacing=10)


def play_view(shell: Any) -> ft.Control:
    table = shell.table
    state = table.state
    name = state.names[state.turn]
    out: list[ft.Control] = [section_title(shell.game_title(GAME_ID))]
    out += [ft.Text(_t(shell, "tr.play.squares", name=n, pos=p, goal=state.goal), size=16)
            for n, p in zip(state.names, state.pos)]
    if table.game.pending_roll(state) is not None:
        out.append(ft.Text(_t(shell, "tr.play.to_roll", name=name), size=18))
        out.append(ft.Row([ft.Button(content=str(v), tooltip=_t(shell, "tr.play.rolled", value=v),
                                     on_click=lambda e, v=v: shell.roll([v])) for v in range(1, 7)], wrap=True))
    else:
        out.append(ft.Text(_t(shell, "tr.play.to_move", name=name, die=state.die), size=18))
        out.append(big_button(_t(shell, "tr.play.move"), lambda e: shell.submit({"type": "move", "by": state.turn})))
    refusal = shell.refusal_control()
    if refusal:
        out.append(refusal)
    out.append(ft.Row([ft.IconButton(icon=ft.Icons.UNDO, tooltip=shell.t("play.undo"), on_click=lambda e: shell.undo()),
                       dispute_button(shell)]))
    return ft.Column(out, spacing=10)


def result_view(shell: Any) -> ft.Control:
    result = shell.table.game.result(shell.table.state)
    out: list[ft.Control] = [ft.Text(shell.t("result.title"), size=22, weight=ft.FontWeight.BOLD)]
    out += [info_line(_t(shell, "tr.result.line", place=p.place, name=p.name, total=p.total))
            for p in sorted(result.players, key=lambda p: p.place)]
    out.append(big_button(shell.t("result.new_game"), lambda e: shell.go_setup(GAME_ID)))
    return ft.Column(out, spacing=10)


# --- hooks --------------------------------------------------------------------------------------
def disputed(state: Any, n: int) -> list[dict[str, Any]]:
    """Moves worth arguing about: a move by the other player, a move before the roll."""
    other = (state.turn + 1) % n
    return [{"type": "move", "by": other}, {"type": "move", "by": state.turn}]


UI = GameUI(
    id=GAME_ID, prefix="tr", title=TITLE, setup=setup_view, play=play_view, result=result_view, rules=RULES,
    action_rules={"roll": "tr.roll", "move": "tr.roll"},
    disputed=disputed,
    figures=Figures(names=("squares",), of_player=lambda b, extra: {"squares": int(b.get("squares", 0))}),
    detail=lambda shell, b: shell.t("tr.result.detail", squares=b.get("squares", 0)),
)


def register() -> None:
    add_strings({**WORDS, "hist.fig.squares": WORDS["tr.fig.squares"]})
    add_texts(REFUSAL_TEXTS)
    registry.register_ui(UI)


def unregister() -> None:
    registry.unregister_ui(GAME_ID)
    for key in (*WORDS, "hist.fig.squares"):
        STRINGS.pop(key, None)
    for code in REFUSAL_TEXTS:
        REFUSALS.pop(code, None)
