"""A backup is checked and written off the event loop, so another table's tap is
handled while a large import runs (the order of events, not a time: the figures are
build/bench_import_load.py's)."""

from __future__ import annotations

import asyncio
import inspect
import pathlib
import random
import subprocess
import sys
import threading
import time
from types import SimpleNamespace

import flet as ft

import companion.screens.history  # noqa: F401 - registers the backup screen
from companion.app import AppContext, AppShell
from companion.records.backup import backup_text, export_backup
from companion.store import Store
from scoring.engine import PlayerSpec
from scoring.simulate import play_random
from tests.harness.shell_ui import StubPage, walk


def _backup(n: int) -> str:
    src = Store(":memory:")
    rng = random.Random(11)
    for _ in range(n):
        src.create_game(play_random("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {},
                                    rng).record)
    return backup_text(export_backup(src))


def _import_button(sh: AppShell):
    return next(c for c in walk(sh.body.controls) if isinstance(c, ft.Button)
                and getattr(c.content, "value", c.content) in ("Prüfen und einlesen", "Check and import"))


def _texts(sh: AppShell) -> list[str]:
    return [c.value for c in walk(sh.body.controls) if isinstance(c, ft.Text) and c.value]


def test_another_table_is_served_while_a_backup_is_imported(tmp_path):
    ctx = AppContext.create(db=str(tmp_path / "host.db"), writer=True)
    sh = AppShell(StubPage(), ctx)  # type: ignore[arg-type]
    sh.go("backup")
    sh.ui["hist_in"] = _backup(12)
    sh.render()
    button = _import_button(sh)
    order: list[str] = []

    async def tap_import() -> None:
        result = button.on_click(SimpleNamespace(control=button))
        if inspect.isawaitable(result):
            await result
        order.append("import answered")

    async def other_table() -> None:
        order.append("other table's tap")

    async def main() -> None:
        first = asyncio.create_task(tap_import())  # runs first: on the old code, to its end
        second = asyncio.create_task(other_table())
        await asyncio.wait_for(asyncio.gather(first, second), 120)

    asyncio.run(main())
    assert order == ["other table's tap", "import answered"]
    assert "Eingelesen: 12 neue Spiele, 0 schon vorhanden, 0 neue Profile." in _texts(sh)
    assert len(ctx.store.game_ids()) == 12
    ctx.store.close()


def test_a_refusal_from_the_checking_process_reads_as_before_in_both_languages(tmp_path):
    ctx = AppContext.create(db=str(tmp_path / "host.db"), writer=True)
    sh = AppShell(StubPage(), ctx)  # type: ignore[arg-type]
    sh.go("backup")
    good = _backup(1)
    bad = good.replace('"Ben"', '"Ben\u202e"')  # the checksum no longer matches
    for lang, want in (("de", "Die Prüfsumme stimmt nicht: die Sicherung wurde verändert oder ist beschädigt. "
                               "Nichts wurde geändert."),
                       ("en", "The checksum does not match: the backup was edited or is damaged. "
                              "Nothing was changed.")):
        sh.lang = lang
        sh.ui["hist_in"] = bad
        sh.render()
        button = _import_button(sh)

        async def tap(b=button) -> None:
            result = b.on_click(SimpleNamespace(control=b))
            if inspect.isawaitable(result):
                await result

        asyncio.run(tap())
        assert want in _texts(sh)
    assert ctx.store.game_ids() == []
    ctx.store.close()


def _plain(value) -> bool:
    """Only builtins: what unpickles without a class of the app's (no pydantic model, no dataclass)."""
    if value is None or type(value) in (str, int, float, bool, bytes):
        return True
    if type(value) in (tuple, list):
        return all(_plain(v) for v in value)
    if type(value) is dict:
        return all(type(k) is str and _plain(v) for k, v in value.items())
    return False


def test_the_checking_process_hands_back_the_stores_rows_not_game_objects():
    """Unpacking game objects on the server took seconds every other table waited through:
    what comes back from the checking process is plain rows."""
    from companion.records.backup import _check_elsewhere

    kind, *found = _check_elsewhere(_backup(3), None, None)
    assert kind == "ok"
    assert _plain(found)
    rows = found[0]
    assert [len(rows["games"]), len(rows["lines"])] == [3, 3]  # three finished games, each with its lines
    assert len(rows["actions"]) == sum(g[7] for g in rows["games"])  # every action of every game, one row each


