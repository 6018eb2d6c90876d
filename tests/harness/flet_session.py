"""Level-2 Flet harness: the real ``flet.messaging.session.Session`` over a fake connection.

No browser, no Flutter, no socket. What a test sees is what a client would
receive: every outgoing message is msgpack-encoded exactly as the real
transports do (``configure_encode_object_for_msgpack(BaseControl)``) — that
encoding is also what snapshots the control tree for the next diff, so without
it no patch is produced and controls are never mounted. Only controls that are
mounted in the session's index (i.e. were sent to the client) are searched.

Use (pytest-asyncio, ``asyncio_mode = "auto"``)::

    ctx = make_context(tmp_path / "t.db")
    app = await AppSession.start(ctx)            # runs companion.app.make_main(ctx)(page)
    await app.click(text="Qwixx Longo")          # a button/control showing this text
    await app.click(text="Echte Würfel")         # unfolds the real dice: their faces and field
    await app.type_into("Echte Würfel: Werte eingeben", "3 4 1 1 1 1")  # by label
    await app.click(text="Übernehmen")           # or: await typed_roll(app, label, "3 4 1 1 1 1")
    assert "Weiße Summe 7 – Spieler 1:" in app.texts()
    await app.click(tooltip="Rückgängig")
    await app.click(label="Rot 2")               # Semantics label (a sheet field)
    app.messages                                 # decoded outgoing [action, body] pairs
    app.sent("Wertung")                          # that text went over the wire to the client
    await app.settle()                           # let page.run_task work (other sessions) run

Finders match a control's visible text exactly (``text=``), its tooltip
(``tooltip=``) or its label (TextField/Radio/Semantics ``label=``);
``contains=True`` matches substrings. A click goes to the control itself if it has an
``on_click`` handler, else to the tappable content of a ``Semantics`` wrapper,
else to the nearest tappable ancestor; a disabled one fails the test.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page, context
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.app import AppContext, make_main
from companion.store import Store
from companion.table.table import Tables

_EXECUTOR = ThreadPoolExecutor(max_workers=2, thread_name_prefix="harness")


def make_context(db: str | Path) -> AppContext:
    """An app context on its own database file (one per test)."""
    store = Store(str(db))
    return AppContext(store=store, tables=Tables(store))


class FakeConnection(Connection):
    """Records every message the session sends, encoded like the real transport.

    Client method calls (SharedPreferences, device info, ...) are answered at
    once with an error ("no client"), unless ``answers[method_name]`` holds a
    value: so nothing in the app waits for a timeout.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.executor = _EXECUTOR
        self.pubsubhub = PubSubHub(loop=loop, executor=_EXECUTOR)
        self.page_name = ""
        self.page_url = "http://testserver"
        self.session: Session | None = None
        self.raw: list[bytes] = []
        self.messages: list[list[Any]] = []  # [action (int), body (decoded msgpack)]
        self.answers: dict[str, Any] = {}
        self._encode = configure_encode_object_for_msgpack(BaseControl)

    def send_message(self, message: Message) -> None:
        body = msgpack.packb([message.action, message.body], default=self._encode)
        self.raw.append(body)
        decoded = msgpack.unpackb(body, strict_map_key=False)
        self.messages.append(decoded)
        if MessageAction(decoded[0]) == MessageAction.INVOKE_METHOD:
            self._answer(decoded[1])

    def _answer(self, body: dict[str, Any]) -> None:
        name = body.get("name")
        if name in self.answers:
            result, error = self.answers[name], None
        else:
            result, error = None, f"harness: no client for {name}"

        def reply() -> None:
            if self.session is None:
                return
            try:
                self.session.handle_invoke_method_results(body["control_id"], body["call_id"], result, error)
            except RuntimeError:
                pass  # the caller is gone (control unmounted)

        self.loop.call_soon_threadsafe(reply)

    def get_upload_url(self, file_name: str, expires: int) -> str:
        return f"http://testserver/upload/{file_name}"


# --- reading the control tree -------------------------------------------------------------
def _children(ctrl: Any) -> Iterator[BaseControl]:
    """Controls held by ``ctrl``'s dataclass fields (content, controls, _dialogs, ...)."""
    if not dataclasses.is_dataclass(ctrl):
        return
    for f in dataclasses.fields(ctrl):
        # public fields only (``_values`` mirrors them); a page's dialogs/overlay are private
        if f.name.startswith("_") and f.name not in ("_dialogs", "_overlay"):
            continue
        try:
            value = getattr(ctrl, f.name)
        except Exception:
            continue
        yield from _controls_in(value)


def _controls_in(value: Any) -> Iterator[BaseControl]:
    if isinstance(value, BaseControl):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _controls_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _controls_in(v)


