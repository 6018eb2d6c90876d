"""The backup screen: export (file, text, results as CSV) and import, checked before anything is stored
(an app extension, registered by ``companion.screens.history``)."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import flet as ft

from companion.records import backup as B, history as H
from companion.screens import bgstats as bgstats_ui
from companion.screens.history_parts import SHOW_MAX, back_row, label_of
from components import theme
from components.common import big_button, info_line, section_title

if TYPE_CHECKING:
    from companion.shell import Shell

log = logging.getLogger("tischrichter.history")


# --- backup -------------------------------------------------------------------------------------
def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _do_export(shell: Shell, kind: str, gid: str | None = None) -> None:
    store = shell.ctx.store
    if kind == "json":
        backup = B.export_backup(store)
        text = B.backup_text(backup)
        name = f"tischrichter-backup-{_stamp()}.json"
        summary = shell.t("hist.bk.summary", games=shell.t("hist.st.games", n=len(backup["records"])),
                          profiles=shell.t("hist.n.profiles", n=len(backup["profiles"])))
    elif kind == "csv":
        text = B.results_csv(store)
        name = f"tischrichter-results-{_stamp()}.csv"
        summary = ""
    else:
        import json

        assert gid is not None  # one game's export always names it
        text = json.dumps(B.export_record(store, gid), ensure_ascii=False, indent=1)
        name = f"tischrichter-game-{gid[:12]}.json"
        summary = ""
    # nothing is written on the server's disk and no server path is shown; the file is the
    # browser's own download (FilePicker.save_file with the bytes, see _download)
    shell.ui["hist_out"] = {"kind": kind, "text": text, "why": None, "summary": summary, "name": name}


def is_seat_phone(shell: Shell) -> bool:
    """A player's own phone (it holds a seat of some game): it must not see others' secrets."""
    return shell.seats is not None or bool(getattr(shell, "join_seat_locks", None))


def backup_screen(shell: Shell) -> list[ft.Control]:
    store = shell.ctx.store
    out: list[ft.Control] = [ft.Text(shell.t("hist.bk.title"), size=22, weight=ft.FontWeight.BOLD)]
    if is_seat_phone(shell):
        out.append(ft.Text(shell.t("hist.bk.host_only"), size=15))
        return out
    one = shell.ui.get("hist_export")
    if one and store.has_game(one) and not shell.ui.get("hist_out"):
        _do_export(shell, "one", one)
    if one and store.has_game(one):
        g = next((x for x in H.finished_games(store) if x["id"] == one), None)
        label = label_of(shell, g) if g else one[:12]
        out.append(back_row(shell))
        out.append(section_title(shell.t("hist.bk.one_title", label=label)))
    else:
        out.append(section_title(shell.t("hist.bk.export")))

        async def run(kind: str) -> None:
            _do_export(shell, kind)
            await _download(shell)  # straight to the browser's download; "Nochmal herunterladen" repeats it

        async def run_json(e: ft.Event[ft.Button]) -> None:
            await run("json")

        async def run_csv(e: ft.Event[ft.Button]) -> None:
            await run("csv")

        out.append(ft.Row([big_button(shell.t("hist.bk.all_json"), run_json),
                           big_button(shell.t("hist.bk.csv"), run_csv)], wrap=True, spacing=8,
                          run_spacing=8))
        out += bgstats_ui.backup_section(shell, _download)  # a date range as one BG Stats play file
    res = shell.ui.get("hist_out")
    if res:
        if res.get("summary"):
            out.append(ft.Text(res["summary"], size=15))
        if res.get("why"):
            out.append(info_line(shell.t("hist.bk.download_failed"), color=theme.NOTICE))
        async def download(e: ft.Event[ft.Button]) -> None:
            await _download(shell)

        if res.get("downloaded"):  # only once the browser has the file, before the button
            out.append(ft.Text(shell.t("hist.bk.downloaded", name=res["name"]), size=14))
        out.append(big_button(shell.t("hist.bk.download_again" if res.get("downloaded") else "hist.bk.download"),
                              download, tooltip=shell.t("hist.bk.download_tip", name=res["name"])))
        if len(res["text"]) <= SHOW_MAX:
            out.append(ft.TextField(label=shell.t("hist.bk.out_label"), value=res["text"], read_only=True,
                                    multiline=True, min_lines=3, max_lines=10, text_size=12))
        else:
            out.append(info_line(shell.t("hist.bk.too_big", chars=len(res["text"]))))
    if one:
        return out
    out.append(section_title(shell.t("hist.bk.import")))
    if store.readonly:
        out.append(info_line(shell.t("hist.bk.readonly"), color=theme.NOTICE))
        return out
    out.append(ft.Text(shell.t("hist.bk.import_help"), size=14))
    async def pick(e: ft.Event[ft.Button]) -> None:
        await _pick_and_import(shell)

    out.append(big_button(shell.t("hist.bk.pick_file"), pick))

    def typed(e: ft.Event[ft.TextField]) -> None:
        shell.ui["hist_in"] = e.control.value or ""

    out.append(ft.TextField(label=shell.t("hist.bk.in_label"), value=shell.ui.get("hist_in", ""), multiline=True,
                            min_lines=3, max_lines=8, text_size=12, on_change=typed))
    msg = shell.ui.get("hist_msg")
    if msg:
        out.append(info_line(msg[1], color=theme.SUCCESS if msg[0] == "ok" else theme.REFUSAL))
    async def do_import(e: ft.Event[ft.Button]) -> None:
        await _do_import(shell)

    out.append(big_button(shell.t("hist.bk.do_import"), do_import, color=theme.PRIMARY,
                          text_color=theme.ON_PRIMARY))
    return out


async def _download(shell: Shell) -> None:
    """The browser's own download (FilePicker.save_file with the bytes: works offline in the web client)."""
    res = shell.ui.get("hist_out")
    if not res:
        return
    try:
        await ft.FilePicker().save_file(file_name=res["name"], src_bytes=res["text"].encode("utf-8"))
        res["downloaded"], res["why"] = True, None
    except Exception as exc:  # no client answer or a platform without it: the text stays shown to copy
        log.info("download failed: %s", exc)
        res["why"] = True  # said in words; the reason is in the log
    shell.render()


