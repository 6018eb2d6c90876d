"""History, statistics, replay, player profiles and backup screens (an app extension).

companion.app imports this module (EXTENSION_MODULES); it registers
``SCREENS["history" | "stats" | "replay" | "profiles" | "backup"]`` and, at
each session start, chains a "Verlauf & Statistik" block onto the home screen
(``shell.home_extra``, keeping what another extension put there).

View state lives in ``shell.ui`` under ``hist_*`` keys. Every figure comes
from companion.records.history (plain Python); nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from companion import registry
from companion.game_hooks import Breakdown, Moment
from companion.records import history as H
from companion.screens import bgstats as bgstats_ui, history_words
from companion.screens.backup import backup_screen
from companion.screens.clock import hm
from companion.screens.history_parts import (
    CHART_PLAYERS,
    CHART_POINTS,
    LINE_COLORS,
    LINE_INK,
    PAGE,
    GameRow,
    back_row,
    charts,
    fmt_num,
    game_filter,
    game_title,
    host_only,
    known_games,
    label_of,
    pct,
    read_only,
    stretch,
)
from companion.screens.profiles import profiles_screen
from companion.shell import EXTENSIONS, SCREENS
from companion.table.dispute import describe_action
from components import theme
from components.common import TOUCH, big_button, info_line, section_title
from components.player_switcher import player_switcher
from scoring.engine import GameRecord, get_game
from scoring.errors import InvalidInput, Refusal

if TYPE_CHECKING:
    from pydantic import BaseModel

    from companion.shell import Shell

assert history_words.HISTORY_WORDS  # the screens' words, registered on import


# --- home ---------------------------------------------------------------------------------
def home_block(shell: Shell) -> list[ft.Control]:
    return [
        section_title(shell.t("hist.home.title")),
        ft.Row(
            [
                big_button(shell.t("hist.history"), lambda e: shell.go("history", hist_limit=PAGE)),
                big_button(shell.t("hist.stats"), lambda e: shell.go("stats")),
                big_button(shell.t("hist.profiles"), lambda e: shell.go("profiles", hist_prof=None)),
                big_button(shell.t("hist.backup"), lambda e: shell.go("backup", hist_export=None, hist_out=None,
                                                                      hist_msg=None)),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
    ]


def extension(shell: Shell) -> None:
    prev = shell.home_extra
    if getattr(prev, "_hist", False):
        return

    def chained(s: Shell) -> list[ft.Control]:
        out = list(prev(s)) if prev else []
        if getattr(s, "scope", None) is not None:
            return out  # a table's guest on the LAN: the host's history stays on the host
        return out + home_block(s)

    chained._hist = True  # type: ignore[attr-defined]
    shell.home_extra = chained


# --- history --------------------------------------------------------------------------------
def history_screen(shell: Shell) -> list[ft.Control]:
    store = shell.ctx.store
    game = shell.ui.get("hist_game_filter")
    limit = int(shell.ui.get("hist_limit") or PAGE)
    total = H.count_finished(store, game)
    games = H.finished_games(store, game=game, limit=limit)
    out: list[ft.Control] = [
        ft.Text(shell.t("hist.history"), size=22, weight=ft.FontWeight.BOLD),
        game_filter(shell, "hist_game_filter", known_games()),
    ]
    if not games:
        out.append(info_line(shell.t("hist.none")))
        return out
    out.append(ft.Text(shell.t("hist.count", shown=len(games), total=total), size=14, color=theme.MUTED))
    out.append(stretch([_history_item(shell, g) for g in games]))
    if total > len(games):
        out.append(big_button(shell.t("hist.more"), lambda e: shell.go("history", hist_limit=limit + PAGE)))
    return out


def _standings_text(shell: Shell, g: GameRow) -> list[str]:
    res = g.get("result") or {}
    lines = []
    for p in sorted(res.get("players", []), key=lambda p: (p.get("lost", False), p.get("place", 99), p.get("seat", 0))):
        if p.get("lost"):
            lines.append(shell.t("hist.lost", name=p.get("name", "?"), total=p.get("total", 0)))
        else:
            lines.append(shell.t("hist.place", place=p.get("place"), name=p.get("name", "?"), total=p.get("total", 0)))
    return lines


def _history_item(shell: Shell, g: GameRow) -> ft.Control:
    label = label_of(shell, g)
    has_ui = registry.get_ui(g["game"]) is not None
    buttons: list[ft.Control] = []
    if has_ui:
        buttons.append(big_button(shell.t("hist.open"), lambda e, gid=g["id"]: shell.open_table(gid),
                                  tooltip=shell.t("hist.open_tip", label=label)))
    buttons.append(big_button(shell.t("hist.replay"), lambda e, gid=g["id"]: shell.go("replay", hist_replay=gid,
                                                                                       hist_step=None, hist_seat=None),
                              tooltip=shell.t("hist.replay_tip", label=label)))
    buttons.append(big_button(shell.t("hist.export_one"),
                              lambda e, gid=g["id"]: shell.go("backup", hist_export=gid, hist_out=None, hist_msg=None),
                              tooltip=shell.t("hist.export_one_tip", label=label)))
    buttons.append(bgstats_ui.history_button(shell, g["id"], label))
    standings = _standings_text(shell, g)
    minutes = g.get("minutes")
    if isinstance(minutes, int) and minutes > 0:  # the game clock's time, as its BG Stats play says it
        standings.append(shell.t("clock.played", time=hm(minutes * 60)))
    return ft.Container(
        bgcolor=theme.CARD,
        border_radius=12,
        padding=10,
        content=ft.Column(
            [
                ft.Text(label, size=16, weight=ft.FontWeight.BOLD),
                ft.Text(" · ".join(standings), size=15),
                ft.Row(buttons, wrap=True, spacing=6, run_spacing=6),
            ],
            spacing=6,
        ),
    )


# --- replay ---------------------------------------------------------------------------------
@dataclass
class Replay:
    """A finished game replayed for the replay screen (``shell.ui["hist_replay_cache"]``, one game)."""

    id: str
    record: GameRecord
    states: list[BaseModel] = field(default_factory=list)  # index k: the state after k actions
    error: str | None = None  # the record cannot be replayed: why


def _replay_data(shell: Shell, gid: str) -> Replay:
    cached = shell.ui.get("hist_replay_cache")
    if isinstance(cached, Replay) and cached.id == gid:
        return cached
    record = shell.ctx.store.record(gid)
    data = Replay(gid, record)
    try:
        data.states = H.replay_steps(record)
    except (Refusal, InvalidInput) as exc:
        data.error = str(exc)
    shell.ui["hist_replay_cache"] = data
    return data


def action_words(shell: Shell, record: GameRecord, k: int, states: list[BaseModel]) -> str:
    """Move k of a record in the player's words: the same describe hook as the live game (companion.table.dispute)."""
    names = [p.name for p in record.players]
    return describe_action(get_game(record.game), names, record.actions[k - 1].action, shell.lang, states[k - 1])


