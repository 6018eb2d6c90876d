"""Spaces: on a public server every browser that opens the site gets a place of its own.

A **space** holds what the host of a table server holds: its games, profiles, history, statistics
and backup. Each space has a SQLite file of its own (``<data>/<shard>/spaces/<id>.sqlite``): no query
of one space can name another's rows, a space that expires is one file to delete, and its size is
that file's. The shard's own file (``<data>/<shard>/shard.sqlite``) knows only which spaces exist,
which device keys and link open them, and which space each joinable game belongs to.

- A browser holds its space by a cookie ``<shard>-<device key>``: the shard's name first, so the
  proxy in front sends every request of that browser to this process; the key is random and only its
  hash is kept. A space's device link (``/?s=<link key>``) gives another device a key of its own;
  making a new link ends the old one (the devices that used it keep their keys).
- A game's join link names the shard the same way (``/g/<shard>-<short id>``); the shard knows the
  game's space from its file.
- Limits a public server needs, each refused with a sentence in the player's language: new spaces
  per address and day, new games per space and hour, tables shown at once per space, actions per
  table and minute, the size of a space's file. A space nobody opened for ``KEEP_DAYS`` days is
  deleted with its games (its screen says so).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.i18n import add_strings
from companion.shell import AppContext
from companion.store import Store, StoreError
from companion.store.shard_index import ShardIndex
from companion.table.table import Table, Tables
from scoring.engine import PlayerSpec

log = logging.getLogger("tischrichter.spaces")

SHARD_RE = re.compile(r"[a-z][a-z0-9]{0,7}")
KEEP_DAYS = 90  # a space nobody opened for this many days is deleted with its games
SPACES_PER_ADDRESS_PER_DAY = 20  # new spaces one address may make in 24 h (a family's phones, a café's)
GAMES_PER_HOUR = 30  # new games per space in any 60 minutes (an evening has a handful)
OPEN_TABLES = 6  # tables of one space that phones show at once (one group plays one game at a time)
ACTIONS_PER_MINUTE = 300  # per table (Qwixx: four phones crossing on every roll stay far below)
SPACE_BYTES = 20 * 1024 * 1024  # a space's file: thousands of games; a new game beyond it is refused
KEEP_OPEN = 32  # space stores kept open with no phone on them (the others are closed, reopened on demand)
TOUCH_EVERY = 3600.0  # s between two writes of a space's "last opened"
_KEY_RE = re.compile(r"[A-Za-z0-9_-]{20,64}")

add_strings(
    {
        "space.too_many_spaces": {
            "de": "Tischrichter: von diesem Netz wurden heute schon {n} neue Bereiche angelegt. Bitte morgen "
                  "wieder, oder den Link eines bestehenden Bereichs öffnen.",
            "en": "Tischrichter: {n} new spaces were already made from this network today. Please come back "
                  "tomorrow, or open the link of an existing space.",
        },
        "space.too_many_games": {
            "de": "In der letzten Stunde wurden hier schon {n} Spiele angelegt. Bitte später noch einmal starten.",
            "en": "{n} games were already started here in the last hour. Please start again later.",
        },
        "space.too_many_tables": {
            "de": "Gerade sind {n} Spiele dieses Bereichs offen. Ein neues geht, sobald eines davon auf "
                  "keinem Handy mehr offen ist.",
            "en": "{n} games of this space are open right now. A new one can start once one of them is "
                  "open on no phone any more.",
        },
        "space.full": {
            "de": "Der Speicher dieses Bereichs ist voll ({mb} MB). Neue Spiele gehen hier nicht mehr; die "
                  "gespeicherten bleiben. Eine Sicherung exportieren (Verlauf) und in einem neuen Bereich "
                  "weitermachen.",
            "en": "This space's storage is full ({mb} MB). No new games here; the saved ones stay. Export a "
                  "backup (History) and go on in a new space.",
        },
        "space.too_many_actions": {
            "de": "Zu viele Züge in einer Minute ({n}) an diesem Tisch. Bitte kurz warten.",
            "en": "Too many moves in one minute ({n}) at this table. Please wait a moment.",
        },
    }
)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def split_shard(value: str | None) -> tuple[str, str] | None:
    """``<shard>-<rest>`` as (shard, rest); None for anything else."""
    if not value or len(value) > 120:
        return None
    shard, sep, rest = value.partition("-")
    return (shard, rest) if sep and SHARD_RE.fullmatch(shard) and rest else None


class SpaceTables(Tables):
    """One space's tables: the per-hour bound on new games, the bound on tables shown at once, the
    size of its file, and the actions of each table per minute."""

    KEEP_IDLE = 2  # per space: a shard holds many spaces
    ACTIONS_PER_MINUTE = ACTIONS_PER_MINUTE

    def __init__(self, store: Store, now: Callable[[], float] = time.monotonic) -> None:
        super().__init__(store)
        self.now = now
        self.made: deque[float] = deque()
        self.acts: dict[str, deque[float]] = {}

    def create(self, game_id: str, players: list[PlayerSpec], options: Mapping[str, object] | None = None) -> Table:
        t = self.now()
        while self.made and t - self.made[0] >= 3600.0:
            self.made.popleft()
        if len(self.made) >= GAMES_PER_HOUR:
            raise StoreError("space.too_many_games", n=GAMES_PER_HOUR)
        with self._guard:
            shown = sum(1 for table in self._tables.values() if not table.idle())
        if shown >= OPEN_TABLES:
            raise StoreError("space.too_many_tables", n=OPEN_TABLES)
        if self.store.path is not None and _file_bytes(Path(self.store.path)) >= SPACE_BYTES:
            raise StoreError("space.full", mb=SPACE_BYTES // (1024 * 1024))
        table = super().create(game_id, players, options)
        self.made.append(t)
        return table

    def action_allowed(self, game_id: str) -> bool:
        """One more action at ``game_id``'s table now (counted), or False over the bound."""
        t = self.now()
        seen = self.acts.setdefault(game_id, deque())
        while seen and t - seen[0] >= 60.0:
            seen.popleft()
        if len(seen) >= self.ACTIONS_PER_MINUTE:
            return False
        seen.append(t)
        return True



