"""A Verlies player's purse: gold, treasures (hidden from the other seats) and the gold log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.games.verlies.play_actions import VerliesPlay, seat_name, submit
from companion.games.verlies.widgets import card_box, wrap_row
from companion.games.verlies.words import character_shown
from companion.i18n import minus
from components import theme
from components.common import TOUCH, big_button, keyed, section_title
from components.gold_counter import clamp, gold_counter
from components.player_switcher import player_switcher
from scoring.verlies import (
    Adventurer,
    GainGold,
    GoldChange,
    LoseGold,
    RevealTreasure,
    State,
)

if TYPE_CHECKING:
    from companion.shell import Shell


# --- purse: gold, treasures, gold log ----------------------------------------------------
# One player as the engine's view_for(state, seat) shows them to this phone (rv.treasure: a hidden
# treasure without name or value): the engine's JSON view, whose values Any types.
PlayerView = dict[str, Any]


def _visible_players(shell: Shell, state: State, seat: int) -> list[PlayerView]:
    """Players as this phone may see them (rv.treasure): a hidden treasure's name and value only on
    its owner's own phone; the phone passed around the table (``seats`` None) is a shared screen."""
    viewer = seat if shell.seats is not None and seat in shell.seats else None
    players: list[PlayerView] = shell.game_table.game.view_for(state, viewer)["players"]
    return players


def treasure_name(shell: Shell, state: State, seat: int, index: int) -> str:
    tr = _visible_players(shell, state, seat)[seat]["treasures"][index]
    return tr.get("name") or shell.t("rv.play.hidden_treasure")


def _purse_seat(shell: Shell, state: State, st: VerliesPlay, mine: list[int]) -> int:
    chosen = st.seat
    if chosen is not None and st.seat_seq == shell.game_table.seq and chosen < len(state.players):
        return chosen
    current: int = state.current
    if current in mine or shell.seats is None:
        return current
    return mine[0] if mine else current


def _purse_switcher(shell: Shell, state: State, st: VerliesPlay, seat: int) -> ft.Control:
    """Whose purse is shown; each player's mark (escaped, injured, sits out) as an icon with its word."""
    def select(i: int) -> None:
        st.seat = i
        st.seat_seq = shell.game_table.seq
        shell.render()

    icons = [ft.Icons.EXIT_TO_APP if q.escaped else (ft.Icons.HEALING if q.injured else (
        ft.Icons.PAUSE_CIRCLE_OUTLINE if q.sits_out else None)) for q in state.players]
    words = [shell.t("rv.play.escaped") if q.escaped else (shell.t("rv.play.injured") if q.injured else (
        shell.t("rv.play.sits_out") if q.sits_out else None)) for q in state.players]
    return keyed(player_switcher([q.name for q in state.players], seat, select, icons=icons, words=words),
                 "switcher")


def _purse_head(shell: Shell, p: Adventurer) -> ft.Control:
    """The player, their character, status and values, and their gold."""
    status = []
    if p.injured:
        status.append(shell.t("rv.play.injured"))
    if p.escaped:
        status.append(shell.t("rv.play.escaped"))
    return ft.Row([
        ft.Column([
            ft.Text(shell.t("rv.play.purse_of", name=p.name, character=character_shown(shell.lang, p.character)) +
                    (f" · {', '.join(status)}" if status else ""), size=16, weight=ft.FontWeight.BOLD),
            ft.Text(shell.t("rv.play.values", s=p.strength, m=p.mind, d=p.dexterity), size=14),
        ], spacing=2, expand=True),
        ft.Container(
            # gold in its own colour in both themes, dark words on it (AMBER_900 on it was 2.4:1)
            ft.Text(shell.t("rv.play.gold", n=p.gold), size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.BROWN_900),
            bgcolor=ft.Colors.AMBER_100, border_radius=10, padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        ),
    ])


def _purse_gold(shell: Shell, st: VerliesPlay, seat: int) -> list[ft.Control]:
    """The amount counter and the corrections either way. The passage's gold is the turn's
    decision, right below the card laid (``play_panels.passage_gold_panel``), not down here."""
    def set_gold(delta: int) -> None:
        st.gold = clamp(st.gold + delta, 1, 99)
        shell.render()

    amount = st.gold
    counter = gold_counter(amount, set_gold, label=shell.t("rv.play.gold_amount"),
                           minus_tip=shell.t("rv.play.gold_minus"), plus_tip=shell.t("rv.play.gold_plus"))
    gold_buttons: list[ft.Control] = [
        keyed(big_button(shell.t("rv.play.correct_plus", n=amount), lambda e: submit(
            shell, GainGold(by=seat, amount=amount, reason="correction"), clear=())), "correct-plus"),
        keyed(big_button(shell.t("rv.play.correct_minus", n=amount), lambda e: submit(
            shell, LoseGold(by=seat, amount=amount, reason="correction"), clear=())), "correct-minus"),
    ]
    return [counter, wrap_row(gold_buttons)]