def _player_detail(shell: Shell, game: str, b: Breakdown) -> str:
    """One player's result in words: the game's own ``detail`` hook (none: nothing)."""
    ui = registry.game_uis().get(game)
    return ui.detail(shell, b) if ui is not None and ui.detail is not None else ""


def replay_screen(shell: Shell) -> list[ft.Control]:
    gid = shell.ui.get("hist_replay")
    if not gid or not shell.ctx.store.has_game(gid):
        return [back_row(shell), info_line(shell.t("hist.none"))]
    data = _replay_data(shell, gid)
    record = data.record
    out: list[ft.Control] = [
        back_row(shell),
        ft.Text(shell.t("hist.rp.title", game=game_title(shell, record.game)), size=22, weight=ft.FontWeight.BOLD),
    ]
    if data.error:
        out.append(info_line(shell.t("hist.rp.broken", detail=data.error[:120]), color=theme.REFUSAL))
        return out
    states = data.states
    n = len(states) - 1
    k = shell.ui.get("hist_step")
    k = n if k is None else max(0, min(n, int(k)))
    out.append(_steps(shell, k, n))
    # the game as it was after this step, as a picture; the step in words right below it
    out += _picture(shell, record, states[k], _focus_seat(shell, record, k))
    if k == 0:
        out.append(info_line(shell.t("hist.rp.start")))
    else:
        out.append(info_line(shell.t("hist.rp.move", k=k, what=action_words(shell, record, k, states))))
    out.append(section_title(shell.t("hist.rp.standing")))
    out.append(stretch(_standing(shell, record, states[k])))
    return out


