"""Real browser: a short Verflixxt game with a typed layout and typed rolls, a refused guard, the scores."""

from __future__ import annotations

import os
import time

import pytest

from scoring.engine import PlayerSpec
from scoring.verflixxt import GAME, MoveFigure, MoveGuard, Options, Roll
from tests.e2e.conftest import button, fill, unfold_real_dice

pytestmark = pytest.mark.e2e

LAYOUT = "+3 -2 G -4 +5 -1 +2 G"
# (typed roll, the move button a player taps, the engine action it stands for)
SCRIPT = [
    ("2", "Figur A: Start » Feld 2 (−2)", MoveFigure(by=0, figure=0)),
    ("1", "Figur B: Start » Feld 1 (+3)", MoveFigure(by=1, figure=0)),
    ("2", "Figur A: Feld 2 (−2) » Feld 4 (−4), nimmt −2", MoveFigure(by=0, figure=0)),
    ("4", "Wächter: Feld 1 (+3) » Feld 6 (−1)", MoveGuard(by=1, guard=0)),
    ("5", "Figur A: Feld 4 (−4) » Ziel, nimmt −4", MoveFigure(by=0, figure=0)),
    ("2", "Figur B: Feld 1 (+3) » Feld 5 (+5), nimmt +3", MoveFigure(by=1, figure=0)),
    ("6", "Figur B: Feld 5 (+5) » Ziel", MoveFigure(by=1, figure=0)),
]


def expected_lines() -> list[str]:
    """The engine plays the same script: what the scores screen must say."""
    state = GAME.start(Options(layout=LAYOUT, figures_per_player=1, wurminator=False),
                       [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")])
    for value, _, action in SCRIPT:
        state = GAME.apply(state, Roll(by=state.turn, value=int(value)))
        state = GAME.apply(state, action)
    assert GAME.is_over(state)
    result = GAME.result(state)
    return [f"{p.place}. {p.name} – {p.total} Punkte".replace("-", "\u2212")  # the minus sign
            for p in sorted(result.players, key=lambda p: p.place)]


def roll(page, value: str) -> None:
    unfold_real_dice(page)  # the table's die: "Echte Würfel" unfolds its field (kept from roll to roll)
    fill(page, "Gewürfelt (W6)", value)
    button(page, "Übernehmen").click()


def test_short_verflixxt_game_in_chromium(app_page, server):
    page = app_page
    expected = expected_lines()
    assert expected == ["1. Ben – 3 Punkte", "2. Ana – −6 Punkte"]
    t0 = time.monotonic()
    button(page, "Verflixxt! Kompakt").click()
    fill(page, "Name Spieler 1", "Ana")
    fill(page, "Name Spieler 2", "Ben")
    button(page, "Ana beginnt").wait_for()  # the start player's chips follow the names typed
    # the layout: one tile from the palette, the rest typed as text (under "Mehr Optionen")
    button(page, "Mehr Optionen").click()
    button(page, "Parcours leeren").click()
    page.get_by_role("button", name="Tafel 1: +3", exact=True).wait_for(state="detached")  # the screen settled
    button(page, "+3").click()
    page.get_by_text("Tafeln: 1 – 1× plus, 0× minus, 0× G").wait_for()
    fill(page, "Tafeln von Start bis Ziel", LAYOUT)
    page.get_by_text("Tafeln: 8 – 3× plus, 3× minus, 2× G").wait_for()
    # the tiles as chips: select one, move it right and back, insert before it and remove that again
    button(page, "Tafel 1: +3").click()
    page.get_by_text("Gewählt: Feld 1 (+3)").wait_for()
    button(page, "Nach rechts").click()
    page.get_by_text("Gewählt: Feld 2 (+3)").wait_for()
    button(page, "Tafel 1: −2").wait_for()
    button(page, "Nach links").click()
    page.get_by_text("Gewählt: Feld 1 (+3)").wait_for()
    button(page, "−9").click()
    page.get_by_text("Gewählt: Feld 2 (+3)").wait_for()
    button(page, "Tafel 1: −9").click()
    page.get_by_text("Gewählt: Feld 1 (−9)").wait_for()
    button(page, "Entfernen").click()
    page.get_by_text("Tafeln: 8 – 3× plus, 3× minus, 2× G").wait_for()
    button(page, "Auswahl aufheben").click()
    # guards: one moved forward and back again; Ben picks another colour
    button(page, "Wächter 2 ein Feld vor").click()
    page.get_by_text("Wächter 2: Feld 4 (−4)").wait_for()
    button(page, "Wächter 2 ein Feld zurück").click()
    page.get_by_text("Wächter 2: Feld 3 (G)").wait_for()
    button(page, "Farbe Spieler 2: Blau – antippen wechselt").click()
    button(page, "Farbe Spieler 2: Grün – antippen wechselt").wait_for()
    if os.environ.get("VX_SCREENSHOT"):
        time.sleep(0.6)
        page.screenshot(path=os.environ["VX_SCREENSHOT"].replace(".png", "_setup.png"), full_page=True)
    for n in (2, 1):
        button(page, "Figuren je Person −").click()
        page.get_by_text(f"Figuren je Person: {n}").wait_for()
    button(page, "Spiel starten").click()

    page.get_by_text("Ana ist dran").wait_for()
    for i, (value, move, _) in enumerate(SCRIPT):
        roll(page, value)
        if i == 0:
            # every guard stands alone: tapping one gets the referee's no with its rule
            button(page, "Feld 1 (+3): Ein Wächter zieht nur, wenn eine Spielfigur auf seiner Tafel steht.").click()
            page.get_by_text("Warum? vx.guard").wait_for()
            if os.environ.get("VX_SCREENSHOT"):
                time.sleep(0.6)
                page.screenshot(path=os.environ["VX_SCREENSHOT"], full_page=True)
        button(page, move).click()
    page.get_by_text("Wertung", exact=True).wait_for()
    for line in expected:
        page.get_by_text(line).wait_for()
    page.get_by_text("Tafeln: −2 −4").wait_for()
    button(page, "Neues Spiel").wait_for()
    if os.environ.get("VX_SCREENSHOT"):
        time.sleep(0.6)
        page.screenshot(path=os.environ["VX_SCREENSHOT"].replace(".png", "_result.png"), full_page=True)
    print(f"verflixxt game in the browser: {time.monotonic() - t0:.1f}s")
