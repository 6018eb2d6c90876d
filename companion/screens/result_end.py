"""The end of a game, the same on every result screen.

- ``reopen_button`` / ``reopen_question``: the undo arrow on a result screen does not reopen
  the finished game at once; it asks first and says what happens (the final score is taken back
  and the game is open again at its last move).
- ``winner_line``: who won, in one line ("Ana gewinnt mit 119 Punkten"; a shared win said so);
  ``end_block``: that line and why the game ended (each game's ``END_REASON`` hook).
- ``again_controls``: "Nochmal" starts the same game with the same players and house rules in
  one tap, the start moved on by one seat (each game's ``NEXT_START`` hook), and the names played
  without a profile can be kept as profiles in one tap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

import flet as ft

from companion.game_hooks import AnyState
from companion.i18n import add_strings
from companion.records.profiles import error_key, list_profiles, save_profile
from companion.store.values import Json
from components import theme
from components.common import TOUCH, big_button
from scoring.engine import PlayerSpec, Result
from scoring.errors import Refusal
from scoring.names import name_key

if TYPE_CHECKING:
    from companion.shell import Shell

add_strings(
    {
        "end.reopen_tip": {"de": "Spiel wieder öffnen", "en": "Reopen the game"},
        "end.reopen_host": {
            "de": "Nur der Gastgeber kann das Spiel wieder öffnen",
            "en": "Only the host can reopen the game",
        },
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
        "end.and": {"de": "{names} und {last}", "en": "{names} and {last}"},
        "end.wins": {
            "de": {"count": "total", "one": "{name} gewinnt mit {total} Punkt",
                   "other": "{name} gewinnt mit {total} Punkten"},
            "en": {"count": "total", "one": "{name} wins with {total} point",
                   "other": "{name} wins with {total} points"},
        },
        "end.share": {
            "de": {"count": "total", "one": "{names} teilen sich den Sieg mit je {total} Punkt",
                   "other": "{names} teilen sich den Sieg mit je {total} Punkten"},
            "en": {"count": "total", "one": "{names} share the win with {total} point each",
                   "other": "{names} share the win with {total} points each"},
        },
        "end.shared_place": {"de": "Platz {place} geteilt: {names}", "en": "Place {place} shared: {names}"},
        "end.nobody": {"de": "Niemand gewinnt", "en": "Nobody wins"},
        "end.again": {"de": "Nochmal", "en": "Play again"},
        "end.again_what": {
            "de": "Gleiche Spieler und Hausregeln; {name} beginnt.",
            "en": "Same players and house rules; {name} starts.",
        },
        "end.keep": {"de": "Als Profile speichern: {names}", "en": "Keep as profiles: {names}"},
        "end.kept": {"de": "Als Profile gespeichert: {names}", "en": "Kept as profiles: {names}"},
        "end.keep_failed": {"de": "Nicht gespeichert: {name} – {why}", "en": "Not kept: {name} – {why}"},
    }
)

# game id -> the words of the winner line (one winner, a shared win) when points are not "Punkte"
WIN_WORDS: dict[str, tuple[str, str]] = {}
# game id -> (shell, state) -> why the game ended, in words ("Spielende: Rot und Gelb sind abgeschlossen.").
# Each game's hook takes its own engine's State (``AnyState``), and the table's game picks the hook.
END_REASON: dict[str, Callable[[Shell, AnyState], str | None]] = {}
# A record's options as stored (GameRecord.options, JSON): each engine parses its own (parse_options)
RecordOptions = Json
# game id -> (players, options) -> the same game's players and options with the start moved on by one seat
NEXT_START: dict[str, Callable[[list[PlayerSpec], RecordOptions], tuple[list[PlayerSpec], RecordOptions, int]]] = {}


class ProfileExtra(TypedDict, total=False):
    """What a kept profile takes along besides the name: ``save_profile``'s keywords."""

    lucky: list[int]  # Qwixx: the seat's lucky numbers
    character: str  # Verlies: the seat's character


