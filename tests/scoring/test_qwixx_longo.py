"""Qwixx Longo rulings q8.*, one situation per test."""

from __future__ import annotations

import pytest

from scoring.engine import PlayerSpec, get_game
from scoring.errors import InvalidInput, Refusal
from scoring.qwixx_longo import (
    ColorCross,
    LuckyCross,
    Pass,
    Roll,
    Sheet,
    State,
    WhiteCross,
    lock_fields,
    row_fields,
    row_points,
)

G = get_game("qwixx-longo")


def start(n=2, lucky=None, **opts):
    players = [PlayerSpec(name=name) for name in ["Ana", "Ben", "Cara", "Dev", "Eli"][:n]]
    lucky = lucky or [(2, 3)] * n
    return G.start(G.parse_options({"lucky_numbers": lucky, **opts}, players), players)


def with_rows(state: State, seat: int, **rows) -> State:
    sheets = list(state.sheets)
    merged = dict(sheets[seat].rows)
    merged.update({k: tuple(v) for k, v in rows.items()})
    sheets[seat] = sheets[seat].model_copy(update={"rows": merged})
    return state.model_copy(update={"sheets": tuple(sheets)})


def roll(state, w1, w2, red=1, yellow=1, green=1, blue=1):
    colors = {c: v for c, v in dict(red=red, yellow=yellow, green=green, blue=blue).items() if c not in state.removed}
    return G.apply(state, Roll(by=state.active, white1=w1, white2=w2, **colors))


def refused(state, action, rule):
    before = state.model_dump_json()
    with pytest.raises(Refusal) as exc:
        G.apply(state, action)
    assert exc.value.rule == rule
    assert state.model_dump_json() == before  # a refusal changes nothing
    return exc.value


# q8.dice -----------------------------------------------------------------------
def test_roll_needs_six_w8_dice_two_white_four_coloured():
    req = G.pending_roll(start())
    assert [d.name for d in req.dice] == ["white1", "white2", "red", "yellow", "green", "blue"]
    assert {d.sides for d in req.dice} == {8}


def test_removed_colour_die_is_not_rolled_q8_dice():
    s = start().model_copy(update={"removed": ("green",)})
    assert "green" not in [d.name for d in G.pending_roll(s).dice]
    refused(s, Roll(by=0, white1=1, white2=1, red=1, yellow=1, green=3, blue=1), "q8.dice")


def test_only_the_active_player_rolls_q8_dice():
    refused(start(), Roll(by=1, white1=1, white2=1, red=1, yellow=1, green=1, blue=1), "q8.dice")


def test_a_die_shows_one_to_eight():
    with pytest.raises(InvalidInput):
        G.parse_action(
            {"type": "roll", "by": 0, "white1": 9, "white2": 1, "red": 1, "yellow": 1, "green": 1, "blue": 1}
        )


def test_crossing_before_the_roll_is_refused():
    refused(start(), WhiteCross(by=0, row="red"), "q8.dice")


# q8.rows -----------------------------------------------------------------------
def test_red_and_yellow_ascend_green_and_blue_descend_q8_rows():
    assert row_fields("red")[0] == 2 and row_fields("yellow")[-1] == 16
    assert row_fields("green")[0] == 16 and row_fields("blue")[-1] == 2


def test_field_left_of_last_cross_is_refused_q8_rows():
    s = with_rows(roll(start(), 3, 3), 0, red=[8])  # white sum 6 < 8 in ascending red
    exc = refused(s, WhiteCross(by=0, row="red"), "q8.rows")
    assert "8" in exc.message("en")


def test_gaps_are_allowed_in_a_row_q8_rows():
    s = with_rows(roll(start(), 5, 5), 0, green=[16, 14])  # 10 in descending green skips 13..11
    s = G.apply(s, WhiteCross(by=0, row="green"))
    assert s.sheets[0].rows["green"] == (16, 14, 10)


def test_same_field_twice_is_refused_q8_rows():
    s = with_rows(roll(start(), 4, 4), 0, yellow=[8])
    refused(s, WhiteCross(by=0, row="yellow"), "q8.rows")


