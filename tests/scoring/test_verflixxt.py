"""Verflixxt! Kompakt with the Wurminator: one ruling per test, named like a referee's call.

Positions: 0 is the start tile, 1..n the path slots, n + 1 the goal.
Every ruling id of docs/rulings.md, sections ``vx`` and ``vx.wurm`` appears below.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from scoring.engine import (
    PlayerSpec,
    RecordedAction,
    get_game,
    new_record,
    record_schema,
    replay,
)
from scoring.errors import InvalidInput, Refusal
from scoring.texts import REFUSALS
from scoring.verflixxt import (
    DEFAULT_LAYOUT,
    DEFAULT_TILE_SET,
    MoveFigure,
    MoveGuard,
    MoveWurminator,
    Piece,
    Roll,
    SkipWurminator,
    State,
    Tile,
    advise,
    default_guards,
    explain_piece,
    format_layout,
    move_preview,
    parse_layout,
    random_layout,
    score_tiles,
)

G = get_game("verflixxt")
NAMES = ["Ana", "Ben", "Cem", "Dia", "Eli", "Fay"]


def T(text: str) -> Tile:
    return Tile.of(text)


def tiles(text: str) -> tuple[Tile, ...]:
    return parse_layout(text)


def table(layout: str = "+1 +2 +3 +4 +5 +6 +7 +8", n: int = 2, guards=(), **options) -> State:
    players = [PlayerSpec(name=x) for x in NAMES[:n]]
    opts = {"layout": layout.split(), "guards": None if guards is None else list(guards), **options}
    return G.start(G.parse_options(opts, players), players)


def put(state: State, **changes) -> State:
    """Arrange the table for a situation (as if earlier turns had led there).

    ``parcours``: texts or None (a gap); ``piles``: one text per seat.
    """
    if "parcours" in changes:
        changes["parcours"] = tuple(None if t is None else T(t) for t in changes["parcours"])
    if "piles" in changes:
        changes["piles"] = tuple(tuple(T(t) for t in p.split()) if isinstance(p, str) else p for p in changes["piles"])
    return state.model_copy(update=changes)


def rolled(state: State, value: int) -> State:
    return G.apply(state, Roll(by=state.turn, value=value))


def refused(state: State, action, rule: str, code: str | None = None) -> Refusal:
    before = state.model_dump(mode="json")
    with pytest.raises(Refusal) as info:
        G.apply(state, action)
    assert info.value.rule == rule
    if code:
        assert info.value.code == code
    assert state.model_dump(mode="json") == before  # nothing half done
    assert action not in G.legal(state)
    return info.value


# --- vx.setup ----------------------------------------------------------------------
def test_setup_two_players_get_three_figures_each_all_on_start():
    """vx.setup"""
    s = table(n=2)
    assert s.figures == ((0, 0, 0), (0, 0, 0))
    assert s.turn == 0 and s.phase == "roll"
    assert s.wurminator is None  # variant off


def test_setup_three_or_more_players_get_two_figures_each_and_the_table_may_change_it():
    """vx.setup"""
    assert table(n=3).figures == ((0, 0),) * 3
    assert table(n=6).figures == ((0, 0),) * 6
    assert table(n=4, figures_per_player=3).figures == ((0, 0, 0),) * 4


def test_setup_guards_stand_on_the_first_six_positive_tiles_lucky_counts_as_positive():
    """vx.setup: plus or lucky, counted from the start."""
    layout = "-1 +2 G -4 +5 -6 +7 G +9 +3 +4"
    s = table(layout, guards=None)
    assert s.guards == (2, 3, 5, 7, 8, 9)
    assert default_guards(tiles("-1 -2 +3")) == (3,)  # fewer positive tiles: fewer guards


def test_setup_the_table_may_move_the_guards_but_only_onto_path_tiles():
    """vx.setup"""
    assert table(guards=[1, 1, 8]).guards == (1, 1, 8)
    for bad in (0, 9):
        with pytest.raises(InvalidInput) as info:
            table(guards=[bad])
        assert info.value.code == "vx_bad_guard_position"


def test_setup_default_tile_set_is_the_kompakt_box_26_tiles():
    """vx.setup: plus 1–8, minus 1–10 and 1–3 again, 5 lucky."""
    kinds = [t.kind for t in DEFAULT_TILE_SET]
    assert len(DEFAULT_TILE_SET) == 26
    assert (kinds.count("plus"), kinds.count("minus"), kinds.count("lucky")) == (8, 13, 5)
    assert sorted(t.value for t in DEFAULT_TILE_SET if t.kind == "minus") == sorted(
        [-v for v in range(1, 11)] + [-1, -2, -3]
    )
    assert sorted(DEFAULT_LAYOUT, key=str) == sorted(DEFAULT_TILE_SET, key=str)


def test_setup_random_layout_shuffles_the_tile_set_reproducibly():
    """vx.setup: the random layout for digital play."""
    a = random_layout(random.Random(7))
    assert a == random_layout(random.Random(7))
    assert a != DEFAULT_TILE_SET
    assert sorted(a, key=str) == sorted(DEFAULT_TILE_SET, key=str)
    own = tiles("+1 -1 G")
    assert sorted(random_layout(random.Random(1), own), key=str) == sorted(own, key=str)


def test_setup_accepts_two_to_six_players():
    """vx.setup"""
    for n in (2, 5, 6):
        G.check_players([PlayerSpec(name=x) for x in NAMES[:n]])
    for n in (1, 7):
        with pytest.raises(InvalidInput):
            G.check_players([PlayerSpec(name=f"P{i}") for i in range(n)])


def test_turn_order_is_clockwise_from_the_youngest_and_others_are_refused():
    """vx.setup: the youngest (seat 0, or ``first_seat``) starts; then clockwise."""
    s = table(n=3)
    assert G.pending_roll(s).by == 0
    refused(s, Roll(by=1, value=3), "vx.setup", "vx_not_your_turn")
    s = G.apply(rolled(s, 3), MoveFigure(by=0, figure=0))
    assert G.pending_roll(s).by == 1
    assert G.legal(s) == []
    s = table(n=3, first_seat=2)
    assert G.pending_roll(s).by == 2
    s = G.apply(rolled(s, 3), MoveFigure(by=2, figure=0))
    assert s.turn == 0
    with pytest.raises(InvalidInput):
        table(n=3, first_seat=3)


# --- layout text ------------------------------------------------------------------
def test_layout_text_is_parsed_tolerantly():
    """vx.setup: the table types the line it laid."""
    assert parse_layout("+3 -2 G -7") == (T("+3"), T("-2"), T("G"), T("-7"))
    assert parse_layout("S +3,-2;G|−7 – 4 5 Glück lucky Z") == tiles("+3 -2 G -7 -4 +5 G G")
    assert parse_layout("+3-2G") == tiles("+3 -2 G")


@pytest.mark.parametrize(
    ("text", "code", "token", "position"),
    [("+3 -2 X -7", "vx_bad_tile", "X", 3), ("+3 0", "vx_zero_tile", "0", 2), ("+3 - G", "vx_bad_tile", "-", 2)],
)
def test_bad_tile_text_is_named_with_its_position(text, code, token, position):
    """vx.setup"""
    with pytest.raises(InvalidInput) as info:
        parse_layout(text)
    assert (info.value.code, info.value.params["token"], info.value.params["position"]) == (code, token, position)
    assert token in info.value.message("de") and str(position) in info.value.message("en")


def test_empty_layout_is_refused():
    """vx.setup"""
    with pytest.raises(InvalidInput) as info:
        parse_layout("  , ")
    assert info.value.code == "vx_empty_layout"
    with pytest.raises(InvalidInput) as info:
        G.parse_options({"layout": ["+3", "Q"]}, [PlayerSpec(name="A"), PlayerSpec(name="B")])
    assert (info.value.code, info.value.params) == ("vx_bad_tile", {"token": "Q", "position": 2})  # its own words
    with pytest.raises(InvalidInput) as info:
        G.parse_options({"layout": "+3 Q"}, [PlayerSpec(name="A"), PlayerSpec(name="B")])
    assert (info.value.code, info.value.params) == ("vx_bad_tile", {"token": "Q", "position": 2})


def test_layout_option_may_be_one_line_of_text():
    """vx.setup"""
    opts = G.parse_options({"layout": "S +3 -2 G Z"}, [PlayerSpec(name="A"), PlayerSpec(name="B")])
    assert opts.layout == tiles("+3 -2 G")
    assert opts.model_dump(mode="json")["layout"] == ["+3", "-2", "G"]


tile_st = st.one_of(
    st.integers(1, 99).map(lambda v: Tile(kind="plus", value=v)),
    st.integers(1, 99).map(lambda v: Tile(kind="minus", value=-v)),
    st.just(Tile(kind="lucky", value=0)),
)


@given(st.lists(tile_st, min_size=1, max_size=80))
def test_layout_text_round_trips(line):
    """vx.setup: format_layout and parse_layout are inverse."""
    assert parse_layout(format_layout(line)) == tuple(line)
    assert parse_layout(", ".join(str(t) for t in line)) == tuple(line)


def test_tiles_are_stored_as_text_in_options_and_state():
    s = table("+3 -2 G")
    dumped = s.model_dump(mode="json")
    assert dumped["parcours"] == ["+3", "-2", "G"]
    assert State.model_validate(dumped) == s
    assert record_schema("verflixxt")["title"].endswith("verflixxt")


# --- vx.move ------------------------------------------------------------------
def test_move_counts_only_tiles_still_there_gaps_are_skipped():
    """vx.move: collected tiles are gaps and are not counted."""
    s = put(table("+1 +2 +3 +4 +5"), parcours=["+1", None, None, "+4", "+5"], figures=((1, 0, 0), (0, 0, 0)))
    s = G.apply(rolled(s, 2), MoveFigure(by=0, figure=0))
    assert s.figures[0][0] == 5


def test_moving_is_compulsory_there_is_no_passing():
    """vx.move: no passing – skipping is refused, and a move is always offered."""
    s = rolled(table(wurminator=True), 4)
    assert G.legal(s)
    refused(s, SkipWurminator(by=0), "vx.move", "vx_no_passing")


def test_move_before_rolling_and_rolling_twice_are_refused():
    """vx.move"""
    s = table()
    refused(s, MoveFigure(by=0, figure=0), "vx.move", "vx_roll_first")
    refused(rolled(s, 3), Roll(by=0, value=5), "vx.move", "vx_already_rolled")


def test_figure_on_the_goal_never_moves_again():
    """vx.move: a piece on the goal tile never moves again."""
    s = rolled(put(table("+1 +2 +3"), figures=((4, 1, 1), (0, 0, 0))), 1)
    refused(s, MoveFigure(by=0, figure=0), "vx.move", "vx_figure_home")
    assert MoveFigure(by=0, figure=1) in G.legal(s)


def test_guard_on_the_goal_never_moves_again():
    """vx.move: also a guard on the goal, even with a figure beside it."""
    s = rolled(put(table("+1 +2 +3", guards=[3]), guards=(4,), figures=((4, 1, 1), (0, 0, 0))), 1)
    refused(s, MoveGuard(by=0, guard=0), "vx.move", "vx_guard_home")


def test_only_the_move_of_the_turn_is_allowed():
    """vx.move: one move per roll."""
    s = G.apply(rolled(table(wurminator=True), 1), MoveFigure(by=0, figure=0))
    assert s.phase == "wurminator"
    refused(s, MoveFigure(by=0, figure=1), "vx.move", "vx_already_moved")


def test_legal_offers_one_move_per_tile_and_apply_takes_any_figure_there():
    """vx.move / vx.stack: figures on the same tile are the same move."""
    s = rolled(table(), 2)
    assert [a for a in G.legal(s) if isinstance(a, MoveFigure)] == [MoveFigure(by=0, figure=0)]
    assert G.apply(s, MoveFigure(by=0, figure=2)).figures[0] == (0, 0, 2)
    assert G.legal(s, seat=1) == []


# --- vx.goal --------------------------------------------------------------------
def test_exact_roll_reaches_the_goal():
    """vx.goal"""
    s = put(table("+1 +2 +3 +4 +5"), figures=((4, 0, 0), (0, 0, 0)))
    s = G.apply(rolled(s, 2), MoveFigure(by=0, figure=0))
    assert s.figures[0][0] == 6 == s.goal


def test_overshooting_roll_ends_on_the_goal_rest_forfeited():
    """vx.goal: the rest of the pips are forfeited."""
    s = put(table("+1 +2 +3 +4 +5"), figures=((4, 0, 0), (0, 0, 0)), guards=(4,))
    s2 = G.apply(rolled(s, 6), MoveFigure(by=0, figure=0))
    assert s2.figures[0][0] == s2.goal
    s3 = G.apply(rolled(s, 6), MoveGuard(by=0, guard=0))  # a guard too
    assert s3.guards == (s3.goal,)


def test_gap_before_the_goal_is_not_counted_on_the_way_in():
    """vx.goal with vx.move: from 3 with 4 and 5 gone, a 1 is exactly the goal."""
    s = put(table("+1 +2 +3 +4 +5"), parcours=["+1", "+2", "+3", None, None], figures=((3, 0, 0), (0, 0, 0)))
    s = G.apply(rolled(s, 1), MoveFigure(by=0, figure=0))
    assert s.figures[0][0] == s.goal


# --- vx.guard --------------------------------------------------------------------
def test_guard_alone_on_tile_cannot_move():
    """vx.guard: guards alone on a tile are immovable."""
    s = rolled(table(guards=[2, 3]), 3)
    assert not [a for a in G.legal(s) if isinstance(a, MoveGuard)]
    err = refused(s, MoveGuard(by=0, guard=0), "vx.guard", "vx_guard_alone")
    assert "Wächter" in err.message("de")


def test_guard_may_move_with_any_players_figure_on_its_tile():
    """vx.guard: the figure may belong to someone else."""
    s = rolled(put(table(guards=[2]), figures=((0, 0, 0), (2, 0, 0))), 3)
    assert MoveGuard(by=0, guard=0) in G.legal(s)
    s = G.apply(s, MoveGuard(by=0, guard=0))
    assert s.guards == (5,) and s.figures[1] == (2, 0, 0)
    assert s.piles == ((), ())  # vx.collect: a guard never collects


# --- vx.stack ------------------------------------------------------------------
def test_any_number_of_pieces_share_a_tile_no_capture_no_block():
    """vx.stack"""
    s = put(table(guards=[3, 3]), figures=((0, 0, 0), (3, 3, 3)))
    s = G.apply(rolled(s, 3), MoveFigure(by=0, figure=0))
    assert s.figures == ((3, 0, 0), (3, 3, 3)) and s.guards == (3, 3)
    # moving past a crowded tile is no blockade either
    s = G.apply(rolled(s, 5), MoveFigure(by=1, figure=0))
    assert s.figures[1] == (8, 3, 3)


# --- vx.collect -------------------------------------------------------------------
def test_figure_leaving_a_tile_that_is_then_empty_collects_it():
    """vx.collect"""
    s = put(table(), figures=((2, 0, 0), (0, 0, 0)))
    s = G.apply(rolled(s, 1), MoveFigure(by=0, figure=0))
    assert s.piles == ((T("+2"),), ())
    assert s.parcours[1] is None
    assert [(e.kind, e.seat, str(e.tile), e.position) for e in s.events] == [("collect", 0, "+2", 2)]


def test_tile_left_with_only_a_guard_is_not_taken():
    """vx.collect: a guard staying behind keeps the tile in the parcours."""
    s = put(table(guards=[2]), figures=((2, 0, 0), (0, 0, 0)))
    s = G.apply(rolled(s, 1), MoveFigure(by=0, figure=0))
    assert s.piles == ((), ()) and s.parcours[1] == T("+2")


def test_tile_left_with_another_figure_is_not_taken_even_an_own_one():
    """vx.collect"""
    s = put(table(), figures=((2, 2, 0), (0, 0, 0)))
    s = G.apply(rolled(s, 1), MoveFigure(by=0, figure=0))
    assert s.piles == ((), ())


def test_start_tile_is_never_taken():
    """vx.collect: start and goal are never taken."""
    s = put(table(), figures=((0, 5, 5), (5, 5, 5)))
    s = G.apply(rolled(s, 1), MoveFigure(by=0, figure=0))
    assert s.piles == ((), ()) and s.events == ()


def test_only_the_movers_own_figure_collects():
    """vx.collect: the tile goes to the mover, never to the player whose figure is not moving."""
    s = put(table(), figures=((4, 0, 0), (0, 0, 0)), turn=1)
    s = G.apply(rolled(s, 1), MoveFigure(by=1, figure=0))
    assert s.piles == ((), ())  # Ben left the start; Ana's +4 stays under her figure


# --- vx.out ---------------------------------------------------------------------
def test_player_with_all_figures_home_leaves_the_turn_order():
    """vx.out"""
    s = put(table("+1 +2 +3", n=3), figures=((1, 4), (4, 4), (1, 1)))
    s = G.apply(rolled(s, 1), MoveFigure(by=0, figure=0))
    assert s.turn == 2  # Ben is skipped
    assert s.active_seats == (0, 2)
    s = put(s, figures=((3, 4), (4, 4), (3, 4)))
    s = G.apply(rolled(s, 2), MoveFigure(by=2, figure=0))
    assert [e.kind for e in s.events][-1] == "out"
    assert s.turn == 0 and s.phase == "roll"


def test_game_ends_when_every_figure_is_on_the_goal():
    """vx.out"""
    s = put(table("+1 +2 +3"), figures=((3, 4, 4), (4, 4, 4)))
    s = G.apply(rolled(s, 6), MoveFigure(by=0, figure=0))
    assert G.is_over(s) and s.phase == "over"
    assert G.pending_roll(s) is None and G.legal(s) == []
    refused(s, Roll(by=0, value=1), "vx.out", "game_over")


def test_game_ends_at_once_even_when_a_wurminator_move_was_possible():
    """vx.out before vx.wurm.roll: nobody is left to play."""
    s = put(table("+1 +2 +3", wurminator=True), figures=((3, 4, 4), (4, 4, 4)), wurminator=1)
    s = G.apply(rolled(s, 1), MoveFigure(by=0, figure=0))
    assert G.is_over(s)


# --- vx.score ---------------------------------------------------------------------
def test_lucky_tile_turns_minus_ten_first():
    """vx.score: the highest minus tile (largest amount) turns first."""
    score = score_tiles(tiles("-3 G -10 +2"))
    assert score.total == 10 - 3 + 2
    assert [(str(c.minus), c.becomes) for c in score.conversions] == [("-10", 10)]


def test_lucky_tiles_without_a_minus_tile_are_worth_nothing():
    """vx.score"""
    score = score_tiles(tiles("G G -2 +5"))
    assert (score.total, score.unused_lucky) == (7, 1)
    assert score_tiles(tiles("G")).total == 0


def test_equal_totals_share_the_place():
    """vx.score"""
    s = put(table(n=3), piles=("+5", "+3 +2", "-1"))
    res = G.result(s)
    assert [p.total for p in res.players] == [5, 5, -1]
    assert [p.place for p in res.players] == [1, 1, 3]


def test_result_breakdown_lists_tiles_and_conversions():
    """vx.score"""
    s = put(table(), piles=("+3 -2 G -10", "-1"))
    ana = G.result(s).players[0]
    assert ana.breakdown["tiles"] == ["+3", "-2", "G", "-10"]
    assert ana.breakdown["conversions"] == [{"minus": "-10", "becomes": 10}]
    assert ana.total == ana.breakdown["total"] == 3 - 2 + 10


def test_score_input_from_the_cli():
    """vx.score: the example of the brief – Ana 19, Ben 14."""
    res = G.score_input(
        {
            "game": "verflixxt",
            "players": [
                {"name": "Ana", "tiles": ["+3", "-2", "lucky", "-10", "-4", "lucky", "lucky"]},
                {"name": "Ben", "tiles": ["+8", "-5", "G", "-1", "+2"]},
            ],
        }
    )
    assert [(p.name, p.total, p.place) for p in res.players] == [("Ana", 19, 1), ("Ben", 14, 2)]
    assert res.players[0].breakdown["conversions"] == [
        {"minus": "-10", "becomes": 10},
        {"minus": "-4", "becomes": 4},
        {"minus": "-2", "becomes": 2},
    ]
    assert res.players[1].breakdown["tiles"] == ["+8", "-5", "G", "-1", "+2"]


@pytest.mark.parametrize(
    ("tile", "code"),
    [("+x", "vx_bad_pile_tile"), ("0", "vx_zero_pile_tile"), (0, "vx_zero_pile_tile"), (None, "vx_bad_pile_tile")],
)
def test_score_input_names_a_bad_tile(tile, code):
    """vx.score"""
    with pytest.raises(InvalidInput) as info:
        G.score_input({"players": [{"name": "Ana", "tiles": ["+3"]}, {"name": "Ben", "tiles": ["+1", tile]}]})
    assert info.value.code == code
    assert info.value.params["name"] == "Ben" and info.value.params["position"] == 2
    assert "Ben" in info.value.message("de")


def test_score_input_refuses_no_players():
    with pytest.raises(InvalidInput) as info:
        G.score_input({"players": []})
    assert (info.value.code, info.value.rule) == ("vx_score_players", "vx.score")


# --- vx.wurm.* --------------------------------------------------------------------
WL = "+4 +5 -1 -2 -3 -4 +6"


def test_wurminator_starts_on_the_start_tile():
    """vx.wurm.start"""
    s = table(wurminator=True)
    assert s.wurminator == 0
    assert table().wurminator is None


def test_wurminator_may_move_on_one_or_two_before_the_normal_move():
    """vx.wurm.roll: before the move; then only the normal move is left."""
    s = put(table(WL, wurminator=True), figures=((1, 1, 1), (0, 0, 0)))  # not behind Ben's figures: optional
    s = rolled(s, 2)
    assert MoveWurminator(by=0) in G.legal(s) and not s.wurm_must
    s = G.apply(s, MoveWurminator(by=0))
    assert s.wurminator == 2 and s.phase == "move"
    refused(s, MoveWurminator(by=0), "vx.wurm.roll", "vx_wurm_already_moved")
    s = G.apply(s, MoveFigure(by=0, figure=0))
    assert s.phase == "roll" and s.turn == 1


def test_wurminator_may_move_after_the_normal_move_or_stay():
    """vx.wurm.roll: after the move, or left standing."""
    s = G.apply(rolled(table(WL, wurminator=True), 1), MoveFigure(by=0, figure=0))
    assert s.phase == "wurminator"
    assert G.legal(s) == [MoveWurminator(by=0), SkipWurminator(by=0)]
    moved = G.apply(s, MoveWurminator(by=0))
    assert moved.wurminator == 1 and moved.turn == 1
    stayed = G.apply(s, SkipWurminator(by=0))
    assert stayed.wurminator == 0 and stayed.turn == 1


def test_wurminator_does_not_move_on_three_to_six_or_without_the_variant():
    """vx.wurm.roll"""
    s = rolled(table(WL, wurminator=True), 3)
    assert MoveWurminator(by=0) not in G.legal(s)
    refused(s, MoveWurminator(by=0), "vx.wurm.roll", "vx_wurm_needs_one_or_two")
    refused(rolled(table(WL), 1), MoveWurminator(by=0), "vx.wurm.roll", "vx_no_wurminator")
    s = G.apply(rolled(table(WL), 1), MoveFigure(by=0, figure=0))
    assert s.phase == "roll"  # without the variant no Wurminator phase


def test_wurminator_behind_every_figure_must_move_on_one_or_two():
    """vx.wurm.must: after the normal move only the Wurminator move is left."""
    s = put(table(WL, wurminator=True), figures=((1, 2, 8), (1, 1, 1)))  # a figure on the goal counts as ahead
    s = rolled(s, 1)
    assert s.wurm_must
    assert MoveWurminator(by=0) in G.legal(s)
    s = G.apply(s, MoveFigure(by=0, figure=0))
    assert G.legal(s) == [MoveWurminator(by=0)]
    refused(s, SkipWurminator(by=0), "vx.wurm.must", "vx_wurm_must")
    assert not rolled(put(table(WL, wurminator=True), figures=((1, 2, 8), (1, 1, 1))), 3).wurm_must


def test_wurminator_level_with_a_figure_is_not_behind_every_figure():
    """vx.wurm.must: strictly behind; guards don't count."""
    s = put(table(WL, wurminator=True, guards=[1]), figures=((2, 2, 2), (3, 3, 3)), wurminator=1)
    assert rolled(s, 1).wurm_must  # the guard on its tile does not matter
    s = put(s, figures=((1, 2, 2), (3, 3, 3)))
    assert not rolled(s, 2).wurm_must


