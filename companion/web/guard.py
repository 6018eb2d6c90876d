"""What a phone's websocket may send, and what its end frees: registering in time and once, a rate
per phone, Flet's session with checks before it acts on a frame (``GuardedSession``), the
session let go however the connection ended (``WsGuard._detach``), and the collector's policy
(``GC``, in ``companion.web.memory``)."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from companion.i18n import add_strings, both, tr
from companion.web.client import CLIENT
from companion.web.memory import GC as GC, GcPolicy as GcPolicy, trim_memory as trim_memory

if TYPE_CHECKING:
    from companion.web.client import Client

log = logging.getLogger("tischrichter.server")

# ASGI's own shapes: a scope and a message are plain dicts of the spec's keys, so Any inside
Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
# Any: what Flet itself types as Any (an event's data, the values of a control's patch)
FletValue = Any

# --- what a phone's websocket may send --------------------------------------------------
REGISTER_TIMEOUT = 10.0  # s a websocket may stay open without registering
ABANDONED_GRACE = 0.5  # s Flet gets to end a connection that never registered, before it is cancelled
EVENT_RATE = 50.0  # frames per second a phone may send, sustained
EVENT_BURST = 100.0  # ... and at once
HOLD_LIMIT = 3.0  # s a phone may be held back (slowed) in one run before it is disconnected
MAX_ROUTE = 8192  # characters of a page's route (the app's own are under 200; 8 KB: a usual request line's bound)
FLET_SESSION_TIMEOUT = 3600  # s Flet keeps a disconnected session when FLET_SESSION_TIMEOUT is not set
_REGISTER = 1

add_strings(
    {
        "server.route_too_long": {
            "de": "Diese Adresse ist zu lang (höchstens {n} Zeichen); sie wurde nicht geöffnet.",
            "en": {"one": "This address is too long (at most {n} character); it was not opened.",
                   "other": "This address is too long (at most {n} characters); it was not opened."},
        },
    }
)


class _Bucket:
    """A phone's frames: a token bucket (EVENT_RATE, EVENT_BURST), and how long it was held back."""

    __slots__ = ("tokens", "last", "held")

    def __init__(self, now: float) -> None:
        self.tokens = EVENT_BURST
        self.last = now
        self.held = 0.0


class Guard:
    """What the server keeps about the phones' websockets, by phone and by Flet session."""

    def __init__(self) -> None:
        self.buckets: dict[str, _Bucket] = {}
        # Flet session id -> who made it (role, game, phone), from its creation to its close: a
        # session id resumes only a session of the same role, game and phone
        self.owners: dict[str, tuple[str, str | None, str | None]] = {}
        self.dropped = 0  # events for a control that is not on the session's page
        self.refused = 0  # connections closed (never registered, registered twice, or too many frames)
        self.detached = 0  # sessions Flet left attached to a connection that had ended (see WsGuard._detach)

    def forget_if_full(self, key: str, now: float) -> None:
        """A connection of ``key``'s phone ended: its bucket goes if it has refilled (a new one
        would be the same), so a phone that left keeps nothing here."""
        b = self.buckets.get(key)
        if b is not None and b.tokens + (now - b.last) * EVENT_RATE >= EVENT_BURST:
            del self.buckets[key]

    def refill_left(self, key: str, now: float) -> float:
        """Seconds until ``key``'s bucket is full again (0: full, or none)."""
        b = self.buckets.get(key)
        return 0.0 if b is None else max(0.0, (EVENT_BURST - b.tokens) / EVENT_RATE - (now - b.last))

    def bucket(self, key: str, now: float) -> _Bucket:
        b = self.buckets.get(key)
        if b is None:
            if len(self.buckets) > 4096:  # bounded: forget phones quiet for a minute
                for k in [k for k, v in self.buckets.items() if now - v.last > 60]:
                    del self.buckets[k]
            b = self.buckets[key] = _Bucket(now)
        return b


GUARD = Guard()
# The WsGuard of the connection whose task this is: Flet makes (or reattaches) a session inside
# that task, so the session learns which connection it belongs to (``GuardedSession``).
_CONNECTION: ContextVar[WsGuard | None] = ContextVar("tischrichter_connection", default=None)


def session_timeout() -> int:
    """How long Flet keeps a disconnected session (as Flet reads it)."""
    try:
        return int(os.environ.get("FLET_SESSION_TIMEOUT") or FLET_SESSION_TIMEOUT)
    except ValueError:
        return FLET_SESSION_TIMEOUT


