"""The phone build (the whole app in the browser, no server) through the one seam,
``companion.platform``. Level 2 (tests/harness/flet_session.py): the same screens as on the
server, with the mode set to PHONE; the browser's IndexedDB stands in as a persist hook."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import flet as ft
import pytest

from companion import platform
from companion.__main__ import phone_main
from companion.screens import rules as rules_ui
from tests.harness.flet_session import AppSession, make_context, typed_roll

ROOT = Path(__file__).resolve().parents[2]

PHONE_ONLY_DE = (
    "Dieser Tischrichter läuft allein auf diesem Handy: reicht es am Tisch herum. "
    "Mit einem Handy für jeden spielt ihr auf einem Tischrichter, der im WLAN oder im Internet "
    "läuft: dort zeigt jedes Spiel seinen QR-Code zum Beitreten."
)
PHONE_ONLY_EN = (
    "This Tischrichter runs on this phone alone: pass it around the table. "
    "To play with a phone each, use a Tischrichter that runs on the Wi-Fi or on the internet: "
    "there every game shows its QR code to join."
)


@pytest.fixture
def phone_mode(monkeypatch):
    monkeypatch.setattr(platform, "MODE", platform.PHONE)
    monkeypatch.setattr(platform, "_persist_hooks", [])
    yield


async def start_qwixx(app: AppSession, start: str = "Spiel starten") -> None:
    await app.click(text="Qwixx Longo")
    await app.click(text=start)


@pytest.mark.parametrize("lang, text, start, invite", [
    ("de", PHONE_ONLY_DE, "Spiel starten", "Mitspieler einladen"),
    ("en", PHONE_ONLY_EN, "Start game", "Invite players")])
async def test_phone_build_says_several_phones_need_the_server_mode(tmp_path, phone_mode, lang, text, start, invite):
    ctx = make_context(tmp_path / "phone.db")
    app = await AppSession.start(ctx, f"/?lang={lang}")
    await start_qwixx(app, start)
    await app.click(tooltip=invite)
    assert app.has_text(text)
    assert not app.find_all(kind=ft.Image)  # no QR code: nobody could reach this phone
    assert not app.crashes()


async def test_server_mode_still_shows_the_qr_code(tmp_path):
    ctx = make_context(tmp_path / "server.db")
    ctx.join_url, ctx.token = "http://192.168.1.5:8550/?t=Tisch_Geheim-1", "Tisch_Geheim-1"
    app = await AppSession.start(ctx)
    await start_qwixx(app)
    await app.click(tooltip="Mitspieler einladen")
    assert len(app.find_all(kind=ft.Image)) == 1
    assert not app.has_text(PHONE_ONLY_DE)


def test_the_phone_store_lives_in_indexeddb_and_the_server_store_where_it_was(monkeypatch):
    monkeypatch.setattr(platform, "MODE", platform.PHONE)
    assert platform.db_path() == "/data/tischrichter.db" and not platform.can_share()
    monkeypatch.setattr(platform, "MODE", platform.SERVER)
    assert platform.db_path() is None and platform.can_share()


def test_no_module_of_the_app_starts_a_thread():
    """The browser's Python cannot start threads (Thread.start raises there): loading every
    screen must not try (the rules screen started a threading.Timer at import)."""
    code = (
        "import threading\n"
        "def refuse(self, *a, **k):\n"
        "    raise RuntimeError('cannot start new thread (as in Pyodide)')\n"
        "threading.Thread.start = refuse\n"
        "from companion.app import load_extensions\n"
        "load_extensions()\n"
        "import companion.screens.rules, companion.screens.history, companion.screens.join\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"


async def test_the_rules_index_warms_on_the_event_loop(tmp_path, monkeypatch):
    planned = []
    monkeypatch.setattr(rules_ui, "_warm_scheduled", False)
    monkeypatch.setattr(platform, "later", lambda fn, delay=0.0: planned.append((fn, delay)) or True)
    ctx = make_context(tmp_path / "warm.db")
    await AppSession.start(ctx)
    await AppSession.start(ctx)  # a second session plans nothing more
    assert planned == [(rules_ui._warm, 3.0)]


async def test_later_runs_on_the_loop_and_keeps_errors_in_the_log():
    ran = []
    assert platform.later(lambda: ran.append(1), 0.0)
    assert platform.later(lambda: 1 / 0, 0.0)  # logged, not raised into the loop
    await asyncio.sleep(0.01)
    assert ran == [1]


def test_later_without_a_loop_plans_nothing():
    assert platform.later(lambda: None) is False


async def test_phone_shows_an_action_only_after_it_is_saved(tmp_path, phone_mode):
    """The new screen leaves Python only once the store is written through."""
    gate_open = asyncio.Event()
    saves = []

    async def indexeddb() -> None:
        await gate_open.wait()
        saves.append(1)

    platform.on_persist(indexeddb)
    gate_open.set()  # the start: the new file is saved at once
    ctx_box = {}

    def make_ctx():
        ctx_box["ctx"] = make_context(tmp_path / "phone.db")
        return ctx_box["ctx"]

    main = phone_main(make_ctx)
    app = await AppSession.start(None, main=main)
    assert app.sent("Qwixx Longo")  # home: nothing to save, shown at once
    gate_open.clear()
    before = len(saves)
    await app.click(text="Qwixx Longo")
    await app.click(text="Spiel starten")
    assert app.has_text("Spieler 1 ist dran · Wurf Nr. 1")  # the screen is built ...
    assert not app.sent("Spieler 1 ist dran · Wurf Nr. 1")  # ... but held until saved
    gate_open.set()
    await main.started["gate"].idle()
    assert app.sent("Spieler 1 ist dran · Wurf Nr. 1")
    assert len(saves) > before
    # the saved game is in the store the phone reopens after a reload
    games = ctx_box["ctx"].store.games()
    assert [g["game"] for g in games] == ["qwixx-longo"]
    assert not app.crashes()


async def test_server_mode_sends_at_once_and_persists_nothing(tmp_path):
    ctx = make_context(tmp_path / "server.db")
    app = await AppSession.start(ctx, main=phone_main(lambda: ctx))
    assert platform.write_through(app.conn, lambda: 0) is None
    await start_qwixx(app)
    assert app.sent("Spieler 1 ist dran · Wurf Nr. 1")


class FakeFS:
    """Emscripten's FS as Pyodide shows it (``pyodide_js.FS``): records mount and syncfs."""

    def __init__(self, error=None) -> None:
        self.calls: list[tuple] = []
        self.error = error
        self.filesystems = type("Filesystems", (), {"IDBFS": "IDBFS"})()

    def mount(self, fs, opts, path) -> None:
        self.calls.append(("mount", fs, path))

    def unmount(self, path) -> None:
        self.calls.append(("unmount", path))

    def syncfs(self, populate, callback) -> None:
        self.calls.append(("syncfs", populate))
        asyncio.get_running_loop().call_soon(callback, self.error)  # IndexedDB answers later, never at once


