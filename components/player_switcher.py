"""Player switcher: whose sheet/pile is shown, as big chips."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft


def player_switcher(names: list[str], selected: int, on_select: Callable[[int], None],
                    marks: list[str] | None = None) -> ft.Control:
    chips = []
    for i, name in enumerate(names):
        label = name + (f" {marks[i]}" if marks and marks[i] else "")
        chips.append(
            ft.Button(
                content=ft.Text(label, size=15, weight=ft.FontWeight.BOLD if i == selected else ft.FontWeight.NORMAL),
                height=48,
                bgcolor=ft.Colors.BLUE_100 if i == selected else None,
                on_click=lambda e, i=i: on_select(i),
            )
        )
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)
