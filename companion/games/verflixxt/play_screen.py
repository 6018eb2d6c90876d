"""Verflixxt! Kompakt's play screen: the board, the roll (app or real dice), the moves and their previews, piles.

Views only: every rule is asked of the engine (``scoring.verflixxt``): legal moves, their previews,
refusals, advice and scoring.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.games.verflixxt.colors import (
    GUARD_COLOR,
    PLAYER_COLORS,
    TEXT_ON,
    WURM_COLOR,
    fmt_num,
    letter,
    tile_text,
    tiles_text,
)
from companion.games.verflixxt.hooks import explain as explain_target
from companion.screens.rules import dispute_button
from components import theme
from components.common import (
    TOUCH,
    info_line,
    isolated,
    keyed,
    own_node,
    section_title,
    toggle_row,
)
from components.dice_entry import (
    DieSlot,
    RollEntryTexts,
    real_mode,
    slots_for,
    table_roll_entry,
    typed_text,
)
from components.tile_strip import Piece, Slot, tile_strip
from scoring.errors import InvalidInput, RefereeError, Refusal
from scoring.verflixxt import (
    GAME as ENGINE,
    Action,
    MoveFigure,
    MoveGuard,
    MoveWurminator,
    SkipWurminator,
    State,
    advise,
    move_preview,
    score_tiles,
)

if TYPE_CHECKING:
    from companion.shell import Shell


# --- play ------------------------------------------------------------------------------
def seat_color(shell: Shell, seat: int) -> str:
    """The colour the player picked at setup (``PlayerSpec.color``), else the seat's default."""
    table = getattr(shell, "table", None)
    players = table.players if table is not None else ()
    color = players[seat].color if 0 <= seat < len(players) else None
    return color or PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def text_on(color: str) -> str:
    return TEXT_ON.get(color, ft.Colors.WHITE.value)


def _letters(names: tuple[str, ...]) -> list[str] | None:
    """Each player's initial, if the initials tell the players apart (else None: seat numbers)."""
    first = [(n.strip()[:1] or "?").upper() for n in names]
    return first if len(set(first)) == len(first) else None


def figure_label(state: State, seat: int, fig: int) -> str:
    """"A2": Ana's second figure; "2.1" when two names share an initial."""
    letters = _letters(state.names)
    many = len(state.figures[seat]) > 1
    if letters is None:
        return f"{seat + 1}.{fig + 1}" if many else str(seat + 1)
    return letters[seat] + str(fig + 1) if many else letters[seat]


def pos_text(shell: Shell, state: State, p: int) -> str:
    if p <= 0:
        return shell.t("vx.pos.start")
    if p >= state.goal:
        return shell.t("vx.pos.goal")
    tile = state.tile_at(p)
    if tile is None:
        return shell.t("vx.pos.gap_slot", n=p)
    return shell.t("vx.pos.slot", n=p, tile=tile_text(tile, shell.lang))


def board_slots(shell: Shell, state: State, highlight: set[int] | None = None,
                colors: list[str] | None = None) -> list[Slot]:
    """The strip's slots, each named as a screen reader reads it: "Feld 2 (−1): A1, Wächter".
    ``colors``: each seat's colour as given (a replay's, from the record's players); else this
    table's seat colours."""
    highlight = highlight or set()
    pieces: dict[int, list[Piece]] = {}
    said: dict[int, list[str]] = {}  # the pieces' words: a figure by its letter, guard and Wurminator by name
    for seat, figs in enumerate(state.figures):
        for i, p in enumerate(figs):
            color = colors[seat] if colors is not None else seat_color(shell, seat)
            label = figure_label(state, seat, i)
            pieces.setdefault(p, []).append(Piece(label, color, text_on(color)))
            said.setdefault(p, []).append(label)
    for p in state.guards:
        pieces.setdefault(p, []).append(Piece(shell.t("vx.letter.guard"), GUARD_COLOR, round=False))
        said.setdefault(p, []).append(shell.t("vx.slot.guard"))
    if state.wurminator is not None:
        pieces.setdefault(state.wurminator, []).append(Piece(shell.t("vx.letter.wurm"), WURM_COLOR, round=False))
        said.setdefault(state.wurminator, []).append(shell.t("vx.slot.wurm"))

    def words(p: int) -> str:
        place = pos_text(shell, state, p)
        return shell.t("vx.slot.words", place=place, pieces=", ".join(said[p])) if p in said else place

    slots = [Slot(0, letter(shell.lang, "start"), "start", tuple(pieces.get(0, ())), 0 in highlight, words(0))]
    for i, t in enumerate(state.parcours, start=1):
        slots.append(Slot(i, tile_text(t, shell.lang) if t else "", t.kind if t else "gap", tuple(pieces.get(i, ())),
                          i in highlight, words(i)))
    g = state.goal
    slots.append(Slot(g, letter(shell.lang, "goal"), "goal", tuple(pieces.get(g, ())), g in highlight, words(g)))
    return slots


