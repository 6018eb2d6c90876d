"""python -m scoring: score, replay, schema; bad input never prints a traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from scoring.cli import main
from scoring.engine import PlayerSpec, RecordedAction, new_record

QWIXX = {
    "game": "qwixx-longo",
    "players": [
        {"name": "Ana", "misthrows": 1,
         "rows": {"red": [2, 3, 4, 5, 6, 7, 15], "yellow": [], "green": [16, 14, 9], "blue": [10]}},
        {"name": "Ben", "misthrows": 0,
         "rows": {"red": [2, 5], "yellow": [4, 8, 12, 13], "green": [], "blue": [16, 11, 7]}},
    ],
}


def run(args, stdin_text=""):
    out = io.StringIO()
    code = main(args, stdin=io.StringIO(stdin_text), stdout=out)
    return code, json.loads(out.getvalue())


def test_score_prints_totals_and_places():
    code, out = run(["score", "-"], json.dumps(QWIXX))
    assert code == 0
    assert [(p["name"], p["total"], p["place"]) for p in out["players"]] == [("Ana", 38, 1), ("Ben", 19, 2)]


def test_impossible_sheet_exits_2_naming_the_rule():
    bad = json.loads(json.dumps(QWIXX))
    bad["players"][1]["rows"]["red"] = [2, 3, 16]
    code, out = run(["score", "-"], json.dumps(bad))
    assert code == 2 and out["error"]["rule"] == "q8.lockfields"


@pytest.mark.parametrize("text", ["{", "[]", '{"game": 5}', '{"game": "chess", "players": []}', '"x"', "null"])
def test_malformed_input_exits_2_with_an_error_object(text):
    code, out = run(["score", "-"], text)
    assert code == 2 and set(out["error"]) >= {"rule", "message"}


def test_replay_prints_final_state_and_scores():
    rec = new_record("qwixx-longo", [PlayerSpec(name="Ana")], {"lucky_numbers": [(4, 9)]})
    roll = {"type": "roll", "by": 0, "white1": 1, "white2": 2, "red": 3, "yellow": 4, "green": 5, "blue": 6}
    acts = [roll, {"type": "white", "by": 0, "row": "red"}, {"type": "pass", "by": 0}]
    rec = rec.model_copy(update={"actions": tuple(RecordedAction(seat=0, action=a) for a in acts)})
    code, out = run(["replay", "-"], rec.model_dump_json())
    assert code == 0 and out["result"]["players"][0]["total"] == 1
    assert out["state"]["sheets"][0]["rows"]["red"] == [3]


def test_replay_stops_at_the_first_illegal_action():
    rec = new_record("qwixx-longo", [PlayerSpec(name="Ana")], {"lucky_numbers": [(4, 9)]})
    acts = [{"type": "white", "by": 0, "row": "red"}]
    rec = rec.model_copy(update={"actions": tuple(RecordedAction(seat=0, action=a) for a in acts)})
    code, out = run(["--lang", "de", "replay", "-"], rec.model_dump_json())
    assert code == 2 and out["error"]["index"] == 0 and out["error"]["rule"] == "q8.dice"
    assert "würfeln" in out["error"]["message"]


def test_schema_describes_the_record_with_typed_actions():
    code, out = run(["schema", "qwixx-longo"])
    assert code == 0 and "ColorCross" in json.dumps(out) and "format_version" in out["properties"]


def test_cli_as_a_process_never_prints_a_traceback(tmp_path):
    f = tmp_path / "x.json"
    f.write_bytes(b"\xff\xfe garbage")
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "score", str(f)], check=False, capture_output=True, text=True
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr + proc.stdout
    assert json.loads(proc.stdout)["error"]["message"]
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(tmp_path / "missing.json")],
        check=False,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


# --- the CLI on files: a wrong seat, a BOM, hostile input, 20 MB, internal errors, the event log ----
def _run_file(tmp_path, raw: bytes, *args, cmd="replay"):
    f = tmp_path / "in.json"
    f.write_bytes(raw)
    out = io.StringIO()
    code = main([*args, cmd, str(f)], stdout=out)
    return code, json.loads(out.getvalue())


def _qwixx_record(seat_of_pass=0):
    rec = new_record("qwixx-longo", [PlayerSpec(name="Ana")], {"lucky_numbers": [(4, 9)]})
    roll = {"type": "roll", "by": 0, "white1": 1, "white2": 2, "red": 3, "yellow": 4, "green": 5, "blue": 6}
    data = rec.model_dump(mode="json")
    data["actions"] = [{"seat": 0, "action": roll}, {"seat": seat_of_pass, "action": {"type": "pass", "by": 0}}]
    return data


def test_replay_refuses_a_seat_that_is_not_the_actor_naming_the_action():
    code, out = run(["--lang", "de", "replay", "-"], json.dumps(_qwixx_record(seat_of_pass=3)))
    assert code == 2
    assert out == {"error": {"rule": None, "code": "record_seat_range", "index": 1,
                             "message": "Der Zug ist für Platz 3 eingetragen; den gibt es nicht (Plätze 0 bis 0)."}}
    code, out = run(["replay", "-"], json.dumps(_qwixx_record(seat_of_pass=None)))
    assert code == 2 and out["error"]["index"] == 1
    assert out["error"]["message"] == "The move has no seat; seat 0 made it."


def test_a_file_starting_with_a_byte_order_mark_is_read(tmp_path):
    code, out = _run_file(tmp_path, b"\xef\xbb\xbf" + json.dumps(_qwixx_record()).encode("utf-8"))
    assert code == 0 and out["actions"] == 2


@pytest.mark.parametrize(
    "raw, code, de, en",
    [
        (b'{"game": "qwixx-longo", "players": [{"name": "\xff"}]}', "input_not_utf8",
         "Die Eingabe ist kein UTF-8-Text (ungültiges Byte an Stelle 46).",
         "The input is not UTF-8 text (invalid byte at position 46)."),
        (b"[" * 100_000 + b"]" * 100_000, "input_too_deep",
         "Die Eingabe ist zu tief verschachtelt.", "The input is nested too deeply."),
        (b'{"game": "qwixx-longo", "options": {"x": ' + b"7" * 5000 + b"}}", "input_long_number",
         "Die Eingabe enthält eine Zahl mit zu vielen Stellen.", "The input holds a number with too many digits."),
        (b'{"game": "qwixx-longo", "options": {"x": NaN}}', "bad_json",
         "Kein gültiges JSON: NaN is not a number", "Not valid JSON: NaN is not a number"),
    ],
)
@pytest.mark.parametrize("cmd", ["replay", "score"])
def test_hostile_input_exits_2_with_a_clear_message(tmp_path, raw, code, de, en, cmd):
    assert _run_file(tmp_path, raw, "--lang", "de", cmd=cmd) == (
        2,
        {"error": {"rule": None, "code": code, "message": de}},
    )
    assert _run_file(tmp_path, raw, cmd=cmd) == (2, {"error": {"rule": None, "code": code, "message": en}})


def test_an_input_over_20_mb_is_refused_before_parsing(tmp_path):
    code, out = _run_file(tmp_path, b" " * (20 * 1024 * 1024 + 1))
    assert (code, out["error"]["message"]) == (2, "The input is larger than 20 MB.")


def test_an_internal_error_exits_1_and_says_it_is_a_bug(monkeypatch):
    from scoring import cli

    def broken(record, upto=None):
        raise KeyError("oops")

    monkeypatch.setattr(cli, "replay", broken)
    code, out = run(["--lang", "de", "replay", "-"], json.dumps(_qwixx_record()))
    assert code == 1
    assert out == {"error": {"rule": None, "code": "internal",
                             "message": "Interner Fehler (KeyError) – das ist ein Programmfehler, bitte melden."}}


def test_a_verlies_record_replays_through_the_cli_with_its_event_log():
    import random

    from scoring.simulate import play_random

    played = play_random("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {}, random.Random(5))
    code, out = run(["replay", "-"], played.record.model_dump_json())
    assert code == 0 and out["over"] is True
    assert [e["kind"] for e in out["state"]["log"]] == [e.kind for e in played.final.log]
    assert [e["kind"] for e in out["state"]["events"]] == [e.kind for e in played.final.events] == ["escaped"]


def test_hostile_input_through_a_real_process_gives_no_traceback(tmp_path):
    f = tmp_path / "deep.json"
    f.write_bytes(b"[" * 100_000)
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(f)], check=False, capture_output=True, text=True
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr + proc.stdout
    f.write_bytes(b"\xef\xbb\xbf" + json.dumps(_qwixx_record()).encode())
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(f)], check=False, capture_output=True, text=True
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["actions"] == 2