def test_wurminator_bite_roller_first_then_clockwise_smallest_free_minus_tile():
    """vx.wurm.bite: each affected player, roller first, one minus tile per figure."""
    s = put(table(WL, n=3, wurminator=True), figures=((2, 2), (2, 0), (2, 0)), wurminator=1, turn=1)
    s = G.apply(rolled(s, 1), MoveWurminator(by=1))
    assert s.wurminator == 2
    assert [(e.kind, e.seat, str(e.tile), e.position) for e in s.events] == [
        ("bite", 1, "-1", 3),
        ("bite", 2, "-2", 4),
        ("bite", 0, "-3", 5),
        ("bite", 0, "-4", 6),
    ]
    assert s.piles == ((T("-3"), T("-4")), (T("-1"),), (T("-2"),))
    assert s.parcours == (T("+4"), T("+5"), None, None, None, None, T("+6"))  # gaps


def test_wurminator_bite_skips_minus_tiles_with_a_piece_on_them():
    """vx.wurm.bite: only a minus tile on which no piece stands."""
    s = put(table(WL, wurminator=True, guards=[3]), figures=((2, 4, 4), (0, 0, 0)), wurminator=1)
    s = G.apply(rolled(s, 1), MoveWurminator(by=0))
    assert s.piles[0] == (T("-3"),)  # -1 has a guard, -2 has Ana's figures


