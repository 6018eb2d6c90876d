"""Verflixxt! Kompakt at one moment of a replay: whose turn, the roll, the track with every piece; read-only.

The same pieces as the play screen (``components.tile_strip``, the seats' colours, the track's
words), drawn from a state and the record's seats alone: no table, no tap on a tile, so nothing in
it is a move. The seat in focus (who moved, or the player the viewer chose) has its figures'
places framed. The history's replay shows it above the step's words, and the piles in its
standing below them (``companion.registry.GameUI.picture``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.games.verflixxt.colors import PLAYER_COLORS
from companion.games.verflixxt.play_screen import board_slots
from components import theme
from components.tile_strip import tile_strip
from scoring.verflixxt import State

if TYPE_CHECKING:
    from companion.game_hooks import Moment
    from companion.shell import Shell


def seat_colors(moment: Moment) -> list[str]:
    """Each seat's colour as picked at setup (the record's players), else the seat's default."""
    n = len(moment.state.names)
    picked = [p.color for p in moment.players]
    return [(picked[s] if s < len(picked) else None) or PLAYER_COLORS[s % len(PLAYER_COLORS)] for s in range(n)]


def picture(shell: Shell, moment: Moment) -> ft.Control:
    """Whose turn and the roll, then the track (the piles are the standing's, right below the step)."""
    state: State = moment.state
    colors = seat_colors(moment)
    focus = moment.seat
    head: list[ft.Control] = []
    if state.phase != "over":  # at the end nobody is on turn: the track alone
        head += [ft.Container(width=12, height=30, bgcolor=colors[state.turn], border_radius=3),
                 ft.Text(shell.t("play.turn_of", name=state.names[state.turn]), size=16,
                         weight=ft.FontWeight.BOLD, expand=True)]
    if state.roll is not None and state.phase != "over":
        head.append(ft.Container(
            ft.Row([ft.Icon(ft.Icons.CASINO_OUTLINED, color=theme.ON_PRIMARY, size=20),
                    ft.Text(shell.t("vx.play.roll_chip", value=state.roll), size=16, weight=ft.FontWeight.BOLD,
                            color=theme.ON_PRIMARY)], spacing=6, tight=True),
            bgcolor=theme.PRIMARY, border_radius=8, padding=ft.Padding.symmetric(horizontal=10, vertical=4)))
    framed = set(state.figures[focus]) if 0 <= focus < len(state.figures) else set()
    strip = tile_strip(board_slots(shell, state, framed, colors))
    if not head:
        return strip
    return ft.Column([ft.Row(head, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER), strip], spacing=6)
