"""Qwixx Longo's play screen: whose turn, the dice (app or real), the crosses offered and the sheets.

Views only: every rule is asked of the engine (``scoring.qwixx_longo``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.games.qwixx.coach_panel import hint_button, hint_panel
from companion.games.qwixx.setup_screen import parse_numbers
from companion.games.qwixx.words import color_name
from companion.screens.rules import dispute_button
from components import theme
from components.common import big_button, info_line, isolated, keyed, own_node, section_title
from components.cross_row import RowModel, cross_row
from components.dice_entry import (
    DieSlot,
    RollEntryTexts,
    slots_for,
    table_roll_entry,
)
from components.dice_tray import DieFace, dice_tray
from components.player_switcher import player_switcher
from scoring.engine import DieSpec
from scoring.errors import InvalidInput, Refusal
from scoring.qwixx_longo import (
    COLORS,
    Action,
    Color,
    ColorCross,
    LuckyCross,
    Pass,
    Roll,
    State,
    WhiteCross,
    crossed_number,
    explain_field,
    lock_fields,
    row_fields,
)

if TYPE_CHECKING:
    from companion.shell import Shell
    from companion.table.table import Table

ROWS: dict[str, Color] = {c: c for c in COLORS}  # a tapped cell's row, as the referee names it
# a row's own colours, the same on a light and a dark phone: (strong, light, text on strong); the
# text on the light shade is black. White on the strong shade is >= 4.5:1 (green 800, not 700).
STYLE = {
    "red": (ft.Colors.RED_700, ft.Colors.RED_50, ft.Colors.WHITE),
    "yellow": (ft.Colors.AMBER_700, ft.Colors.YELLOW_50, ft.Colors.BLACK),
    "green": (ft.Colors.GREEN_800, ft.Colors.GREEN_50, ft.Colors.WHITE),
    "blue": (ft.Colors.BLUE_700, ft.Colors.BLUE_50, ft.Colors.WHITE),
}


def _my_seats(shell: Shell, n: int) -> list[int]:
    return list(range(n)) if shell.seats is None else sorted(s for s in shell.seats if 0 <= s < n)


def _connection(shell: Shell) -> int:
    """This tab's current websocket: a reload (the same Flet session) gets a new one."""
    session = getattr(shell.page, "session", None)
    return id(getattr(session, "connection", None))


def _selected(shell: Shell, state: State) -> int:
    """Whose sheet is shown: the chosen one, else the first seat the table waits for.

    A seat's own phone always comes back to its own sheet: another player's
    sheet stays chosen only until the table moves on or the tab reloads."""
    mine = _my_seats(shell, len(state.names))
    waiting = [s for s in shell.game_table.game.current_seats(state) if s in mine]
    key = ("q8_sel", shell.game_table.id)
    chosen = shell.ui.get(key)
    sticky = shell.ui.get(("q8_sel_seq", shell.game_table.id)) == (shell.game_table.seq, _connection(shell))
    if isinstance(chosen, int) and 0 <= chosen < len(state.names):
        if shell.seats is not None:
            if sticky:
                return chosen
        elif sticky or not waiting or chosen in waiting:
            return chosen
    first: int = waiting[0] if waiting else (mine[0] if mine else 0)
    return first


def _select(shell: Shell, seat: int) -> None:
    shell.ui[("q8_sel", shell.game_table.id)] = seat
    shell.ui[("q8_sel_seq", shell.game_table.id)] = (shell.game_table.seq, _connection(shell))
    shell.render()


def _die_name(shell: Shell, key: str) -> str:
    if key.startswith("white"):
        return shell.t("q8.play.white_n", n=key[len("white"):])
    return color_name(shell, key)


def dice_faces(shell: Shell, state: State) -> list[DieFace]:
    d = state.dice if state.phase != "roll" else None
    faces = [
        DieFace(shell.t("q8.letter.white"), getattr(d, "white1", None), ft.Colors.WHITE, name=shell.t("q8.white_die")),
        DieFace(shell.t("q8.letter.white"), getattr(d, "white2", None), ft.Colors.WHITE, name=shell.t("q8.white_die")),
    ]
    for c in COLORS:
        strong, _, text = STYLE[c]
        faces.append(
            DieFace(shell.t(f"q8.letter.{c}"), d.color_value(c) if d else None, strong, text_color=text,
                    removed=c in state.removed, name=color_name(shell, c))
        )
    return faces