def test_wurminator_bite_takes_the_nearest_of_equal_tiles():
    """vx.wurm.bite"""
    s = put(table("+4 +5 -7 -1 -1", wurminator=True), figures=((2, 0, 0), (0, 0, 0)), wurminator=1)
    s = G.apply(rolled(s, 1), MoveWurminator(by=0))
    assert [e.position for e in s.events] == [4]


def test_wurminator_bite_takes_largest_with_the_house_rule():
    """vx.wurm.bite option bite_takes=largest."""
    s = put(table(WL, wurminator=True, bite_takes="largest"), figures=((2, 0, 0), (0, 0, 0)), wurminator=1)
    s = G.apply(rolled(s, 1), MoveWurminator(by=0))
    assert s.piles[0] == (T("-4"),)


def test_wurminator_with_no_free_minus_tile_the_player_gives_one_back_before_the_goal():
    """vx.wurm.none_free: the smallest own minus tile goes directly before the goal."""
    s = put(
        table("+4 +5 +6", wurminator=True),
        figures=((2, 0, 0), (4, 4, 4)),
        wurminator=1,
        piles=("-3 -1 +7 -5", ""),
    )
    s = G.apply(rolled(s, 1), MoveWurminator(by=0))
    assert s.piles[0] == tiles("-3 +7 -5")
    assert s.parcours == tiles("+4 +5 +6 -1")
    assert s.goal == 5 and s.figures[1] == (5, 5, 5)  # Ben's figures stay on the (moved) goal
    assert [(e.kind, str(e.tile), e.position) for e in s.events] == [("give_back", "-1", 4)]


