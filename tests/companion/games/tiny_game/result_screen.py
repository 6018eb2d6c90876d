"""The tiny race's result screen."""

from __future__ import annotations

from typing import Any

import flet as ft

from components.common import big_button, info_line
from tests.companion.games.tiny_game.engine import GAME_ID


def result_view(shell: Any) -> ft.Control:
    result = shell.table.game.result(shell.table.state)
    out: list[ft.Control] = [ft.Text(shell.t("result.title"), size=22, weight=ft.FontWeight.BOLD)]
    out += [info_line(shell.t("tr.result.line", place=p.place, name=p.name, total=p.total))
            for p in sorted(result.players, key=lambda p: p.place)]
    out.append(big_button(shell.t("result.new_game"), lambda e: shell.go_setup(GAME_ID)))
    return ft.Column(out, spacing=10)
