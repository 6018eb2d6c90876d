"""The store: games and their action logs in SQLite, through sqlite-utils.

- ``games``: one row per game (record header, cursor for undo/redo, result, ``rev``).
- ``actions``: the log, primary key (game_id, seq); seq is 1-based and unique,
  so two submits can never fork a game's log.
- ``meta``: the schema version; older files migrate forward, a newer file is
  opened read-only and never written.
- ``profiles``: lasting player profiles (``companion.records.profiles``); ``birth_year`` holds only
  the year (who is the youngest at the table), NULL when none was given.
- ``games.clock_*``: the table's clock of a game (``companion.store.clocks``), not part of its log.
- ``hist_lines``: per finished game its players' compact statistics lines, a cache
  ``companion.records.history`` keeps valid by the game's cursor and last update.

The store is the only door to SQLite: every table is made by the
versioned migrations below, and history, profiles and backup import go through
the repository methods here, never through a connection of their own.

An action is committed (WAL, synchronous=FULL) before any screen shows it.
The server commits in the store's one writer thread (``start_writer``), so a commit's fsync
keeps only the table it belongs to waiting, not every table of the process; the
table and its screens wait for it (``companion.table.table``).

One writer per database (DESIGN "One writer per database"): a store
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
user cannot read) is named as one and the file is opened read-only or not at all.
A game whose rows cannot be read is listed as damaged and refused on open; every other
game works.
"""

from companion.store.clocks import GameClock
from companion.store.file_lock import lock_path
from companion.store.games import Store
from companion.store.opening import StoreFile, warm
from companion.store.values import (
    APP_ID,
    FATAL_AT_START,
    PROFILE_COLUMNS,
    SCHEMA_VERSION,
    SHORT_ID,
    STORE_STRINGS,
    Added,
    NewGame,
    Notice,
    StoreError,
    default_path,
)

__all__ = [
    "APP_ID",
    "FATAL_AT_START",
    "PROFILE_COLUMNS",
    "SCHEMA_VERSION",
    "SHORT_ID",
    "STORE_STRINGS",
    "Added",
    "GameClock",
    "NewGame",
    "Notice",
    "Store",
    "StoreError",
    "StoreFile",
    "default_path",
    "lock_path",
    "warm",
]
