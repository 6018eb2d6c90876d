"""BG Stats on the screens: below every result screen, from the history, and a date
range as one play file on the backup screen. An app extension (``companion.app.EXTENSION_MODULES``).

What is sent comes from ``companion.records.bgstats`` (plain Python); here only buttons and the QR code
(``components.link_qr``). The link opens on the tap (the client opens it, no network from us);
the same tap shows the link as a QR code for another phone at the table.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import date, datetime
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import add_strings
from companion.records import bgstats as B
from companion.screens.history_parts import game_label
from companion.shell import RESULT_EXTRAS, SCREENS
from components import theme
from components.common import TOUCH, big_button, info_line, keyed, section_title
from components.link_qr import link_with_qr

if TYPE_CHECKING:
    from companion.shell import Shell

log = logging.getLogger("tischrichter.bgstats")

add_strings(
    {
        # a play whose link no QR code holds (eight long names in CJK letters or emoji): the link as text
        "bg.qr_too_long": {
            "de": "Dieser Link ist zu lang für einen QR-Code. Kopiere ihn und schicke ihn dem anderen Handy.",
            "en": "This link is too long for a QR code. Copy it and send it to the other phone.",
        },
        "bg.copy": {"de": "Link kopieren", "en": "Copy link"},
        "bg.copied": {"de": "Link kopiert", "en": "Link copied"},
    }
)


def _panel(shell: Shell, key: str, link: str, label: str, *, always: bool = False) -> ft.Control:
    def shown(e: ft.Event[ft.Button]) -> None:
        shell.ui["bg_qr"] = key
        shell.render()

    return link_with_qr(shell.t("bg.button"), link, show_qr=always or shell.ui.get("bg_qr") == key,
                        qr_help=shell.t("bg.qr_help"), qr_label=shell.t("bg.qr_label", label=label),
                        on_click=None if always else shown, tooltip=shell.t("bg.button_tip", label=label),
                        too_long=shell.t("bg.qr_too_long"), copy=shell.t("bg.copy"), copied=shell.t("bg.copied"))


def result_extra(shell: Shell) -> list[ft.Control]:
    """Below a finished game's result screen: "In BG Stats eintragen" (+ its QR code once tapped)."""
    table = shell.table
    if table is None or not table.is_over():
        return []
    record = table.record.model_copy(update={"actions": table.record.actions[: table.cursor]})
    try:
        play = B.make_play(record, table.game.result(table.state), shell.lang)
    except B.BGStatsRefused as exc:
        return [keyed(info_line(exc.message(shell.lang), color=theme.NOTICE), "bgstats")]
    label = shell.game_title(table.game.id)
    return [keyed(_panel(shell, table.id, B.link(play), label), "bgstats")]


def history_button(shell: Shell, game_id: str, label: str) -> ft.Control:
    """On a history entry: to the screen with this game's link and QR code."""
    return big_button(shell.t("bg.button"), lambda e: shell.go("bgstats", bg_game=game_id),
                      tooltip=shell.t("bg.button_tip", label=label))


def _player_line(who: str, score: str) -> ft.Control:
    """"3. Ana" and, in a column of its own on the right, "−16 P." (never broken over two lines)."""
    return ft.Row([ft.Text(who, size=16, expand=True),
                   ft.Text(score, size=16, weight=ft.FontWeight.W_600, no_wrap=True, text_align=ft.TextAlign.RIGHT)],
                  spacing=12, vertical_alignment=ft.CrossAxisAlignment.START)


