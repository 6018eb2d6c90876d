"""What a phone's websocket may send: registering in time, a rate per
phone, Flet's session with checks before it acts on a frame (``GuardedSession``), and the
collector's policy (``GC``)."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal

from companion.i18n import both, tr

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
_REGISTER = 1
_REGISTER_REPLY = b"\x00\x92\x01"  # [0x00][msgpack fixarray(2), action 1 (REGISTER_CLIENT)]


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
        # Flet session id -> who registered it (role, game, phone): a session id resumes only
        # a session of the same role, game and phone
        self.owners: dict[str, tuple[str, str | None, str | None]] = {}
        self.dropped = 0  # events for a control that is not on the session's page
        self.refused = 0  # connections closed (never registered, or too many frames)

    def forget_if_full(self, key: str, now: float) -> None:
        """A connection of ``key``'s phone ended: its bucket goes if it has refilled (a new one
        would be the same), so a phone that left keeps nothing here."""
        b = self.buckets.get(key)
        if b is not None and b.tokens + (now - b.last) * EVENT_RATE >= EVENT_BURST:
            del self.buckets[key]

    def bucket(self, key: str, now: float) -> _Bucket:
        b = self.buckets.get(key)
        if b is None:
            if len(self.buckets) > 4096:  # bounded: forget phones quiet for a minute
                for k in [k for k, v in self.buckets.items() if now - v.last > 60]:
                    del self.buckets[k]
            b = self.buckets[key] = _Bucket(now)
        return b


GUARD = Guard()


class WsGuard:
    """One websocket between the Gate and Flet.

    - A connection must register (Flet's REGISTER_CLIENT) within ``REGISTER_TIMEOUT``; one that
      does not, or goes away before it does, is closed and its Flet handler ended (Flet 1.0.5
      would wait on it forever: it kept the memory and kept SIGTERM from ending the server).
    - A register naming another role's, game's or phone's session id gets a fresh session.
    - Every frame after that costs its phone a token: beyond ``EVENT_RATE``/s (bursts of
      ``EVENT_BURST``) the phone is slowed; held back ``HOLD_LIMIT`` s in one run, disconnected.
    """

    def __init__(self, client: Client, peer: str) -> None:
        self.client = client
        # per phone (its cookie); a client without one (no browser) is limited per connection
        self.key = client.phone or f"conn:{peer}:{id(self)}"
        self.owner = (client.role, client.game, client.phone)
        self.registered = False
        self.replied = False
        self.closed = False
        self.task: asyncio.Future[None] | None = None
        self.deadline = 0.0

    async def run(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        self.deadline = loop.time() + REGISTER_TIMEOUT
        self._receive, self._send = receive, send
        self.task = asyncio.ensure_future(app(scope, self.receive, self.send))
        try:
            await self.task
        except asyncio.CancelledError:
            if not self.closed:
                raise  # the server stops: not ours to swallow
        finally:
            GUARD.forget_if_full(self.key, loop.time())
            GC.connection_ended()

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
        if not self.replied and message.get("type") == "websocket.send":
            data = message.get("bytes") or b""
            if data[:3] == _REGISTER_REPLY:
                self.replied = True
                try:
                    import msgpack

                    sid = msgpack.unpackb(data[1:], strict_map_key=False)[1].get("session_id")
                except Exception:  # noqa: BLE001 - Flet's own frame: not expected
                    sid = None
                if isinstance(sid, str) and sid:
                    GUARD.owners.setdefault(sid, self.owner)
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
            checked = self._register(data)
            if checked is None:
                out = await self._close()
                self._abandon()
                return out
            return {**msg, "bytes": checked}
        # one token per frame, per phone
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
        """The first frame must be REGISTER_CLIENT; a session id of someone else is dropped."""
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
        sid = body.get("session_id")
        if sid and GUARD.owners.get(sid, self.owner) != self.owner:
            log.info("register with another client's session id: a fresh session")
            return b"\x00" + bytes(msgpack.packb([_REGISTER, {**body, "session_id": ""}]))
        return bytes(data)


def guarded_session_class() -> type:
    """Flet's ``Session`` with the checks a phone's frames need before Flet acts on them:

    - an event for a control id that is not in the session's index is dropped (a dict lookup;
      Flet 1.0.5 walks the whole page for it, 10 ms and more per event on a big screen);
    - a patched property must keep its type, a text its length (the field's ``max_length``,
      else ``MAX_TEXT``; multi-line fields ``MAX_MULTILINE``), else the phone is told;
    - a handler's error reaches the phone as the app's own message in its language (logged
      here with the traceback), never as Flet's SESSION_CRASHED with the traceback."""
    from flet.messaging.session import Session

    class GuardedSession(Session):
        async def dispatch_event(self, control_id: object, event_name: str, event_data: FletValue) -> None:
            if not isinstance(control_id, int) or isinstance(control_id, bool) or self.index.get(control_id) is None:
                GUARD.dropped += 1
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
                if "route" in patch and not isinstance(patch["route"], str):
                    patch = {k: v for k, v in patch.items() if k != "route"}
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
    """Flet's web server makes its sessions from ``flet_web.fastapi.flet_app.Session``."""
    import flet_web.fastapi.flet_app as flet_app

    if not getattr(flet_app.Session, "_tischrichter_guarded", False):
        cls = guarded_session_class()
        cls._tischrichter_guarded = True  # type: ignore[attr-defined]
        flet_app.Session = cls