# game id -> (options, seat) -> what a kept profile takes along besides the name (Qwixx: lucky numbers)
PROFILE_EXTRA: dict[str, Callable[[RecordOptions, int], ProfileExtra]] = {}


def and_names(shell: Shell, names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return shell.t("end.and", names=", ".join(names[:-1]), last=names[-1])


def winner_line(shell: Shell, result: Result) -> str:
    """'Ana gewinnt mit 119 Punkten'; 'Ana und Ben teilen sich den Sieg mit je 40 Punkten'."""
    first = [p for p in sorted(result.players, key=lambda p: p.seat) if p.place == 1 and not p.lost]
    if not first:
        return shell.t("end.nobody")
    wins, share = WIN_WORDS.get(result.game, ("end.wins", "end.share"))
    if len(first) == 1:
        return shell.t(wins, name=first[0].name, total=first[0].total)
    return shell.t(share, names=and_names(shell, [p.name for p in first]), total=first[0].total)


def shared_places(shell: Shell, result: Result) -> list[str]:
    """'Platz 2 geteilt: Ben und Cara' for each place below the first that several hold."""
    out = []
    places = sorted({p.place for p in result.players if p.place > 1 and not p.lost})
    for place in places:
        names = [p.name for p in sorted(result.players, key=lambda p: p.seat) if p.place == place]
        if len(names) > 1:
            out.append(shell.t("end.shared_place", place=place, names=and_names(shell, names)))
    return out


def end_block(shell: Shell) -> list[ft.Control]:
    """Who won (one line, large) and why the game ended; shared places below the first said so."""
    table = shell.game_table
    result = table.game.result(table.state)
    out: list[ft.Control] = [ft.Text(winner_line(shell, result), size=22, weight=ft.FontWeight.BOLD,
                                     color=theme.PRIMARY)]
    reason = END_REASON.get(table.game.id)
    why = reason(shell, table.state) if reason is not None else None
    if why:
        out.append(ft.Text(why, size=15))
    out += [ft.Text(line, size=15) for line in shared_places(shell, result)]
    return out


def _again(shell: Shell) -> tuple[list[PlayerSpec], RecordOptions, int] | None:
    table = shell.game_table
    hook = NEXT_START.get(table.game.id)
    if hook is None:
        return None
    return hook(list(table.record.players), dict(table.record.options))


def why_link(shell: Shell, why: str, rule: str) -> ft.Control:
    """"Warum so? Punktetabelle" as a small link to the game's scoring rule, the rule's id after it in
    small print: the table asks why, the id is for the rules screen (a screen reader reads both)."""
    return ft.TextButton(
        content=ft.Text(shell.t(why), size=15, spans=[ft.TextSpan(f" {rule}", ft.TextStyle(size=12))]),
        icon=ft.Icons.HELP_OUTLINE, height=TOUCH, on_click=lambda e: shell.show_rule(rule))


def result_footer(shell: Shell, why: str, rule: str, game: str) -> list[ft.Control]:
    """A result screen's last rows: "Warum so? …" for the game's scoring rule (``why``, ``rule``),
    "Nochmal" and the names kept as profiles (``again_controls``), "Neues Spiel" (its setup)."""
    return [
        why_link(shell, why, rule),
        *again_controls(shell),
        big_button(shell.t("result.new_game"), lambda e: shell.go_setup(game), color=theme.PRIMARY,
                   text_color=theme.ON_PRIMARY),
    ]


def again_controls(shell: Shell) -> list[ft.Control]:
    """"Nochmal" (one tap: the same game, players and house rules, the next seat begins) and the
    names played without a profile kept as profiles (one tap); only on the phone that hosts."""
    if shell.seats is not None or getattr(shell, "is_guest", False):
        return []
    table = shell.game_table
    out: list[ft.Control] = []
    again = _again(shell)
    if again is not None:
        players, options, starter = again
        game_id = table.game.id

        def play_again(e: ft.Event[ft.Button]) -> None:
            shell.start_game(game_id, players, options)

        out.append(big_button(shell.t("end.again"), play_again, color=ft.Colors.GREEN_700, text_color=ft.Colors.WHITE,
                              tooltip=shell.t("end.again_what", name=players[starter].name)))
        out.append(ft.Text(shell.t("end.again_what", name=players[starter].name), size=14))
    out += _keep_controls(shell)
    return out


def _keep_controls(shell: Shell) -> list[ft.Control]:
    table = shell.game_table
    store = shell.ctx.store
    kept = shell.ui.get(("end_kept", table.id))
    if kept:
        return [ft.Text(line, size=14) for line in kept]
    if getattr(store, "readonly", False):
        return []
    have = {name_key(p.name) for p in list_profiles(store)}  # the set-up's rule: "Bοb" is Bob's name
    new = [(seat, p) for seat, p in enumerate(table.record.players)
           if not p.profile_id and name_key(p.name) not in have]
    if not new:
        return []
    names = and_names(shell, [p.name for _, p in new])
    extra = PROFILE_EXTRA.get(table.game.id)

    def keep(e: ft.Event[ft.OutlinedButton]) -> None:
        done, lines = [], []
        for seat, p in new:
            try:
                save_profile(store, p.name, **(extra(dict(table.record.options), seat) if extra else ProfileExtra()))
                done.append(p.name)
            except ValueError as exc:  # taken meanwhile, read-only: said, nothing else changes
                why = str(exc)
                lines.append(shell.t("end.keep_failed", name=p.name, why=shell.t(error_key(why), detail=why)))
        if done:
            lines.insert(0, shell.t("end.kept", names=and_names(shell, done)))
        shell.ui[("end_kept", table.id)] = lines
        shell.render()

    return [ft.OutlinedButton(content=shell.t("end.keep", names=names), icon=ft.Icons.PERSON_ADD_ALT,
                              height=TOUCH, on_click=keep)]


def _asked(shell: Shell) -> bool:
    return shell.ui.get("reopen_ask") == (shell.game_table.id, shell.game_table.seq)


def may_reopen(shell: Shell) -> bool:
    """Only the host reopens a finished game, on the device that plays for every seat (the phone
    passed around asks first, as the host's does). The table refuses it for a seat's phone
    (``Table.undo``); a guest is refused here too, whatever seats its session names."""
    return not shell.is_guest and shell.game_table.may_undo(shell.seats)


def _refuse_reopen(shell: Shell) -> None:
    shell.ui.pop("reopen_ask", None)
    shell.refuse(Refusal("table.seat", "reopen_host_only"))


def reopen_button(shell: Shell) -> ft.Control:
    """The undo arrow of a result screen: it asks before the finished game is reopened; on a
    guest's or a seat's phone it stays off, and a tap that reaches it anyway is refused."""
    table = shell.game_table
    allowed = may_reopen(shell)

    def ask(e: ft.Event[ft.IconButton]) -> None:
        if not may_reopen(shell):
            _refuse_reopen(shell)
            return
        shell.ui["reopen_ask"] = (table.id, table.seq)
        shell.render()

    return ft.IconButton(icon=ft.Icons.UNDO, tooltip=shell.t("end.reopen_tip" if allowed else "end.reopen_host"),
                         on_click=ask, disabled=not allowed, icon_size=30)


def reopen_question(shell: Shell) -> ft.Control | None:
    """The question, with what happens, once the arrow was tapped; the refusal when a phone that
    may not reopen the game tried; None otherwise."""
    refusal = shell.refusal
    if isinstance(refusal, Refusal) and refusal.code == "reopen_host_only":
        return shell.refusal_control()
    if not _asked(shell) or not may_reopen(shell):
        return None

    def yes(e: ft.Event[ft.Button]) -> None:
        if not may_reopen(shell):  # the role is checked where the tap lands, not only by the arrow
            _refuse_reopen(shell)
            return
        shell.ui.pop("reopen_ask", None)
        shell.undo()

    def no(e: ft.Event[ft.OutlinedButton]) -> None:
        shell.ui.pop("reopen_ask", None)
        shell.render()

    return ft.Container(
        bgcolor=theme.NOTICE, border_radius=10, padding=10,
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
