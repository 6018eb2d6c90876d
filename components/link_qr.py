"""A link as a big button plus its QR code (a finished game to BG Stats).

Plain data in (the link, the words), a control out; a link too long for any QR code comes out
as text with a copy button, never as an error. The button carries the link itself
(``url``): the client opens it inside the tap, as a user gesture (a popup blocker lets it
through, and the offline phone site needs no round trip to Python for it); ``on_click`` still
reaches Python, which uses it to show the QR code for another phone at the table. Nothing
here goes to the network: the QR code is drawn by segno on this device.
"""

from __future__ import annotations

import asyncio

import flet as ft

from components.common import TOUCH
from components.qr import qr_holds, qr_image

# How long a copy waits for the browser's answer: a phone that never answers (no clipboard on
# plain http) leaves the link on the screen anyway; the app's own bound for client calls is longer
# (``companion.shell.CLIENT_ANSWER_TIMEOUT``), but a component does not reach into the app.
COPY_TIMEOUT = 120.0


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
                 qr_size: int = 300, too_long: str | None = None, copy: str | None = None,
                 copied: str | None = None) -> ft.Control:
    """The button, and below it (``show_qr``) the same link as a QR code with one line of help.

    A long link makes a dense code: error level L (the smallest code) and ``qr_size`` px wide,
    so each module stays about two pixels or more on a 360 px phone. A link no QR code can hold
    (``qr_holds``) is shown as text instead, after ``too_long`` (why there is no code), with a
    ``copy`` button that puts it on the clipboard (``copied``: said once it is there)."""
    items: list[ft.Control] = [link_button(text, link, on_click, tooltip=tooltip)]
    if show_qr and qr_holds(link, "l"):
        items.append(ft.Text(qr_help, size=15))
        items.append(ft.Row([qr_image(link, size=qr_size, label=qr_label, error="l")],
                            alignment=ft.MainAxisAlignment.CENTER))
    elif show_qr:
        items += link_as_text(link, too_long=too_long, copy=copy, copied=copied)
    return ft.Column(items, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def link_as_text(link: str, *, too_long: str | None, copy: str | None, copied: str | None) -> list[ft.Control]:
    """Where a QR code cannot hold ``link``: why (``too_long``), the link itself (a few lines of it
    on screen, all of it for a screen reader) and the ``copy`` button."""
    out: list[ft.Control] = []
    if too_long:
        out.append(ft.Text(too_long, size=15))
    # not ``selectable``: a selectable Text reaches screen readers as an empty text field
    out.append(ft.Text(link, size=12, max_lines=4, overflow=ft.TextOverflow.ELLIPSIS))
    if copy:
        async def copy_link(e: ft.Event[ft.OutlinedButton]) -> None:
            try:
                await asyncio.wait_for(ft.Clipboard().set(link), timeout=COPY_TIMEOUT)
            except Exception:  # noqa: BLE001 - no clipboard (plain http on a phone): the link is on the screen
                return
            if copied:
                e.page.show_dialog(ft.SnackBar(ft.Text(copied)))

        out.append(ft.Row([ft.OutlinedButton(content=copy, icon=ft.Icons.COPY, height=TOUCH, on_click=copy_link)],
                          alignment=ft.MainAxisAlignment.CENTER))
    return out
