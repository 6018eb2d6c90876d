"""The Verflixxt parcours as a compact wrapping strip that fits a phone.

Plain data in, no game rules: the view turns a state into ``Slot``s. Each slot
is a small box with the tile's value on top (``+3``, ``-2``, ``G``; ``S`` and
``Z`` for start and goal; a gap stays visibly empty) and the pieces standing
on it below, as coloured chips with a letter (colour plus letter for
colour-blind players).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

SLOT_W = 44
SLOT_H = 62
CHIP_W = 18  # two chips side by side fit a normal slot


@dataclass(frozen=True)
class Piece:
    label: str  # "A1" (figure 1 of Ana), "W" (guard), "Wu" (Wurminator)
    color: str
    text_color: str = ft.Colors.WHITE
    round: bool = True  # figures round, guards and Wurminator square


@dataclass(frozen=True)
class Slot:
    position: int
    label: str  # "+3", "-2", "G", "S", "Z"; "" for a gap
    kind: str  # plus, minus, lucky, start, goal, gap
    pieces: tuple[Piece, ...] = field(default_factory=tuple)
    highlight: bool = False  # e.g. where the chosen move lands


STYLE = {
    # kind: (background, border, text)
    "plus": (ft.Colors.GREEN_50, ft.Colors.GREEN_700, ft.Colors.GREEN_900),
    "minus": (ft.Colors.RED_50, ft.Colors.RED_700, ft.Colors.RED_900),
    "lucky": (ft.Colors.AMBER_100, ft.Colors.AMBER_800, ft.Colors.BROWN_900),
    "start": (ft.Colors.BLUE_GREY_100, ft.Colors.BLUE_GREY_700, ft.Colors.BLUE_GREY_900),
    "goal": (ft.Colors.INDIGO_100, ft.Colors.INDIGO_700, ft.Colors.INDIGO_900),
    "gap": (None, ft.Colors.BLACK_26, ft.Colors.BLACK_38),
}


def _chip(p: Piece) -> ft.Control:
    return ft.Container(
        width=CHIP_W,
        height=16,
        bgcolor=p.color,
        border_radius=8 if p.round else 3,
        alignment=ft.Alignment.CENTER,
        content=ft.Text(p.label, size=9, weight=ft.FontWeight.BOLD, color=p.text_color, no_wrap=True),
    )


def slot_box(s: Slot) -> ft.Control:
    bg, border, fg = STYLE.get(s.kind, STYLE["gap"])
    cols = max(2, -(-len(s.pieces) // 2))  # at most two rows of chips: crowded slots grow wider
    return ft.Container(
        width=max(SLOT_W, cols * (CHIP_W + 1) + 8),
        height=SLOT_H,
        bgcolor=bg,
        border=ft.Border.all(3 if s.highlight else (1 if s.kind == "gap" else 2),
                             ft.Colors.DEEP_ORANGE_400 if s.highlight else border),
        border_radius=8,
        padding=ft.Padding.only(top=1, left=1, right=1),
        content=ft.Column(
            [
                ft.Text(s.label, size=15, weight=ft.FontWeight.BOLD, color=fg, no_wrap=True),
                ft.Row([_chip(p) for p in s.pieces], wrap=True, spacing=1, run_spacing=1,
                       alignment=ft.MainAxisAlignment.CENTER),
            ],
            spacing=1,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )


def tile_strip(slots: list[Slot]) -> ft.Control:
    """The whole line, start to goal, wrapping over as many rows as needed."""
    return ft.Row([slot_box(s) for s in slots], wrap=True, spacing=3, run_spacing=3)
