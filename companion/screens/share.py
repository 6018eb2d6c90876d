"""A finished game's result shared as a picture: the group's chat gets what the table saw.

Below every result screen (``RESULT_EXTRAS``) one button takes a picture of the result card (Flet's
``Screenshot``: the shell wraps the game's result view in one and keeps it under
``RESULT_SHOT``), and hands it to the phone's share sheet (Flet's ``Share``: the browser's Web Share
API, and where a browser has none, its download). A browser that answers neither: the picture is
offered as a download through the file dialog. An app extension (``companion.app.EXTENSION_MODULES``).
"""

from __future__ import annotations

import asyncio
import logging
import time

import flet as ft

from companion.i18n import add_strings
from companion.shell import CLIENT_ANSWER_TIMEOUT, RESULT_EXTRAS, Shell
from components import theme
from components.common import big_button, keyed

log = logging.getLogger("tischrichter.share")

RESULT_SHOT = "result_shot"  # Shell.ui key: the Screenshot around the result shown now

add_strings(
    {
        "share.button": {"de": "Ergebnis als Bild teilen", "en": "Share the result as a picture"},
        "share.text": {"de": "{game}: unser Ergebnis (Tischrichter)", "en": "{game}: our result (Tischrichter)"},
        "share.done": {"de": "Bild geteilt.", "en": "Picture shared."},
        "share.saved": {"de": "Bild gespeichert: {name}", "en": "Picture saved: {name}"},
        "share.failed": {
            "de": "Das Bild ließ sich auf diesem Gerät nicht teilen oder speichern.",
            "en": "The picture could not be shared or saved on this device.",
        },
    }
)


def wrap_result(shell: Shell, result: ft.Control) -> ft.Control:
    """The game's result view inside a Screenshot the share button can capture."""
    # on the theme's surface: a picture with a transparent ground loses its light text (dark theme)
    # on a chat's white page
    shot = ft.Screenshot(content=ft.Container(result, bgcolor=ft.Colors.SURFACE, padding=ft.Padding.only(bottom=4)))
    shell.ui[RESULT_SHOT] = shot
    return shot


def share_row(shell: Shell) -> list[ft.Control]:
    """The share button below a finished game's result, and what the last tap did."""
    table = shell.table
    if table is None or not table.is_over():
        return []
    said = shell.ui.get(("share_said", table.id))

    async def share(e: ft.Event[ft.Button]) -> None:
        await share_picture(shell, table.id, shell.game_title(table.game.id))

    out: list[ft.Control] = [big_button(shell.t("share.button"), share, color=theme.PRIMARY,
                                        text_color=theme.ON_PRIMARY)]
    if isinstance(said, str):
        out.append(ft.Text(said, size=14, color=theme.MUTED))
    return [keyed(ft.Column(out, spacing=6), "share")]


async def share_picture(shell: Shell, table_id: str, title: str) -> None:
    """Capture the result card and share it; where sharing fails, save it; say which happened."""
    shot = shell.ui.get(RESULT_SHOT)
    name = f"tischrichter-{time.strftime('%Y%m%d-%H%M')}.png"
    said: str | None = shell.t("share.failed")
    try:
        if not isinstance(shot, ft.Screenshot):
            raise LookupError("no result shown")
        png = await asyncio.wait_for(shot.capture(), timeout=CLIENT_ANSWER_TIMEOUT)
        file = ft.ShareFile.from_bytes(png, mime_type="image/png", name=name)
        status: ft.ShareResultStatus | None = None
        try:
            result = await asyncio.wait_for(
                ft.Share().share_files([file], text=shell.t("share.text", game=title)), timeout=CLIENT_ANSWER_TIMEOUT)
            status = result.status
        except Exception as exc:  # no share sheet and no download fallback: the file dialog below
            log.info("share failed, saving instead: %r", exc)
        if status == ft.ShareResultStatus.SUCCESS:
            said = shell.t("share.done")
        elif status == ft.ShareResultStatus.DISMISSED:
            said = None  # the player closed the sheet: nothing to say
        else:
            await asyncio.wait_for(ft.FilePicker().save_file(file_name=name, src_bytes=png),
                                   timeout=CLIENT_ANSWER_TIMEOUT)
            said = shell.t("share.saved", name=name)
    except Exception as exc:  # nothing captured or saved: the table hears so, the result stays
        log.info("result picture failed: %r", exc)
    shell.ui[("share_said", table_id)] = said
    shell.render()


if share_row not in RESULT_EXTRAS:
    RESULT_EXTRAS.insert(0, share_row)