async def _pick_and_import(shell: Shell) -> None:
    try:
        files = await ft.FilePicker().pick_files(with_data=True, file_type=ft.FilePickerFileType.CUSTOM,
                                                 allowed_extensions=["json"])
    except Exception as exc:
        log.info("file picker failed: %r", exc)
        shell.ui["hist_msg"] = ("bad", shell.t("hist.bk.picker_failed"))
        shell.render()
        return
    if not files or files[0].bytes is None:
        return
    await _do_import(shell, files[0].bytes)


async def _do_import(shell: Shell, data: str | bytes | None = None) -> None:
    """Checked and written off the event loop (a large backup stalls no other table)."""
    text = shell.ui.get("hist_in", "") if data is None else data
    if shell.ui.get("hist_busy"):  # one import at a time: a second tap waits for the first's answer
        return
    shell.ui["hist_busy"] = True
    shell.ui["hist_msg"] = ("ok", shell.t("hist.bk.importing"))
    shell.render()
    try:
        rep = await B.import_backup_async(shell.ctx.store, text)
    except H.ImportRefused as exc:
        shell.ui["hist_msg"] = ("bad", exc.message(shell.lang))
        shell.render()
        return
    finally:
        shell.ui["hist_busy"] = False
    msg = shell.t("hist.bk.imported", added=shell.t("hist.n.new_games", n=rep.added), already=rep.already,
                  profiles=shell.t("hist.n.new_profiles", n=rep.profiles_added))
    if rep.differing:
        msg += " " + shell.t("hist.bk.differing", n=rep.differing)
    shell.ui["hist_msg"] = ("ok", msg)
    if data is None:
        shell.ui["hist_in"] = ""
    shell.render()