# q8.lockfields -----------------------------------------------------------------
def test_lock_fields_are_the_last_two_of_each_row():
    assert lock_fields("red") == (15, 16) and lock_fields("blue") == (3, 2)


def test_lock_field_needs_six_crosses_q8_lockfields():
    s = with_rows(roll(start(), 8, 7), 0, red=[2, 3, 4, 5, 6])  # only 5 crosses, white sum 15
    exc = refused(s, WhiteCross(by=0, row="red"), "q8.lockfields")
    assert exc.message("en") == "You need 6 crosses in red before a lock field (you have 5)."
    assert "Schlossfeld" in exc.message("de")


def test_lock_min_crosses_is_a_house_rule_option():
    s = with_rows(roll(start(lock_min_crosses=5), 8, 7), 0, red=[2, 3, 4, 5, 6])
    s = G.apply(s, WhiteCross(by=0, row="red"))
    assert s.sheets[0].locked_by_me == ("red",)


def test_crossing_a_lock_field_locks_for_everyone_and_removes_the_die_q8_lockfields():
    s = with_rows(roll(start(), 7, 1, red=8), 0, red=[2, 3, 4, 5, 6, 7])
    s = G.apply(s, Pass(by=0))
    s = G.apply(s, Pass(by=1))
    assert s.phase == "color"
    s = G.apply(s, ColorCross(by=0, row="red", white=1))  # 7 + 8 = 15: lock field
    assert "red" in s.removed
    assert s.sheets[0].crosses("red") == 8  # 7 crosses + bonus cross
    assert "red" not in [d.name for d in G.pending_roll(s).dice]
    s = roll(s, 4, 4)  # Ben's roll; nobody may cross red any more
    refused(s, WhiteCross(by=0, row="red"), "q8.lockfields")


# q8.white ----------------------------------------------------------------------
def test_every_player_may_cross_the_white_sum_q8_white():
    s = roll(start(3), 3, 4)
    s = G.apply(s, WhiteCross(by=1, row="yellow"))
    s = G.apply(s, WhiteCross(by=2, row="blue"))
    assert s.sheets[1].rows["yellow"] == (7,) and s.sheets[2].rows["blue"] == (7,)
    assert s.phase == "white" and G.current_seats(s) == [0]


def test_passive_player_decides_only_once_per_roll_q8_white():
    s = G.apply(roll(start(), 3, 4), WhiteCross(by=1, row="red"))
    refused(s, WhiteCross(by=1, row="green"), "q8.white")


# q8.color ----------------------------------------------------------------------
def test_only_the_active_player_combines_white_and_colour_q8_color():
    s = G.apply(G.apply(roll(start(), 3, 4, blue=6), Pass(by=0)), Pass(by=1))
    refused(s, ColorCross(by=1, row="blue", white=1), "q8.color")
    s = G.apply(s, ColorCross(by=0, row="blue", white=2))  # 4 + 6 = 10
    assert s.sheets[0].rows["blue"] == (10,)
    assert s.active == 1 and s.phase == "roll"


def test_colour_cross_must_come_after_the_white_phase_q8_color():
    refused(roll(start(), 3, 4), ColorCross(by=0, row="red", white=1), "q8.color")


def test_white_and_colour_cross_in_the_same_row_in_order():
    s = G.apply(G.apply(roll(start(), 1, 2, red=8), WhiteCross(by=0, row="red")), Pass(by=1))
    s = G.apply(s, ColorCross(by=0, row="red", white=2))  # 3 then 10
    assert s.sheets[0].rows["red"] == (3, 10)


# q8.lucky ----------------------------------------------------------------------
def test_lucky_number_crosses_first_free_field_of_fewest_row_q8_lucky():
    s = start(lucky=[(9, 12), (2, 3)])
    s = with_rows(s, 0, red=[2, 3], yellow=[4, 5], green=[16, 12], blue=[16])
    s = roll(s, 4, 5)  # white sum 9 is Ana's lucky number
    assert {a.row for a in G.legal(s, 0) if isinstance(a, LuckyCross)} == {"blue"}
    s = G.apply(s, LuckyCross(by=0, row="blue"))
    assert s.sheets[0].rows["blue"] == (16, 15)  # next field right of the last cross


