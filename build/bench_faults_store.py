"""Bench faults that attack the store rather than the process: counted, never asserted.

- two servers on one database file: the second must exit naming the holder, and a second
  writer working from a stale cursor (two Store objects on one file) must delete nothing;
- a read-only data folder (run as an unprivileged user, since root ignores permissions): the
  games are read, nothing is moved or written;
- import bombs (deep nesting, huge integers, bad UTF-8, NaN, a wrong version, a record whose
  seat lies): each refused with the "nothing was changed" message, the store byte-for-byte equal.

Each part returns what was lost (it must be nothing) and is printed by build/bench.py.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import Any


def two_servers(tmp: Path) -> dict[str, Any]:
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec
    from scoring.errors import RefereeError
    from tests.companion.store.test_store_one_writer import start_second
    from tests.e2e.conftest import Server

    db = tmp / "two-servers.db"
    store = Store(db)
    gid = Tables(store).create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                               {"start_player": 0}).id
    store.close()
    t0 = time.perf_counter()
    first = Server(db)
    try:
        second = start_second(db)
        named = f"(Prozess {first.proc.pid})" in second.stdout and f"(process {first.proc.pid})" in second.stdout
        first_alive = first.proc.poll() is None
    finally:
        first.kill(signal.SIGKILL)
    # two writers in one process on one file: the second works from a cursor the first has moved past
    a_store, b_store = Store(db), Store(db)
    try:
        a, b = Tables(a_store).open(gid), Tables(b_store).open(gid)
        acked = 0
        for _ in range(20):
            a.submit({"type": "gain_gold", "by": 0, "amount": 1, "reason": "correction"})
            acked += 1
        refused = 0
        for attempt in (b.undo, lambda: b.submit({"type": "gain_gold", "by": 0, "amount": 1, "reason": "correction"})):
            try:
                attempt()
            except RefereeError:
                refused += 1
        after = Tables(Store(db)).open(gid)
        kept = after.state.players[0].gold
    finally:
        a_store.close()
        b_store.close()
    lost = max(0, acked - kept)
    ok = second.returncode == 3 and named and first_alive and lost == 0 and refused >= 1
    return {"second_exit": second.returncode, "holder_named": named, "first_kept_running": first_alive,
            "acked": acked, "lost": lost, "stale_writes_refused": refused, "seconds": time.perf_counter() - t0,
            "ok": ok}


CHILD = r"""
import json, sys
from companion.store import Store, StoreError
from companion.table.table import Tables
store = Store(sys.argv[1])
out = {"notices": [n.key for n in store.notices], "readonly": store.readonly,
       "games": [g["id"] for g in store.games()]}
try:
    Tables(store).open(out["games"][0]).submit({"type": "gain_gold", "by": 0, "amount": 1, "reason": "correction"})
    out["write"] = "written"
except StoreError as exc:
    out["write"] = exc.key
except Exception as exc:  # a refusal from the table: its rule or key says why
    out["write"] = getattr(exc, "key", None) or getattr(exc, "rule", None) or type(exc).__name__
print(json.dumps(out))
"""


def read_only_folder() -> dict[str, Any]:
    import pwd

    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec
    from tests.companion.store.test_store_permissions import give, run_child, snapshot

    user = None
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("nobody")
        except KeyError:
            return {"skipped": "running as root and no user 'nobody' to drop to", "ok": False}
    base = Path(tempfile.mkdtemp(prefix="tischrichter-bench-ro-"))
    os.chmod(base, 0o755)
    data = base / "data"
    data.mkdir()
    db = data / "tischrichter.db"
    try:
        store = Store(db)
        t = Tables(store).create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                 {"start_player": 0})
        for _ in range(10):
            t.submit({"type": "gain_gold", "by": 0, "amount": 1, "reason": "correction"})
        store.close()
        give(user, data, *data.iterdir())
        os.chmod(data, 0o555)
        before = snapshot(data)
        child = run_child(["-c", CHILD, str(db)], user)
        try:
            out = json.loads(child.stdout)
        except ValueError:
            out = {"error": (child.stderr or child.stdout)[-300:]}
        unchanged = snapshot(data) == before
        os.chmod(data, 0o755)
        check = Store(db)
        kept = Tables(check).open(t.id).state.players[0].gold
        check.close()
    finally:
        for p in [base, *base.rglob("*")]:
            os.chmod(p, 0o755 if p.is_dir() else 0o644)
        shutil.rmtree(base)
    lost = max(0, 10 - kept)
    ok = (out.get("readonly") is True and out.get("notices") == ["db_no_write_permission"]
          and out.get("games") == [t.id] and out.get("write") != "written" and unchanged and lost == 0)
    return {"as_user": user.pw_name if user else "self", "child": out, "files_unchanged": unchanged,
            "lost": lost, "ok": ok}


def import_bombs() -> dict[str, Any]:
    from companion.records.backup import backup_text, export_backup, import_backup
    from companion.records.history import ImportRefused, dump_store
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec
    from tests.companion.records.test_backup import _bombs, _resigned  # the same bombs the tests throw

    store = Store(":memory:")
    tables = Tables(store)
    t = tables.create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {"start_player": 0})
    t.submit({"type": "gain_gold", "by": 0, "amount": 2, "reason": "correction"})

    def seat_lies(data: dict[str, Any]) -> None:
        for rec in data.get("records", []):
            for act in rec.get("actions", []):
                act["seat"] = 7

    bombs = {k: v[0] for k, v in _bombs().items()}
    bombs["seat_lies"] = _resigned(backup_text(export_backup(store)), seat_lies).encode()  # checksum made to match
    before = dump_store(store)
    rows: dict[str, Any] = {}
    for name, raw in bombs.items():
        t0 = time.perf_counter()
        try:
            import_backup(store, raw)
            verdict = "ACCEPTED"
        except ImportRefused as exc:
            verdict = exc.key
        except Exception as exc:  # noqa: BLE001 - counted as a crash, the bench goes on
            verdict = f"CRASH {type(exc).__name__}"
        rows[name] = {"verdict": verdict, "ms": (time.perf_counter() - t0) * 1000,
                      "store_unchanged": dump_store(store) == before}
    store.close()
    ok = all(r["verdict"].startswith("hist.imp.") and r["store_unchanged"] for r in rows.values())
    return {"bombs": rows, "lost": 0 if ok else None, "ok": ok}
