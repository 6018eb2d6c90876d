"""Real browser: a scripted three-player Raus aus dem Verlies! with typed rolls through an
obstacle, a fight and two escapes to the final ranking."""

from __future__ import annotations

import os
import tempfile
import time

import pytest

from tests.e2e.conftest import button, fill

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("TISCHRICHTER_SHOTS")  # a folder: save screenshots of the play screen there


def shot(page, name: str) -> None:
    if SHOTS:
        time.sleep(0.5)  # a screenshot right after an action can show the previous frame
        page.screenshot(path=os.path.join(SHOTS, f"verlies-{name}.png"))


def typed(page, label: str, value: str) -> None:
    """Type into a labelled field and check that it holds the text (a busy machine may drop a key)."""
    field = page.get_by_label(label, exact=True)
    for _ in range(4):
        fill(page, label, value)
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            if field.input_value() == value:
                return
            time.sleep(0.05)
    raise AssertionError(f"field {label!r} shows {field.input_value()!r}, not {value!r}")


def text(page, value: str) -> None:
    try:
        page.get_by_text(value, exact=False).first.wait_for()
    except Exception:
        failed = os.path.join(SHOTS or tempfile.gettempdir(), "verlies-e2e-failed.png")
        page.screenshot(path=failed)
        print(f"screen at the failure: {failed}")
        raise


def test_three_adventurers_escape_in_chromium(app_page, server):
    page = app_page
    t0 = time.monotonic()
    button(page, "Raus aus dem Verlies!").click()
    fill(page, "Name Spieler 1", "Ana")
    fill(page, "Name Spieler 2", "Ben")
    fill(page, "Name Spieler 3", "Cara")
    text(page, "Verliesstapel vorbereiten: Rot + Blau")
    shot(page, "setup")
    button(page, "Spiel starten").click()

    # Every tap redraws the screen: the script waits for the new frame before the next tap
    # (a tap on a control of the previous frame would go nowhere).
    # Ana: a new card, passage gold, a wooden bridge tried with strength 6 against 9 (chance shown first)
    text(page, "Ana ist dran · Zug 1")
    shot(page, "start")
    button(page, "Karte ziehen").click()
    text(page, "Ana hat eine Karte gelegt.")
    button(page, "Gang").click()  # rv.room: the card drawn is a passage
    text(page, "Ana hat einen Gang gelegt.")
    button(page, "Gold auf dem Gang +").click()
    button(page, "Gold im Gang +2").wait_for()
    button(page, "Gold auf dem Gang +").click()
    button(page, "Gold im Gang +3").click()
    text(page, "Zug 1: Ana +3 (Gang)")
    shot(page, "moved")
    button(page, "Hindernis prüfen").click()
    button(page, "Holzbrücke").wait_for()  # the kinds of obstacle
    button(page, "Holzbrücke").click()
    text(page, "Misslingt: verletzt, trotzdem drüber")
    button(page, "Hinderniszahl +").click()
    text(page, "Stärke 6 + W6 ≥ 8")
    button(page, "Hinderniszahl +").click()
    text(page, "Chance 67 % (4/6)")
    shot(page, "obstacle")
    # the table's real dice (kept for the rolls after this one); a die face that is no W6 face:
    # refused in a line above everything (a keyed block: the rest of the screen is patched in
    # place, the typed text stays), then the real roll goes through
    button(page, "Echte Würfel").click()
    typed(page, "Gewürfelt (W6)", "9")
    button(page, "Übernehmen").click()
    text(page, "Warum? rv.dice")  # the refusal's rule link (its message is selectable text)
    typed(page, "Gewürfelt (W6)", "4")
    button(page, "Übernehmen").click()
    text(page, "Holzbrücke 9 (Rot): 6 + 4 = 10 – geschafft!")
    button(page, "Zug beenden").click()

    # Ben: a monster room, mind 6 against 5, typed rolls 4 and 2, Cara rolls for the monster
    text(page, "Ben ist dran · Zug 2")
    # a dispute first: "Was wäre wenn?" at the bottom of the play screen, and back
    button(page, "Was wäre wenn?").click()
    text(page, "Was wäre wenn? – Raus aus dem Verlies!")
    button(page, "Zurück zum Spiel").click()
    text(page, "Ben ist dran · Zug 2")
    button(page, "Karte ziehen").click()
    text(page, "Ben hat eine Karte gelegt.")
    button(page, "Raum: Monster").click()
    text(page, "Monster! Ben kämpft.")
    button(page, "Geist 6").click()
    text(page, "Geist 6 + W6 gegen 5 + W6")
    shot(page, "fight")
    typed(page, "Wurf Ben", "4")  # the real dice still chosen: their fields are there
    typed(page, "Wurf Monster", "2")
    button(page, "Kampf eintragen").click()
    text(page, "Kampf: Geist 6 + 4 = 10 gegen Monster 5 + 2 = 7 – gewonnen! (Fürs Monster würfelte Cara.)")
    typed(page, "Schatzname", "Krone")
    button(page, "Schatz nehmen").click()
    text(page, "1. verdeckter Schatz")  # the phone passed around is a shared screen (rv.treasure)
    assert page.get_by_text("Krone", exact=False).count() == 0
    button(page, "Zug beenden").click()

    # Cara draws an exit and escapes; Ana does the same: the game ends, Ben stays behind
    text(page, "Cara ist dran · Zug 3")
    button(page, "Karte ziehen").click()
    text(page, "Cara hat eine Karte gelegt.")
    button(page, "Ausgang legen").click()
    text(page, "Ausgang gelegt.")
    button(page, "Entkommen").click()
    text(page, "Ana ist dran · Zug 4")
    button(page, "Karte ziehen").click()
    text(page, "Ana hat eine Karte gelegt.")
    button(page, "Ausgang legen").click()
    text(page, "Ausgang gelegt.")
    button(page, "Entkommen").click()

    text(page, "Wertung")
    text(page, "1. Ana – 3 Gold")
    text(page, "2. Cara – 0 Gold")
    text(page, "Ben – im Verlies geblieben: verliert alles")
    text(page, "Krone 3")  # every treasure face up at the end
    shot(page, "result")
    print(f"verlies game in {time.monotonic() - t0:.1f}s")
