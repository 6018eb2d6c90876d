"""Verflixxt! Kompakt's setup screen: players and colours, who begins, start; the rest folded under "Mehr
Optionen" (figures, Wurminator, the parcours and guards: ``setup_parcours``), each with a default.

Who begins: by the rules the youngest (vx.setup), so when every seat comes from a profile with a birth
year the youngest begins until the table taps a name or draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.games.setup_seats import (
    add_seat,
    check_names,
    error_texts,
    names_to_start,
    profile_years,
    seats_for,
    start_controls,
    start_rows,
    youngest_chip,
    youngest_line,
    youngest_seat,
)
from companion.games.verflixxt.colors import COLOR_KEYS, COLOR_OF, TEXT_ON
from companion.games.verflixxt.setup_parcours import Parcours, tile_set_block
from companion.games.verflixxt.setup_state import (
    Fields,
    VerflixxtSetup,
    about_guards,
    layout_summary,
    read_layout,
    setup_guards,
    setup_state_of,
)
from companion.games.verflixxt.words import GAME
from companion.records.profiles import Profile, list_profiles
from components import theme
from components.common import (
    TOUCH,
    big_button,
    keyed,
    section_title,
    stepper,
    toggle_row,
)
from components.profile_picker import profile_picker
from components.seat_editor import SeatColor, seat_editor
from scoring.dice import Dice
from scoring.engine import PlayerSpec
from scoring.errors import InvalidInput
from scoring.verflixxt import (
    GAME as ENGINE,
    default_figures,
)

if TYPE_CHECKING:
    from companion.shell import Shell


def _pick_color(taken: list[str], after: str | None = None) -> str:
    """The next colour nobody else has (after ``after`` in the palette's cycle)."""
    start = COLOR_KEYS.index(after) + 1 if after in COLOR_KEYS else 0
    for k in range(len(COLOR_KEYS)):
        key = COLOR_KEYS[(start + k) % len(COLOR_KEYS)]
        if key not in taken:
            return key
    return after or COLOR_KEYS[0]


def _fix_colors(st: VerflixxtSetup) -> list[str]:
    """One distinct colour per player (players added or removed keep theirs)."""
    colors = [c for c in st.colors if c in COLOR_KEYS][: len(st.players)]
    out: list[str] = []
    for c in colors:
        out.append(c if c not in out else _pick_color(out))
    while len(out) < len(st.players):
        out.append(_pick_color(out))
    st.colors = out
    return out


# --- setup: players -------------------------------------------------------------------------
def _figures_note(st: VerflixxtSetup, before: int) -> None:
    """vx.setup: when a seat more or less changes the ruling's figure count, say so by the stepper."""
    after = default_figures(len(st.players))
    if st.figures is None and after != before:
        st.figures_note = {"old": before, "new": after, "players": len(st.players)}


def _add_seat(st: VerflixxtSetup, name: str) -> int:
    before = default_figures(len(st.players))
    st.players.append(name)
    st.colors.append(_pick_color(st.colors))
    st.profiles.append(None)
    _figures_note(st, before)
    return len(st.players) - 1


def _seat_actions(shell: Shell, st: VerflixxtSetup, fields: Fields,
                  renamed: Callable[[], None]) -> dict[str, Callable[..., None]]:
    players, seat_profiles = st.players, st.profiles

    def on_name(i: int, value: str) -> None:
        if i < len(seat_profiles) and seat_profiles[i] and value != players[i]:
            seat_profiles[i] = None  # a renamed seat is no longer that saved player
        players[i] = value
        renamed()

    def on_remove(i: int) -> None:
        fields.sync()
        if len(players) > ENGINE.min_players:
            before = default_figures(len(players))
            players.pop(i)
            st.colors.pop(i)
            seat_profiles.pop(i)
            if i < st.first:  # the same person still begins
                st.first -= 1
            st.first = min(st.first, len(players) - 1)
            st.name_errors, st.start_error = [], None
            _figures_note(st, before)
            shell.render()

    def on_add() -> None:
        fields.sync()
        if len(players) < ENGINE.max_players:
            _add_seat(st, "")
            shell.render()

    def on_color(i: int) -> None:
        fields.sync()
        others = [c for j, c in enumerate(st.colors) if j != i]
        st.colors[i] = _pick_color(others, after=st.colors[i])
        shell.render()

    def pick_profile(prof: Profile) -> None:
        """A saved player fills the first seat not yet held by a profile (or a new seat)."""
        fields.sync()
        if prof.id in seat_profiles:
            return
        if None in seat_profiles:
            i = seat_profiles.index(None)
        elif len(players) < ENGINE.max_players:
            i = _add_seat(st, prof.name)
        else:
            return
        players[i] = prof.name
        seat_profiles[i] = prof.id
        shell.render()

    return {"on_name": on_name, "on_remove": on_remove, "on_add": on_add, "on_color": on_color,
            "pick_profile": pick_profile}


def _seat_block(shell: Shell, st: VerflixxtSetup, fields: Fields, renamed: Callable[[], None],
                profiles: list[Profile]) -> list[ft.Control]:
    """Players in the table's order: saved players, one card per seat with its colour, the add button."""
    act = _seat_actions(shell, st, fields, renamed)
    out: list[ft.Control] = [ft.Text(shell.t("vx.setup.order"), size=14, color=theme.MUTED)]
    if profiles:
        out.append(profile_picker(profiles, act["pick_profile"], t=shell.t, chosen=st.profiles))
    colors = [SeatColor(COLOR_OF[c], TEXT_ON[COLOR_OF[c]],
                        shell.t("vx.setup.color_tip", n=i + 1, color=shell.t(f"vx.color.{c}")))
              for i, c in enumerate(_fix_colors(st))]
    seats = seats_for(shell, st.players, [str(i) for i in range(len(st.players))],
                      error_texts(shell, st.name_errors), low=ENGINE.min_players, colors=colors)
    out.append(seat_editor(seats, on_name=act["on_name"], on_remove=act["on_remove"], on_color=act["on_color"],
                           add=add_seat(shell, len(st.players), ENGINE.max_players, act["on_add"],
                                        low=ENGINE.min_players),
                           fields=fields.names))
    return out


# --- setup: who begins -------------------------------------------------------------------------
def _years(st: VerflixxtSetup, profiles: list[Profile]) -> list[int | None]:
    return profile_years(st.profiles, profiles)


def settle_first(st: VerflixxtSetup, profiles: list[Profile]) -> None:
    """vx.setup: the youngest begins when the profiles tell who it is, until the table chooses."""
    seat = youngest_seat(st.youngest, st.profiles, profiles, default=True)
    if seat is not None:
        st.first, st.first_drawn = seat, False


class FirstPlayer:
    """vx.setup: who begins, tapped, drawn or the youngest; play goes on clockwise from that seat
    (``first_seat``). A name typed changes the chips and the title in place (the field keeps its cursor)."""

    def __init__(self, shell: Shell, st: VerflixxtSetup, fields: Fields, profiles: list[Profile]) -> None:
        self.shell, self.st, self.fields = shell, st, fields
        self.years = _years(st, profiles)
        names = self.names()
        st.first = max(0, min(st.first, len(names) - 1))
        self.title = ft.Text(self.title_words(names), size=16, weight=ft.FontWeight.BOLD)
        colors = _fix_colors(st)
        self.words = [ft.Text(n, size=16, weight=ft.FontWeight.BOLD if i == st.first else ft.FontWeight.W_500,
                              color=theme.ON_CHOICE if i == st.first else None) for i, n in enumerate(names)]
        self.chips = [self.chip(i, COLOR_OF[colors[i]], names[i]) for i in range(len(names))]

    def names(self) -> list[str]:
        return check_names(self.shell, self.st.players)[0]  # as the game will get them (defaults for empty ones)

    def title_words(self, names: list[str]) -> str:
        st = self.st
        way = "vx.setup.first_youngest" if st.youngest.on else "vx.setup.first_drawn" if st.first_drawn else None
        return self.shell.t(way or "vx.setup.first", name=names[st.first])

    def chip(self, i: int, color: str, name: str) -> ft.Button:
        """A seat's name in its colour; the chosen one ticked, bold and framed (not by colour alone)."""
        chosen = i == self.st.first
        return ft.Button(
            content=ft.Row([ft.Container(width=14, height=14, bgcolor=color, border_radius=7), self.words[i]],
                           spacing=8, tight=True),
            icon=ft.Icons.CHECK if chosen else None, icon_color=theme.ON_CHOICE,
            bgcolor=theme.CHOICE if chosen else None, height=48,
            tooltip=self.shell.t("vx.setup.first_pick", name=name), on_click=lambda e: self.pick(i),
            style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10),
                                 padding=ft.Padding.symmetric(horizontal=12),
                                 side=ft.BorderSide(3, theme.TEXT) if chosen else None),
        )

    def pick(self, i: int) -> None:
        self.fields.sync()
        self.st.first, self.st.first_drawn = i, False
        self.st.youngest.choose(False)
        self.shell.render()

    def draw(self, e: ft.Event[ft.Button]) -> None:
        self.fields.sync()
        self.st.first, self.st.first_drawn = Dice().roll(len(self.st.players))[0] - 1, True
        self.st.youngest.choose(False)
        self.shell.render()

    def youngest(self) -> None:
        self.fields.sync()
        self.st.youngest.choose(True)
        self.shell.render()

    def renamed(self) -> None:
        names = self.names()
        try:
            self.title.value = self.title_words(names)
            for i, (chip, words) in enumerate(zip(self.chips, self.words)):
                words.value = names[i]
                chip.tooltip = self.shell.t("vx.setup.first_pick", name=names[i])
        except (RuntimeError, IndexError):  # controls Flet froze at the last render, or seats changed: draw anew
            self.shell.render()

    def controls(self) -> list[ft.Control]:
        # by the rules the youngest begins: the line says so, and what the app needs to know who
        return start_rows(self.title, list(self.chips), big_button(self.shell.t("vx.setup.draw_first"), self.draw),
                          youngest_chip(self.shell, self.st.youngest, self.years, self.youngest),
                          youngest_line(self.shell, self.st.youngest, self.years, self.names(),
                                        "vx.setup.youngest_needs"))