def _treasure_row(shell: Shell, state: State, seat: int, i: int, tr: PlayerView, may_reveal: bool) -> ft.Control:
    """One treasure: its words (or face down on another's screen) and, for its owner when the referee
    allows it now (rv.treasure: own turn, move made, nothing open), reveal."""
    row: list[ft.Control] = []
    if "name" not in tr:  # face down, and this screen is not its owner's phone (rv.treasure)
        row += [ft.Icon(ft.Icons.VISIBILITY_OFF_OUTLINED, size=20, color=theme.MUTED),
                ft.Text(shell.t("rv.play.hidden_line", n=i + 1), size=15, expand=True)]
    else:
        row.append(ft.Text(shell.t("rv.play.treasure_line", n=i + 1, name=tr["name"], gold=tr["gold"],
                                   magic=shell.t("rv.play.magic_mark") if tr["magic"] else "",
                                   hidden=shell.t("rv.play.hidden_mark") if tr["hidden"] else ""), size=15,
                           expand=True))
    if may_reveal:
        row.append(ft.IconButton(icon=ft.Icons.VISIBILITY, tooltip=shell.t("rv.play.reveal", n=i + 1),
                                 width=TOUCH, height=TOUCH,
                                 on_click=lambda e: submit(shell, RevealTreasure(by=seat, index=i), clear=())))
    return ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _purse_treasures(shell: Shell, state: State, seat: int, acting: bool) -> list[ft.Control]:
    treasures = _visible_players(shell, state, seat)[seat]["treasures"]
    items: list[ft.Control] = [
        ft.Text(shell.t("rv.play.treasures", n=len(treasures)), size=15, weight=ft.FontWeight.W_600)]
    if not treasures:
        items.append(ft.Text(shell.t("rv.play.no_treasures"), size=14))
    offers = shell.game_table.game.legal(state, seat) if acting else []  # rv.treasure: reveal exactly when offered
    items += [_treasure_row(shell, state, seat, i, tr, RevealTreasure(by=seat, index=i) in offers)
              for i, tr in enumerate(treasures)]
    return items


def _capped(shell: Shell, g: GoldChange) -> str:
    """A change the purse could not pay in full: '– fällig waren 3, da waren nur 2'."""
    if g.asked == g.delta:
        return ""
    if g.asked < 0 and g.delta <= 0:
        return shell.t("rv.play.log_short", due=-g.asked, had=-g.delta)
    return shell.t("rv.play.log_capped", asked=minus(f"{g.asked:+d}"))


def _gold_log(shell: Shell, state: State) -> list[ft.Control]:
    """The last eight gold changes, newest first: each line keyed by its place in the log,
    so a new entry is one added line."""
    first = max(0, len(state.gold_log) - 8)
    log_lines = [
        keyed(ft.Text(
            shell.t("rv.play.log_line", turn=g.turn, name=seat_name(state, g.seat), delta=minus(f"{g.delta:+d}"),
                    reason=shell.t(f"rv.reason.{g.reason}")) + _capped(shell, g), size=14),
            f"g{first + k}")
        for k, g in reversed(list(enumerate(state.gold_log[first:])))
    ]
    # "No gold change yet." stands in the first change's place (key g0): the first +1 gold and its
    # undo change that line's words, they do not build a line and take another off
    empty = [keyed(ft.Text(shell.t("rv.play.log_empty"), size=14), "g0")]
    return [keyed(section_title(shell.t("rv.play.gold_log")), "log-title"),
            keyed(ft.Column(log_lines or empty, spacing=2), "log")]


def purse_section(shell: Shell, state: State, st: VerliesPlay, mine: list[int]) -> list[ft.Control]:
    seat = _purse_seat(shell, state, st, mine)
    out: list[ft.Control] = []
    if len(state.players) > 1:
        out.append(_purse_switcher(shell, state, st, seat))
    items: list[ft.Control] = [_purse_head(shell, state.players[seat])]
    acting = shell.seats is None or seat in shell.seats
    if acting and state.phase != "over":
        items += _purse_gold(shell, st, seat)
    items += _purse_treasures(shell, state, seat, acting)
    # the strong panel colour: its buttons stand out from it in a dark theme too (no shadow there)
    out.append(keyed(card_box(items, color=theme.CARD_STRONG), "purse"))
    return out + _gold_log(shell, state)
