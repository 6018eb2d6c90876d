"""Real browser, a 360 x 740 phone: a usual game of three players from their profiles, from the home
screen to the first move, counted in taps; "Jüngste Person beginnt" picks the youngest by the birth
years. No game needs scrolling on the way: every button tapped is on the first screen (Verflixxt's start
comes before its folded options' summary); Verflixxt lets the youngest begin by its rules, one tap fewer."""

from __future__ import annotations

import time

import pytest

from companion.records.profiles import save_profile
from companion.store import Store
from tests.e2e.conftest import Server, button

pytestmark = pytest.mark.e2e

W, H = 360, 740
YEARS = {"Ana": 1990, "Ben": 1985, "Cara": 2012}  # Cara is the youngest
# (home button, how who begins is found, the first move's button, the line that shows Cara begins)
GAMES = {
    "Qwixx Longo": ("Jüngste Person beginnt", "Würfeln", "Cara ist dran · Wurf Nr. 1"),
    "Verflixxt! Kompakt": (None, "Würfeln", "Cara ist dran"),
    "Raus aus dem Verlies!": ("Jüngste Person beginnt", "Karte ziehen", "Cara ist dran · Zug 1"),
}


@pytest.fixture
def served(tmp_path):
    db = tmp_path / "e2e.db"
    store = Store(db)
    for name, year in YEARS.items():
        save_profile(store, name, birth_year=year)
    store.close()
    srv = Server(db)
    yield srv
    srv.kill()


def tap(page, name: str) -> bool:
    """Tap the button ``name`` as a thumb does; True when it was on the screen without scrolling."""
    found = button(page, name).first
    box = found.bounding_box()
    seen = box is not None and box["y"] >= 0 and box["y"] + box["height"] <= H
    button(page, name).click()  # scrolls it into view first where it is not
    time.sleep(0.4)  # the next frame: a tap on the previous one would go nowhere
    return seen


@pytest.mark.parametrize("game", list(GAMES))
def test_a_usual_game_of_three_from_the_profiles_in_few_taps(browser, served, game):
    how, first_move, whose_turn = GAMES[game]
    ctx = browser.new_context(viewport={"width": W, "height": H}, locale="de-DE", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(served.url + "?lang=de")
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        seen = [tap(page, game)]
        button(page, "Spiel starten").wait_for()
        time.sleep(0.5)
        seen += [tap(page, f"Profil wählen: {name}") for name in YEARS]  # players
        if how is not None:
            seen.append(tap(page, how))  # who begins
        page.get_by_text("(jüngste Person)", exact=False).first.wait_for()
        seen.append(tap(page, "Spiel starten"))  # go
        page.get_by_text(whose_turn, exact=False).first.wait_for()
        seen.append(tap(page, first_move))
        assert len(seen) == (6 if how is None else 7)
        assert all(seen), seen
    finally:
        ctx.close()
