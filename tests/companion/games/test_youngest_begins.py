"""Who begins in all three set-ups: a seat tapped, drawn, or "Jüngste Person beginnt" when every seat
comes from a profile with a birth year; equally young people draw lots, and the screen says so.
Level 1 (views as plain objects)."""

from __future__ import annotations

import random

import pytest

from companion.records.profiles import save_profile
from scoring.dice import Dice
from tests.companion.games.test_setup_screens import GAMES, button, click, setup_shell, start, texts

YOUNGEST = {"de": "Jüngste Person beginnt", "en": "Youngest starts"}
PICK = {"de": "Profil wählen: {name}", "en": "Pick profile: {name}"}
TITLE = {  # the start player's line, when the youngest begins
    ("qwixx-longo", "de"): "Beginnt: {name} (jüngste Person)",
    ("qwixx-longo", "en"): "Starts: {name} (youngest)",
    ("verflixxt", "de"): "Beginnt: {name} (jüngste Person)",
    ("verflixxt", "en"): "Starts: {name} (youngest)",
    ("raus-aus-dem-verlies", "de"): "Startspieler: {name} (jüngste Person)",
    ("raus-aus-dem-verlies", "en"): "Start player: {name} (youngest)",
}
CHOSEN = {"qwixx-longo": "Beginnt: {name}", "verflixxt": "Beginnt: {name}",
          "raus-aus-dem-verlies": "Startspieler: {name}"}
PICK_SEAT = {"qwixx-longo": "Spieler {n} beginnt", "verflixxt": "{name} beginnt",
             "raus-aus-dem-verlies": "Startspieler {name}"}
NEEDS = {
    ("qwixx-longo", "de"): "„Jüngste Person beginnt“ geht, wenn alle aus Profilen mit Geburtsjahr kommen.",
    ("raus-aus-dem-verlies", "de"): "„Jüngste Person beginnt“ geht, wenn alle aus Profilen mit Geburtsjahr kommen.",
    ("verflixxt", "de"): ("Nach der Regel beginnt die jüngste Person: Namen antippen oder auslosen. Mit Geburtsjahr "
                          "in den Profilen weiß es die App."),
    ("qwixx-longo", "en"): "“Youngest starts” works when everyone comes from a profile with a birth year.",
    ("raus-aus-dem-verlies", "en"): "“Youngest starts” works when everyone comes from a profile with a birth year.",
    ("verflixxt", "en"): ("By the rules the youngest starts: tap a name or draw. With birth years in the profiles "
                          "the app knows who."),
}
TIE_DICE = "companion.games.setup_seats.Dice"  # every game's set-up draws among the equally young with it


def seated(game: str, years: dict[str, int | None], lang: str = "de"):
    """The set-up with a profile per name (its birth year, if any), each seated by its chip."""
    sh = setup_shell(game, lang)
    for name, year in years.items():
        save_profile(sh.ctx.store, name, birth_year=year)
    sh.render()
    if game == "raus-aus-dem-verlies":  # three empty seats to begin with: the profiles fill them
        click(sh, "Spieler 3 entfernen" if lang == "de" else "Remove player 3")
    for name in years:
        click(sh, PICK[lang].format(name=name))
    return sh


FIRST_SEAT = {"qwixx-longo": "active", "verflixxt": "turn", "raus-aus-dem-verlies": "current"}


def first_player(sh) -> str:
    """Who takes the first turn of the game just started."""
    table = sh.table
    assert table is not None, sh.refusal
    return table.players[getattr(table.state, FIRST_SEAT[table.record.game])].name


class Lot(Dice):
    """A die that always shows ``face``, counting how often it was asked (what else the set-up draws,
    lucky numbers, comes from a seeded source)."""

    calls = 0

    def __init__(self, face: int) -> None:
        super().__init__(random.Random(0))
        self.face = face

    def __call__(self) -> Lot:
        return self

    def roll(self, sides: int, count: int = 1) -> list[int]:
        Lot.calls += 1
        assert 1 <= self.face <= sides
        return [self.face] * count


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_youngest_by_birth_year_begins(game, lang):
    sh = seated(game, {"Ana": 1990, "Ben": 1985, "Cara": 2012}, lang)
    if game != "verflixxt":  # Verflixxt's rules let the youngest begin without a tap (below)
        click(sh, YOUNGEST[lang])
    assert TITLE[game, lang].format(name="Cara") in texts(sh)
    start(sh, lang)
    assert first_player(sh) == "Cara"


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_a_seat_without_a_birth_year_leaves_the_youngest_out_in_one_line(game, lang):
    sh = seated(game, {"Ana": 1990, "Ben": None}, lang)  # Ben's profile has no birth year
    assert NEEDS[game, lang] in texts(sh)
    with pytest.raises(AssertionError):
        button(sh, YOUNGEST[lang])


