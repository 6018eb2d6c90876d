"""Real browser: a short scripted Qwixx Longo game with typed dice, a refused cross, undo, scores."""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import button, fill, set_up_qwixx, unfold_real_dice

pytestmark = pytest.mark.e2e


def roll(page, values: str) -> None:
    unfold_real_dice(page)  # the table's dice: "Echte Würfel" unfolds their field (kept from roll to roll)
    fill(page, "Echte Würfel: Werte eingeben", values)
    button(page, "Übernehmen").click()


def test_short_qwixx_longo_game_in_chromium(app_page, server):
    page = app_page
    t0 = time.monotonic()
    button(page, "Qwixx Longo").wait_for()
    first_screen = time.monotonic() - t0
    set_up_qwixx(page)
    # house rule: the game ends at the first misthrow, so a short script reaches the scores
    for expected in (3, 2, 1):
        button(page, "Ende beim Fehlwurf Nr. −").click()
        page.get_by_text(f"Ende beim Fehlwurf Nr.: {expected}").wait_for()
    button(page, "Spiel starten").click()

    page.get_by_text("Ana ist dran · Wurf Nr. 1").wait_for()
    roll(page, "3 4 8 1 2 5")  # white sum 7
    page.get_by_text("Weiße Summe 7 – Ana:").wait_for()
    # a refused cross: tapping the red lock field 15 on Ana's sheet
    page.get_by_role("button", name="Rot 15").click()
    page.get_by_text("Warum? q8.white").wait_for()
    button(page, "Rot 7").click()  # Ana crosses red 7
    page.get_by_text("Weiße Summe 7 – Ben:").wait_for()
    button(page, "Passen").click()  # Ben passes
    button(page, "Rot 4+8=12").click()  # Ana's colour cross: white 4 + red 8
    page.get_by_text("Ben ist dran · Wurf Nr. 2").wait_for()

    # undo brings Ana's colour phase back, with the same dice (undo never re-rolls)
    button(page, "Rückgängig").click()
    page.get_by_text("Farbe (nur Ana):").wait_for()
    button(page, "Rot 4+8=12").wait_for()
    button(page, "Wiederholen").click()
    page.get_by_text("Ben ist dran · Wurf Nr. 2").wait_for()

    roll(page, "1 1 1 1 1 1")  # white sum 2: everybody passes
    page.get_by_text("Weiße Summe 2").wait_for()
    button(page, "Passen").click()
    # wait until exactly one player is still deciding before the next tap
    page.get_by_text("Ben entscheidet noch", exact=True).or_(
        page.get_by_text("Ana entscheidet noch", exact=True)).first.wait_for()
    button(page, "Passen").click()
    page.get_by_text("Farbe (nur Ben):").wait_for()
    button(page, "Passen (Fehlwurf)").click()  # Ben crossed nothing: the referee marks his misthrow

    page.get_by_text("Wertung").wait_for()
    page.get_by_text("1. Ana – 3 Punkte").wait_for()  # red 7 and 12: two crosses
    page.get_by_text("2. Ben – −5 Punkte").wait_for()
    print(f"first screen after {first_screen:.2f}s")
