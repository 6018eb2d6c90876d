"""A permission problem is named as one; a healthy file is never called corrupt or moved.

Root ignores file permissions, and these tests (and CI) run as root: the store then runs in a
child process as the unprivileged user ``nobody`` (uid dropped in ``preexec_fn``). Run as an
ordinary user, the child simply runs as that user.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from companion.store import Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec
from tests.e2e.conftest import ROOT, free_port

PLAYERS = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]

CHILD = r"""
import json, sys
from companion.store import Store, StoreError
from companion.table.table import Tables
from scoring.engine import PlayerSpec
store = Store(sys.argv[1])
out = {"notices": [[n.key, n.params] for n in store.notices], "readonly": store.readonly,
       "memory": store.memory, "games": [g["id"] for g in store.games()],
       "refusal": getattr(store, "start_refusal", lambda: None)()}
try:
    Tables(store).create("qwixx-longo", [PlayerSpec(name="Cara")], {"lucky_numbers": [(4, 9)]})
    out["write"] = "written"
except StoreError as exc:
    out["write"] = exc.key
store.close()
print(json.dumps(out))
"""


def _user():
    """The user to run the child as ("nobody"); None: this process is not root, run as ourselves."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("running as root and there is no user 'nobody' to drop to: root ignores permissions")


def run_child(args, user, **kw) -> subprocess.CompletedProcess:
    """``python args`` as ``user``: through setpriv(1) where there is one (util-linux), else by
    dropping the ids in ``preexec_fn``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1"}
    cmd, drop = [sys.executable, *args], None
    if user is not None and shutil.which("setpriv"):
        cmd = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups", *cmd]
    elif user is not None:
        def drop() -> None:
            os.setgroups([])
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)
    return subprocess.run(cmd, cwd=ROOT, env=env, preexec_fn=drop, capture_output=True, text=True,
                          timeout=120, **kw)


@pytest.fixture
def place():
    """A data directory the unprivileged user can reach (pytest's tmp_path is root's, mode 0700)."""
    user = _user()
    base = Path(tempfile.mkdtemp(prefix="tischrichter-perm-"))
    os.chmod(base, 0o755)
    data = base / "data"
    data.mkdir()
    if user is not None:
        try:
            probe = run_child(["-c", "import companion.store; print('ok')"], user)
        except OSError as exc:
            probe = subprocess.CompletedProcess([], 1, "", str(exc))
        if probe.stdout.strip() != "ok":
            shutil.rmtree(base)
            pytest.skip(f"python cannot run this checkout as 'nobody' here: {probe.stderr.strip()[-200:]}")
    yield data, user
    for p in [base, *base.rglob("*")]:
        os.chmod(p, 0o755 if p.is_dir() else 0o644)
    shutil.rmtree(base)


def give(user, *paths: Path) -> None:
    """The data is the user's own (a read-only folder of one's own, not someone else's)."""
    if user is not None:
        for p in paths:
            os.chown(p, user.pw_uid, user.pw_gid)


def saved_game(db: Path, *, keep_open: bool = False):
    store = Store(db)
    t = Tables(store).create("qwixx-longo", PLAYERS, {"lucky_numbers": [(4, 9), (5, 12)]})
    t.roll(values=[3, 4, 1, 1, 1, 1])
    t.submit({"type": "white", "by": 0, "row": "red"})
    if not keep_open:
        store.close()
    return store, t.id


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_read_only_data_folder_opens_the_games_read_only_and_moves_nothing(place):
    data, user = place
    db = data / "tischrichter.db"
    _, gid = saved_game(db)
    give(user, data, *data.iterdir())
    os.chmod(data, 0o555)
    before = snapshot(data)
    child = run_child(["-c", CHILD, str(db)], user)
    assert child.returncode == 0, child.stderr
    out = json.loads(child.stdout)
    assert out["notices"] == [["db_no_write_permission", {"path": str(db), "blocked": str(data)}]]
    assert out["readonly"] and not out["memory"] and out["games"] == [gid]
    assert out["write"] == "db_readonly_write" and out["refusal"] is None
    assert snapshot(data) == before  # nothing moved, nothing written
    store = Store(db)  # root: the same game, nothing lost
    assert [g["id"] for g in store.games()] == [gid] and store.load(gid)[1] == 2
    from companion.i18n import tr

    key, params = out["notices"][0]
    assert tr("de", key, **params) == (f"Keine Schreibrechte für {data}: {db} wird nur gelesen und bleibt unberührt.")
    assert tr("en", key, **params) == f"No permission to write {data}: {db} is only read and left untouched."
    store.close()


def test_unreadable_wal_and_shm_files_are_a_permission_problem_not_a_corrupt_database(place):
    """The server ran as root once (its -wal/-shm files are root's, mode 0600); the user starts it:
    the store says which file it may not read, touches nothing and the server does not start."""
    data, user = place
    if user is None:
        pytest.skip("needs root: the -wal/-shm files must belong to another user than the one starting it")
    db = data / "tischrichter.db"
    holder, gid = saved_game(db, keep_open=True)  # -wal/-shm exist, the -wal holds the last moves
    try:
        wal, shm = Path(f"{db}-wal"), Path(f"{db}-shm")
        assert wal.exists() and shm.exists()
        give(user, data, db)
        os.chmod(wal, 0o600)
        os.chmod(shm, 0o600)
        before = snapshot(data)
        child = run_child(["-c", CHILD, str(db)], user)
        assert child.returncode == 0, child.stderr
        out = json.loads(child.stdout)
        assert out["notices"] == [["db_no_permission", {"path": str(db), "blocked": str(wal)}]]
        assert out["games"] == [] and out["memory"]
        assert out["refusal"].splitlines() == [
            (f"Keine Berechtigung für {wal}: {db} lässt sich nicht lesen und bleibt unberührt. "
             "Spiele werden nur im Speicher gehalten."),
            "Der Server startet nicht.",
            f"No permission for {wal}: {db} cannot be read and is left untouched. Games are kept in memory only.",
            "The server does not start.",
        ]
        server = run_child(["-m", "companion", "--db", str(db), "--port", str(free_port())], user)
        assert server.returncode == 3 and server.stderr.splitlines() == out["refusal"].splitlines()
        assert "Traceback" not in server.stderr + server.stdout
        assert snapshot(data) == before  # the healthy file was not moved aside
    finally:
        holder.close()
    store = Store(db)
    assert store.notices == [] and store.load(gid)[1] == 2  # every move is still there
    store.close()
