"""The store: games and their action logs in SQLite, through sqlite-utils.

- ``games``: one row per game (record header, cursor for undo/redo, result, ``rev``).
- ``actions``: the log, primary key (game_id, seq); seq is 1-based and unique,
  so two submits can never fork a game's log.
- ``meta``: the schema version; older files migrate forward, a newer file is
  opened read-only and never written.
- ``profiles``: lasting player profiles (``companion.profiles``).
- ``hist_lines``: per finished game its players' compact statistics lines, a cache
  ``companion.history`` keeps valid by the game's cursor and last update.

The store is the only door to SQLite (issue 13.4): every table is made by the
versioned migrations below, and history, profiles and backup import go through
the repository methods here, never through a connection of their own.

An action is committed (WAL, synchronous=FULL) before any screen shows it.
The server commits in the store's one writer thread (``start_writer``), so a commit's fsync
keeps only the table it belongs to waiting, not every table of the process (issue 18); the
table and its screens wait for it (``companion.table``).

One writer per database (issue 12.3, DESIGN "One writer per database"): a store
that writes holds an exclusive ``flock`` on ``<db>.lock`` while its process runs
(the OS drops it when the process dies, kill -9 included; the file keeps the pid
of the holder). Stores of one process share that lock. A store of a second
process opens the file read-only with the notice ``db_in_use`` (and the pid);
the server refuses to start then (``start_refusal``). Every append and cursor
move states what it is based on (``expected_seq`` / ``from_cursor``, and the
game's ``rev``, bumped by every write of its log): anything else is refused
with ``db_stale``, so no writer can delete an action another writer had
acknowledged.

A corrupt or foreign file is never overwritten: it is moved aside and a new
store is started, and ``notice`` says so for the app to show. Only SQLite's own
verdict "corrupt"/"not a database" (or a file that is not SQLite at all) moves a
file: a permission problem (read-only data directory, ``-wal``/``-shm`` files this
user cannot read) is named as one and the file is opened read-only or not at all
(issue 12.8). A game whose rows cannot be read is listed as damaged and refused
on open; every other game works (issue 12.7).
"""

from __future__ import annotations

import errno
import gc
import json
import logging
import os
import secrets
import sqlite3
import sys
import threading
import time
import urllib.parse
import weakref
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from companion.i18n import add_strings, tr
from scoring.engine import GameRecord, RecordedAction

try:  # not on every platform (the phone-only build has no processes to exclude)
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("tischrichter.store")

SCHEMA_VERSION = 4
SHORT_ID = 8  # characters of a game id in a join link (/g/<short id>): unique among the games
APP_ID = "tischrichter"
SQLITE_MAGIC = b"SQLite format 3\x00"

# A game's log as one JSON array, in order; json() fails on a row that is not JSON.
_LOG_AS_JSON = (
    "SELECT json_group_array(json_object('seat', seat, 'action', json(action), 'at', at)) "
    "FROM (SELECT seat, action, at FROM actions WHERE game_id=? ORDER BY seq)"
)
_ACTIONS = TypeAdapter(tuple[RecordedAction, ...])

# Notices after which a server must not start (it would serve nothing, or a stale copy).
FATAL_AT_START = frozenset({"db_in_use", "db_bad_schema", "db_no_permission", "db_unusable"})

STORE_STRINGS = {
    "db_in_use": {
        "de": "{path} wird schon von einem anderen Tischrichter benutzt (Prozess {pid}). "
              "Beende ihn oder wähle mit --db eine andere Datei.",
        "en": "{path} is already used by another Tischrichter (process {pid}). "
              "Stop it or choose another file with --db.",
    },
    "db_bad_schema": {
        "de": "{path} hat eine unlesbare Schema-Version ({value}); die Datei bleibt unberührt. "
              "Spiele werden nur im Speicher gehalten.",
        "en": "{path} has an unreadable schema version ({value}); the file is left untouched. "
              "Games are kept in memory only.",
    },
    "db_no_write_permission": {
        "de": "Keine Schreibrechte für {blocked}: {path} wird nur gelesen und bleibt unberührt.",
        "en": "No permission to write {blocked}: {path} is only read and left untouched.",
    },
    "db_no_permission": {
        "de": "Keine Berechtigung für {blocked}: {path} lässt sich nicht lesen und bleibt unberührt. "
              "Spiele werden nur im Speicher gehalten.",
        "en": "No permission for {blocked}: {path} cannot be read and is left untouched. "
              "Games are kept in memory only.",
    },
    "db_stale": {
        "de": "Das Spiel wurde inzwischen anderswo geändert; nichts wurde gespeichert.",
        "en": "The game was changed elsewhere in the meantime; nothing was saved.",
    },
    "db_start_refused": {
        "de": "Der Server startet nicht.",
        "en": "The server does not start.",
    },
    "db_restored": {
        "de": "Die Datenbank {path} war gelöscht oder ersetzt worden; Tischrichter hat sie mit allen Spielen "
              "neu geschrieben. Kein Zug ist verloren.",
        "en": "The database {path} had been deleted or replaced; Tischrichter wrote it again with every game. "
              "No move is lost.",
    },
    "db_lost": {
        "de": "Die Datenbank {path} ist gelöscht oder ersetzt und lässt sich dort nicht neu schreiben. "
              "Neue Züge werden nicht angenommen, bis der Ordner wieder beschreibbar ist; "
              "alles bisher Gespeicherte ist noch im laufenden Server.",
        "en": "The database {path} was deleted or replaced and cannot be written there again. "
              "New moves are refused until the folder can be written; everything saved so far is still "
              "held by the running server.",
    },
    "game_damaged": {
        "de": ("Beschädigt: Zug {seq} ist unlesbar. Dieses Spiel lässt sich nicht öffnen; die anderen Spiele sind "
               "nicht betroffen."),
        "en": "Damaged: move {seq} cannot be read. This game cannot be opened; the other games are not affected.",
    },
    "game_damaged_head": {
        "de": ("Beschädigt: die Spieldaten sind unlesbar. Dieses Spiel lässt sich nicht öffnen; die anderen Spiele "
               "sind nicht betroffen."),
        "en": "Damaged: the game's data cannot be read. This game cannot be opened; the other games are not affected.",
    },
}
add_strings(STORE_STRINGS)


