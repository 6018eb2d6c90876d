"""A small "Warum? <rule id>" link: a refusal or verdict points at the rule that decides it.

Words come in from the caller (``shell.t("play.why", rule=rule)``); the tap goes
out through ``on_open(rule)``, which the shell turns into the rules screen.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from components import theme

LINK_HEIGHT = 48  # px: the minimum touch target


def rule_link(text: str, rule: str, on_open: Callable[[str], None], *, tooltip: str | None = None,
              color: str = theme.PRIMARY) -> ft.Control:
    """A text link of at least 48 px height; ``on_open(rule)`` on tap."""
    return ft.TextButton(
        content=ft.Text(text, size=15, weight=ft.FontWeight.W_600, color=color,
                        style=ft.TextStyle(decoration=ft.TextDecoration.UNDERLINE)),
        icon=ft.Icons.MENU_BOOK_OUTLINED,
        icon_color=color,
        tooltip=tooltip,
        height=LINK_HEIGHT,
        data=rule,
        on_click=lambda e: on_open(rule),
    )