# --- setup: more options (folded; each has a default) ---------------------------------------------
def _figures_stepper(shell: Shell, st: VerflixxtSetup, fields: Fields) -> ft.Control:
    n = len(st.players)
    figures = st.figures or default_figures(n)  # vx.setup: the engine's default for this many players

    def set_figures(v: int) -> None:
        fields.sync()
        st.figures = v
        st.figures_note = None
        shell.render()

    label = shell.t("vx.setup.figures")
    return stepper(label, figures, 1, 6, set_figures, label + " −", label + " +", note=_figures_words(shell, st))


def _figures_words(shell: Shell, st: VerflixxtSetup) -> str | None:
    """vx.setup: the ruling's figure count changed with the players, in words (until the table picks one)."""
    note = st.figures_note
    return shell.t("vx.setup.figures_changed", **note) if note and st.figures is None else None


def _rules_block(shell: Shell, st: VerflixxtSetup, fields: Fields) -> list[ft.Control]:
    def set_wurm() -> None:
        fields.sync()
        st.wurminator = not st.wurminator
        shell.render()

    def set_bite(value: str) -> Callable[[], None]:
        def pick() -> None:
            fields.sync()
            st.bite_takes = value
            shell.render()

        return pick

    # rows of the full touch height (Flutter's switch and radios were 32 to 40 px)
    out: list[ft.Control] = [_figures_stepper(shell, st, fields),
                             toggle_row(shell.t("vx.setup.wurminator"), st.wurminator, set_wurm, kind="switch")]
    if st.wurminator:
        radios = ft.Column([toggle_row(shell.t(f"vx.setup.bite.{v}"), st.bite_takes == v,
                                       set_bite(v), kind="radio")
                            for v in ("smallest", "largest")], spacing=0)
        out.append(ft.Column([ft.Text(shell.t("vx.setup.bite_takes"), size=15), radios], spacing=2))
    return out


