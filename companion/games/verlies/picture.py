"""Raus aus dem Verlies! at one moment of a replay: whose turn, the exits, every adventurer's purse; read-only.

The words and colours of the play screen's purse (``purse.py``), drawn from a state alone: no
table, no button, so nothing in it is a move. The seat in focus (who acted, or the player the
viewer chose) shows its values and treasures; the others one line each. A hidden treasure stays
face down as on the phone passed round the table (rv.treasure), until the game is over. The
history's replay shows it above the step's words (``companion.registry.GameUI.picture``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.games.verlies.play_screen import table_line
from companion.games.verlies.words import GAME, character_shown
from components import theme
from scoring.engine import get_game
from scoring.verlies import Adventurer, State

if TYPE_CHECKING:
    from companion.game_hooks import Moment
    from companion.shell import Shell


def _status(shell: Shell, p: Adventurer) -> tuple[ft.IconData | None, str | None]:
    """The mark the purse switcher gives a player (escaped, injured, sits out), with its word."""
    if p.escaped:
        return ft.Icons.EXIT_TO_APP, shell.t("rv.play.escaped")
    if p.injured:
        return ft.Icons.HEALING, shell.t("rv.play.injured")
    if p.sits_out:
        return ft.Icons.PAUSE_CIRCLE_OUTLINE, shell.t("rv.play.sits_out")
    return None, None


def _treasure_lines(shell: Shell, treasures: list[dict[str, Any]]) -> list[ft.Control]:
    """Each treasure in words, a face-down one as such (the engine's shared view, ``view_for``)."""
    if not treasures:
        return [ft.Text(shell.t("rv.play.no_treasures"), size=14)]
    out: list[ft.Control] = []
    for i, tr in enumerate(treasures):
        if "name" not in tr:
            out.append(ft.Text(shell.t("rv.play.hidden_line", n=i + 1), size=14))
        else:
            out.append(ft.Text(shell.t("rv.play.treasure_line", n=i + 1, name=tr["name"], gold=tr["gold"],
                                       magic=shell.t("rv.play.magic_mark") if tr["magic"] else "",
                                       hidden=shell.t("rv.play.hidden_mark") if tr["hidden"] else ""), size=14))
    return out


def _card(shell: Shell, p: Adventurer, treasures: list[dict[str, Any]], focus: bool, on_turn: bool) -> ft.Control:
    """One adventurer in a line: name, character, mark and gold; in focus also the values and
    treasures (the standing below the step says every player's gold and treasures)."""
    icon, word = _status(shell, p)
    name = shell.t("rv.play.purse_of", name=p.name, character=character_shown(shell.lang, p.character))
    lines: list[ft.Control] = [ft.Text(name + (f" · {word}" if word else ""), size=15, weight=ft.FontWeight.BOLD)]
    if focus:
        lines.append(ft.Text(shell.t("rv.play.values", s=p.strength, m=p.mind, d=p.dexterity), size=14))
        lines.append(ft.Text(shell.t("rv.play.treasures", n=len(treasures)), size=14, weight=ft.FontWeight.W_600))
        lines += _treasure_lines(shell, treasures)
    row: list[ft.Control] = [ft.Icon(icon, size=20, color=theme.MUTED)] if icon is not None else []
    row += [
        ft.Column(lines, spacing=2, expand=True),
        # gold in its own colour in both themes, dark words on it (as in the purse)
        ft.Container(ft.Text(shell.t("rv.play.gold", n=p.gold), size=16, weight=ft.FontWeight.BOLD,
                             color=ft.Colors.BROWN_900),
                     bgcolor=ft.Colors.AMBER_100, border_radius=8,
                     padding=ft.Padding.symmetric(horizontal=8, vertical=2)),
    ]
    return ft.Container(
        ft.Row(row, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=theme.CARD_STRONG if focus else theme.CARD, border_radius=10,
        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
        border=ft.Border.all(2, theme.PRIMARY if on_turn else (theme.CARD_STRONG if focus else theme.CARD)),
    )


def picture(shell: Shell, moment: Moment) -> ft.Control:
    """Whose turn, the exits, then each adventurer (the one whose turn it is framed)."""
    state: State = moment.state
    focus = max(0, min(moment.seat, len(state.players) - 1))
    shown = get_game(GAME).view_for(state, None)["players"]  # rv.treasure: no hidden one turned up
    head: list[ft.Control] = []
    if state.phase != "over":
        cur = state.players[state.current]
        head.append(ft.Text(shell.t("rv.play.turn", name=cur.name, turn=state.turn_no), size=16,
                            weight=ft.FontWeight.BOLD))
    head.append(table_line(shell, state))
    cards = [_card(shell, p, shown[i]["treasures"], i == focus, i == state.current and state.phase != "over")
             for i, p in enumerate(state.players)]
    return ft.Column([*head, *cards], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
