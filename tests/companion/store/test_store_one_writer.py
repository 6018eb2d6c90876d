"""One writer per database, and no writer deletes what another had acknowledged.

Real SQLite files; the server tests start ``python -m companion`` (the entry point
build/serve.sh uses) as real second processes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from companion.store import SCHEMA_VERSION, Store, StoreError
from companion.table.table import Tables
from scoring.engine import PlayerSpec, RecordedAction, replay
from scoring.errors import Refusal
from tests.e2e.conftest import ROOT, Server, free_port

PLAYERS = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
OPTS = {"lucky_numbers": [(4, 9), (5, 12)]}
STALE_DE = ("Dieses Spiel wurde inzwischen an einem anderen Gerät geändert; dein Zug wurde nicht gespeichert. "
            "Jetzt siehst du den gespeicherten Stand.")
STALE_EN = ("This game was changed on another device in the meantime; your move was not saved. "
            "You now see the saved state.")


def in_use_lines(db, pid) -> list[str]:
    return [
        (f"{db} wird schon von einem anderen Tischrichter benutzt (Prozess {pid}). "
         "Beende ihn oder wähle mit --db eine andere Datei."),
        "Der Server startet nicht.",
        (f"{db} is already used by another Tischrichter (process {pid}). "
         "Stop it or choose another file with --db."),
        "The server does not start.",
    ]


def start_second(db) -> subprocess.CompletedProcess:
    """``python -m companion --db F --port P`` while another server holds F. The timeout only
    ends a server that (wrongly) keeps running; it is not a speed check."""
    cmd = [sys.executable, "-m", "companion", "--db", str(db), "--port", str(free_port())]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        out, _ = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        pytest.fail(f"the second server kept running on a database another server holds:\n{out}")
    return subprocess.CompletedProcess(cmd, proc.returncode, out, "")


def test_a_second_server_names_the_process_holding_the_database_and_exits(tmp_path):
    db = tmp_path / "shared.db"
    first = Server(db)
    try:
        second = start_second(db)
        assert second.returncode == 3
        assert second.stdout.splitlines() == in_use_lines(db, first.proc.pid)
        assert "Traceback" not in second.stdout
        assert first.proc.poll() is None  # the first server plays on
        # a store of another process (here: this test) only reads, and says why
        reader = Store(db)
        try:
            assert reader.readonly and [n.key for n in reader.notices] == ["db_in_use"]
            assert reader.notices[0].params["pid"] == str(first.proc.pid)
        finally:
            reader.close()
    finally:
        first.kill(signal.SIGKILL)
    # kill -9 lets go of the database: the next server (and store) may write again
    again = Server(db)
    try:
        assert again.proc.poll() is None and again.first_line.startswith("Tischrichter: http://127.0.0.1:")
    finally:
        again.kill()
    store = Store(db)
    try:
        assert not store.readonly and store.notices == []
        Tables(store).create("qwixx-longo", PLAYERS, OPTS)
        assert len(store.games()) == 1
    finally:
        store.close()


def two_tables(db):
    """The same game open twice, through two stores (two SQLite connections) on one file."""
    a_store, b_store = Store(db), Store(db)
    a = Tables(a_store).create("qwixx-longo", PLAYERS, OPTS)
    a.roll(values=[3, 4, 1, 1, 1, 1])
    b = Tables(b_store).open(a.id)
    return a, b


def test_an_undo_based_on_an_old_cursor_is_refused_and_deletes_no_acknowledged_move(tmp_path):
    """The case that lost an acknowledged move: play on one writer, undo and play on the other."""
    a, b = two_tables(tmp_path / "t.db")
    a.submit({"type": "white", "by": 0, "row": "red"})  # acknowledged on A
    a.submit({"type": "white", "by": 1, "row": "blue"})  # acknowledged on A
    with pytest.raises(Refusal) as exc:
        b.undo()  # B still believes the cursor is 1
    assert exc.value.rule == "table.stale"
    assert (exc.value.message("de"), exc.value.message("en")) == (STALE_DE, STALE_EN)
    saved = a.store.record(a.id)
    assert [x.action.get("row") for x in saved.actions] == [None, "red", "blue"]
    # B took the saved state: its next undo takes back B's... A's last move, by the rules of undo
    assert b.cursor == 3 and b.state == a.state == replay(saved)
    b.undo()
    assert a.store.load(a.id)[1] == 2 and len(a.store.load(a.id)[0].actions) == 3


def test_an_append_based_on_an_old_cursor_is_refused(tmp_path):
    a, b = two_tables(tmp_path / "t.db")
    a.submit({"type": "white", "by": 0, "row": "red"})
    with pytest.raises(Refusal) as exc:
        b.submit({"type": "white", "by": 0, "row": "green"})  # based on cursor 1, the game is at 2
    assert exc.value.rule == "table.stale" and exc.value.message("de") == STALE_DE
    saved = a.store.record(a.id)
    assert [x.action.get("row") for x in saved.actions] == [None, "red"]
    assert b.state == a.state and b.cursor == 2
    b.submit({"type": "white", "by": 1, "row": "green"})  # based on the reloaded state: taken
    assert a.store.load(a.id)[1] == 3


def test_a_redo_over_a_replaced_action_is_refused(tmp_path):
    """Same cursor, different log: A undid a move and played another one, then undid that;
    B (still holding the old move as its redo) must not redo the old move onto the new log."""
    a, b = two_tables(tmp_path / "t.db")
    a.submit({"type": "white", "by": 0, "row": "red"})
    a.undo()
    b_fresh = Tables(b.store).open(a.id)  # B sees cursor 1, the old move "red" as its redo
    assert b_fresh.cursor == 1 and b_fresh.can_redo()
    a.submit({"type": "white", "by": 0, "row": "yellow"})
    a.undo()  # cursor 1 again, but the redo is now "yellow"
    with pytest.raises(Refusal) as exc:
        b_fresh.redo()
    assert exc.value.rule == "table.stale" and exc.value.message("en") == STALE_EN
    assert b_fresh.record.actions[1].action["row"] == "yellow" and b_fresh.cursor == 1
    b_fresh.redo()  # now based on the saved log
    assert b_fresh.state.sheets[0].rows["yellow"] != () and replay(a.store.record(a.id)) == b_fresh.state


def test_the_store_itself_refuses_writes_not_based_on_the_current_cursor(tmp_path):
    """Two stores (two connections) on one file; the compare-and-set is inside the transaction."""
    db = tmp_path / "t.db"
    one, two = Store(db), Store(db)
    t = Tables(one).create("qwixx-longo", PLAYERS, OPTS)
    t.roll(values=[3, 4, 1, 1, 1, 1])
    t.submit({"type": "white", "by": 0, "row": "red"})
    before = one.load(t.id)
    act = RecordedAction(seat=None, action={"type": "roll", "values": [1, 1, 1, 1, 1, 1]})
    for write in (
        lambda: two.append(t.id, 1, act),  # the game is at 2
        lambda: two.move_cursor(t.id, 1, 0),  # undo from 1: the cursor is 2
        lambda: two.move_cursor(t.id, 2, 1, expected_rev=0),  # right cursor, old revision
    ):
        with pytest.raises(StoreError) as exc:
            write()
        assert exc.value.key == "db_stale"
    assert one.load(t.id) == two.load(t.id) == before
    assert two.move_cursor(t.id, 2, 1) > 0 and one.load(t.id)[1] == 1


def test_a_file_of_schema_2_gets_revisions_and_plays_on(tmp_path):
    db = tmp_path / "t.db"
    store = Store(db)
    t = Tables(store).create("qwixx-longo", PLAYERS, OPTS)
    t.roll(values=[3, 4, 1, 1, 1, 1])
    store.conn.execute("ALTER TABLE games DROP COLUMN rev")
    store.set_meta("schema_version", "2")
    store.close()
    store = Store(db)
    assert store.version == SCHEMA_VERSION and "rev" in store.db["games"].columns_dict
    table = Tables(store).open(t.id)
    table.submit({"type": "white", "by": 0, "row": "red"})
    table.undo()
    assert store.load(t.id)[1] == 1 and table.rev == 2
    store.close()
