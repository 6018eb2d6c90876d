"""Real browser, WebKit: the engine of every iPhone browser draws the app's words.

Debian's WebKitGTK (MiniBrowser under WebKitWebDriver, ``tests.harness.webkit``) opens the server
app and the offline site. The browser runs with ``LANG=C.UTF-8``, so it reports the language tag
``"C"`` — before the fix Flutter threw on it and both modes stayed on the splash screen forever;
now the page gives Flutter a valid tag and the German app opens. On the home screen the words of
the "Qwixx Longo" button must be drawn (its text area holds letters, not one flat colour as
before, when the offline site drew no text in WebKit); then a Qwixx game is started, the dice
rolled, a cross made, and the next player's decision line must be drawn too. The screenshots are
kept in ``build/out/pixels/webkit/``:

    .venv/bin/python -m pytest tests/e2e/test_webkit.py     # server-*.png, offline-*.png
"""

from __future__ import annotations

import os
import re
import time

import pytest

from build.web import smoke
from scoring.qwixx_longo import lock_fields
from tests.e2e.conftest import ROOT, Server
from tests.e2e.test_web_offline import FIRST_LOAD, site  # noqa: F401 (the site fixture)
from tests.harness import pixels, webkit

pytestmark = pytest.mark.e2e

SHOTS = ROOT / "build" / "out" / "pixels" / "webkit"
WIDTH, HEIGHT = 390, 844
# Measured in WebKit: the "Qwixx Longo" button's text area is ~25 % ink with its words drawn, 0 %
# with none (the offline site before the fix); a line of text ~10 %.
INK = 0.04

# The semantics node (after Flutter's semantics are on) whose own words are ``name``, or that
# matches ``pattern``: its box on the page, and its words.
FIND = """
const [name, pattern, role] = arguments;
const re = pattern ? new RegExp(pattern) : null;
for (const el of document.querySelectorAll(role ? `flt-semantics[role="${role}"]` : "flt-semantics")) {
  const words = (el.getAttribute("aria-label") || el.innerText || "").trim();
  if ((name !== null && words === name) || (re && re.test(words))) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return {x: r.x, y: r.y, width: r.width, height: r.height, words};
  }
}
return null;
"""
SEMANTICS_ON = """
const p = document.querySelector("flt-semantics-placeholder");
if (p) { p.click(); return true; }
return !!document.querySelector("flt-semantics");
"""