def _steps(shell: Shell, k: int, n: int) -> ft.Control:
    """Which step, and the four buttons that go through the game."""
    def goto(step: int) -> None:
        shell.ui["hist_step"] = step
        shell.render()

    # the step on its own line, the four buttons in one row below it: on a 360 px phone the row
    # with the text between them broke "Zum Ende" onto a line of its own
    return ft.Column(
        [
            ft.Text(shell.t("hist.rp.step", k=k, n=n), size=18, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER),
            ft.Row(
                [
                    ft.IconButton(icon=ft.Icons.FIRST_PAGE, icon_size=32, tooltip=shell.t("hist.rp.first"),
                                  disabled=k <= 0, on_click=lambda e: goto(0)),
                    ft.IconButton(icon=ft.Icons.CHEVRON_LEFT, icon_size=40, tooltip=shell.t("hist.rp.prev"),
                                  disabled=k <= 0, on_click=lambda e: goto(k - 1)),
                    ft.IconButton(icon=ft.Icons.CHEVRON_RIGHT, icon_size=40, tooltip=shell.t("hist.rp.next"),
                                  disabled=k >= n, on_click=lambda e: goto(k + 1)),
                    ft.IconButton(icon=ft.Icons.LAST_PAGE, icon_size=32, tooltip=shell.t("hist.rp.last"),
                                  disabled=k >= n, on_click=lambda e: goto(n)),
                ],
                alignment=ft.MainAxisAlignment.SPACE_EVENLY,
            ),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=4,
    )


def _focus_seat(shell: Shell, record: GameRecord, k: int) -> int:
    """Whose sheet, pieces or purse the picture puts first: the player chosen, else who made step k
    (the first seat before the first step)."""
    count = len(record.players)
    chosen = shell.ui.get("hist_seat")
    if isinstance(chosen, int) and 0 <= chosen < count:
        return chosen
    actor = record.actions[k - 1].seat if k > 0 else None
    return actor if isinstance(actor, int) and 0 <= actor < count else 0


def _picture(shell: Shell, record: GameRecord, state: BaseModel, seat: int) -> list[ft.Control]:
    """The game's own picture of this moment (its ``picture`` hook), read-only, and the players to
    look at another's; a game without the hook: nothing (its words and standing still say it)."""
    ui = registry.get_ui(record.game)
    if ui is None or ui.picture is None:
        return []
    out: list[ft.Control] = []
    names = [p.name for p in record.players]
    if len(names) > 1:  # looking at another player's sheet is no move: the game itself stays as it was

        def choose(i: int) -> None:
            shell.ui["hist_seat"] = i
            shell.render()

        out.append(player_switcher(names, seat, choose))
    picture = ui.picture(shell, Moment(tuple(record.players), state, seat))
    out.append(ft.Container(read_only(picture), key="hist-picture"))
    return out


def _standing(shell: Shell, record: GameRecord, state: BaseModel) -> list[ft.Control]:
    """Every player's place and points after this step; the winner's card stands out at the end."""
    game = get_game(record.game)
    result = game.result(state)
    cards: list[ft.Control] = []
    for p in sorted(result.players, key=lambda p: (p.place, p.seat)):
        line = (shell.t("hist.lost", name=p.name, total=p.total) if p.lost
                else shell.t("hist.place", place=p.place, name=p.name, total=p.total))
        won = p.place == 1 and game.is_over(state)
        ink = theme.ON_NOTICE if won else None  # the winner's card stands out
        cards.append(
            ft.Container(
                bgcolor=theme.NOTICE if won else theme.CARD,
                border_radius=10,
                padding=8,
                content=ft.Column(
                    [ft.Text(line, size=17, weight=ft.FontWeight.BOLD, color=ink),
                     ft.Text(_player_detail(shell, record.game, p.breakdown), size=14, color=ink)],
                    spacing=2,
                ),
            )
        )
    return cards


# --- statistics -------------------------------------------------------------------------------
def stats_screen(shell: Shell) -> list[ft.Control]:
    st = H.compute_stats(shell.ctx.store)
    return stats_controls(shell, st)


def stats_controls(shell: Shell, st: H.Stats) -> list[ft.Control]:
    out: list[ft.Control] = [ft.Text(shell.t("hist.st.title"), size=22, weight=ft.FontWeight.BOLD)]
    if not st.games:
        out.append(info_line(shell.t("hist.st.none")))
        return out
    played = [g for g in known_games() if g in st.per_game] + sorted(set(st.per_game) - set(known_games()))
    out.append(game_filter(shell, "hist_stats_game", played))
    game = shell.ui.get("hist_stats_game")
    player = shell.ui.get("hist_stats_player")
    if game not in st.per_game and player in st.per_player:
        out += _per_player(shell, st, player)
    elif game not in st.per_game:
        out += _overall(shell, st)
    else:
        out += _per_game(shell, st, game)
    return out


def _overall(shell: Shell, st: H.Stats) -> list[ft.Control]:
    out: list[ft.Control] = [ft.Text(shell.t("hist.st.games", n=st.games), size=15)]
    ranking = st.ranking()
    out.append(section_title(shell.t("hist.st.ranking")))
    for ln in ranking:
        out.append(
            ft.Container(
                content=ft.Row(
                    [ft.Text(shell.t("hist.st.rank_line", name=ln.name, wins=shell.t("hist.n.wins", n=ln.wins),
                                            games=shell.t("hist.n.in_games", n=ln.games),
                                     rate=pct(ln.win_rate)), size=16, expand=True),
                     ft.Icon(ft.Icons.CHEVRON_RIGHT, color=theme.MUTED)],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                height=48,
                padding=ft.Padding.symmetric(horizontal=6),
                border_radius=8,
                ink=True,
                tooltip=shell.t("hist.st.player_tip", name=ln.name),
                on_click=lambda e, key=ln.key: shell.go("stats", hist_stats_player=key, hist_stats_game=None),
            )
        )
    winners = [ln for ln in ranking if ln.wins]
    if winners:
        out.append(section_title(shell.t("hist.st.win_shares")))
        out.append(_win_pie(winners))
    return out


def _per_player(shell: Shell, st: H.Stats, key: str) -> list[ft.Control]:
    me = st.per_player[key]
    out: list[ft.Control] = [
        ft.TextButton(content=shell.t("hist.st.back_ranking"), height=TOUCH,
                      on_click=lambda e: shell.go("stats", hist_stats_player=None)),
        ft.Text(me.name, size=20, weight=ft.FontWeight.BOLD),
        info_line(shell.t("hist.st.rank_line", name=me.name, wins=shell.t("hist.n.wins", n=me.wins),
                          games=shell.t("hist.n.in_games", n=me.games), rate=pct(me.win_rate))),
    ]
    mine = [(g, st.per_player_game[(g, key)]) for g in st.per_game if (g, key) in st.per_player_game]
    chart = _score_chart(shell, [ln for _, ln in mine], labels=[game_title(shell, g) for g, _ in mine])
    if chart is not None:
        out.append(section_title(shell.t("hist.st.scores_over_time", n=CHART_POINTS)))
        out.append(chart)
    out.append(stretch([_line_card(shell, game, ln, LINE_COLORS[i % len(LINE_COLORS)], title=game_title(shell, game))
                         for i, (game, ln) in enumerate(mine)]))
    return out


def _line_card(shell: Shell, game: str, ln: H.Line, color: str, title: str | None = None) -> ft.Control:
    head = shell.t("hist.st.player_head", name=title or ln.name, wins=ln.wins, games=ln.games, rate=pct(ln.win_rate))
    return ft.Container(
        bgcolor=theme.CARD,
        border=ft.Border.only(left=ft.BorderSide(6, color)),
        border_radius=10,
        padding=8,
        content=ft.Column(
            [
                ft.Text(head, size=16, weight=ft.FontWeight.BOLD),
                ft.Text(shell.t("hist.st.player_scores", avg=fmt_num(shell, ln.average), best=ln.best,
                                worst=ln.worst), size=15),
                ft.Text(shell.t("hist.st.player_figs", figs=_figs_text(shell, game, ln.figure_avg)), size=14),
            ],
            spacing=2,
        ),
    )


def _win_pie(lines: list[H.Line]) -> ft.Control:
    top = lines[:7]
    rest = sum(ln.wins for ln in lines[7:])
    total = sum(ln.wins for ln in lines) or 1
    sections = [
        charts().PieChartSection(
            value=ln.wins,
            title=f"{ln.name} {round(100 * ln.wins / total)} %",
            color=LINE_COLORS[i % len(LINE_COLORS)],
            radius=110,
            title_style=ft.TextStyle(size=13, color=LINE_INK[i % len(LINE_INK)], weight=ft.FontWeight.BOLD),
            title_position=0.6,
        )
        for i, ln in enumerate(top)
    ]
    if rest:
        sections.append(charts().PieChartSection(value=rest, title=f"… {round(100 * rest / total)} %",
                                            color=ft.Colors.GREY_500, radius=110,
                                            title_style=ft.TextStyle(size=13, color=ft.Colors.BLACK,
                                                                     weight=ft.FontWeight.BOLD)))
    return ft.Container(charts().PieChart(sections=sections, sections_space=2, center_space_radius=0), height=260)


def _figs_text(shell: Shell, game: str, avg: Callable[[str], float]) -> str:
    return ", ".join(
        shell.t("hist.st.fig", label=shell.t(f"hist.fig.{f}"), value=fmt_num(shell, avg(f)))
        for f in H.GAME_FIGURES.get(game, ())
    )


def _per_game(shell: Shell, st: H.Stats, game: str) -> list[ft.Control]:
    s = st.per_game[game]
    out: list[ft.Control] = [
        info_line(shell.t("hist.st.game_line", games=s.games, avg=fmt_num(shell, s.winner_average),
                          best=s.best if s.best is not None else "–", by=s.best_by)),
        ft.Text(shell.t("hist.st.game_figs", figs=_figs_text(shell, game, s.figure_avg)), size=14),
    ]
    lines = st.players_of(game)
    chart = _score_chart(shell, lines[:CHART_PLAYERS])
    if chart is not None:
        out.append(section_title(shell.t("hist.st.scores_over_time", n=CHART_POINTS)))
        out.append(chart)
    out.append(section_title(shell.t("hist.st.players")))
    out.append(stretch([
        _line_card(shell, game, ln, LINE_COLORS[i % len(LINE_COLORS)] if i < CHART_PLAYERS else ft.Colors.BLUE_GREY_300)
        for i, ln in enumerate(lines)
    ]))
    return out


def _score_chart(shell: Shell, lines: list[H.Line], labels: list[str] | None = None) -> ft.Control | None:
    """Each line's last games on one time axis (a point sits at its game, so a player who missed a
    game leaves a gap, not a shift), the days of some of those games below it."""
    labels = labels or [ln.name for ln in lines]
    shown = [(i, ln.scores[-CHART_POINTS:]) for i, ln in enumerate(lines) if len(ln.scores) >= 2]
    if not shown:
        return None
    games = sorted({order: date for _, pts in shown for date, _, order in pts}.items())
    at = {order: x for x, (order, _) in enumerate(games)}
    days = [_day(shell, date) for _, date in games]
    totals = [y for _, pts in shown for _, y, _ in pts]
    lo, hi = min(totals), max(totals)
    series = [
        charts().LineChartData(
            points=[charts().LineChartDataPoint(x=at[order], y=y, tooltip=f"{labels[i]}: {y} ({days[at[order]]})")
                    for _, y, order in pts],
            color=LINE_COLORS[i % len(LINE_COLORS)], stroke_width=3, curved=False, point=True,
        )
        for i, pts in shown
    ]
    legend = ft.Row(
        [ft.Row([ft.Container(width=14, height=14, bgcolor=LINE_COLORS[i % len(LINE_COLORS)], border_radius=7),
                 ft.Text(labels[i], size=14)], spacing=4, tight=True) for i, _ in shown],
        wrap=True,
        spacing=12,
    )
    pad = max(1, (hi - lo) // 10)
    chart = charts().LineChart(
        data_series=series,
        min_x=0,
        max_x=len(games) - 1,
        min_y=lo - pad,
        max_y=hi + pad,
        height=240,
        interactive=True,
        horizontal_grid_lines=charts().ChartGridLines(color=theme.OUTLINE, width=1),
        # the axes' own end values ("48", "156", "1.1") said nothing: the grid's values and the days only
        left_axis=charts().ChartAxis(label_size=40, show_min=False, show_max=False),
        bottom_axis=charts().ChartAxis(labels=_day_labels(days), label_size=24),
    )
    return ft.Column([ft.Container(chart, height=240, padding=ft.Padding.only(left=8, right=20)), legend], spacing=4)


DAY_LABELS = 4  # at most this many days under a chart: "29.11." is ~40 px, a 360 px phone has room for four


def _day(shell: Shell, date: str) -> str:
    moment = H.local_time(date)
    return shell.t("hist.st.day", d=f"{moment:%d}", m=f"{moment:%m}") if moment is not None else ""


def _day_labels(days: list[str]) -> list[Any]:
    """The first and the last game's day and a few between, evenly spread; a day said once. Never
    broken over two lines (a label is as wide as its text)."""
    n = len(days)
    picks = sorted({round(k * (n - 1) / (DAY_LABELS - 1)) for k in range(DAY_LABELS)} if n > DAY_LABELS
                   else set(range(n)))
    out: list[Any] = []
    said: set[str] = set()
    for x in picks:
        if days[x] and days[x] not in said:
            said.add(days[x])
            out.append(charts().ChartAxisLabel(value=x, label=ft.Text(days[x], size=12, no_wrap=True)))
    return out


SCREENS["history"] = host_only(history_screen)
SCREENS["stats"] = host_only(stats_screen)
SCREENS["replay"] = host_only(replay_screen)
SCREENS["profiles"] = host_only(profiles_screen)
SCREENS["backup"] = host_only(backup_screen)

if extension not in EXTENSIONS:
    EXTENSIONS.append(extension)
