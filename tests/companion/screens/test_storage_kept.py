"""Games that outlive the browser's housekeeping (the phone site; level 2 harness).

The page asks ``navigator.storage.persist()`` and the worker hands the answer to Python
(``companion.platform.ask_storage``; stood in for here by ``platform.answer_storage``). When the
browser did not promise to keep the store, the home screen says so once (until "Verstanden") and
every finished game's result screen offers the backup as a download. When it did, and on the
server, neither shows. The real browser with both answers: tests/e2e/test_web_storage.py.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import types

import flet as ft
import pytest

from companion import platform
from companion.screens import storage as storage_ui
from scoring.engine import PlayerSpec, get_game, replay
from scoring.simulate import play_random
from tests.harness.flet_session import AppSession, make_context

# the notice is one line above the games; "Mehr" shows what to do
NOTICE = {
    "de": "Dieser Browser darf die Spiele auf diesem Handy löschen.",
    "en": "This browser may delete the games on this phone.",
}
MORE = {"de": "Mehr", "en": "More"}
NOTICE_MORE = {
    "de": "Dieser Browser darf die Spiele auf diesem Handy löschen: wenn der Speicher knapp wird, und Safari "
          "auf dem iPhone schon, wenn die Seite sieben Tage nicht geöffnet wurde. So bleiben sie: die App zum "
          "Startbildschirm hinzufügen (Android/Chrome: im Menü mit den drei Punkten „Zum Startbildschirm "
          "hinzufügen“ oder „App installieren“; iPhone/Safari: Teilen, dann „Zum Home-Bildschirm“) und nach dem "
          "Spiel eine Sicherung herunterladen („Sichern & Einlesen“).",
    "en": "This browser may delete the games on this phone: when storage runs low, and Safari on iPhone "
          "already when the site was not opened for seven days. To keep them: add the app to the home screen "
          "(Android/Chrome: in the menu with the three dots, “Add to Home screen” or “Install app”; "
          "iPhone/Safari: Share, then “Add to Home Screen”) and download a backup after the game "
          "(“Backup & import”).",
}
OK = {"de": "Verstanden", "en": "Got it"}
OFFER = {"de": "Dieser Browser darf die Spiele löschen: eine Sicherung als Datei hebt sie auf.",
         "en": "This browser may delete the games: a backup file keeps them."}
DOWNLOAD = {"de": "Sicherung herunterladen", "en": "Download a backup"}
DONE = {"de": "Gesichert: {name}. Einlesen geht unter „Sichern & Einlesen“.",
        "en": "Saved: {name}. To import it: “Backup & import”."}
FAILED = {"de": "Herunterladen ging nicht. Unter „Sichern & Einlesen“ gibt es die Sicherung auch als Text zum "
                "Kopieren.",
          "en": "The download did not work. Under “Backup & import” the backup is also shown as text to copy."}
LANGS = ("de", "en")


def browser_says(kept: bool | None):
    async def answer() -> bool | None:
        return kept
    return answer


@pytest.fixture
def phone(monkeypatch):
    """The phone site's mode; the browser's answer is set per test (``platform.answer_storage``)."""
    monkeypatch.setattr(platform, "MODE", platform.PHONE)
    monkeypatch.setattr(platform, "_persist_hooks", [])
    yield
    platform.answer_storage(None)


@pytest.fixture
def saved_files(monkeypatch):
    files: list[tuple[str, bytes]] = []

    async def save_file(self, file_name=None, src_bytes=None, **kw):
        files.append((file_name, src_bytes))

    monkeypatch.setattr(ft.FilePicker, "save_file", save_file)
    return files


def finished_qwixx(store) -> str:
    """A finished Qwixx Longo game of Ana and Ben in ``store``; its id."""
    specs = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
    record = play_random("qwixx-longo", specs, {"lucky_numbers": [[3, 16], [4, 15]]}, random.Random(7)).record
    result = get_game(record.game).result(replay(record)).model_dump(mode="json")
    store.create_game(record)
    store.move_cursor(record.id, len(record.actions), len(record.actions), result=result)
    return record.id


@pytest.mark.parametrize("lang", LANGS)
async def test_not_kept_the_home_screen_says_so_once(tmp_path, phone, lang):
    platform.answer_storage(browser_says(False))
    ctx = make_context(tmp_path / "phone.db")
    app = await AppSession.start(ctx, f"/?lang={lang}")
    assert app.has_text(NOTICE[lang]) and app.sent(NOTICE[lang])
    assert not app.has_text(NOTICE_MORE[lang])  # one line, not a paragraph before the games
    await app.click(text=MORE[lang])
    assert app.has_text(NOTICE_MORE[lang])
    await app.click(text=OK[lang])
    assert not app.has_text(NOTICE[lang]) and not app.has_text(NOTICE_MORE[lang])
    # read once: not again on this phone (the store remembers it; a reload is a new session)
    again = await AppSession.start(ctx, f"/?lang={lang}")
    assert not again.has_text(NOTICE[lang])
    assert ctx.store.meta(storage_ui.SEEN) == "1"
    assert not app.crashes() and not again.crashes()


async def test_the_notice_is_on_the_home_screen_only(tmp_path, phone):
    platform.answer_storage(browser_says(False))
    ctx = make_context(tmp_path / "phone.db")
    app = await AppSession.start(ctx, "/?lang=de")
    await app.click(text="Qwixx Longo")
    assert app.has_text("Spiel starten") and not app.has_text(NOTICE["de"])
    await app.click(tooltip="Start")
    assert app.has_text(NOTICE["de"])


async def test_the_notice_comes_when_the_answer_does(tmp_path, phone):
    """The first screen does not wait for the browser; its answer draws the screen again."""
    answered = asyncio.Event()

    async def late() -> bool:
        await answered.wait()
        return False

    platform.answer_storage(late)
    app = await AppSession.start(make_context(tmp_path / "phone.db"), "/?lang=de")
    assert app.has_text("Qwixx Longo") and not app.has_text(NOTICE["de"])
    answered.set()
    await app.wait_for(lambda: app.sent(NOTICE["de"]))
    assert platform.storage_kept() is False


@pytest.mark.parametrize("lang", LANGS)
async def test_not_kept_a_finished_game_offers_the_backup(tmp_path, phone, saved_files, lang):
    platform.answer_storage(browser_says(False))
    ctx = make_context(tmp_path / "phone.db")
    gid = finished_qwixx(ctx.store)
    app = await AppSession.start(ctx, f"/g/{gid}?all&lang={lang}")
    assert app.has_text(OFFER[lang])
    assert not app.has_text(NOTICE[lang])  # the notice is the home screen's
    await app.click(text=DOWNLOAD[lang])
    (name, data), = saved_files
    assert name.startswith("tischrichter-backup-") and name.endswith(".json")
    backup = json.loads(data.decode("utf-8"))
    assert backup["format"] == "tischrichter-backup"
    assert [[p["name"] for p in r["players"]] for r in backup["records"]] == [["Ana", "Ben"]]
    assert app.has_text(DONE[lang].format(name=name))
    assert not app.crashes()


@pytest.mark.parametrize("lang", LANGS)
async def test_a_failed_download_says_where_the_backup_is(tmp_path, phone, monkeypatch, lang):
    platform.answer_storage(browser_says(False))

    async def refuse(self, **kw):
        raise TimeoutError("no answer from the browser")

    monkeypatch.setattr(ft.FilePicker, "save_file", refuse)
    ctx = make_context(tmp_path / "phone.db")
    gid = finished_qwixx(ctx.store)
    app = await AppSession.start(ctx, f"/g/{gid}?all&lang={lang}")
    await app.click(text=DOWNLOAD[lang])
    assert app.has_text(FAILED[lang]) and app.has_text(OFFER[lang])
    assert not app.crashes()


async def test_no_answer_yet_still_offers_the_backup_but_says_nothing(tmp_path, phone):
    """A browser that has not answered (a permission prompt still open): the backup is offered,
    the home screen's notice waits for a no."""
    never = asyncio.Event()

    async def pending() -> bool:
        await never.wait()
        return False

    platform.answer_storage(pending)
    ctx = make_context(tmp_path / "phone.db")
    gid = finished_qwixx(ctx.store)
    app = await AppSession.start(ctx, f"/g/{gid}?all&lang=de")
    assert app.has_text(OFFER["de"])
    await app.click(tooltip="Start")
    assert not app.has_text(NOTICE["de"])


