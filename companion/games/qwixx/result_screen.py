"""Qwixx Longo's result screen: places, every row's crosses and points, the way to a new game."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import flet as ft

from companion.games.qwixx.play_screen import STYLE
from companion.games.qwixx.words import GAME, color_name
from companion.screens.result_end import (
    END_REASON,
    NEXT_START,
    PROFILE_EXTRA,
    ProfileExtra,
    RecordOptions,
    and_names,
    end_block,
    reopen_button,
    reopen_question,
    result_footer,
)
from components import theme
from scoring.engine import PlayerSpec
from scoring.qwixx_longo import COLORS, State

if TYPE_CHECKING:
    from companion.shell import Shell


# --- result ------------------------------------------------------------------------------
def _sheet_row(shell: Shell, color: str, text: str, ink: str | None) -> ft.Control:
    """One row of a player's sheet in words, after the row's letter in the row's own colour (as on
    the sheet: the colour stays the same on a dark phone, the words take the card's text colour)."""
    strong, _, on_strong = STYLE[color]
    chip = ft.Container(
        ft.Text(shell.t(f"q8.letter.{color}"), size=11, weight=ft.FontWeight.BOLD, color=on_strong, no_wrap=True),
        bgcolor=strong, width=22, height=18, border_radius=4, alignment=ft.Alignment.CENTER,
    )
    return ft.Row([chip, ft.Text(text, size=14, color=ink, expand=True)], spacing=6,
                  vertical_alignment=ft.CrossAxisAlignment.START)


def result_view(shell: Shell) -> ft.Control:
    table = shell.game_table
    result = table.game.result(table.state_as(State))
    out: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(shell.t("result.title"), size=22, weight=ft.FontWeight.BOLD, expand=True),
                reopen_button(shell),
            ]
        )
    ]
    ask = reopen_question(shell)  # reopening a finished game asks first
    if ask is not None:
        out.append(ask)
    out += end_block(shell)  # who won, in one line, and why the game ended
    for p in sorted(result.players, key=lambda p: (p.place, p.seat)):
        b = p.breakdown
        bonus = (", ".join(color_name(shell, c) for c in COLORS if b["rows"][c]["bonus"])
                 or shell.t("q8.result.no_bonus"))
        ink = theme.ON_NOTICE if p.place == 1 else None  # the winner's card stands out
        out.append(
            ft.Container(
                bgcolor=theme.NOTICE if p.place == 1 else theme.CARD,
                border_radius=10,
                padding=10,
                content=ft.Column(
                    [
                        ft.Text(shell.t("q8.result.line", place=p.place, name=p.name, total=p.total), size=20,
                                weight=ft.FontWeight.BOLD, color=ink),
                        *[
                            _sheet_row(shell, c, shell.t(
                                "q8.result.sheet_row",
                                color=color_name(shell, c),
                                crosses=(" ".join(map(str, b["rows"][c]["crosses"])) or "–")
                                + (" " + shell.t("q8.result.lock_bonus") if b["rows"][c]["bonus"] else ""),
                                count=b["rows"][c]["count"],
                                points=b["rows"][c]["points"],
                            ), ink)
                            for c in COLORS
                        ],
                        ft.Text(shell.t("q8.result.detail" if b["penalty"] else "q8.result.detail_clean",
                                        bonus=bonus, misthrows=b["misthrows"], penalty=b["penalty"]), size=14,
                                color=ink),
                    ],
                    spacing=2,
                ),
            )
        )
    out += result_footer(shell, "q8.result.why", "q8.score", GAME)  # "Warum so?", "Nochmal", "Neues Spiel"
    return ft.Column(out, spacing=10)


# --- the end's hooks (companion.screens.result_end) ----------------------------------------------
def end_reason(shell: Shell, state: State) -> str | None:
    """q8.end: the rows locked (in the order they were), or whose misthrow ended it."""
    lines = []
    if len(state.removed) >= state.options.end_locked_rows:
        lines.append(shell.t("q8.end.locked_one" if len(state.removed) == 1 else "q8.end.locked_many",
                             rows=and_names(shell, [color_name(shell, c) for c in state.removed])))
    for seat, sheet in enumerate(state.sheets):
        if sheet.misthrows >= state.options.end_misthrows:
            lines.append(shell.t("q8.end.misthrow", n=sheet.misthrows, name=state.names[seat]))
    return " ".join(lines) or None


T = TypeVar("T")


def rotate(items: list[T], k: int) -> list[T]:
    """The seats in the same order round the table, seat ``k`` first (the one who begins)."""
    return items[k:] + items[:k] if items else items


def next_start(players: list[PlayerSpec], options: RecordOptions) -> tuple[list[PlayerSpec], RecordOptions, int]:
    """Qwixx's first seat rolls first: the same table moved on by one, lucky numbers with their sheets."""
    options = dict(options)
    if options.get("lucky_numbers"):
        options["lucky_numbers"] = rotate(list(options["lucky_numbers"]), 1)
    return rotate(list(players), 1), options, 0


def profile_extra(options: RecordOptions, seat: int) -> ProfileExtra:
    lucky = list(options.get("lucky_numbers") or [])
    return {"lucky": list(lucky[seat])} if seat < len(lucky) else {}


END_REASON[GAME] = end_reason
NEXT_START[GAME] = next_start
PROFILE_EXTRA[GAME] = profile_extra