def test_lucky_cross_refused_in_a_row_without_fewest_crosses_q8_lucky():
    s = with_rows(roll(start(lucky=[(9, 12), (2, 3)]), 4, 5), 0, red=[2])
    refused(s, LuckyCross(by=0, row="red"), "q8.lucky")


def test_lucky_cross_refused_when_sum_is_not_lucky_q8_lucky():
    refused(roll(start(lucky=[(9, 12), (2, 3)]), 4, 4), LuckyCross(by=0, row="red"), "q8.lucky")


def test_lucky_tie_lets_the_player_choose():
    s = roll(start(lucky=[(9, 12), (2, 3)]), 4, 5)
    assert {a.row for a in G.legal(s, 0) if isinstance(a, LuckyCross)} == {"red", "yellow", "green", "blue"}


def test_lucky_onto_a_lock_field_without_crosses_is_refused_q8_lucky():
    s = start(lucky=[(9, 12), (2, 3)], lock_min_crosses=13)
    many = list(range(2, 15))  # 13 crosses in red: the next free field is the lock field 15
    full = {c: row_fields(c)[:13] for c in ("red", "yellow", "green", "blue")}
    s = with_rows(s, 0, **full)
    s = roll(s.model_copy(update={"options": s.options.model_copy(update={"lock_min_crosses": 14})}), 4, 5)
    assert not [a for a in G.legal(s, 0) if isinstance(a, LuckyCross)]
    refused(s, LuckyCross(by=0, row="red"), "q8.lockfields")
    assert many == list(full["red"])


def test_lucky_replaces_only_white_cross_by_default_q8_lucky():
    s = G.apply(roll(start(lucky=[(9, 12), (2, 3)]), 4, 5, red=4), LuckyCross(by=0, row="red"))
    s = G.apply(s, Pass(by=1))
    assert s.phase == "color"
    s = G.apply(s, ColorCross(by=0, row="red", white=1))
    assert s.sheets[0].rows["red"] == (2, 8)


def test_lucky_replaces_whole_turn_as_house_rule_q8_lucky():
    s = roll(start(lucky=[(9, 12), (2, 3)], lucky_replaces="turn"), 4, 5)
    s = G.apply(G.apply(s, LuckyCross(by=0, row="red")), Pass(by=1))
    assert s.phase == "roll" and s.active == 1  # no colour phase for Ana
    assert s.sheets[0].misthrows == 0


def test_lucky_numbers_must_be_two_different_numbers():
    players = [PlayerSpec(name="Ana")]
    with pytest.raises(InvalidInput) as exc:
        G.parse_options({"lucky_numbers": [(5, 5)]}, players)
    assert exc.value.rule == "q8.lucky"
    with pytest.raises(InvalidInput):
        G.parse_options({"lucky_numbers": [(1, 5)]}, players)


# q8.simultaneous ---------------------------------------------------------------
def test_row_locked_in_white_phase_stays_open_until_phase_ends_q8_simultaneous():
    s = start(3)
    six = [2, 3, 4, 5, 6, 7]
    s = with_rows(with_rows(s, 1, red=six), 2, red=six)
    s = roll(s, 8, 8, red=5)  # white sum 16: the red lock field
    s = G.apply(s, WhiteCross(by=1, row="red"))
    assert "red" not in s.removed
    s = G.apply(s, WhiteCross(by=2, row="red"))  # Cara may lock it too in the same phase
    assert s.sheets[1].locked_by_me == ("red",) and s.sheets[2].locked_by_me == ("red",)
    s = G.apply(s, Pass(by=0))
    assert "red" in s.removed and s.phase == "color"
    assert not [a for a in G.legal(s) if isinstance(a, ColorCross) and a.row == "red"]
    refused(s, ColorCross(by=0, row="red", white=1), "q8.lockfields")


