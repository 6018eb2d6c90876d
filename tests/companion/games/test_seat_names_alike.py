"""Seat names at one table differ after Unicode normalisation; bidirectional overrides refused.

"Ana" and "Ana\u200b" (a zero-width space), "Ana" and "An\u0430" (a Cyrillic a), "Ana" and "ＡＮＡ"
(full-width) all show as Ana at the table: the second is refused beside its field and by the start
button, in German and English; "\u202eanA" (a right-to-left override: shows as "Ana") is refused
as it is. The referee refuses the same when a game is started without a screen (``new_record``).
"""

from __future__ import annotations

import flet as ft
import pytest

from scoring.engine import PlayerSpec, new_record
from scoring.errors import InvalidInput
from scoring.names import name_key
from tests.companion.games.test_setup_screens import GAMES, setup_shell, start, texts
from tests.harness.shell_ui import field, type_into, walk

LOOK_ALIKE = ["Ana\u200b", "An\u0430", "\uff21\uff2e\uff21", "A\u00adna", "\u0410na", "Ana\ufe0f"]


def _label(lang: str, n: int) -> str:
    return ("Name Spieler {n}" if lang == "de" else "Name player {n}").format(n=n)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("second", LOOK_ALIKE)
def test_a_name_that_looks_like_another_is_refused_beside_its_field(game, second):
    sh = setup_shell(game, "de")
    type_into(sh, _label("de", 1), "Ana")
    type_into(sh, _label("de", 2), second)
    start(sh, "de")
    assert sh.table is None and sh.screen == "setup"
    col = list(walk(sh.body.controls))
    after = col.index(field(sh, _label("de", 2)))
    errors = [i for i, c in enumerate(col) if isinstance(c, ft.Text) and c.value == "Zwei Spieler heißen Ana"]
    assert len(errors) == 2 and after < errors[0]  # under the second field, and by the start button


@pytest.mark.parametrize("lang,message", [("de", "Zwei Spieler heißen Ana"), ("en", "Two players are called Ana")])
def test_the_cyrillic_a_is_refused_in_both_languages(lang, message):
    sh = setup_shell("raus-aus-dem-verlies", lang)
    type_into(sh, _label(lang, 1), "Ana")
    type_into(sh, _label(lang, 2), "An\u0430")
    start(sh, lang)
    assert sh.table is None and texts(sh).count(message) == 2


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang,message", [
    ("de", "Name für Platz 2 enthält Zeichen, die die Schreibrichtung umkehren"),
    ("en", "The name for seat 2 holds characters that reverse the writing direction"),
])
def test_a_bidirectional_override_is_refused(game, lang, message):
    sh = setup_shell(game, lang)
    type_into(sh, _label(lang, 1), "Ben")
    type_into(sh, _label(lang, 2), "\u202eanA")
    start(sh, lang)
    assert sh.table is None and texts(sh).count(message) == 2


@pytest.mark.parametrize("game", GAMES)
def test_names_that_only_look_different_to_a_computer_are_not_all_alike(game):
    # accents, ß and a name in another script are names of their own
    sh = setup_shell(game, "de")
    type_into(sh, _label("de", 1), "Jürgen")
    type_into(sh, _label("de", 2), "Jurgen")
    start(sh, "de")
    assert sh.table is not None, texts(sh)
    assert [p.name for p in sh.table.players][:2] == ["Jürgen", "Jurgen"]


def test_the_key_folds_what_shows_alike_and_keeps_what_does_not():
    assert {name_key(n) for n in ["Ana", *LOOK_ALIKE, " ana ", "\U0001d400na"]} == {"ana"}
    assert name_key("Straße") == name_key("STRASSE")
    assert len({name_key(n) for n in ["Jürgen", "Jurgen", "Łukasz", "Lukasz", "Иван", "Ivan", "Al", "AI"]}) == 8


@pytest.mark.parametrize("lang,names,message", [
    ("de", ["Ana", "An\u0430"], "Zwei Spieler heißen Ana."),
    ("en", ["Ana", "Ana\u200b"], "Two players are called Ana."),
    ("de", ["Ben", "\u202eanA"], "Der Name für Platz 2 enthält Zeichen, die die Schreibrichtung umkehren."),
    ("en", ["Ben", "An\u2067a"], "The name for seat 2 holds characters that reverse the writing direction."),
])
def test_the_referee_refuses_the_same_at_the_start(lang, names, message):
    with pytest.raises(InvalidInput) as exc:
        new_record("raus-aus-dem-verlies", [PlayerSpec(name=n) for n in names])
    assert exc.value.message(lang) == message
