"""Real browser, a 360 px phone: the Verflixxt and Raus aus dem Verlies play screens fit.

Every semantics node of the play screen lies inside the viewport's width (scrolling down is fine,
sideways is not) and every action button is at least 48 px high, checked on each screen state
from the top of the page to its end. Verflixxt: after a roll the legal moves are visible without
scrolling at 390×844 (and in landscape). Verlies: the phone passed around the table never shows a
hidden treasure's name or value; a trap's check shows its die. Real dice are tapped in (Verflixxt's
roll, a Verlies check and fight) once "Echte Würfel" is opened, and the opened faces fit too.
"""

from __future__ import annotations

import contextlib
import time

import pytest

from tests.e2e.conftest import Server, button, fill

pytestmark = pytest.mark.e2e

# a phone: Flutter takes its platform (touch, standard density) from the user agent
PHONE_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/124.0 Mobile Safari/537.36")

NODES_JS = """
() => [...document.querySelectorAll('flt-semantics')].map(el => {
  const r = el.getBoundingClientRect();
  return {x: r.x, y: r.y, w: r.width, h: r.height, role: el.getAttribute('role') || '',
          name: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 60)};
}).filter(n => n.w > 0 && n.h > 0)
"""


@pytest.fixture
def games(tmp_path):
    """A Verflixxt game well under way and a fresh Verlies game, stored before the server starts."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec
    from scoring.verflixxt import GAME as VX, MoveWurminator, SkipWurminator

    db = tmp_path / "phone.db"
    store = Store(db)
    try:
        tables = Tables(store)
        names = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")]
        vx = tables.create("verflixxt", names, {"figures_per_player": 2, "wurminator": True})
        for value in (3, 5, 2, 4, 6, 1, 3, 2, 5, 4, 6, 3, 2, 1):
            vx.roll(None, [value])
            while vx.state.phase in ("move", "wurminator"):
                legal = VX.legal(vx.state)
                pick = next((a for a in legal if not isinstance(a, (MoveWurminator, SkipWurminator))),
                            None) or next(a for a in legal if isinstance(a, SkipWurminator))
                vx.submit(pick)
        rv = tables.create("raus-aus-dem-verlies", names, {})
        ids = {"vx": vx.id, "vx_turn": vx.state.names[vx.state.turn], "rv": rv.id}
    finally:
        store.close()
    srv = Server(db)
    yield srv, ids
    srv.kill()


def open_phone(browser, url: str, width: int = 360, height: int = 740):
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE", is_mobile=True,
                              has_touch=True, user_agent=PHONE_UA)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    # on a phone Flutter turns semantics on after a real tap on its placeholder (a click event is not
    # enough); a tap before the app listens is lost: tap again until the semantics tree is there
    for _ in range(20):
        placeholder = page.locator("flt-semantics-placeholder")
        if placeholder.count():
            with contextlib.suppress(Exception):  # gone meanwhile: semantics came on
                placeholder.tap(force=True, timeout=2_000)
        try:
            page.wait_for_selector("flt-semantics[role=button]", state="attached", timeout=3_000)
            return page
        except Exception:
            continue
    raise AssertionError("semantics did not come on")


def scroll_top(page) -> None:
    vp = page.viewport_size
    page.mouse.move(vp["width"] / 2, vp["height"] / 2)
    page.mouse.wheel(0, -20_000)
    time.sleep(0.6)


def check_fits(page, what: str) -> None:
    """From the top of the screen to its end: nothing sticks out sideways, every button >= 48 px."""
    vp = page.viewport_size
    width, height = vp["width"], vp["height"]
    scroll_top(page)
    seen_buttons: set[str] = set()
    last = None
    for _ in range(12):
        nodes = page.evaluate(NODES_JS)
        outside = [n for n in nodes if n["x"] < -0.5 or n["x"] + n["w"] > width + 0.5]
        assert not outside, f"{what}: outside the {width} px width: {outside[:5]}"
        # the app bar (56 px) stays; below it and a 10 px margin the screen scrolls, and a node cut by
        # that edge or by the bottom shows a cut height: a button is measured where it is whole
        top = max((n["y"] + n["h"] for n in nodes if n["y"] < 10 and n["h"] <= 60), default=0) + 4 + 10
        for n in nodes:
            fully_visible = n["y"] > top + 1 and n["y"] + n["h"] < height - 11 or n["y"] < 10 and n["h"] <= 60
            if n["role"] == "button" and fully_visible:
                assert n["h"] >= 47.5, f"{what}: button {n['name']!r} is {n['h']:.0f} px high: {n}"
                seen_buttons.add(n["name"])
        shape = [(round(n["x"]), round(n["y"]), n["name"]) for n in nodes]
        if shape == last:
            break  # the end of the screen
        last = shape
        page.mouse.move(width / 2, height / 2)
        page.mouse.wheel(0, height * 0.6)
        time.sleep(0.5)
    assert seen_buttons, f"{what}: no button found"
    scroll_top(page)


def visible_buttons(page, prefix: str) -> list[str]:
    height = page.viewport_size["height"]
    return [n["name"] for n in page.evaluate(NODES_JS)
            if n["role"] == "button" and n["name"].startswith(prefix) and n["y"] >= 0 and n["y"] + n["h"] <= height]


def all_buttons(page, prefix: str) -> list[str]:
    return [n["name"] for n in page.evaluate(NODES_JS) if n["role"] == "button" and n["name"].startswith(prefix)]


def test_verflixxt_play_fits_a_360_px_phone_and_shows_the_moves_at_once(browser, games):
    srv, ids = games
    page = open_phone(browser, f"{srv.url}g/{ids['vx']}?all&lang=de")
    try:
        turn = ids["vx_turn"]
        page.get_by_text(f"{turn} ist dran").wait_for()
        button(page, "Würfeln").wait_for()
        check_fits(page, "Verflixxt, roll")
        # the real die by tapping its face: the faces only once "Echte Würfel" is unfolded
        assert page.get_by_role("button", name="W6 zeigt 4", exact=True).count() == 0
        button(page, "Echte Würfel").click()
        button(page, "App würfelt").wait_for()
        assert all_buttons(page, "W6 zeigt") == [f"W6 zeigt {v}" for v in range(1, 7)]
        check_fits(page, "Verflixxt, real die open")
        button(page, "W6 zeigt 4").click()
        # the tapped face is written into the die's field on the server, before the next tap is read
        button(page, "Übernehmen").click()
        page.get_by_text("Gewürfelt: 4", exact=True).wait_for()  # the die beside whose turn it is, as it is read
        page.get_by_text("Wähle einen Zug:").wait_for()
        time.sleep(0.5)
        moves = all_buttons(page, "Figur")
        assert moves, "no move offered"
        check_fits(page, "Verflixxt, moves")
        page.get_by_label("Zugberatung", exact=True).first.click()
        page.get_by_text("Empfehlung: ", exact=False).first.wait_for()
        check_fits(page, "Verflixxt, moves with advice")
        page.get_by_label("Zugberatung", exact=True).first.click()
        page.get_by_text("Empfehlung: ", exact=False).first.wait_for(state="detached")
        # 390 × 844 upright and 740 × 360 on its side: every move at once, no scrolling
        for w, h in ((390, 844), (740, 360)):
            page.set_viewport_size({"width": w, "height": h})
            time.sleep(1.0)
            scroll_top(page)
            assert visible_buttons(page, "Figur") == moves, f"{w}×{h}: {visible_buttons(page, 'Figur')} of {moves}"
        check_fits(page, "Verflixxt, landscape")
    finally:
        page.context.close()


def test_verlies_play_fits_a_360_px_phone_through_a_round(browser, games):
    srv, ids = games
    page = open_phone(browser, f"{srv.url}g/{ids['rv']}?all&lang=de")
    try:
        page.get_by_text("Ana ist dran · Zug 1").wait_for()
        check_fits(page, "Verlies, start")
        button(page, "Karte ziehen").click()
        page.get_by_text("Ana hat eine Karte gelegt.").wait_for()
        check_fits(page, "Verlies, the card drawn")
        button(page, "Gang").click()
        page.get_by_text("Ana hat einen Gang gelegt.").wait_for()
        button(page, "Hindernis prüfen").click()
        page.get_by_text("Hinderniszahl", exact=True).wait_for()
        check_fits(page, "Verlies, obstacle")
        # the check's die by tapping its face (rv.dice), once the real dice are chosen
        button(page, "Echte Würfel").click()
        button(page, "W6 zeigt 5").wait_for()
        check_fits(page, "Verlies, obstacle with the real die open")
        button(page, "W6 zeigt 5").click()
        button(page, "Übernehmen").click()
        page.get_by_text("Tür 7 (Rot): 6 + 5 = 11 – geschafft!", exact=True).wait_for()
        assert page.get_by_role("button", name="W6 zeigt 5", exact=True).count() == 0
        button(page, "Zug beenden").click()

        # Ben: a monster, won with typed dice, a face-down treasure
        page.get_by_text("Ben ist dran · Zug 2").wait_for()
        button(page, "Karte ziehen").click()
        button(page, "Raum: Monster").click()
        page.get_by_text("Monster! Ben kämpft.").wait_for()
        check_fits(page, "Verlies, fight")
        # both dice of the fight tapped in: Ben's and the monster's (rv.monster: this phone acts for all);
        # the real dice are still chosen (kept from roll to roll)
        button(page, "W6 Monster zeigt 1").wait_for()
        check_fits(page, "Verlies, fight with the real dice open")
        button(page, "W6 Ben zeigt 6").click()
        button(page, "W6 Monster zeigt 1").click()
        time.sleep(0.5)  # the tapped face's redraw, before the button that takes both
        button(page, "Kampf eintragen").click()
        page.get_by_text("Gewonnen! Ben zieht einen Schatz.").wait_for()
        check_fits(page, "Verlies, spoils")
        fill(page, "Schatzname", "Krone")
        button(page, "Schatz nehmen").click()
        page.get_by_text("1. verdeckter Schatz").wait_for()  # the phone passed around: no name, no value
        assert page.get_by_text("Krone", exact=False).count() == 0
        check_fits(page, "Verlies, purse with a hidden treasure")
        button(page, "Zug beenden").click()

        # Cara: a trap with a check, its die in the result; a clean message area on her turn
        page.get_by_text("Cara ist dran · Zug 3").wait_for()
        assert page.get_by_text("Kampf: ", exact=False).count() == 0  # no fight line from Ana's turn
        button(page, "Karte ziehen").click()
        button(page, "Raum: Falle").click()
        page.get_by_text("Falle! Was sagt die Karte?").wait_for()
        check_fits(page, "Verlies, trap")
        fill(page, "Gewürfelt (W6)", "2")
        button(page, "Falle eintragen").click()
        page.get_by_text("Falle 7 (Rot): 3 + 2 = 5 – zugeschnappt.").wait_for()
        check_fits(page, "Verlies, trap result")
        button(page, "Zug beenden").click()

        # Ana draws without being allowed: her turn ends; the phone that tapped is told once
        page.get_by_text("Ana ist dran · Zug 4").wait_for()
        button(page, "Karte ziehen").click()
        button(page, "Unberechtigt gezogen").click()
        page.get_by_text("Ben ist dran · Zug 5").wait_for()
        page.get_by_text("Ana hat unberechtigt gezogen: Karte zurück in den Stapel, Zug vorbei, "
                         "nächster Zug ausgesetzt.").first.wait_for()  # also read out (aria-live)
        button(page, "Ana: setzt aus").wait_for()  # her chip's mark is an icon, its word the tooltip
        check_fits(page, "Verlies, a note after a turn-ending tap")
    finally:
        page.context.close()
