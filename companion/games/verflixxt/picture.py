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

from companion.games.verflixxt.colors import (
    GUARD_COLOR,
    PLAYER_COLORS,
    TEXT_ON,
    WURM_COLOR,
    letter,
    tile_text,
)
from companion.games.verflixxt.play_screen import figure_label, pos_text
from components import theme
from components.tile_strip import Piece, Slot, tile_strip
from scoring.verflixxt import State

if TYPE_CHECKING:
    from companion.game_hooks import Moment
    from companion.shell import Shell


def seat_colors(moment: Moment) -> list[str]:
    """Each seat's colour as picked at setup (the record's players), else the seat's default."""
    n = len(moment.state.names)
    picked = [p.color for p in moment.players]
    return [(picked[s] if s < len(picked) else None) or PLAYER_COLORS[s % len(PLAYER_COLORS)] for s in range(n)]


def _slots(shell: Shell, state: State, colors: list[str], focus: int) -> list[Slot]:
    """The track's slots as the play screen names them ("Feld 2 (−1): A1, Wächter"); the focused
    seat's figures' places framed."""
    pieces: dict[int, list[Piece]] = {}
    said: dict[int, list[str]] = {}
    for seat, figs in enumerate(state.figures):
        for i, p in enumerate(figs):
            label = figure_label(state, seat, i)
            ink = TEXT_ON.get(colors[seat], ft.Colors.WHITE.value)
            pieces.setdefault(p, []).append(Piece(label, colors[seat], ink))
            said.setdefault(p, []).append(label)
    for p in state.guards:
        pieces.setdefault(p, []).append(Piece(shell.t("vx.letter.guard"), GUARD_COLOR, round=False))
        said.setdefault(p, []).append(shell.t("vx.slot.guard"))
    if state.wurminator is not None:
        pieces.setdefault(state.wurminator, []).append(Piece(shell.t("vx.letter.wurm"), WURM_COLOR, round=False))
        said.setdefault(state.wurminator, []).append(shell.t("vx.slot.wurm"))
    framed = set(state.figures[focus]) if 0 <= focus < len(state.figures) else set()

    def slot(p: int, label: str, kind: str) -> Slot:
        place = pos_text(shell, state, p)
        words = shell.t("vx.slot.words", place=place, pieces=", ".join(said[p])) if p in said else place
        return Slot(p, label, kind, tuple(pieces.get(p, ())), p in framed, words)

    out = [slot(0, letter(shell.lang, "start"), "start")]
    out += [slot(i, tile_text(t, shell.lang) if t else "", t.kind if t else "gap")
            for i, t in enumerate(state.parcours, start=1)]
    out.append(slot(state.goal, letter(shell.lang, "goal"), "goal"))
    return out


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
    strip = tile_strip(_slots(shell, state, colors, focus))
    if not head:
        return strip
    return ft.Column([ft.Row(head, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER), strip], spacing=6)