def test_wurminator_give_back_fills_the_gap_just_before_the_goal():
    """vx.wurm.none_free: gaps are not counted, so the tile takes the last gap."""
    s = put(
        table("+4 +5 +6", wurminator=True),
        parcours=["+4", "+5", None],
        figures=((2, 0, 0), (0, 0, 0)),
        wurminator=1,
        piles=("-2", ""),
    )
    s = G.apply(rolled(s, 1), MoveWurminator(by=0))
    assert s.parcours == tiles("+4 +5 -2") and s.goal == 4


def test_wurminator_bites_a_player_without_minus_tiles_for_nothing():
    """vx.wurm.none_free: a player without minus tiles loses nothing."""
    s = put(table("+4 +5 +6", wurminator=True), figures=((2, 0, 0), (0, 0, 0)), wurminator=1, piles=("+3 G", ""))
    s2 = G.apply(rolled(s, 1), MoveWurminator(by=0))
    assert s2.piles == s.piles and s2.parcours == s.parcours
    assert [e.kind for e in s2.events] == ["bite_empty"]


def test_given_back_tile_is_free_for_the_next_bite_of_the_same_landing():
    """vx.wurm.none_free read literally: the tile put back is in the parcours, nothing stands on it."""
    s = put(table("+4 +5 +6", wurminator=True), figures=((2, 0, 0), (2, 0, 0)), wurminator=1, piles=("-2", ""))
    s = G.apply(rolled(s, 1), MoveWurminator(by=0))
    assert [(e.kind, e.seat, str(e.tile)) for e in s.events] == [("give_back", 0, "-2"), ("bite", 1, "-2")]
    assert s.piles == ((), (T("-2"),))


