"""Real browser, a 360×740 phone: the home screen puts the open games first, each with its players,
when it was last played and a big "Weiterspielen"; below them each game is a card in its own colour,
a button named by the game's title."""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.conftest import Server, button
from tests.e2e.test_phone_screens import open_phone

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    db = tmp_path_factory.mktemp("home") / "home.db"
    store = Store(str(db))
    try:
        table = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                     {"lucky_numbers": [(4, 9), (5, 12)]})
        table.roll(values=[3, 4, 8, 1, 2, 5])
    finally:
        store.close()
    srv = Server(db)
    yield srv
    srv.kill()


def test_the_open_game_comes_first_and_the_games_are_cards_named_by_their_titles(browser, served):
    page = open_phone(browser, f"{served.url}?lang=de")
    try:
        button(page, "Qwixx Longo").wait_for()
        time.sleep(0.5)
        open_title = page.get_by_text("Offene Spiele", exact=True).first.bounding_box()
        new_title = page.get_by_text("Neues Spiel", exact=True).first.bounding_box()
        assert open_title["y"] < new_title["y"], "the open games are listed above the new games"
        # the open game in one line for a screen reader (and the tests that look for it), its time in words
        page.get_by_text(re.compile(r"^Qwixx Longo: Ana, Ben · 1 Zug · heute \d\d:\d\d$")).first.wait_for()
        # every game a card across the screen, a button named by the title alone
        for title in ("Qwixx Longo", "Verflixxt! Kompakt", "Raus aus dem Verlies!"):
            box = button(page, title).first.bounding_box()
            assert box["width"] >= 300 and box["height"] >= 48, (title, box)
        resume = button(page, "Weiterspielen: Qwixx Longo: Ana, Ben · 1 Zug").first.bounding_box()
        assert resume["width"] >= 300 and resume["height"] >= 48, resume
        button(page, "Weiterspielen: Qwixx Longo: Ana, Ben · 1 Zug").click()
        page.get_by_text("Weiße Summe 7 – Ana:").wait_for()
        button(page, "Start").click()
        button(page, "Qwixx Longo").click()
        button(page, "Spiel starten").wait_for()
    finally:
        page.context.close()
