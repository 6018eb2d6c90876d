"""Small reusable controls: big touch targets, refusal line with a rule link, section titles.

Plain data in, callbacks out: no storage, no game rules.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from components import theme
from components.stepper import stepper as stepper  # the ± stepper, re-exported for old imports

TOUCH = 52  # px: comfortably above the 48 px minimum touch target


def big_button(text: str, on_click: ft.ControlEventHandler[ft.Button] | None, *, color: str | None = None,
               text_color: str | None = None,
               tooltip: str | None = None, disabled: bool = False, expand: bool | int | None = None,
               data: object = None) -> ft.Control:
    return ft.Button(
        content=ft.Text(text, size=17, weight=ft.FontWeight.W_600, color=text_color),
        on_click=on_click,
        bgcolor=color,
        height=TOUCH,
        tooltip=tooltip,
        disabled=disabled,
        expand=expand,
        data=data,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), padding=ft.Padding.symmetric(horizontal=14)),
    )


def keyed(control: ft.Control, key: str) -> ft.Control:
    """A stable key per top-level block: a re-rendered screen is diffed block by block, so a
    block that appears or goes (a refusal, a panel) does not make everything after it resend."""
    control.key = key
    return control


def isolated(block: ft.Control) -> ft.Control:
    """``block`` as its own node of the page's semantics tree.

    Flutter web draws the semantics tree as positioned DOM elements. Inside one node all
    children are siblings: when a line above them comes or goes, or the screen's node
    count changes, every sibling gets a new position and stacking order (a Qwixx cross
    rewrote ~100 elements). In its own node the block's children are placed relative to
    the block: only the block's own element moves. Plain texts inside would merge into
    the block's label: give each its own node with ``own_node``."""
    return ft.Semantics(container=True, content=block)


def own_node(text: ft.Control) -> ft.Control:
    """A text (or a small control showing one) inside an ``isolated`` block, kept as its own
    semantics node: read and found alone, as it was outside such a block."""
    return ft.Semantics(container=True, content=text)


def section_title(text: str) -> ft.Control:
    return ft.Text(text, size=15, weight=ft.FontWeight.BOLD, color=theme.MUTED)


def refusal_line(message: str, link_text: str | None, on_rule: Callable[[], None] | None) -> ft.Control:
    """Where the tap happened: the referee's no across the whole width, the rule id as a
    48 px link below it (beside it, the text ran down a column of two words)."""
    parts: list[ft.Control] = [ft.Row(
        [ft.Icon(ft.Icons.GAVEL, color=theme.ON_REFUSAL, size=20),
         # not selectable: a selectable text reaches a screen reader without its words
         ft.Text(message, color=theme.ON_REFUSAL, size=15, expand=True)],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )]
    if link_text:
        parts.append(ft.TextButton(content=link_text, height=TOUCH,
                                   on_click=lambda e: on_rule() if on_rule else None))
    return ft.Container(
        content=ft.Column(parts, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.START),
        bgcolor=theme.REFUSAL,
        border_radius=10,
        padding=ft.Padding.symmetric(horizontal=10, vertical=4),
    )


# the text colour on each role a line can have; on CARD, CARD_STRONG and SUCCESS it is the default (TEXT)
_ON_ROLE: dict[str, str | None] = {
    theme.CARD: None, theme.CARD_STRONG: None, theme.SUCCESS: None,
    theme.NOTICE: theme.ON_NOTICE, theme.REFUSAL: theme.ON_REFUSAL, theme.CHOICE: theme.ON_CHOICE,
    theme.PRIMARY: theme.ON_PRIMARY,
}


def info_line(message: str, *, color: str = theme.CARD, text_color: str | None = None) -> ft.Control:
    """A line in a panel of its own: ``color`` a role of components.theme (``theme.NOTICE`` for what
    the table should read, ``theme.REFUSAL`` for a no, ``theme.SUCCESS`` for a yes, the default
    ``theme.CARD`` for a plain line); the text takes the role's own colour. A fixed light shade (an
    older caller's ``ft.Colors.AMBER_100``) keeps black text, readable on a dark phone too."""
    if text_color is None:
        text_color = _ON_ROLE.get(color, ft.Colors.BLACK)
    return ft.Container(content=ft.Text(message, size=15, color=text_color), bgcolor=color, border_radius=10,
                        padding=10)


_TOGGLE_ICONS = {
    "checkbox": (ft.Icons.CHECK_BOX, ft.Icons.CHECK_BOX_OUTLINE_BLANK),
    "radio": (ft.Icons.RADIO_BUTTON_CHECKED, ft.Icons.RADIO_BUTTON_UNCHECKED),
    "switch": (ft.Icons.TOGGLE_ON, ft.Icons.TOGGLE_OFF),
}


def toggle_row(label: str, value: bool, on_toggle: Callable[[], None], *, kind: str = "checkbox") -> ft.Control:
    """A checkbox, radio or switch as one row of the full touch height, label included
    (Flutter's own Checkbox, Radio and Switch are 32 to 40 px high in a desktop browser, and only the
    box answers a tap). One semantics node: the label, its state (checked / toggled) and the tap."""
    on, off = _TOGGLE_ICONS[kind]
    return ft.Semantics(
        label=label,
        checked=value if kind != "switch" else None,
        toggled=value if kind == "switch" else None,
        container=True,
        exclude_semantics=True,
        on_tap=lambda e: on_toggle(),
        content=ft.TextButton(  # one control: the screens' patches stay small
            content=label,
            icon=on if value else off,
            icon_color=theme.PRIMARY if value else theme.MUTED,
            height=TOUCH,
            style=ft.ButtonStyle(color=theme.TEXT, icon_size=30 if kind == "switch" else 26,
                                 padding=ft.Padding.symmetric(horizontal=6),
                                 text_style=ft.TextStyle(size=15)),
            on_click=lambda e: on_toggle(),
        ),
    )