def test_wurminator_never_takes_the_tile_it_leaves_empty():
    """vx.wurm.never_takes"""
    s = put(table(WL, wurminator=True), figures=((0, 0, 0), (0, 0, 0)), wurminator=1)
    s = G.apply(rolled(s, 2), MoveWurminator(by=0))
    assert s.wurminator == 3 and s.parcours[0] == T("+4")
    assert s.piles == ((), ())


def test_tile_left_with_only_the_wurminator_is_not_taken():
    """vx.collect with vx.wurm.never_takes: the Wurminator is a piece that keeps the tile."""
    s = put(table(WL, wurminator=True), figures=((1, 0, 0), (0, 0, 0)), wurminator=1)
    s = G.apply(rolled(s, 3), MoveFigure(by=0, figure=0))
    assert s.piles == ((), ()) and s.parcours[0] == T("+4")


def test_figure_moved_onto_the_wurminator_suffers_nothing():
    """vx.wurm.harmless"""
    s = put(table(WL, wurminator=True), figures=((0, 0, 0), (0, 0, 0)), wurminator=3)
    s = G.apply(rolled(s, 3), MoveFigure(by=0, figure=0))
    assert s.figures[0][0] == 3 and s.piles == ((), ()) and s.events == ()


def test_wurminator_reaching_the_goal_goes_straight_back_to_start_and_bites_no_one():
    """vx.wurm.harmless: figures on the goal are safe; the start bites no one."""
    s = put(table("+4 +5 +6", wurminator=True), figures=((4, 0, 0), (0, 0, 4)), wurminator=3, piles=("-1", "-2"))
    s2 = G.apply(rolled(s, 2), MoveWurminator(by=0))
    assert s2.wurminator == 0
    assert s2.piles == s.piles and s2.parcours == s.parcours
    assert [e.kind for e in s2.events] == ["wurminator_home"]


