"""The home screen: the open games to play on first, then a new game of each game as a card in its
own colour, the extensions' rows, and the colour choice at the bottom."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion import registry
from companion.i18n import add_strings
from companion.records.history import local_time
from companion.screens.history_parts import when_text
from companion.store import StoreError
from components import theme
from components.common import TOUCH, info_line, section_title
from components.game_card import Look, Mark, OpenGame, new_game_card, open_game_card

if TYPE_CHECKING:
    from companion.shell import Shell
    from companion.store.values import Json


add_strings(
    {
        "home.theme": {"de": "Farben", "en": "Colours"},
        "home.theme.system": {"de": "Wie das Handy", "en": "Like the phone"},
        "home.theme.light": {"de": "Hell", "en": "Light"},
        "home.theme.dark": {"de": "Dunkel", "en": "Dark"},
        # an open game's card: when it was last played, and its moves
        "home.open.when": {
            "de": {"count": "actions", "one": "{when} · {actions} Zug", "other": "{when} · {actions} Züge"},
            "en": {"count": "actions", "one": "{when} · {actions} move", "other": "{when} · {actions} moves"},
        },
        "home.open.spoken": {"de": "{label} · {when}", "en": "{label} · {when}"},
        "home.open.more": {
            "de": {"count": "n", "one": "{n} weiteres offenes Spiel zeigen",
                   "other": "{n} weitere offene Spiele zeigen"},
            "en": {"count": "n", "one": "Show {n} more unfinished game", "other": "Show {n} more unfinished games"},
        },
        # what each game is about, under its title on the new-game card
        "home.line.qwixx-longo": {"de": "Würfeln und ankreuzen", "en": "Roll and cross off"},
        "home.line.verflixxt": {"de": "Figuren ziehen, Tafeln sammeln", "en": "Move figures, collect tiles"},
        "home.line.raus-aus-dem-verlies": {"de": "Schätze finden, rechtzeitig raus",
                                           "en": "Find treasure, get out in time"},
    }
)

OPEN_SHOWN = 2  # open games on the home screen before "weitere zeigen": the new-game cards stay near the top

# Each game's own colour and symbol, the same in a light and a dark theme, the words on it white
# (each at least 6:1). Qwixx Longo: its four row colours as dice, as on its sheet; Verflixxt: its
# plus, minus and lucky tiles, as on the track; the dungeon: its door.
_DIE = ft.Icons.CASINO
LOOKS: dict[str, Look] = {
    "qwixx-longo": Look(ft.Colors.BLUE_GREY_900, ft.Colors.WHITE, (
        (Mark(_DIE, color=ft.Colors.RED_700), Mark(_DIE, color=ft.Colors.AMBER_700)),
        (Mark(_DIE, color=ft.Colors.GREEN_800), Mark(_DIE, color=ft.Colors.BLUE_700)),
    )),
    "verflixxt": Look(ft.Colors.DEEP_ORANGE_900, ft.Colors.WHITE, ((
        Mark(text="+3", color=ft.Colors.GREEN_900, fill=ft.Colors.GREEN_50, border=ft.Colors.GREEN_700),
        Mark(text="\u22122", color=ft.Colors.RED_900, fill=ft.Colors.RED_50, border=ft.Colors.RED_700),
        Mark(text="G", color=ft.Colors.BROWN_900, fill=ft.Colors.AMBER_100, border=ft.Colors.AMBER_800),
    ),)),
    "raus-aus-dem-verlies": Look(ft.Colors.DEEP_PURPLE_800, ft.Colors.WHITE, (
        (Mark(ft.Icons.DOOR_FRONT_DOOR, color=ft.Colors.BROWN_700),),
    )),
}
# a game added later that brings no look of its own: a plain card with a puzzle piece
OTHER_LOOK = Look(ft.Colors.INDIGO_700, ft.Colors.WHITE, ((Mark(ft.Icons.EXTENSION, color=ft.Colors.INDIGO_700),),))


def look_of(game_id: str) -> Look:
    return LOOKS.get(game_id, OTHER_LOOK)


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


def _cards(cards: list[ft.Control]) -> ft.Control:
    """Cards as wide as the screen."""
    return ft.Column(cards, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def new_games(shell: Shell) -> list[ft.Control]:
    cards: list[ft.Control] = []
    for gid in registry.game_uis():
        title = shell.game_title(gid)
        line = shell.t(f"home.line.{gid}") if gid in LOOKS else ""  # each look has its line
        cards.append(new_game_card(title, line, look_of(gid), lambda e, gid=gid: shell.go_setup(gid),
                                   tooltip=shell.t("home.new_game") + ": " + title))
    return [section_title(shell.t("home.new_game")), _cards(cards)]


def _open_card(shell: Shell, g: Json) -> ft.Control:
    title = shell.game_title(g["game"])
    label = shell.t("home.resume_item", game=title, players=", ".join(g["players"]), actions=g["actions"])
    last = when_text(shell, local_time(g["updated"]))  # when it was last played: its last save
    when = shell.t("home.open.when", when=last, actions=g["actions"])
    spoken = shell.t("home.open.spoken", label=label, when=last)
    damage = shell.ctx.store.damage_key(g["id"])  # a damaged game: listed, not openable, and why
    if damage is not None:
        return open_game_card(OpenGame(label, "", when, spoken), look_of(g["game"]), button="", tooltip="",
                              on_resume=None,
                              trouble=info_line(shell.t(damage[0], **damage[1]), color=theme.REFUSAL))
    return open_game_card(
        OpenGame(title, ", ".join(g["players"]), when, spoken), look_of(g["game"]),
        button=shell.t("home.resume"), tooltip=shell.t("home.resume") + ": " + label,
        on_resume=lambda e, gid=g["id"]: resume(shell, gid),
    )


def open_games(shell: Shell, games: list[Json]) -> list[ft.Control]:
    out: list[ft.Control] = [section_title(shell.t("home.resume_title"))]
    if not games:
        return [*out, ft.Text(shell.t("home.none_open"), size=15)]
    every = bool(shell.ui.get("home_all_open"))
    shown = games if every else games[:OPEN_SHOWN]
    out.append(_cards([_open_card(shell, g) for g in shown]))
    if len(shown) < len(games):
        def more(e: ft.Event[ft.OutlinedButton]) -> None:
            shell.ui["home_all_open"] = True
            shell.render()

        out.append(ft.OutlinedButton(content=shell.t("home.open.more", n=len(games) - len(shown)),
                                     icon=ft.Icons.EXPAND_MORE, height=TOUCH, on_click=more))
    return out


def home_screen(shell: Shell) -> list[ft.Control]:
    out: list[ft.Control] = []
    if shell.ctx.store.readonly:
        out.append(info_line(shell.t("home.readonly"), color=theme.NOTICE))
    games = shell.ctx.store.games(finished=False, limit=30)
    if shell.scope is not None:
        games = [g for g in shell.ctx.store.games(limit=200) if g["id"] in shell.scope]
    if games:  # the games to play on first
        out += open_games(shell, games) + new_games(shell)
    else:  # nothing to play on: the new games first, the empty list after them
        out += new_games(shell) + open_games(shell, games)
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
