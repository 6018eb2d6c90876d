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


def qr_holds(data: str, error: str = "m") -> bool:
    """Whether a QR code can hold ``data`` at all: the largest (version 40) takes 2,953 bytes at
    error level L, fewer at higher levels; a longer link (a BG Stats play of eight players with
    long names in CJK letters or emoji: 3,000 characters and more) fits none."""
    try:
        segno.make(data, error=error, micro=False)
    except segno.DataOverflowError:
        return False
    return True


def qr_png(data: str, *, scale: int = 5, border: int = 4, error: str = "m") -> bytes:
    """PNG bytes of the QR code for ``data`` (dark on white, quiet zone included; never a Micro QR
    code, which phone cameras do not read); raises ``segno.DataOverflowError`` (a ``ValueError``)
    when no QR code holds it (``qr_holds``)."""
    buf = io.BytesIO()
    segno.make(data, error=error, micro=False).save(buf, kind="png", scale=scale, border=border)
    return buf.getvalue()


def qr_image(data: str, *, size: int = 240, label: str | None = None, scale: int = 8,
             error: str = "m") -> ft.Control:
    """A square QR code of ``size`` px on a white card (scanners need the light border).

    ``label`` becomes the image's semantics label (screen readers, browser tests);
    it defaults to the encoded text itself. ``error``: segno's error level (l, m, q, h).
    Text no QR code can hold is shown as itself on the card instead: a screen never fails for
    it (a caller that wants its own words and a copy button asks ``qr_holds`` first).
    """
    try:
        png = qr_png(data, scale=scale, error=error)
    except segno.DataOverflowError:
        return ft.Container(content=ft.Text(data, size=12, color=ft.Colors.BLACK, max_lines=6,
                                            overflow=ft.TextOverflow.ELLIPSIS, semantics_label=label or data),
                            bgcolor=ft.Colors.WHITE, padding=8, border_radius=8, width=size)
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
