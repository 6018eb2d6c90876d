"""Qwixx Longo at one moment of a replay: the dice of that roll and one player's sheet, read-only.

The same pieces as the play screen (``components.cross_row``, ``components.dice_tray``, the
rows' colours), drawn from a state alone: no table, no seat that may cross, no field offered,
so nothing in it is a move. The history's replay shows it above the step's words
(``companion.registry.GameUI.picture``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.games.qwixx.play_screen import STYLE, dice_faces
from companion.games.qwixx.words import GAME, color_name
from components import theme
from components.cross_row import RowModel, cross_row
from components.dice_tray import dice_tray
from scoring.engine import get_game
from scoring.qwixx_longo import COLORS, Color, State, lock_fields, row_fields

if TYPE_CHECKING:
    from companion.game_hooks import Moment
    from companion.shell import Shell


def _row(shell: Shell, state: State, seat: int, color: Color) -> ft.Control:
    """One row of the sheet as it was: crosses, skipped fields, the lock; no field offered."""
    sheet = state.sheets[seat]
    strong, light, on_strong = STYLE[color]
    n = sheet.crosses(color)
    bonus, locked = color in sheet.locked_by_me, color in state.removed
    count_key = "q8.play.count_bonus" if bonus else ("q8.play.count_locked" if locked else "q8.play.count")
    model = RowModel(
        key=color, label=shell.t(f"q8.letter.{color}"), name=color_name(shell, color), fields=row_fields(color),
        crossed=sheet.rows[color], legal=frozenset(), lock_fields=lock_fields(color),
        bonus=bonus, locked=locked, color=strong, light=light, count_text=str(n), text_color=on_strong,
        crossed_word=shell.t("q8.play.crossed"), skipped_word=shell.t("q8.play.skipped"),
        count_label=shell.t(count_key, color=color_name(shell, color), count=n),
        lucky=frozenset(sheet.lucky), lucky_word=shell.t("q8.play.lucky_word"),
    )
    return cross_row(model, None)


def picture(shell: Shell, moment: Moment) -> ft.Control:
    """The roll on the table (while there is one) and the sheet of the seat in focus."""
    state: State = moment.state
    seat = max(0, min(moment.seat, len(state.sheets) - 1))
    sheet = state.sheets[seat]
    total = get_game(GAME).result(state).players[seat].total
    footer = ft.Row([
        ft.Text(shell.t("q8.play.misthrows", count=sheet.misthrows, most=state.options.end_misthrows), size=14),
        ft.Row([ft.Icon(ft.Icons.CIRCLE_OUTLINED, size=16, color=theme.TEXT),
                ft.Text(shell.t("q8.play.lucky_numbers", a=sheet.lucky[0], b=sheet.lucky[1]), size=14)],
               spacing=4, tight=True),
        ft.Text(shell.t("q8.play.points", points=total), size=14, weight=ft.FontWeight.BOLD),
    ], wrap=True, spacing=12)
    frame = ft.Container(
        ft.Column([ft.Text(shell.t("q8.play.sheet_of", name=state.names[seat]), size=15, weight=ft.FontWeight.BOLD),
                   *(_row(shell, state, seat, c) for c in COLORS), footer], spacing=2),
        border=ft.Border.all(1, theme.OUTLINE), border_radius=10, padding=4,
    )
    parts: list[ft.Control] = []
    if state.phase != "roll":  # the dice of the roll this step belongs to; still, they were rolled before
        parts.append(dice_tray(dice_faces(shell, state), size=44, lands="never"))
    parts.append(frame)
    return ft.Column(parts, spacing=8)
