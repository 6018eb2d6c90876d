"""The declared ``explain`` hook, reached the way the app reaches it: through the registry.

A tapped Verflixxt piece answers with the move it would make or the referee's refusal
(rule id and whole words in German and English); Qwixx Longo's tapped field the same way.
"""

from __future__ import annotations

from companion import registry
from scoring.engine import PlayerSpec, get_game
from scoring.errors import Refusal
from scoring.qwixx_longo import WhiteCross
from scoring.verflixxt import MoveFigure, MoveGuard, MoveWurminator, Piece, Roll

VX = get_game("verflixxt")
Q8 = get_game("qwixx-longo")
PLAYERS = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]


def vx_table(**options):
    opts = {"layout": "+3 -2 G +5 -4 -1 +2", "guards": [1, 4], **options}
    return VX.start(VX.parse_options(opts, PLAYERS), PLAYERS)


def words(err: Refusal) -> tuple[str | None, str, str]:
    return err.rule, err.message("de"), err.message("en")


def test_verflixxt_registers_its_explain_hook():
    ui = registry.get_ui("verflixxt")
    assert ui is not None and ui.explain is not None


def test_verflixxt_explain_a_lonely_guard_and_a_movable_figure():
    """vx.guard: the guard on +5 stands alone; Ana's figure may move with the 2."""
    explain = registry.get_ui("verflixxt").explain
    s = VX.apply(vx_table(), Roll(by=0, value=2))
    assert words(explain(s, 0, ("guard", 1))) == (
        "vx.guard",
        "Ein Wächter zieht nur, wenn eine Spielfigur auf seiner Tafel steht.",
        "A guard moves only when a player figure stands on its tile.",
    )
    assert explain(s, 0, ("figure", 0)) == MoveFigure(by=0, figure=0)
    assert words(explain(s, 1, Piece(kind="figure", index=0))) == ("vx.setup", "Ana ist dran.", "It is Ana's turn.")
    s = VX.apply(s, MoveFigure(by=0, figure=0))  # Ana onto slot 2: nothing beside guard 1 (slot 1)
    s = VX.apply(s, Roll(by=1, value=1))  # Ben's figures to slot 1 would make it movable; not yet
    assert words(explain(s, 1, ("guard", 0)))[0] == "vx.guard"
    s = VX.apply(s, MoveFigure(by=1, figure=0))
    s = VX.apply(s, Roll(by=0, value=3))
    assert explain(s, 0, ("guard", 0)) == MoveGuard(by=0, guard=0)  # vx.guard: Ben's figure beside it


def test_verflixxt_explain_roll_first_and_the_wurminator():
    """vx.move: roll first; vx.wurm.guard / vx.wurm.roll with the variant."""
    explain = registry.get_ui("verflixxt").explain
    s = vx_table(wurminator=True)
    assert words(explain(s, 0, ("figure", 1))) == ("vx.move", "Erst würfeln, dann ziehen.", "Roll first, then move.")
    s = VX.apply(s, Roll(by=0, value=4))
    assert words(explain(s, 0, "wurminator")) == (
        "vx.wurm.roll",
        "Der Wurminator zieht nur bei einer 1 oder 2 (gewürfelt: 4).",
        "The Wurminator moves only on a 1 or 2 (rolled: 4).",
    )
    assert words(explain(s, 0, ("guard", 0))) == (
        "vx.wurm.guard",
        "Ein Wächter zieht nur, wenn eine Spielfigur oder der Wurminator auf seiner Tafel steht.",
        "A guard moves only when a player figure or the Wurminator stands on its tile.",
    )
    s = VX.apply(vx_table(wurminator=True), Roll(by=0, value=1))
    assert explain(s, 0, "wurminator") == MoveWurminator(by=0)


def test_qwixx_explain_hook_through_the_registry():
    """q8.white: the white sum 8 crosses green 8; another number is refused with the sum named."""
    explain = registry.get_ui("qwixx-longo").explain
    s = Q8.start(Q8.parse_options({"lucky_numbers": [[2, 3], [2, 3]]}, PLAYERS), PLAYERS)
    s = Q8.apply(s, Q8.roll_action(s, [3, 5, 1, 1, 1, 1]))
    assert explain(s, 0, ("green", 8)) == WhiteCross(by=0, row="green")
    why = explain(s, 0, ("green", 9))
    assert why.rule == "q8.white"
    assert (why.message("de"), why.message("en")) == (
        "Jetzt gilt die weiße Summe 8, nicht 9.", "The white sum now is 8, not 9.")