@pytest.fixture
def fake_pyodide(monkeypatch, tmp_path):
    import types

    fs = FakeFS()
    monkeypatch.setitem(sys.modules, "pyodide_js", types.SimpleNamespace(FS=fs))
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_once_callable = lambda fn: fn
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    monkeypatch.setattr(platform, "MODE", platform.PHONE)
    monkeypatch.setattr(platform, "_mounted", False)
    monkeypatch.setattr(platform, "PHONE_DATA_DIR", str(tmp_path / "data"))
    return fs


async def test_indexeddb_is_mounted_and_loaded_once_then_written_after_each_save(fake_pyodide):
    await platform.open_storage()
    await platform.open_storage()  # a second session of the same page: nothing again
    assert fake_pyodide.calls == [("mount", "IDBFS", platform.PHONE_DATA_DIR), ("syncfs", True)]
    await platform.persist()
    assert fake_pyodide.calls[-1] == ("syncfs", False)


class FakeWorker:
    """The site's worker module (``flet_js``) with its one-transaction ``writeThrough``."""

    def __init__(self, error: str | None = None) -> None:
        self.writes: list[tuple[str, str]] = []
        self.error = error

    async def writeThrough(self, mountpoint: str, changed: str) -> None:  # noqa: N802 - the JavaScript name
        self.writes.append((mountpoint, changed))
        if self.error:
            raise RuntimeError(self.error)  # stands in for pyodide.ffi.JsException


async def test_in_the_sites_worker_a_save_is_its_one_transaction_write_of_the_store_not_idbfs_syncfs(
        fake_pyodide, monkeypatch):
    worker = FakeWorker()
    monkeypatch.setitem(sys.modules, "flet_js", worker)
    await platform.open_storage()  # loading what IndexedDB holds stays IDBFS's own
    await platform.persist()
    assert fake_pyodide.calls == [("mount", "IDBFS", platform.PHONE_DATA_DIR), ("syncfs", True)]
    assert worker.writes == [(platform.PHONE_DATA_DIR, platform.PHONE_DB)]


