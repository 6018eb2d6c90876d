"""Qwixx Longo's hooks for the app (``companion.registry.GameUI``): plain Python, no Flet.

What dispute mode, the history and the statistics need to know about this game
and nothing else does: an action's words, the rule behind it, moves worth
arguing about, the statistics figures and one player's result in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game_hooks import ActionDict, Breakdown, Figures, GameHooks, Words
from companion.i18n import add_strings, tr
from companion.lazy import lazy_view
from companion.table.dispute import word

if TYPE_CHECKING:  # the engine only for the type checker: it is imported when the game is opened
    from companion.shell import Shell
    from scoring.errors import RefereeError
    from scoring.qwixx_longo import Action, Color, State

# the words of its actions in dispute mode (``rules.act.<prefix>.<type>``) and of their values
add_strings(
    {
        "rules.act.q8.roll": {"de": "{name} würfelt: {dice}", "en": "{name} rolls: {dice}"},
        "rules.act.q8.roll_open": {"de": "{name} würfelt", "en": "{name} rolls"},
        "rules.act.q8.white_dice": {"de": "Weiß {a} und {b}", "en": "white {a} and {b}"},
        "rules.act.q8.die": {"de": "{color} {value}", "en": "{color} {value}"},
        "rules.act.q8.white": {"de": "{name}: Weiß {sum} in {color}", "en": "{name}: white {sum} in {color}"},
        "rules.act.q8.lucky": {"de": "{name}: Glückszahl » {color}", "en": "{name}: lucky number » {color}"},
        "rules.act.q8.color": {
            "de": "{name}: {color} {white}+{die}={sum}",
            "en": "{name}: {color} {white}+{die}={sum}",
        },
        "rules.act.q8.pass": {"de": "{name}: Passen", "en": "{name}: pass"},
        # its figures in the statistics (hist.fig.<name>) and one player's result in the history
        "hist.rp.q8": {"de": "Reihen {rows} · Fehlwürfe {misthrows}", "en": "Rows {rows} · misthrows {misthrows}"},
        "hist.fig.points_red": {"de": "Rot", "en": "Red"},
        "hist.fig.points_yellow": {"de": "Gelb", "en": "Yellow"},
        "hist.fig.points_green": {"de": "Grün", "en": "Green"},
        "hist.fig.points_blue": {"de": "Blau", "en": "Blue"},
        "hist.fig.misthrows": {"de": "Fehlwürfe", "en": "misthrows"},
        "hist.fig.locks": {"de": "Abschlüsse", "en": "locks"},
    }
)


# the sheet's rows in the engine's order (``scoring.qwixx_longo.COLORS``, checked by
# tests/companion/test_lazy_start.py): the engine itself is imported when a game is opened
ROWS = ("red", "yellow", "green", "blue")

ACTION_RULES = {"roll": "q8.dice", "white": "q8.white", "lucky": "q8.lucky", "color": "q8.color", "pass": "q8.white"}


def explain(state: State, seat: int, target: tuple[Color, int]) -> Action | RefereeError:
    """A tapped field (colour, number): the action that would cross it, or the Refusal why not."""
    from scoring.qwixx_longo import explain_field  # the engine is imported with the game's first use

    color, number = target
    why: Action | RefereeError = explain_field(state, seat, color, number)
    return why


def _dice_words(lang: str, d: ActionDict) -> str:
    """A roll's faces in words: 'Weiß 5 und 3 · Rot 4 · Blau 8' (removed colours are not rolled)."""
    parts = [tr(lang, "rules.act.q8.white_dice", a=d.get("white1", "?"), b=d.get("white2", "?"))]
    for c in ROWS:
        if d.get(c) is not None:
            parts.append(tr(lang, "rules.act.q8.die", color=word(lang, "color", c), value=d[c]))
    return " · ".join(parts)


def describe(state: State, d: ActionDict, lang: str) -> Words:
    """The words for ``rules.act.q8.<type>``: the row's colour and the sums on the dice; a roll names its faces."""
    if d.get("type") == "roll":
        if d.get("white1") is None:
            return {"_key": "rules.act.q8.roll_open"}
        return {"dice": _dice_words(lang, d)}
    p: Words = {}
    dice = state.dice
    row = d.get("row")
    if row:
        p["color"] = word(lang, "color", row)
    p["sum"] = dice.white_sum if dice is not None else "?"
    if d.get("type") == "color":
        white = (dice.white1 if d.get("white") == 1 else dice.white2) if dice is not None else None
        die = dice.color_value(row) if dice is not None and isinstance(row, str) else None
        p.update(white=white if white is not None else "?", die=die if die is not None else "?")
        p["sum"] = white + die if white is not None and die is not None else "?"
    return p


def action_rule(state: State, d: ActionDict) -> str | None:
    """Passing in the colour step without a cross is the misthrow (q8.misthrow)."""
    if d.get("type") == "pass" and state.phase == "color" and not state.active_crossed:
        return "q8.misthrow"
    return None


def disputed(state: State, n: int) -> list[ActionDict]:
    active = state.active
    out: list[ActionDict] = []
    for s in [active] + [s for s in range(n) if s != active]:
        for c in ROWS:
            out += [
                {"type": "white", "by": s, "row": c},
                {"type": "color", "by": s, "row": c, "white": 1},
                {"type": "lucky", "by": s, "row": c},
            ]
        out.append({"type": "pass", "by": s})
    return out


def player_figures(b: Breakdown, extra: dict[str, int]) -> dict[str, int]:
    rows = b.get("rows", {})
    figs = {f"points_{c}": int(rows.get(c, {}).get("points", 0)) for c in ROWS}
    figs["misthrows"] = int(b.get("misthrows", 0))
    figs["locks"] = sum(1 for c in ROWS if rows.get(c, {}).get("bonus"))
    return figs


FIGURES = Figures(
    names=("points_red", "points_yellow", "points_green", "points_blue", "misthrows", "locks"),
    of_player=player_figures,
)


def detail(shell: Shell, b: Breakdown) -> str:
    """One player's sheet in a line: each row's crosses, the misthrows."""
    rows = " ".join(
        shell.t(f"q8.letter.{c}") + " " + (" ".join(str(n) for n in b.get("rows", {}).get(c, {}).get("crosses", []))
                                            or shell.t("hist.rp.none"))
        for c in ROWS
    )
    return shell.t("hist.rp.q8", rows=rows, misthrows=b.get("misthrows", 0))


HOOKS: GameHooks = {
    "explain": explain,
    "describe": describe,
    "action_rules": ACTION_RULES,
    "action_rule": action_rule,
    "disputed": disputed,
    "figures": FIGURES,
    "detail": detail,
    # the board or sheet at a moment of the history's replay: its Flet controls are imported when first drawn
    "picture": lazy_view("companion.games.qwixx.picture", "picture"),
}