def _shown(ctrl: BaseControl) -> bool:
    if getattr(ctrl, "visible", True) is False:
        return False
    return not (isinstance(ctrl, ft.DialogControl) and not getattr(ctrl, "open", False))


def own_texts(ctrl: BaseControl) -> list[str]:
    """The words this one control shows itself (not its children's)."""
    out: list[str] = []
    if isinstance(ctrl, ft.Page):
        return out  # the page title is the browser tab's, not the screen's
    if isinstance(ctrl, ft.Text):
        if isinstance(ctrl.value, str) and ctrl.value:
            out.append(ctrl.value)
        for span in getattr(ctrl, "spans", None) or []:
            if getattr(span, "text", None):
                out.append(span.text)
        return out
    if isinstance(ctrl, ft.TextField):
        for v in (ctrl.label, ctrl.value):
            if isinstance(v, str) and v:
                out.append(v)
        return out
    for name in ("content", "label", "text", "title"):
        v = getattr(ctrl, name, None)
        if isinstance(v, str) and v and not isinstance(ctrl, ft.Semantics):
            out.append(v)
    return out


def tooltip_of(ctrl: BaseControl) -> str | None:
    tip = getattr(ctrl, "tooltip", None)
    if isinstance(tip, str):
        return tip
    msg = getattr(tip, "message", None)
    return msg if isinstance(msg, str) else None


def label_of(ctrl: BaseControl) -> str | None:
    v = getattr(ctrl, "label", None)
    return v if isinstance(v, str) else None


def _tappable(ctrl: BaseControl) -> bool:
    return getattr(ctrl, "on_click", None) is not None


def _descendants(ctrl: BaseControl) -> Iterator[BaseControl]:
    for child in _children(ctrl):
        yield child
        yield from _descendants(child)


@dataclasses.dataclass
class Found:
    control: BaseControl
    ancestors: tuple[BaseControl, ...]  # root first

    def clickable(self) -> BaseControl | None:
        """What a tap on this control reaches: itself, else the tappable content of a
        ``Semantics`` wrapper, else the nearest tappable ancestor."""
        if _tappable(self.control):
            return self.control
        if isinstance(self.control, ft.Semantics):
            inner = [c for c in _descendants(self.control) if _tappable(c)]
            if inner:
                return inner[0]
        for c in reversed(self.ancestors):
            if _tappable(c):
                return c
        return None

    def disabled(self) -> bool:
        return any(getattr(c, "disabled", False) for c in (self.control, *self.ancestors))