def action_label(shell: Shell, state: State, action: Action) -> str:
    """One line for a legal action, from the engine's preview: where it lands, what it takes or bites."""
    if isinstance(action, SkipWurminator):
        return shell.t("vx.play.skip_wurm")
    pv = move_preview(state, action)
    if isinstance(action, MoveFigure):
        src = state.figures[action.by][action.figure]
        text = shell.t("vx.play.move_figure", fig=figure_label(state, action.by, action.figure),
                       src=pos_text(shell, state, src), dst=pos_text(shell, state, pv.landing))
    elif isinstance(action, MoveGuard):
        src = state.guards[action.guard]
        text = shell.t("vx.play.move_guard", src=pos_text(shell, state, src), dst=pos_text(shell, state, pv.landing))
    else:
        text = shell.t("vx.play.move_wurm", src=pos_text(shell, state, state.wurminator or 0),
                       dst=pos_text(shell, state, pv.landing))
    if pv.collected:
        text += shell.t("vx.play.takes", tiles=tiles_text(pv.collected, shell.lang))
    bitten = []
    for ev in pv.bites:
        if ev.seat is not None and state.names[ev.seat] not in bitten:
            bitten.append(state.names[ev.seat])
    if bitten:
        text += shell.t("vx.play.bites", names=", ".join(bitten))
    return text


def _button_text(weight: ft.FontWeight) -> ft.TextStyle:
    """A button's own text at 16 px, drawn as a Text inside it was (Material's label line: height
    20/14, spacing 0.1): the same size of button without a Text control."""
    return ft.TextStyle(size=16, weight=weight, height=20 / 14, letter_spacing=0.1)


def _move_button(text: str, on_click: ft.ControlEventHandler[ft.Button], color: str, text_color: str) -> ft.Control:
    """Full width (the moves' column stretches it), at least 48 px high; long lines wrap instead of
    being cut. One control: the words are the button's own text, styled by the button (it
    was a Row, the Button and a Text: three controls to build)."""
    return ft.Button(
        content=text,
        on_click=on_click,
        bgcolor=color,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), color=text_color,
                             text_style=_button_text(ft.FontWeight.W_600),
                             padding=ft.Padding.symmetric(horizontal=14, vertical=15),
                             visual_density=ft.VisualDensity.STANDARD),  # desktop browsers too: >= 48 px
    )


def roll_controls(shell: Shell, state: State) -> list[ft.Control]:
    """The roll, one way at a time: "Würfeln" (with "Echte Würfel" beside it), or the real die's
    faces and its field ("App würfelt" leads back). The way is kept for the table on this phone;
    the die in the roller's colour (``pending_roll``, vx.move)."""
    table = shell.game_table
    req = table.game.pending_roll(state)  # None while a move is chosen: the block is hidden then
    color = seat_color(shell, state.turn)
    die = shell.t("vx.play.die")
    slots = slots_for(req.dice if req else (), lambda d: DieSlot(d.name, d.sides, die, die, color, text_on(color)))

    def refuse(value: str) -> None:
        said = value.strip() or shell.t("vx.play.bad_typed")
        shell.refuse(InvalidInput("vx_bad_roll", rule="vx.move", value=said))

    return table_roll_entry(
        slots, shell.ui, table.id, table.seq,
        RollEntryTexts(roll=shell.t("play.roll"), real=shell.t("dice.toggle"), app=shell.t("vx.play.app_dice"),
                       face=shell.t("dice.face"), field=shell.t("vx.play.typed_roll"),
                       apply=shell.t("play.typed_roll_apply")),
        render=shell.render, roll=shell.roll, refuse=refuse)


