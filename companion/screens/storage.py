"""Games that outlive the browser's housekeeping: the phone site only.

Browsers may clear a site's storage, where the phone site keeps its games (IndexedDB): under
storage pressure when the storage is only best-effort, and Safari on iPhone after seven days
without a visit unless the site was added to the home screen. The page asks the browser to keep
it (``navigator.storage.persist()``); ``companion.platform.ask_storage`` hears the answer. When
the browser did not promise it:

- the home screen says so once, in a player's words (add the app to the home screen; make a
  backup), until "Verstanden" (remembered in the store's ``meta``: a cleared store says it again);
- every finished game's result screen offers the backup as a download (``RESULT_EXTRAS``).

An app extension (``companion.app.EXTENSION_MODULES``). On the server nothing of this shows.
"""

from __future__ import annotations

import logging
import time

import flet as ft

from companion import platform
from companion.i18n import add_strings
from companion.shell import EXTENSIONS, RESULT_EXTRAS, TOP_EXTRAS, Shell
from companion.store import StoreError
from components import theme
from components.common import big_button, keyed

log = logging.getLogger("tischrichter.storage")

SEEN = "storage_notice_seen"  # meta key: the player read the notice on this phone

add_strings(
    {
        "kept.notice": {
            "de": "Dieser Browser darf die Spiele auf diesem Handy löschen: wenn der Speicher knapp wird, und Safari "
                  "auf dem iPhone schon, wenn die Seite sieben Tage nicht geöffnet wurde. So bleiben sie: "
                  "die App zum Startbildschirm hinzufügen (Android/Chrome: im Menü mit den drei Punkten "
                  "„Zum Startbildschirm hinzufügen“ oder „App installieren“; iPhone/Safari: Teilen, dann "
                  "„Zum Home-Bildschirm“) und nach dem Spiel eine Sicherung herunterladen "
                  "(„Sichern & Einlesen“).",
            "en": "This browser may delete the games on this phone: when storage runs low, and Safari on "
                  "iPhone already when the site was not opened for seven days. To keep them: add the app to "
                  "the home screen (Android/Chrome: in the menu with the three dots, “Add to Home screen” or "
                  "“Install app”; iPhone/Safari: Share, then “Add to Home Screen”) and download a backup after "
                  "the game (“Backup & import”).",
        },
        "kept.short": {
            "de": "Dieser Browser darf die Spiele auf diesem Handy löschen.",
            "en": "This browser may delete the games on this phone.",
        },
        "kept.more": {"de": "Mehr", "en": "More"},
        "kept.ok": {"de": "Verstanden", "en": "Got it"},
        "kept.offer": {
            "de": "Dieser Browser darf die Spiele löschen: eine Sicherung als Datei hebt sie auf.",
            "en": "This browser may delete the games: a backup file keeps them.",
        },
        "kept.download": {"de": "Sicherung herunterladen", "en": "Download a backup"},
        "kept.download_tip": {"de": "Alle Spiele als Datei sichern", "en": "Save every game as a file"},
        "kept.done": {
            "de": "Gesichert: {name}. Einlesen geht unter „Sichern & Einlesen“.",
            "en": "Saved: {name}. To import it: “Backup & import”.",
        },
        "kept.failed": {
            "de": "Herunterladen ging nicht. Unter „Sichern & Einlesen“ gibt es die Sicherung auch als Text "
                  "zum Kopieren.",
            "en": "The download did not work. Under “Backup & import” the backup is also shown as text to copy.",
        },
    }
)


def _shows(shell: Shell) -> bool:
    return platform.is_phone() and not shell.is_guest


# --- the answer -----------------------------------------------------------------------------------
def extension(shell: Shell) -> None:
    """Session start (phone): once the browser's answer is in, draw the screen again with it."""
    if not platform.is_phone() or platform.storage_kept() is not None:
        return

    async def wait() -> None:
        try:
            kept = await platform.ask_storage()
        except Exception:  # no answer: nothing is said, the result screens offer the backup anyway
            log.exception("the browser's storage answer failed")
            return
        if kept is not None:  # the notice and the result screen's offer follow the answer
            try:
                shell.render()
            except Exception as exc:  # the session ended meanwhile
                log.debug("storage answer not drawn: %r", exc)

    try:
        shell.page.run_task(wait)
    except RuntimeError as exc:  # the session's loop is gone
        log.debug("storage answer not awaited: %r", exc)


