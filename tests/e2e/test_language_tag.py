"""Real browser: a browser whose language tag is not valid gets the German app.

WebKitGTK under ``LANG=C`` reports ``navigator.language`` "C" (``test_webkit.py`` runs it so);
Flutter's web engine builds an ``Intl.Locale`` of each tag at start, which throws on "C" or "", and
the page stayed on its splash screen forever, in both modes. Here Chromium is given such tags
before any script of the page runs; the page's language guard (``companion.web.page``) gives Flutter
a valid one and the home screen opens in German.
"""

from __future__ import annotations

import json

import pytest

from build.web import smoke
from tests.e2e.conftest import button, open_app
from tests.e2e.test_web_offline import FIRST_LOAD, site  # noqa: F401 (the site fixture)

pytestmark = pytest.mark.e2e


def bad_tags(language: str, languages: list[str]) -> str:
    return f"""
Object.defineProperty(navigator, "language", {{ get: () => {json.dumps(language)}, configurable: true }});
Object.defineProperty(navigator, "languages", {{ get: () => {json.dumps(languages)}, configurable: true }});
"""


CASES = {"C": ("C", ["C"]), "empty": ("", [""]), "none": ("", [])}


@pytest.mark.parametrize("case", CASES)
def test_the_server_app_opens_in_german_whatever_the_browsers_tag(browser, server, case):
    page = open_app(browser, server.url, init_script=bad_tags(*CASES[case]))
    try:
        button(page, "Qwixx Longo").wait_for(timeout=60)
        page.get_by_text("Neues Spiel", exact=True).wait_for(timeout=10_000)
        assert page.evaluate("navigator.language") == "de"
    finally:
        page.context.close()


def test_the_offline_site_opens_in_german_when_the_browser_says_C(browser, site):  # noqa: F811
    static = smoke.StaticServer(site).start()
    try:
        page = open_app(browser, static.url, init_script=bad_tags("C", ["C"]))
        try:
            button(page, "Qwixx Longo").wait_for(timeout=FIRST_LOAD / 1000)
            page.get_by_text("Neues Spiel", exact=True).wait_for(timeout=10_000)
            assert page.evaluate("navigator.languages") == ["de"]
        finally:
            page.context.close()
    finally:
        static.stop()
