"""English screens are in English only: every screen of the app, walked in English through the real
Flet session (no browser), shows no German word — its texts, buttons, labels and tooltips.

What is German: a word with an umlaut or ß, or a word the app's German texts use that an English
word list (Debian's wamerican, installed by build/setup.sh --test) does not know, unless it is a
name the table gave or a game's own name. So "Parcours", "Abenteurer" or "Zug" on an English
screen is found; "Wurminator", "Qwixx" or "Ana" is not.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.i18n import STRINGS
from scoring.engine import PlayerSpec
from tests.e2e.qwixx_positions import NAMES, OPTIONS, play_until, white_phase_with_crosses
from tests.harness.flet_session import AppSession, make_context

WORDS = Path("/usr/share/dict/american-english")
# names, not words of either language: the games' titles and pieces, the app, the players of this test
NAMES_OF_THINGS = {"qwixx", "longo", "verflixxt", "kompakt", "wurminator", "tischrichter", "verlies", "raus",
                   "aus", "dem", "bg", "stats", "bgg", "csv", "json", "ana", "ben", "cara", "dora", "ok", "w6", "w3"}
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")


def german_vocabulary() -> set[str]:
    """Every word of the app's German texts (lower case): the shell's, every screen's, every game's."""
    import importlib
    import pkgutil

    import companion

    for mod in pkgutil.walk_packages(companion.__path__, "companion."):
        if mod.name != "companion.__main__":
            importlib.import_module(mod.name)
    out: set[str] = set()

    def add(value: object) -> None:
        if isinstance(value, str):  # its words, not its {placeholders}
            out.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", value)))
        elif isinstance(value, dict):  # plural forms: "one", "other" (its "count" names a parameter)
            for k, v in value.items():
                if k != "count":
                    add(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                add(v)

    for entry in STRINGS.values():
        add(entry.get("de"))
    return out


@pytest.fixture(scope="module")
def english_words() -> set[str]:
    if not WORDS.is_file():
        pytest.fail(f"{WORDS} missing: run build/setup.sh --test (installs Debian's wamerican)")
    return {w.strip().lower() for w in WORDS.read_text(encoding="utf-8", errors="ignore").splitlines()}


def german_words(texts: list[str], english: set[str], german: set[str]) -> set[str]:
    found = set()
    for text in texts:
        for word in WORD.findall(text):
            low = word.lower()
            umlaut = re.search(r"[äöüß]", low) is not None
            ours = len(low) > 2 and low in german and low not in NAMES_OF_THINGS
            unknown = low not in english and low.rstrip("s") not in english
            if umlaut or (ours and unknown):
                found.add(word)
    return found


def screen_words(app: AppSession) -> list[str]:
    from tests.harness.flet_session import label_of, tooltip_of

    out = list(app.texts())
    for f in app.walk():
        out += [t for t in (tooltip_of(f.control), label_of(f.control)) if t]
    return out


def test_the_check_finds_german_words(english_words):
    german = german_vocabulary()
    found = german_words(["Track (as laid on the table)", "Parcours (as laid on the table)", "Zug 3",
                          "Ana's turn", "Würfeln", "Roll"], english_words, german)
    assert found == {"Parcours", "Zug", "Würfeln"}


@pytest.fixture
def tables(tmp_path):
    ctx = make_context(tmp_path / "english.db")
    players = [PlayerSpec(name=n) for n in NAMES]
    qwixx = ctx.tables.create("qwixx-longo", players, OPTIONS)
    play_until(qwixx, white_phase_with_crosses)
    done = ctx.tables.create("qwixx-longo", players[:2], {"lucky_numbers": [(15, 16), (14, 16)], "end_misthrows": 1})
    done.roll(values=[1, 1, 1, 1, 1, 1])
    for seat in (0, 1, 0):
        done.submit({"type": "pass", "by": seat})
    vx = ctx.tables.create("verflixxt", players, {"figures_per_player": 2, "wurminator": True})
    vx.roll(None, [3])
    rv = ctx.tables.create("raus-aus-dem-verlies", players, {})
    for action in ({"type": "draw_card", "by": 0}, {"type": "room_card", "by": 0, "kind": "monster"}):
        rv.submit(action)
    return ctx, {"qwixx": qwixx.id, "done": done.id, "vx": vx.id, "rv": rv.id}


async def test_every_screen_in_english_has_no_german_word(tables, english_words):
    ctx, ids = tables
    german = german_vocabulary()
    seen: dict[str, set[str]] = {}
    looked: list[str] = []

    async def look(name: str, app: AppSession) -> None:
        assert not app.crashes(), name
        looked.append(name)
        found = german_words(screen_words(app), english_words, german)
        if found:
            seen[name] = found

    home = await AppSession.start(ctx, "/?lang=en")
    await look("home", home)
    for title in ("Qwixx Longo", "Verflixxt! Kompakt", "Raus aus dem Verlies!"):
        app = await AppSession.start(ctx, "/?lang=en")
        await app.click(text=title)
        await look(f"setup {title}", app)
    for name in ("qwixx", "done", "vx", "rv"):
        app = await AppSession.start(ctx, f"/g/{ids[name]}?all&lang=en")
        await look(f"play {name}", app)
        if name == "qwixx":
            await app.click(tooltip="Invite players")
            await look("invite", app)
    for button in ("Rules", "History", "Statistics", "Backup & import", "Player profiles"):
        app = await AppSession.start(ctx, "/?lang=en")
        await app.click(text=button)
        await look(button, app)
    assert len(looked) >= 14, looked  # every screen was reached
    assert seen == {}
