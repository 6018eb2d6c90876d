"""The table's clock of each game: how long it has been played, paused and resumed by a tap.

It is kept with the game (``games.clock_played``, ``games.clock_since``), never in its log: a
pause is no move, so undo and redo never touch it, and a replay never sees it. NULL in both
columns: a game of older code or an import, which keeps the time its moves took
(``companion.records.history.played_seconds``).

    >>> start = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
    >>> clock = GameClock(since=start)                       # running since 19:00 in Berlin
    >>> clock = clock.paused(start + timedelta(minutes=20))  # a break
    >>> clock.seconds(start + timedelta(hours=5))
    1200.0
    >>> clock.resumed(start + timedelta(hours=1)).seconds(start + timedelta(hours=1, minutes=22))
    2520.0

Times are aware (UTC as stored): arithmetic across a change of summer time stays right.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion.store.opening import StoreFile, _writes
from companion.store.values import StoreError

_CHUNK = 500  # ids per query: below every SQLite's limit of bound values


def utc_now() -> datetime:
    return datetime.now(UTC)


def parse_utc(text: object) -> datetime | None:
    """A stored time as an aware time (a naive one is this device's local time); None: not one."""
    if not isinstance(text, str) or not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.astimezone()


@dataclass(frozen=True)
class GameClock:
    """``played`` seconds counted before ``since``; running since ``since`` (None: paused)."""

    played: float = 0.0
    since: datetime | None = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def seconds(self, now: datetime) -> float:
        """Seconds played at ``now`` (a ``now`` before the run began adds nothing)."""
        if self.since is None:
            return self.played
        return self.played + max(0.0, (now - self.since).total_seconds())

    def paused(self, now: datetime) -> GameClock:
        """Stopped at ``now``; a paused clock stays as it is (two phones tapping at once)."""
        return GameClock(self.seconds(now)) if self.running else self

    def resumed(self, now: datetime) -> GameClock:
        """Running again from ``now``; a running clock stays as it is."""
        return self if self.running else GameClock(self.played, now)

    def columns(self) -> tuple[float, str | None]:
        """As stored: (``clock_played``, ``clock_since``)."""
        return self.played, self.since.astimezone(UTC).isoformat(timespec="milliseconds") if self.since else None

    @classmethod
    def of(cls, played: object, since: object) -> GameClock | None:
        """From the stored columns; None: no clock data (or none that can be trusted: a file is
        read as it is, and a value that is not a duration counts as none)."""
        if isinstance(played, bool) or not isinstance(played, (int, float)):
            return None
        if not math.isfinite(played) or not 0 <= played < timedelta(days=3650).total_seconds():
            return None
        return cls(float(played), parse_utc(since))


class GameClocks(StoreFile):
    """The store's door to the clocks. The clock of a game is read once per process and then
    kept here (one writer per database: every change of it goes through this store), so a
    screen that shows it at every render never waits for another table's commit."""

    def __init__(self, path: str | Path | None = None, *, durable: bool = True, timeout: float = 5.0) -> None:
        self._clocks: dict[str, GameClock | None] = {}
        super().__init__(path, durable=durable, timeout=timeout)

    def _has_clocks(self) -> bool:
        """A file of older code opened read-only was never migrated: it has no clock columns."""
        return not self.readonly or "clock_played" in self.db.table("games").columns_dict

    def clock(self, game_id: str) -> GameClock | None:
        """The game's clock (None: no clock data); ``StoreError('no_game')`` for an unknown game."""
        if game_id in self._clocks:
            return self._clocks[game_id]
        if not self._has_clocks():
            return None
        with self._lock:
            row = self.conn.execute("SELECT clock_played, clock_since FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError("no_game", game_id=game_id)
        clock = self._clocks[game_id] = GameClock.of(*row)
        return clock

    @_writes
    def change_clock(self, game_id: str, change: Callable[[GameClock | None], GameClock]) -> GameClock:
        """The game's clock becomes ``change(clock now)``, read and written in one transaction (two
        phones' taps never lose one another); nothing is written if it stays the same."""
        self._writable()
        with self._lock, self.conn:
            row = self.conn.execute("SELECT clock_played, clock_since FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None:
                raise StoreError("no_game", game_id=game_id)
            before = GameClock.of(*row)
            after = change(before)
            if after != before:
                self.conn.execute("UPDATE games SET clock_played=?, clock_since=? WHERE id=?",
                                  (*after.columns(), game_id))
        self._clocks[game_id] = after
        return after

    def played_times(self, ids: list[str]) -> dict[str, tuple[GameClock | None, str | None, str | None]]:
        """Per game: its clock and the times of its first and last timed moves that count (what
        ``companion.records.history.played_seconds`` needs, without loading whole logs)."""
        clock_cols = "g.clock_played, g.clock_since" if self._has_clocks() else "NULL, NULL"
        timed = "FROM actions a WHERE a.game_id = g.id AND a.seq <= g.cursor AND coalesce(a.at, '') != ''"
        out = {}
        for i in range(0, len(ids), _CHUNK):
            part = ids[i:i + _CHUNK]
            with self._lock:
                rows = self.conn.execute(
                    f"SELECT g.id, {clock_cols}, (SELECT a.at {timed} ORDER BY a.seq LIMIT 1), "
                    f"(SELECT a.at {timed} ORDER BY a.seq DESC LIMIT 1) FROM games g "
                    f"WHERE g.id IN ({', '.join('?' * len(part))})",
                    part,
                ).fetchall()
            out.update({gid: (GameClock.of(played, since), first, last) for gid, played, since, first, last in rows})
        return out
