"""Gold counter: an amount chosen with big − / + buttons, shown large in the middle.

Plain data in, callbacks out: the caller decides what the amount is for (a
passage, a room card, a correction); no game rules here.
"""

from __future__ import annotations

from typing import Callable

import flet as ft

TOUCH = 52  # px, above the 48 px minimum touch target


def gold_counter(amount: int, on_change: Callable[[int], None], *, label: str, minus_tip: str, plus_tip: str,
                 low: int = 1, high: int = 99, step: int = 1) -> ft.Control:
    """``label`` stands before the amount ("Gold: 3"); the buttons carry tooltips for screen readers and tests."""

    def button(icon: str, tip: str, new: int, disabled: bool) -> ft.Control:
        return ft.IconButton(
            icon=icon,
            icon_size=32,
            tooltip=tip,
            disabled=disabled,
            width=TOUCH,
            height=TOUCH,
            style=ft.ButtonStyle(bgcolor=ft.Colors.AMBER_100, shape=ft.CircleBorder()),
            on_click=lambda e: on_change(new),
        )

    return ft.Row(
        [
            ft.Text(label, size=15, expand=True),
            button(ft.Icons.REMOVE, minus_tip, max(low, amount - step), amount <= low),
            ft.Container(
                ft.Text(str(amount), size=24, weight=ft.FontWeight.BOLD, color=ft.Colors.AMBER_900),
                width=56,
                alignment=ft.Alignment.CENTER,
            ),
            button(ft.Icons.ADD, plus_tip, min(high, amount + step), amount >= high),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=4,
    )
