"""The shared protocol: record, replay, registry, dice, purity."""

from __future__ import annotations

import ast
import pathlib
import random

import pytest

from scoring.dice import Dice, seeded, w3_of_w6
from scoring.engine import (
    GameRecord,
    PlayerSpec,
    RecordedAction,
    ReplayError,
    get_game,
    new_record,
    places,
    replay,
)
from scoring.errors import InvalidInput

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_scoring_imports_neither_flet_nor_sqlite():
    banned = {"flet", "sqlite3", "sqlite_utils", "flet_charts"}
    for path in (ROOT / "scoring").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in banned, f"{path.name} imports {name}"


def test_seeded_dice_repeat_and_stay_in_range():
    assert seeded(5).roll(8, 20) == seeded(5).roll(8, 20)
    assert set(Dice(random.Random(1)).roll(8, 500)) == set(range(1, 9))
    assert set(Dice(random.Random(1)).w6(500)) == set(range(1, 7))


def test_w3_is_a_halved_w6_rounded_up():
    assert [w3_of_w6(f) for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]


def test_places_share_equal_totals():
    assert places([10, 20, 20, 5]) == [3, 1, 1, 4]
    assert places([10, 30, 5], eligible=[True, False, True]) == [1, 3, 2]


def test_unknown_game_is_named_in_the_error():
    with pytest.raises(InvalidInput) as exc:
        get_game("schach")
    assert "schach" in exc.value.message("de")


def test_player_names_are_trimmed_and_limited():
    assert PlayerSpec(name="  Ana   Maria ").name == "Ana Maria"
    with pytest.raises(ValueError):
        PlayerSpec(name="x" * 41)
    with pytest.raises(ValueError):
        PlayerSpec(name="   ")


def test_replay_reports_the_first_illegal_action_with_its_index():
    rec = new_record("qwixx-longo", [PlayerSpec(name="Ana")], {"lucky_numbers": [(4, 9)]})
    roll = {"type": "roll", "by": 0, "white1": 1, "white2": 2, "red": 3, "yellow": 4, "green": 5, "blue": 6}
    rec = rec.model_copy(update={"actions": (RecordedAction(seat=0, action=roll), RecordedAction(seat=0, action=roll))})
    with pytest.raises(ReplayError) as exc:
        replay(rec)
    assert exc.value.index == 1 and exc.value.error.rule == "q8.dice"


def test_record_round_trips_through_json():
    rec = new_record("qwixx-longo", [PlayerSpec(name="Ana")], {"lucky_numbers": [(4, 9)]})
    assert GameRecord.model_validate_json(rec.model_dump_json()) == rec


# --- Log: the append-only state log (replay linear, not quadratic) ---------------
def test_a_log_behaves_like_the_tuple_it_replaces():
    from scoring.log import Log

    a = Log((1, 2)) + (3,)
    assert a == (1, 2, 3) and a == (1, 2, 3) and a[-1] == 3 and a[:2] == (1, 2) and list(reversed(a)) == [3, 2, 1]
    assert len(a) == 3 and hash(a) == hash((1, 2, 3)) and a != (1, 2)
    with pytest.raises(IndexError):
        a[3]


def test_appending_to_an_older_log_leaves_the_newer_one_alone():
    from scoring.log import Log

    base = Log() + ("drew",)
    newer = base + ("walked",)  # shares base's list
    branch = base + ("declined",)  # a probe from the older state
    assert newer == ("drew", "walked") and branch == ("drew", "declined") and base == ("drew",)
    assert newer + ("end",) == ("drew", "walked", "end") and branch == ("drew", "declined")


