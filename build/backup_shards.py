"""Back up every SQLite file of the public server's shards while they run.

    .venv/bin/python build/backup_shards.py DATA_DIR DEST [--keep N]

Each shard's files (``DATA_DIR/<shard>/``: its index and one file per space) are copied with
SQLite's online backup (``sqlite3.Connection.backup``), which reads a consistent state of the
file, the writes still in its WAL included, while the shard goes on writing. A shard's lock is a
``flock`` of its own (companion/store/file_lock.py), which SQLite's reader does not wait on. The
copies go to ``DEST/<UTC time>/<shard>/...`` (the same relative paths) and each is checked with
``PRAGMA integrity_check``; ``--keep N`` then deletes all but the N newest backups in DEST.
Exit 0 when every copy is whole, 1 when one is not (it is named), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from companion.store.shard_index import online_copy  # noqa: E402  (the store: the one door to SQLite)

MAGIC = b"SQLite format 3\x00"
STAMP = "%Y%m%dT%H%M%SZ"
BACKUP_NAME = re.compile(r"\d{8}T\d{6}Z(-\d+)?")  # what --keep may delete: this script's folders only


def is_sqlite(path: Path) -> bool:
    """A database file by its first bytes, whatever its name (its -wal, -shm and .lock files are not)."""
    try:
        with path.open("rb") as f:
            return f.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def shard_files(data: Path) -> list[Path]:
    """Every database file under a shard's folder, relative to ``data`` (``run/`` is the proxy's)."""
    found = []
    for shard in sorted(p for p in data.iterdir() if p.is_dir() and p.name != "run"):
        found += [p.relative_to(data) for p in sorted(shard.rglob("*")) if p.is_file() and is_sqlite(p)]
    return found


def copy(src: Path, dest: Path) -> str:
    """One online backup, then its check: "ok" or what SQLite found wrong (the store's own copy)."""
    return online_copy(src, dest)


def backup(data: Path, dest: Path, keep: int = 0) -> tuple[Path, dict[str, str]]:
    """All shards' files into a new folder of ``dest``; returns it and each file's check."""
    folder = dest / time.strftime(STAMP, time.gmtime())
    n = 1
    while folder.exists():  # two backups in one second
        folder = dest / f"{time.strftime(STAMP, time.gmtime())}-{n}"
        n += 1
    checks = {rel.as_posix(): copy(data / rel, folder / rel) for rel in shard_files(data)}
    folder.mkdir(parents=True, exist_ok=True)
    if keep > 0:
        older = sorted(p for p in dest.iterdir() if p.is_dir() and BACKUP_NAME.fullmatch(p.name))[:-keep]
        for old in older:
            shutil.rmtree(old)
    return folder, checks


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Online backup of every shard's SQLite files (build/serve.sh --public)")
    p.add_argument("data", type=Path, help="the public server's data folder (serve.sh's --data)")
    p.add_argument("dest", type=Path, help="where the backups go (one folder per run)")
    p.add_argument("--keep", type=int, default=0, help="keep only the newest N backups in DEST (default: all)")
    a = p.parse_args(argv)
    if not a.data.is_dir():
        print(f"no data folder {a.data}", file=sys.stderr)
        return 2
    folder, checks = backup(a.data, a.dest, a.keep)
    bad = {f: r for f, r in checks.items() if r != "ok"}
    print(f"{len(checks)} files backed up into {folder}" + (f"; damaged: {bad}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
