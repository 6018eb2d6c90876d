"""Real browser, a 360×740 phone: the screens around play fit too.

The same checks as the play screens (tests/e2e/test_phone_games.py): every semantics node lies
inside the viewport's width (scrolling down is fine, sideways is not) and every button is at
least 48 px high, from the top of each screen to its end. Screens: home, each game's setup, the
rules (and one entry), "Was wäre wenn?", the history with a finished game and its replay,
the statistics, "Sichern & Einlesen" and Verflixxt's quick score.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

import pytest

from tests.e2e.conftest import Server, button, fill
from tests.e2e.test_phone_games import check_fits


def open_phone(browser, url: str):
    """360×740 with touch and Chromium's desktop user agent, as a tester used (and
    tests/e2e/test_phone_qwixx.py does): Flutter then lays out compact desktop controls, so a
    48 px target is the app's own doing, not the platform's padding."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.wait_for_selector("flt-semantics[role=button]", state="attached", timeout=60_000)
    return page

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A finished Qwixx Longo game (for the history, replay and statistics) and an open one."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec
    from tests.e2e.qwixx_positions import NAMES, OPTIONS, greedy

    db = tmp_path_factory.mktemp("screens") / "screens.db"
    store = Store(str(db))
    try:
        tables = Tables(store)
        players = [PlayerSpec(name=n) for n in NAMES]
        done = tables.create("qwixx-longo", players, OPTIONS)
        rng = random.Random(7)
        game = done.game
        for _ in range(2000):
            state = done.state
            if state.phase == "over":
                break
            if state.phase == "roll":
                done.roll(values=[rng.randint(1, d.sides) for d in game.pending_roll(state).dice])
            else:
                done.submit(greedy(state, game.legal(state, game.current_seats(state)[0])))
        assert done.state.phase == "over"
        open_game = tables.create("qwixx-longo", players, OPTIONS)
        ids = {"open": open_game.id}
    finally:
        store.close()
    srv = Server(db)
    yield srv, ids
    srv.kill()


def _setup(game: str) -> Callable:
    def walk(page) -> None:
        button(page, game).click()
        button(page, "Spiel starten").wait_for()

    return walk


def _rules(page) -> None:
    button(page, "Regeln").click()
    page.get_by_label("Regeln durchsuchen", exact=True).wait_for()


def _rules_entry(page) -> None:
    _rules(page)
    fill(page, "Regeln durchsuchen", "wachtr")
    button(page, "vx.guard · Wann ein Wächter ziehen darf").click()
    page.get_by_text("Wann ein Wächter ziehen darf", exact=True).first.wait_for()
    # the query stays in the field, its hits folded into one line above the entry
    from companion.screens.rules_search import search

    button(page, f"{len(search('wachtr', limit=8))} Treffer für „wachtr“ zeigen").wait_for()
    assert page.get_by_label("Regeln durchsuchen", exact=True).input_value() == "wachtr"


def _history(page) -> None:
    """The history list, however many finished games the store holds (the test's one, the
    screenshots' several)."""
    button(page, "Verlauf").click()
    page.get_by_text(re.compile(r"^\d+ von \d+ Spiel")).first.wait_for()


def _replay(page) -> None:
    _history(page)
    button(page, "Nachspielen").click()
    page.get_by_text("Nachspielen: Qwixx Longo").wait_for()
    button(page, "Zum Anfang").click()
    page.get_by_text("Aufstellung (vor dem ersten Zug)").wait_for()
    # the four step buttons in one row (at 360 px "Zum Ende" once broke onto a line of its own)
    boxes = [button(page, name).first.bounding_box() for name in ("Zum Anfang", "Zug zurück", "Zug vor", "Zum Ende")]
    middles = sorted(b["y"] + b["height"] / 2 for b in boxes)
    assert middles[-1] - middles[0] < 24, f"the replay's step buttons lie on more than one line: {middles}"


def _stats(page) -> None:
    button(page, "Statistik").click()
    page.get_by_text("Rangliste (alle Spiele)").wait_for()


def _backup(page) -> None:
    button(page, "Sichern & Einlesen").click()
    button(page, "Prüfen und einlesen").wait_for()


def _quick(page) -> None:
    _setup("Verflixxt! Kompakt")(page)
    button(page, "Nur Punkte zählen").click()
    button(page, "Auswerten").wait_for()


SCREENS: dict[str, Callable] = {
    "home": lambda page: button(page, "Qwixx Longo").wait_for(),
    "setup Qwixx Longo": _setup("Qwixx Longo"),
    "setup Verflixxt": _setup("Verflixxt! Kompakt"),
    "setup Verlies": _setup("Raus aus dem Verlies!"),
    "rules": _rules,
    "rules entry vx.guard": _rules_entry,
    "history": _history,
    "replay": _replay,
    "statistics": _stats,
    "backup": _backup,
    "Verflixxt quick score": _quick,
}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_screen_fits_a_360_px_phone(browser, served, screen):
    srv, _ = served
    page = open_phone(browser, f"{srv.url}?lang=de")
    try:
        button(page, "Qwixx Longo").wait_for()
        SCREENS[screen](page)
        time.sleep(0.8)
        check_fits(page, screen)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    finally:
        page.context.close()


def test_what_if_fits_a_360_px_phone(browser, served):
    srv, ids = served
    page = open_phone(browser, f"{srv.url}g/{ids['open']}?all&lang=de")
    try:
        button(page, "Was wäre wenn?").click()
        page.get_by_text("Was wäre wenn? – Qwixx Longo").wait_for()
        time.sleep(0.8)
        check_fits(page, "Was wäre wenn?")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    finally:
        page.context.close()


def test_a_new_screen_opens_at_its_top_on_a_phone_held_sideways(browser, served):
    """Home scrolled down to "Sichern & Einlesen" at 740×360: the backup screen opens with its
    title in view, not at the offset home was scrolled to (it once opened at its end)."""
    srv, _ = served
    page = open_phone(browser, f"{srv.url}?lang=de")
    try:
        page.set_viewport_size({"width": 740, "height": 360})
        button(page, "Qwixx Longo").wait_for()
        time.sleep(0.8)
        button(page, "Sichern & Einlesen").click()  # scrolls home down to the button first
        button(page, "Prüfen und einlesen").wait_for()
        time.sleep(1.0)
        title = page.get_by_text("Sichern & Einlesen", exact=True).first.bounding_box()
        assert title is not None and title["y"] >= 50 and title["y"] + title["height"] <= 360, \
            f"the title of the backup screen is out of view: {title}"
    finally:
        page.context.close()
