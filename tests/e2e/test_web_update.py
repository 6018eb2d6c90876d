"""Real browser, the phone site updated: an older version's cache is never used with a
newer site, and the games stay.

The site is copied and served from a folder of the test; a phone opens it, starts a Qwixx Longo game
and goes offline-ready (its service worker holds version 1). Then the site is published again with
one file changed (version 2: a new service worker version, as every rebuild makes). On the next
visits the phone installs version 2, deletes version 1's cache (nothing of it is used with the new
site: every file comes from the one version's cache), shows the new page — and the game is still
under "Offene Spiele" (IndexedDB is not the cache).
"""

from __future__ import annotations

import shutil
import time

import pytest

from build.web import build_site, smoke
from tests.e2e.conftest import button
from tests.e2e.test_history_e2e import wait_text
from tests.e2e.test_web_offline import FIRST_LOAD, open_semantics, open_with_a_qwixx_game, site  # noqa: F401 (the site fixture)

pytestmark = pytest.mark.e2e

CACHES = """async () => (await caches.keys()).filter((k) => k.startsWith("tischrichter-")).sort()"""
MARK = "<!-- the site, published again -->"


def test_an_update_replaces_the_old_cache_and_keeps_the_games(site, tmp_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    published = tmp_path / "site"
    shutil.copytree(site, published)
    v1 = build_site.write_service_worker(published)
    server = smoke.StaticServer(published).start()
    outside: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS)
        try:
            ctx = smoke.new_context(browser, outside)
            page = open_with_a_qwixx_game(ctx, server.url, outside)
            page.evaluate(smoke.WAIT_CACHED, FIRST_LOAD)
            assert page.evaluate(CACHES) == [f"tischrichter-{v1}"]

            # published again: one file changed, so a new version (build_site: a hash of every file)
            index = published / "index.html"
            index.write_text(index.read_text(encoding="utf-8").replace("</body>", f"{MARK}\n</body>"),
                             encoding="utf-8")
            v2 = build_site.write_service_worker(published)
            assert v2 != v1

            # the next visit finds the new worker; it installs beside the old one and takes over
            page.reload(timeout=FIRST_LOAD)
            deadline = time.monotonic() + FIRST_LOAD / 1000
            while page.evaluate(CACHES) != [f"tischrichter-{v2}"]:
                assert time.monotonic() < deadline, f"caches after the update: {page.evaluate(CACHES)}"
                time.sleep(0.5)
            page.reload(timeout=FIRST_LOAD)
            open_semantics(page)
            assert MARK in page.content()  # the new page, from the new version's cache
            wait_text(page, "Offene Spiele", timeout=FIRST_LOAD)
            button(page, "Weiterspielen: Qwixx Longo: Ana, Ben · 0 Züge").wait_for(timeout=FIRST_LOAD / 1000)
            # and offline, from version 2 alone
            server.stop()
            page.reload(timeout=FIRST_LOAD)
            open_semantics(page)
            assert MARK in page.content()
            button(page, "Weiterspielen: Qwixx Longo: Ana, Ben · 0 Züge").wait_for(timeout=FIRST_LOAD / 1000)
            assert page.evaluate(CACHES) == [f"tischrichter-{v2}"]
        finally:
            server.stop()
            browser.close()
    assert sorted(set(outside)) == []