def _more_summary(shell: Shell, st: VerflixxtSetup) -> tuple[str, bool]:
    """What the folded options will do, in one line; True when the parcours has an error."""
    figures = st.figures or default_figures(len(st.players))
    parts = [shell.t("vx.setup.sum_figures", n=figures),
             shell.t("vx.setup.sum_wurm_on" if st.wurminator else "vx.setup.sum_wurm_off")]
    _, tiles, _ = layout_summary(shell, st.layout)
    if tiles is None:
        parts.append(shell.t("vx.setup.sum_bad"))
    else:
        drawn = st.drawn is not None and st.layout == st.drawn
        parts.append(shell.t("vx.setup.sum_drawn" if drawn else "vx.setup.sum_typed", count=len(tiles)))
        if st.guards is not None:
            parts.append(shell.t("vx.setup.sum_guards"))
    return " · ".join(parts), tiles is None


def _more_block(shell: Shell, st: VerflixxtSetup, fields: Fields) -> list[ft.Control]:
    """Everything a usual game leaves as it is, behind one button; folded, one line says what it holds."""
    def fold(e: ft.Event[ft.TextButton]) -> None:
        fields.sync()
        st.more = not st.more
        shell.render()

    head = keyed(ft.TextButton(content=shell.t("vx.setup.more"), height=TOUCH, on_click=fold,
                               icon=ft.Icons.EXPAND_LESS if st.more else ft.Icons.EXPAND_MORE,
                               style=ft.ButtonStyle(text_style=ft.TextStyle(size=16, weight=ft.FontWeight.W_600),
                                                    alignment=ft.Alignment.CENTER_LEFT)),
                 "more")
    if not st.more:
        words, bad = _more_summary(shell, st)
        lines: list[ft.Control] = [ft.Text(words, size=14, color=theme.ERROR if bad else theme.MUTED)]
        note = _figures_words(shell, st)
        if note:
            lines.append(ft.Text(note, size=14, color=theme.MUTED, weight=ft.FontWeight.W_500))
        # the line right under its button: it tells what the button holds
        return [ft.Column([head, ft.Container(ft.Column(lines, spacing=4), padding=ft.Padding.only(left=12))],
                          spacing=0)]
    return [head, *_rules_block(shell, st, fields), *Parcours(shell, st, fields).controls(),
            *tile_set_block(shell, st, fields)]


