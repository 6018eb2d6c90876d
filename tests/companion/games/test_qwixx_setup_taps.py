"""Qwixx Longo's setup as a table uses it: a usual game in three taps (players from the profiles,
who begins, start), everything else folded under "Mehr Optionen". Level 1 (views as plain objects).
"""

from __future__ import annotations

import flet as ft
import pytest

from companion.records.profiles import save_profile
from scoring.qwixx_longo import check_lucky
from tests.companion.games.test_setup_screens import button, click, setup_shell, start, texts
from tests.harness.shell_ui import field, type_into, walk


def with_profiles(*names: str, lang: str = "de"):
    sh = setup_shell("qwixx-longo", lang)
    for name in names:
        save_profile(sh.ctx.store, name)
    sh.render()
    return sh


def fields_shown(sh) -> list[str]:
    return [c.label for c in walk(sh.body.controls) if isinstance(c, ft.TextField)]


def test_a_usual_game_takes_three_taps_players_who_begins_start():
    sh = with_profiles("Ana", "Ben", "Cara")
    click(sh, "Profil wählen: Ana")
    click(sh, "Profil wählen: Ben")  # players: from the profiles
    assert [button(sh, f"Spieler {n} beginnt").content.value for n in (1, 2)] == ["Ana", "Ben"]  # by name
    click(sh, "Spieler 2 beginnt")  # who begins: Ben's chip
    assert "Beginnt: Ben" in texts(sh)
    start(sh)  # go
    assert sh.table is not None, sh.refusal
    assert [p.name for p in sh.table.players] == ["Ben", "Ana"]
    for sheet in sh.table.state.sheets:  # the lucky numbers were drawn for everyone (q8.lucky)
        check_lucky("x", sheet.lucky)


def test_lucky_numbers_and_house_rules_wait_folded_under_more_options():
    sh = setup_shell("qwixx-longo")
    assert fields_shown(sh) == ["Name Spieler 1", "Name Spieler 2"]
    assert "Hausregeln" not in texts(sh) and "Glückszahlen, Hausregeln" in texts(sh)
    with pytest.raises(AssertionError):
        button(sh, "Ende beim Fehlwurf Nr. −")
    click(sh, "Mehr Optionen")
    assert fields_shown(sh) == ["Name Spieler 1", "Name Spieler 2", "Glückszahlen Spieler 1",
                                "Glückszahlen Spieler 2"]
    assert ("Jede Person hat schon zwei Glückszahlen: gezogen oder aus ihrem Profil. Hier könnt ihr sie ändern."
            in texts(sh))
    click(sh, "Ende beim Fehlwurf Nr. −")
    click(sh, "Mehr Optionen")  # folded again: it says that a rule was changed
    assert "Glückszahlen, Hausregeln – Hausregeln geändert" in texts(sh)
    start(sh)
    assert sh.table is not None and sh.table.state.options.end_misthrows == 3


@pytest.mark.parametrize("lang,words", [
    ("de", "„Jüngste Person beginnt“ geht, wenn alle aus Profilen mit Geburtsjahr kommen."),
    ("en", "“Youngest starts” works when everyone comes from a profile with a birth year."),
])
def test_who_begins_is_chosen_or_drawn_and_the_youngest_needs_birth_years(monkeypatch, lang, words):
    import companion.games.qwixx.setup_screen as q8ui
    from scoring.dice import Dice

    class ThirdSeat(Dice):
        def roll(self, sides: int, count: int = 1) -> list[int]:
            return [3]

    monkeypatch.setattr(q8ui, "Dice", ThirdSeat)
    sh = with_profiles("Ana", "Ben", "Cara", lang=lang)
    assert words not in texts(sh)  # nobody seated from a profile yet: nothing to say about them
    for name in ("Ana", "Ben", "Cara"):
        click(sh, ("Profil wählen: " if lang == "de" else "Pick profile: ") + name)
    assert words in texts(sh)  # the profiles hold no birth year: the youngest cannot be told
    with pytest.raises(AssertionError):
        button(sh, "Jüngste Person beginnt" if lang == "de" else "Youngest starts")
    click(sh, "Auslosen" if lang == "de" else "Draw lots")
    assert ("Beginnt: Cara (ausgelost)" if lang == "de" else "Starts: Cara (drawn)") in texts(sh)
    click(sh, "Spieler 1 beginnt" if lang == "de" else "Player 1 starts")
    assert ("Beginnt: Ana" if lang == "de" else "Starts: Ana") in texts(sh)


def test_a_second_tap_on_a_profile_gives_its_seat_up():
    sh = with_profiles("Ana", "Ben", "Cara")
    for name in ("Ana", "Ben", "Cara"):
        click(sh, f"Profil wählen: {name}")
    click(sh, "Spieler 3 beginnt")
    click(sh, "Profil wählen: Ben")  # a wrong tap, taken back: Ben's seat goes, Cara still begins
    assert [field(sh, f"Name Spieler {n}").value for n in (1, 2)] == ["Ana", "Cara"]
    assert "Beginnt: Cara" in texts(sh)
    click(sh, "Profil wählen: Ana")
    click(sh, "Profil wählen: Cara")  # the last seat (Qwixx Longo is played alone too) stays, empty
    assert fields_shown(sh) == ["Name Spieler 1"] and field(sh, "Name Spieler 1").value == ""


def test_a_refused_lucky_number_unfolds_the_options_beside_its_field_q8_lucky():
    sh = setup_shell("qwixx-longo")
    click(sh, "Mehr Optionen")
    type_into(sh, "Glückszahlen Spieler 1", "7 7")
    click(sh, "Mehr Optionen")  # folded again before the start
    start(sh)
    assert sh.table is None
    message = "Glückszahlen von Spieler 1: zwei verschiedene Zahlen von 2 bis 16 (7, 7)."
    assert texts(sh).count(message) == 2  # beside its field (unfolded) and by the start button
    assert field(sh, "Glückszahlen Spieler 1").value == "7 7"