@pytest.mark.parametrize("lang", LANGS)
async def test_kept_neither_notice_nor_offer(tmp_path, phone, lang):
    platform.answer_storage(browser_says(True))
    ctx = make_context(tmp_path / "phone.db")
    gid = finished_qwixx(ctx.store)
    app = await AppSession.start(ctx, f"/g/{gid}?all&lang={lang}")
    assert app.has_text("In BG Stats eintragen" if lang == "de" else "Log in BG Stats")  # the result screen
    assert not app.has_text(OFFER[lang]) and not app.find_all(text=DOWNLOAD[lang])
    await app.click(tooltip="Start" if lang == "de" else "Home")
    assert app.has_text("Qwixx Longo") and not app.has_text(NOTICE[lang])


async def test_the_server_app_shows_neither(tmp_path):
    platform.answer_storage(browser_says(False))
    try:
        assert platform.MODE == platform.SERVER
        ctx = make_context(tmp_path / "server.db")
        gid = finished_qwixx(ctx.store)
        app = await AppSession.start(ctx, f"/g/{gid}?all&lang=de")
        assert app.has_text("In BG Stats eintragen") and not app.has_text(OFFER["de"])
        await app.click(tooltip="Start")
        assert app.has_text("Qwixx Longo") and not app.has_text(NOTICE["de"])
        assert platform.storage_kept() is True
    finally:
        platform.answer_storage(None)