def _file_bytes(path: Path) -> int:
    total = 0
    for p in (path, path.with_name(path.name + "-wal")):
        try:
            total += p.stat().st_size
        except OSError:
            pass
    return total


class Spaces:
    """The spaces of one shard: who holds which, their stores, their games' join lookups."""

    def __init__(self, data: str | Path, shard: str, base_url: str, now: Callable[[], float] = time.time) -> None:
        if not SHARD_RE.fullmatch(shard):
            raise ValueError(f"a shard's name is a lowercase letter and up to 7 letters or digits: {shard!r}")
        self.shard = shard
        self.base_url = base_url
        self.now = now
        self.root = Path(data) / shard
        (self.root / "spaces").mkdir(parents=True, exist_ok=True)
        self.index = ShardIndex(self.root / "shard.sqlite")
        self._open: OrderedDict[str, AppContext] = OrderedDict()
        self._guard = threading.RLock()
        self.sweep()

    # --- who holds which space -------------------------------------------------------------------
    def cookie(self, key: str) -> str:
        return f"{self.shard}-{key}"

    def _key(self, value: str | None) -> str | None:
        """The key of a ``<shard>-<key>`` value of this shard (None: another shard's, or no key)."""
        parts = split_shard(value)
        return parts[1] if parts is not None and parts[0] == self.shard and _KEY_RE.fullmatch(parts[1]) else None

    def mint(self, addr: str) -> tuple[str, str] | None:
        """A new space made for a browser at ``addr``: (space id, its cookie's value); None when that
        address made ``SPACES_PER_ADDRESS_PER_DAY`` today."""
        t = self.now()
        addr_key = _hash("addr " + addr)[:24]
        with self._guard:
            if self.index.made_since(addr_key, t - 86400) >= SPACES_PER_ADDRESS_PER_DAY:
                return None
            space, key = secrets.token_hex(16), secrets.token_urlsafe(24)
            self.index.add_space(space, addr_key, t, _hash(key))
        return space, self.cookie(key)

    def space_of_cookie(self, value: str | None) -> str | None:
        """The space a ``<shard>-<device key>`` cookie opens on this shard (None: none)."""
        key = self._key(value)
        return self.index.device_space(_hash(key)) if key else None

    def link_key(self, space: str, *, new: bool = False) -> str:
        """The key of ``space``'s device link (``/?s=<key>``); ``new``: a fresh one, the old link ends.
        Kept in the space's own file (to show it again), its hash in the shard's."""
        store = self.context(space).store
        key = None if new else store.meta("device_link")
        if not key:
            key = secrets.token_urlsafe(18)
            store.set_meta("device_link", key)
            self.index.set_link(space, _hash(key))
        return self.cookie(key)

    def _device_link(self, space: str, new: bool) -> str:
        return f"{self.base_url.rstrip('/')}/?s={self.link_key(space, new=new)}"

    def by_link(self, value: str | None) -> tuple[str, str] | None:
        """A device link's key: (its space, a new device cookie for it), or None."""
        link = self._key(value)
        space = self.index.link_space(_hash(link)) if link else None
        if space is None:
            return None
        key = secrets.token_urlsafe(24)
        self.index.add_device(_hash(key), space, self.now())
        return space, self.cookie(key)

    # --- games ------------------------------------------------------------------------------------
    def announce(self, space: str, game_id: str) -> None:
        """``game_id`` of ``space`` may be joined through this shard."""
        if self.index.game_space(game_id) is None:
            self.index.add_game(game_id, space)

    def space_of_game(self, game_id: str) -> str | None:
        return self.index.game_space(game_id)

    def resolve(self, ident: str) -> str | None:
        """A join link's ``<shard>-<short id>`` (or a whole id): the game id on this shard, or None."""
        parts = split_shard(ident)
        if parts is None or parts[0] != self.shard or not re.fullmatch(r"[0-9a-f]{6,32}", parts[1]):
            return None
        hits = self.index.games_starting(parts[1])
        if parts[1] in hits:
            return parts[1]
        return hits[0] if len(hits) == 1 else None

    def table_token(self, game_id: str) -> str | None:
        space = self.space_of_game(game_id)
        if space is None or not self.index.has_space(space):
            return None
        return self.context(space).store.table_token(game_id)

    # --- stores -----------------------------------------------------------------------------------
    def path(self, space: str) -> Path:
        if not re.fullmatch(r"[0-9a-f]{32}", space):
            raise ValueError("not a space id")
        return self.root / "spaces" / f"{space}.sqlite"

    def context(self, space: str) -> AppContext:
        """``space``'s context (its store, tables, seats), opened on demand; its "last opened" noted."""
        with self._guard:
            ctx = self._open.get(space)
            if ctx is None:
                store = Store(self.path(space))
                store.start_writer()
                ctx = AppContext(store=store, tables=SpaceTables(store), join_url=self.base_url, reachable=True,
                                 require_client=True, space=space, shard=self.shard)
                ctx.announce = functools.partial(self.announce, space)
                ctx.device_link = functools.partial(self._device_link, space)
                self._open[space] = ctx
                self._close_idle()
            self._open.move_to_end(space)
            t = self.now()
            opened = self.index.opened(space)
            if opened is not None and t - opened >= TOUCH_EVERY:
                self.index.touch(space, t)
            return ctx

    def _close_idle(self) -> None:
        """Stores of spaces no phone shows, beyond ``KEEP_OPEN``, closed (least recently used first)."""
        idle = [s for s, c in self._open.items() if not c.shells]
        for space in idle[: max(0, len(idle) - KEEP_OPEN)]:
            ctx = self._open.pop(space)
            ctx.store.close()

    def sweep(self) -> int:
        """Every space nobody opened for ``KEEP_DAYS`` days deleted with its games; how many."""
        with self._guard:
            old = self.index.not_opened_since(self.now() - KEEP_DAYS * 86400)
            for space in old:
                ctx = self._open.pop(space, None)
                if ctx is not None:
                    ctx.store.close()
                self.index.delete_space(space)
                base = self.path(space)
                for p in base.parent.glob(base.name + "*"):
                    p.unlink(missing_ok=True)
        if old:
            log.info("%d spaces not opened for %d days deleted", len(old), KEEP_DAYS)
        return len(old)

    def health(self) -> dict[str, Any]:
        with self._guard:
            open_ = list(self._open.values())
        return {"shard": self.shard, "spaces": self.index.count(), "open_spaces": len(open_),
                "tables": sum(len(c.tables.held()) for c in open_),
                "sessions": sum(len(c.shells) for c in open_)}

    def close(self) -> None:
        with self._guard:
            for ctx in self._open.values():
                ctx.store.close()
            self._open.clear()
            self.index.close()