def test_white_phase_decisions_in_any_order_make_one_consistent_state():
    base = roll(start(3), 2, 3)
    acts = [WhiteCross(by=0, row="red"), WhiteCross(by=1, row="green"), Pass(by=2)]
    a = base
    for x in acts:
        a = G.apply(a, x)
    b = base
    for x in reversed(acts):
        b = G.apply(b, x)
    assert a == b


# q8.misthrow -------------------------------------------------------------------
def test_active_player_without_any_cross_marks_a_misthrow_q8_misthrow():
    s = G.apply(G.apply(roll(start(), 3, 4), Pass(by=0)), WhiteCross(by=1, row="red"))
    s = G.apply(s, Pass(by=0))
    assert [sh.misthrows for sh in s.sheets] == [1, 0]


def test_passive_player_never_gets_a_misthrow_q8_misthrow():
    s = G.apply(G.apply(roll(start(), 3, 4), WhiteCross(by=0, row="red")), Pass(by=1))
    s = G.apply(s, Pass(by=0))
    assert [sh.misthrows for sh in s.sheets] == [0, 0]


def test_misthrow_penalty_is_an_option_q8_misthrow():
    sheet = Sheet(lucky=(2, 3), misthrows=2)
    result = G.result(start(1, misthrow_penalty=3).model_copy(update={"sheets": (sheet,)}))
    assert result.players[0].total == -6


# q8.end ------------------------------------------------------------------------
def test_game_ends_after_the_roll_in_which_the_second_die_is_removed_q8_end():
    s = start(2).model_copy(update={"removed": ("yellow",)})
    s = with_rows(s, 1, red=[2, 3, 4, 5, 6, 7])
    s = roll(s, 8, 8)
    s = G.apply(s, WhiteCross(by=1, row="red"))  # Ben locks red in the white phase
    assert not G.is_over(s)
    s = G.apply(s, Pass(by=0))  # phase ends; Ana's colour phase still follows
    assert not G.is_over(s) and s.phase == "color"
    s = G.apply(s, Pass(by=0))
    assert G.is_over(s)
    refused(s, Roll(by=1, white1=1, white2=1, green=1, blue=1), "q8.end")


def test_fourth_misthrow_ends_the_game_q8_end():
    s = start(2)
    s = s.model_copy(update={"sheets": (s.sheets[0].model_copy(update={"misthrows": 3}), s.sheets[1])})
    s = G.apply(G.apply(roll(s, 1, 1), Pass(by=0)), Pass(by=1))
    s = G.apply(s, Pass(by=0))
    assert G.is_over(s) and s.sheets[0].misthrows == 4


def test_end_conditions_are_options_q8_end():
    s = start(2, end_misthrows=1)
    s = G.apply(G.apply(G.apply(roll(s, 1, 1), Pass(by=0)), Pass(by=1)), Pass(by=0))
    assert G.is_over(s)


# q8.score ----------------------------------------------------------------------
def test_row_points_table_q8_score():
    assert [row_points(n) for n in range(1, 18)] == [
        1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 136, 153
    ]


def test_score_input_example_from_the_table_q8_score():
    result = G.score_input(
        {
            "game": "qwixx-longo",
            "players": [
                {"name": "Ana", "misthrows": 1,
                 "rows": {"red": [2, 3, 4, 5, 6, 7, 15], "yellow": [], "green": [16, 14, 9], "blue": [10]}},
                {"name": "Ben", "misthrows": 0,
                 "rows": {"red": [2, 5], "yellow": [4, 8, 12, 13], "green": [], "blue": [16, 11, 7]}},
            ],
        }
    )
    ana, ben = result.players
    assert (ana.total, ana.place, ben.total, ben.place) == (38, 1, 19, 2)
    assert ana.breakdown["rows"]["red"]["points"] == 36 and ana.breakdown["rows"]["red"]["bonus"]
    assert ana.breakdown["penalty"] == 5


def test_equal_totals_share_the_place_q8_score():
    sheet = Sheet(lucky=(2, 3), rows={"red": (2,), "yellow": (), "green": (), "blue": ()})
    s = start(3).model_copy(update={"sheets": (sheet, sheet, Sheet(lucky=(2, 3)))})
    assert [p.place for p in G.result(s).players] == [1, 1, 3]


