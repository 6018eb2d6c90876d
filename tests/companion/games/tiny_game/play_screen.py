"""The tiny race's play screen: squares, a die to tap, the move."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.screens.rules import dispute_button
from components.common import big_button, section_title
from tests.companion.games.tiny_game.engine import GAME_ID


def play_view(shell: Any) -> ft.Control:
    table = shell.table
    state = table.state
    name = state.names[state.turn]
    out: list[ft.Control] = [section_title(shell.game_title(GAME_ID))]
    out += [ft.Text(shell.t("tr.play.squares", name=n, pos=p, goal=state.goal), size=16)
            for n, p in zip(state.names, state.pos)]
    if table.game.pending_roll(state) is not None:
        out.append(ft.Text(shell.t("tr.play.to_roll", name=name), size=18))
        out.append(ft.Row([ft.Button(content=str(v), tooltip=shell.t("tr.play.rolled", value=v),
                                     on_click=lambda e, v=v: shell.roll([v])) for v in range(1, 7)], wrap=True))
    else:
        out.append(ft.Text(shell.t("tr.play.to_move", name=name, die=state.die), size=18))
        out.append(big_button(shell.t("tr.play.move"), lambda e: shell.submit({"type": "move", "by": state.turn})))
    refusal = shell.refusal_control()
    if refusal:
        out.append(refusal)
    out.append(ft.Row([ft.IconButton(icon=ft.Icons.UNDO, tooltip=shell.t("play.undo"), on_click=lambda e: shell.undo()),
                       dispute_button(shell)]))
    return ft.Column(out, spacing=10)
