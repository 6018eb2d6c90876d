"""The tiny race's setup screen: two names, start."""

from __future__ import annotations

from typing import Any

import flet as ft

from components.common import big_button
from scoring.engine import PlayerSpec
from tests.companion.games.tiny_game.engine import GAME_ID


def setup_view(shell: Any) -> ft.Control:
    names = shell.ui.setdefault("tr_names", ["", ""])

    def typed(i: int):
        def handler(e: Any) -> None:
            names[i] = e.control.value or ""
        return handler

    fields = [ft.TextField(label=shell.t("setup.player_name", n=i + 1), value=names[i], on_change=typed(i))
              for i in range(2)]

    def start(e: Any) -> None:
        try:
            players = [PlayerSpec(name=n or shell.t("setup.default_name", n=i + 1)) for i, n in enumerate(names)]
        except ValueError:
            return
        shell.start_game(GAME_ID, players, {"goal": 10})

    out: list[ft.Control] = [ft.Text(shell.t("tr.setup.title"), size=22, weight=ft.FontWeight.BOLD), *fields,
                             big_button(shell.t("setup.start"), start)]
    refusal = shell.refusal_control()
    if refusal:
        out.append(refusal)
    return ft.Column(out, spacing=10)
