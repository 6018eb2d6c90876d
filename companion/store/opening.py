"""Opening a store's file: what is wrong with it, if anything, moving a corrupt file aside,
read-only and permission fallbacks, the file under the store's feet, the migrations; the
store's life (writer thread, close)."""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
import time
import weakref
from collections.abc import Callable, Collection
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

import sqlite_utils

from companion.i18n import tr
from companion.store.file_lock import _HELD_FILES, _release, _release_file, _take_file_lock, _take_lock
from companion.store.values import (
    APP_ID,
    FATAL_AT_START,
    PROFILE_COLUMNS_V4,
    SCHEMA_VERSION,
    SQLITE_MAGIC,
    Json,
    Notice,
    StoreError,
    _uri,
    default_path,
    log,
)

# --- what is wrong with a file, if anything ------------------------------------------------
_CORRUPT_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def warm() -> None:
    """Do once what sqlite-utils does at its first Database: look for its plugins (pluggy's entry
    points: every installed distribution's metadata). The phone site calls this in its start
    snapshot, so no restore pays for it again."""
    from sqlite_utils.plugins import ensure_plugins_loaded

    ensure_plugins_loaded()


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



P = ParamSpec("P")
R = TypeVar("R")
SF = TypeVar("SF", bound="StoreFile")