def trim_memory() -> bool:
    """Give the C allocator's free pages back to the OS (glibc's ``malloc_trim``): memory of
    connections and sessions that are gone, which glibc otherwise keeps for the process (its RSS
    stays where the peak was). False where there is no glibc. Blocks only the thread it runs in
    (ctypes lets the interpreter go meanwhile)."""
    global _MALLOC_TRIM
    if _MALLOC_TRIM is None:
        _MALLOC_TRIM = False
        try:
            import ctypes
            import ctypes.util

            name = ctypes.util.find_library("c")
            fn = getattr(ctypes.CDLL(name), "malloc_trim", None) if name else None
            if fn is not None:
                fn.argtypes, fn.restype = [ctypes.c_size_t], ctypes.c_int
                _MALLOC_TRIM = fn
        except (OSError, AttributeError):  # no C library by that name (not Linux/glibc)
            pass
    trim = _MALLOC_TRIM
    if trim is False or trim is None:
        return False
    trim(0)
    return True


_MALLOC_TRIM: Callable[[int], int] | Literal[False] | None = None  # glibc's malloc_trim, False: none here


class GcPolicy:
    """Python's full garbage collection, kept from growing with the number of phones,
    and the memory of closed sessions and connections given back.

    Every phone's session keeps its screen (thousands of objects) while it is open; a full
    collection walks all of them, with the whole server waiting: at 30 tables of four phones
    one pass took ~0.45 s of CPU in the harness (~0.07 s with this policy), and it comes back
    as the screens change. What survives a full collection is the long-lived part (sessions,
    screens, tables), so it is frozen (``gc.freeze``: left out of later passes; reference
    counting still frees it). A closed session leaves reference cycles among the frozen
    objects (page <-> shell, Flet's controls): ``session_closed`` has them collected
    ``SETTLE`` s later (sessions closing together are one pass), at most once every
    ``UNFREEZE_EVERY`` s: everything is unfrozen, collected, the survivors frozen again
    (before, that waited for a full pass the server may not make for hours when idle, and
    600 expired sessions kept ~55 MB). After that pass, and after connections ended, the C
    allocator's free pages go back to the OS (``trim_memory``, in a thread). Short-lived
    garbage (each redraw's patch) is found by the young generations as before.
    """

    UNFREEZE_EVERY = 60.0
    SETTLE = 2.0
    TRIM_EVERY = 10.0  # s between two trims after connections ended

    def __init__(self) -> None:
        self.installed = False
        self.closed = 0  # sessions closed since the last unfreeze
        self._last_unfreeze = 0.0
        self._collect: asyncio.TimerHandle | None = None
        self._trim: asyncio.TimerHandle | None = None
        self._last_trim = 0.0
        self._collecting = False

    def install(self) -> None:
        if self.installed:
            return
        gc.collect()
        gc.freeze()  # everything loaded at start-up (Flet, pydantic schemas, the store)
        self._last_unfreeze = time.monotonic()
        gc.callbacks.append(self._after)
        self.installed = True

    def uninstall(self) -> None:
        if self.installed:
            gc.callbacks.remove(self._after)
            gc.unfreeze()
            self.installed = False
        for handle in (self._collect, self._trim):
            if handle is not None:
                handle.cancel()
        self._collect = self._trim = None

    def _after(self, phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info.get("generation") == 2 and not self._collecting:
            gc.freeze()  # what survived a full pass is long-lived

    def session_closed(self) -> None:
        self.closed += 1
        loop = self._loop()
        if loop is None or self._collect is not None:
            return
        wait = max(self.SETTLE, self._last_unfreeze + self.UNFREEZE_EVERY - time.monotonic())
        self._collect = loop.call_later(wait, self._collect_closed, loop)

    def _collect_closed(self, loop: asyncio.AbstractEventLoop) -> None:
        """The closed sessions' cycles collected (everything unfrozen for one pass), then the
        memory they held given back."""
        self._collect = None
        if not self.closed:
            return
        self.closed = 0
        self._last_unfreeze = time.monotonic()
        self._collecting = True
        try:
            gc.unfreeze()
            gc.collect()
        finally:
            self._collecting = False
            if self.installed:
                gc.freeze()
        self._trim_soon(loop, 0.0)

    def connection_ended(self) -> None:
        """A websocket ended (registered or not): what it held is free, given back soon; and
        what of it was frozen while it was open (a full pass ran meanwhile) may be a cycle only
        a pass with everything unfrozen finds, as a closed session's."""
        self.session_closed()
        loop = self._loop()
        if loop is not None:
            self._trim_soon(loop, max(self.SETTLE, self._last_trim + self.TRIM_EVERY - time.monotonic()))

    def _trim_soon(self, loop: asyncio.AbstractEventLoop, wait: float) -> None:
        if self._trim is not None:
            if wait > 0:
                return
            self._trim.cancel()

        def run() -> None:
            self._trim = None
            self._last_trim = time.monotonic()
            loop.run_in_executor(None, trim_memory)

        self._trim = loop.call_later(wait, run)

    @staticmethod
    def _loop() -> asyncio.AbstractEventLoop | None:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None


GC = GcPolicy()
