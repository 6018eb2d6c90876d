"""Player switcher: whose sheet/pile is shown, as big chips."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from components import theme

CHIP_H = 48  # px: the minimum touch target


def player_switcher(names: list[str], selected: int, on_select: Callable[[int], None],
                    marks: list[str] | None = None, *, icons: list[ft.IconData | None] | None = None,
                    words: list[str | None] | None = None) -> ft.Control:
    """``marks``: a short text after a name; ``icons``: an icon before it (drawn by the icon font,
    which every client has, unlike symbols such as ✓); ``words``: what the icon means, spoken
    (the chip's tooltip, "Ana: entkommen")."""
    chips: list[ft.Control] = []
    for i, name in enumerate(names):
        label = name + (f" {marks[i]}" if marks and marks[i] else "")
        icon = icons[i] if icons and i < len(icons) else None
        word = words[i] if words and i < len(words) else None
        chips.append(
            ft.Button(
                content=ft.Text(label, size=15, weight=ft.FontWeight.BOLD if i == selected else ft.FontWeight.NORMAL,
                                color=theme.ON_CHOICE if i == selected else None),
                icon=icon,
                icon_color=theme.ON_CHOICE if i == selected else None,
                tooltip=f"{name}: {word}" if word else None,
                height=CHIP_H,
                bgcolor=theme.CHOICE if i == selected else None,
                on_click=lambda e, i=i: on_select(i),
            )
        )
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)
