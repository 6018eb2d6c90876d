"""Qwixx Longo's result screen: places, every row's crosses and points, the way to a new game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.games.qwixx.play_screen import STYLE
from companion.games.qwixx.words import GAME, color_name
from companion.result_end import reopen_button, reopen_question
from components.common import TOUCH, big_button
from scoring.qwixx_longo import (
    COLORS,
)

if TYPE_CHECKING:
    from companion.app import Shell


# --- result ------------------------------------------------------------------------------
def result_view(shell: Shell) -> ft.Control:
    table = shell.game_table
    result = table.game.result(table.state)
    out: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(shell.t("result.title"), size=22, weight=ft.FontWeight.BOLD, expand=True),
                reopen_button(shell),
            ]
        )
    ]
    ask = reopen_question(shell)  # issue 25.2: reopening a finished game asks first
    if ask is not None:
        out.append(ask)
    for p in sorted(result.players, key=lambda p: (p.place, p.seat)):
        b = p.breakdown
        bonus = (", ".join(color_name(shell, c) for c in COLORS if b["rows"][c]["bonus"])
                 or shell.t("q8.result.no_bonus"))
        out.append(
            ft.Container(
                bgcolor=ft.Colors.AMBER_50 if p.place == 1 else ft.Colors.BLUE_GREY_50,
                border_radius=10,
                padding=10,
                content=ft.Column(
                    [
                        ft.Text(shell.t("q8.result.line", place=p.place, name=p.name, total=p.total), size=20,
                                weight=ft.FontWeight.BOLD),
                        *[
                            ft.Text(
                                shell.t(
                                    "q8.result.sheet_row",
                                    color=color_name(shell, c),
                                    crosses=(" ".join(map(str, b["rows"][c]["crosses"])) or "–")
                                    + (" " + shell.t("q8.result.lock_bonus") if b["rows"][c]["bonus"] else ""),
                                    count=b["rows"][c]["count"],
                                    points=b["rows"][c]["points"],
                                ),
                                size=14,
                                color=ft.Colors.AMBER_900 if c == "yellow" else STYLE[c][0],
                            )
                            for c in COLORS
                        ],
                        ft.Text(shell.t("q8.result.detail" if b["penalty"] else "q8.result.detail_clean",
                                        bonus=bonus, misthrows=b["misthrows"], penalty=b["penalty"]), size=14),
                    ],
                    spacing=2,
                ),
            )
        )
    out.append(ft.TextButton(content=shell.t("q8.result.why"), height=TOUCH,
                             on_click=lambda e: shell.show_rule("q8.score")))
    out.append(big_button(shell.t("result.new_game"), lambda e: shell.go_setup(GAME), color=ft.Colors.INDIGO_600,
                          text_color=ft.Colors.WHITE))
    return ft.Column(out, spacing=10)
