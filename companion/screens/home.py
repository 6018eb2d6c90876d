"""The home screen: a new game of each game, the open games to resume, the extensions' rows."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion import registry
from companion.i18n import add_strings
from companion.store import StoreError
from components import theme
from components.common import big_button, info_line, section_title

if TYPE_CHECKING:
    from companion.shell import Shell


add_strings(
    {
        "home.theme": {"de": "Farben", "en": "Colours"},
        "home.theme.system": {"de": "Wie das Handy", "en": "Like the phone"},
        "home.theme.light": {"de": "Hell", "en": "Light"},
        "home.theme.dark": {"de": "Dunkel", "en": "Dark"},
    }
)


def theme_choice(shell: Shell) -> ft.Control:
    """Light, dark, or whatever the phone is set to (the first start's choice)."""
    buttons: list[ft.Control] = []
    for mode, icon in zip(theme.MODES, (ft.Icons.BRIGHTNESS_AUTO, ft.Icons.LIGHT_MODE, ft.Icons.DARK_MODE)):
        chosen = shell.theme_mode == mode
        buttons.append(ft.Button(
            content=ft.Text(shell.t(f"home.theme.{mode}"), size=theme.SMALL,
                            weight=ft.FontWeight.BOLD if chosen else ft.FontWeight.W_500,
                            color=theme.ON_CHOICE if chosen else None),
            icon=ft.Icons.CHECK if chosen else icon, icon_color=theme.ON_CHOICE if chosen else None,
            bgcolor=theme.CHOICE if chosen else None, height=48, expand=True,
            tooltip=shell.t("home.theme") + ": " + shell.t(f"home.theme.{mode}"),
            on_click=lambda e, mode=mode: shell.set_theme(mode),
            style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=theme.RADIUS),
                                 padding=ft.Padding.symmetric(horizontal=6)),
        ))
    return ft.Column([section_title(shell.t("home.theme")), ft.Row(buttons, spacing=6)], spacing=6)


def home_screen(shell: Shell) -> list[ft.Control]:
    out: list[ft.Control] = [section_title(shell.t("home.new_game"))]
    if shell.ctx.store.readonly:
        out.append(info_line(shell.t("home.readonly"), color=theme.NOTICE))
    for gid in registry.game_uis():
        title = shell.game_title(gid)
        out.append(big_button(title, lambda e, gid=gid: shell.go_setup(gid),
                              tooltip=shell.t("home.new_game") + ": " + title))
    out.append(section_title(shell.t("home.resume_title")))
    open_games = shell.ctx.store.games(finished=False, limit=30)
    if shell.scope is not None:
        open_games = [g for g in shell.ctx.store.games(limit=200) if g["id"] in shell.scope]
    if not open_games:
        out.append(ft.Text(shell.t("home.none_open"), size=15))
    for g in open_games:
        label = shell.t(
            "home.resume_item",
            game=shell.game_title(g["game"]),
            players=", ".join(g["players"]),
            actions=g["actions"],
        )
        damage = shell.ctx.store.damage_key(g["id"])  # a damaged game: listed, not openable
        if damage is not None:
            out.append(ft.Column([ft.Text(label, size=15), info_line(shell.t(damage[0], **damage[1]),
                                                                   color=theme.REFUSAL)]))
            continue
        out.append(
            ft.Row(
                [
                    ft.Text(label, size=15, expand=True),
                    big_button(shell.t("home.resume"), lambda e, gid=g["id"]: resume(shell, gid),
                               tooltip=shell.t("home.resume") + ": " + label),
                ]
            )
        )
    extra = shell.home_extra
    if extra:
        out += extra(shell)
    if not shell.is_guest:
        out.append(theme_choice(shell))
    return out


def resume(shell: Shell, game_id: str) -> None:
    """Open a game; a game found damaged on opening stays on the home list, marked, with why."""
    shell.flash = None
    try:
        shell.open_table(game_id)
    except StoreError as exc:
        damage = shell.ctx.store.damage_key(game_id)
        if exc.key != "game_damaged" or damage is None:
            raise
        shell.flash = shell.t(damage[0], **damage[1])
        shell.go_home()
