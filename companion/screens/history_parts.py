"""What the history, statistics, replay, profiles and backup screens share: sizes, dates, numbers, the
back row, the game filter, the host-only guard."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import flet as ft

from companion import registry
from companion.records.history import played_at
from companion.screens import history_words
from companion.store.values import Json
from components import theme
from components.common import TOUCH

if TYPE_CHECKING:
    from companion.shell import Shell

assert history_words.HISTORY_WORDS  # the words said here (a time, a date), registered on import

PAGE = 20  # history items per page
CHART_PLAYERS = 5  # lines in the score chart
CHART_POINTS = 30  # last games per line
SHOW_MAX = 200_000  # characters of export text shown in the page (bigger: the file only)
GameRow = Json  # a game's row as the store lists it (``Store.games``, ``finished_games``)
LINE_COLORS = (ft.Colors.INDIGO_600, ft.Colors.RED_600, ft.Colors.GREEN_700, ft.Colors.AMBER_800,
               ft.Colors.PURPLE_500, ft.Colors.TEAL_600, ft.Colors.BROWN_500, ft.Colors.PINK_400)
# the text on each of those (a pie slice's name): the one of white and black with the higher contrast
LINE_INK = (ft.Colors.WHITE, ft.Colors.BLACK, ft.Colors.BLACK, ft.Colors.BLACK,
            ft.Colors.WHITE, ft.Colors.BLACK, ft.Colors.WHITE, ft.Colors.BLACK)

# --- small helpers ------------------------------------------------------------------------

def charts() -> Any:  # flet-charts ships no types: its module is Any
    """flet-charts, imported when a chart is first drawn (it costs ~0.17 s at server start)."""
    import flet_charts

    return flet_charts

def when_text(shell: Shell, moment: datetime | None, now: datetime | None = None) -> str:
    """A moment on the table's clock as the table says it: "heute 20:15", "gestern 23:31", else
    the date and time. ``now``: the table's clock now (tests); every caller passes a wall-clock
    time without an offset (``companion.records.history.as_local``)."""
    if moment is None:
        return ""
    hm = f"{moment:%H:%M}"
    today = (now or datetime.now()).date()
    if moment.date() == today:
        return shell.t("hist.when.today", hm=hm)
    if moment.date() == today - timedelta(days=1):
        return shell.t("hist.when.yesterday", hm=hm)
    return shell.t("hist.date", y=f"{moment:%Y}", m=f"{moment:%m}", d=f"{moment:%d}", hm=hm)


def fmt_num(shell: Shell, x: float) -> str:
    text = f"{x:.1f}"
    return text.replace(".", ",") if shell.lang == "de" else text


def pct(x: float) -> str:
    return str(round(100 * x))


def game_title(shell: Shell, gid: str) -> str:
    return registry.title_of(gid, shell.lang)


def label_of(shell: Shell, g: GameRow, now: datetime | None = None) -> str:
    """A finished game in a line: its title and when it was played (its start, as BG Stats has it)."""
    return game_label(shell, g["game"], played_at(g), now)


def game_label(shell: Shell, game: str, moment: datetime | None, now: datetime | None = None) -> str:
    """"Qwixx Longo · heute 23:31": the history's entry and the BG Stats page of the same game say
    the same moment the same way."""
    return shell.t("hist.item", game=game_title(shell, game), date=when_text(shell, moment, now))


def back_row(shell: Shell, *extra: ft.Control) -> ft.Control:
    return ft.Row(
        [ft.TextButton(content=shell.t("hist.back_history"), height=TOUCH,
                       on_click=lambda e: shell.go("history")), *extra],
        wrap=True,
    )


def game_filter(shell: Shell, key: str, games: list[str], *, all_label: bool = True) -> ft.Control:
    current = shell.ui.get(key)
    chips: list[ft.Control] = []
    options: list[tuple[str | None, str]] = ([(None, shell.t("hist.all_games"))] if all_label else [])
    options += [(g, game_title(shell, g)) for g in games]
    for gid, text in options:
        selected = current == gid
        chips.append(
            ft.Button(
                content=ft.Text(text, size=15, weight=ft.FontWeight.BOLD if selected else ft.FontWeight.NORMAL,
                                color=theme.ON_CHOICE if selected else None),
                height=48,
                bgcolor=theme.CHOICE if selected else None,
                on_click=lambda e, gid=gid: shell.go(shell.screen, **{key: gid, "hist_limit": PAGE,
                                                                      "hist_stats_player": None}),
            )
        )
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)


def stretch(items: list[ft.Control]) -> ft.Control:
    """Cards as wide as the screen."""
    return ft.Column(items, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def known_games() -> list[str]:
    return list(registry.game_uis())


def host_only(screen: Callable[[Shell], list[ft.Control]]) -> Callable[[Shell], list[ft.Control]]:
    """History, statistics, profiles and backups are the host's: not for a table's LAN guest."""

    def guarded(shell: Shell) -> list[ft.Control]:
        if getattr(shell, "scope", None) is not None:
            return [ft.Text(shell.t("hist.host_only"), size=15)]
        return screen(shell)

    return guarded


TAPS = ("on_click", "on_tap", "on_long_press", "on_double_tap", "on_change", "on_select")


def read_only(control: ft.Control) -> ft.Control:
    """A picture of the past, whatever a game draws in it: no tap handler anywhere inside, and
    nothing read out as a button (a sheet's field is one on the play screen). Nothing in a replay
    is a move."""
    stack = [control]
    while stack:
        c = stack.pop()
        for name in TAPS:
            if getattr(c, name, None) is not None:
                setattr(c, name, None)
        if isinstance(c, ft.Semantics) and c.button:
            c.button = False
        if isinstance(c, ft.Container) and c.ink:
            c.ink = False
        content = getattr(c, "content", None)
        if isinstance(content, ft.Control):
            stack.append(content)
        stack.extend(x for x in getattr(c, "controls", None) or () if isinstance(x, ft.Control))
    return control