@pytest.mark.parametrize("game", GAMES)
def test_typed_seats_have_no_birth_years_and_hear_of_them_only_in_verflixxt(game):
    """A table without profiles is not told about them again and again; Verflixxt's rules let the youngest
    begin, so its line stays (and says how the app could know who)."""
    sh = setup_shell(game)  # nobody from a profile
    assert (NEEDS[game, "de"] in texts(sh)) == (game == "verflixxt")
    with pytest.raises(AssertionError):
        button(sh, "Jüngste Person beginnt")


@pytest.mark.parametrize("game", GAMES)
def test_equally_young_draw_lots_once_and_the_screen_says_so(game, monkeypatch):
    Lot.calls = 0
    monkeypatch.setattr(TIE_DICE, Lot(2))  # the second of the youngest
    sh = seated(game, {"Ana": 2012, "Ben": 1985, "Cara": 2012})
    if game != "verflixxt":
        click(sh, "Jüngste Person beginnt")
    assert "Beginnt: Cara (jüngste Person)" in texts(sh) or "Startspieler: Cara (jüngste Person)" in texts(sh)
    assert "Ana und Cara sind gleich jung: ausgelost." in texts(sh)
    lots = Lot.calls
    sh.render()
    sh.render()  # drawn once: the screen drawn again does not draw again
    assert Lot.calls == lots and "Ana und Cara sind gleich jung: ausgelost." in texts(sh)
    start(sh)
    assert first_player(sh) == "Cara" and Lot.calls == lots


def test_equally_young_in_english():
    sh = seated("qwixx-longo", {"Ana": 2012, "Cara": 2012}, "en")
    click(sh, "Youngest starts")
    drawn = next(t for t in texts(sh) if t.startswith("Starts: "))
    name = drawn.removeprefix("Starts: ").removesuffix(" (youngest)")
    assert name in ("Ana", "Cara")
    assert "Ana and Cara are equally young: drawn by lot." in texts(sh)


@pytest.mark.parametrize("game", GAMES)
def test_the_youngest_follows_the_seats_until_a_name_is_tapped(game):
    sh = seated(game, {"Ana": 1990, "Ben": 1985})
    save_profile(sh.ctx.store, "Dana", birth_year=2015)
    sh.render()
    if game != "verflixxt":
        click(sh, "Jüngste Person beginnt")
    assert TITLE[game, "de"].format(name="Ana") in texts(sh)
    click(sh, "Profil wählen: Dana")  # a younger player sits down: she begins
    assert TITLE[game, "de"].format(name="Dana") in texts(sh)
    click(sh, PICK_SEAT[game].format(n=1, name="Ana"))  # the table's own choice ends the youngest's
    assert CHOSEN[game].format(name="Ana") in texts(sh)
    start(sh)
    assert first_player(sh) == "Ana"


def test_verflixxt_lets_the_youngest_begin_by_its_rules_until_the_table_draws():
    """vx.setup: the youngest begins; with every birth year known the app knows who, without a tap."""
    sh = seated("verflixxt", {"Ana": 1990, "Ben": 1985, "Cara": 2012})
    assert "Beginnt: Cara (jüngste Person)" in texts(sh)
    click(sh, "Auslosen")
    assert not any(t.endswith("(jüngste Person)") for t in texts(sh))
    click(sh, "Spieler hinzufügen")  # a seat more and less does not bring the default back
    click(sh, "Spieler 4 entfernen")
    assert not any(t.endswith("(jüngste Person)") for t in texts(sh))
    click(sh, "Jüngste Person beginnt")
    assert "Beginnt: Cara (jüngste Person)" in texts(sh)
