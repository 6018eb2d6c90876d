"""Real browser: finish a Qwixx Longo game, find it in the history, replay it, open the statistics."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import button, fill, set_up_qwixx, unfold_real_dice

pytestmark = pytest.mark.e2e


def screen_texts(page) -> list[str]:
    return [t for t in page.locator("flt-semantics").all_inner_texts() if t and "\n" not in t]


def wait_text(page, text: str, timeout: float = 30_000) -> None:
    """Wait for a text; on failure say what the screen shows instead."""
    try:
        page.get_by_text(text).first.wait_for(timeout=timeout)
    except Exception:
        raise AssertionError(f"{text!r} not on the screen; it shows: {screen_texts(page)[:40]}") from None


def roll(page, values: str) -> None:
    unfold_real_dice(page)  # the table's dice: "Echte Würfel" unfolds their field (kept from roll to roll)
    fill(page, "Echte Würfel: Werte eingeben", values)
    button(page, "Übernehmen").click()


def finish_short_qwixx_game(page, after_roll=None) -> None:
    """The steps of test_qwixx_e2e: house rule "ends at misthrow no. 1", Ana 3 points, Ben −5.
    ``after_roll(page)``: called once the first throw (white sum 7) is on the screen."""
    set_up_qwixx(page)
    for expected in (3, 2, 1):
        button(page, "Ende beim Fehlwurf Nr. −").click()
        page.get_by_text(f"Ende beim Fehlwurf Nr.: {expected}").wait_for()
    for _attempt in range(3):
        button(page, "Spiel starten").click()
        started = page.get_by_text("Ana ist dran · Wurf Nr. 1")
        refused = page.get_by_text("Warum? q8.lucky")
        try:
            started.or_(refused).first.wait_for(timeout=30_000)
        except Exception:
            break
        if started.count():
            break
        # the server read a field before its last keystroke arrived: type the numbers again
        fill(page, "Glückszahlen Spieler 1", "4 9")
        fill(page, "Glückszahlen Spieler 2", "5 12")
    wait_text(page, "Ana ist dran · Wurf Nr. 1")
    roll(page, "3 4 8 1 2 5")  # white sum 7
    page.get_by_text("Weiße Summe 7 – Ana:").wait_for()
    if after_roll:
        after_roll(page)
    button(page, "Rot 7").click()
    page.get_by_text("Weiße Summe 7 – Ben:").wait_for()
    button(page, "Passen").click()
    button(page, "Rot 4+8=12").click()
    page.get_by_text("Ben ist dran · Wurf Nr. 2").wait_for()
    roll(page, "1 1 1 1 1 1")
    page.get_by_text("Weiße Summe 2").wait_for()
    button(page, "Passen").click()
    # exact: "Ana und Ben entscheiden noch" must not count as one of them having decided
    page.get_by_text("Ben entscheidet noch", exact=True).or_(
        page.get_by_text("Ana entscheidet noch", exact=True)).first.wait_for()
    button(page, "Passen").click()
    button(page, "Passen (Fehlwurf)").click()
    page.get_by_text("1. Ana – 3 Punkte").wait_for()


def test_finished_game_in_history_replay_and_statistics(app_page, server):
    page = app_page
    button(page, "Qwixx Longo").wait_for()
    finish_short_qwixx_game(page)

    button(page, "Start").click()
    button(page, "Verlauf").click()
    page.get_by_text("1 von 1 Spiel").wait_for()
    page.get_by_text("1. Ana 3 · 2. Ben −5").wait_for()

    # replay: it opens at the end; one move back, then to the start
    button(page, "Nachspielen").click()
    page.get_by_text("Nachspielen: Qwixx Longo").wait_for()
    page.get_by_text("Zug 8 von 8").wait_for()
    button(page, "Zug zurück").click()
    page.get_by_text("Zug 7 von 8").wait_for()
    button(page, "Zum Anfang").click()
    page.get_by_text("Aufstellung (vor dem ersten Zug)").wait_for()
    button(page, "Zug vor").click()
    page.get_by_text("Zug 1 von 8").wait_for()

    # its final screen again
    button(page, "Zurück zum Verlauf").click()
    button(page, "Wertung").click()
    page.get_by_text("1. Ana – 3 Punkte").wait_for()
    page.get_by_text("2. Ben – −5 Punkte").wait_for()

    # statistics: overall, then Qwixx Longo's own figures
    button(page, "Start").click()
    button(page, "Statistik").click()
    page.get_by_text("Rangliste (alle Spiele)").wait_for()
    page.get_by_text("Ana: 1 Sieg in 1 Spiel (100 %)").wait_for()
    page.get_by_text("Ben: 0 Siege in 1 Spiel (0 %)").wait_for()
    # one player's own page, then back
    page.get_by_text("Ana: 1 Sieg in 1 Spiel (100 %)").click()
    page.get_by_text("Qwixx Longo: 1 von 1 gewonnen (100 %)").wait_for()
    button(page, "Zurück zur Rangliste").click()
    page.get_by_text("Rangliste (alle Spiele)").wait_for()
    button(page, "Qwixx Longo").click()
    page.get_by_text("Ana: 1 von 1 gewonnen (100 %)").wait_for()
    page.get_by_text("Ø 3,0 · bestes 3 · schlechtestes 3").wait_for()
    page.get_by_text("Ø Rot 3,0, Gelb 0,0, Grün 0,0, Blau 0,0, Fehlwürfe 0,0, Abschlüsse 0,0").wait_for()


def test_backup_downloads_and_imports_from_a_file_on_another_device(app_page, server, browser, tmp_path):
    """Export = the browser's own download; import = the browser's file chooser (both offline)."""
    import json

    from tests.e2e.conftest import Server, open_app

    page = app_page
    button(page, "Qwixx Longo").wait_for()
    finish_short_qwixx_game(page)
    button(page, "Start").click()
    button(page, "Sichern & Einlesen").click()
    button(page, "Alles sichern (JSON)").click()
    page.get_by_text("Sicherung erstellt: 1 Spiel, 0 Profile").wait_for()
    with page.expect_download(timeout=20_000) as dl:
        button(page, "Nochmal herunterladen").click()
    saved = tmp_path / dl.value.suggested_filename
    dl.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "tischrichter-backup" and len(data["records"]) == 1

    other = Server(tmp_path / "other.db")
    try:
        page2 = open_app(browser, other.url)
        button(page2, "Sichern & Einlesen").click()
        for expected in ("Eingelesen: 1 neues Spiel, 0 schon vorhanden, 0 neue Profile.",
                         "Eingelesen: 0 neue Spiele, 1 schon vorhanden, 0 neue Profile."):  # twice: no duplicate
            with page2.expect_file_chooser(timeout=20_000) as fc:
                button(page2, "Datei wählen und einlesen").click()
            fc.value.set_files(str(saved))
            page2.get_by_text(expected).wait_for()
        button(page2, "Start").click()
        button(page2, "Verlauf").click()
        page2.get_by_text("1 von 1 Spiel").wait_for()
        page2.get_by_text("1. Ana 3 · 2. Ben −5").wait_for()
        page2.context.close()
    finally:
        other.kill()