def _locked_guard_chip(shell: Shell, state: State, p: int, err: RefereeError) -> ft.Control:
    """A compact chip (the tile, as on the board); its place and the refusal's words are its tooltip and label."""
    tile = state.tile_at(p) if 0 < p < state.goal else None
    words = shell.t("vx.play.locked_tip", place=pos_text(shell, state, p), why=err.message(shell.lang))
    chip = ft.OutlinedButton(
        # no Text control to build
        content=tile_text(tile, shell.lang) if tile is not None else pos_text(shell, state, p),
        icon=ft.Icons.LOCK_OUTLINE,
        height=TOUCH,
        tooltip=words,
        on_click=lambda e: shell.refuse(err),  # the refusal with its rule link, under the moves
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10),
                             text_style=_button_text(ft.FontWeight.BOLD)),
    )
    return ft.Semantics(label=words, button=True, content=chip, exclude_semantics=True)


def _locked_guards(shell: Shell, state: State) -> list[ft.Control]:
    """Guards that may not move now, each tappable: the engine says why (vx.guard, vx.wurm.guard)."""
    seen: set[int] = set()
    chips = []
    for g, p in enumerate(state.guards):
        if p in seen or p >= state.goal:
            continue
        seen.add(p)
        why = explain_target(state, state.turn, ("guard", g))  # a move when it may move: among the moves
        if isinstance(why, RefereeError):
            chips.append(_locked_guard_chip(shell, state, p, why))
    if not chips:
        return []
    return [ft.Text(shell.t("vx.play.locked"), size=13, color=theme.MUTED),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6)]


def _advice_controls(shell: Shell, state: State) -> list[ft.Control]:
    tips = advise(state)
    if not tips:
        return []
    best = max(tips, key=lambda a: (a.expected, a.immediate))
    lines: list[ft.Control] = [
        ft.Text(shell.t("vx.play.advice_best", move=action_label(shell, state, best.action)), size=15,
                weight=ft.FontWeight.BOLD)
    ]
    for a in sorted(tips, key=lambda a: -a.expected):
        lines.append(ft.Text(shell.t("vx.play.advice_line", move=action_label(shell, state, a.action),
                                     now=f"{a.immediate:+d}".replace("-", "−"),
                                     ahead=fmt_num(shell, a.expected)), size=14))
    lines.append(ft.Text(shell.t("vx.play.advice_note"), size=12, color=theme.MUTED))
    return [ft.Container(content=ft.Column(lines, spacing=2), bgcolor=theme.CARD, border_radius=10, padding=8)]


def _event_lines(shell: Shell, state: State) -> list[str]:
    out = []
    for ev in state.events:
        name = state.names[ev.seat] if ev.seat is not None else ""
        if ev.kind == "bite_empty":
            continue
        out.append(shell.t(f"vx.play.events.{ev.kind}", name=name, tile=tile_text(ev.tile, shell.lang)))
    return out


def piles_view(shell: Shell, state: State) -> ft.Control:
    cards = []
    goal = state.goal
    for seat, name in enumerate(state.names):
        pile = state.piles[seat]
        points = score_tiles(pile).total
        out = all(p == goal for p in state.figures[seat])
        head = shell.t("vx.play.pile_line", name=name, points=points)
        if out:
            head += " · " + shell.t("vx.play.out")
        tiles = tiles_text(pile, shell.lang)
        # Whose turn it is (the card's colour) changes with every move. The colour is a box
        # of its own behind the card's words (filling the stack), so a move rebuilds that one box on
        # the phone, not the card with its bar and two lines (6 controls per pile, two piles a move).
        on_turn = seat == state.turn and state.phase != "over"  # framed and stronger (the words read on both)
        shade = ft.Container(
            bgcolor=theme.CARD_STRONG if on_turn else theme.CARD,
            border=ft.Border.all(2, theme.PRIMARY if on_turn else theme.CARD),
            border_radius=10, left=0, top=0, right=0, bottom=0,
        )
        color, lines = seat_color(shell, seat), (head, tiles or shell.t("vx.play.pile_empty"))
        # the words and the seat's bar stay the same objects while they read the same (Shell.memo):
        # a move that only passes the turn builds each pile's shade and frame, not its 6 controls
        # (on the server: less for Flet to build and diff before the phone gets the patch)
        words_box = shell.memo((shell.game_table.id, "pile", seat), (color, lines), partial(_pile_words, color, lines))
        card = ft.Stack([shade, words_box])
        # one semantics node per pile, read as a whole ("Ana: 3 Punkte, Tafeln: −2 +5"); its two
        # lines have none of their own (fewer nodes to build)
        words = shell.t("vx.play.pile_words" if tiles else "vx.play.pile_words_empty", line=head, tiles=tiles)
        cards.append(ft.Semantics(container=True, label=words, exclude_semantics=True, content=card))
    # its own semantics node (see ``isolated``): the side's blocks above it change height per tap
    return isolated(ft.Column([own_node(section_title(shell.t("vx.play.piles"))), *cards], spacing=6))


