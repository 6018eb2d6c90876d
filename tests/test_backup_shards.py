"""build/backup_shards.py: every shard's SQLite files copied while a writer holds them, each copy whole.

A shard's files are stood in for by SQLite files in WAL mode, written by a connection that stays open
and holds the file's ``flock`` as the server's store does (companion/store/file_lock.py), with its
last writes still in the WAL: the backup has them all.
"""

from __future__ import annotations

import fcntl
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))

import backup_shards  # noqa: E402  (build/ is a folder of scripts, not a package)


def writer(path: Path, rows: list[str]):
    """An open connection that wrote ``rows`` (WAL, never checkpointed) and holds the file's flock."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE games (name TEXT)")
    conn.executemany("INSERT INTO games VALUES (?)", [(r,) for r in rows])
    conn.commit()
    lock = path.open("rb")
    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return conn, lock


@pytest.fixture
def data(tmp_path):
    d = tmp_path / "data"
    open_ = [writer(d / "a" / "shard.sqlite", ["space a-1"]),
             writer(d / "a" / "spaces" / "a-1.sqlite", ["Qwixx Longo: Ana, Ben", "Verflixxt! Kompakt: Ana"]),
             writer(d / "b" / "shard.sqlite", [])]
    (d / "a" / "shard.sqlite.lock").write_text("4242\n")  # not a database: left out
    (d / "run" / "log").mkdir(parents=True)
    (d / "run" / "haproxy.cfg").write_text("global\n")
    assert (d / "a" / "spaces" / "a-1.sqlite-wal").stat().st_size > 0  # the rows are in the WAL
    yield d
    for conn, lock in open_:
        conn.close()
        lock.close()


def names(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM games ORDER BY rowid")]
    finally:
        conn.close()


def test_every_shards_files_are_copied_whole_while_their_writer_holds_them(data, tmp_path):
    folder, checks = backup_shards.backup(data, tmp_path / "backups")
    assert checks == {"a/shard.sqlite": "ok", "a/spaces/a-1.sqlite": "ok", "b/shard.sqlite": "ok"}
    assert names(folder / "a" / "spaces" / "a-1.sqlite") == ["Qwixx Longo: Ana, Ben", "Verflixxt! Kompakt: Ana"]
    assert names(folder / "a" / "shard.sqlite") == ["space a-1"]
    assert names(folder / "b" / "shard.sqlite") == []
    assert sorted(p.name for p in folder.iterdir()) == ["a", "b"]


def test_the_command_keeps_only_the_newest_backups_it_made(data, tmp_path):
    dest = tmp_path / "backups"
    (dest / "keep-me").mkdir(parents=True)  # not one of the script's folders: never deleted
    for old in ("20260101T000000Z", "20260102T000000Z"):
        (dest / old).mkdir()
    done = subprocess.run([sys.executable, "build/backup_shards.py", str(data), str(dest), "--keep", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    newest = sorted(p.name for p in dest.iterdir() if p.name != "keep-me")
    assert newest[0] == "20260102T000000Z" and len(newest) == 2
    assert done.stdout.strip() == f"3 files backed up into {dest / newest[1]}"
    assert (dest / "keep-me").is_dir()


def test_a_missing_data_folder_is_said_and_nothing_is_written(tmp_path):
    done = subprocess.run([sys.executable, "build/backup_shards.py", str(tmp_path / "none"), str(tmp_path / "b")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr.strip()) == (2, f"no data folder {tmp_path / 'none'}")
    assert not (tmp_path / "b").exists()
