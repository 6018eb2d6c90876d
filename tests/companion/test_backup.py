"""Export and backup: round trip, idempotent merge, damaged files refused with nothing changed."""

from __future__ import annotations

import json
import random

import pytest

from companion.history import (
    BACKUP_FORMAT,
    ImportRefused,
    backup_text,
    check_backup,
    compute_stats,
    dump_store,
    export_backup,
    export_record,
    import_backup,
)
from companion.i18n import STRINGS
from companion.profiles import list_profiles, save_profile
from companion.store import Store
from scoring.engine import PlayerSpec, get_game, parse_record, replay
from scoring.simulate import play_random


def _finish(store: Store, record) -> None:
    res = get_game(record.game).result(replay(record)).model_dump(mode="json")
    store.create_game(record)
    store.move_cursor(record.id, len(record.actions), len(record.actions), result=res)


@pytest.fixture()
def full_store():
    rng = random.Random(7)
    store = Store(":memory:")
    players = [PlayerSpec(name="Ana", profile_id="pa"), PlayerSpec(name="Ben")]
    for i in range(4):
        _finish(store, play_random("qwixx-longo", players, {"lucky_numbers": [[3, 9], [4, 12]]}, rng).record)
    for i in range(3):
        _finish(store, play_random("verflixxt", players, {"wurminator": True}, rng).record)
    _finish(store, play_random("raus-aus-dem-verlies", players + [PlayerSpec(name="Cara")], {}, rng).record)
    open_game = play_random("qwixx-longo", players, {"lucky_numbers": [[2, 5], [6, 7]]}, rng).record
    store.create_game(open_game.model_copy(update={"actions": open_game.actions[:7]}))
    save_profile(store, "Ana", color="red", lucky=[3, 9])
    return store


def _records(backup):
    return sorted(backup["records"], key=lambda r: r["id"])


def test_export_import_into_an_empty_store_gives_the_same_records(full_store, tmp_path):
    first = export_backup(full_store)
    assert first["format"] == BACKUP_FORMAT and len(first["records"]) == 9
    text = backup_text(first)
    other = Store(tmp_path / "other.db")
    report = import_backup(other, text)
    assert report.added == 9 and report.already == 0 and report.profiles_added == 1
    again = export_backup(other)
    assert _records(again) == _records(first)
    assert [p.to_json() for p in list_profiles(other)] == first["profiles"]
    # the results (and so the statistics) came along too
    a, b = compute_stats(full_store), compute_stats(other)
    assert {k: (v.games, v.wins, v.total_sum, v.figures) for k, v in a.per_player_game.items()} == {
        k: (v.games, v.wins, v.total_sum, v.figures) for k, v in b.per_player_game.items()
    }
    other.close()


def test_import_twice_changes_nothing(full_store):
    text = backup_text(export_backup(full_store))
    other = Store(":memory:")
    import_backup(other, text)
    before = dump_store(other)
    report = import_backup(other, text)
    assert report.added == 0 and report.already == 9 and report.differing == 0
    assert dump_store(other) == before
    # importing into the store it came from also changes nothing
    before = dump_store(full_store)
    assert import_backup(full_store, text).added == 0
    assert dump_store(full_store) == before


def test_a_single_record_is_the_replay_format_and_imports(full_store):
    gid = full_store.games(finished=True, limit=1)[0]["id"]
    rec = export_record(full_store, gid)
    assert parse_record(rec).id == gid  # what `python -m scoring replay` reads
    other = Store(":memory:")
    assert import_backup(other, json.dumps(rec)).added == 1
    assert other.record(gid) == full_store.record(gid)


def _damaged(text: str) -> dict[str, str]:
    data = json.loads(text)
    # edited: one roll changed, checksum recomputed would be needed -> refused by checksum
    edited = json.loads(text)
    edited["records"][0]["actions"][0]["action"]["white1"] = 9
    # edited with a matching checksum (someone who knows the format): refused by replay
    from companion.history import checksum

    resigned = json.loads(text)
    acts = resigned["records"][0]["actions"]
    resigned["records"][0]["actions"] = acts[:2] + acts[2:3] * 2 + acts[3:]  # a move played twice
    resigned["checksum"] = checksum(resigned["records"], resigned["profiles"])
    bad_record = json.loads(text)
    del bad_record["records"][1]["players"]
    bad_record["checksum"] = checksum(bad_record["records"], bad_record["profiles"])
    return {
        "truncated": text[: len(text) // 2],
        "empty": "",
        "edited": json.dumps(edited),
        "resigned": json.dumps(resigned),
        "bad_record": json.dumps(bad_record),
        "wrong_format": json.dumps({"format": "something-else", "records": []}),
        "wrong_version": json.dumps({**data, "version": 99}),
        "not_an_object": json.dumps(42),
        "no_checksum": json.dumps({k: v for k, v in data.items() if k != "checksum"}),
    }


@pytest.mark.parametrize(
    "kind",
    ["truncated", "empty", "edited", "resigned", "bad_record", "wrong_format", "wrong_version", "not_an_object",
     "no_checksum"],
)
def test_a_damaged_file_is_refused_and_changes_nothing(full_store, kind):
    text = backup_text(export_backup(full_store))
    bad = _damaged(text)[kind]
    target = Store(":memory:")
    # half the games are there already: a refused file must not add the other half
    half = json.loads(text)
    half["records"] = half["records"][:4]
    from companion.history import checksum

    half["checksum"] = checksum(half["records"], half["profiles"])
    import_backup(target, json.dumps(half))
    before = dump_store(target)
    with pytest.raises(ImportRefused) as exc:
        import_backup(target, bad)
    assert exc.value.key in STRINGS  # a clear message in both languages
    assert dump_store(target) == before


def test_the_first_record_of_the_file_that_fails_is_named(full_store):
    text = backup_text(export_backup(full_store))
    with pytest.raises(ImportRefused) as exc:
        check_backup(_damaged(text)["resigned"])
    assert exc.value.key == "hist.imp.bad_move" and exc.value.params["n"] == 1