class PrefetchingWorker(FakeWorker):
    """The site's worker that read IndexedDB as it started (``loadStore``), or found nothing there."""

    def __init__(self, found: bool) -> None:
        super().__init__()
        self.found = found
        self.loads: list[str] = []

    async def loadStore(self, mountpoint: str) -> bool:  # noqa: N802 - the JavaScript name
        self.loads.append(mountpoint)
        return self.found


@pytest.mark.parametrize("found, loaded_by", [(True, []), (False, [("syncfs", True)])])
async def test_the_store_read_as_the_worker_started_is_loaded_without_idbfs_reading_it_again(
        fake_pyodide, monkeypatch, found, loaded_by):
    worker = PrefetchingWorker(found)
    monkeypatch.setitem(sys.modules, "flet_js", worker)
    await platform.open_storage()
    assert worker.loads == [platform.PHONE_DATA_DIR]
    assert fake_pyodide.calls == [("mount", "IDBFS", platform.PHONE_DATA_DIR), *loaded_by]
    await platform.persist(changed=False)  # the start: only what the modification times say
    await platform.persist()  # a move: the store's file whatever its time says
    assert worker.writes == [(platform.PHONE_DATA_DIR, None), (platform.PHONE_DATA_DIR, platform.PHONE_DB)]


class UnreadableWorker(PrefetchingWorker):
    """The site's worker whose read of IndexedDB at its start failed (python-worker.js ``loadStore``)."""

    async def loadStore(self, mountpoint: str) -> bool:  # noqa: N802 - the JavaScript name
        self.loads.append(mountpoint)
        raise RuntimeError("the games kept in this browser could not be read (UnknownError)")


async def test_a_store_indexeddb_could_not_give_back_is_not_opened_and_read_again_next_time(fake_pyodide, monkeypatch):
    worker = UnreadableWorker(found=False)
    monkeypatch.setitem(sys.modules, "flet_js", worker)
    for _ in range(2):
        with pytest.raises(platform.StorageUnreadable, match=r"^IndexedDB could not be read: the games kept in "
                                                              r"this browser could not be read \(UnknownError\)$"):
            await platform.open_storage()
    mounted = ("mount", "IDBFS", platform.PHONE_DATA_DIR)
    assert fake_pyodide.calls == [mounted, ("unmount", platform.PHONE_DATA_DIR)] * 2  # tried again, not taken as read
    assert worker.loads == [platform.PHONE_DATA_DIR] * 2 and worker.writes == []


UNREADABLE_DE = ("Die Spiele, die dieser Browser aufbewahrt, konnten nicht gelesen werden. Es wurde nichts "
                 "überschrieben. Bitte die Seite neu laden; hilft das nicht, den Browser neu starten.")
UNREADABLE_EN = ("The games this browser keeps could not be read. Nothing was overwritten. Please reload the "
                 "page; if that does not help, restart the browser.")


async def test_when_the_kept_games_cannot_be_read_the_phone_says_so_and_opens_no_store(tmp_path, fake_pyodide,
                                                                                       monkeypatch):
    worker = UnreadableWorker(found=False)
    monkeypatch.setitem(sys.modules, "flet_js", worker)
    opened: list[str] = []

    def make_ctx():
        opened.append("store")
        return make_context(tmp_path / "phone.db")

    app = await AppSession.start(None, main=phone_main(make_ctx))
    assert app.has_text(UNREADABLE_DE) and app.has_text(UNREADABLE_EN)
    assert not app.find_all(text="Qwixx Longo")  # no home screen, nothing to tap that would save
    assert opened == [] and worker.writes == [] and not (tmp_path / "phone.db").exists()
    assert not app.crashes()


async def test_the_workers_write_error_reaches_the_saver_as_an_indexeddb_error(fake_pyodide, monkeypatch):
    monkeypatch.setitem(sys.modules, "flet_js", FakeWorker(error="QuotaExceededError: the disk is full"))
    await platform.open_storage()
    with pytest.raises(OSError, match="^IndexedDB sync failed: QuotaExceededError: the disk is full$"):
        await platform.persist()


