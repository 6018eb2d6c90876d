"""Issue 25 ("At the table, round two"), through the real Flet session (no browser).

Every assertion is on whole strings a player reads, in German and English.
"""

from __future__ import annotations

import random

import pytest

from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, make_context


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


def finished_qwixx(ctx, names=("Ana", "Ben")):
    """A Qwixx game ended by Ana's first misthrow (end_misthrows=1)."""
    t = ctx.tables.create("qwixx-longo", [PlayerSpec(name=n) for n in names],
                          {"lucky_numbers": [(15, 16)] * len(names), "end_misthrows": 1})
    t.roll(values=[1, 1, 1, 1, 1, 1])
    for seat in range(len(names)):
        t.submit({"type": "pass", "by": seat})
    t.submit({"type": "pass", "by": 0})
    assert t.is_over()
    return t


# --- 25.2: reopening a finished game asks first ----------------------------------------------------
@pytest.mark.parametrize("lang", ["de", "en"])
async def test_reopening_a_finished_game_asks_first_and_says_what_happens(ctx, lang):
    words = {
        "de": ("Spiel wieder öffnen", "Spiel wieder öffnen? Die Wertung wird zurückgenommen.",
               "Der letzte Zug wird zurückgenommen, das Spiel ist wieder offen und verschwindet aus dem Verlauf, "
               "bis es wieder endet.", "Nein, Wertung behalten", "Ja, wieder öffnen", "Wertung"),
        "en": ("Reopen the game", "Reopen the game? The final score is taken back.",
               "The last move is taken back, the game is open again and leaves the history until it ends again.",
               "No, keep the score", "Yes, reopen", "Scores"),
    }[lang]
    tip, ask, what, no, yes, title = words
    for game in ("qwixx", "verflixxt"):
        if game == "qwixx":
            t = finished_qwixx(ctx)
        else:
            t = ctx.tables.create("verflixxt", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {})
            rng = random.Random(3)
            while not t.is_over():
                legal = t.game.legal(t.state)
                t.roll() if not legal else t.submit(t.game.dump_action(rng.choice(
                    [a for a in legal if hasattr(a, "model_dump")])))
        app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
        if lang == "en":
            await app.click(text="English")
        assert app.has_text(title)
        await app.click(tooltip=tip)
        assert app.has_text(ask) and app.has_text(what)
        assert t.is_over(), "one tap must not reopen the game"
        await app.click(text=no)
        assert not app.has_text(ask) and t.is_over() and app.has_text(title)
        await app.click(tooltip=tip)
        await app.click(text=yes)
        assert not t.is_over() and not app.has_text(ask)
        assert not app.crashes()
        await app.close()


# --- 25.4: the backup says what really happened, in that order --------------------------------------
@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_backup_says_made_then_handed_to_the_browser_never_downloaded_before(ctx, lang):
    finished_qwixx(ctx)
    words = {
        "de": ("Sichern & Einlesen", "Alles sichern (JSON)", "Sicherung erstellt: 1 Spiel, 0 Profile",
               "Dem Browser zum Speichern übergeben: {name}", "Nochmal herunterladen", "Herunterladen",
               "Herunterladen ging nicht; bitte den Text unten kopieren."),
        "en": ("Backup & import", "Back up everything (JSON)", "Backup made: 1 game, 0 profiles",
               "Handed to the browser to save: {name}", "Download again", "Download",
               "The download did not work; please copy the text below."),
    }[lang]
    open_it, all_json, made, handed, again, download, failed = words
    app = await AppSession.start(ctx)
    if lang == "en":
        await app.click(text="English")
    await app.click(text=open_it)
    # the browser does not answer (or refuses): nothing is said to be downloaded
    await app.click(text=all_json)
    name = app.shell.ui["hist_out"]["name"]
    texts = app.texts()
    assert made in texts and failed in texts and handed.format(name=name) not in texts
    assert app.find_all(text=download) and not app.find_all(text=again)
    # the browser takes the file: made, handed over, then the button to do it again — in that order
    app.conn.answers["save_file"] = None
    await app.click(text=download)
    texts = app.texts()
    assert texts.index(made) < texts.index(handed.format(name=name)) < texts.index(again)
    assert not any(t.startswith(("Heruntergeladen", "Downloaded")) for t in texts)
    assert not app.crashes()