def test_verlies_state_with_logs_round_trips_and_states_from_one_record_compare_equal():
    from scoring.simulate import play_random

    played = play_random("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {}, random.Random(3))
    state = replay(played.record)
    game = get_game(played.record.game)
    again = game.State.model_validate_json(state.model_dump_json())
    assert again == state and replay(played.record) == state and len(state.events) > 0
    assert isinstance(state.model_dump(mode="json")["events"], list)


# --- records checked against themselves ---------------------------------------------------------
from scoring.engine import parse_record

ROLL = {"type": "roll", "by": 0, "white1": 1, "white2": 2, "red": 3, "yellow": 4, "green": 5, "blue": 6}


def _two_player_record(seat_of_second):
    rec = new_record(
        "qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {"lucky_numbers": [(4, 9), (2, 3)]}
    )
    data = rec.model_dump(mode="json")
    data["actions"] = [{"seat": 0, "action": ROLL}, {"seat": seat_of_second, "action": {"type": "pass", "by": 1}}]
    return parse_record(data)


@pytest.mark.parametrize(
    "seat, code, de, en",
    [
        (0, "record_seat_mismatch", "Der Zug ist für Platz 0 eingetragen, gemacht hat ihn aber Platz 1.",
         "The move is recorded for seat 0, but seat 1 made it."),
        (2, "record_seat_range", "Der Zug ist für Platz 2 eingetragen; den gibt es nicht (Plätze 0 bis 1).",
         "The move is recorded for seat 2, which does not exist (seats 0 to 1)."),
        (-1, "record_seat_range", "Der Zug ist für Platz -1 eingetragen; den gibt es nicht (Plätze 0 bis 1).",
         "The move is recorded for seat -1, which does not exist (seats 0 to 1)."),
        (None, "record_seat_missing", "Beim Zug fehlt der Platz; gemacht hat ihn Platz 1.",
         "The move has no seat; seat 1 made it."),
    ],
)
def test_replay_refuses_a_recorded_seat_that_is_not_the_moves_actor(seat, code, de, en):
    with pytest.raises(ReplayError) as exc:
        replay(_two_player_record(seat))
    assert exc.value.index == 1 and exc.value.error.code == code
    assert (exc.value.error.message("de"), exc.value.error.message("en")) == (de, en)


def test_replay_takes_the_record_when_each_seat_is_its_moves_actor():
    assert replay(_two_player_record(1)).decided == (False, True)


def test_a_seat_must_be_a_whole_number_not_true_or_text():
    for seat in (True, "1", 1.5):
        with pytest.raises(InvalidInput) as exc:
            _two_player_record(seat)
        assert exc.value.code == "bad_record"


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200c\u200d", "\u2060 \ufeff", "\u3164", "\u2800", "\u0301\u0301",
                                  "\u202e", "\u200b\n\u200b"])
def test_a_name_of_only_invisible_characters_is_refused(name):
    with pytest.raises(ValueError) as exc:
        PlayerSpec(name=name)
    assert "name has no visible character" in str(exc.value)


def test_a_name_with_a_control_character_is_refused_and_visible_joined_names_are_kept():
    with pytest.raises(ValueError):
        PlayerSpec(name="Ana\x00")
    assert PlayerSpec(name="👩\u200d👧 Eva").name == "👩\u200d👧 Eva"  # a zero-width joiner inside a name stays
    assert PlayerSpec(name="Ana\u200b").name == "Ana\u200b"


@pytest.mark.parametrize("gid", ["abc\x00", "a\nb", "a\tb", "a b", "\u202egame", "x\u200b", "\x7f"])
def test_a_game_id_with_nul_control_or_blank_characters_is_refused(gid):
    data = new_record("qwixx-longo", [PlayerSpec(name="Ana")], {"lucky_numbers": [(4, 9)]}).model_dump(mode="json")
    data["id"] = gid
    with pytest.raises(InvalidInput) as exc:
        parse_record(data)
    assert exc.value.code == "bad_record"
    assert exc.value.message("en") == ("Invalid game record (id: Value error, game id with control, invisible or "
                                       "blank characters).")


# --- action templates: legal() where the table enters a value ----------------------
from scoring.engine import Range, Template, Text  # noqa: E402

GOLD = Template(action_type="gain_gold", fixed={"by": 1, "reason": "passage"}, fields={"amount": Range(lo=1, hi=9)})


def test_a_template_fills_allowed_values_and_refuses_others_in_both_languages():
    assert GOLD.fill(amount=9) == {"type": "gain_gold", "by": 1, "reason": "passage", "amount": 9}
    assert (GOLD.by, GOLD.type) == (1, "gain_gold")  # like an action: who acts, what it makes
    for bad in ({"amount": 0}, {"amount": 10}, {"amount": True}, {"amount": "3"}, {}):
        with pytest.raises(InvalidInput) as exc:
            GOLD.fill(**bad)
        assert exc.value.code == "template_value"
    with pytest.raises(InvalidInput) as exc:
        GOLD.fill(amount=10)
    assert (exc.value.message("de"), exc.value.message("en")) == (
        "Der Wert für amount fehlt oder ist nicht erlaubt (10).",
        "The value for amount is missing or not allowed (10).",
    )


def test_a_template_with_choices_and_text_gives_examples_and_samples_inside_its_ranges():
    t = Template(action_type="gain_treasure", fixed={"by": 0},
                 fields={"name": Text(max_length=5), "gold": Range(lo=2, hi=400), "magic": (False, True)})
    assert t.example() == {"type": "gain_treasure", "by": 0, "name": "?", "gold": 2, "magic": False}
    rng = random.Random(1)
    for _ in range(50):
        data = t.sample(rng, span=3)
        assert 2 <= data["gold"] <= 5 and data["magic"] in (False, True) and 1 <= len(data["name"]) <= 5
    assert not t.allows("name", "zu lang") and not t.allows("magic", None) and t.allows("gold", 400)
    assert len({t, t.model_copy()}) == 1  # hashable like an action