# --- once: on the home screen -----------------------------------------------------------------------
def notice(shell: Shell) -> list[ft.Control]:
    """On the home screen, while the browser did not promise to keep the store and it was not read."""
    if not _shows(shell) or shell.screen != "home" or platform.storage_kept() is not False:
        return []
    store = shell.ctx.store
    if shell.storage_notice_seen or store.meta(SEEN) == "1":
        return []

    def seen(e: ft.Event[ft.TextButton]) -> None:
        shell.storage_notice_seen = True
        try:
            store.set_meta(SEEN, "1")
        except StoreError as exc:  # a store that takes nothing (read only): read in this session
            log.info("notice not remembered: %s", exc)
        shell.render()

    def more(e: ft.Event[ft.TextButton]) -> None:
        shell.ui["kept_more"] = not shell.ui.get("kept_more")
        shell.render()

    # One line above the games, not a paragraph before them: what to do is one tap on "Mehr" away.
    line = ft.Row([ft.Text(shell.t("kept.short"), size=14, expand=True, color=theme.ON_NOTICE),
                   ft.TextButton(content=shell.t("kept.more"), height=48, on_click=more),
                   ft.TextButton(content=shell.t("kept.ok"), height=48, on_click=seen)],
                  spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    parts: list[ft.Control] = [line]
    if shell.ui.get("kept_more"):
        parts.append(ft.Text(shell.t("kept.notice"), size=14, color=theme.ON_NOTICE))
    box = ft.Container(content=ft.Column(parts, spacing=4), bgcolor=theme.NOTICE, border_radius=10,
                       padding=ft.Padding.only(left=10, right=2, top=2, bottom=2))
    return [keyed(box, "storage_notice")]


# --- after each finished game: the backup -------------------------------------------------------------
def result_offer(shell: Shell) -> list[ft.Control]:
    """Below a finished game's result: the backup as one tap, unless the browser keeps the store."""
    table = shell.table
    if not _shows(shell) or table is None or not table.is_over() or platform.storage_kept() is True:
        return []
    done = shell.ui.get("kept_backup")
    done = done if isinstance(done, dict) and done.get("game") == table.id else None

    async def download(e: ft.Event[ft.Button]) -> None:
        await _download(shell, table.id)

    out: list[ft.Control] = [ft.Text(shell.t("kept.offer"), size=15),
                             big_button(shell.t("kept.download"), download, tooltip=shell.t("kept.download_tip"))]
    if done is not None:
        out.append(ft.Text(shell.t("kept.done", name=done["name"]) if done["ok"] else shell.t("kept.failed"),
                           size=14))
    return [keyed(ft.Column(out, spacing=8), "storage_offer")]


async def _download(shell: Shell, game_id: str) -> None:
    """Every game and profile as a backup file (``companion.records.backup``), the browser's own download."""
    from companion.records import backup as B

    name = f"tischrichter-backup-{time.strftime('%Y%m%d-%H%M%S')}.json"
    try:
        text = B.backup_text(B.export_backup(shell.ctx.store))
        await ft.FilePicker().save_file(file_name=name, src_bytes=text.encode("utf-8"))
        ok = True
    except Exception as exc:  # no client answer, a store that cannot be read: say so, nothing changed
        log.info("backup download failed: %s", exc)
        ok = False
    shell.ui["kept_backup"] = {"game": game_id, "name": name, "ok": ok}
    shell.render()


if extension not in EXTENSIONS:
    EXTENSIONS.append(extension)
if notice not in TOP_EXTRAS:
    TOP_EXTRAS.append(notice)
if result_offer not in RESULT_EXTRAS:
    RESULT_EXTRAS.append(result_offer)
