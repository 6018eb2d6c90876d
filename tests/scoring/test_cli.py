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
    proc = subprocess.run([sys.executable, "-m", "scoring", "score", str(f)], capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr + proc.stdout
    assert json.loads(proc.stdout)["error"]["message"]
    proc = subprocess.run([sys.executable, "-m", "scoring", "replay", str(tmp_path / "missing.json")], capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