PROFILE_COLUMNS: dict[str, type] = {
    "id": str, "name": str, "color": str, "lucky": str, "character": str, "created": str, "updated": str,
}
_PROFILE_SELECT = "SELECT id, name, color, lucky, character, created, updated FROM profiles"


class NewGame(BaseModel):
    """A whole game for ``Store.add_games`` (backup import, bench fill): the record with the
    result it ends in, when it was last changed and, if known, its statistics lines."""

    model_config = ConfigDict(frozen=True)

    record: GameRecord
    finished: bool = False
    result: dict[str, Any] | None = None
    updated: str | None = None  # None: the last action's time, else the record's creation
    lines: str | None = None  # the statistics cache's ``data`` (JSON), None: computed when asked
    lines_version: int = 0


@dataclass
class Added:
    """What ``Store.add_games`` did: ids of games added and of games already there (left as they
    are), and how many profiles were new."""

    added: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    profiles_added: int = 0


@dataclass(frozen=True)
class Notice:
    """Something about the database the player must be told (an i18n key + params)."""

    key: str
    params: dict[str, str]


class StoreError(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(f"{key}: {params}")


def _writes(fn: Any) -> Any:
    """A failed write (disk full, file locked too long, ...) is a StoreError, never a crash;
    the transaction is rolled back, so nothing is half written."""
    import functools

    @functools.wraps(fn)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise StoreError("db_write_failed", path=str(self.path), detail=str(exc)[:120]) from None

    return wrapper


def default_path() -> Path:
    env = os.environ.get("TISCHRICHTER_DB")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "tischrichter" / "tischrichter.db"


def _uri(path: Path, **query: str) -> str:
    return "file:" + urllib.parse.quote(os.path.abspath(path)) + "?" + urllib.parse.urlencode(query)


# --- one writer per database: a process-wide flock on <db>.lock ---------------------------
_HELD: dict[str, list[int]] = {}  # lock file (real path) -> [fd, number of stores using it]
_HELD_GUARD = threading.Lock()


def lock_path(path: Path) -> Path:
    """``<db>.lock`` next to the real file (symlinks resolved: every name of one file shares one lock)."""
    real = Path(os.path.realpath(path))
    return real.with_name(real.name + ".lock")


# the database files themselves, flocked while a store of this process writes them: a hard link
# has another name (and so another ``.lock``) but the same device and inode (issue 23.5)
_HELD_FILES: dict[tuple[int, int], list[int]] = {}  # (st_dev, st_ino) -> [fd, stores using it]


def _take_file_lock(path: Path) -> tuple[tuple[int, int] | None, str | None]:
    """Flock the database file's inode, before SQLite opens it: (key, None) held (release with
    ``_release_file``); (None, pid) another process holds it; (None, None) nothing to lock."""
    if fcntl is None:
        return None, None
    try:
        st = os.stat(path)
    except OSError:
        return None, None
    key = (st.st_dev, st.st_ino)
    with _HELD_GUARD:
        held = _HELD_FILES.get(key)
        if held is not None:  # another store of this process: shared, no second descriptor
            held[1] += 1
            return key, None
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            return None, None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return None, _flock_holder(key)
            return None, None
        _HELD_FILES[key] = [fd, 1]
        return key, None


def _flock_holder(key: tuple[int, int]) -> str:
    """The pid holding a flock on the inode ``key`` (Linux: /proc/locks), else "?"."""
    dev, ino = key
    try:
        with open("/proc/locks") as fh:
            for line in fh:
                f = line.split()
                if len(f) >= 6 and f[1] == "FLOCK":
                    maj, mnr, i = f[5].split(":")
                    if int(i) == ino and os.makedev(int(maj, 16), int(mnr, 16)) == dev:
                        return f[4]
    except (OSError, ValueError):
        pass
    return "?"


def _release_file(key: tuple[int, int]) -> None:
    with _HELD_GUARD:
        held = _HELD_FILES.get(key)
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del _HELD_FILES[key]
            os.close(held[0])


def _take_lock(path: Path) -> tuple[str | None, str | None]:
    """(key, None): this process holds the database (release with ``_release``);
    (None, pid): another process holds it; (None, None): no lock to be had here
    (no fcntl, a file system without flock): go on, the compare-and-set still guards the log."""
    if fcntl is None:
        return None, None
    lp = lock_path(path)
    key = os.path.realpath(lp)
    with _HELD_GUARD:
        held = _HELD.get(key)
        if held is not None:
            held[1] += 1
            return key, None
        try:
            fd = os.open(lp, os.O_RDWR | os.O_CREAT, 0o644)
        except PermissionError:  # left by another user (root, once): flock needs no write access
            try:
                fd = os.open(lp, os.O_RDONLY)
            except OSError:
                return None, None
        except OSError:
            return None, None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                try:
                    pid = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "?"
                finally:
                    os.close(fd)
                return None, pid
            os.close(fd)
            return None, None
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass  # held all the same; only the pid cannot be shown
        _HELD[key] = [fd, 1]
        return key, None


def _release(key: str) -> None:
    with _HELD_GUARD:
        held = _HELD.get(key)
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del _HELD[key]
            os.close(held[0])  # closing the last descriptor drops the flock


# --- what is wrong with a file, if anything ------------------------------------------------
_CORRUPT_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def _permission_problem(path: Path) -> Path | None:
    """The first file or folder this user lacks a permission on that writing ``path`` needs
    (None: none). Root passes every check, as the OS lets it."""
    folder = path.parent
    if not os.access(folder, os.X_OK):
        return folder
    if path.exists() and not os.access(path, os.R_OK):
        return path
    for suffix in ("-wal", "-shm"):
        side = Path(str(path) + suffix)
        if side.exists() and not os.access(side, os.R_OK | os.W_OK):
            return side
    if not os.access(folder, os.W_OK):
        return folder
    if path.exists() and not os.access(path, os.W_OK):
        return path
    return None


def _schema_version(conn: sqlite3.Connection) -> int | None:
    """The file's schema version (0: none yet); None: a value that is not an integer."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "meta" not in tables:
        return 0
    row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    if not row:
        return 0
    try:
        return int(str(row[0]).strip())
    except ValueError:
        return None


def _inspect(path: Path) -> tuple[str | None, str]:
    """Why the file at ``path`` cannot simply be opened for writing, with a detail:
    None (ours, empty or new), "not_sqlite", "corrupt", "foreign" (these three are moved
    aside), "bad_schema" (the value), "unusable" (any other error; the file is left alone)."""
    if not path.exists() or path.stat().st_size == 0:
        return None, ""
    with open(path, "rb") as fh:
        head = fh.read(16)
    if head != SQLITE_MAGIC:
        return "not_sqlite", ""
    try:
        conn = sqlite3.connect(_uri(path, mode="ro"), uri=True, timeout=0.5)
        try:
            conn.execute("PRAGMA quick_check").fetchall()
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                return None, ""
            if "meta" not in tables:
                return "foreign", ""
            row = conn.execute("SELECT value FROM meta WHERE key='app'").fetchone()
            if not row or row[0] != APP_ID:
                return "foreign", ""
            if _schema_version(conn) is None:
                value = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0]
                return "bad_schema", repr(value)[:40]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        code = getattr(exc, "sqlite_errorcode", None)
        if code is not None and code & 0xFF in _CORRUPT_CODES:
            return "corrupt", ""
        if code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            return None, ""
        return "unusable", str(exc)[:120]
    return None, ""


class Store:
    def __init__(self, path: str | Path | None = None, *, durable: bool = True, timeout: float = 5.0) -> None:
        self.timeout = timeout
        self.path = Path(path) if path is not None else default_path()
        self.readonly = False
        self.notices: list[Notice] = []
        self._lock = threading.RLock()
        # games whose rows cannot be read: id -> the first bad action's seq (0: the game's own row)
        self.damaged: dict[str, int] = {}
        self._held: weakref.finalize | None = None
        self._reader: sqlite3.Connection | None = None  # loads read here, not under ``_lock`` (12.6)
        self._reader_lock = threading.Lock()
        # the one thread that commits the tables' writes, in order (``start_writer``; None: callers commit)
        self.writer: ThreadPoolExecutor | None = None
        self.memory = str(self.path) == ":memory:"
        self.durable = durable
        self.lost = False  # the file was deleted or replaced and cannot be written again (issue 23.3)
        self._file: tuple[int, int] | None = None  # (st_dev, st_ino) of the file this store writes
        self._file_held: weakref.finalize | None = None
        if not self.memory:
            self._open_file(durable)
            self._find_damaged()
        else:
            self.conn = sqlite3.connect(":memory:", check_same_thread=False)
            self.db = sqlite_utils.Database(self.conn)
            self._migrate()

    # --- opening ---------------------------------------------------------------
    def _open_file(self, durable: bool) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
        blocked = _permission_problem(self.path)
        if blocked is not None:  # issue 12.8: a permission problem, never "corrupt", never moved
            self._open_without_permission(blocked)
            return
        key, holder = _take_lock(self.path)
        if holder is not None:  # issue 12.3: another process writes this file
            self._open_readonly("db_in_use", pid=holder)
            return
        if key is not None:
            self._held = weakref.finalize(self, _release, key)
        why, detail = _inspect(self.path)
        if why in ("not_sqlite", "corrupt", "foreign"):
            moved = self.path.with_name(f"{self.path.name}.{why}-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                os.replace(self.path, moved)
                for suffix in ("-wal", "-shm"):
                    side = Path(str(self.path) + suffix)
                    if side.exists():
                        os.replace(side, Path(str(moved) + suffix))
                self.notices.append(Notice(f"db_{why}", {"path": str(self.path), "moved": str(moved)}))
            except OSError:
                # cannot move it aside: never touch it, keep a fresh store in memory
                self.notices.append(Notice(f"db_{why}_kept", {"path": str(self.path)}))
                self._open_memory()
                return
        elif why == "bad_schema":  # issue 12.7: a clear message, the file untouched
            self.notices.append(Notice("db_bad_schema", {"path": str(self.path), "value": detail}))
            self._open_memory()
            return
        elif why == "unusable":
            self.notices.append(Notice("db_unusable", {"path": str(self.path), "detail": detail}))
            self._open_memory()
            return
        # issue 23.5: the file itself, whatever name it was given (a hard link has its own
        # ``.lock`` but the same inode): locked before SQLite opens it
        fkey, fholder = _take_file_lock(self.path)
        if fholder is not None:
            self._open_readonly("db_in_use", pid=fholder)
            return
        self._hold_file(fkey)
        self.durable = durable
        try:
            self.conn = self._connect_writer()
            self.db = sqlite_utils.Database(self.conn)
            version = self._version()
            if version > SCHEMA_VERSION:
                self.conn.close()
                self._open_readonly("db_newer", version=str(version))
                return
            self._migrate()
            if self._file is None:  # a new file: it exists now
                self._hold_file(_take_file_lock(self.path)[0])
        except sqlite3.OperationalError as exc:
            msg = str(exc)
            if "locked" in msg or "busy" in msg:
                self.notices.append(Notice("db_locked", {"path": str(self.path)}))
                self._open_readonly_or_memory()
            elif "readonly" in msg or "read-only" in msg:
                self._open_readonly("db_readonly")
            else:
                self.notices.append(Notice("db_unusable", {"path": str(self.path), "detail": msg[:120]}))
                self._open_memory()

    def _connect_writer(self, path: Path | None = None) -> sqlite3.Connection:
        conn = sqlite3.connect(str(path or self.path), timeout=self.timeout, check_same_thread=False,
                               isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout={int(self.timeout * 1000)}")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
        conn.isolation_level = ""  # back to implicit transactions for sqlite-utils
        return conn

    def _hold_file(self, key: tuple[int, int] | None) -> None:
        """This store writes the file with inode ``key`` now (the one before, if any, is let go)."""
        if self._file_held is not None:
            self._file_held()
        self._file = key
        self._file_held = weakref.finalize(self, _release_file, key) if key is not None else None

    # --- the file under the store's feet (issue 23.3) ------------------------------------
    def _file_gone(self) -> bool:
        """The file this store writes is no longer the one at its path: deleted (no link left),
        or the path names another file (replaced, moved away)."""
        if self._file is None:
            return False
        held = _HELD_FILES.get(self._file)
        try:
            if held is not None and os.fstat(held[0]).st_nlink == 0:
                return True
            st = os.stat(self.path)
        except OSError:
            return True
        return (st.st_dev, st.st_ino) != self._file

    def _check_file(self) -> None:
        """Before every write: if the file was deleted or replaced, write the whole database back
        to its path (SQLite's backup API, from the connection that still has it) and go on there;
        if that cannot be done, refuse the write (``db_lost``) rather than acknowledge what would
        be lost at the next start."""
        if self.memory or self.readonly or self._file is None:
            return
        with self._lock:
            if not self.lost and not self._file_gone():
                return
            try:
                self._restore()
            except (OSError, sqlite3.Error) as exc:
                if not self.lost:
                    log.error("database %s is gone and cannot be written again: %s", self.path, exc)
                    self.notices.append(Notice("db_lost", {"path": str(self.path)}))
                self.lost = True
                raise StoreError("db_lost", path=str(self.path)) from None
            self.lost = False
            self.notices[:] = [n for n in self.notices if n.key not in ("db_lost", "db_restored")]
            self.notices.append(Notice("db_restored", {"path": str(self.path)}))
            log.warning("database %s was deleted or replaced: written back", self.path)

    def _restore(self) -> None:
        """The whole database, from this store's connection, to a new file at its path (a file
        someone put there instead is moved aside, never overwritten), then used from there.

        The old connection is closed before anything is put at the path: closing it deletes
        ``<path>-wal`` by name, which must not be the new file's."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f"{self.path.name}.restoring-{os.getpid()}")
        for side in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
            if side.exists():
                side.unlink()
        dest = sqlite3.connect(str(tmp))
        try:
            self.conn.backup(dest)
            dest.execute("PRAGMA journal_mode=WAL")
            dest.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            dest.close()
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        # from here on the whole database is in ``tmp``: the old connection may go
        with self._reader_lock:
            if self._reader is not None:
                self._reader.close()
                self._reader = None
        try:
            self.conn.close()
        except sqlite3.Error:
            pass
        self.conn = self._connect_writer(tmp)  # until it is at the path (kept if that fails)
        self.db = sqlite_utils.Database(self.conn)
        self._hold_file(None)
        if os.path.lexists(self.path):  # replaced: what is there now is kept beside, never lost
            moved = self.path.with_name(f"{self.path.name}.replaced-{stamp}")
            os.replace(self.path, moved)
            for suffix in ("-wal", "-shm"):
                if os.path.lexists(f"{self.path}{suffix}"):
                    os.replace(f"{self.path}{suffix}", f"{moved}{suffix}")
        else:
            for suffix in ("-wal", "-shm"):  # left by nobody now: never to be read as the new file's
                if os.path.lexists(f"{self.path}{suffix}"):
                    os.unlink(f"{self.path}{suffix}")
        self.conn.close()
        os.replace(tmp, self.path)
        for suffix in ("-wal", "-shm"):
            if os.path.lexists(f"{tmp}{suffix}"):
                os.unlink(f"{tmp}{suffix}")
        dfd = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
        key, holder = _take_file_lock(self.path)
        self.conn = self._connect_writer()
        self.db = sqlite_utils.Database(self.conn)
        if holder is None:
            self._hold_file(key)

    def _open_without_permission(self, blocked: Path) -> None:
        """Read what can be read, write nothing, move nothing (issue 12.8)."""
        params = {"path": str(self.path), "blocked": str(blocked)}
        if self.path.exists() and os.access(self.path, os.R_OK):
            wal = Path(str(self.path) + "-wal")
            tries = [_uri(self.path, mode="ro")]
            if not wal.exists() or (wal.stat().st_size == 0 and os.access(wal, os.R_OK)):
                # nothing is waiting in a -wal file: the main file alone is the whole database
                tries.append(_uri(self.path, mode="ro", immutable="1"))
            for uri in tries:
                try:
                    conn = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=2.0)
                    version = _schema_version(conn)
                    app = conn.execute("SELECT value FROM meta WHERE key='app'").fetchone() if version != 0 else None
                except sqlite3.DatabaseError:
                    continue
                if version is not None and (not app or app[0] != APP_ID):  # empty, or another program's
                    conn.close()
                    break
                if version is None:
                    conn.close()
                    value = repr(self._raw_meta(uri, "schema_version"))[:40]
                    self.notices.append(Notice("db_bad_schema", {"path": str(self.path), "value": value}))
                    self._open_memory()
                    return
                self.conn = conn
                self.db = sqlite_utils.Database(conn)
                self.readonly = True
                self.notices.append(Notice("db_no_write_permission", params))
                return
        # nothing readable (or no file and none can be made): say so, touch nothing
        self.notices.append(Notice("db_no_permission", params))
        self._open_memory()

    @staticmethod
    def _raw_meta(uri: str, key: str) -> Any:
        try:
            conn = sqlite3.connect(uri, uri=True)
            try:
                row = conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
            finally:
                conn.close()
            return row[0] if row else None
        except sqlite3.Error:
            return None

    def _open_readonly(self, key: str, **params: str) -> None:
        self.notices.append(Notice(key, {"path": str(self.path), **params}))
        self._open_readonly_or_memory()

    def _open_readonly_or_memory(self) -> None:
        try:
            self.conn = sqlite3.connect(_uri(self.path, mode="ro"), uri=True, check_same_thread=False, timeout=2.0)
            self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            self.db = sqlite_utils.Database(self.conn)
            self.readonly = True
        except sqlite3.DatabaseError:
            self._open_memory()

    def _open_memory(self) -> None:
        self.conn = sqlite3.connect(":memory:", check_same_thread=False)
        self.db = sqlite_utils.Database(self.conn)
        self.memory = True
        self._migrate()

    def _version(self) -> int:
        version = _schema_version(self.conn)
        if version is None:
            raise StoreError("db_bad_schema", path=str(self.path), value="?")
        return version

    def start_refusal(self) -> str | None:
        """Why a server must not start on this store (German, then English), or None."""
        fatal = [n for n in self.notices if n.key in FATAL_AT_START]
        if not fatal:
            return None
        lines = []
        for lang in ("de", "en"):
            lines += [tr(lang, n.key, **n.params) for n in fatal] + [tr(lang, "db_start_refused")]
        return "\n".join(lines)

    def _find_damaged(self) -> None:
        """Games with an action row that is not JSON: listed as damaged from the start (one pass
        in SQLite). Other damage (an unknown action) is found when the game is opened."""
        try:
            with self._lock:
                rows = self.conn.execute(
                    "SELECT game_id, min(seq) FROM actions WHERE json_valid(action) = 0 GROUP BY game_id"
                ).fetchall()
        except sqlite3.Error:
            return
        for gid, seq in rows:
            self.damaged.setdefault(gid, seq)

    def mark_damaged(self, game_id: str, seq: int) -> None:
        self.damaged.setdefault(game_id, seq)

    def damage_key(self, game_id: str) -> tuple[str, dict[str, Any]] | None:
        """The i18n key and params saying why ``game_id`` cannot be opened (None: it can)."""
        seq = self.damaged.get(game_id)
        if seq is None:
            return None
        return ("game_damaged", {"seq": seq}) if seq > 0 else ("game_damaged_head", {})

    # --- schema and migrations ------------------------------------------------------
    def _migrate(self) -> None:
        with self._lock, self.conn:
            version = self._version()
            if version < 1:
                self.db["meta"].create({"key": str, "value": str}, pk="key", if_not_exists=True)
                self.db["games"].create(
                    {
                        "id": str,
                        "game": str,
                        "format_version": int,
                        "options": str,
                        "players": str,
                        "created": str,
                        "updated": str,
                        "cursor": int,
                        "finished": int,
                        "result": str,
                    },
                    pk="id",
                    if_not_exists=True,
                )
                self.db["actions"].create(
                    {"game_id": str, "seq": int, "seat": int, "action": str, "at": str},
                    pk=("game_id", "seq"),
                    foreign_keys=[("game_id", "games", "id")],
                    if_not_exists=True,
                )
                self.db["meta"].upsert({"key": "app", "value": APP_ID}, pk="key")
            if version < 2:
                # v2: a table (join) token per game, for many phones on one table
                if "table_token" not in self.db["games"].columns_dict:
                    self.db["games"].add_column("table_token", str)
                self.db["games"].create_index(["finished", "updated"], if_not_exists=True)
            if version < 3:
                # v3: a revision per game, bumped by every write of its log (compare-and-set, issue 12.3)
                if "rev" not in self.db["games"].columns_dict:
                    self.db["games"].add_column("rev", int, not_null_default=0)
            if version < 4:
                # v4: profiles and the statistics cache join the migrations (issue 13.4); files of
                # older code may already hold them (made on first use then): kept as they are
                self.db.table("profiles").create(PROFILE_COLUMNS, pk="id", if_not_exists=True)
                self.db.table("hist_lines").create(
                    {"game_id": str, "cursor": int, "updated": str, "version": int, "data": str},
                    pk="game_id",
                    if_not_exists=True,
                )
            self.db["meta"].upsert({"key": "schema_version", "value": str(SCHEMA_VERSION)}, pk="key")

    @property
    def version(self) -> int:
        return self._version()

    def _writable(self) -> None:
        if self.readonly:
            raise StoreError("db_readonly_write", path=str(self.path))
        self._check_file()

    # --- games ------------------------------------------------------------------
    @_writes
    def create_game(self, record: GameRecord) -> None:
        self._writable()
        now = time.strftime("%Y-%m-%dT%H:%M:%S")
        with self._lock, self.conn:
            self.db["games"].insert(
                {
                    "id": record.id,
                    "game": record.game,
                    "format_version": record.format_version,
                    "options": json.dumps(record.options, ensure_ascii=False),
                    "players": json.dumps([p.model_dump(mode="json") for p in record.players], ensure_ascii=False),
                    "created": record.created or now,
                    "updated": now,
                    "cursor": 0,
                    "finished": 0,
                    "result": None,
                }
            )
            for seq, act in enumerate(record.actions, start=1):
                self._insert_action(record.id, seq, act)
            if record.actions:
                self.conn.execute("UPDATE games SET cursor=? WHERE id=?", (len(record.actions), record.id))

    def _insert_action(self, game_id: str, seq: int, act: RecordedAction) -> None:
        self.conn.execute(
            "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, act.seat, json.dumps(act.action, ensure_ascii=False, separators=(",", ":")), act.at),
        )

    @_writes
    def append(self, game_id: str, expected_seq: int, act: RecordedAction, *, result: dict | None = None,
               expected_rev: int | None = None) -> int:
        """Commit ``act`` as action number ``expected_seq + 1`` of a game whose cursor the caller
        believes is ``expected_seq`` (and, if given, whose log revision is ``expected_rev``); drops
        the redo tail after that cursor. Returns the game's new revision.

        Compare-and-set inside the transaction (issue 12.3): if the game moved on meanwhile,
        ``StoreError('db_stale')`` and nothing is written, so no acknowledged action is deleted.
        """
        self._writable()
        with self._lock, self.conn:
            rev = self._check_base(game_id, expected_seq, expected_rev)
            seq = expected_seq + 1
            self.conn.execute("DELETE FROM actions WHERE game_id=? AND seq>=?", (game_id, seq))
            self._insert_action(game_id, seq, act)
            self._set_cursor(game_id, seq, rev + 1, result)
            return rev + 1

    def _check_base(self, game_id: str, cursor: int, rev: int | None) -> int:
        row = self.conn.execute("SELECT cursor, rev FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError("no_game", game_id=game_id)
        if row[0] != cursor or (rev is not None and row[1] != rev):
            raise StoreError("db_stale", game_id=game_id, cursor=row[0], expected=cursor)
        return int(row[1])

    def _set_cursor(self, game_id: str, cursor: int, rev: int, result: dict | None) -> None:
        self.conn.execute(
            "UPDATE games SET cursor=?, rev=?, updated=?, finished=?, result=? WHERE id=?",
            (
                cursor,
                rev,
                time.strftime("%Y-%m-%dT%H:%M:%S"),
                1 if result is not None else 0,
                json.dumps(result, ensure_ascii=False) if result is not None else None,
                game_id,
            ),
        )

    @_writes
    def move_cursor(self, game_id: str, from_cursor: int, to_cursor: int, *, result: dict | None = None,
                    expected_rev: int | None = None) -> int:
        """Undo/redo: the log keeps its actions; the cursor says how many count. Refused with
        ``db_stale`` unless the cursor is ``from_cursor`` (and the revision ``expected_rev``)
        now (issue 12.3). Returns the game's new revision."""
        self._writable()
        with self._lock, self.conn:
            rev = self._check_base(game_id, from_cursor, expected_rev)
            exists = to_cursor == 0 or self.conn.execute(
                "SELECT 1 FROM actions WHERE game_id=? AND seq=?", (game_id, to_cursor)
            ).fetchone()
            if to_cursor < 0 or not exists:
                raise StoreError("bad_cursor", cursor=to_cursor)
            self._set_cursor(game_id, to_cursor, rev + 1, result)
            return rev + 1

    def load(self, game_id: str) -> tuple[GameRecord, int]:
        """The whole log (redo tail included) and the cursor."""
        record, cursor, _ = self.load_with_rev(game_id)
        return record, cursor

    def load_with_rev(self, game_id: str) -> tuple[GameRecord, int, int]:
        """The whole log, the cursor and the log's revision, read in one transaction.

        A row that cannot be read marks the game damaged: ``StoreError('game_damaged')``
        (issue 12.7). Linear in the number of actions (issue 12.6): SQLite hands the log over
        as one JSON array and pydantic checks it in one pass."""
        if game_id in self.damaged:
            raise StoreError("game_damaged", game_id=game_id, seq=self.damaged[game_id])
        conn, lock = self._read_conn()
        with lock:
            own = not conn.in_transaction  # one read transaction: header and log agree
            if own:
                conn.execute("BEGIN")
            try:
                row = conn.execute(
                    f"SELECT id, game, format_version, options, players, created, cursor, {self._rev_column()} "
                    "FROM games WHERE id=?",
                    (game_id,),
                ).fetchone()
                if row is None:
                    raise StoreError("no_game", game_id=game_id)
                count, last = conn.execute(
                    "SELECT count(*), coalesce(max(seq), 0) FROM actions WHERE game_id=?", (game_id,)
                ).fetchone()
                try:
                    (text,) = conn.execute(_LOG_AS_JSON, (game_id,)).fetchone()
                    rows = None
                except sqlite3.OperationalError:  # a row that is not JSON (or no JSON in this SQLite)
                    text = None
                    rows = conn.execute(
                        "SELECT seq, seat, action, at FROM actions WHERE game_id=? ORDER BY seq", (game_id,)
                    ).fetchall()
            finally:
                if own and conn.in_transaction:
                    conn.execute("COMMIT")
        if count != last:  # seq runs 1..n without a gap in a healthy log
            self._damaged(game_id, 0)
        actions = self._parse_log(game_id, text, rows)
        try:
            record = GameRecord.model_validate(
                {
                    "format_version": row[2],
                    "id": row[0],
                    "game": row[1],
                    "options": json.loads(row[3]),
                    "players": json.loads(row[4]),
                    "created": row[5],
                    "actions": actions,
                }
            )
            cursor = int(row[6])
        except (ValueError, TypeError, RecursionError):
            self._damaged(game_id, 0)
        if not 0 <= cursor <= len(actions):
            self._damaged(game_id, 0)
        return record, cursor, int(row[7] or 0)

    def _read_conn(self) -> tuple[sqlite3.Connection, Any]:
        """A connection for a long read and the lock that guards it: a second, read-only one for a
        file being written (WAL lets it read while the writer commits), so opening a long game
        does not make every other table's append wait (issue 12.6)."""
        if self.memory or self.readonly:
            return self.conn, self._lock
        with self._lock:
            if self.conn.in_transaction:  # a caller inside a write transaction reads its own writes
                return self.conn, self._lock
            if self._reader is None:
                try:
                    self._reader = sqlite3.connect(_uri(self.path, mode="ro"), uri=True, check_same_thread=False,
                                                   timeout=self.timeout, isolation_level=None)
                except sqlite3.Error:
                    return self.conn, self._lock
        return self._reader, self._reader_lock

    def _rev_column(self) -> str:
        """``rev``; ``0`` in a file of schema 1-2 opened read-only (it is never migrated)."""
        if not self.readonly:
            return "rev"
        return "rev" if "rev" in self.db["games"].columns_dict else "0"

    def _damaged(self, game_id: str, seq: int) -> None:
        self.mark_damaged(game_id, seq)
        raise StoreError("game_damaged", game_id=game_id, seq=seq)

    def _parse_log(self, game_id: str, text: str | None, rows: list[tuple] | None) -> tuple[RecordedAction, ...]:
        if text is not None:
            paused = gc.isenabled()  # 100,000 new objects: no cyclic GC passes over them midway
            gc.disable()
            try:
                return _ACTIONS.validate_json(text)
            except ValidationError as exc:
                loc = exc.errors()[0].get("loc") or ()
                self._damaged(game_id, loc[0] + 1 if loc and isinstance(loc[0], int) else 0)
            finally:
                if paused:
                    gc.enable()
        actions = []
        for seq, seat, action, at in rows or ():
            try:
                actions.append(RecordedAction(seat=seat, action=json.loads(action), at=at))
            except (ValueError, TypeError, RecursionError):  # bad JSON / not an action (ValidationError)
                self._damaged(game_id, seq)
        return tuple(actions)

    def record(self, game_id: str) -> GameRecord:
        """The record as it counts now (without the redo tail): what export writes."""
        rec, cursor = self.load(game_id)
        return rec.model_copy(update={"actions": rec.actions[:cursor]})

    def games(self, *, finished: bool | None = None, limit: int = 200) -> list[dict[str, Any]]:
        """The games, newest first; ``damaged`` says a game cannot be opened (issue 12.7)."""
        where, params = "", []
        if finished is not None:
            where, params = "WHERE finished = ?", [1 if finished else 0]
        with self._lock:
            rows = self.conn.execute(
                f"SELECT id, game, players, created, updated, cursor, finished, result FROM games {where} "
                "ORDER BY updated DESC, created DESC LIMIT ?",
                [*params, int(limit)],
            ).fetchall()
        out = []
        for r in rows:
            try:
                players = [str(p["name"]) for p in json.loads(r[2])]
                result = json.loads(r[7]) if r[7] else None
            except (ValueError, TypeError, KeyError, RecursionError):
                self.mark_damaged(r[0], 0)
                players, result = [], None
            out.append(
                {
                    "id": r[0],
                    "game": r[1],
                    "players": players,
                    "created": r[3],
                    "updated": r[4],
                    "actions": r[5],
                    "finished": bool(r[6]),
                    "result": result,
                    "damaged": r[0] in self.damaged,
                }
            )
        return out

    def ids_starting(self, prefix: str, limit: int = 2) -> list[str]:
        """Game ids that start with ``prefix``, at most ``limit``: a range of the primary key's
        index, never a scan of the games (issue 23.4: a join link's short id)."""
        with self._lock:
            return [r[0] for r in self.conn.execute(
                "SELECT id FROM games WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                (prefix, prefix + chr(0x10FFFF), int(limit)))]

    def has_game(self, game_id: str) -> bool:
        with self._lock:
            return self.conn.execute("SELECT 1 FROM games WHERE id=?", (game_id,)).fetchone() is not None

    # --- repository: history, statistics, profiles, backup (issue 13.4) ------------------
    def _has_table(self, name: str) -> bool:
        """Every table exists after the migrations; a read-only file of older code may lack one."""
        with self._lock:
            return self.conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (name,)
            ).fetchone() is not None

    def game_ids(self) -> list[str]:
        """Every game's id, oldest first."""
        with self._lock:
            return [r[0] for r in self.conn.execute("SELECT id FROM games ORDER BY created, id")]

    def finished_games(self, *, game: str | None = None, limit: int | None = None, offset: int = 0,
                       newest_first: bool = True) -> list[dict[str, Any]]:
        """Finished games with players (as stored), result and date (``updated``: when it ended)."""
        where = "WHERE finished = 1"
        params: list[Any] = []
        if game:
            where += " AND game = ?"
            params.append(game)
        order = "DESC" if newest_first else "ASC"
        sql = (f"SELECT id, game, players, created, updated, cursor, result FROM games {where} "
               f"ORDER BY updated {order}, created {order}, id {order}")
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            params += [int(limit), int(offset)]
        with self._lock:
            rows = self.conn.execute(sql, params).fetchall()
        return [
            {"id": gid, "game": g, "players": json.loads(players), "created": created, "updated": updated,
             "cursor": cursor, "result": json.loads(result) if result else None}
            for gid, g, players, created, updated, cursor, result in rows
        ]

    def count_finished(self, game: str | None = None) -> int:
        sql, params = "SELECT count(*) FROM games WHERE finished = 1", []
        if game:
            sql += " AND game = ?"
            params.append(game)
        with self._lock:
            return int(self.conn.execute(sql, params).fetchone()[0])

    def players_and_result(self, game_id: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """A game's seats (as stored) and its stored result (None: not finished)."""
        with self._lock:
            row = self.conn.execute("SELECT players, result FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError("no_game", game_id=game_id)
        return json.loads(row[0]), json.loads(row[1]) if row[1] else None

    def finished_with_lines(self) -> list[tuple[Any, ...]]:
        """Every finished game, oldest first, with its cached statistics lines if any:
        (id, game, updated, cursor, lines' cursor, lines' updated, lines' version, lines' data)."""
        if self._has_table("hist_lines"):
            sql = ("SELECT g.id, g.game, g.updated, g.cursor, l.cursor, l.updated, l.version, l.data FROM games g "
                   "LEFT JOIN hist_lines l ON l.game_id = g.id WHERE g.finished = 1 "
                   "ORDER BY g.updated, g.created, g.id")
        else:  # a read-only file of schema 1-3 made before the cache
            sql = ("SELECT id, game, updated, cursor, NULL, NULL, NULL, NULL FROM games WHERE finished = 1 "
                   "ORDER BY updated, created, id")
        with self._lock:
            return self.conn.execute(sql).fetchall()

    @_writes
    def save_lines(self, rows: list[dict[str, Any]]) -> None:
        """Store statistics lines ({game_id, cursor, updated, version, data}); nothing on a read-only store."""
        if self.readonly or not rows:
            return
        self._check_file()
        with self._lock, self.conn:
            self.db.table("hist_lines").upsert_all(rows, pk="game_id")

    def profile_rows(self) -> list[dict[str, Any]]:
        """Every profile row, by name (case-insensitive), then id."""
        if not self._has_table("profiles"):
            return []
        with self._lock:
            cur = self.conn.execute(f"{_PROFILE_SELECT} ORDER BY name COLLATE NOCASE, id")
            return [dict(zip(PROFILE_COLUMNS, r)) for r in cur.fetchall()]

    def profile_row(self, profile_id: str) -> dict[str, Any] | None:
        if not self._has_table("profiles"):
            return None
        with self._lock:
            r = self.conn.execute(f"{_PROFILE_SELECT} WHERE id=?", (profile_id,)).fetchone()
        return dict(zip(PROFILE_COLUMNS, r)) if r else None

    def profile_names(self) -> dict[str, str]:
        """Profile id -> its name now."""
        return {r["id"]: r["name"] for r in self.profile_rows()}

    @_writes
    def save_profile(self, row: dict[str, Any]) -> None:
        """Insert or replace a profile; ``StoreError('profile_name_taken')`` if another profile has
        its name (case-insensitive), checked in the same transaction."""
        self._writable()
        with self._lock, self.conn:
            clash = self.conn.execute(
                "SELECT id FROM profiles WHERE name = ? COLLATE NOCASE AND id != ?", (row["name"], row["id"])
            ).fetchone()
            if clash:
                raise StoreError("profile_name_taken", name=row["name"])
            self.db.table("profiles").upsert({k: row.get(k) for k in PROFILE_COLUMNS}, pk="id")

    @_writes
    def delete_profile(self, profile_id: str) -> None:
        self._writable()
        with self._lock, self.conn:
            self.conn.execute("DELETE FROM profiles WHERE id=?", (profile_id,))

    @_writes
    def add_games(self, games: Iterable[NewGame], profiles: Iterable[dict[str, Any]] = ()) -> Added:
        """Add whole games (with their logs, results and statistics lines) and profiles in ONE
        transaction: all or nothing. A game or profile whose id is already here is left as it is."""
        self._writable()
        out = Added()
        with self._lock, self.conn:
            for g in games:
                rec = g.record
                if self.conn.execute("SELECT 1 FROM games WHERE id=?", (rec.id,)).fetchone():
                    out.already.append(rec.id)
                    continue
                self._insert_whole(g)
                out.added.append(rec.id)
            for p in profiles:
                if self.conn.execute("SELECT 1 FROM profiles WHERE id=?", (p["id"],)).fetchone():
                    continue
                self.db.table("profiles").insert({k: p.get(k) for k in PROFILE_COLUMNS})
                out.profiles_added += 1
        return out

    def _insert_whole(self, g: NewGame) -> None:
        """The columns ``create_game`` writes, inside the caller's transaction."""
        rec = g.record
        created = rec.created or time.strftime("%Y-%m-%dT%H:%M:%S")
        updated = g.updated or next((a.at for a in reversed(rec.actions) if a.at), None) or created
        self.conn.execute(
            "INSERT INTO games (id, game, format_version, options, players, created, updated, cursor, finished, "
            "result, table_token) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                rec.id,
                rec.game,
                rec.format_version,
                json.dumps(rec.options, ensure_ascii=False),
                json.dumps([p.model_dump(mode="json") for p in rec.players], ensure_ascii=False),
                created,
                updated,
                len(rec.actions),
                1 if g.finished else 0,
                json.dumps(g.result, ensure_ascii=False) if g.result is not None else None,
                secrets.token_urlsafe(12),
            ),
        )
        self.conn.executemany(
            "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
            [
                (rec.id, seq, a.seat, json.dumps(a.action, ensure_ascii=False, separators=(",", ":")), a.at)
                for seq, a in enumerate(rec.actions, start=1)
            ],
        )
        if g.lines is not None:
            self.conn.execute(
                "INSERT OR REPLACE INTO hist_lines (game_id, cursor, updated, version, data) VALUES (?, ?, ?, ?, ?)",
                (rec.id, len(rec.actions), updated, g.lines_version, g.lines),
            )

    def dump(self) -> dict[str, list[tuple]]:
        """Every row of every table, sorted (for "nothing changed" checks)."""
        out = {}
        with self._lock:
            names = [r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
            for name in names:
                out[name] = sorted(self.conn.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
        return out

    @_writes
    def set_table_token(self, game_id: str, token: str) -> None:
        self._writable()
        with self._lock, self.conn:
            self.conn.execute("UPDATE games SET table_token=? WHERE id=?", (token, game_id))

    def table_token(self, game_id: str) -> str | None:
        with self._lock:
            row = self.conn.execute("SELECT table_token FROM games WHERE id=?", (game_id,)).fetchone()
        return row[0] if row else None

    def meta(self, key: str, default: str | None = None) -> str | None:
        with self._lock:
            row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    @_writes
    def set_meta(self, key: str, value: str) -> None:
        self._writable()
        with self._lock, self.conn:
            self.db["meta"].upsert({"key": key, "value": value}, pk="key")

    def changes(self) -> int:
        """How many rows this store has written since it was opened (SQLite's total_changes): the
        phone build saves to IndexedDB whenever this moved (``companion.platform.write_through``)."""
        return self.conn.total_changes

    def start_writer(self) -> bool:
        """The server's tables commit their writes in one thread of this store (FIFO, one at a
        time: one writer), each awaited by its own table, not on the event loop (issue 18).
        Not for a read-only or in-memory store (nothing to wait for), nor where no thread can
        start (the phone build's browser Python). True if the writer runs."""
        if self.writer is None and not (self.memory or self.readonly or sys.platform == "emscripten"):
            self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        return self.writer is not None

    def close(self) -> None:
        if self.writer is not None:  # what was queued is committed before the file closes
            self.writer.shutdown(wait=True)
            self.writer = None
        for conn in (self._reader, self.conn):
            try:
                if conn is not None:
                    conn.close()
            except sqlite3.Error:
                pass
        if self._file_held is not None:
            self._file_held()
        if self._held is not None:
            self._held()  # the last store of this process on the file drops the lock