def _pile_words(color: str, lines: tuple[str, str]) -> ft.Control:
    """A pile's words beside the seat's colour bar."""
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        content=ft.Row([
            ft.Container(width=10, height=36, bgcolor=color, border_radius=3),
            ft.Column([
                ft.Text(lines[0], size=15, weight=ft.FontWeight.BOLD),
                ft.Text(lines[1], size=15, color=theme.MUTED),
            ], spacing=0, expand=True),
        ]),
    )


def last_move_line(shell: Shell) -> str | None:
    """The last move made (by any phone) and what it took or bit, from the state before it."""
    table = shell.game_table
    if table.cursor == 0:
        return None
    rec = table.record.actions[table.cursor - 1]
    if rec.action.get("type") == "roll":
        return None
    key = ("vx_last", table.id)
    mark = (table.cursor, repr(rec.action), shell.lang)
    cached = shell.ui.get(key)
    if isinstance(cached, tuple) and cached[0] == mark:
        hit: str | None = cached[1]
        return hit
    try:
        before = table.state_as(State, table.cursor - 1)
        action: Action = ENGINE.parse_action(rec.action)
        text = shell.t("vx.play.last_move", name=before.names[action.by], move=action_label(shell, before, action))
    except (Refusal, InvalidInput, AttributeError, IndexError):
        text = None
    shell.ui[key] = (mark, text)
    return text


def _rolled_die(roll_text: str, value: int | None) -> ft.Control:
    """The rolled value as a die beside whose turn it is, big; read as "Gewürfelt: 4". Always there,
    hidden while nothing is rolled: a move and its undo change its number and visibility in place
    (the frame around it stays, so a change of visibility rebuilds the frame, not the whole line)."""
    die = ft.Container(
        content=ft.Text(str(value or ""), size=24, weight=ft.FontWeight.BOLD, color=theme.ON_PRIMARY,
                        semantics_label=roll_text, key="roll"),
        width=44, height=44, bgcolor=theme.PRIMARY, border_radius=10, alignment=ft.Alignment.CENTER,
        visible=value is not None,
    )
    return ft.Container(die)


# Portrait: one column, the moves first (under the roll), the board and the piles below them.
# Landscape (>= 576 px wide): the moves on the left, the board and the piles beside them.
SIDE_COL: ft.ResponsiveNumber = {"xs": 12, "sm": 5}
BOARD_COL: ft.ResponsiveNumber = {"xs": 12, "sm": 7}


