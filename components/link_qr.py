"""A link as a big button plus its QR code (a finished game to BG Stats).

Plain data in (the link, the words), a control out. The button carries the link itself
(``url``): the client opens it inside the tap, as a user gesture (a popup blocker lets it
through, and the offline phone site needs no round trip to Python for it); ``on_click`` still
reaches Python, which uses it to show the QR code for another phone at the table. Nothing
here goes to the network: the QR code is drawn by segno on this device.
"""

from __future__ import annotations

import flet as ft

from components.common import TOUCH
from components.qr import qr_image


def link_button(text: str, link: str, on_click: ft.ControlEventHandler[ft.Button] | None = None, *,
                tooltip: str | None = None, icon: ft.IconData | None = ft.Icons.OPEN_IN_NEW) -> ft.Control:
    """A full-width 48 px button that opens ``link`` (a new tab or the app that owns the link)."""
    return ft.Button(
        content=ft.Text(text, size=17, weight=ft.FontWeight.W_600),
        icon=icon,
        url=ft.Url(link, target=ft.UrlTarget.BLANK),
        on_click=on_click,
        height=TOUCH,
        tooltip=tooltip,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), padding=ft.Padding.symmetric(horizontal=14)),
    )


def link_with_qr(text: str, link: str, *, show_qr: bool, qr_help: str, qr_label: str,
                 on_click: ft.ControlEventHandler[ft.Button] | None = None, tooltip: str | None = None,
                 qr_size: int = 300) -> ft.Control:
    """The button, and below it (``show_qr``) the same link as a QR code with one line of help.

    A long link makes a dense code: error level L (the smallest code) and ``qr_size`` px wide,
    so each module stays about two pixels or more on a 360 px phone."""
    items: list[ft.Control] = [link_button(text, link, on_click, tooltip=tooltip)]
    if show_qr:
        items.append(ft.Text(qr_help, size=15))
        items.append(ft.Row([qr_image(link, size=qr_size, label=qr_label, error="l")],
                            alignment=ft.MainAxisAlignment.CENTER))
    return ft.Column(items, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
