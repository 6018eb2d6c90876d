"""python -m scoring advise: the coach's ranked choices as JSON, and clear refusals for what it cannot advise."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest

from scoring.cli import main
from scoring.engine import PlayerSpec, RecordedAction, get_game, new_record, replay
from scoring.simulate import play_random

G = get_game("qwixx-longo")
ROLL = {"type": "roll", "by": 0, "white1": 3, "white2": 4, "red": 3, "yellow": 4, "green": 5, "blue": 6}


def record(*actions, players=("Ana", "Ben")):
    rec = new_record("qwixx-longo", [PlayerSpec(name=n) for n in players],
                     {"lucky_numbers": [(4, 9), (6, 11), (5, 12)][: len(players)]})
    return rec.model_copy(update={"actions": tuple(RecordedAction(seat=a["by"], action=a) for a in actions)})


def run(args, rec):
    out = io.StringIO()
    text = rec if isinstance(rec, str) else rec.model_dump_json()
    code = main(args, stdin=io.StringIO(text), stdout=out)
    return code, json.loads(out.getvalue())


def test_advise_prints_every_legal_choice_best_first_with_reasons_in_both_languages():
    rec = record(ROLL)
    code, out = run(["advise", "-", "--seat", "0"], rec)
    assert code == 0 and isinstance(out, list)
    state = replay(rec)
    assert sorted(json.dumps(a["action"], sort_keys=True) for a in out) == sorted(
        json.dumps(G.dump_action(a), sort_keys=True) for a in G.legal(state, 0))
    for item in out:
        assert set(item) == {"action", "expected", "reason"}
        assert isinstance(item["expected"], float) and set(item["reason"]) == {"de", "en"}
        assert all(isinstance(t, str) and t for t in item["reason"].values())
        G.apply(state, G.parse_action(item["action"]))
    assert [a["expected"] for a in out] == sorted((a["expected"] for a in out), reverse=True)


def test_a_record_naming_the_game_by_its_alias_gets_advice_too():
    data = record(ROLL).model_dump(mode="json")
    data["game"] = "qwixx"
    code, out = run(["advise", "-", "--seat", "0"], json.dumps(data))
    assert code == 0 and out and out[0]["reason"]["en"]


def test_advise_for_a_passive_seat_in_the_white_phase_ranks_its_white_sum_choices():
    code, out = run(["advise", "-", "--seat", "1"], record(ROLL))
    assert code == 0
    assert {a["action"]["type"] for a in out} == {"white", "pass"} and all(a["action"]["by"] == 1 for a in out)


@pytest.mark.parametrize("seat, de, en", [
    ("2", "Platz 2 gibt es nicht (Plätze 0 bis 1).", "There is no seat 2 (seats 0 to 1)."),
    ("-1", "Platz -1 gibt es nicht (Plätze 0 bis 1).", "There is no seat -1 (seats 0 to 1)."),
])
def test_a_seat_that_does_not_exist_is_refused(seat, de, en):
    assert run(["--lang", "de", "advise", "-", "--seat", seat], record(ROLL)) == (
        2, {"error": {"rule": None, "code": "advise_seat", "message": de}})
    assert run(["advise", "-", "--seat", seat], record(ROLL))[1]["error"]["message"] == en


def test_advice_for_another_game_is_refused_naming_it():
    rec = new_record("verflixxt", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")])
    assert run(["advise", "-", "--seat", "0"], rec) == (2, {"error": {
        "rule": None, "code": "advise_game",
        "message": "Advice is given for Qwixx Longo only, not for Verflixxt! Kompakt."}})


def test_nothing_to_decide_is_said_in_the_referees_words():
    assert run(["--lang", "de", "advise", "-", "--seat", "0"], record()) == (2, {"error": {
        "rule": "q8.dice", "code": "q8_roll_first", "message": "Zuerst muss Ana würfeln."}})
    passed = record(ROLL, {"type": "pass", "by": 1})
    assert run(["advise", "-", "--seat", "1"], passed) == (2, {"error": {
        "rule": "q8.white", "code": "q8_already_decided", "message": "Ben has already decided in this phase."}})
    colour = record(ROLL, {"type": "pass", "by": 1}, {"type": "pass", "by": 0})
    assert run(["advise", "-", "--seat", "1"], colour) == (2, {"error": {
        "rule": "q8.color", "code": "q8_only_active",
        "message": "Only Ana (the active player) may combine white and colour."}})


def test_a_finished_game_has_no_advice():
    played = play_random("qwixx-longo", [PlayerSpec(name="Ana")], {"lucky_numbers": [(4, 9)]}, random.Random(3))
    assert run(["advise", "-", "--seat", "0"], played.record) == (2, {"error": {
        "rule": "q8.end", "code": "game_over", "message": "The game is over."}})


def test_a_record_with_an_illegal_move_is_refused_at_that_move():
    rec = record({"type": "white", "by": 0, "row": "red"})
    code, out = run(["advise", "-", "--seat", "0"], rec)
    assert code == 2 and out["error"]["index"] == 0 and out["error"]["rule"] == "q8.dice"


@pytest.mark.parametrize("args, text, error", [
    (["advise", "-", "--seat", "0"], "{", "bad_json"),
    (["advise", "-", "--seat", "0"], "[]", "bad_record"),
    (["advise", "-"], None, "bad_arguments"),
    (["advise", "-", "--seat", "Ana"], None, "bad_arguments"),
])
def test_bad_input_exits_2_with_an_error_object(args, text, error):
    code, out = run(args, text if text is not None else record(ROLL))
    assert code == 2 and out["error"]["code"] == error and out["error"]["message"]


def test_advise_as_a_process_prints_json_and_never_a_traceback(tmp_path):
    f = tmp_path / "game.json"
    f.write_text(record(ROLL).model_dump_json(), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "scoring", "advise", str(f), "--seat", "0"],
                          check=False, capture_output=True, text=True)
    assert proc.returncode == 0 and json.loads(proc.stdout)[0]["reason"]["de"]
    proc = subprocess.run([sys.executable, "-m", "scoring", "advise", str(tmp_path / "missing.json"), "--seat", "0"],
                          check=False, capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr + proc.stdout
    assert json.loads(proc.stdout)["error"]["code"] == "input_unreadable"
