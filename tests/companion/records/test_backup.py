"""Export and backup: round trip, idempotent merge, damaged files refused with nothing changed."""

from __future__ import annotations

import json
import random

import pytest

from companion.i18n import STRINGS
from companion.records.backup import backup_text, check_backup, export_backup, export_record, import_backup
from companion.records.history import BACKUP_FORMAT, ImportRefused, compute_stats, dump_store
from companion.records.profiles import list_profiles, save_profile
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
    for _ in range(4):
        _finish(store, play_random("qwixx-longo", players, {"lucky_numbers": [[3, 9], [4, 12]]}, rng).record)
    for _ in range(3):
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


def fail_writes_to_profiles(db) -> None:
    """Test helper: the file refuses every new profile row, as a full disk would, so an import
    fails after its games were written inside the same transaction."""
    import sqlite3

    conn = sqlite3.connect(db)
    conn.execute("CREATE TRIGGER no_room BEFORE INSERT ON profiles BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    conn.commit()
    conn.close()


def test_an_import_that_fails_halfway_writes_nothing(full_store, tmp_path):
    """All or nothing (one transaction, Store.add_games): the games written before the failing
    profile are taken back; the player is told nothing was changed."""
    text = backup_text(export_backup(full_store))
    db = tmp_path / "target.db"
    target = Store(db)
    fail_writes_to_profiles(db)
    before = dump_store(target)
    with pytest.raises(ImportRefused) as exc:
        import_backup(target, text)
    assert exc.value.message("de") == ("Einlesen fehlgeschlagen: die Daten ließen sich nicht speichern; nichts wurde "
                                       "geändert.")
    assert exc.value.message("en") == "Import failed: the data could not be saved; nothing was changed."
    assert dump_store(target) == before and target.games() == []
    target.close()


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
    from companion.records.backup import checksum

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
    from companion.records.backup import checksum

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


# --- records checked against themselves, limits, hostile files --------------------------------------
from companion.records.backup import checksum, csv_cell, file_size, results_csv


def _resigned(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    data["checksum"] = checksum(data["records"], data["profiles"])
    return json.dumps(data)


def _refused(store, payload, **limits) -> ImportRefused:
    before = dump_store(store)
    with pytest.raises(ImportRefused) as exc:
        import_backup(store, payload, **limits)
    assert dump_store(store) == before  # nothing was changed
    return exc.value


def test_a_record_whose_seat_is_not_the_actor_is_refused_in_both_languages(full_store):
    text = backup_text(export_backup(full_store))
    first_roll_by = json.loads(text)["records"][0]["actions"][0]["action"]["by"]

    def lie(data):
        data["records"][0]["actions"][0]["seat"] = 1 - first_roll_by  # the other player "made" the first roll

    target = Store(":memory:")
    err = _refused(target, _resigned(text, lie))
    assert err.key == "hist.imp.bad_move"
    assert err.message("de") == (
        f"Spiel Nr. 1 lässt sich nicht nachspielen: Zug 1 ist nicht erlaubt (Der Zug ist für "
        f"Platz {1 - first_roll_by} eingetragen, gemacht hat ihn aber Platz {first_roll_by}.). "
        "Nichts wurde geändert."
    )
    assert err.message("en") == (f"Game no. 1 does not replay: move 1 is not allowed (The move is recorded for seat "
                                 f"{1 - first_roll_by}, but seat {first_roll_by} made it.). Nothing was changed.")


@pytest.mark.parametrize("seat", [None, -1, 2, 99])
def test_a_record_with_a_missing_or_impossible_seat_is_refused(full_store, seat):
    text = backup_text(export_backup(full_store))

    def lie(data):
        data["records"][0]["actions"][3]["seat"] = seat

    err = _refused(Store(":memory:"), _resigned(text, lie))
    assert (err.key, err.params["n"], err.params["move"]) == ("hist.imp.bad_move", 1, 4)


def test_a_game_id_with_nul_and_a_name_of_zero_width_spaces_are_refused(full_store):
    text = backup_text(export_backup(full_store))

    def nul_id(data):
        data["records"][2]["id"] = "game\x00one"

    def invisible(data):
        data["records"][2]["players"][0]["name"] = "\u200b\u200b"

    for change in (nul_id, invisible):
        err = _refused(Store(":memory:"), _resigned(text, change))
        assert (err.key, err.params["n"]) == ("hist.imp.bad_record", 3)


def _bombs() -> dict[str, tuple[bytes, str, str, str]]:
    return {
        "deep": (
            b"[" * 200_000 + b"]" * 200_000,
            "hist.imp.too_deep",
            "Die Datei ist zu tief verschachtelt; so sieht keine Sicherung aus. Nichts wurde geändert.",
            "The file is nested too deeply; no backup looks like this. Nothing was changed.",
        ),
        "long_int": (
            b'{"format": "tischrichter-backup", "version": ' + b"9" * 5000 + b"}",
            "hist.imp.long_number",
            "Die Datei enthält eine Zahl mit zu vielen Stellen; so sieht keine Sicherung aus. Nichts wurde geändert.",
            "The file holds a number with too many digits; no backup looks like this. Nothing was changed.",
        ),
        "bad_utf8": (
            b'{"format": "\xc3\x28"}',
            "hist.imp.not_utf8",
            "Die Datei ist kein UTF-8-Text (ungültiges Byte an Stelle 12). Nichts wurde geändert.",
            "The file is not UTF-8 text (invalid byte at position 12). Nothing was changed.",
        ),
        "nan": (
            b'[{"game": "qwixx-longo", "players": [{"name": "A"}], "options": {"x": NaN}}]',
            "hist.imp.not_json",
            (
                "Das ist keine vollständige Sicherung (kein gültiges JSON: NaN is not a number). "
                "Vielleicht abgeschnitten? "
                "Nichts wurde geändert."
            ),
            ("This is not a complete backup (not valid JSON: NaN is not a number). "
             "Cut off, perhaps? Nothing was changed."),
        ),
        "bool_version": (
            b'{"format": "tischrichter-backup", "version": true, "records": [], "profiles": []}',
            "hist.imp.wrong_version",
            "Diese Sicherung hat Version True; gelesen wird Version 1. Nichts wurde geändert.",
            "This backup is version True; version 1 can be read. Nothing was changed.",
        ),
    }


@pytest.mark.parametrize("kind", list(_bombs()))
def test_an_import_bomb_is_refused_clearly_and_changes_nothing(full_store, kind):
    raw, key, de, en = _bombs()[kind]
    for payload in (raw, raw.decode("utf-8", "replace") if kind != "bad_utf8" else raw):
        err = _refused(full_store, payload)
        assert (err.key, err.message("de"), err.message("en")) == (key, de, en)


def test_deep_nesting_inside_a_record_is_refused_and_changes_nothing(full_store):
    text = backup_text(export_backup(full_store))
    deep: list = []
    for _ in range(900):  # under json's own limit: it parses, the later steps must still not crash
        deep = [deep]

    def nest(data):
        data["records"][0]["options"]["extra"] = deep

    err = _refused(full_store, _resigned(text, nest))
    assert err.key in ("hist.imp.bad_setup", "hist.imp.too_deep", "hist.imp.bad_record")


def test_a_file_with_a_byte_order_mark_is_accepted(full_store):
    raw = backup_text(export_backup(full_store)).encode("utf-8")
    assert import_backup(Store(":memory:"), b"\xef\xbb\xbf" + raw).added == 9
    assert import_backup(Store(":memory:"), "\ufeff" + raw.decode("utf-8")).added == 9


def test_a_file_over_the_size_limit_is_refused_before_anything_is_read(full_store):
    raw = backup_text(export_backup(full_store)).encode("utf-8")
    err = _refused(Store(":memory:"), b"\n" * (3 * 1024 * 1024) + raw, max_bytes=3 * 1024 * 1024)
    assert err.key == "hist.imp.too_big"
    size = file_size(len(raw) + 3 * 1024 * 1024)
    assert size.endswith(" MB") and size.startswith("3.")
    assert (
        err.message("de") == f"Die Datei ist zu groß ({size}; eingelesen werden höchstens 3 MB). Nichts wurde geändert."
    )
    assert err.message("en") == f"The file is too big ({size}; at most 3 MB can be imported). Nothing was changed."
    assert import_backup(Store(":memory:"), raw, max_bytes=len(raw)).added == 9


def test_sizes_read_as_people_say_them():
    assert [file_size(n) for n in (10, 20_000, 1024 * 1024, 50 * 1024 * 1024 + 1, 3_500_000)] == [
        "1 KB", "20 KB", "1 MB", "50 MB", "3.3 MB"]


def test_a_backup_with_too_many_moves_is_refused_before_any_replay(full_store):
    data = export_backup(full_store)
    total = sum(len(r["actions"]) for r in data["records"])
    err = _refused(Store(":memory:"), backup_text(data), max_actions=total - 1)
    assert (
        err.message("de")
        == f"Die Sicherung enthält {total} Züge; eingelesen werden höchstens {total - 1}. Nichts wurde geändert."
    )
    assert (
        err.message("en")
        == f"The backup holds {total} moves; at most {total - 1} can be imported. Nothing was changed."
    )
    assert import_backup(Store(":memory:"), backup_text(data), max_actions=total).added == 9


def test_an_unexpected_error_while_checking_is_refused_as_a_bug_and_logged(full_store, monkeypatch, caplog):
    import companion.records.backup as H

    def broken(raw, index):
        raise AttributeError("engine bug")

    monkeypatch.setattr(H, "check_record", broken)
    err = _refused(full_store, backup_text(export_backup(full_store)))
    assert err.message("de") == "Einlesen abgebrochen: ein Fehler im Programm. Nichts wurde geändert."
    assert err.message("en") == "Import stopped by a bug in the program. Nothing was changed."
    assert "backup check failed unexpectedly" in caplog.text


# --- CSV export: no formula reaches a spreadsheet (OWASP CSV injection) -----------------------------
def test_csv_neutralises_text_cells_that_a_spreadsheet_would_run_and_keeps_numbers(tmp_path):
    import csv as csvmod
    import io

    store = Store(":memory:")
    # ＝ and = are one name at a table (seat names are compared after Unicode normalisation)
    names = ['=HYPERLINK("http://x","y")', "+1+2", "-5", "@SUM(A1)", " =1+1", "\uff1d2+2", "Ana"]
    rng = random.Random(2)
    record = play_random("raus-aus-dem-verlies", [PlayerSpec(name=n) for n in names], {}, rng).record
    res = get_game(record.game).result(replay(record)).model_dump(mode="json")
    res["players"][0]["total"] = -5  # a negative score is a number, not a formula
    store.create_game(record)
    store.move_cursor(record.id, len(record.actions), len(record.actions), result=res)  # the end, with its result
    rows = list(csvmod.DictReader(io.StringIO(results_csv(store))))
    by_seat = {int(r["seat"]): r for r in rows}
    assert [by_seat[i]["name"] for i in range(len(names))] == [
        "'=HYPERLINK(\"http://x\",\"y\")", "'+1+2", "'-5", "'@SUM(A1)", "'=1+1", "'\uff1d2+2", "Ana"]
    assert by_seat[0]["total"] == "-5" and by_seat[0]["place"].isdigit()


def test_csv_cells_starting_with_tab_or_carriage_return_are_neutralised_numbers_are_not():
    assert [csv_cell(v) for v in ("\tx", "\rx", "-5", -5, 0, "Ana", "a=b")] == [
        "'\tx",
        "'\rx",
        "'-5",
        -5,
        0,
        "Ana",
        "a=b",
    ]


@pytest.mark.parametrize("field, value, detail", [
    ("name", "\u200b\u2060", "name: Value error, name has no visible character"),
    ("id", "pa\x00", "id: control, invisible or blank characters"),
    ("name", "Ana\x07", "name: Value error, name contains control characters"),
])
def test_a_profile_with_an_invisible_name_or_a_nul_id_is_refused(full_store, field, value, detail):
    text = backup_text(export_backup(full_store))

    def lie(data):
        data["profiles"][0][field] = value

    err = _refused(Store(":memory:"), _resigned(text, lie))
    assert err.message("de") == f"Profil Nr. 1 der Sicherung ist ungültig ({detail}). Nichts wurde geändert."
    assert err.message("en") == f"Profile no. 1 of the backup is invalid ({detail}). Nothing was changed."
