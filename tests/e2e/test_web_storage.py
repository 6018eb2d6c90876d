"""Real browser, the offline site: games that outlive the browser's housekeeping.

The page asks ``navigator.storage.persist()`` (build/web/python.js) and the app hears the answer.
Both answers are played here with the browser's StorageManager stubbed by an init script (a fresh
headless profile is always refused): refused, the home screen says so once (not again after a
reload) and the finished game's result screen downloads a backup; granted, neither shows. Pictures
at 360x740 are kept in ``build/out/storage/`` (the notice, the offer).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from build.web import smoke
from tests.e2e.conftest import ROOT, button
from tests.e2e.test_history_e2e import finish_short_qwixx_game, wait_text
from tests.e2e.test_web_offline import FIRST_LOAD, STEP, site  # noqa: F401 (the site fixture)

pytestmark = pytest.mark.e2e

SHOTS = ROOT / "build" / "out" / "storage"
VIEWPORT = {"width": 360, "height": 740}
NOTICE = "Dieser Browser darf die Spiele auf diesem Handy löschen."  # one line; "Mehr" shows what to do
OFFER = "Dieser Browser darf die Spiele löschen: eine Sicherung als Datei hebt sie auf."
DOWNLOAD = "Sicherung herunterladen"
ANSWER_DRAWN = 3.0  # s: after the home screen, time for the browser's answer to be drawn (it comes in ms)


def stub(granted: bool) -> str:
    """The browser's StorageManager: not yet persistent; ``persist()`` answers ``granted``."""
    return f"""(() => {{
  window.__storageAsked = [];
  const proto = StorageManager.prototype;
  proto.persisted = async function () {{ window.__storageAsked.push("persisted"); return false; }};
  proto.persist = async function () {{ window.__storageAsked.push("persist"); return {json.dumps(granted)}; }};
}})();"""


def settle(page) -> None:
    time.sleep(0.8)
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")


def shot(page, name: str) -> None:
    page.mouse.move(0, VIEWPORT["height"] - 1)
    settle(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-360x740.png"))


def open_phone(browser, url: str, granted: bool, outside: list[str]):
    ctx = browser.new_context(viewport=VIEWPORT, locale="de-DE")
    smoke.guard(ctx, outside)
    ctx.add_init_script(stub(granted))
    page = smoke.open_site(ctx, url, outside, timeout=FIRST_LOAD)
    page.set_default_timeout(STEP)
    button(page, "Qwixx Longo").wait_for(timeout=FIRST_LOAD / 1000)
    return ctx, page


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS)
        yield b
        b.close()


def test_refused_the_phone_says_so_once_and_offers_the_backup_after_the_game(site, browser):  # noqa: F811
    outside: list[str] = []
    server = smoke.StaticServer(site).start()
    ctx, page = open_phone(browser, server.url, False, outside)
    try:
        notice = page.get_by_text(NOTICE, exact=True)
        notice.wait_for()
        assert page.evaluate("window.__storageAsked") == ["persisted", "persist"]
        shot(page, "home-notice")
        button(page, "Verstanden").click()
        notice.wait_for(state="detached")

        finish_short_qwixx_game(page)
        offer = button(page, DOWNLOAD)
        offer.wait_for()
        wait_text(page, OFFER)
        page.mouse.move(180, 400)
        page.mouse.wheel(0, 3000)  # the app's own list: to the offer below the scores
        shot(page, "result-offer")
        with page.expect_download(timeout=STEP) as dl:
            offer.click()
        name = dl.value.suggested_filename
        backup = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
        assert backup["format"] == "tischrichter-backup"
        assert [[p["name"] for p in r["players"]] for r in backup["records"]] == [["Ana", "Ben"]]
        wait_text(page, f"Gesichert: {name}. Einlesen geht unter „Sichern & Einlesen“.")

        # read once: a reload (the store in IndexedDB remembers it) says nothing again
        smoke.reload_home(page, server.url)
        time.sleep(ANSWER_DRAWN)
        assert page.evaluate("window.__storageAsked") == ["persisted", "persist"]
        assert notice.count() == 0
    finally:
        server.stop()
        ctx.close()
    assert sorted(set(outside)) == []


def test_granted_neither_notice_nor_offer(site, browser):  # noqa: F811
    outside: list[str] = []
    server = smoke.StaticServer(site).start()
    ctx, page = open_phone(browser, server.url, True, outside)
    try:
        time.sleep(ANSWER_DRAWN)
        assert page.evaluate("window.__storageAsked") == ["persisted", "persist"]
        assert page.get_by_text(NOTICE, exact=True).count() == 0
        finish_short_qwixx_game(page)
        button(page, "In BG Stats eintragen").wait_for()  # the result screen and its extras are drawn
        assert button(page, DOWNLOAD).count() == 0
        assert page.get_by_text(OFFER, exact=True).count() == 0
    finally:
        server.stop()
        ctx.close()
    assert sorted(set(outside)) == []
