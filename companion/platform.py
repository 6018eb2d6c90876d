"""The one seam between the two ways Tischrichter runs.

- ``SERVER``: CPython 3.11+ serves the app (``python -m companion``); the store is a file in the
  user's data folder; phones on the LAN may join by a game's link (QR), the host has its link.
- ``PHONE``: the whole app runs in the phone's browser (Pyodide, Python 3.14, ``build/web.sh``);
  one phone, one session, no server. The store is a SQLite file in the browser's IndexedDB
  (Emscripten's IDBFS mounted at ``/data``), written through after every write before the action
  is shown as done. There is no LAN, no QR join and no host link: playing with several phones needs
  the server mode, and the screens say so.

Everything else (``scoring/``, ``components/``, the screens) is the same code in both modes and
asks this module only. Nothing here or anywhere in the app starts a thread: the browser's Python
cannot (``threading.Timer(...).start()`` raises there); work for later goes through the session's
event loop (``later``).
"""

from __future__ import annotations

import asyncio
import logging
import sys
import weakref
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Final, Literal

from companion.i18n import add_strings

if TYPE_CHECKING:
    from flet.messaging.connection import Connection
    from flet.messaging.protocol import Message

log = logging.getLogger("tischrichter.platform")
# Any: Pyodide's JavaScript objects (``pyodide_js.FS``, the worker's ``flet_js``, an IndexedDB error) have no
# Python types
JsProxy = Any

add_strings(
    {
        "phone.not_saved": {
            "de": "Nicht gespeichert: dieser Browser nimmt gerade nichts an (privates Fenster oder voller Speicher?). "
                  "Das Spiel geht weiter, ist aber nach dem Schließen weg: jetzt unter „Sichern & Einlesen“ "
                  "eine Sicherung herunterladen.",
            "en": "Not saved: this browser accepts nothing right now (a private window or full storage?). "
                  "The game goes on but is gone once closed: download a backup under “Backup & import” now.",
        },
        "phone.unreadable": {
            "de": "Die Spiele, die dieser Browser aufbewahrt, konnten nicht gelesen werden. Es wurde nichts "
                  "überschrieben. Bitte die Seite neu laden; hilft das nicht, den Browser neu starten.",
            "en": "The games this browser keeps could not be read. Nothing was overwritten. Please reload "
                  "the page; if that does not help, restart the browser.",
        },
    }
)


class StorageUnreadable(OSError):
    """Phone: what IndexedDB holds could not be read into the mount. The store is not opened: an empty
    file opened in its place would be written over the kept games at the first save."""

SERVER: Final = "server"
PHONE: Final = "phone"
Mode = Literal["server", "phone"]

IN_BROWSER = sys.platform == "emscripten"
MODE: Mode = PHONE if IN_BROWSER else SERVER

PHONE_DATA_DIR = "/data"  # IDBFS mount point in the browser
PHONE_DB = PHONE_DATA_DIR + "/tischrichter.db"


def set_mode(mode: Mode) -> None:
    """Tests and the phone entry choose the mode; the default follows the interpreter."""
    global MODE
    if mode not in (SERVER, PHONE):
        raise ValueError(mode)
    MODE = mode


def is_phone() -> bool:
    return MODE == PHONE


def can_share() -> bool:
    """LAN sharing, a game's QR join link and the host link exist only with a server."""
    return MODE == SERVER


def db_path() -> str | None:
    """Where the store lives: the phone's IndexedDB-backed file, else the server's default."""
    return PHONE_DB if MODE == PHONE else None


