"""Gold counter: an amount chosen with big − / + buttons, shown large in the middle.

Plain data in, callbacks out: the caller decides what the amount is for (a
passage, a room card, a correction); no game rules here.

The buttons report a *step* (−step or +step), not the new amount: two quick
taps that both reach the server before the screen is redrawn then count twice
instead of setting the same value twice. ``clamp`` helps the caller keep the
bounds.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from components import theme

TOUCH = 52  # px, above the 48 px minimum touch target


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def gold_counter(amount: int, on_step: Callable[[int], None], *, label: str, minus_tip: str, plus_tip: str,
                 low: int = 1, high: int = 99, step: int = 1) -> ft.Control:
    """``label`` stands before the amount; the buttons carry tooltips for screen readers and tests.

    ``on_step(-step)`` / ``on_step(+step)`` on a tap; a button is disabled at its bound.
    """

    def button(icon: ft.IconData, tip: str, delta: int, disabled: bool) -> ft.Control:
        return ft.IconButton(
            icon=icon,
            icon_size=32,
            tooltip=tip,
            disabled=disabled,
            width=TOUCH,
            height=TOUCH,
            icon_color=theme.ON_NOTICE,
            style=ft.ButtonStyle(bgcolor=theme.NOTICE, shape=ft.CircleBorder()),
            on_click=lambda e: on_step(delta),
        )

    return ft.Row(
        [
            ft.Text(label, size=15, expand=True),
            button(ft.Icons.REMOVE, minus_tip, -step, amount <= low),
            ft.Container(
                ft.Text(str(amount), size=24, weight=ft.FontWeight.BOLD),
                width=56,
                alignment=ft.Alignment.CENTER,
            ),
            button(ft.Icons.ADD, plus_tip, step, amount >= high),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=4,
    )
