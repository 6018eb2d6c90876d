"""The store: games and their action logs in SQLite, through sqlite-utils.

- ``games``: one row per game (record header, cursor for undo/redo, result).
- ``actions``: the log, primary key (game_id, seq); seq is 1-based and unique,
  so two submits can never fork a game's log.
- ``meta``: the schema version; older files migrate forward, a newer file is
  opened read-only and never written.

An action is committed (WAL, synchronous=FULL) before any screen shows it.
A corrupt or foreign file is never overwritten: it is moved aside and a new
store is started, and ``notice`` says so for the app to show.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import sqlite_utils

from scoring.engine import GameRecord, RecordedAction

SCHEMA_VERSION = 2
APP_ID = "tischrichter"
SQLITE_MAGIC = b"SQLite format 3\x00"


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
    def wrapper(self: "Store", *args: Any, **kwargs: Any) -> Any:
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


def _looks_foreign(path: Path) -> str | None:
    """Why the file at ``path`` is not ours (None: it is ours or empty/new)."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    with open(path, "rb") as fh:
        head = fh.read(16)
    if head != SQLITE_MAGIC:
        return "not_sqlite"
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.5)
        try:
            conn.execute("PRAGMA quick_check").fetchall()
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                return None
            if "meta" not in tables:
                return "foreign"
            row = conn.execute("SELECT value FROM meta WHERE key='app'").fetchone()
            if not row or row[0] != APP_ID:
                return "foreign"
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return None
        return "corrupt"
    return None


