"""One rule for names at every door: the set-up, a backup's games and profiles, the profiles screen.

The set-up refused two seats whose names look alike (case, a zero-width character, full-width
letters, a Cyrillic or Greek look-alike) and a name with a bidirectional override; the import took
them all, games and profiles (a game with two "Ana" then showed two identical seat buttons and
counted Ana's games twice), and the profiles screen saved "\\u202eanA2" and "Bοb" (a Greek o) beside
"Bob". Now each door asks ``scoring.names`` and says the set-up's sentence; nothing is stored.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from companion.records.backup import backup_text, checksum, export_backup, import_backup, import_backup_async
from companion.records.history import ImportRefused, dump_store
from companion.records.profiles import list_profiles, save_profile
from companion.store import Store
from scoring.engine import PlayerSpec
from scoring.simulate import play_random
from tests.harness.flet_session import AppSession, make_context

ALIKE = [
    ("Ana", "ana"),  # case
    ("Ana", "Ana\u200b"),  # a zero-width space
    ("Ana", "\uff21\uff4e\uff41"),  # full-width letters
    ("Ana", "An\u0430"),  # a Cyrillic a
    ("Bob", "B\u03bfb"),  # a Greek o
]
BIDI = "\u202eanA"


def backup_with(names: list[str], profiles: list[dict] | None = None) -> str:
    """A backup of one finished Qwixx game whose seats carry ``names`` (as another program, or an
    older version of this app, could have written it), and ``profiles``, with a good checksum."""
    store = Store(":memory:")
    played = play_random("qwixx-longo", [PlayerSpec(name=f"P{i}") for i in range(len(names))],
                         {"lucky_numbers": [[3, 9], [4, 12], [5, 11]][: len(names)]}, random.Random(4))
    store.create_game(played.record)
    data = json.loads(backup_text(export_backup(store)))
    for player, name in zip(data["records"][0]["players"], names):
        player["name"] = name
    data["profiles"] = profiles or []
    data["checksum"] = checksum(data["records"], data["profiles"])
    return json.dumps(data, ensure_ascii=False)


def profile(pid: str, name: str) -> dict:
    return {"id": pid, "name": name, "color": None, "lucky": None, "character": None,
            "created": "2026-11-29T19:00:00", "updated": "2026-11-29T19:00:00"}


def refused(store: Store, text: str) -> ImportRefused:
    before = dump_store(store)
    with pytest.raises(ImportRefused) as exc:
        import_backup(store, text)
    assert dump_store(store) == before  # nothing was stored
    return exc.value


@pytest.mark.parametrize("first, second", ALIKE)
def test_a_game_whose_seats_look_alike_is_refused_with_the_set_ups_sentence(first, second):
    err = refused(Store(":memory:"), backup_with([first, second]))
    assert err.message("de") == f"Spiel Nr. 1 der Sicherung: Zwei Spieler heißen {first}. Nichts wurde geändert."
    assert err.message("en") == f"Game no. 1 of the backup: Two players are called {first}. Nothing was changed."


def test_a_game_with_a_name_that_reverses_the_text_is_refused():
    err = refused(Store(":memory:"), backup_with(["Ben", BIDI]))
    assert err.message("de") == ("Spiel Nr. 1 der Sicherung: Der Name für Platz 2 enthält Zeichen, die die "
                                 "Schreibrichtung umkehren. Nichts wurde geändert.")
    assert err.message("en") == ("Game no. 1 of the backup: The name for seat 2 holds characters that reverse "
                                 "the writing direction. Nothing was changed.")


def test_names_that_only_look_different_to_a_computer_still_come_in():
    store = Store(":memory:")
    text = backup_with(["Jürgen", "Jurgen"], [profile("p1", "Al"), profile("p2", "AI")])
    report = import_backup(store, text)
    assert report.added == 1 and report.profiles_added == 2
    assert import_backup(store, text).profiles_added == 0


@pytest.mark.parametrize("first, second", ALIKE)
def test_two_profiles_of_a_backup_that_look_alike_are_refused(first, second):
    err = refused(Store(":memory:"), backup_with(["Cara", "Dora"], [profile("p1", first), profile("p2", second)]))
    assert err.message("de") == f"Profil Nr. 2 der Sicherung: Zwei Spieler heißen {first}. Nichts wurde geändert."
    assert err.message("en") == f"Profile no. 2 of the backup: Two players are called {first}. Nothing was changed."


def test_a_profile_whose_name_reverses_the_text_is_refused():
    err = refused(Store(":memory:"), backup_with(["Cara", "Dora"], [profile("p1", BIDI + "2")]))
    assert err.message("de") == ("Profil Nr. 1 der Sicherung: Der Name enthält Zeichen, die die Schreibrichtung "
                                 "umkehren. Nichts wurde geändert.")
    assert err.message("en") == ("Profile no. 1 of the backup: The name holds characters that reverse the writing "
                                 "direction. Nothing was changed.")


@pytest.mark.parametrize("first, second", ALIKE)
def test_a_new_profile_alike_to_one_already_here_is_refused(first, second):
    store = Store(":memory:")
    save_profile(store, first)
    err = refused(store, backup_with(["Cara", "Dora"], [profile("p-new", second)]))
    assert err.message("de") == (f"Profil Nr. 1 der Sicherung: Ein Profil hier heißt schon {first}. "
                                 "Nichts wurde geändert.")
    assert err.message("en") == (f"Profile no. 1 of the backup: A profile here is already called {first}. "
                                 "Nothing was changed.")


def test_the_same_profile_imported_again_is_left_as_it_is():
    store = Store(":memory:")
    text = backup_with(["Cara", "Dora"], [profile("p1", "Bob")])
    assert import_backup(store, text).profiles_added == 1
    assert import_backup(store, text).profiles_added == 0  # its own id: not another "Bob"


def test_the_import_off_the_event_loop_follows_the_same_rule(tmp_path):
    store = Store(tmp_path / "t.db")
    save_profile(store, "Bob")
    before = dump_store(store)

    async def both() -> tuple[ImportRefused, ImportRefused]:
        errs = []
        for text in (backup_with(["Ana", "An\u0430"]), backup_with(["Cara", "Dora"], [profile("p2", "B\u03bfb")])):
            with pytest.raises(ImportRefused) as exc:
                await import_backup_async(store, text)
            errs.append(exc.value)
        return errs[0], errs[1]

    game, prof = asyncio.run(both())
    assert game.message("de") == "Spiel Nr. 1 der Sicherung: Zwei Spieler heißen Ana. Nichts wurde geändert."
    assert prof.message("en") == ("Profile no. 1 of the backup: A profile here is already called Bob. "
                                  "Nothing was changed.")
    assert dump_store(store) == before
    store.close()


# --- the profiles screen ----------------------------------------------------------------------------
@pytest.mark.parametrize("name, lang, message", [
    ("B\u03bfb", "de", "Diesen Namen hat schon ein anderes Profil."),
    ("B\u03bfb", "en", "Another profile already has this name."),
    ("bob\u200b", "de", "Diesen Namen hat schon ein anderes Profil."),
    (BIDI + "2", "de", "Der Name enthält Zeichen, die die Schreibrichtung umkehren."),
    (BIDI + "2", "en", "The name holds characters that reverse the writing direction."),
])
async def test_the_profiles_screen_refuses_what_the_set_up_refuses(tmp_path, name, lang, message):
    ctx = make_context(tmp_path / "t.db")
    save_profile(ctx.store, "Bob")
    app = await AppSession.start(ctx, route=f"/?lang={lang}")
    app.shell.go("profiles", hist_prof=None)
    await app.settle()
    await app.type_into("Name", name)
    await app.click(text="Profil speichern" if lang == "de" else "Save profile")
    assert app.has_text(message)
    assert [p.name for p in list_profiles(ctx.store)] == ["Bob"]
    assert not app.crashes()
    await app.close()


def test_save_profile_keeps_one_rule_for_a_renamed_profile_too():
    store = Store(":memory:")
    bob = save_profile(store, "Bob")
    cara = save_profile(store, "Cara")
    assert save_profile(store, "bob", profile_id=bob.id).name == "bob"  # its own name, another case
    for bad in ("B\u03bfb", "\uff42\uff4f\uff42"):
        with pytest.raises(ValueError, match="name: taken"):
            save_profile(store, bad, profile_id=cara.id)
    with pytest.raises(ValueError, match="name: bidi"):
        save_profile(store, BIDI, profile_id=cara.id)
    with pytest.raises(ValueError, match="name: unreadable"):
        save_profile(store, "\u200b\u2060")
    assert [p.name for p in list_profiles(store)] == ["bob", "Cara"]
