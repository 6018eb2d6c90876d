"""The store's games and their logs, and the repository of history, statistics, profiles and
backup: the one door to SQLite."""

from __future__ import annotations

import gc
import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager

from pydantic import ValidationError

from companion.store.clocks import GameClock, GameClocks, parse_utc, utc_now
from companion.store.opening import _writes
from companion.store.values import (
    _ACTIONS,
    _LOG_AS_JSON,
    _PROFILE_SELECT,
    _PROFILE_SELECT_V4,
    PROFILE_COLUMNS,
    Added,
    Json,
    NewGame,
    Row,
    StoreError,
    _uri,
)
from scoring.engine import GameRecord, RecordedAction

_GAME_COLUMNS = "id, game, format_version, options, players, created, updated, cursor, finished, result"
_ACTION_COLUMNS = "game_id, seq, seat, action, at"
_LINES_COLUMNS = "game_id, cursor, updated, version, data"


def _marks(n: int) -> str:
    return ", ".join("?" * n)


def _staging(name: str) -> str:
    """The staging tables' prefix of an import (``name``: letters and digits, made by the caller)."""
    if not name.isalnum() or not name.isascii():
        raise ValueError("a staging name is letters and digits")
    return f"staged_{name}"


def whole_rows(g: NewGame) -> tuple[Row, list[Row], Row | None]:
    """A whole game as the store's rows: the ``games`` row (``_GAME_COLUMNS``, no table token),
    its ``actions`` rows and its ``hist_lines`` row (None: no lines). Plain tuples of str, int and
    None: what the checking process hands back for a large import, cheap to unpickle."""
    rec = g.record
    created = rec.created or time.strftime("%Y-%m-%dT%H:%M:%S")
    updated = g.updated or next((a.at for a in reversed(rec.actions) if a.at), None) or created
    game = (
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
    )
    actions = [(rec.id, seq, a.seat, json.dumps(a.action, ensure_ascii=False, separators=(",", ":")), a.at)
               for seq, a in enumerate(rec.actions, start=1)]
    lines = (rec.id, len(rec.actions), updated, g.lines_version, g.lines) if g.lines is not None else None
    return game, actions, lines


