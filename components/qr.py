"""A QR code as a Flet control: PNG bytes made by segno, shown by ``ft.Image``.

Plain data in (the text to encode), a control out; nothing else. ``ft.Image`` in
Flet 1.0.5 takes raw bytes in ``src`` (sent to the client base64-encoded), so no
file and no URL of our own are needed: the code works offline and behind the
LAN token gate alike.
"""

from __future__ import annotations

import io

import flet as ft
import segno


def qr_png(data: str, *, scale: int = 5, border: int = 4, error: str = "m") -> bytes:
    """PNG bytes of the QR code for ``data`` (dark on white, quiet zone included)."""
    buf = io.BytesIO()
    segno.make(data, error=error).save(buf, kind="png", scale=scale, border=border)
    return buf.getvalue()


def qr_image(data: str, *, size: int = 240, label: str | None = None, scale: int = 8,
             error: str = "m") -> ft.Control:
    """A square QR code of ``size`` px on a white card (scanners need the light border).

    ``label`` becomes the image's semantics label (screen readers, browser tests);
    it defaults to the encoded text itself. ``error``: segno's error level (l, m, q, h).
    """
    png = qr_png(data, scale=scale, error=error)
    return ft.Container(
        content=ft.Image(
            src=png,
            width=size,
            height=size,
            fit=ft.BoxFit.CONTAIN,
            filter_quality=ft.FilterQuality.NONE,  # crisp modules, no blur when scaled
            semantics_label=label or data,
        ),
        bgcolor=ft.Colors.WHITE,
        padding=8,
        border_radius=8,
    )