class AppSession:
    """One browser session (one phone) of the app, driven from a test."""

    def __init__(self, session: Session, conn: FakeConnection, ctx: AppContext) -> None:
        self.session = session
        self.conn = conn
        self.ctx = ctx

    # --- lifecycle ------------------------------------------------------------------------
    @classmethod
    async def start(cls, ctx: AppContext, route: str = "/", *, width: int = 420, height: int = 900,
                    main: Callable | None = None) -> AppSession:
        """Register a client like flet_web's FletApp does, then run the app's ``main(page)``."""
        loop = asyncio.get_running_loop()
        conn = FakeConnection(loop)
        session = Session(conn)
        conn.session = session
        _context_page.set(session.page)
        # what the client sends with REGISTER_CLIENT
        session.apply_page_patch({"route": route, "web": True, "width": width, "height": height})
        # REGISTER_CLIENT response: the whole page (this mounts the page's controls)
        conn.send_message(
            Message(MessageAction.REGISTER_CLIENT,
                    {"session_id": session.id, "page_patch": session.get_page_patch(), "error": ""})
        )
        app = cls(session, conn, ctx)
        main = main or make_main(ctx)
        context.reset_auto_update()
        await main(session.page)
        await session.after_event(session.page)
        await app.settle()
        return app

    async def close(self) -> None:
        """The browser tab goes away: the page's ``close`` event (unsubscribes the table)."""
        self.session.close()
        await self.settle()

    async def settle(self, rounds: int = 5) -> None:
        """Let queued tasks (page.run_task, client answers) run."""
        for _ in range(rounds):
            await asyncio.sleep(0)

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 2.0) -> None:
        """Until ``predicate()`` holds (e.g. another session's change arrived here)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not predicate():
            if loop.time() > end:
                raise AssertionError(f"timed out; screen shows: {self.texts()}")
            await asyncio.sleep(0.01)

    # --- reading ----------------------------------------------------------------------------
    @property
    def page(self) -> ft.Page:
        return self.session.page

    @property
    def shell(self) -> Any:
        """The app's per-session object (``page.data``): only for setup a player could do too."""
        return self.page.data

    @property
    def messages(self) -> list[list[Any]]:
        return self.conn.messages

    @property
    def frames(self) -> list[bytes]:
        """Every frame sent to the client, as bytes on the wire (msgpack), in order."""
        return self.conn.raw

    def messages_of(self, action: MessageAction) -> list[Any]:
        return [body for a, body in self.conn.messages if MessageAction(a) == action]

    def sent(self, text: str) -> bool:
        """Whether ``text`` went over the wire to the client in some message (msgpack UTF-8)."""
        needle = text.encode("utf-8")
        return any(needle in raw for raw in self.conn.raw)

    def crashes(self) -> list[Any]:
        """SESSION_CRASHED messages: an exception escaped an event handler (the client shows it)."""
        return self.messages_of(MessageAction.SESSION_CRASHED)

    def walk(self) -> Iterator[Found]:
        """Every mounted, shown control (depth first), with its ancestors."""
        index = self.session.index

        def rec(ctrl: BaseControl, anc: tuple[BaseControl, ...]) -> Iterator[Found]:
            if not _shown(ctrl) or index.get(ctrl._i) is not ctrl:
                return
            yield Found(ctrl, anc)
            for child in _children(ctrl):
                yield from rec(child, anc + (ctrl,))

        yield from rec(self.page, ())

    def texts(self) -> list[str]:
        """All words on the screen, in tree order."""
        return [t for f in self.walk() for t in own_texts(f.control)]

    def screen(self) -> str:
        return "\n".join(self.texts())

    def has_text(self, text: str, *, contains: bool = False) -> bool:
        return any((text in t) if contains else (t == text) for t in self.texts())

    def find_all(self, *, text: str | None = None, tooltip: str | None = None, label: str | None = None,
                 contains: bool = False, kind: type | None = None) -> list[Found]:
        def match(v: str | None, want: str | None) -> bool:
            if want is None:
                return True
            if v is None:
                return False
            return want in v if contains else v == want

        out = []
        for f in self.walk():
            c = f.control
            if kind is not None and not isinstance(c, kind):
                continue
            if text is not None and not any(match(t, text) for t in own_texts(c)):
                continue
            if tooltip is not None and not match(tooltip_of(c), tooltip):
                continue
            if label is not None and not match(label_of(c), label):
                continue
            out.append(f)
        return out

    def find(self, **how: Any) -> Found:
        found = self.find_all(**how)
        if len(found) != 1:
            raise AssertionError(f"expected one control for {how}, found {len(found)}; screen: {self.texts()}")
        return found[0]

    # --- acting -------------------------------------------------------------------------------
    async def click(self, *, nth: int | None = None, **how: Any) -> None:
        """Tap the control found by ``how`` (see ``find_all``); ``nth`` picks among several."""
        found = [f for f in self.find_all(**how) if f.clickable() is not None]
        if nth is not None:
            found = found[nth:nth + 1]
        if len(found) != 1:
            raise AssertionError(f"expected one clickable control for {how}, found {len(found)}; "
                                 f"screen: {self.texts()}")
        if found[0].disabled():
            raise AssertionError(f"control {how} is disabled")
        target = found[0].clickable()
        await self.session.dispatch_event(target._i, "click", None)
        await self.settle()

    async def type_into(self, label: str, value: str, *, submit: bool = False) -> None:
        """Type ``value`` into the TextField labelled ``label``: the client's property patch, then ``change``."""
        f = self.find(label=label, kind=ft.TextField).control
        self.session.apply_patch(f._i, {"value": value})
        await self.session.dispatch_event(f._i, "change", value)
        if submit:
            await self.session.dispatch_event(f._i, "submit", value)
        await self.settle()

    async def choose(self, label: str) -> None:
        """Pick the radio button labelled ``label`` (the RadioGroup's value patch, then ``change``)."""
        found = self.find(label=label, kind=ft.Radio)
        group = next(a for a in reversed(found.ancestors) if isinstance(a, ft.RadioGroup))
        self.session.apply_patch(group._i, {"value": found.control.value})
        await self.session.dispatch_event(group._i, "change", found.control.value)
        await self.settle()


async def typed_roll(app: AppSession, label: str, values: str, *, apply: str = "Übernehmen",
                     real: str = "Echte Würfel") -> None:
    """The table's real dice typed into the field ``label`` and taken. Folded, a phone shows only
    "Würfeln" and "Echte Würfel" (``real``): the field unfolds first; a phone keeps real dice from
    roll to roll, so later rolls find it open."""
    if not app.find_all(label=label):
        await app.click(text=real)
    await app.type_into(label, values)
    await app.click(text=apply)
