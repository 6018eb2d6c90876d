"""Verflixxt! Kompakt's setup: the parcours (tiles, guards' places) and the table's own tile set."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from companion.games.verflixxt.colors import GUARD_COLOR, layout_text
from companion.games.verflixxt.setup_state import (
    PALETTE,
    Fields,
    VerflixxtSetup,
    drop_last,
    layout_reset,
    layout_slots,
    layout_summary,
    palette_button,
    read_layout,
    remember_tile_set,
    setup_guards,
    slot_text,
)
from components import theme
from components.common import (
    TOUCH,
    big_button,
    refusal_line,
    section_title,
    stepper,
)
from components.seat_editor import error_text
from components.tile_strip import TAP_SLOT_W, tile_strip
from scoring.dice import Dice
from scoring.errors import InvalidInput
from scoring.verflixxt import (
    DEFAULT_TILE_SET,
    Tile,
    random_layout,
)

if TYPE_CHECKING:
    from companion.shell import Shell


# --- setup: the parcours ----------------------------------------------------------------------
class Parcours:
    """The layout as laid on the table: typed line, palette, tappable chips, edit bar and guards."""

    def __init__(self, shell: Shell, st: VerflixxtSetup, fields: Fields) -> None:
        self.shell, self.st, self.fields = shell, st, fields
        self.guard_letter = shell.t("vx.letter.guard")
        summary, self.tiles, err = layout_summary(shell, st.layout)
        if self.tiles is None or st.sel is not None and not 1 <= st.sel <= len(self.tiles):
            st.sel = None
        shown = st.layout_error
        self.summary = ft.Text(shown or summary, size=14,
                               color=theme.ERROR if (shown or err) else theme.MUTED)
        self.strip_box = ft.Container()
        self.guard_box = ft.Container()
        self.edit_box = ft.Container()
        self.palette_label = ft.Text(size=14)
        self.hint = ft.Text(shell.t("vx.setup.tap_hint"), size=13, color=theme.MUTED,
                            visible=bool(self.tiles))
        self.fill_boxes(self.tiles)

    # taps ---------------------------------------------------------------------------------
    def set_layout(self, new: tuple[Tile, ...], sel: int | None) -> None:
        """A tap changed the layout: the text form shows it, the guards start on its tiles again."""
        self.st.layout = layout_text(new, self.shell.lang)
        layout_reset(self.st, sel if sel is not None and 1 <= sel <= len(new) else None)
        self.shell.render()

    def current(self) -> tuple[Tile, ...] | None:
        self.fields.sync()
        try:
            return read_layout(self.st.layout)
        except InvalidInput as exc:
            self.st.layout_error = exc.message(self.shell.lang)
            self.shell.render()
            return None

    def selected(self) -> tuple[tuple[Tile, ...], int] | None:
        """The layout and the chosen tile, if both still hold (a typed change drops the selection)."""
        now = self.current()
        sel = self.st.sel
        if now is None or sel is None or not 1 <= sel <= len(now):
            return None
        return now, sel

    def tap_tile(self, pos: int) -> None:
        self.fields.sync()
        if self.tiles is None:
            return
        self.st.sel = None if self.st.sel == pos else pos
        self.shell.render()

    def remove_tile(self, e: ft.Event[ft.OutlinedButton]) -> None:
        got = self.selected()
        if got is not None:
            now, sel = got
            new = now[: sel - 1] + now[sel:]
            self.set_layout(new, min(sel, len(new)) if new else None)

    def shift(self, d: int) -> None:
        got = self.selected()
        if got is None or not 1 <= got[1] + d <= len(got[0]):
            return
        lst, sel = list(got[0]), got[1]
        lst[sel - 1], lst[sel - 1 + d] = lst[sel - 1 + d], lst[sel - 1]
        self.set_layout(tuple(lst), sel + d)

    def deselect(self, e: ft.Event[ft.IconButton]) -> None:
        self.fields.sync()
        self.st.sel = None
        self.shell.render()

    def append(self, token: str) -> None:
        self.fields.sync()
        st = self.st
        if st.sel is not None:
            now = self.current()
            if now is None:
                return
            sel = st.sel
            if sel is not None and 1 <= sel <= len(now):  # the chosen tile stays chosen: the next tap inserts after it
                self.set_layout(now[: sel - 1] + read_layout(token) + now[sel - 1:], sel + 1)
                return
        added = read_layout(token)
        try:  # after the whole line: a goal letter typed at its end stays at the end
            st.layout = layout_text(read_layout(st.layout) + added, self.shell.lang)
        except InvalidInput:  # an empty or unfinished line: the tile goes after what was typed
            st.layout = (st.layout.rstrip() + " " + layout_text(added, self.shell.lang)).strip()
        layout_reset(st, st.sel)
        self.shell.render()

    def drop_last(self, e: ft.Event[ft.IconButton]) -> None:
        self.fields.sync()
        self.st.layout = drop_last(self.st.layout, self.shell.lang)
        layout_reset(self.st, self.st.sel)
        self.shell.render()

    def clear(self, e: ft.Event[ft.IconButton]) -> None:
        self.fields.sync()
        self.st.layout = ""
        layout_reset(self.st)
        self.shell.render()

    def layout_changed(self, e: ft.Event[ft.TextField]) -> None:
        st = self.st
        st.layout = e.control.value or ""
        layout_reset(st)
        s, t, bad = layout_summary(self.shell, st.layout)
        try:  # in place, so the field keeps its cursor
            self.summary.value = s
            self.summary.color = theme.ERROR if bad else theme.MUTED
            self.hint.visible = bool(t)
            if t is not None:
                self.fill_boxes(t)
            else:  # keep the last good picture while typing; its taps wait for a valid line
                self.edit_box.content = None
                self.guard_box.content = None
                self.palette_label.value = self.palette_words(None)
        except RuntimeError:  # Flet froze these controls when it diffed the last render: draw anew
            self.shell.render()

    # pictures -----------------------------------------------------------------------------
    def fill_boxes(self, t: tuple[Tile, ...] | None) -> None:
        self.strip_box.content = self.strip_for(t)
        self.edit_box.content = self.edit_bar(t)
        self.guard_box.content = _guard_rows(self.shell, self.st, self.fields, t)
        self.palette_label.value = self.palette_words(t)

    def strip_for(self, t: tuple[Tile, ...] | None) -> ft.Control | None:
        if not t:
            return None
        named = {"start": self.shell.t("vx.pos.start"), "goal": self.shell.t("vx.pos.goal")}
        slots = [dataclasses.replace(s, words=named.get(s.kind, "")) for s in
                 layout_slots(t, self.guard_letter, self.shell.lang, setup_guards(self.st, t), self.st.sel)]
        return tile_strip(slots, on_tap=self.tap_tile, slot_w=TAP_SLOT_W,
                          tap_label=lambda s: self.shell.t("vx.setup.tile_chip", n=s.position, tile=s.label))

    def palette_words(self, t: tuple[Tile, ...] | None) -> str:
        sel = self.st.sel
        if t and sel is not None:
            return self.shell.t("vx.setup.palette_before", where=slot_text(self.shell, t, sel))
        return self.shell.t("vx.setup.palette")

    def edit_bar(self, t: tuple[Tile, ...] | None) -> ft.Control | None:
        sel, t_ = self.st.sel, self.shell.t
        if not t or sel is None:
            return None
        head = ft.Row([
            ft.Text(t_("vx.setup.selected", where=slot_text(self.shell, t, sel)), size=15,
                    weight=ft.FontWeight.BOLD, expand=True),
            ft.IconButton(icon=ft.Icons.CLOSE, icon_size=26, width=TOUCH, height=TOUCH, tooltip=t_("vx.setup.deselect"),
                          on_click=self.deselect),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
        moves = ft.Row([
            ft.IconButton(icon=ft.Icons.CHEVRON_LEFT, icon_size=30, width=TOUCH, height=TOUCH,
                          tooltip=t_("vx.setup.move_left"),
                          disabled=sel <= 1, on_click=lambda e: self.shift(-1)),
            ft.IconButton(icon=ft.Icons.CHEVRON_RIGHT, icon_size=30, width=TOUCH, height=TOUCH,
                          tooltip=t_("vx.setup.move_right"),
                          disabled=sel >= len(t), on_click=lambda e: self.shift(1)),
            ft.OutlinedButton(content=t_("vx.setup.remove"), icon=ft.Icons.DELETE_OUTLINE, height=TOUCH,
                              on_click=self.remove_tile),
        ], spacing=8)
        return ft.Column([head, moves], spacing=0)

    def palette(self) -> ft.Control:
        buttons = [palette_button(self.shell, tok, lambda e, tok=tok: self.append(tok)) for tok in PALETTE]
        buttons.append(ft.IconButton(icon=ft.Icons.BACKSPACE_OUTLINED, tooltip=self.shell.t("vx.setup.del_last"),
                                     on_click=self.drop_last, icon_size=28, width=TOUCH, height=TOUCH))
        buttons.append(ft.IconButton(icon=ft.Icons.DELETE_SWEEP_OUTLINED, tooltip=self.shell.t("vx.setup.clear"),
                                     on_click=self.clear, icon_size=28, width=TOUCH, height=TOUCH))
        return ft.Row(buttons, wrap=True, spacing=4, run_spacing=4)

    def controls(self) -> list[ft.Control]:
        field = ft.TextField(label=self.shell.t("vx.setup.layout"), value=self.st.layout, multiline=True,
                             min_lines=1, max_lines=4, on_change=self.layout_changed)
        self.fields.layout = field
        # the palette above the chips: inserting or removing tiles never moves it under the finger;
        # the hint is always there (hidden without tiles): the same rows on every render
        return [section_title(self.shell.t("vx.setup.layout_title")), random_button(self.shell, self.st, self.fields),
                field, self.summary, self.palette_label, self.palette(), self.hint, self.strip_box, self.edit_box,
                self.guard_box]


def _guard_row(shell: Shell, t: tuple[Tile, ...], g: int, p: int, letter: str,
               move: Callable[[int, int], None]) -> ft.Control:
    chip = ft.Container(width=30, height=22, bgcolor=GUARD_COLOR, border_radius=3, alignment=ft.Alignment.CENTER,
                        content=ft.Text(f"{letter}{g + 1}", size=12, weight=ft.FontWeight.BOLD,
                                        color=ft.Colors.WHITE, no_wrap=True))
    step = stepper("", p, 1, len(t), lambda to: move(g, to), shell.t("vx.setup.guard_back", g=g + 1),
                   shell.t("vx.setup.guard_fwd", g=g + 1),
                   text=shell.t("vx.setup.guard_line", g=g + 1, where=slot_text(shell, t, p)))
    return ft.Row([chip, ft.Container(step, expand=True)], spacing=4,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _guard_rows(shell: Shell, st: VerflixxtSetup, fields: Fields, t: tuple[Tile, ...] | None) -> ft.Control | None:
    """vx.setup: the guards start on the first plus or G tiles; each can be moved a tile back or forward."""
    if t is None:
        return None
    guards = setup_guards(st, t)
    out: list[ft.Control] = [section_title(shell.t("vx.setup.guards_title"))]
    if not guards:
        out.append(ft.Text(shell.t("vx.setup.no_guards"), size=14, color=theme.MUTED))

    def move_guard(g: int, to: int) -> None:
        fields.sync()
        now = setup_guards(st, t)
        to = max(1, min(len(t), to))  # a guard off the line comes back onto it
        if g < len(now) and to != now[g]:
            now[g] = to
            st.guards, st.guard_error = now, None
            shell.render()

    def reset(e: ft.Event[ft.TextButton]) -> None:
        fields.sync()
        st.guards, st.guard_error = None, None
        shell.render()

    letter = shell.t("vx.letter.guard")
    out += [_guard_row(shell, t, g, p, letter, move_guard) for g, p in enumerate(guards)]
    if st.guards is not None:
        out.append(ft.TextButton(content=shell.t("vx.setup.guards_reset"), icon=ft.Icons.RESTART_ALT, on_click=reset))
    exc = st.guard_error
    if exc is not None:
        rule = exc.rule
        out.append(refusal_line(shell.err_text(exc), shell.t("play.why", rule=rule) if rule else None,
                                (lambda: shell.show_rule(rule)) if rule else None))
    return ft.Column(out, spacing=0)


# --- setup: the table's tile set (confirmed once, remembered) -------------------------------------
def _tile_set_words(shell: Shell, text: str) -> str:
    tiles = read_layout(text)
    kinds = [t.kind for t in tiles]
    return shell.t("vx.setup.tile_set_ok", count=len(tiles), plus=kinds.count("plus"), minus=kinds.count("minus"),
                   lucky=kinds.count("lucky"))


@dataclass(frozen=True)
class _TileSetTaps:
    randomize: Callable[[ft.Event[ft.Button]], None]
    confirm: Callable[[ft.Event[ft.Button]], None]
    change: Callable[[ft.Event[ft.TextButton]], None]
    reset: Callable[[ft.Event[ft.TextButton]], None]


def _tile_set_actions(shell: Shell, st: VerflixxtSetup, fields: Fields) -> _TileSetTaps:
    def checked() -> tuple[Tile, ...] | None:
        fields.sync()
        try:
            return read_layout(st.tile_set)
        except InvalidInput as exc:
            st.tile_set_error = exc.message(shell.lang)
            shell.render()
            return None

    def randomize(e: ft.Event[ft.Button]) -> None:
        tile_set = checked()
        if tile_set is not None:
            st.tile_set_error = None
            st.layout = st.drawn = layout_text(random_layout(Dice().source, tile_set), shell.lang)
            layout_reset(st)
            shell.render()

    def confirm(e: ft.Event[ft.Button]) -> None:
        tiles = checked()
        if tiles is not None:
            st.tile_set = layout_text(tiles, shell.lang)
            st.tile_set_error, st.tile_set_confirmed = None, True
            remember_tile_set(shell, st.tile_set)
            shell.render()

    def change(e: ft.Event[ft.TextButton]) -> None:
        fields.sync()
        st.tile_set_confirmed = False
        shell.render()

    def reset(e: ft.Event[ft.TextButton]) -> None:
        fields.sync()
        st.tile_set, st.tile_set_error = layout_text(DEFAULT_TILE_SET, shell.lang), None
        shell.render()

    return _TileSetTaps(randomize=randomize, confirm=confirm, change=change, reset=reset)


def tile_set_block(shell: Shell, st: VerflixxtSetup, fields: Fields) -> list[ft.Control]:
    act = _tile_set_actions(shell, st, fields)
    out: list[ft.Control] = [section_title(shell.t("vx.setup.tile_set_title"))]
    if st.tile_set_confirmed and not st.tile_set_error:
        out.append(ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE, color=theme.GOOD, size=22),
            ft.Text(_tile_set_words(shell, st.tile_set), size=14, expand=True),
            ft.TextButton(content=shell.t("vx.setup.tile_set_change"), on_click=act.change, height=TOUCH),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
    else:
        def set_text(e: ft.Event[ft.TextField]) -> None:
            st.tile_set, st.tile_set_error = e.control.value or "", None

        fields.tile_set = ft.TextField(label=shell.t("vx.setup.tile_set"), value=st.tile_set, multiline=True,
                                       min_lines=1, max_lines=4, on_change=set_text, text_size=13)
        out += [ft.Text(shell.t("vx.setup.tile_set_ask"), size=14), fields.tile_set]
        if st.tile_set_error:
            out.append(error_text(st.tile_set_error))
        out.append(ft.Row([
            # the step the table takes once: it stands out (a notice's colours, in both themes)
            big_button(shell.t("vx.setup.tile_set_confirm"), act.confirm, color=theme.NOTICE,
                       text_color=theme.ON_NOTICE),
            ft.TextButton(content=shell.t("vx.setup.tile_set_reset"), on_click=act.reset, height=TOUCH),
        ], wrap=True, spacing=8, run_spacing=4))
    return out


def random_button(shell: Shell, st: VerflixxtSetup, fields: Fields) -> ft.Control:
    """A new random layout from the table's tile set (vx.setup), right under the parcours' title."""
    return big_button(shell.t("vx.setup.random"), _tile_set_actions(shell, st, fields).randomize)