def _header(shell: Shell, state: State, mine: bool) -> ft.Control:
    """Whose turn and what to do now, the die rolled, undo and redo, in one line: the moves start
    right below it (on a 360x740 phone a roll's eight moves and the guards it leaves fit under it).
    The same controls while it looks the same (Shell.memo)."""
    table, me = shell.game_table, state.turn
    turn_text = shell.t("play.turn_of", name=state.names[me])
    rolled = state.roll if state.roll is not None and state.phase in ("move", "wurminator") else None
    roll_text = shell.t("vx.play.roll_chip", value=rolled) if rolled is not None else ""
    title = ""
    if mine and rolled is not None:
        title = shell.t("vx.play.moves_with" if state.phase == "move" else "vx.play.wurm_phase")
    may_undo, may_redo = table.may_undo(shell.seats), table.may_redo(shell.seats)
    tips = (shell.t("play.undo"), shell.t("play.redo"))
    me_color = seat_color(shell, me)

    def header() -> ft.Control:
        # on a seat's own phone: only that seat's moves are taken back or redone. Undo and redo are
        # the same buttons while they look the same (a move changes whose turn it is, not them).
        undo = shell.memo((table.id, "header-undo"), (tips[0], may_undo), lambda: ft.IconButton(
            icon=ft.Icons.UNDO, tooltip=tips[0], on_click=lambda e: shell.undo(),
            disabled=not may_undo, icon_size=28, width=TOUCH, height=TOUCH, key="undo"))
        redo = shell.memo((table.id, "header-redo"), (tips[1], may_redo), lambda: ft.IconButton(
            icon=ft.Icons.REDO, tooltip=tips[1], on_click=lambda e: shell.redo(),
            disabled=not may_redo, icon_size=28, width=TOUCH, height=TOUCH, key="redo"))
        # what the roll is for, under whose turn it is, and the die: both stay mounted (hidden before
        # the roll, each in a frame of its own), so a move changes words and visibility in place
        title_line = ft.Text(title, size=14, weight=ft.FontWeight.BOLD, color=theme.MUTED, key="title",
                             visible=bool(title))
        words = ft.Column([ft.Text(turn_text, size=19, weight=ft.FontWeight.BOLD, key="turn"),
                           ft.Container(title_line)], spacing=0, expand=True, key="words")
        return ft.Row([
            ft.Container(width=12, height=30, bgcolor=me_color, border_radius=3, key="color"),
            words, _rolled_die(roll_text, rolled), undo, redo,
        ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    sig = (turn_text, title, roll_text, may_undo, may_redo, tips, me_color)
    return keyed(shell.memo((table.id, "header"), sig, header), "header")


def _roll_block(shell: Shell, state: State) -> ft.Control:
    """The roll controls stay mounted (hidden while a move is chosen): after every move they
    come back as the same controls instead of a new text field and buttons each turn."""
    table = shell.game_table
    # folded, the block is the same whoever rolls; unfolded, the die is in the roller's colour and
    # shows what was entered for this roll
    sig: tuple[object, ...] = (shell.lang, False)
    if real_mode(shell.ui, table.id):
        sig = (shell.lang, True, typed_text(shell.ui, table.id, table.seq), seat_color(shell, state.turn),
               state.phase == "roll")
    roll_block = shell.memo((table.id, "roll-block"), sig,
                            lambda: ft.Column(roll_controls(shell, state), spacing=8))
    return keyed(ft.Container(roll_block, visible=state.phase == "roll"), "roll-block")


def _waiting(shell: Shell, state: State) -> list[ft.Control]:
    """Another seat's phone: everyone sees the board and the die (in the header), only the player
    on turn acts."""
    waiting = {"roll": "vx.play.other_rolls", "wurminator": "vx.play.other_wurm"}.get(state.phase,
                                                                                      "vx.play.other_moves")
    return [keyed(info_line(shell.t(waiting, name=state.names[state.turn])), "waiting")]


def _move_colors(shell: Shell, state: State, a: Action) -> tuple[str, str]:
    """A move in its piece's colour (the same in both themes, its words' colour beside it); skipping
    the Wurminator moves nothing: the theme's panel colour."""
    if isinstance(a, MoveFigure):
        me_color = seat_color(shell, state.turn)
        return me_color, text_on(me_color)
    if isinstance(a, MoveGuard):
        return ft.Colors.BLUE_GREY_100, ft.Colors.BLACK
    if isinstance(a, MoveWurminator):
        return ft.Colors.BROWN_100, ft.Colors.BROWN_900
    return theme.CARD_STRONG, theme.TEXT


def _moves(shell: Shell, state: State, legal: list[Action]) -> ft.Control:
    """The moves the roll allows (the roll and what it is for are in the header right above), and
    the guards it does not move."""
    table = shell.game_table

    def block() -> ft.Control:
        moves: list[ft.Control] = []
        for a in legal:
            bg, fg = _move_colors(shell, state, a)
            moves.append(_move_button(action_label(shell, state, a), lambda e, a=a: shell.submit(a), bg, fg))
        if state.phase == "move":
            moves += _locked_guards(shell, state)
        # stretched: each move button is as wide as the column (no Row around it)
        return ft.Column(moves, spacing=8, key=f"actions-{state.phase}",
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # The moves (their labels, colours, targets and the locked guards' refusals) follow
    # from the state, the language and the seats' colours alone: a position shown before (an undo
    # back to it) gets the same controls again (Shell.memo).
    colors = tuple(seat_color(shell, s) for s in range(len(state.names)))
    sig = (state.model_dump_json(), shell.lang, colors)
    moves = shell.memo((table.id, "moves"), sig, block)
    shell.ui[("vx_moves_shown", table.id)] = moves
    return _moves_box(moves, visible=True)


def _moves_box(moves: ft.Control, *, visible: bool) -> ft.Control:
    return keyed(ft.Container(moves, visible=visible), "moves")


def _hidden_moves(shell: Shell) -> list[ft.Control]:
    """While the player rolls, the last moves shown stay mounted, hidden (as the roll block
    does during a move): the client keeps them, so an undo back to that move brings them back
    as a change of ``visible``, not as ~30 controls sent and built again. Hidden
    controls are not drawn, not in the semantics tree and cannot be tapped."""
    shown = shell.ui.get(("vx_moves_shown", shell.game_table.id))
    if shown is None:
        return []
    return [_moves_box(shell.reuse(shown), visible=False)]


def _news(shell: Shell, state: State) -> list[ft.Control]:
    """A refusal where the tap happened (under the roll field or the moves), the last move, events."""
    out: list[ft.Control] = []
    refusal = shell.refusal_control()
    if refusal:
        out.append(keyed(refusal, "refusal"))
    last = last_move_line(shell)
    # always there (hidden when there is none, e.g. after a roll): a move changes its words in
    # place instead of sending a new control
    out.append(keyed(ft.Text(last or "", size=15, weight=ft.FontWeight.W_600, visible=bool(last)), "last"))
    for i, line in enumerate(_event_lines(shell, state)):
        out.append(keyed(ft.Text(line, size=14, color=theme.MUTED), f"event{i}"))
    return out


def _advice(shell: Shell, state: State, shown: bool) -> list[ft.Control]:
    """The advice switch and, when on, one line per legal move. The switch stays mounted, hidden
    while the player rolls: a move and its undo change its ``visible`` instead of sending it
    whole."""
    key = "vx_advice"

    def toggle() -> None:
        shell.ui[key] = not shell.ui.get(key)
        shell.render()

    switch = toggle_row(shell.t("vx.play.advice"), bool(shell.ui.get(key)), toggle, kind="switch")  # 48 px to tap
    switch.visible = shown
    out: list[ft.Control] = [keyed(switch, "advice")]
    if shown and shell.ui.get(key):
        out.append(keyed(ft.Column(_advice_controls(shell, state), spacing=8), "advice-lines"))
    return out


def _side(shell: Shell, state: State, legal: list[Action], mine: bool) -> list[ft.Control]:
    """The roll and what to do with it."""
    side: list[ft.Control] = []
    if mine and state.phase in ("roll", "move", "wurminator"):
        side.append(_roll_block(shell, state))
    if not mine:
        side += _waiting(shell, state)
    elif state.phase in ("move", "wurminator") and state.roll is not None:
        side.append(_moves(shell, state, legal))
    elif state.phase == "roll":
        side += _hidden_moves(shell)
    side += _news(shell, state)
    if mine and state.phase in ("roll", "move", "wurminator"):
        side += _advice(shell, state, shown=state.phase != "roll")
    return side


def _board(shell: Shell, state: State, legal: list[Action]) -> list[ft.Control]:
    """The parcours (a single possible move's landing marked) and the piles."""
    table = shell.game_table
    landing: set[int] = set()
    if len(legal) == 1 and not isinstance(legal[0], SkipWurminator):
        landing.add(move_preview(state, legal[0]).landing)
    slots = tuple(board_slots(shell, state, landing))
    parts = shell.parts(("vx_slots", table.id), 512)
    board: list[ft.Control] = [keyed(shell.memo((table.id, "strip"), slots,
                                                lambda: tile_strip(list(slots), parts=parts)), "strip")]
    piles_sig = (tuple(state.names), tuple(tuple(p) for p in state.piles), tuple(tuple(f) for f in state.figures),
                 state.turn, state.phase, shell.lang, tuple(seat_color(shell, s) for s in range(len(state.names))))
    board.append(keyed(shell.memo((table.id, "piles"), piles_sig, lambda: piles_view(shell, state)), "piles"))
    return board


def play_view(shell: Shell) -> ft.Control:
    # Blocks that look the same as last time are the same controls (Shell.memo): Flet's diff skips them.
    table = shell.game_table
    state = table.state_as(State)
    mine = shell.seats is None or state.turn in shell.seats
    legal = ENGINE.legal(state) if mine else []
    return ft.Column([
        _header(shell, state, mine),
        keyed(ft.ResponsiveRow([
            keyed(ft.Column(_side(shell, state, legal, mine), spacing=8, col=SIDE_COL), "side"),
            keyed(ft.Column(_board(shell, state, legal), spacing=8, col=BOARD_COL), "board"),
        ], spacing=12, run_spacing=10, vertical_alignment=ft.CrossAxisAlignment.START), "play"),
        keyed(shell.memo((table.id, "dispute"), shell.lang, lambda: dispute_button(shell)), "dispute"),
    ], spacing=8)