# --- work for later, without threads ------------------------------------------------------
def later(fn: Callable[[], object], delay: float = 0.0) -> bool:
    """Run ``fn`` once, ``delay`` seconds from now, on the running event loop (never a thread).

    Without a running loop (a plain import, a test) nothing is scheduled (returns False):
    whoever needs the work does it on first use."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False
    loop.call_later(delay, _guarded, fn)
    return True


def _guarded(fn: Callable[[], object]) -> None:
    try:
        fn()
    except Exception:  # the screen that needs it builds it again and shows the error there
        log.exception("deferred start-up work failed")


# --- the phone's lasting storage (IndexedDB through Emscripten's IDBFS) ----------------------
_mounted = False
_persist_hooks: list[Callable[[], Awaitable[None]]] = []


def mark(name: str) -> None:
    """Phone: the performance mark ``tr:<name>`` in the page (python-worker.js posts it; the web bench
    reads the start's steps from them). Server: nothing."""
    if MODE != PHONE or not IN_BROWSER:
        return
    try:
        _flet_js().mark(f"tr:{name}")
    except Exception:  # noqa: BLE001 - a mark is for the bench; the app goes on without it
        pass


def _fs() -> JsProxy:
    import pyodide_js  # type: ignore[import-not-found]  # only inside Pyodide

    return pyodide_js.FS


async def _syncfs(populate: bool) -> None:
    """``FS.syncfs``: ``populate`` True loads IndexedDB into memory, False writes memory out."""
    fs = _fs()
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()

    def callback(err: JsProxy = None) -> None:
        if done.done():
            return
        if err:
            done.set_exception(OSError(f"IndexedDB sync failed: {err}"))
        else:
            done.set_result(None)

    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    fs.syncfs(populate, create_once_callable(callback))
    await done


async def open_storage() -> None:
    """Phone: mount IndexedDB at ``/data`` and load what it holds (once). Server: nothing."""
    global _mounted
    if MODE != PHONE or _mounted or not IN_BROWSER:
        return
    import os

    fs = _fs()
    os.makedirs(PHONE_DATA_DIR, exist_ok=True)
    fs.mount(fs.filesystems.IDBFS, {}, PHONE_DATA_DIR)
    _mounted = True
    load = _worker("loadStore")  # the site's worker read IndexedDB while Pyodide started
    try:
        if load is not None and await load(PHONE_DATA_DIR):
            mark("storage-read-early")  # the bench and tests/e2e/test_web_write_through.py see which way
        else:
            await _syncfs(True)
    except Exception as exc:  # a JavaScript error (pyodide.ffi.JsException) or IDBFS's
        _mounted = False  # not loaded: a later session mounts and reads again, never writes an empty file
        try:
            fs.unmount(PHONE_DATA_DIR)
        except Exception:  # noqa: BLE001 - the error said is the read's
            pass
        raise StorageUnreadable(f"IndexedDB could not be read: {exc}") from exc


async def persist(changed: bool = True) -> None:
    """Phone: write the store's file through to IndexedDB; returns when it is there.
    ``changed`` False: only if its modification time says so (the start).
    Server: nothing (SQLite's own commit is the write-through)."""
    await start_persist(changed)


def start_persist(changed: bool = True) -> Awaitable[None]:
    """``persist()``, begun now: in the site's worker the IndexedDB transaction is opened before
    this returns, so the browser writes while Python goes on (the screen's build);
    the awaitable ends when the file is there."""
    pending = None
    if MODE == PHONE and IN_BROWSER and _mounted:
        write = _worker("writeThrough")
        if write is not None:  # a JavaScript promise, the transaction open
            pending = write(PHONE_DATA_DIR, PHONE_DB if changed else None)
    return _persisted(pending)


async def _persisted(pending: JsProxy) -> None:
    if MODE != PHONE:
        return
    if pending is not None:
        try:
            await pending
        except Exception as exc:  # a JavaScript error (pyodide.ffi.JsException): the saver's OSError
            raise OSError(f"IndexedDB sync failed: {exc}") from exc
    elif IN_BROWSER and _mounted:
        await _syncfs(False)  # another worker than the site's: IDBFS's own write-through
    for hook in list(_persist_hooks):  # tests stand in for IndexedDB here
        await hook()


def _worker(name: str) -> JsProxy:
    """A function of the site's worker (build/web/python-worker.js), or None (another worker, or
    none: IDBFS's syncfs does it). ``writeThrough(mountpoint, changed)``: one IndexedDB transaction
    of what changed; ``loadStore(mountpoint)``: what IndexedDB held, read as the worker
    started, into the mount (false: nothing was read); ``connected``: a promise, resolved once the
    page has been told the app's connection is up."""
    try:
        return getattr(_flet_js(), name, None)
    except ImportError:
        return None


def connected() -> Awaitable[object] | None:
    """The site's worker: resolved once it has told the page that the app's Flet connection is up
    (build/web/python-worker.js ``flet_js.connected``); None elsewhere (the store then opens when
    the first session starts)."""
    promise: Awaitable[object] | None = _worker("connected")  # a JavaScript promise is awaitable
    return promise


def on_persist(hook: Callable[[], Awaitable[None]]) -> None:
    _persist_hooks.append(hook)


class WriteThrough:
    """Phone: nothing the screen shows leaves Python before the store's file is in IndexedDB.

    Wraps a Flet connection's ``send_message``: while the store has changes not yet written
    through (``changes()``, SQLite's ``total_changes``, differs from the last synced count),
    every message (the new screen) is held, ``persist()`` runs, and then the held messages go
    out in their order. So an action is shown as done only once it is saved; a reload or a
    closed tab after that finds it."""

    def __init__(self, conn: Connection, changes: Callable[[], int],
                 on_result: Callable[[BaseException | None], None] | None = None) -> None:
        self.on_result = on_result  # told after each save: None (saved) or the error
        self._send = conn.send_message
        self._changes = changes
        self._synced = changes()
        self._held: list[Message] = []
        self._task: asyncio.Task[None] | None = None
        self.failed: BaseException | None = None  # the last IndexedDB error (the game stays in memory)
        conn.send_message = self.send  # type: ignore[method-assign]  # every message passes the gate
        _gates.add(self)

    def dirty(self) -> bool:
        return self._changes() != self._synced

    def kick(self) -> None:
        """The store has just committed (``committed``): the save starts now, before the screen is
        built, and the screen's message waits for it as before (at phone class the
        IndexedDB write took ~30 ms after a ~40 ms build; now they overlap)."""
        if not self.dirty() or (self._task is not None and not self._task.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not on the session's loop: the next message saves as before
            return
        self._task = loop.create_task(self._flush((self._changes(), start_persist())))

    def send(self, message: Message) -> None:
        if not self._held and not self.dirty():
            self._send(message)
            return
        self._held.append(message)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self, started: tuple[int, Awaitable[None]] | None = None) -> None:
        while started is not None or self.dirty():
            if started is not None:  # kicked: the save of the changes up to ``target`` is under way
                (target, saving), started = started, None
            else:
                target, saving = self._changes(), persist()
            try:
                await saving
                self.failed = None
            except Exception as exc:  # IndexedDB refused (quota, private mode): show the game anyway
                log.warning("store not written through: %r", exc)
                self.failed = exc
            self._synced = target
            if self.on_result is not None:
                try:
                    self.on_result(self.failed)  # may render: that message is held until this round ends
                except Exception:
                    log.exception("write-through notice failed")
        held, self._held = self._held, []
        for message in held:
            self._send(message)

    async def idle(self) -> None:
        """Until everything held went out (tests, shutdown)."""
        while self._task is not None and not self._task.done():
            await self._task


_gates: weakref.WeakSet[WriteThrough] = weakref.WeakSet()


def committed() -> None:
    """A screen's action was just committed to the store: the phone starts saving it now
    (``WriteThrough.kick``). Server: nothing."""
    for gate in list(_gates):
        gate.kick()


def write_through(conn: Connection, changes: Callable[[], int],
                  on_result: Callable[[BaseException | None], None] | None = None) -> WriteThrough | None:
    """Phone mode: hold the screen until the store is saved (see ``WriteThrough``). Server: None."""
    if MODE != PHONE:
        return None
    return WriteThrough(conn, changes, on_result)


# --- does the browser keep the store? ------------------------------------------------------
# Browsers may clear a site's storage: best-effort storage under storage pressure, and Safari on
# iPhone what a site stored when it was not opened for seven days (unless it is on the home screen).
# The page asks ``navigator.storage.persist()`` as it loads (build/web/python.js; a worker has no
# ``persist``) and posts the answer to the Python worker, which keeps it as the promise
# ``flet_js.storageKept`` once it is there, and as the promise ``flet_js.storage`` before
# (build/web/python-worker.js). True: the browser promised to keep it. The page asks as it loads, so
# the answer is normally in before the first screen: that screen shows it, nothing moves later.
_kept: bool | None = None  # the answer once known
_kept_source: Callable[[], Awaitable[bool | None]] | None = None  # tests stand in for the page


def storage_kept() -> bool | None:
    """Does the browser keep the store? Phone: True, False, or None (no answer yet, or none given).
    Server: True (a file on the host's disk; nothing here applies)."""
    global _kept
    if MODE != PHONE:
        return True
    if _kept is None and IN_BROWSER and _kept_source is None:
        now = getattr(_flet_js(), "storageKept", None)
        _kept = None if now is None else now is True
    return _kept


def answer_storage(source: Callable[[], Awaitable[bool | None]] | None) -> None:
    """Tests: where the answer comes from instead of the page (None: from the page again)."""
    global _kept, _kept_source
    _kept, _kept_source = None, source


async def ask_storage() -> bool | None:
    """Phone: wait for the page's answer (once; later calls return it at once). Server: True."""
    global _kept
    if MODE != PHONE:
        return True
    if _kept is None:
        if _kept_source is not None:
            got = await _kept_source()
        elif IN_BROWSER:
            got = await _page_answer()
        else:
            return None
        _kept = None if got is None else got is True
    return _kept


def _flet_js() -> JsProxy:
    import flet_js  # type: ignore[import-not-found]  # the worker's module (build/web/python-worker.js)

    return flet_js


async def _page_answer() -> bool | None:
    answer = getattr(_flet_js(), "storage", None)
    if answer is None:  # a page that does not ask
        return None
    return bool(await answer)