# --- setup: start ----------------------------------------------------------------------------
def _start(shell: Shell, st: VerflixxtSetup, fields: Fields) -> None:
    fields.sync()
    settle_first(st, list_profiles(shell.ctx.store))  # a seat renamed since has no profile now
    try:
        layout = read_layout(st.layout)
    except InvalidInput as exc:
        st.layout_error, st.start_error = exc.message(shell.lang), exc
        st.more = True  # the parcours shows its error where it was entered
        shell.refusal = None
        shell.render()
        return
    names = names_to_start(shell, st, st.players)
    if names is None:
        return
    players = [PlayerSpec(name=n, color=COLOR_OF[c], profile_id=pid)
               for n, c, pid in zip(names, _fix_colors(st), st.profiles)]
    options = {
        "layout": [str(t) for t in layout],
        "figures_per_player": st.figures or default_figures(len(players)),
        "wurminator": st.wurminator,
        "bite_takes": st.bite_takes,
        "first_seat": min(st.first, len(players) - 1),  # tapped or drawn; clockwise from there
        "guards": setup_guards(st, layout),
    }
    st.guard_error = None
    shell.start_game(GAME, players, options)
    err = shell.refusal
    if shell.table is None and err is not None and about_guards(err):
        st.guard_error = err  # shown by the guards, with what was entered
        st.more = True
        shell.refusal = None
        shell.render()


def _start_block(shell: Shell, st: VerflixxtSetup, fields: Fields) -> list[ft.Control]:
    def start(e: ft.Event[ft.Button]) -> None:
        _start(shell, st, fields)

    return start_controls(shell, st.start_error, start)


def _quick_button(shell: Shell) -> ft.Control:
    """Not a game: only the scores of a game played on paper ("Nur Punkte zählen")."""
    return ft.OutlinedButton(content=shell.t("vx.setup.quick"), icon=ft.Icons.CALCULATE_OUTLINED,
                             on_click=lambda e: shell.go("vx_quick"), height=TOUCH)


def setup_view(shell: Shell) -> ft.Control:
    """A usual game in three taps: players, who begins, start; everything else folded, with defaults."""
    st = setup_state_of(shell)
    fields = Fields(st)
    profiles = list_profiles(shell.ctx.store)
    settle_first(st, profiles)
    rows: list[ft.Control] = [section_title(shell.t("vx.setup.title"))]
    first = FirstPlayer(shell, st, fields, profiles)
    rows += _seat_block(shell, st, fields, first.renamed, profiles)
    rows += first.controls()
    if st.more:  # the options open: the start after them, where changing them ends
        rows += _more_block(shell, st, fields) + _start_block(shell, st, fields)
    else:
        # folded: the start right after who begins, the fold with its summary under it — above it the
        # summary's two lines (three with a changed figure count) pushed the start below the first
        # screen of a 360 x 740 phone once three seats came from the profiles
        rows += _start_block(shell, st, fields) + _more_block(shell, st, fields)
    rows.append(_quick_button(shell))
    return ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