def _and(shell: Shell, names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return shell.t("q8.play.and", names=", ".join(names[:-1]), last=names[-1])


def deciding_text(shell: Shell, state: State) -> str:
    """Who still decides on this roll, in words: 'Ben entscheidet noch'."""
    names = [state.names[s] for s in shell.game_table.game.current_seats(state)]
    if len(names) == 1:
        return shell.t("q8.play.deciding_one", name=names[0])
    return shell.t("q8.play.deciding_many", names=_and(shell, names))


def last_decision(shell: Shell) -> str | None:
    """What the last decision on this table entered ('Ana: Rot 7', 'Ben: passt'); it stays
    until the next roll: after a new roll the previous turn's decision is gone."""
    table = shell.game_table
    actions = table.record.actions[: table.cursor]
    for i in range(len(actions) - 1, -1, -1):
        a: Action = table.game.parse_action(actions[i].action)
        if isinstance(a, Roll):
            if table.state_as(State).phase != "roll":
                return None  # a new roll: the dice speak now, not the last turn
            continue
        before = table.state_as(State, i)
        name = before.names[a.by]
        if isinstance(a, Pass):
            misthrow = before.phase == "color" and not before.active_crossed
            what = shell.t("q8.play.last_misthrow" if misthrow else "q8.play.last_pass")
        elif isinstance(a, LuckyCross):
            what = shell.t("q8.play.last_lucky", color=color_name(shell, a.row), number=crossed_number(before, a))
        elif isinstance(a, ColorCross):
            what = color_cross_text(shell, before, a)
        else:
            what = shell.t("q8.play.cross", color=color_name(shell, a.row), number=crossed_number(before, a))
        return shell.t("q8.play.last", name=name, what=what)
    return None


def color_cross_text(shell: Shell, state: State, a: ColorCross) -> str:
    """A colour cross in words, "Rot 4+5=9": the field it takes, the white die and the colour die it adds
    (the roll of the colour phase, ``State.rolled``). The engine offers and applies a colour cross
    only for a colour die still in the game (q8.dice, its row not locked); without one the line names the row alone."""
    number = crossed_number(state, a)
    die = state.rolled.color_value(a.row)
    if number is None or die is None:
        return color_name(shell, a.row)
    return shell.t("q8.play.color_cross", color=color_name(shell, a.row), white=number - die, die=die, number=number)


def _top_block(shell: Shell, table: Table, state: State) -> ft.Control:
    """Whose turn, undo/redo and the dice; unchanged blocks are the same controls (Shell.memo)."""
    turn_text = shell.t("q8.play.turn", name=state.names[state.active], turn=state.turn)
    may_undo, may_redo = table.may_undo(shell.seats), table.may_redo(shell.seats)
    undo_tip, redo_tip = shell.t("play.undo"), shell.t("play.redo")
    # each part its own memo: a cross changes undo's or redo's state, rarely both, rarely the turn
    header = ft.Row(
        [
            shell.memo((table.id, "turn"), turn_text,
                       lambda: ft.Text(turn_text, size=18, weight=ft.FontWeight.BOLD, expand=True)),
            shell.memo((table.id, "undo"), (may_undo, undo_tip), lambda: ft.IconButton(
                icon=ft.Icons.UNDO, tooltip=undo_tip, on_click=lambda e: shell.undo(), disabled=not may_undo,
                icon_size=32)),
            shell.memo((table.id, "redo"), (may_redo, redo_tip), lambda: ft.IconButton(
                icon=ft.Icons.REDO, tooltip=redo_tip, on_click=lambda e: shell.redo(), disabled=not may_redo,
                icon_size=32)),
        ],
        spacing=0,
    )
    faces = tuple(dice_faces(shell, state))
    dice = shell.memo((table.id, "dice"), faces, lambda: dice_tray(list(faces), size=48))
    # portrait: one above the other; landscape (>= 576 px): side by side, so the sheet starts higher
    return _halves(shell, "top", [header, dice])


def _status_block(shell: Shell, table: Table, state: State) -> ft.Control:
    """What was entered last and who still decides, in words, right above the decision's buttons."""
    last = last_decision(shell)
    waiting_text = deciding_text(shell, state) if state.phase == "white" else None
    lines = tuple(x for x in (last, waiting_text) if x) + ("", "")
    # Always two lines (an empty one keeps its height): the buttons and the sheet below never move
    # when a line comes or goes, so their semantics elements are not repositioned.
    return shell.memo((table.id, "status"), lines[:2], lambda: ft.Column(
        [ft.Text(lines[0], size=16, weight=ft.FontWeight.BOLD), ft.Text(lines[1], size=15)], spacing=2))


def _switcher(shell: Shell, table: Table, state: State, seat: int) -> ft.Control | None:
    """Every sheet can be looked at; only one's own seats can be crossed on."""
    if len(state.names) < 2:
        return None
    names = tuple(state.names)
    return shell.memo((table.id, "switcher"), (names, seat),
                      lambda: player_switcher(list(names), seat, lambda i: _select(shell, i)))


def _phase_controls(shell: Shell, state: State, seat: int, mine: list[int], waiting_mine: list[int],
                    acting: int | None) -> list[ft.Control]:
    """The phase's buttons: roll, the white sum for the seat this phone decides for, the colour choice."""
    game = shell.game_table.game
    out: list[ft.Control] = []
    if state.phase == "roll":
        out += [keyed(c, f"roll{i}") for i, c in enumerate(roll_controls(shell, state, mine))]
    elif state.phase == "white":
        others = [s for s in waiting_mine if s != seat and s != state.active]
        rest: list[ft.Control] = []
        if shell.seats is None and len(others) >= 1 and seat == state.active:
            rest.append(ft.TextButton(content=shell.t("q8.play.rest_pass"), height=48,
                                      on_click=lambda e: _rest_pass(shell, others)))
        if acting is not None:
            # "Alle anderen passen" beside the title, not below the buttons: after a roll the whole
            # decision fits on a 360x740 phone, nothing of it cut by the bottom edge
            title = section_title(shell.t("q8.play.white_title", sum=state.rolled.white_sum, name=state.names[acting]))
            out.append(keyed(ft.Row([ft.Container(title, expand=True), *hint_button(shell, state, acting), *rest],
                                    spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER), "phase-title"))
            out.append(keyed(action_row(shell, state, game.legal(state, acting)), "actions"))
            out += _hint(shell, state, acting)
        elif rest:
            out.append(keyed(ft.Column(rest, spacing=0), "rest-pass"))
    elif state.phase == "color" and state.active not in mine:
        out.append(keyed(info_line(shell.t("q8.play.color_waiting", name=state.names[state.active])), "phase-title"))
    elif state.phase == "color":
        title = section_title(shell.t("q8.play.color_title", name=state.names[state.active]))
        out.append(keyed(ft.Row([ft.Container(title, expand=True), *hint_button(shell, state, state.active)],
                                spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER), "phase-title"))
        out.append(keyed(action_row(shell, state, game.legal(state, state.active)), "actions"))
        out += _hint(shell, state, state.active)
    return out


def _hint(shell: Shell, state: State, seat: int) -> list[ft.Control]:
    """The coach's advice below the buttons, while it was asked for at this moment (``coach_panel``)."""
    panel = hint_panel(shell, state, seat, lambda a: action_specs(shell, state, [a])[0][0])
    return [keyed(panel, "hint")] if panel is not None else []


def play_view(shell: Shell) -> ft.Control:
    table = shell.game_table
    state = table.state_as(State)
    seat = _selected(shell, state)
    mine = _my_seats(shell, len(state.names))
    out: list[ft.Control] = [_top_block(shell, table, state)]
    # The seat whose decision this phone offers buttons for: one of its own, never another's;
    # a phone acting for every seat decides for the sheet it shows.
    waiting_mine = [s for s in table.game.current_seats(state) if s in mine]
    if state.phase == "color" and state.active in mine:
        seat = state.active  # the active player's colour choice is made on their sheet
    acting = seat if seat in waiting_mine else (waiting_mine[0] if shell.seats is not None and waiting_mine else None)
    # Every decision of the turn on the first screen: the phase's title and buttons come right below
    # the dice, the sheet below them as the picture of the game (a 360x740 phone shows both). What
    # comes and goes from tap to tap (a refusal, the phase's title and buttons, "Alle anderen
    # passen") lives in a column of its own, so the screen's column keeps the same children on
    # every tap: Flutter rebuilds the whole subtree of a control whose list of children changed
    # (the sheet's ~250 controls too), ~3x the frame of a tap that only changes texts.
    phase: list[ft.Control] = []
    refusal = shell.refusal_control()
    if refusal:
        phase.append(keyed(refusal, "refusal"))
    phase += _phase_controls(shell, state, seat, mine, waiting_mine, acting)
    decision = ft.Column([keyed(_status_block(shell, table, state), "status"),
                          keyed(ft.Column(phase, spacing=10), "phase")], spacing=10)
    switcher = _switcher(shell, table, state, seat)
    out.append(_beside_sheet(decision, keyed(ft.Column([switcher] if switcher else [], spacing=0), "switcher")))
    out.append(keyed(sheet_view(shell, state, seat), "sheet"))
    out.append(keyed(shell.memo((table.id, "dispute"), shell.lang, lambda: dispute_button(shell)), "dispute"))
    return ft.Column(out, spacing=10)


def _halves(shell: Shell, key: str, blocks: list[ft.Control]) -> ft.Control:
    """Blocks of a ResponsiveRow: each the whole width on a phone held upright, half in landscape.
    A wrapper around the same block, and the row of the same wrappers, are the same controls as
    last time (``Shell.memo``; a block kept in the memo keeps its ``id``)."""
    table_id = shell.game_table.id
    def half(block: ft.Control) -> Callable[[], ft.Control]:
        return lambda: ft.Container(block, col={"xs": 12, "sm": 6})

    halves = [shell.memo((table_id, f"{key}-half{i}"), id(block), half(block)) for i, block in enumerate(blocks)]
    return shell.memo((table_id, key), tuple(id(h) for h in halves), lambda: keyed(ft.ResponsiveRow(
        halves, spacing=10, run_spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER), key))


def _beside_sheet(decision: ft.Control, switcher: ft.Control) -> ft.Control:
    """The decision, then the sheet chips: one under the other on a phone held upright (as before);
    side by side in landscape, both on the sheet's upper edge, so a whole sheet and the decision's
    buttons fit one screenful of a phone turned sideways (the sheet needs the whole width there
    for fields of 48 px, and a chip row between would push the buttons off)."""
    return keyed(ft.ResponsiveRow(
        [ft.Container(decision, col={"xs": 12, "sm": 7}), ft.Container(switcher, col={"xs": 12, "sm": 5})],
        spacing=10, run_spacing=10, vertical_alignment=ft.CrossAxisAlignment.END), "decision")


def _rest_pass(shell: Shell, seats: list[int]) -> None:
    for s in seats:
        if not shell.submit(Pass(by=s)):
            return


def roll_controls(shell: Shell, state: State, mine: list[int]) -> list[ft.Control]:
    """The roll, one way at a time: "Würfeln" (with "Echte Würfel" beside it), or the real dice's
    faces and their field ("App würfelt" leads back). The way is kept for the table on this phone."""
    if state.active not in mine:
        return [info_line(shell.t("q8.play.roll_phase", name=state.names[state.active]))]
    table = shell.game_table
    req = table.game.pending_roll(state)
    if req is None:  # no die due (not reached: the roll phase always asks for the roll)
        return []
    # the dice of the roll the engine asks for: removed colours are absent
    slots = slots_for(req.dice, lambda d: die_slot(shell, d))

    def refuse(value: str) -> None:
        got = " ".join(str(v) for v in parse_numbers(value)) or "–"
        shell.refuse(InvalidInput("bad_action", detail=shell.t(
            "play.typed_roll_bad", count=len(slots), sides=max(s.sides for s in slots), got=got)))

    return table_roll_entry(
        slots, shell.ui, table.id, table.seq,
        RollEntryTexts(roll=shell.t("play.roll"), real=shell.t("dice.toggle"), app=shell.t("q8.play.app_dice"),
                       face=shell.t("dice.face"), field=shell.t("play.typed_roll"),
                       apply=shell.t("play.typed_roll_apply"), missing=shell.t("dice.missing"),
                       ready=shell.t("dice.ready")),
        render=shell.render, roll=shell.roll, refuse=refuse)


def die_slot(shell: Shell, die: DieSpec) -> DieSlot:
    """How one die of the engine's RollRequest looks: white dice white, colour dice in their colour."""
    if die.name in COLORS:
        strong, _, text = STYLE[die.name]
        return DieSlot(die.name, die.sides, _die_name(shell, die.name), shell.t(f"q8.letter.{die.name}"), strong, text)
    return DieSlot(die.name, die.sides, _die_name(shell, die.name), shell.t("q8.letter.white"), ft.Colors.WHITE,
                   ft.Colors.BLACK)


def action_specs(shell: Shell, state: State, actions: list[Action]) -> list[tuple[str, str, str, Action]]:
    """(button text, colour, text colour, action) for each offered action, in order."""
    specs: list[tuple[str, str, str, Action]] = []
    seen: set[tuple[str, int | None]] = set()
    for a in actions:
        number = crossed_number(state, a)
        if isinstance(a, WhiteCross):
            text = shell.t("q8.play.cross", color=color_name(shell, a.row), number=number)
            strong, light, fg = STYLE[a.row]
        elif isinstance(a, LuckyCross):
            text = shell.t("q8.play.lucky", color=color_name(shell, a.row), number=number)
            strong, light, fg = STYLE[a.row]
        elif isinstance(a, ColorCross):
            if (a.row, number) in seen:
                continue  # both white dice give the same sum: one button
            seen.add((a.row, number))
            text = color_cross_text(shell, state, a)
            strong, light, fg = STYLE[a.row]
        else:
            misthrow = state.phase == "color" and not state.active_crossed
            text = shell.t("q8.play.pass_misthrow" if misthrow else "q8.play.pass")
            strong, fg = theme.CARD_STRONG, theme.TEXT  # no row's colour: a quiet button
        specs.append((text, strong, fg, a))
    return specs


def action_row(shell: Shell, state: State, actions: list[Action]) -> ft.Control:
    """The offered actions as big buttons; the same controls as last time when they look the same.

    A button does what this render offers at its place: the actions are kept beside the row and
    read when tapped, so the next player's decision on the same white sum (the same words, another
    seat) keeps the row's controls and Flet's diff skips them (a fifth of a tap's
    Python in the phone's WebAssembly)."""
    specs = action_specs(shell, state, actions)
    offer: list[Action] = shell.ui.setdefault(("q8_offer", shell.game_table.id), [])
    offer[:] = [a for _, _, _, a in specs]
    sig = tuple((text, strong, fg, type(a).__name__) for text, strong, fg, a in specs)
    return shell.memo(
        (shell.game_table.id, "actions"), sig,
        lambda: ft.Row([big_button(text, lambda e, i=i: shell.submit(offer[i]), color=strong, text_color=fg)
                        for i, (text, strong, fg, _) in enumerate(specs)], wrap=True, spacing=6, run_spacing=6),
    )


def sheet_view(shell: Shell, state: State, seat: int) -> ft.Control:
    shown_key = ("q8_shown", shell.game_table.id)
    shell.ui[shown_key] = seat

    def tap(color: str, number: int) -> None:
        # Rows and cells are shared between renders and between players' sheets
        # (see ``_sheet_rows``): the tapped sheet is the one shown now, the state is now.
        live = shell.game_table.state_as(State)
        shown = shell.ui.get(shown_key, seat)
        if shell.seats is not None and shown not in shell.seats:
            shell.refuse(Refusal("table.seat", "not_your_seat", name=live.names[shown]))
            return
        row = ROWS.get(color)
        if row is None:  # not a row of the sheet
            return
        verdict = explain_field(live, shown, row, number)
        if isinstance(verdict, (Refusal, InvalidInput)):
            shell.refuse(verdict)
        else:
            shell.submit(verdict)

    return _sheet_frame(shell, state, seat, _sheet_rows(shell, state, seat, tap))


def _sheet_rows(shell: Shell, state: State, seat: int, tap: Callable[[str, int], None]) -> list[ft.Control]:
    """The sheet's four rows, its player's lucky numbers circled (q8.lucky), the fields offered now marked.

    A row (and a cell) that looks the same as last time is the same control object, whoever's
    sheet it is: Flet's diff then skips it without looking inside (a sheet is ~250 controls; a
    tap changes a few cells, a switch to the next player's sheet only the cells that differ)."""
    sheet = state.sheets[seat]
    legal = shell.game_table.game.legal(state, seat) if (shell.seats is None or seat in shell.seats) else []
    legal_fields: dict[str, set[int]] = {c: set() for c in COLORS}
    for a in legal:
        number = crossed_number(state, a)
        if number is not None:
            legal_fields[a.row].add(number)
    cache = shell.parts(("q8_rows", shell.game_table.id), 64)
    parts = shell.parts(("q8_cells", shell.game_table.id), 1024)
    rows: list[ft.Control] = []
    for c in COLORS:
        strong, light, on_strong = STYLE[c]
        n = sheet.crosses(c)
        bonus, locked = c in sheet.locked_by_me, c in state.removed
        count_key = "q8.play.count_bonus" if bonus else ("q8.play.count_locked" if locked else "q8.play.count")
        model = RowModel(
            key=c, label=shell.t(f"q8.letter.{c}"), name=color_name(shell, c), fields=row_fields(c),
            crossed=sheet.rows[c], legal=frozenset(legal_fields[c]), lock_fields=lock_fields(c),
            bonus=bonus, locked=locked, color=strong, light=light,
            count_text=str(n), text_color=on_strong,
            crossed_word=shell.t("q8.play.crossed"), skipped_word=shell.t("q8.play.skipped"),
            count_label=shell.t(count_key, color=color_name(shell, c), count=n),
            lucky=frozenset(sheet.lucky), lucky_word=shell.t("q8.play.lucky_word"),
        )
        row = cache.get(model)
        if row is None:
            row = cache[model] = cross_row(model, tap, parts=parts)
        elif isinstance(row, ft.Row):
            # Two players' rows differ (their lucky numbers at least) but share their unchanged
            # fields; Flet drops the replaced row's fields from the session's index, the shared
            # ones too: each is handed back (Shell.reuse), or a tap on it would search the page.
            for cell in row.controls:
                shell.reuse(cell)
        rows.append(row)
    return rows


def _sheet_frame(shell: Shell, state: State, seat: int, rows: list[ft.Control]) -> ft.Control:
    """Whose sheet, its rows, then its misthrows, lucky numbers and points."""
    sheet = state.sheets[seat]
    total = shell.game_table.game.result(state).players[seat].total
    texts = (
        shell.t("q8.play.sheet_of", name=state.names[seat]),
        shell.t("q8.play.misthrows", count=sheet.misthrows, most=state.options.end_misthrows),
        shell.t("q8.play.lucky_numbers", a=sheet.lucky[0], b=sheet.lucky[1]),
        shell.t("q8.play.points", points=total),
    )

    def line(i: int, size: int, bold: bool) -> ft.Control:  # a line that reads as before is the same control
        return shell.memo((shell.game_table.id, f"sheet-line{i}"), texts[i], lambda: own_node(
            ft.Text(texts[i], size=size, weight=ft.FontWeight.BOLD if bold else None)))

    def legend() -> ft.Control:
        """The lucky numbers in words, after a ring like the one around their fields."""
        return shell.memo((shell.game_table.id, "sheet-lucky"), texts[2], lambda: own_node(ft.Row(
            [ft.Icon(ft.Icons.CIRCLE_OUTLINED, size=16, color=theme.TEXT), ft.Text(texts[2], size=14)],
            spacing=4, tight=True)))

    def build() -> ft.Control:
        footer = ft.Row([line(1, 14, False), legend(), line(3, 14, True)], wrap=True, spacing=12)
        return isolated(ft.Container(
            # rows close together, like the paper's: in landscape the decision's buttons and the whole
            # sheet then fit one screenful (844x390)
            content=ft.Column([line(0, 15, True), *rows, footer], spacing=2),
            border=ft.Border.all(1, theme.OUTLINE),
            border_radius=10,
            padding=4,  # every pixel of a 360 px phone goes to the fields
        ))

    return shell.memo((shell.game_table.id, "sheet"), (texts, tuple(id(r) for r in rows)), build)
