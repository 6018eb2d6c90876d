"""What one server process shares between its sessions: the store, the open tables and the
phones' seats (``AppContext``), and a guest's ask for a seat (``SeatRequest``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.store import Store
from companion.table import Tables

if TYPE_CHECKING:
    from companion.app import Shell

UiKey = str | tuple[str, str]  # a Shell.ui key: a screen's name, or (name, table id) for what belongs to one table
# Any: ``Shell.ui`` is every screen's own memory (its typed setup state, typed text, kept controls);
# each screen reads back, and narrows, what it put under its key
ScreenMemory = dict[UiKey, Any]


@dataclass
class SeatRequest:
    """A guest's phone asks for a seat another phone holds (or for a second seat)."""

    id: int
    game: str
    seat: int
    phone: str


@dataclass
class AppContext:
    store: Store
    tables: Tables
    join_url: str = ""
    token: str | None = None  # the host token: set when the link gate is on (LAN)
    shells: set[Shell] = field(default_factory=set)
    # True in the served app: a session the Gate did not name is nobody's (sees nothing).
    # False in-process (tests without a server): such a session is the host.
    require_client: bool = False
    # Seats held per game, by phone (the browser's phone cookie), in this server run
    claims: dict[str, dict[int, str]] = field(default_factory=dict)
    seated_before: dict[str, set[str]] = field(default_factory=dict)  # game -> phones that held a seat
    requests: list[SeatRequest] = field(default_factory=list)
    _next_request: int = 0

    def held_by(self, game_id: str, phone: str) -> int | None:
        """The seat ``phone`` holds in ``game_id`` (None: none)."""
        for seat, p in self.claims.get(game_id, {}).items():
            if p == phone:
                return seat
        return None

    def grant_seat(self, game_id: str, seat: int, phone: str, *, move: bool) -> str | None:
        """``phone`` holds ``seat`` now (``move``: and no other seat of that game). Returns the
        phone that held it before, if another one did."""
        held = self.claims.setdefault(game_id, {})
        before = held.get(seat)
        if move:
            for s, p in list(held.items()):
                if p == phone and s != seat:
                    del held[s]
        held[seat] = phone
        self.seated_before.setdefault(game_id, set()).add(phone)
        self.requests = [r for r in self.requests if not (r.game == game_id and r.phone == phone)]
        return before if before != phone else None

    def add_request(self, game_id: str, seat: int, phone: str) -> SeatRequest:
        self.requests = [r for r in self.requests if not (r.game == game_id and r.phone == phone)]
        self._next_request += 1
        req = SeatRequest(id=self._next_request, game=game_id, seat=seat, phone=phone)
        self.requests.append(req)
        return req

    @classmethod
    def create(cls, join_url: str = "", token: str | None = None, db: str | None = None,
               writer: bool = False) -> AppContext:
        """``writer``: the server's store commits in its writer thread (``Store.start_writer``)."""
        store = Store(db)
        if writer:
            store.start_writer()
        return cls(store=store, tables=Tables(store), join_url=join_url, token=token)