def wait_node(driver, name=None, pattern=None, role=None, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = driver.execute_script(FIND, name, pattern, role)
        if found:
            return found
        time.sleep(0.2)
    texts = driver.execute_script(
        "return Array.from(document.querySelectorAll('flt-semantics'))"
        ".map(e => e.getAttribute('aria-label') || e.innerText).filter(t => t)")
    # the offline site's Python worker, when it failed to start (python.js): why, in its own words
    why = driver.execute_script("return window.tischrichterStartError || null")
    raise AssertionError(f"{name or pattern!r} not on the screen; it shows: {texts[:30]}"
                         + (f"; the Python worker said: {why}" if why else ""))


def same_box(a: dict, b: dict) -> bool:
    """Two looks at a node found it in the same place (within half a CSS pixel)."""
    return all(abs(a[k] - b[k]) < 0.5 for k in ("x", "y", "width", "height"))


def steady(find_again, timeout: float = 10) -> dict:
    """The node once its box stops moving: two looks 0.3 s apart agree (a box read while the screen
    still lays out or a scroll still glides is not where the node is when the click lands)."""
    deadline = time.monotonic() + timeout
    node = find_again()
    while True:
        time.sleep(0.3)
        again = find_again()
        if same_box(again, node):
            return again
        assert time.monotonic() < deadline, f"{again['words']!r} kept moving: {node} -> {again}"
        node = again


def tap(driver, node: dict, find_again=None) -> None:
    """A click at the node's centre, as a finger would (WebDriver's pointer actions). With
    ``find_again`` the node is looked up again until its box holds still, and a node below the fold
    is scrolled into the viewport first (a wheel over the app's canvas)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.by import By

    height = driver.execute_script("return innerHeight")
    for _ in range(10):
        if find_again is not None:
            node = steady(find_again)
        if node["y"] >= 0 and node["y"] + node["height"] <= height or find_again is None:
            break
        ActionChains(driver).scroll_from_origin(ScrollOrigin.from_viewport(10, height // 2), 0,
                                                round(node["y"] + node["height"] / 2 - height / 2)).perform()
    body = driver.find_element(By.TAG_NAME, "body")
    start = body.rect
    ActionChains(driver).move_to_element_with_offset(
        body, round(node["x"] + node["width"] / 2 - start["width"] / 2),
        round(node["y"] + node["height"] / 2 - start["height"] / 2)).click().perform()


def text_box(node: dict) -> tuple[float, float, float, float]:
    """The middle of a node: where its words are, without its edge or shadow."""
    return (node["x"] + node["width"] * 0.1, node["y"] + node["height"] * 0.25,
            node["width"] * 0.8, node["height"] * 0.5)


def shot(driver, mode: str, name: str) -> bytes:
    time.sleep(1.0)  # the frame the semantics already describe, and the tap's ink faded
    png = driver.get_screenshot_as_png()
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{mode}-{name}.png").write_bytes(png)
    return png


def still_shot(driver, mode: str, name: str, find_again) -> tuple[bytes, dict]:
    """A screenshot and the node's box in it: the node looked up before and after the shot, the shot
    taken again if it moved in between. The offline site's home screen is drawn again when the
    browser's answer on keeping its storage comes in (a notice above the buttons); a box
    read before that answer is not where the words are in a shot taken after it."""
    for _ in range(5):
        node = steady(find_again)
        png = shot(driver, mode, name)
        again = find_again()
        if same_box(again, node):
            return png, again
    raise AssertionError(f"{again['words']!r} moved during each of 5 screenshots: {node} -> {again}")


def open_and_cross(driver, url: str, mode: str) -> dict[str, float]:
    """Home screen, then a Qwixx Longo game with the default seats: roll, cross, the next decision.
    Returns the ink of each text checked."""
    driver.get(url)
    deadline = time.monotonic() + FIRST_LOAD / 1000
    while not driver.execute_script(SEMANTICS_ON):
        assert time.monotonic() < deadline, "the app never showed its first screen"
        time.sleep(0.3)
    ink: dict[str, float] = {}
    wait_node(driver, "Qwixx Longo", role="button", timeout=FIRST_LOAD / 1000)
    png, home = still_shot(driver, mode, "home", lambda: wait_node(driver, "Qwixx Longo", role="button"))
    ink["home: Qwixx Longo"] = pixels.ink(png, text_box(home))
    tap(driver, home, lambda: wait_node(driver, "Qwixx Longo", role="button"))
    tap(driver, wait_node(driver, "Spiel starten", role="button"),
        lambda: wait_node(driver, "Spiel starten", role="button"))
    tap(driver, wait_node(driver, "Würfeln", role="button"), lambda: wait_node(driver, "Würfeln", role="button"))
    decide = wait_node(driver, pattern=r"^Weiße Summe \d+ – Spieler 1:$")
    total = re.search(r"\d+", decide["words"]).group()
    # the white sum in red, or in green where red's field of that number is a lock field (rule
    # q8.lockfields: it needs 6 crosses in its row first, and the referee refuses it; a white sum of
    # 15 once failed this test); green's lock fields are at the other end of its row
    colour = "Grün" if int(total) in lock_fields("red") else "Rot"
    tap(driver, wait_node(driver, f"{colour} {total}", role="button"),
        lambda: wait_node(driver, f"{colour} {total}", role="button"))
    png, line = still_shot(driver, mode, "qwixx-cross", lambda: wait_node(driver, f"Weiße Summe {total} – Spieler 2:"))
    ink[f"play: Weiße Summe {total} – Spieler 2:"] = pixels.ink(png, (line["x"], line["y"], line["width"],
                                                                      line["height"]))
    return ink


@pytest.fixture(scope="module")
def c_locale():
    """The browser's environment says LANG=C: WebKit then reports navigator.language "C"."""
    why = webkit.missing()
    if why:
        pytest.fail(why)
    old = {k: os.environ.get(k) for k in ("LANG", "LC_ALL", "LANGUAGE")}
    os.environ.update({"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    os.environ.pop("LANGUAGE", None)
    yield
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def check(driver, url: str, mode: str) -> None:
    assert driver.execute_script("return navigator.language") == "C"  # before the app's page: the browser's own
    ink = open_and_cross(driver, url, mode)
    assert driver.execute_script("return navigator.language") == "de"  # the page's guard
    blank = {what: f"{share:.1%}" for what, share in ink.items() if share < INK}
    assert not blank, f"{mode} in WebKit: no words drawn where the screen shows {blank} (see {SHOTS})"


def test_webkit_draws_the_server_apps_words_and_plays_a_cross(c_locale, tmp_path):
    srv = Server(tmp_path / "webkit.db")
    try:
        with webkit.webkit(tmp_path / "console.log", WIDTH, HEIGHT) as driver:
            check(driver, srv.url, "server")
    finally:
        srv.kill()


def test_webkit_draws_the_offline_sites_words_and_plays_a_cross(c_locale, site, tmp_path):  # noqa: F811
    static = smoke.StaticServer(site).start()
    try:
        with webkit.webkit(tmp_path / "console.log", WIDTH, HEIGHT) as driver:
            check(driver, static.url, "offline")
    finally:
        static.stop()
