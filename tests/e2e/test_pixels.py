"""Real browser, pictures: the offline site draws the same screens as the server app.

Before this test every browser test read the accessibility tree only, and passed while the offline
site drew no text at all in WebKit and boxes for every ü in Chromium (its font manifest lacked
Roboto). Here the same three screens — the home screen, a Qwixx Longo play screen after a fixed
throw, the result screen — are taken in Chromium at 390×844 from the server app and from the
offline site, and must be the same picture: at most ``TOLERANCE`` of the pixels differ visibly.
The screenshots (and, for a screen that differs, a picture of where) are kept in
``build/out/pixels/chromium/``:

    .venv/bin/python -m pytest tests/e2e/test_pixels.py      # the pairs: server-*.png, offline-*.png
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from build.web import smoke
from tests.e2e.conftest import ROOT, Server, button
from tests.e2e.test_history_e2e import finish_short_qwixx_game
from tests.e2e.test_web_offline import FIRST_LOAD, STEP, site  # noqa: F401 (the site fixture)
from tests.e2e.test_web_storage import stub as storage_granted
from tests.harness import pixels

pytestmark = pytest.mark.e2e

SHOTS = ROOT / "build" / "out" / "pixels" / "chromium"
VIEWPORT = {"width": 390, "height": 844}
# Measured: the two modes' screens differ in 0.00 % of the pixels once both draw Roboto; with the
# site's old font manifest the home screen differs in ~3 %, the play screen in ~5 % (the text).
TOLERANCE = 0.002
SCREENS = ("home", "qwixx-play", "qwixx-result")


def settle(page) -> None:
    """Wait until Flutter has drawn the frame the semantics tree already shows (and the tap's ink
    has faded): two animation frames after a quiet half second."""
    time.sleep(0.8)
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")


def take(page, mode: str, name: str, shots: dict[str, bytes]) -> None:
    page.mouse.move(0, VIEWPORT["height"] - 1)  # no hover highlight under the last click
    settle(page)
    shots[name] = page.screenshot()
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{mode}-{name}.png").write_bytes(shots[name])


def play(page, mode: str) -> dict[str, bytes]:
    """The three screens of one mode: home, Ana's first throw (white sum 7), the result."""
    shots: dict[str, bytes] = {}
    button(page, "Qwixx Longo").wait_for(timeout=FIRST_LOAD / 1000)
    take(page, mode, "home", shots)
    finish_short_qwixx_game(page, after_roll=lambda p: take(p, mode, "qwixx-play", shots))
    take(page, mode, "qwixx-result", shots)
    return shots


def open_page(browser, url: str, missing: list[str]):
    """A page at 390×844; every request answered 404 (or failed) goes into ``missing``. The browser
    keeps the site's storage (a refused one shows a notice the server app never does)."""
    ctx = browser.new_context(viewport=VIEWPORT, locale="de-DE")
    ctx.add_init_script(storage_granted(True))
    page = ctx.new_page()
    page.on("response", lambda r: missing.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("requestfailed", lambda r: missing.append(f"failed {r.url}"))
    page.set_default_timeout(STEP)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=FIRST_LOAD)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


@pytest.fixture(scope="module")
def screens(site, tmp_path_factory) -> dict[str, dict[str, bytes]]:  # noqa: F811 (site: the fixture)
    from playwright.sync_api import sync_playwright

    taken: dict[str, dict[str, bytes]] = {}
    missing: dict[str, list[str]] = {"server": [], "offline": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS)
        try:
            srv = Server(tmp_path_factory.mktemp("pixels") / "pixels.db")
            try:
                page = open_page(browser, srv.url, missing["server"])
                taken["server"] = play(page, "server")
                page.context.close()
            finally:
                srv.kill()
            static = smoke.StaticServer(site).start()
            try:
                page = open_page(browser, static.url, missing["offline"])
                taken["offline"] = play(page, "offline")
                page.context.close()
            finally:
                static.stop()
        finally:
            browser.close()
    # the server app's client asks a CDN for Flet's Rive runtime (FLET-NOTES: harmless, nothing waits
    # for it; the offline site answers it itself): only the server's own files count here
    taken["missing"] = {mode: "\n".join(u for u in urls if "127.0.0.1" in u).encode()
                        for mode, urls in missing.items()}
    return taken


def test_no_file_the_page_asks_for_is_missing(screens):
    """The offline site asked for Roboto and Noto fonts it did not have (404); now neither
    mode asks its own host for a file it does not have."""
    assert screens["missing"] == {"server": b"", "offline": b""}


@pytest.mark.parametrize("name", SCREENS)
def test_the_offline_site_draws_the_same_screen_as_the_server_app(screens, name):
    server, offline = screens["server"][name], screens["offline"][name]
    share = pixels.difference(server, offline)
    if share > TOLERANCE:
        (SHOTS / f"diff-{name}.png").write_bytes(pixels.diff_image(server, offline))
    assert share <= TOLERANCE, (
        f"{name}: {share:.2%} of the pixels differ between the server app and the offline site "
        f"(see {Path(SHOTS).relative_to(ROOT)}/diff-{name}.png)")
