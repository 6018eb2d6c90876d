"""The end of a game, the same on every result screen (issue 25.2, 25.12).

- ``reopen_button`` / ``reopen_question``: the undo arrow on a result screen does not reopen
  the finished game at once; it asks first and says what happens (the final score is taken back
  and the game is open again at its last move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import add_strings
from components.common import TOUCH, big_button

if TYPE_CHECKING:
    from companion.app import Shell

add_strings(
    {
        "end.reopen_tip": {"de": "Spiel wieder öffnen", "en": "Reopen the game"},
        "end.reopen_ask": {
            "de": "Spiel wieder öffnen? Die Wertung wird zurückgenommen.",
            "en": "Reopen the game? The final score is taken back.",
        },
        "end.reopen_what": {
            "de": "Der letzte Zug wird zurückgenommen, das Spiel ist wieder offen und verschwindet aus dem Verlauf, "
                  "bis es wieder endet.",
            "en": "The last move is taken back, the game is open again and leaves the history until it ends again.",
        },
        "end.reopen_yes": {"de": "Ja, wieder öffnen", "en": "Yes, reopen"},
        "end.reopen_no": {"de": "Nein, Wertung behalten", "en": "No, keep the score"},
    }
)


def _asked(shell: Shell) -> bool:
    return shell.ui.get("reopen_ask") == (shell.game_table.id, shell.game_table.seq)


def reopen_button(shell: Shell) -> ft.Control:
    """The undo arrow of a result screen: it asks before the finished game is reopened."""
    table = shell.game_table

    def ask(e: Any) -> None:
        shell.ui["reopen_ask"] = (table.id, table.seq)
        shell.render()

    return ft.IconButton(icon=ft.Icons.UNDO, tooltip=shell.t("end.reopen_tip"), on_click=ask,
                         disabled=not table.may_undo(shell.seats), icon_size=30)


def reopen_question(shell: Shell) -> ft.Control | None:
    """The question, with what happens, once the arrow was tapped; None otherwise."""
    if not _asked(shell):
        return None

    def yes(e: Any) -> None:
        shell.ui.pop("reopen_ask", None)
        shell.undo()

    def no(e: Any) -> None:
        shell.ui.pop("reopen_ask", None)
        shell.render()

    return ft.Container(
        bgcolor=ft.Colors.AMBER_100, border_radius=10, padding=10,
        content=ft.Column(
            [
                ft.Text(shell.t("end.reopen_ask"), size=17, weight=ft.FontWeight.BOLD),
                ft.Text(shell.t("end.reopen_what"), size=15),
                ft.Row(
                    [
                        big_button(shell.t("end.reopen_yes"), yes, color=ft.Colors.RED_700,
                                   text_color=ft.Colors.WHITE),
                        ft.OutlinedButton(content=shell.t("end.reopen_no"), height=TOUCH, on_click=no),
                    ],
                    wrap=True, spacing=8, run_spacing=8,
                ),
            ],
            spacing=6,
        ),
    )