class Store:
    def __init__(self, path: str | Path | None = None, *, durable: bool = True, timeout: float = 5.0) -> None:
        self.timeout = timeout
        self.path = Path(path) if path is not None else default_path()
        self.readonly = False
        self.notices: list[Notice] = []
        self._lock = threading.RLock()
        self.memory = str(self.path) == ":memory:"
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
        why = _looks_foreign(self.path)
        if why is not None:
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
        writable = os.access(self.path if self.path.exists() else self.path.parent, os.W_OK)
        if self.path.exists() and not writable:
            self._open_readonly("db_readonly")
            return
        try:
            self.conn = sqlite3.connect(str(self.path), timeout=self.timeout, check_same_thread=False, isolation_level=None)
            self.conn.execute(f"PRAGMA busy_timeout={int(self.timeout * 1000)}")
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self.conn.isolation_level = ""  # back to implicit transactions for sqlite-utils
            self.db = sqlite_utils.Database(self.conn)
            version = self._version()
            if version > SCHEMA_VERSION:
                self.conn.close()
                self._open_readonly("db_newer", version=str(version))
                return
            self._migrate()
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

    def _open_readonly(self, key: str, **params: str) -> None:
        self.notices.append(Notice(key, {"path": str(self.path), **params}))
        self._open_readonly_or_memory()

    def _open_readonly_or_memory(self) -> None:
        try:
            self.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False, timeout=2.0)
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
        if "meta" not in self.db.table_names():
            return 0
        row = self.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(row[0]) if row else 0

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
            self.db["meta"].upsert({"key": "schema_version", "value": str(SCHEMA_VERSION)}, pk="key")

    @property
    def version(self) -> int:
        return self._version()

    def _writable(self) -> None:
        if self.readonly:
            raise StoreError("db_readonly_write", path=str(self.path))

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
    def append(self, game_id: str, seq: int, act: RecordedAction, *, result: dict | None = None) -> None:
        """Commit action number ``seq`` (1-based); drops a redo tail first.

        Raises ``StoreError('stale')`` if ``seq`` is not the next one: a log never forks.
        """
        self._writable()
        with self._lock, self.conn:
            row = self.conn.execute("SELECT cursor FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None:
                raise StoreError("no_game", game_id=game_id)
            if row[0] != seq - 1:
                raise StoreError("stale", expected=row[0] + 1, got=seq)
            self.conn.execute("DELETE FROM actions WHERE game_id=? AND seq>=?", (game_id, seq))
            self._insert_action(game_id, seq, act)
            self.conn.execute(
                "UPDATE games SET cursor=?, updated=?, finished=?, result=? WHERE id=?",
                (
                    seq,
                    time.strftime("%Y-%m-%dT%H:%M:%S"),
                    1 if result is not None else 0,
                    json.dumps(result, ensure_ascii=False) if result is not None else None,
                    game_id,
                ),
            )

    @_writes
    def move_cursor(self, game_id: str, cursor: int, *, result: dict | None = None) -> None:
        """Undo/redo: the log keeps its actions; the cursor says how many count."""
        self._writable()
        with self._lock, self.conn:
            (count,) = self.conn.execute("SELECT count(*) FROM actions WHERE game_id=?", (game_id,)).fetchone()
            if not 0 <= cursor <= count:
                raise StoreError("bad_cursor", cursor=cursor, count=count)
            self.conn.execute(
                "UPDATE games SET cursor=?, updated=?, finished=?, result=? WHERE id=?",
                (
                    cursor,
                    time.strftime("%Y-%m-%dT%H:%M:%S"),
                    1 if result is not None else 0,
                    json.dumps(result, ensure_ascii=False) if result is not None else None,
                    game_id,
                ),
            )

    def load(self, game_id: str) -> tuple[GameRecord, int]:
        """The whole log (redo tail included) and the cursor."""
        with self._lock:
            row = self.conn.execute(
                "SELECT id, game, format_version, options, players, created, cursor FROM games WHERE id=?", (game_id,)
            ).fetchone()
            if row is None:
                raise StoreError("no_game", game_id=game_id)
            acts = self.conn.execute(
                "SELECT seat, action, at FROM actions WHERE game_id=? ORDER BY seq", (game_id,)
            ).fetchall()
        record = GameRecord.model_validate(
            {
                "format_version": row[2],
                "id": row[0],
                "game": row[1],
                "options": json.loads(row[3]),
                "players": json.loads(row[4]),
                "created": row[5],
                "actions": [{"seat": s, "action": json.loads(a), "at": at} for s, a, at in acts],
            }
        )
        return record, row[6]

    def record(self, game_id: str) -> GameRecord:
        """The record as it counts now (without the redo tail): what export writes."""
        rec, cursor = self.load(game_id)
        return rec.model_copy(update={"actions": rec.actions[:cursor]})

    def games(self, *, finished: bool | None = None, limit: int = 200) -> list[dict[str, Any]]:
        where, params = "", []
        if finished is not None:
            where, params = "WHERE finished = ?", [1 if finished else 0]
        with self._lock:
            rows = self.conn.execute(
                f"SELECT id, game, players, created, updated, cursor, finished, result FROM games {where} "
                "ORDER BY updated DESC, created DESC LIMIT ?",
                [*params, int(limit)],
            ).fetchall()
        return [
            {
                "id": r[0],
                "game": r[1],
                "players": [p["name"] for p in json.loads(r[2])],
                "created": r[3],
                "updated": r[4],
                "actions": r[5],
                "finished": bool(r[6]),
                "result": json.loads(r[7]) if r[7] else None,
            }
            for r in rows
        ]

    def has_game(self, game_id: str) -> bool:
        with self._lock:
            return self.conn.execute("SELECT 1 FROM games WHERE id=?", (game_id,)).fetchone() is not None

    @_writes
    def delete_game(self, game_id: str) -> None:
        self._writable()
        with self._lock, self.conn:
            self.conn.execute("DELETE FROM actions WHERE game_id=?", (game_id,))
            self.conn.execute("DELETE FROM games WHERE id=?", (game_id,))

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

    def close(self) -> None:
        try:
            self.conn.close()
        except sqlite3.Error:
            pass


def iter_records(store: Store, ids: Iterable[str]) -> Iterable[GameRecord]:
    for gid in ids:
        yield store.record(gid)
