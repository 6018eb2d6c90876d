"""The profile screen's birth year: optional, only the year; a wrong one is refused in a clear
sentence with what was typed kept. Level 1 (views as plain objects)."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from companion.app import AppContext, AppShell, load_extensions
from companion.records.profiles import list_profiles, save_profile, this_year
from tests.harness.shell_ui import StubPage, field, type_into, walk

LABEL = {"de": "Geburtsjahr (freiwillig)", "en": "Birth year (optional)"}
SAVE = {"de": "Profil speichern", "en": "Save profile"}


def profiles_shell(lang: str = "de") -> AppShell:
    load_extensions()  # the profile screen is an extension of the shell
    sh = AppShell(StubPage(), AppContext.create(db=":memory:"))  # type: ignore[arg-type]
    sh.lang = lang
    sh.go("profiles")
    return sh


def texts(sh: AppShell) -> list[str]:
    return [c.value for c in walk(sh.body.controls) if isinstance(c, ft.Text) and c.value]


def tap(sh: AppShell, name: str) -> None:
    for c in walk(sh.body.controls):
        content = getattr(c, "content", None)
        label = content if isinstance(content, str) else getattr(content, "value", None)
        if getattr(c, "on_click", None) is not None and name in (label, getattr(c, "tooltip", None)):
            c.on_click(SimpleNamespace(control=c))
            return
    raise AssertionError(f"no button {name!r}; texts: {texts(sh)}")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_birth_year_is_saved_and_shown_beside_the_profile(lang):
    sh = profiles_shell(lang)
    assert field(sh, LABEL[lang]).value == ""  # optional: empty to begin with
    type_into(sh, "Name", "Cara")
    type_into(sh, LABEL[lang], "2012")
    tap(sh, SAVE[lang])
    assert [(p.name, p.birth_year) for p in list_profiles(sh.ctx.store)] == [("Cara", 2012)]
    assert ("Jahrgang 2012" if lang == "de" else "Born 2012") in texts(sh)


@pytest.mark.parametrize("lang,sentence", [
    ("de", "Geburtsjahr: bitte nur die Jahreszahl von 1900 bis {last}, z. B. 1990 (oder leer lassen)."),
    ("en", "Birth year: please only the year, from 1900 to {last}, e.g. 1990 (or leave it empty)."),
])
@pytest.mark.parametrize("typed", ["12.3.1990", "1800", str(this_year() + 1), "neunzig"])
def test_a_wrong_birth_year_is_refused_in_a_sentence_and_kept_as_typed(lang, sentence, typed):
    sh = profiles_shell(lang)
    type_into(sh, "Name", "Cara")
    type_into(sh, LABEL[lang], typed)
    tap(sh, SAVE[lang])
    assert list_profiles(sh.ctx.store) == []
    assert sentence.format(last=this_year()) in texts(sh)
    assert field(sh, LABEL[lang]).value == typed and field(sh, "Name").value == "Cara"


def test_editing_a_profile_shows_its_year_and_an_emptied_field_clears_it():
    sh = profiles_shell()
    cara = save_profile(sh.ctx.store, "Cara", birth_year=2012)
    sh.render()
    tap(sh, "Bearbeiten: Cara")
    assert field(sh, "Geburtsjahr (freiwillig)").value == "2012"
    type_into(sh, "Geburtsjahr (freiwillig)", "")
    tap(sh, "Profil speichern")
    assert [(p.id, p.birth_year) for p in list_profiles(sh.ctx.store)] == [(cara.id, None)]
    assert "Jahrgang 2012" not in texts(sh)