class ScreenWatchingWorker:
    """The site's worker whose ``writeThrough`` notes what the screen showed when the save began."""

    def __init__(self) -> None:
        self.app: AppSession | None = None
        self.begun_on: list[bool] = []  # per save: was the next screen already built?
        self.next_screen = ""

    def writeThrough(self, mountpoint: str, changed: str):  # noqa: N802 - the JavaScript name
        self.begun_on.append(self.app is not None and bool(self.next_screen) and self.app.has_text(self.next_screen))
        done = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done  # the promise


async def test_a_taken_move_is_being_saved_before_its_screen_is_built_and_shown_once_saved(
        fake_pyodide, monkeypatch, tmp_path):
    """The phone's IndexedDB write of a move starts when the store has committed it,
    so it runs while Python builds the new screen; the screen still leaves only once it is saved."""
    worker = ScreenWatchingWorker()
    monkeypatch.setitem(sys.modules, "flet_js", worker)
    monkeypatch.setattr(platform, "_persist_hooks", [])
    main = phone_main(lambda: make_context(tmp_path / "phone.db"))
    app = worker.app = await AppSession.start(None, main=main)
    await start_qwixx(app)
    await main.started["gate"].idle()
    worker.begun_on.clear()
    worker.next_screen = "Weiße Summe 7 – Spieler 1:"
    await typed_roll(app, "Echte Würfel: Werte eingeben", "3 4 8 1 2 5")
    await main.started["gate"].idle()
    assert app.sent("Weiße Summe 7 – Spieler 1:")
    assert worker.begun_on and worker.begun_on[0] is False  # the save began before the screen was built
    assert not app.crashes()


async def test_an_indexeddb_error_is_raised_to_the_saver(fake_pyodide):
    await platform.open_storage()
    fake_pyodide.error = "QuotaExceededError"
    with pytest.raises(OSError, match="QuotaExceededError"):
        await platform.persist()


NOT_SAVED_DE = ("Nicht gespeichert: dieser Browser nimmt gerade nichts an (privates Fenster oder voller Speicher?). "
                "Das Spiel geht weiter, ist aber nach dem Schließen weg: jetzt unter „Sichern & Einlesen“ "
                "eine Sicherung herunterladen.")


async def test_a_failed_save_is_said_on_the_screen_until_a_save_works(tmp_path, phone_mode):
    failing = {"on": False}

    async def indexeddb() -> None:
        if failing["on"]:
            raise OSError("IndexedDB sync failed: QuotaExceededError")

    platform.on_persist(indexeddb)
    main = phone_main(lambda: make_context(tmp_path / "phone.db"))
    app = await AppSession.start(None, main=main)
    failing["on"] = True
    await start_qwixx(app)
    await main.started["gate"].idle()
    await app.settle()
    assert app.has_text("Spieler 1 ist dran · Wurf Nr. 1")  # the game goes on
    assert app.has_text(NOT_SAVED_DE) and app.sent(NOT_SAVED_DE)
    failing["on"] = False
    await typed_roll(app, "Echte Würfel: Werte eingeben", "3 4 8 1 2 5")
    await main.started["gate"].idle()
    await app.settle()
    assert app.has_text("Weiße Summe 7 – Spieler 1:")
    assert not app.has_text(NOT_SAVED_DE)
    assert not app.crashes()


async def test_the_store_opens_once_the_worker_is_connected_before_the_session_starts(tmp_path, phone_mode):
    """In the site's worker the store opens as soon as the page has been told that the
    app's connection is up, while Flutter registers its session; the session then finds it open."""
    connected: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
    opened: list[str] = []

    def make_ctx():
        opened.append("store")
        return make_context(tmp_path / "phone.db")

    main = phone_main(make_ctx, ready=connected)
    await asyncio.sleep(0)
    assert opened == []  # not before the worker is connected
    connected.set_result(True)
    for _ in range(5):
        await asyncio.sleep(0)
    assert opened == ["store"]  # before any session
    app = await AppSession.start(None, main=main)
    assert app.has_text("Neues Spiel") and app.sent("Qwixx Longo")
    assert opened == ["store"]  # opened once
    await start_qwixx(app)
    assert app.sent("Spieler 1 ist dran · Wurf Nr. 1")
    assert not app.crashes()


async def test_a_store_that_fails_to_open_early_fails_the_session_that_needs_it(tmp_path, phone_mode):
    connected: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def make_ctx():
        raise OSError("disk I/O error")

    main = phone_main(make_ctx, ready=connected)
    connected.set_result(True)
    await asyncio.sleep(0)
    with pytest.raises(OSError, match="disk I/O error"):
        await AppSession.start(None, main=main)
