"""Game ids in an import have the app's own format, and a new game's short id (its
join link's ``/g/<first 8 characters>``) is no other game's: refused with nothing changed, and
every join link keeps finding its game."""

from __future__ import annotations

import asyncio
import random

import pytest

from companion.records.backup import backup_text, export_backup, import_backup, import_backup_async
from companion.records.history import ImportRefused
from companion.store import Store
from companion.web.server import store_lookups
from scoring.engine import PlayerSpec
from scoring.simulate import play_random


@pytest.fixture(params=["on the caller's thread", "staged in the writer"])
def way(request):
    return request.param


@pytest.fixture()
def store(tmp_path, way):
    s = Store(tmp_path / "ids.db")
    if way == "staged in the writer":  # the server's import: checked off the event loop, staged, merged
        s.start_writer()
    rec = play_random("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                      {"lucky_numbers": [[3, 9], [4, 12]]}, random.Random(3)).record
    s.create_game(rec.model_copy(update={"actions": rec.actions[:6]}))
    yield s
    s.close()


def _backup_with_id(gid: str) -> str:
    """A valid backup (checksum and all) of one game whose id is ``gid``."""
    src = Store(":memory:")
    rec = play_random("raus-aus-dem-verlies", [PlayerSpec(name="Cara"), PlayerSpec(name="Dan")], {},
                      random.Random(5)).record
    src.create_game(rec.model_copy(update={"id": gid}))
    return backup_text(export_backup(src))


def _refused(store: Store, text: str) -> ImportRefused:
    before = store.dump()
    with pytest.raises(ImportRefused) as exc:
        if store.writer is not None:
            asyncio.run(import_backup_async(store, text))
        else:
            import_backup(store, text)
    assert store.dump() == before  # nothing changed
    assert store.conn.execute("SELECT name FROM sqlite_temp_master").fetchall() == []  # nothing staged is left
    return exc.value


@pytest.mark.parametrize("crafted", ["PREFIX", "../../x/<b>?t=#", "a" * 31, "A" * 32, "g" * 32, "0" * 33])
def test_an_id_not_in_the_apps_format_is_refused(store, crafted):
    gid = store.game_ids()[0]
    if crafted == "PREFIX":
        crafted = gid[:8]  # another game's short id
    exc = _refused(store, _backup_with_id(crafted))
    assert exc.message("de") == "Spiel Nr. 1 der Sicherung hat keine Spielkennung dieser App. Nichts wurde geändert."
    assert exc.message("en") == "Game no. 1 of the backup has no game id of this app. Nothing was changed."
    table_token, resolve = store_lookups(store)
    assert resolve(gid[:8]) == gid and table_token(gid) == store.table_token(gid)  # the join link still works


def test_an_id_beginning_like_another_game_is_refused(store):
    gid = store.game_ids()[0]
    twin = gid[:8] + ("0" if gid[8] != "0" else "1") + gid[9:]  # a full id of the app's own format
    exc = _refused(store, _backup_with_id(twin))
    short = gid[:8]
    assert exc.message("de") == (f"Spiel Nr. 1 der Sicherung beginnt wie ein anderes Spiel ({short}): sein "
                                 "Beitrittslink wäre nicht mehr eindeutig. Nichts wurde geändert.")
    assert exc.message("en") == (f"Game no. 1 of the backup begins like another game ({short}): its join link "
                                 "would no longer be unique. Nothing was changed.")
    _, resolve = store_lookups(store)
    assert resolve(short) == gid


def test_two_games_of_one_backup_beginning_alike_are_refused(tmp_path, way):
    src = Store(":memory:")
    for n, gid in enumerate(["1234abcd" + "0" * 24, "1234abcd" + "f" * 24]):
        rec = play_random("raus-aus-dem-verlies", [PlayerSpec(name="Cara"), PlayerSpec(name="Dan")], {},
                          random.Random(n)).record
        src.create_game(rec.model_copy(update={"id": gid}))
    empty = Store(tmp_path / "empty.db")
    if way == "staged in the writer":
        empty.start_writer()
    exc = _refused(empty, backup_text(export_backup(src)))
    assert exc.message("en") == ("Game no. 2 of the backup begins like another game (1234abcd): its join link "
                                 "would no longer be unique. Nothing was changed.")


def test_a_backup_of_games_with_their_own_ids_still_imports_and_twice_changes_nothing(store, tmp_path):
    text = backup_text(export_backup(store))
    other = Store(tmp_path / "other.db")
    assert import_backup(other, text).added == 1
    assert import_backup(other, text).already == 1  # the same game again: left as it is, not a collision
    assert import_backup(store, _backup_with_id("ab" * 16)).added == 1
    other.close()


def test_a_short_id_is_found_by_the_index_not_by_a_scan(store):
    plan = store.conn.execute("EXPLAIN QUERY PLAN SELECT id FROM games WHERE id >= ? AND id < ? ORDER BY id LIMIT 2",
                              ("ab", "ab\U0010ffff")).fetchall()
    assert any("USING" in str(row[-1]) and "INDEX" in str(row[-1]) for row in plan), plan
    gid = store.game_ids()[0]
    assert store.ids_starting(gid[:8]) == [gid] and store.ids_starting("ffffffffff") == []