def _writes(fn: Callable[Concatenate[SF, P], R]) -> Callable[Concatenate[SF, P], R]:
    """A failed write (disk full, file locked too long, ...) is a StoreError, never a crash;
    the transaction is rolled back, so nothing is half written."""
    import functools

    def wrapper(self: SF, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise StoreError("db_write_failed", path=str(self.path), detail=str(exc)[:120]) from None

    return functools.wraps(fn)(wrapper)



class StoreFile:
    """The store's file and connections; ``Store`` adds the games and the repository."""

    def __init__(self, path: str | Path | None = None, *, durable: bool = True, timeout: float = 5.0) -> None:
        self.timeout = timeout
        self.path = Path(path) if path is not None else default_path()
        self.readonly = False
        self.notices: list[Notice] = []
        self._lock = threading.RLock()
        # games whose rows cannot be read: id -> the first bad action's seq (0: the game's own row)
        self.damaged: dict[str, int] = {}
        self._held: weakref.finalize[..., StoreFile] | None = None
        self._reader: sqlite3.Connection | None = None  # loads read here, not under ``_lock``: no append waits
        self._reader_lock = threading.Lock()
        self._staging_conns: dict[str, sqlite3.Connection] = {}  # an import's staged rows: their connection
        # the one thread that commits the tables' writes, in order (``start_writer``; None: callers commit)
        self.writer: ThreadPoolExecutor | None = None
        self.memory = str(self.path) == ":memory:"
        self.durable = durable
        self.lost = False  # the file was deleted or replaced and cannot be written again
        self._file: tuple[int, int] | None = None  # (st_dev, st_ino) of the file this store writes
        self._file_held: weakref.finalize[..., StoreFile] | None = None
        self._checked: set[str] = set()  # games whose action rows ``_find_damaged`` found to be JSON
        if not self.memory:
            self._open_file(durable)
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
        if blocked is not None:  # a permission problem, never "corrupt", never moved
            self._open_without_permission(blocked)
            return
        key, holder = _take_lock(self.path)
        if holder is not None:  # another process writes this file
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
        elif why == "bad_schema":  # a clear message, the file untouched
            self.notices.append(Notice("db_bad_schema", {"path": str(self.path), "value": detail}))
            self._open_memory()
            return
        elif why == "unusable":
            self.notices.append(Notice("db_unusable", {"path": str(self.path), "detail": detail}))
            self._open_memory()
            return
        # the file itself, whatever name it was given (a hard link has its own
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
        from companion import platform

        if platform.IN_BROWSER:
            # The phone's file system is memory, written through to IndexedDB whole file by whole file
            # after each commit (platform.persist): a write-ahead log there grew by each move and was
            # copied again with every tap (up to 4 MB before a checkpoint). One file, changed in place,
            # is what IndexedDB gets instead; a crash loses only memory, IndexedDB keeps the last
            # committed copy.
            conn.execute("PRAGMA journal_mode=MEMORY")
            conn.execute("PRAGMA synchronous=OFF")
        else:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
        conn.isolation_level = "DEFERRED"  # back to implicit transactions (BEGIN) for sqlite-utils
        return conn

    def _hold_file(self, key: tuple[int, int] | None) -> None:
        """This store writes the file with inode ``key`` now (the one before, if any, is let go)."""
        if self._file_held is not None:
            self._file_held()
        self._file = key
        self._file_held = weakref.finalize(self, _release_file, key) if key is not None else None

    # --- the file under the store's feet ------------------------------------------------
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
        """Read what can be read, write nothing, move nothing."""
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
    def _raw_meta(uri: str, key: str) -> object:
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

    def _find_damaged(self, ids: Collection[str]) -> None:
        """Games among ``ids`` with an action row that is not JSON: listed as damaged before anyone
        opens them (one pass over those games' rows, along the key's index). A list of games asks
        for the games it shows (``Store.games``), each once; the store's open no longer reads every
        stored move (it took 17 ms of a 26 ms open with 100 finished games, native; ~10x that on
        a phone's start). Other damage (an unknown action) is found when the game is opened."""
        todo = [g for g in ids if g not in self._checked]
        for i in range(0, len(todo), 500):  # SQLite's bound parameters per statement
            chunk = todo[i:i + 500]
            try:
                with self._lock:
                    rows = self.conn.execute(
                        "SELECT game_id, min(seq) FROM actions "
                        f"WHERE game_id IN ({', '.join('?' * len(chunk))}) AND json_valid(action) = 0 GROUP BY game_id",
                        chunk,
                    ).fetchall()
            except sqlite3.Error:
                return
            for gid, seq in rows:
                self.damaged.setdefault(gid, seq)
            self._checked.update(chunk)

    def mark_damaged(self, game_id: str, seq: int) -> None:
        self.damaged.setdefault(game_id, seq)

    def damage_key(self, game_id: str) -> tuple[str, Json] | None:
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
                self.db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)
                self.db.table("games").create(
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
                self.db.table("actions").create(
                    {"game_id": str, "seq": int, "seat": int, "action": str, "at": str},
                    pk=("game_id", "seq"),
                    foreign_keys=[("game_id", "games", "id")],
                    if_not_exists=True,
                )
                self.db.table("meta").upsert({"key": "app", "value": APP_ID}, pk="key")
            if version < 2:
                # v2: a table (join) token per game, for many phones on one table
                if "table_token" not in self.db.table("games").columns_dict:
                    self.db.table("games").add_column("table_token", str)
                self.db.table("games").create_index(["finished", "updated"], if_not_exists=True)
            if version < 3:
                # v3: a revision per game, bumped by every write of its log (compare-and-set)
                if "rev" not in self.db.table("games").columns_dict:
                    self.db.table("games").add_column("rev", int, not_null_default=0)
            if version < 4:
                # v4: profiles and the statistics cache join the migrations; files of
                # older code may already hold them (made on first use then): kept as they are
                self.db.table("profiles").create(PROFILE_COLUMNS_V4, pk="id", if_not_exists=True)
                self.db.table("hist_lines").create(
                    {"game_id": str, "cursor": int, "updated": str, "version": int, "data": str},
                    pk="game_id",
                    if_not_exists=True,
                )
            if version < 5:
                # v5: the table's clock per game (``companion.store.clocks``); NULL in a game of older
                # code, which keeps the time its moves took
                games = self.db.table("games")
                if "clock_played" not in games.columns_dict:
                    games.add_column("clock_played", float)
                if "clock_since" not in games.columns_dict:
                    games.add_column("clock_since", str)
            if version < 6:
                # v6: a profile's birth year ("the youngest begins"); NULL in a profile of older code
                profiles = self.db.table("profiles")
                if "birth_year" not in profiles.columns_dict:
                    profiles.add_column("birth_year", int)
            if version != SCHEMA_VERSION:
                # only when it changes: an opened file that is up to date is not written at all (the
                # phone then has nothing to save to IndexedDB as it starts)
                self.db.table("meta").upsert({"key": "schema_version", "value": str(SCHEMA_VERSION)}, pk="key")

    @property
    def version(self) -> int:
        return self._version()

    def _writable(self) -> None:
        if self.readonly:
            raise StoreError("db_readonly_write", path=str(self.path))
        self._check_file()


    def changes(self) -> int:
        """How many rows this store has written since it was opened (SQLite's total_changes): the
        phone build saves to IndexedDB whenever this moved (``companion.platform.write_through``)."""
        return self.conn.total_changes

    def start_writer(self) -> bool:
        """The server's tables commit their writes in one thread of this store (FIFO, one at a
        time: one writer), each awaited by its own table, not on the event loop.
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