def test_another_tables_tap_is_saved_between_the_imports_chunks_and_nothing_half_imported_is_seen(
        tmp_path, monkeypatch):
    """A tap on another table, made while the import is in the store's writer, is committed before
    the import's last chunk, and at that moment none of the imported games is in the store: the
    import is written in chunks a commit can go between, and merged all at once."""
    import companion.records.backup as B
    from companion.records.backup import import_backup_async
    from companion.table.table import Tables

    monkeypatch.setattr(B, "STAGE_ROWS", 40, raising=False)
    text = _backup(12)
    store = Store(tmp_path / "host.db")
    store.start_writer()
    table = Tables(store).create("qwixx-longo", [PlayerSpec(name="Eva"), PlayerSpec(name="Finn")],
                                 {"lucky_numbers": [[3, 9], [4, 12]]})
    seen: dict[str, object] = {}

    async def main() -> None:
        loop = asyncio.get_running_loop()
        started, tapped = asyncio.Event(), threading.Event()
        submit = store.writer.submit
        first = [True]

        def watched(fn, *args, **kwargs):  # the import's first job in the writer waits for the tap to be queued
            if first[0]:
                first[0] = False

                def job():
                    loop.call_soon_threadsafe(started.set)
                    tapped.wait(60)
                    return fn(*args, **kwargs)
                return submit(job)
            return submit(fn, *args, **kwargs)

        store.writer.submit = watched  # type: ignore[method-assign]
        importing = asyncio.create_task(import_backup_async(store, text))
        await asyncio.wait_for(started.wait(), 60)
        table.roll()
        tapped.set()
        await table.settled()
        seen["games when the tap was saved"] = len(store.game_ids())
        seen["import done then"] = importing.done()
        seen["report"] = await asyncio.wait_for(importing, 60)

    asyncio.run(main())
    assert seen["games when the tap was saved"] == 1  # the other table's own game, none of the twelve yet
    assert seen["import done then"] is False
    assert seen["report"].added == 12 and len(store.game_ids()) == 13
    _, cursor = store.load(table.id)
    assert cursor == 1  # the roll is in the store
    store.close()


def test_importing_the_same_backup_again_off_the_loop_changes_nothing_and_tells_what_differs(tmp_path):
    from companion.records.backup import import_backup_async

    src = Store(":memory:")
    rng = random.Random(11)
    recs = [play_random("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {}, rng).record
            for _ in range(3)]
    for rec in recs:
        src.create_game(rec)
    full = backup_text(export_backup(src))
    shorter = Store(":memory:")
    for rec in recs:  # the same games, the last one with a move fewer
        shorter.create_game(rec if rec is not recs[-1] else rec.model_copy(update={"actions": rec.actions[:-1]}))
    store = Store(tmp_path / "host.db")
    store.start_writer()
    first = asyncio.run(import_backup_async(store, full))
    before = store.dump()
    again = asyncio.run(import_backup_async(store, backup_text(export_backup(shorter))))
    assert (first.added, again.added, again.already, again.differing) == (3, 0, 3, 1)
    assert store.dump() == before
    assert store.conn.execute("SELECT name FROM sqlite_temp_master").fetchall() == []
    store.close()


_KILLED_MIDWAY = """
import asyncio, os, signal, sys
import companion.records.backup as B
from companion.store import Store

B.STAGE_ROWS = 40
calls = []
stage = Store.stage

def stage_then_die(self, *args, **kwargs):
    calls.append(1)
    if len(calls) == 3:  # two chunks are in: the process is killed as by kill -9
        open(sys.argv[3], "w").write(" ".join(map(str, B._CHECKER._processes)))
        os.kill(os.getpid(), signal.SIGKILL)
    return stage(self, *args, **kwargs)

Store.stage = stage_then_die
store = Store(sys.argv[1])
store.start_writer()
asyncio.run(B.import_backup_async(store, open(sys.argv[2], encoding="utf-8").read()))
"""


def test_a_server_killed_midway_through_an_import_leaves_the_store_as_it_was(tmp_path):
    db = tmp_path / "host.db"
    store = Store(db)
    store.create_game(play_random("raus-aus-dem-verlies", [PlayerSpec(name="Eva"), PlayerSpec(name="Finn")], {},
                                  random.Random(2)).record)
    before = store.dump()
    store.close()
    backup = tmp_path / "backup.json"
    backup.write_text(_backup(12), encoding="utf-8")
    root = pathlib.Path(__file__).resolve().parents[3]
    pids, err = tmp_path / "checker.pid", tmp_path / "stderr.txt"
    with open(err, "wb") as fh:  # a file, not a pipe: nothing waits for a process that outlives the server
        done = subprocess.run([sys.executable, "-c", _KILLED_MIDWAY, str(db), str(backup), str(pids)], cwd=root,
                              timeout=120, stdout=fh, stderr=fh)
    assert done.returncode == -9, err.read_text()[-2000:]
    store = Store(db)
    assert store.dump() == before
    assert store.conn.execute("SELECT name FROM sqlite_temp_master").fetchall() == []
    store.close()
    checker = int(pids.read_text())
    for _ in range(100):  # the checking process ends with the server
        try:
            state = pathlib.Path(f"/proc/{checker}/stat").read_text().split(")")[-1].split()[0]
        except FileNotFoundError:
            break
        if state in ("Z", "X"):
            break
        time.sleep(0.1)
    else:
        raise AssertionError(f"the checking process {checker} outlived the killed server")


def test_the_checking_process_runs_at_the_lowest_priority():
    """On a two-core host the backup's replay competed with the tables' taps for the CPU (with
    another table's tap p95 2.8-4x its idle figure during a large import): it gives way now."""
    import os

    from companion.records.backup import _checker

    assert _checker().submit(os.nice, 0).result(timeout=60) == 19
