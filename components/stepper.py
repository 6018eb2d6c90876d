"""The ± stepper: a whole number chosen with two big buttons (nothing to type, nothing to mis-tap).

Plain data in, a callback out (no storage, no rules): ``on_change`` gets the new value,
already kept inside ``low..high``; a button at its end is disabled.

    stepper("Figuren je Person", 3, 1, 6, set_figures, "Figuren je Person −", "Figuren je Person +",
            note="Mit 3 Spielern 2 Figuren je Person (vx.setup)")
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from components import theme

TARGET = 48  # px: the minimum touch target


def _step_button(icon: ft.IconData, tip: str, value: int, disabled: bool, on_change: Callable[[int], None],
                 icon_size: int) -> ft.Control:
    return ft.IconButton(icon=icon, icon_size=icon_size, width=TARGET, height=TARGET, tooltip=tip,
                         disabled=disabled, on_click=lambda e: on_change(value))


def stepper(label: str, value: int, low: int, high: int, on_change: Callable[[int], None],
            minus_tip: str, plus_tip: str, *, note: str | None = None, text: str | None = None) -> ft.Control:
    """One line: "label: value" (or ``text``), − and + at the right; ``note`` in words below it."""
    row = ft.Row(
        [
            ft.Text(text if text is not None else f"{label}: {value}", size=15, expand=True),
            _step_button(ft.Icons.REMOVE_CIRCLE_OUTLINE, minus_tip, max(low, value - 1), value <= low, on_change, 30),
            _step_button(ft.Icons.ADD_CIRCLE_OUTLINE, plus_tip, min(high, value + 1), value >= high, on_change, 30),
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    if not note:
        return row
    return ft.Column([row, ft.Text(note, size=14, color=theme.MUTED, weight=ft.FontWeight.W_500)], spacing=0)