def test_guard_may_move_with_only_the_wurminator_beside_it():
    """vx.wurm.guard"""
    s = rolled(put(table(WL, wurminator=True, guards=[2]), wurminator=2), 3)
    assert MoveGuard(by=0, guard=0) in G.legal(s)
    assert G.apply(s, MoveGuard(by=0, guard=0)).guards == (5,)
    alone = rolled(put(table(WL, wurminator=True, guards=[2]), wurminator=1), 3)
    refused(alone, MoveGuard(by=0, guard=0), "vx.wurm.guard", "vx_guard_alone_wurm")


# --- illegal and malformed actions -------------------------------------------------------
def test_illegal_actions_are_refused_with_the_state_unchanged():
    """vx.setup / vx.move / vx.guard / vx.wurm.roll: a refusal changes nothing."""
    s = rolled(put(table(WL, wurminator=True, guards=[4]), figures=((1, 0, 0), (0, 0, 0))), 5)
    cases = [
        (MoveFigure(by=1, figure=0), "vx.setup"),
        (MoveGuard(by=0, guard=0), "vx.wurm.guard"),
        (MoveWurminator(by=0), "vx.wurm.roll"),
        (SkipWurminator(by=0), "vx.move"),
        (Roll(by=0, value=2), "vx.move"),
    ]
    for action, rule in cases:
        refused(s, action, rule)


