"""A public shard's own file (``<data>/<shard>/shard.sqlite``), and a running file's online copy.

The shard's file knows which spaces exist (when made, from which address's hash, when last
opened), the hashes of the device keys and links that open them, and which space each joinable
game belongs to. What a space holds is in that space's own store file (``Store``); this file holds
no game, profile or name. ``companion.web.spaces`` decides what these rows mean; here is only the
SQL, so the store stays the one door to SQLite.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import sqlite_utils


class ShardIndex:
    """The rows of one shard's file; every method is one short transaction."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite_utils.Database(str(path))
        self.db.execute("PRAGMA journal_mode=WAL")
        self._lock = threading.RLock()
        self.db.table("spaces").create({"id": str, "created": float, "opened": float, "addr": str}, pk="id",
                                       if_not_exists=True)
        self.db.table("devices").create({"key": str, "space": str, "created": float}, pk="key",
                                        if_not_exists=True)
        self.db.table("links").create({"space": str, "key": str}, pk="space", if_not_exists=True)
        self.db.table("games").create({"id": str, "space": str}, pk="id", if_not_exists=True)
        self.db.table("links").create_index(["key"], if_not_exists=True)
        self.db.table("spaces").create_index(["addr", "created"], if_not_exists=True)

    def _one(self, sql: str, params: list[object]) -> object | None:
        with self._lock:
            row = self.db.execute(sql, params).fetchone()
        return row[0] if row else None

    # --- spaces ----------------------------------------------------------------------------------
    def made_since(self, addr: str, since: float) -> int:
        n = self._one("SELECT count(*) FROM spaces WHERE addr = ? AND created > ?", [addr, since])
        return n if isinstance(n, int) else 0

    def add_space(self, space: str, addr: str, now: float, device: str) -> None:
        with self._lock, self.db.conn:
            self.db.table("spaces").insert({"id": space, "created": now, "opened": now, "addr": addr})
            self.db.table("devices").insert({"key": device, "space": space, "created": now})

    def has_space(self, space: str) -> bool:
        return self._one("SELECT 1 FROM spaces WHERE id = ?", [space]) is not None

    def opened(self, space: str) -> float | None:
        v = self._one("SELECT opened FROM spaces WHERE id = ?", [space])
        return float(v) if isinstance(v, int | float) else None

    def touch(self, space: str, now: float) -> None:
        with self._lock, self.db.conn:
            self.db.execute("UPDATE spaces SET opened = ? WHERE id = ?", [now, space])

    def not_opened_since(self, cutoff: float) -> list[str]:
        with self._lock:
            return [str(r[0]) for r in self.db.execute("SELECT id FROM spaces WHERE opened < ?", [cutoff])]

    def delete_space(self, space: str) -> None:
        with self._lock, self.db.conn:
            for table in ("devices", "links", "games"):
                self.db.execute(f"DELETE FROM {table} WHERE space = ?", [space])
            self.db.execute("DELETE FROM spaces WHERE id = ?", [space])

    def count(self) -> int:
        n = self._one("SELECT count(*) FROM spaces", [])
        return n if isinstance(n, int) else 0

    # --- devices and links -----------------------------------------------------------------------
    def device_space(self, device: str) -> str | None:
        v = self._one("SELECT space FROM devices WHERE key = ?", [device])
        return str(v) if v is not None else None

    def add_device(self, device: str, space: str, now: float) -> None:
        with self._lock, self.db.conn:
            self.db.table("devices").insert({"key": device, "space": space, "created": now})

    def set_link(self, space: str, link: str) -> None:
        with self._lock, self.db.conn:
            self.db.table("links").upsert({"space": space, "key": link}, pk="space")

    def link_space(self, link: str) -> str | None:
        v = self._one("SELECT space FROM links WHERE key = ?", [link])
        return str(v) if v is not None else None

    # --- games -----------------------------------------------------------------------------------
    def add_game(self, game_id: str, space: str) -> None:
        with self._lock, self.db.conn:
            self.db.table("games").insert({"id": game_id, "space": space}, ignore=True)

    def game_space(self, game_id: str) -> str | None:
        v = self._one("SELECT space FROM games WHERE id = ?", [game_id])
        return str(v) if v is not None else None

    def games_starting(self, prefix: str, limit: int = 2) -> list[str]:
        """Game ids that start with ``prefix`` (the primary key's range, not a scan; ids are hex digits,
        all below "z")."""
        with self._lock:
            rows = self.db.execute("SELECT id FROM games WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                                   [prefix, prefix + "z", limit]).fetchall()
        return [str(r[0]) for r in rows]

    def close(self) -> None:
        with self._lock:
            self.db.close()


def online_copy(src: Path, dest: Path) -> str:
    """A consistent copy of the SQLite file ``src`` while its server writes it (SQLite's online backup,
    which also takes what is still in the write-ahead log), then the copy's check: "ok" or what
    SQLite found wrong."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"{src.resolve().as_uri()}?mode=ro", uri=True)
    target = sqlite3.connect(dest)
    try:
        source.backup(target)
        return str(target.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        target.close()
        source.close()