def _action(data: bytes | bytearray) -> object:
    """The action of a Flet frame ``[0x00][msgpack [action, body]]`` (None: not one)."""
    if len(data) >= 3 and data[1] == 0x92 and data[2] < 0x80:
        return data[2]  # the usual shape: a two-element array starting with a small integer
    try:
        import msgpack

        unpacker = msgpack.Unpacker(strict_map_key=False)
        unpacker.feed(bytes(data[1:64]) if len(data) > 64 else bytes(data[1:]))
        unpacker.read_array_header()
        return unpacker.unpack()
    except Exception:  # noqa: BLE001 - no array, or its first element does not fit: not one
        return None


class WsGuard:
    """One websocket between the Gate and Flet.

    - A connection must register (Flet's REGISTER_CLIENT) within ``REGISTER_TIMEOUT``; one that
      does not, or goes away before it does, is closed and its Flet handler ended (Flet 1.0.5
      would wait on it forever: it kept the memory and kept SIGTERM from ending the server).
    - It registers once: a second REGISTER_CLIENT closes it (Flet would attach the connection to
      whatever disconnected session it names, and send that session's page).
    - A register naming another role's, game's or phone's session id gets a fresh session; a
      route longer than ``MAX_ROUTE`` becomes ``/`` and the phone is told.
    - Every frame after that costs its phone a token: beyond ``EVENT_RATE``/s (bursts of
      ``EVENT_BURST``) the phone is slowed; held back ``HOLD_LIMIT`` s in one run, disconnected.
    - However it ends, its session is let go (``_detach``) and its bucket forgotten once full.
    """

    def __init__(self, client: Client, peer: str) -> None:
        self.client = client
        # per phone (its cookie); a client without one (no browser) is limited per connection
        self.key = client.phone or f"conn:{peer}:{id(self)}"
        self.owner = (client.role, client.game, client.phone)
        self.registered = False
        self.closed = False
        self.task: asyncio.Future[None] | None = None
        self.deadline = 0.0
        self.notice: str | None = None  # a message for the phone from its register (its route was cut)
        # the Flet session this connection serves, and Flet's connection object for it
        self.session: Any = None
        self.flet_connection: object = None

    def attached(self, session: object, conn: object) -> None:
        self.session, self.flet_connection = session, conn

    async def run(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        self.deadline = loop.time() + REGISTER_TIMEOUT
        self._receive, self._send = receive, send
        mark = _CONNECTION.set(self)
        try:
            self.task = asyncio.ensure_future(app(scope, self.receive, self.send))
        finally:
            _CONNECTION.reset(mark)
        try:
            await self.task
        except asyncio.CancelledError:
            if not self.closed:
                raise  # the server stops: not ours to swallow
        except Exception as exc:  # noqa: BLE001 - Flet's handler ended by an error (below)
            # Flet 1.0.5's send loop raises when the phone went away while the server was
            # sending its screen; the handler then skips its own disconnect (done below)
            log.info("websocket of %s ended: %r", self.owner[0], exc)
        finally:
            self._ended(loop)
        await self._detach()

    def _ended(self, loop: asyncio.AbstractEventLoop) -> None:
        """The connection is over: its phone's bucket goes now if full, else once it is."""
        GUARD.forget_if_full(self.key, loop.time())
        wait = GUARD.refill_left(self.key, loop.time())
        if self.key in GUARD.buckets:
            key = self.key
            loop.call_later(wait + 0.05, lambda: GUARD.forget_if_full(key, loop.time()))
        GC.connection_ended()

    async def _detach(self) -> None:
        """Let the session go as Flet's own end of a connection does (disconnected, to expire
        after ``FLET_SESSION_TIMEOUT``), if Flet did not: otherwise it stayed attached to a dead
        connection forever, never expired, its seat counted as connected and its memory stayed."""
        session, conn = self.session, self.flet_connection
        self.session = self.flet_connection = None
        if session is None or conn is None or session.connection is not conn:
            return  # Flet let it go itself, or another connection took it over since
        GUARD.detached += 1
        try:
            await session.disconnect(session_timeout())
        except Exception:  # noqa: BLE001 - its disconnect handler failed: it is detached all the same
            log.exception("session %s: disconnect failed", session.id)

    def _abandon(self) -> None:
        """Flet's handler of a connection that never registered waits forever: end it."""
        self.closed = True
        GUARD.refused += 1
        task = self.task
        if task is not None and not task.done():
            asyncio.get_running_loop().call_later(ABANDONED_GRACE, task.cancel)

    async def _close(self, code: int = 1008) -> Message:
        """Close the websocket (once) and tell Flet the client went away."""
        if not self.closed:
            self.closed = True
            try:
                await self._send({"type": "websocket.close", "code": code})
            except Exception:  # noqa: BLE001 - already gone
                pass
        return {"type": "websocket.disconnect", "code": code}

    async def send(self, message: Message) -> None:
        if self.closed:
            return  # closed by the guard: Flet's last frames go nowhere (its send loop must not fail)
        await self._send(message)

    async def receive(self) -> Message:
        if self.closed:
            return {"type": "websocket.disconnect", "code": 1008}
        loop = asyncio.get_running_loop()
        if not self.registered and self.task is not None:
            try:
                msg = await asyncio.wait_for(self._receive(), max(0.0, self.deadline - loop.time()))
            except TimeoutError:
                log.info("websocket closed: no register within %.0f s", REGISTER_TIMEOUT)
                out = await self._close()
                self._abandon()
                return out
        else:
            msg = await self._receive()
        kind = msg.get("type")
        if kind == "websocket.disconnect":
            if not self.registered:
                self._abandon()
            return msg
        if kind != "websocket.receive":
            return msg  # websocket.connect
        data = msg.get("bytes")
        if not self.registered:
            return await self._first(msg, data)
        if isinstance(data, bytes | bytearray) and data[:1] == b"\x00" and _action(data) == _REGISTER:
            log.info("websocket closed: a second register")
            GUARD.refused += 1
            return await self._close()
        return await self._paced(msg, loop)

    async def _first(self, msg: Message, data: object) -> Message:
        checked = self._register(data)
        if checked is None:
            out = await self._close()
            self._abandon()
            return out
        if self.notice is not None:  # the session's shell reads it (``Client.notice``)
            CLIENT.set(self.client.model_copy(update={"notice": self.notice, "notice_n": MAX_ROUTE}))
        return {**msg, "bytes": checked}

    async def _paced(self, msg: Message, loop: asyncio.AbstractEventLoop) -> Message:
        """One token per frame, per phone."""
        now = loop.time()
        b = GUARD.bucket(self.key, now)
        b.tokens = min(EVENT_BURST, b.tokens + (now - b.last) * EVENT_RATE)
        b.last = now
        if b.tokens >= EVENT_BURST / 2:
            b.held = 0.0  # quiet for a while: a new run
        if b.tokens < 1.0:
            wait = (1.0 - b.tokens) / EVENT_RATE
            b.held += wait
            if b.held > HOLD_LIMIT:
                log.warning("phone %s sent more than %d frames/s: disconnected", self.key[:8], EVENT_RATE)
                GUARD.refused += 1
                return await self._close()
            await asyncio.sleep(wait)
            b.tokens, b.last = 1.0, loop.time()
        b.tokens -= 1.0
        return msg

    def _register(self, data: object) -> bytes | None:
        """The first frame must be REGISTER_CLIENT; a session id of someone else is dropped, a route
        too long replaced by ``/``."""
        if not isinstance(data, bytes | bytearray) or len(data) < 2 or data[0] != 0 or len(data) > 65536:
            return None
        try:
            import msgpack

            obj = msgpack.unpackb(data[1:], strict_map_key=False)
            action, body = obj[0], obj[1]
        except Exception:  # noqa: BLE001 - not a frame
            return None
        if action != _REGISTER or not isinstance(body, dict):
            return None
        self.registered = True
        changed = False
        page = body.get("page")
        if isinstance(page, dict) and isinstance(page.get("route"), str) and len(page["route"]) > MAX_ROUTE:
            log.info("register with a route of %d characters: /", len(page["route"]))
            body, changed, self.notice = {**body, "page": {**page, "route": "/"}}, True, "server.route_too_long"
        sid = body.get("session_id")
        if sid and (not isinstance(sid, str) or GUARD.owners.get(sid) != self.owner):
            log.info("register with another client's session id: a fresh session")
            body, changed = {**body, "session_id": ""}, True
        return b"\x00" + bytes(msgpack.packb([_REGISTER, body])) if changed else bytes(data)


def _route_of(data: object) -> object:
    """The route a ``route_change`` event carries (its data: the route, or ``{"route": ...}``)."""
    return data.get("route") if isinstance(data, dict) else data


def guarded_session_class() -> type:
    """Flet's ``Session`` with the checks a phone's frames need before Flet acts on them:

    - it knows its connection (``WsGuard``): who made it (``GUARD.owners``), and the connection's
      end lets it go even when Flet's own end does not;
    - an event for a control id that is not in the session's index is dropped (a dict lookup;
      Flet 1.0.5 walks the whole page for it, 10 ms and more per event on a big screen);
    - a patched property must keep its type, a text its length (the field's ``max_length``,
      else ``MAX_TEXT``; multi-line fields ``MAX_MULTILINE``), the page's route ``MAX_ROUTE``,
      else the phone is told;
    - a handler's error reaches the phone as the app's own message in its language (logged
      here with the traceback), never as Flet's SESSION_CRASHED with the traceback."""
    from flet.messaging.session import Session

    class GuardedSession(Session):
        def __init__(self, conn: Any) -> None:
            super().__init__(conn)
            connection = _CONNECTION.get()
            if connection is not None:
                GUARD.owners[self.id] = connection.owner
                connection.attached(self, conn)

        def attach_connection(self, conn: Any) -> None:
            super().attach_connection(conn)
            connection = _CONNECTION.get()
            if connection is not None:
                connection.attached(self, conn)

        async def dispatch_event(self, control_id: object, event_name: str, event_data: FletValue) -> None:
            if not isinstance(control_id, int) or isinstance(control_id, bool) or self.index.get(control_id) is None:
                GUARD.dropped += 1
                return
            if event_name == "route_change" and control_id == self.page._i:
                route = _route_of(event_data)
                if not isinstance(route, str) or len(route) > MAX_ROUTE:
                    tell_phone(self.page, "server.route_too_long", n=MAX_ROUTE)
                    return
            await super().dispatch_event(control_id, event_name, event_data)

        def apply_patch(self, control_id: object, patch: object) -> None:
            if not isinstance(patch, dict) or not isinstance(control_id, int):
                return
            control = self.index.get(control_id)
            if control is None:
                GUARD.dropped += 1
                return
            if control is self.page:  # the client's own page (register, resize): its route must be text
                route = patch.get("route", "")
                if not isinstance(route, str) or len(route) > MAX_ROUTE:
                    patch = {k: v for k, v in patch.items() if k != "route"}
                    if isinstance(route, str):
                        tell_phone(self.page, "server.route_too_long", n=MAX_ROUTE)
                super().apply_patch(control_id, patch)
                return
            why = patch_problem(control, patch)
            if why is not None:
                tell_phone(self.page, why[0], **why[1])
                return
            try:
                super().apply_patch(control_id, patch)
            except Exception:  # noqa: BLE001 - a value Flet cannot take: refused, logged
                log.exception("patch of control %s refused", control_id)
                tell_phone(self.page, "server.bad_value")

        def error(self, message: str) -> None:
            log.error("session %s: a handler failed:\n%s", self.id, message)
            if not tell_phone(self.page, "server.handler_failed"):
                super().error(both("server.handler_failed"))

        def close(self) -> None:
            GUARD.owners.pop(self.id, None)
            super().close()  # type: ignore[no-untyped-call]  # Flet's Session.close has no annotations

    return GuardedSession


MAX_TEXT = 1000  # characters of a one-line text field without its own max_length
MAX_MULTILINE = 20_000_000  # a pasted backup


def patch_problem(control: object, patch: dict[str, FletValue]) -> tuple[str, dict[str, object]] | None:
    """Why a phone's patch of ``control`` is refused (an i18n key and params), or None."""
    for name, value in patch.items():
        if not isinstance(name, str) or name.startswith("_"):
            return ("server.bad_value", {})
        current = getattr(control, name, None)
        if isinstance(current, bool) or isinstance(value, bool):
            if current is not None and type(current) is not type(value):
                return ("server.bad_value", {})
        elif isinstance(current, str) or (current is None and name == "value"):
            if value is not None and not isinstance(value, str):
                return ("server.bad_value", {})
            if isinstance(value, str):
                limit = getattr(control, "max_length", None) or (
                    MAX_MULTILINE if getattr(control, "multiline", False) else MAX_TEXT)
                if len(value) > limit:
                    return ("server.too_long", {"n": limit})
        elif isinstance(current, int | float):
            if not isinstance(value, int | float):
                return ("server.bad_value", {})
    return None


def tell_phone(page: object, key: str, **params: object) -> bool:
    """Show the app's own message on this session's screen (False: no app screen to show it on)."""
    shell = getattr(page, "data", None)
    if shell is None or not hasattr(shell, "flash") or not hasattr(shell, "render"):
        return False
    try:
        shell.flash = tr(getattr(shell, "lang", "de"), key, **params)
        shell.render()
    except Exception:  # noqa: BLE001 - the screen itself fails: Flet's plain message then
        log.exception("message not shown on the phone")
        return False
    return True


def install_guards() -> None:
    """Flet's web server makes its sessions from ``flet_web.fastapi.flet_app.Session``; the frames it
    sends are no longer turned into text for a debug line nobody writes (``flet_frames``)."""
    import flet_web.fastapi.flet_app as flet_app

    from companion.web import flet_frames

    flet_frames.install()

    if not getattr(flet_app.Session, "_tischrichter_guarded", False):
        cls = guarded_session_class()
        cls._tischrichter_guarded = True  # type: ignore[attr-defined]
        flet_app.Session = cls
