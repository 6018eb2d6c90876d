"""Verflixxt! Kompakt's hooks for the app (``companion.registry.GameUI``): plain Python, no Flet.

What dispute mode, the history and the statistics need to know about this game:
why a piece may not move, an action's words, the rule behind it, moves worth arguing about, the
statistics figures (Wurminator bites from a replay) and one player's result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from companion.game_hooks import ActionDict, Breakdown, Figures, GameHooks, Words
from companion.i18n import add_strings, minus
from companion.lazy import lazy_view

if TYPE_CHECKING:  # the engine only for the type checker: it is imported when the game is opened
    from companion.shell import Shell
    from scoring.errors import RefereeError
    from scoring.verflixxt import MoveFigure, MoveGuard, MoveWurminator, Piece, State

PieceKind = Literal["figure", "guard", "wurminator"]  # ``scoring.verflixxt.Piece.kind``

# the words of its actions in dispute mode (``rules.act.<prefix>.<type>``) and of their values
add_strings(
    {
        "rules.act.vx.roll": {"de": "{name} würfelt {value}", "en": "{name} rolls {value}"},
        "rules.act.vx.move_figure": {
            "de": "{name}: Figur {n} ziehen (Feld {pos})",
            "en": "{name}: move figure {n} (square {pos})",
        },
        "rules.act.vx.move_guard": {
            "de": "{name}: Wächter {n} ziehen (Feld {pos})",
            "en": "{name}: move guard {n} (square {pos})",
        },
        "rules.act.vx.move_wurminator": {"de": "{name}: Wurminator ziehen", "en": "{name}: move the Wurminator"},
        "rules.act.vx.skip_wurminator": {
            "de": "{name}: Wurminator stehen lassen",
            "en": "{name}: leave the Wurminator",
        },
        # its figures in the statistics (hist.fig.<name>) and one player's result in the history
        "hist.rp.vx": {"de": "Tafeln: {tiles}", "en": "Tiles: {tiles}"},  # the game's word
        "hist.fig.tiles": {"de": "Tafeln", "en": "tiles"},
        "hist.fig.conversions": {"de": "Glücksumwandlungen", "en": "lucky conversions"},
        "hist.fig.bites": {"de": "Wurminator-Bisse", "en": "Wurminator bites"},
    }
)


ACTION_RULES = {"roll": "vx.move", "move_figure": "vx.move", "move_guard": "vx.guard",
                "move_wurminator": "vx.wurm.roll", "skip_wurminator": "vx.wurm.roll"}


def explain(state: State, seat: int, target: Piece | tuple[PieceKind, int] | PieceKind
            ) -> RefereeError | MoveFigure | MoveGuard | MoveWurminator:
    """A tapped piece: the move it would make now, or the Refusal why it may not move (vx.guard, vx.move, ...).

    ``target``: a ``Piece``, ``("figure", i)`` / ``("guard", g)``, or ``"wurminator"``.
    """
    from scoring.verflixxt import MoveFigure, MoveGuard, MoveWurminator, Piece, explain_piece  # on first use

    if isinstance(target, str):
        target = (target, 0)
    piece = target if isinstance(target, Piece) else Piece(kind=target[0], index=target[1])
    why = explain_piece(state, seat, piece)
    if why is not None:
        return why
    if piece.kind == "figure":
        return MoveFigure(by=seat, figure=piece.index)
    if piece.kind == "guard":
        return MoveGuard(by=seat, guard=piece.index)
    return MoveWurminator(by=seat)


def describe(state: State, d: ActionDict, lang: str) -> Words:
    """The words for ``rules.act.vx.<type>``: which figure or guard (from 1) and its square."""
    kind, by = d.get("type"), d.get("by")
    if kind == "move_figure":
        figs = state.figures[by] if isinstance(by, int) and 0 <= by < len(state.figures) else ()
        f = d.get("figure")
        f = f if isinstance(f, int) else 0
        return {"n": f + 1, "pos": figs[f] if 0 <= f < len(figs) else "?"}
    if kind == "move_guard":
        g = d.get("guard")
        g = g if isinstance(g, int) else 0
        return {"n": g + 1, "pos": state.guards[g] if 0 <= g < len(state.guards) else "?"}
    return {}


def disputed(state: State, n: int) -> list[ActionDict]:
    turn = state.turn
    out: list[ActionDict] = []
    for g in range(len(state.guards)):
        out.append({"type": "move_guard", "by": turn, "guard": g})
    out += [{"type": "move_wurminator", "by": turn}, {"type": "skip_wurminator", "by": turn}]
    for s in [turn] + [s for s in range(n) if s != turn]:
        for f in range(len(state.figures[s]) if s < len(state.figures) else 0):
            out.append({"type": "move_figure", "by": s, "figure": f})
    return out


def player_figures(b: Breakdown, extra: dict[str, int]) -> dict[str, int]:
    return {
        "tiles": len(b.get("tiles", [])),
        "conversions": len(b.get("conversions", [])),
        "bites": int(extra.get("bites", 0)),
    }


FIGURES = Figures(names=("tiles", "conversions", "bites"), of_player=player_figures)


def detail(shell: Shell, b: Breakdown) -> str:
    lucky = shell.t("vx.letter.lucky")  # the table's letter for a lucky tile, as on the board
    tiles = " ".join(lucky if t == "G" else t for t in b.get("tiles", []))
    return shell.t("hist.rp.vx", tiles=minus(tiles) or shell.t("hist.rp.none"))


HOOKS: GameHooks = {
    "explain": explain,
    "describe": describe,
    "action_rules": ACTION_RULES,
    "disputed": disputed,
    "figures": FIGURES,
    "detail": detail,
    # the board or sheet at a moment of the history's replay: its Flet controls are imported when first drawn
    "picture": lazy_view("companion.games.verflixxt.picture", "picture"),
}