def bgstats_screen(shell: Shell) -> list[ft.Control]:
    """One finished game of the history: what goes to BG Stats, the button and the QR code."""
    gid = shell.ui.get("bg_game") or ""
    back = ft.Row([ft.TextButton(content=shell.t("hist.back_history"), height=TOUCH,
                                 on_click=lambda e: shell.go("history"))], wrap=True)
    try:
        play = B.play_of(shell.ctx.store, gid, shell.lang)
    except B.BGStatsRefused as exc:
        return [back, info_line(exc.message(shell.lang), color=theme.NOTICE)]
    # the same words for the same moment as the game's entry in the history (its start on this clock)
    label = game_label(shell, play.game.sourceGameId, datetime.fromisoformat(play.playDate))
    out: list[ft.Control] = [back, ft.Text(shell.t("bg.title", label=label), size=20, weight=ft.FontWeight.BOLD)]
    out.append(ft.Column([_player_line(who, score) for who, score in B.summary_lines(play, shell.lang)], spacing=4))
    if play.comments:
        out.append(ft.Text(play.comments, size=14, italic=True))
    out.append(_panel(shell, gid, B.link(play), label, always=True))
    return out


# --- the backup screen: a date range as one play file (and the existing CSV) ----------------------
def _range(shell: Shell) -> tuple[date | None, date | None]:
    """The typed range as dates (empty: open); a refusal names the wrong field."""
    first = (shell.ui.get("bg_from") or "").strip()
    last = (shell.ui.get("bg_to") or "").strip()
    a = B.parse_day(first) if first else None
    b = B.parse_day(last) if last else None
    if a and b and a > b:
        raise B.BGStatsRefused("bg.bad_range")
    return a, b


def backup_section(shell: Shell, download: Callable[[Shell], Awaitable[None]]) -> list[ft.Control]:
    """"Für BG Stats": from/to fields, the play file and the results CSV of that range.

    ``download(shell)`` is the backup screen's own download of ``shell.ui["hist_out"]`` (the
    browser's save dialog, the same on the server and in the offline phone site)."""
    from companion.records import backup as H

    def typed(key: str) -> Callable[[ft.Event[ft.TextField]], None]:
        def on_change(e: ft.Event[ft.TextField]) -> None:
            shell.ui[key] = e.control.value or ""
        return on_change

    async def export(kind: str) -> None:
        try:
            first, last = _range(shell)
            plays = B.plays_in_range(shell.ctx.store, first, last, shell.lang)
        except B.BGStatsRefused as exc:
            shell.ui["bg_msg"] = exc.message(shell.lang)
            shell.render()
            return
        if not plays:
            shell.ui["bg_msg"] = shell.t("bg.none_in_range")
            shell.render()
            return
        shell.ui["bg_msg"] = None
        span = f"{plays[0].playDate[:10]}_{plays[-1].playDate[:10]}"
        if kind == "file":
            text, name = B.play_file_text(plays), f"tischrichter-bgstats-{span}.bgsplay"
        else:
            text = H.results_csv(shell.ctx.store, [p.sourcePlayId for p in plays])
            name = f"tischrichter-results-{span}.csv"
        shell.ui["hist_out"] = {"kind": kind, "text": text, "why": None, "name": name,
                                "summary": shell.t("bg.file_summary", n=len(plays))}
        await download(shell)

    async def run_file(e: ft.Event[ft.Button]) -> None:
        await export("file")

    async def run_csv(e: ft.Event[ft.Button]) -> None:
        await export("csv")

    out: list[ft.Control] = [section_title(shell.t("bg.range_title")), ft.Text(shell.t("bg.range_help"), size=14),
                             ft.Row([ft.TextField(label=shell.t("bg.from"), value=shell.ui.get("bg_from", ""),
                                                  on_change=typed("bg_from"), width=160, height=TOUCH + 8),
                                     ft.TextField(label=shell.t("bg.to"), value=shell.ui.get("bg_to", ""),
                                                  on_change=typed("bg_to"), width=160, height=TOUCH + 8)],
                                    wrap=True, spacing=8, run_spacing=8)]
    if shell.ui.get("bg_msg"):
        out.append(info_line(shell.ui["bg_msg"], color=theme.NOTICE))
    out.append(ft.Row([big_button(shell.t("bg.file"), run_file), big_button(shell.t("bg.csv"), run_csv)],
                      wrap=True, spacing=8, run_spacing=8))
    return out


SCREENS["bgstats"] = bgstats_screen
if result_extra not in RESULT_EXTRAS:
    RESULT_EXTRAS.append(result_extra)
