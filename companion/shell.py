"""What every screen knows of the app, and nothing more: a session's ``Shell`` (a ``Protocol``),
what one server process shares between its sessions (``AppContext``), and the lists a screen
module adds itself to (``SCREENS``, ``EXTENSIONS``, ``RESULT_EXTRAS``, ``TOP_EXTRAS``).

The shell itself (``companion.app.AppShell``) imports the screens; the screens import this
module, which imports none of them. So a screen can be read, type-checked and tested without
the shell, and the shell's module can change without touching the screens.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from companion.shell_reuse import PartCache, ScreenMemory, UiKey
from companion.store import Store
from companion.table.table import ActionInput, Table, Tables

if TYPE_CHECKING:
    import flet as ft

    from scoring.engine import PlayerSpec
    from scoring.errors import RefereeError

# How long the app waits for the browser's answer to a call (its remembered language, the device's,
# SharedPreferences, Clipboard). A browser that has just loaded on a busy phone or CPU answers
# seconds late; a bound of 3 s once left an English phone German for the whole session. Worse,
# Flet 1.0.5 ends the phone's connection when an answer comes for a service the app gave up on
# (its receive loop raises "Control with ID … is not registered"). The first screen never waits
# for it, and Flet ends a pending call when its session closes, so this only bounds a phone that
# stays connected and never answers.
CLIENT_ANSWER_TIMEOUT = 120.0


class Shell(Protocol):
    """One browser session as a screen sees it: its words, its seats, its table, where to go next.

    ``companion.app.AppShell`` is the one implementation; a screen takes this type, never that class."""

    page: ft.Page
    ctx: AppContext
    lang: str
    seats: set[int] | None  # None: this phone acts for every seat (passed around)
    scope: set[str] | None  # a game's guest: that game; None: the host
    phone: str
    screen: str
    game_id: str | None
    table: Table | None
    refusal: RefereeError | None
    flash: str | None
    storage_notice_seen: bool
    ui: ScreenMemory
    rule_hook: Callable[[str], None] | None
    home_extra: Callable[[Shell], list[ft.Control]] | None
    body: ft.Column
    theme_mode: str  # "system" (the phone's dark setting), "light" or "dark"

    # words
    def t(self, key: str, **params: object) -> str: ...
    def game_title(self, game_id: str) -> str: ...
    def err_text(self, err: RefereeError) -> str: ...

    # who is this
    @property
    def is_guest(self) -> bool: ...
    @property
    def guest_game(self) -> str | None: ...
    def claim_seat(self, game_id: str, seat: int) -> bool: ...
    def set_theme(self, mode: str) -> None: ...

    # navigation
    def go_home(self) -> None: ...
    def go_setup(self, game_id: str) -> None: ...
    def go(self, screen: str, **ui: object) -> None: ...
    def open_table(self, game_id: str, render: bool = True) -> None: ...
    def start_game(self, game_id: str, players: list[PlayerSpec], options: Mapping[str, object]) -> None: ...

    # acting on the table
    def act(self, fn: Callable[[], object]) -> bool: ...
    def submit(self, action: ActionInput) -> bool: ...
    def roll(self, values: list[int] | None = None) -> bool: ...
    def undo(self) -> bool: ...
    def redo(self) -> bool: ...
    def refuse(self, err: RefereeError) -> None: ...
    def show_rule(self, rule: str) -> None: ...

    # rendering
    @property
    def game_table(self) -> Table: ...
    def top_bar(self) -> ft.Control: ...
    def refusal_control(self) -> ft.Control | None: ...
    def render(self) -> None: ...
    def reuse(self, control: ft.Control) -> ft.Control: ...
    def parts(self, key: UiKey, limit: int) -> PartCache: ...
    def memo(self, key: Hashable, sig: object, build: Callable[[], ft.Control]) -> ft.Control: ...

    # what the join extension (``companion.screens.join``) wraps: the router of a route the phone
    # opened, and the builder of a screen's controls below the top bar
    def _route(self, route: str) -> None: ...
    def _screen(self) -> list[ft.Control]: ...


# Screens and hooks that other modules add (rules, history, ...), so the shell
# stays small: SCREENS[name](shell) -> controls; EXTENSIONS run at session start.
SCREENS: dict[str, Callable[[Shell], list[ft.Control]]] = {}
EXTENSIONS: list[Callable[[Shell], None]] = []
RESULT_EXTRAS: list[Callable[[Shell], list[ft.Control]]] = []  # below every result screen (BG Stats)
TOP_EXTRAS: list[Callable[[Shell], list[ft.Control]]] = []  # above every screen (the phone's storage notice)


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
    # The join links are opened by other devices even where ``join_url`` names a loopback address:
    # the server was bound there on purpose (a proxy in front, or a test's browsers on this machine).
    reachable: bool = False
    shells: set[Shell] = field(default_factory=set)
    # True in the served app: a session the Gate did not name is nobody's (sees nothing).
    # False in-process (tests without a server): such a session is the host.
    require_client: bool = False
    # Seats held per game, by phone (the browser's phone cookie), in this server run
    claims: dict[str, dict[int, str]] = field(default_factory=dict)
    seated_before: dict[str, set[str]] = field(default_factory=dict)  # game -> phones that held a seat
    requests: list[SeatRequest] = field(default_factory=list)
    _next_request: int = 0
    # A public server's space (``companion.web.spaces``): this context is that space's alone; its
    # shard's name starts every join link, so the proxy in front finds the process holding the game.
    space: str | None = None
    shard: str | None = None
    # told when a game's join link is shown (a public shard notes which space the game is in)
    announce: Callable[[str], None] = field(default=lambda game_id: None)
    # a public space's link for another device (``new``: a fresh one, the old one ends); None elsewhere
    device_link: Callable[[bool], str] | None = None

    @property
    def links_need_token(self) -> bool:
        """Other phones reach this server only through links that carry a game's own secret."""
        return bool(self.token) or self.space is not None

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