def test_malformed_actions_are_invalid_input_not_refusals():
    s = rolled(table(), 3)
    for bad in (MoveFigure(by=0, figure=3), MoveGuard(by=0, guard=0), MoveFigure(by=5, figure=0)):
        with pytest.raises(InvalidInput):
            G.apply(s, bad)
    with pytest.raises(InvalidInput):
        G.parse_action({"type": "roll", "by": 0, "value": 7})
    with pytest.raises(InvalidInput):
        G.roll_action(table(), [0])
    with pytest.raises(Refusal):
        G.roll_action(s, [3])
    assert G.apply(s, {"type": "move_figure", "by": 0, "figure": 1}).figures[0] == (0, 3, 0)


def test_every_refusal_code_has_german_and_english_words():
    source = Path(__file__).parents[2].joinpath("scoring", "verflixxt.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'"(vx_[a-z_]+)"', source))
    assert len(codes) > 20
    for code in codes:
        assert set(REFUSALS[code]) >= {"de", "en"}, code
        assert REFUSALS[code]["de"] != REFUSALS[code]["en"], code
    assert "ü" in REFUSALS["vx_already_rolled"]["de"]


# --- helpers for the screens ---------------------------------------------------------------
def test_move_preview_shows_landing_collected_tile_and_bites():
    """vx.collect / vx.wurm.bite as the move buttons show them."""
    s = rolled(put(table(WL, wurminator=True), figures=((2, 0, 0), (2, 0, 0)), wurminator=1), 1)
    before = s.model_dump(mode="json")
    p = move_preview(s, MoveFigure(by=0, figure=0))
    assert (p.landing, p.collected, p.bites) == (3, (), ())  # Ben still stands on +5
    p = move_preview(s, MoveWurminator(by=0))
    assert p.landing == 2 and [(e.seat, str(e.tile)) for e in p.bites] == [(0, "-1"), (1, "-2")]
    s2 = put(s, figures=((2, 0, 0), (0, 0, 0)))
    landing, collected, bites = move_preview(s2, MoveFigure(by=0, figure=0))
    assert (landing, collected, bites) == (3, (T("+5"),), ())
    assert s.model_dump(mode="json") == before
    with pytest.raises(Refusal):
        move_preview(s, MoveFigure(by=1, figure=0))


def test_advise_prefers_taking_the_plus_eight_and_counts_the_neighbours_chance():
    """advise: immediate value and one roll ahead."""
    s = rolled(put(table("+1 +2 +3 +4 +5 +6 +7 +8"), figures=((8, 3, 3), (3, 0, 0))), 1)
    adv = {type(a.action).__name__ + str(getattr(a.action, "figure", "")): a for a in advise(s)}
    assert adv["MoveFigure0"].immediate == 8  # leaves +8 empty, reaches the goal
    assert adv["MoveFigure1"].immediate == 0  # Ana's second figure and Ben stay on +3
    assert adv["MoveFigure0"].expected > adv["MoveFigure1"].expected
    assert [a.action for a in advise(s)] == G.legal(s)
    assert advise(table()) == []


# --- the record -----------------------------------------------------------------------------
def test_replay_of_the_record_reproduces_the_state():
    """vx.setup: the record's actions (dice included) determine the game."""
    players = [PlayerSpec(name=x) for x in NAMES[:3]]
    rec = new_record(
        "verflixxt", players, {"wurminator": True, "layout": [str(t) for t in random_layout(random.Random(5))]}
    )
    state = replay(rec)
    rng = random.Random(11)
    actions = []
    while not G.is_over(state):
        req = G.pending_roll(state)
        a = G.roll_action(state, [rng.randint(1, 6)]) if req else rng.choice(G.legal(state))
        state = G.apply(state, a)
        actions.append(RecordedAction(seat=G.actor(state, a), action=G.dump_action(a)))
    rec = rec.model_copy(update={"actions": tuple(actions)})
    assert replay(rec) == state
    assert replay(rec, upto=7) == replay(rec.model_validate(rec.model_dump(mode="json")), upto=7)


def test_every_vx_ruling_is_settled_by_a_test_here():
    from tests.harness.rulings import read

    ids = {rid for rid in read().ids if rid.startswith("vx.")}
    assert len(ids) == 16
    mine = Path(__file__).read_text(encoding="utf-8")
    assert {i for i in ids if i not in mine} == set()


# --- the refusal names the rule that decides ------------------------------------------------
def test_rolling_while_the_compulsory_wurminator_move_is_open_cites_vx_wurm_must():
    """vx.wurm.must: Ana rolled a 1 with the Wurminator behind everyone and moved a figure; the
    Wurminator move is still owed. Ben's roll (and Ana's second roll) wait for it."""
    s = put(table(WL, wurminator=True), figures=((1, 2, 8), (1, 1, 1)))
    s = G.apply(rolled(s, 1), MoveFigure(by=0, figure=0))
    assert s.phase == "wurminator" and s.wurm_must
    e = refused(s, Roll(by=1, value=4), "vx.wurm.must", "vx_wurm_must_first")
    assert e.message("de") == ("Zuerst muss Ana den Wurminator ziehen: er steht hinter allen Figuren (1 oder 2 "
                               "gewürfelt).")
    assert e.message("en") == "Ana must first move the Wurminator: it is behind every figure (a 1 or 2 was rolled)."
    refused(s, Roll(by=0, value=4), "vx.wurm.must", "vx_wurm_must_first")
    s = G.apply(s, MoveWurminator(by=0))
    assert s.phase == "roll" and s.turn == 1  # then Ben rolls as usual
    assert G.apply(s, Roll(by=1, value=4)).roll == 4


def test_passing_is_refused_by_vx_move_whoever_tries_it():
    """vx.move: moving is compulsory. Passing (leaving the Wurminator out when nothing but the
    turn itself could be left out, or a typed "pass") is refused with vx.move, for any seat."""
    s = table(wurminator=True)
    for state in (s, rolled(s, 4)):
        for seat in (0, 1):
            e = refused(state, SkipWurminator(by=seat), "vx.move", "vx_no_passing")
            assert e.message("de") == "Passen gibt es nicht: eine Figur oder ein Wächter muss ziehen."
            assert e.message("en") == "No passing: a figure or a guard must move."
            with pytest.raises(Refusal) as info:
                G.apply(state, {"type": "pass", "by": seat})
            assert (info.value.rule, info.value.code) == ("vx.move", "vx_no_passing")


# --- explain_piece: why a piece may not move (the declared ``explain`` hook) -------------
def why(state: State, seat: int, kind: str, index: int = 0) -> tuple[str | None, str, str, str] | None:
    """The refusal of ``explain_piece`` as (rule, code, German words, English words); None: the piece may move."""
    err = explain_piece(state, seat, Piece(kind=kind, index=index))
    return None if err is None else (err.rule, err.code, err.message("de"), err.message("en"))


def test_explain_piece_a_guard_alone_on_its_tile():
    """vx.guard: alone it stays; vx.wurm.guard: with the variant the words name the Wurminator too."""
    s = rolled(put(table(guards=[2, 3]), figures=((0, 0, 0), (3, 0, 0))), 3)
    assert why(s, 0, "guard", 0) == (
        "vx.guard", "vx_guard_alone",
        "Ein Wächter zieht nur, wenn eine Spielfigur auf seiner Tafel steht.",
        "A guard moves only when a player figure stands on its tile.",
    )
    assert why(s, 0, "guard", 1) is None  # Ben's figure stands beside it
    w = rolled(table(WL, wurminator=True, guards=[2]), 3)
    assert why(w, 0, "guard", 0) == (
        "vx.wurm.guard", "vx_guard_alone_wurm",
        "Ein Wächter zieht nur, wenn eine Spielfigur oder der Wurminator auf seiner Tafel steht.",
        "A guard moves only when a player figure or the Wurminator stands on its tile.",
    )
    assert why(put(w, wurminator=2), 0, "guard", 0) is None  # vx.wurm.guard: the Wurminator beside it


def test_explain_piece_figure_on_the_goal_roll_first_and_not_your_turn():
    """vx.move: a figure on the goal never moves, nothing moves before the roll; vx.setup: Ben is not on turn."""
    s = table("+1 +2 +3")
    assert why(s, 0, "figure", 0) == (
        "vx.move",
        "vx_roll_first",
        "Erst würfeln, dann ziehen.",
        "Roll first, then move.",
    )
    s = rolled(put(s, figures=((4, 0, 0), (0, 0, 0))), 2)
    assert why(s, 0, "figure", 0) == (
        "vx.move", "vx_figure_home",
        "Diese Figur ist im Ziel und zieht nicht mehr.",
        "This figure is on the goal and never moves again.",
    )
    assert why(s, 0, "figure", 1) is None and why(s, 0, "figure", 2) is None  # two figures on start: both may
    assert why(s, 1, "figure", 0) == ("vx.setup", "vx_not_your_turn", "Ana ist dran.", "It is Ana's turn.")
    assert why(put(s, guards=(4,)), 0, "guard", 0) == (
        "vx.move", "vx_guard_home",
        "Dieser Wächter ist im Ziel und zieht nicht mehr.",
        "This guard is on the goal and never moves again.",
    )


def test_explain_piece_a_compulsory_wurminator_move_is_pending():
    """vx.wurm.must: after the normal move only the owed Wurminator move is left."""
    s = G.apply(rolled(put(table(WL, wurminator=True), figures=((1, 2, 8), (1, 1, 1))), 1), MoveFigure(by=0, figure=0))
    assert why(s, 0, "figure", 1) == (
        "vx.wurm.must", "vx_wurm_must_first",
        "Zuerst muss Ana den Wurminator ziehen: er steht hinter allen Figuren (1 oder 2 gewürfelt).",
        "Ana must first move the Wurminator: it is behind every figure (a 1 or 2 was rolled).",
    )
    assert why(s, 0, "wurminator") is None


def test_explain_piece_the_wurminator_needs_a_one_or_two_once_and_the_variant():
    """vx.wurm.roll: on a 1 or 2, once per turn; without the variant there is none."""
    s = rolled(table(WL, wurminator=True), 4)
    assert why(s, 0, "wurminator") == (
        "vx.wurm.roll", "vx_wurm_needs_one_or_two",
        "Der Wurminator zieht nur bei einer 1 oder 2 (gewürfelt: 4).",
        "The Wurminator moves only on a 1 or 2 (rolled: 4).",
    )
    s = G.apply(rolled(table(WL, wurminator=True), 2), MoveWurminator(by=0))
    assert why(s, 0, "wurminator")[1] == "vx_wurm_already_moved"
    assert why(rolled(table(WL), 1), 0, "wurminator")[:2] == ("vx.wurm.roll", "vx_no_wurminator")