@pytest.mark.parametrize("posted, kept", [(True, True), (False, False)])
async def test_python_hears_the_pages_answer_through_flet_js(monkeypatch, phone, posted, kept):
    """In the browser the answer is the worker's promise ``flet_js.storage`` (python-worker.js)."""
    answer = asyncio.get_running_loop().create_future()
    answer.set_result(posted)
    monkeypatch.setitem(sys.modules, "flet_js", types.SimpleNamespace(storage=answer))
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    platform.answer_storage(None)
    assert platform.storage_kept() is None
    assert await platform.ask_storage() is kept
    assert platform.storage_kept() is kept


async def test_a_page_that_does_not_answer_leaves_it_unknown(monkeypatch, phone):
    monkeypatch.setitem(sys.modules, "flet_js", types.SimpleNamespace())
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    platform.answer_storage(None)
    assert await platform.ask_storage() is None


def first_frame_with(app: AppSession, text: str) -> bytes:
    return next(raw for raw in app.conn.raw if text.encode("utf-8") in raw)


async def test_an_answer_already_in_is_on_the_first_screen(tmp_path, monkeypatch, phone):
    """The page asks as it loads: when its answer is in before the app starts (flet_js.storageKept),
    the home screen comes with the notice in the same frame as its buttons (nothing moves later
    under a finger about to tap "Qwixx Longo")."""
    never = asyncio.get_running_loop().create_future()  # the promise is not needed then
    monkeypatch.setitem(sys.modules, "flet_js", types.SimpleNamespace(storage=never, storageKept=False))
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    platform.answer_storage(None)
    app = await AppSession.start(make_context(tmp_path / "phone.db"), "/?lang=de")
    assert NOTICE["de"].encode("utf-8") in first_frame_with(app, "Qwixx Longo")
    assert platform.storage_kept() is False