class Store(GameClocks):
    # --- games ------------------------------------------------------------------
    @_writes
    def create_game(self, record: GameRecord) -> None:
        self._writable()
        now = time.strftime("%Y-%m-%dT%H:%M:%S")
        played, since = GameClock(since=parse_utc(record.created) or utc_now()).columns()  # runs from the start
        with self._lock, self.conn:
            self.db.table("games").insert(
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
                    "clock_played": played,
                    "clock_since": since,
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
    def append(self, game_id: str, expected_seq: int, act: RecordedAction, *, result: Json | None = None,
               expected_rev: int | None = None) -> int:
        """Commit ``act`` as action number ``expected_seq + 1`` of a game whose cursor the caller
        believes is ``expected_seq`` (and, if given, whose log revision is ``expected_rev``); drops
        the redo tail after that cursor. Returns the game's new revision.

        Compare-and-set inside the transaction: if the game moved on meanwhile,
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

    def _set_cursor(self, game_id: str, cursor: int, rev: int, result: Json | None) -> None:
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
    def move_cursor(self, game_id: str, from_cursor: int, to_cursor: int, *, result: Json | None = None,
                    expected_rev: int | None = None) -> int:
        """Undo/redo: the log keeps its actions; the cursor says how many count. Refused with
        ``db_stale`` unless the cursor is ``from_cursor`` (and the revision ``expected_rev``)
        now. Returns the game's new revision."""
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
        and the other games go on. Linear in the number of actions: SQLite hands the log over
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

    def _read_conn(self) -> tuple[sqlite3.Connection, AbstractContextManager[bool]]:
        """A connection for a long read and the lock that guards it: a second, read-only one for a
        file being written (WAL lets it read while the writer commits), so opening a long game
        does not make every other table's append wait."""
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
        return "rev" if "rev" in self.db.table("games").columns_dict else "0"

    def _damaged(self, game_id: str, seq: int) -> None:
        self.mark_damaged(game_id, seq)
        raise StoreError("game_damaged", game_id=game_id, seq=seq)

    def _parse_log(self, game_id: str, text: str | None,
                   rows: list[Row] | None) -> tuple[RecordedAction, ...]:
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

    def games(self, *, finished: bool | None = None, limit: int = 200) -> list[Json]:
        """The games, newest first; ``damaged`` says a game cannot be opened."""
        where, params = "", []
        if finished is not None:
            where, params = "WHERE finished = ?", [1 if finished else 0]
        with self._lock:
            rows = self.conn.execute(
                f"SELECT id, game, players, created, updated, cursor, finished, result FROM games {where} "
                "ORDER BY updated DESC, created DESC LIMIT ?",
                [*params, int(limit)],
            ).fetchall()
        self._find_damaged([r[0] for r in rows])
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
        index, never a scan of the games (a join link's short id)."""
        with self._lock:
            return [r[0] for r in self.conn.execute(
                "SELECT id FROM games WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                (prefix, prefix + chr(0x10FFFF), int(limit)))]

    def has_game(self, game_id: str) -> bool:
        with self._lock:
            return self.conn.execute("SELECT 1 FROM games WHERE id=?", (game_id,)).fetchone() is not None

    # --- repository: history, statistics, profiles, backup ------------------------------
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
                       newest_first: bool = True) -> list[Json]:
        """Finished games with players (as stored), result and date (``updated``: when it ended)."""
        where = "WHERE finished = 1"
        params: list[str | int] = []
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

    def players_and_result(self, game_id: str) -> tuple[list[Json], Json | None]:
        """A game's seats (as stored) and its stored result (None: not finished)."""
        with self._lock:
            row = self.conn.execute("SELECT players, result FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError("no_game", game_id=game_id)
        return json.loads(row[0]), json.loads(row[1]) if row[1] else None

    def finished_with_lines(self) -> list[Row]:
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
    def save_lines(self, rows: list[Json]) -> None:
        """Store statistics lines ({game_id, cursor, updated, version, data}); nothing on a read-only store."""
        if self.readonly or not rows:
            return
        self._check_file()
        with self._lock, self.conn:
            self.db.table("hist_lines").upsert_all(rows, pk="game_id")

    def _profile_select(self) -> str:
        """The profiles' columns as this file holds them (a read-only file of older code may lack one)."""
        with self._lock:
            columns = {r[1] for r in self.conn.execute("PRAGMA table_info(profiles)")}
        return _PROFILE_SELECT if "birth_year" in columns else _PROFILE_SELECT_V4

    def profile_rows(self) -> list[Json]:
        """Every profile row, by name (case-insensitive), then id."""
        if not self._has_table("profiles"):
            return []
        select = self._profile_select()
        with self._lock:
            cur = self.conn.execute(f"{select} ORDER BY name COLLATE NOCASE, id")
            return [dict(zip(PROFILE_COLUMNS, r)) for r in cur.fetchall()]

    def profile_row(self, profile_id: str) -> Json | None:
        if not self._has_table("profiles"):
            return None
        select = self._profile_select()
        with self._lock:
            r = self.conn.execute(f"{select} WHERE id=?", (profile_id,)).fetchone()
        return dict(zip(PROFILE_COLUMNS, r)) if r else None

    def profile_names(self) -> dict[str, str]:
        """Profile id -> its name now."""
        return {r["id"]: r["name"] for r in self.profile_rows()}

    @_writes
    def save_profile(self, row: Json) -> None:
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
    def add_games(self, games: Iterable[NewGame], profiles: Iterable[Json] = ()) -> Added:
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
            out.profiles_added = self._add_profiles(profiles)
        return out

    def _add_profiles(self, profiles: Iterable[Json]) -> int:
        """Profiles whose id is new, inside the caller's transaction; how many."""
        n = 0
        for p in profiles:
            if self.conn.execute("SELECT 1 FROM profiles WHERE id=?", (p["id"],)).fetchone():
                continue
            self.db.table("profiles").insert({k: p.get(k) for k in PROFILE_COLUMNS})
            n += 1
        return n

    def _insert_whole(self, g: NewGame) -> None:
        """The columns ``create_game`` writes, inside the caller's transaction."""
        game, actions, lines = whole_rows(g)
        self.conn.execute(f"INSERT INTO games ({_GAME_COLUMNS}, table_token) VALUES ({_marks(11)})",
                          (*game, secrets.token_urlsafe(12)))
        self.conn.executemany(f"INSERT INTO actions ({_ACTION_COLUMNS}) VALUES ({_marks(5)})", actions)
        if lines is not None:
            self.conn.execute(f"INSERT OR REPLACE INTO hist_lines ({_LINES_COLUMNS}) VALUES ({_marks(5)})", lines)

    # --- a large import, staged -----------------------------------------------------------
    # The rows of an import go into this connection's TEMP tables first, a chunk per writer job
    # (each its own small transaction on the temp database only: the store's file is not touched,
    # no other connection sees them, a crash drops them), so a table's commit gets in between;
    # then ``merge_staged`` copies them into the store's tables in ONE transaction (SQLite's own
    # INSERT ... SELECT, no Python per row): all or nothing, as ``add_games``.
    @_writes
    def stage(self, name: str, *, games: Iterable[Row] = (), actions: Iterable[Row] = (),
              lines: Iterable[Row] = ()) -> None:
        """Rows of the import ``name`` (``whole_rows``' three kinds) into its staging tables, made on
        the first call; committed there, nothing of the store's own tables changes."""
        if self.readonly:
            raise StoreError("db_readonly_write", path=str(self.path))
        t = _staging(name)
        with self._lock:
            self._same_staging(name)
            self.conn.execute(f"CREATE TEMP TABLE IF NOT EXISTS {t}_games (ord INTEGER PRIMARY KEY, "
                              f"{_GAME_COLUMNS}, table_token, UNIQUE (id))")
            self.conn.execute(f"CREATE TEMP TABLE IF NOT EXISTS {t}_actions ({_ACTION_COLUMNS})")
            self.conn.execute(f"CREATE TEMP TABLE IF NOT EXISTS {t}_lines ({_LINES_COLUMNS})")
            with self.conn:
                self.conn.executemany(f"INSERT INTO temp.{t}_games ({_GAME_COLUMNS}, table_token) "
                                      f"VALUES ({_marks(11)})",
                                      ((*g, secrets.token_urlsafe(12)) for g in games))
                self.conn.executemany(f"INSERT INTO temp.{t}_actions VALUES ({_marks(5)})", actions)
                self.conn.executemany(f"INSERT INTO temp.{t}_lines VALUES ({_marks(5)})", lines)

    def _same_staging(self, name: str) -> None:
        """An import's staging tables live in one connection: if the store had to open its file
        anew meanwhile (written back after it was deleted) what was staged is gone,
        and the import is refused rather than merged half."""
        conn = self._staging_conns.setdefault(name, self.conn)
        if conn is not self.conn:
            raise StoreError("db_write_failed", path=str(self.path), detail="the import's staged rows were lost")

    @_writes
    def merge_staged(self, name: str, profiles: Iterable[Json] = (),
                     check: Callable[[Store], None] | None = None) -> Added:
        """The games staged as ``name`` into the store, with ``profiles``, in ONE transaction: all or
        nothing; a game or profile whose id is already here is left as it is (``add_games``'
        rule). ``check(store)`` runs first, inside the transaction (what it raises changes
        nothing). The staging tables are dropped whatever happens."""
        t = _staging(name)
        out = Added()
        try:
            self._writable()
            with self._lock, self.conn:
                self._same_staging(name)
                self.conn.execute("BEGIN IMMEDIATE")
                if check is not None:
                    check(self)
                if self.conn.execute("SELECT 1 FROM sqlite_temp_master WHERE name=?", (f"{t}_games",)).fetchone():
                    out.already = [r[0] for r in self.conn.execute(
                        f"SELECT id FROM temp.{t}_games WHERE id IN (SELECT id FROM main.games) ORDER BY ord")]
                    self.conn.execute(f"DELETE FROM temp.{t}_games WHERE id IN (SELECT id FROM main.games)")
                    new = f"(SELECT id FROM temp.{t}_games)"
                    out.added = [r[0] for r in self.conn.execute(f"SELECT id FROM temp.{t}_games ORDER BY ord")]
                    self.conn.execute(f"INSERT INTO main.games ({_GAME_COLUMNS}, table_token) "
                                      f"SELECT {_GAME_COLUMNS}, table_token FROM temp.{t}_games ORDER BY ord")
                    self.conn.execute(f"INSERT INTO main.actions ({_ACTION_COLUMNS}) SELECT {_ACTION_COLUMNS} "
                                      f"FROM temp.{t}_actions WHERE game_id IN {new} ORDER BY rowid")
                    self.conn.execute(f"INSERT OR REPLACE INTO main.hist_lines ({_LINES_COLUMNS}) "
                                      f"SELECT {_LINES_COLUMNS} FROM temp.{t}_lines WHERE game_id IN {new} "
                                      "ORDER BY rowid")
                out.profiles_added = self._add_profiles(profiles)
        finally:
            self.drop_staged(name)
        return out

    def drop_staged(self, name: str) -> None:
        """The staging tables of the import ``name`` go (merged, refused or failed midway)."""
        t = _staging(name)
        with self._lock:
            self._staging_conns.pop(name, None)
            try:
                if self.conn.in_transaction:
                    self.conn.rollback()
                for kind in ("games", "actions", "lines"):
                    self.conn.execute(f"DROP TABLE IF EXISTS temp.{t}_{kind}")
            except sqlite3.Error:  # the connection was closed or replaced meanwhile: gone with it
                pass

    def dump(self) -> dict[str, list[Row]]:
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
            self.db.table("meta").upsert({"key": key, "value": value}, pk="key")
