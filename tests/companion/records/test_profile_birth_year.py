"""A profile's birth year: only the year, optional, a plain number from 1900 to this year; it goes out
with a backup and comes back in, and a backup of older code (no birth years) still comes in."""

from __future__ import annotations

import asyncio
import json

import pytest

from companion.i18n import tr
from companion.records.backup import backup_text, checksum, export_backup, import_backup, import_backup_async
from companion.records.history import ImportRefused
from companion.records.profiles import error_key, get_profile, list_profiles, save_profile, this_year
from companion.store import Store


@pytest.mark.parametrize("typed, kept", [("1990", 1990), (" 2012 ", 2012), (1900, 1900), ("", None), (None, None)])
def test_a_birth_year_is_kept_as_the_year_alone(typed, kept):
    store = Store(":memory:")
    ana = save_profile(store, "Ana", birth_year=typed)
    assert ana.birth_year == kept
    assert get_profile(store, ana.id).birth_year == kept
    assert [p.birth_year for p in list_profiles(store)] == [kept]


def test_this_year_is_the_latest_birth_year():
    store = Store(":memory:")
    assert save_profile(store, "Baby", birth_year=str(this_year())).birth_year == this_year()


@pytest.mark.parametrize("typed", ["1899", "90", "1990-05-01", "-1990", "1990.0", "neunzehnhundert", "1 990",
                                   "\u0661\u0669\u0669\u0660", "+1990", 1899.5, True])
def test_anything_but_a_plain_year_is_refused_in_words(typed):
    store = Store(":memory:")
    with pytest.raises(ValueError) as exc:
        save_profile(store, "Ana", birth_year=typed)
    key = error_key(str(exc.value))
    assert key == "hist.prof.err_birth_year"
    assert tr("de", key, last=2026) == (
        "Geburtsjahr: bitte nur die Jahreszahl von 1900 bis 2026, z. B. 1990 (oder leer lassen).")
    assert tr("en", key, last=2026) == (
        "Birth year: please only the year, from 1900 to 2026, e.g. 1990 (or leave it empty).")
    assert list_profiles(store) == []  # nothing saved


def test_next_year_is_refused():
    store = Store(":memory:")
    with pytest.raises(ValueError):
        save_profile(store, "Ana", birth_year=this_year() + 1)


def test_saving_a_profile_again_keeps_or_clears_its_year_as_the_form_says():
    store = Store(":memory:")
    ana = save_profile(store, "Ana", birth_year="1990")
    save_profile(store, "Ana", color="red", profile_id=ana.id, birth_year="1990")
    assert get_profile(store, ana.id).birth_year == 1990
    save_profile(store, "Ana", color="red", profile_id=ana.id, birth_year="")
    assert get_profile(store, ana.id).birth_year is None


def two_profiles() -> Store:
    store = Store(":memory:")
    save_profile(store, "Ana", birth_year=1990)
    save_profile(store, "Ben")
    return store


def test_a_backup_carries_the_birth_years_there_and_back(tmp_path):
    backup = export_backup(two_profiles())
    assert [(p["name"], p["birth_year"]) for p in backup["profiles"]] == [("Ana", 1990), ("Ben", None)]
    other = Store(tmp_path / "other.db")
    assert import_backup(other, backup_text(backup)).profiles_added == 2
    assert [(p.name, p.birth_year) for p in list_profiles(other)] == [("Ana", 1990), ("Ben", None)]


def test_a_backup_carries_the_birth_years_through_the_import_off_the_event_loop(tmp_path):
    """The server's import: checked in another process, merged in the store's writer."""
    text = backup_text(export_backup(two_profiles()))
    other = Store(tmp_path / "other.db")
    report = asyncio.run(import_backup_async(other, text))
    assert report.profiles_added == 2
    assert [(p.name, p.birth_year) for p in list_profiles(other)] == [("Ana", 1990), ("Ben", None)]


def _resigned(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    data["checksum"] = checksum(data["records"], data["profiles"])
    return json.dumps(data)


def test_a_backup_of_older_code_without_birth_years_still_comes_in(tmp_path):
    def older(data):
        for p in data["profiles"]:
            del p["birth_year"]

    text = _resigned(backup_text(export_backup(two_profiles())), older)
    assert "birth_year" not in text
    other = Store(tmp_path / "other.db")
    assert import_backup(other, text).profiles_added == 2
    assert [(p.name, p.birth_year) for p in list_profiles(other)] == [("Ana", None), ("Ben", None)]


def test_a_backup_with_a_wrong_birth_year_is_refused_and_changes_nothing(tmp_path):
    def wrong(data):
        data["profiles"][0]["birth_year"] = "1990-05-01"

    text = _resigned(backup_text(export_backup(two_profiles())), wrong)
    other = Store(tmp_path / "other.db")
    with pytest.raises(ImportRefused) as exc:
        import_backup(other, text)
    assert exc.value.message("de") == (
        "Profil Nr. 1 der Sicherung ist ungültig (birth_year: a plain number). Nichts wurde geändert.")
    assert list_profiles(other) == []