@pytest.mark.parametrize(
    "rows,misthrows,rule",
    [
        ({"red": [17]}, 0, "q8.rows"),
        ({"red": [4, 4]}, 0, "q8.rows"),
        ({"red": [2, 3, 15]}, 0, "q8.lockfields"),
        ({"blue": [16, 15, 14, 13, 12, 11, 10, 3, 2]}, 0, "q8.lockfields"),
        ({}, 5, "q8.misthrow"),
    ],
)
def test_impossible_sheet_is_refused_naming_the_rule(rows, misthrows, rule):
    with pytest.raises((Refusal, InvalidInput)) as exc:
        G.score_input({"game": "qwixx-longo", "players": [{"name": "Ana", "misthrows": misthrows, "rows": rows}]})
    assert exc.value.rule == rule


def test_tapping_a_field_names_the_action_or_the_rule():
    from scoring.qwixx_longo import explain_field

    s = with_rows(roll(start(), 8, 7, red=8), 0, red=[2, 3, 4, 5, 6])
    why = explain_field(s, 0, "red", 15)
    assert isinstance(why, Refusal) and why.rule == "q8.lockfields"
    assert why.message("en") == "You need 6 crosses in red before a lock field (you have 5)."
    assert explain_field(s, 0, "green", 15) == WhiteCross(by=0, row="green")
    assert explain_field(s, 0, "green", 9).rule == "q8.white"
    s = G.apply(G.apply(s, Pass(by=0)), Pass(by=1))
    assert explain_field(s, 1, "red", 16).rule == "q8.color"
    assert explain_field(s, 0, "yellow", 9) == ColorCross(by=0, row="yellow", white=1)  # 8 + 1
    assert explain_field(s, 0, "yellow", 8) == ColorCross(by=0, row="yellow", white=2)  # 7 + 1
    assert explain_field(s, 0, "red", 16).rule == "q8.lockfields"  # 8 + 8 = 16, lock field without 6 crosses


def test_each_cross_action_names_the_field_it_crosses():
    from scoring.qwixx_longo import crossed_number

    s = roll(start(lucky=[(9, 12), (2, 3)]), 4, 5, red=8)
    assert crossed_number(s, WhiteCross(by=0, row="green")) == 9
    assert crossed_number(s, LuckyCross(by=0, row="blue")) == 16  # first field of a descending row
    assert crossed_number(s, ColorCross(by=0, row="red", white=2)) == 13
    assert crossed_number(s, Pass(by=0)) is None


# --- the refusal names the rule that decides ------------------------------------------------
def test_colour_cross_after_a_lucky_cross_that_replaces_the_turn_cites_q8_lucky():
    """q8.lucky (house rule lucky_replaces=turn): Ana's lucky cross used her whole turn, so her
    colour cross is refused by q8.lucky – not by q8.dice ("roll first") once the turn has passed,
    and not by q8.color while the others still decide."""
    s = roll(start(n=3, lucky=[(9, 12), (2, 3), (2, 3)], lucky_replaces="turn"), 4, 5, red=4)
    s = G.apply(s, LuckyCross(by=0, row="red"))
    e = refused(s, ColorCross(by=0, row="red", white=1), "q8.lucky")  # Ben and Cara still decide
    assert e.message("de") == "Nach dem Glückszahl-Kreuz bleibt dieser Wurf für dich ungenutzt (Hausregel: ganzer Zug)."
    assert e.message("en") == "After the lucky cross you use no more dice this turn (house rule: whole turn)."
    s = G.apply(G.apply(s, Pass(by=1)), Pass(by=2))
    assert s.phase == "roll" and s.active == 1
    refused(s, ColorCross(by=0, row="red", white=1), "q8.lucky")
    refused(s, ColorCross(by=1, row="red", white=1), "q8.dice")  # Ben's turn: he must roll first
    s = roll(s, 1, 1)
    assert s.phase == "white"
    refused(s, ColorCross(by=0, row="red", white=1), "q8.color")  # a new roll: that turn is long gone
