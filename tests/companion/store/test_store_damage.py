"""The store with damaged records: a damaged game is listed as damaged and the rest
of the store works; a bad schema version is a clear start-up message; opening a game does not hold
the lock other tables wait on."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading

import pytest

import companion.table.table as table_module
from companion.store import Store, StoreError
from companion.table.table import Tables
from scoring.engine import PlayerSpec
from tests.e2e.conftest import ROOT, free_port
from tests.harness.flet_session import AppSession, make_context

PLAYERS = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
OPTS = {"lucky_numbers": [(4, 9), (5, 12)]}
DAMAGED_2_DE = ("Beschädigt: Zug 2 ist unlesbar. Dieses Spiel lässt sich nicht öffnen; "
                "die anderen Spiele sind nicht betroffen.")
DAMAGED_2_EN = "Damaged: move 2 cannot be read. This game cannot be opened; the other games are not affected."


def two_games(db) -> tuple[str, str]:
    """Two games of two moves each; returns (the one to damage, the healthy one)."""
    store = Store(db)
    tables = Tables(store)
    ids = []
    for names in (["Ana", "Ben"], ["Cara", "Dev"]):
        t = tables.create("qwixx-longo", [PlayerSpec(name=n) for n in names], OPTS)
        t.roll(values=[3, 4, 1, 1, 1, 1])
        t.submit({"type": "white", "by": 0, "row": "red"})
        ids.append(t.id)
    store.close()
    return ids[0], ids[1]


def damage(db, game_id: str, seq: int, action: str) -> None:
    conn = sqlite3.connect(db)
    conn.execute("UPDATE actions SET action=? WHERE game_id=? AND seq=?", (action, game_id, seq))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("bad", ['{"type": "white", "by": 0, "row": ', '{"type": "teleport", "by": 0}', "[1, 2]"],
                         ids=["not-json", "unknown-action", "not-an-object"])
def test_one_damaged_action_row_spoils_only_its_own_game(tmp_path, bad):
    db = tmp_path / "t.db"
    broken, healthy = two_games(db)
    damage(db, broken, 2, bad)
    store = Store(db)
    tables = Tables(store)
    with pytest.raises(StoreError) as exc:
        tables.open(broken)
    assert exc.value.key == "game_damaged" and exc.value.params["seq"] == 2
    listed = {g["id"]: g["damaged"] for g in store.games()}
    assert listed == {broken: True, healthy: False}
    table = tables.open(healthy)  # the rest of the store works
    table.submit({"type": "white", "by": 1, "row": "yellow"})
    assert store.load(healthy)[1] == 3
    with pytest.raises(StoreError):  # and the damaged game stays refused, for every session
        Tables(store).open(broken)
    store.close()


def test_a_row_that_is_not_json_is_listed_as_damaged_before_anyone_opens_it(tmp_path):
    db = tmp_path / "t.db"
    broken, healthy = two_games(db)
    damage(db, broken, 2, "{{{")
    store = Store(db)
    assert {g["id"]: g["damaged"] for g in store.games()} == {broken: True, healthy: False}
    store.close()


def test_the_stores_open_reads_no_moves_and_a_list_checks_the_games_it_shows_once(tmp_path):
    """The open no longer reads every stored move for damage (a phone's start with a long
    history paid for all of them); the list that shows a game checks its rows, once per game."""
    db = tmp_path / "t.db"
    broken, healthy = two_games(db)
    damage(db, broken, 2, "{{{")
    store = Store(db)
    assert store.damaged == {}  # nothing read at the open
    statements: list[str] = []
    store.conn.set_trace_callback(statements.append)
    (newest,) = store.games(limit=1)  # one of the two (both saved in the same second)
    assert newest["damaged"] is (newest["id"] == broken)
    assert [s for s in statements if "json_valid" in s]
    assert set(store.damaged) == ({broken} & {newest["id"]})  # only the listed one was read
    statements.clear()
    assert {g["id"]: g["damaged"] for g in store.games()} == {broken: True, healthy: False}
    assert len([s for s in statements if "json_valid" in s]) == 1  # the one not checked yet
    statements.clear()
    assert {g["id"]: g["damaged"] for g in store.games()} == {broken: True, healthy: False}
    assert not [s for s in statements if "json_valid" in s]
    store.close()


async def test_the_home_list_shows_a_damaged_game_as_damaged_and_opens_the_others(tmp_path):
    db = tmp_path / "t.db"
    broken, _ = two_games(db)
    damage(db, broken, 2, '{"type": "teleport", "by": 0}')  # found only when the game is opened
    ctx = make_context(db)
    app = await AppSession.start(ctx)
    await app.click(tooltip="Weiterspielen: Qwixx Longo: Ana, Ben · 2 Züge")
    assert app.has_text(DAMAGED_2_DE)  # said on the home screen, the session goes on
    assert not app.find_all(tooltip="Weiterspielen: Qwixx Longo: Ana, Ben · 2 Züge")
    assert app.has_text("Qwixx Longo: Ana, Ben · 2 Züge")  # still listed, as damaged
    await app.click(tooltip="Weiterspielen: Qwixx Longo: Cara, Dev · 2 Züge")
    assert app.has_text("Weiße Summe 7 – Dev:")  # the other game plays on
    assert not app.crashes()
    await app.close()
    other = await AppSession.start(ctx, route="/?lang=en")  # another session: listed as damaged at once
    assert other.has_text(DAMAGED_2_EN) and other.has_text("Qwixx Longo: Ana, Ben · 2 moves")
    assert not other.find_all(tooltip="Resume: Qwixx Longo: Ana, Ben · 2 moves") and not other.crashes()
    await other.close()


def test_a_schema_version_that_is_not_a_number_stops_the_server_with_a_message_not_a_traceback(tmp_path):
    db = tmp_path / "t.db"
    two_games(db)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE meta SET value='zwei' WHERE key='schema_version'")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    store = Store(db)
    assert [n.key for n in store.notices] == ["db_bad_schema"] and store.games() == []
    store.close()
    server = subprocess.run([sys.executable, "-m", "companion", "--db", str(db), "--port", str(free_port())],
                            cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert server.returncode == 3 and "Traceback" not in server.stderr
    assert server.stderr.splitlines() == [
        (f"{db} hat eine unlesbare Schema-Version ('zwei'); die Datei bleibt unberührt. "
         "Spiele werden nur im Speicher gehalten."),
        "Der Server startet nicht.",
        f"{db} has an unreadable schema version ('zwei'); the file is left untouched. Games are kept in memory only.",
        "The server does not start.",
    ]
    assert db.read_bytes() == before


def test_opening_a_game_does_not_hold_the_lock_other_tables_wait_on(tmp_path, monkeypatch):
    """While one game is being replayed (a long game takes a while), another game opens; two
    sessions opening the same game share one replay and one table. The waits only guard against
    a hang; no time is measured."""
    db = tmp_path / "t.db"
    slow, other = two_games(db)
    store = Store(db)
    tables = Tables(store)
    entered, release = threading.Event(), threading.Event()
    replays: list[str] = []
    real_replay = table_module.replay

    def replay(record, upto=None):
        replays.append(record.id)
        if record.id == slow and upto == 2:
            entered.set()
            release.wait(30)
        return real_replay(record, upto)

    monkeypatch.setattr(table_module, "replay", replay)
    opened: dict[str, list] = {slow: [], other: []}

    def open_(gid):
        opened[gid].append(tables.open(gid))

    slow_threads = [threading.Thread(target=open_, args=(slow,)) for _ in range(2)]
    for th in slow_threads:
        th.start()
    assert entered.wait(30)
    fast = threading.Thread(target=open_, args=(other,))
    fast.start()
    fast.join(30)
    try:
        assert opened[other] and not opened[slow]  # the other game opened while the slow one replays
    finally:
        release.set()
        for th in slow_threads:
            th.join(30)
    assert len(opened[slow]) == 2 and opened[slow][0] is opened[slow][1]
    assert replays.count(slow) == 1
    store.close()
