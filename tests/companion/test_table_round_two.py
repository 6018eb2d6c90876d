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


# --- 25.8: one minus sign in every score; no "(−0)"; the replay says "Tafeln" -----------------------
@pytest.mark.parametrize("lang", ["de", "en"])
async def test_scores_carry_the_minus_sign_and_a_clean_sheet_no_minus_zero(ctx, lang):
    t = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                          {"lucky_numbers": [(15, 16), (14, 16)], "end_misthrows": 1})
    t.roll(values=[1, 1, 1, 1, 1, 1])
    t.submit({"type": "white", "by": 1, "row": "red"})  # Ben crosses red 2: 1 point, no misthrow
    t.submit({"type": "pass", "by": 0})
    t.submit({"type": "pass", "by": 0})  # Ana's misthrow ends the game: −5
    app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    if lang == "en":
        await app.click(text="English")
    want = {"de": ("2. Ana – −5 Punkte", "Bonus: keiner · Fehlwürfe: 1 (−5)", "Bonus: keiner · Fehlwürfe: 0"),
            "en": ("2. Ana – −5 points", "Bonus: none · misthrows: 1 (−5)", "Bonus: none · misthrows: 0")}[lang]
    for line in want:
        assert app.has_text(line), (line, app.texts())
    assert not any("(−0)" in x or " -5" in x for x in app.texts())
    assert not app.crashes()


async def test_the_history_and_the_replay_say_minus_and_tafeln(ctx):
    t = ctx.tables.create("verflixxt", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {})
    rng = random.Random(3)
    while not t.is_over():
        legal = t.game.legal(t.state)
        t.roll() if not legal else t.submit(t.game.dump_action(rng.choice(
            [a for a in legal if hasattr(a, "model_dump")])))
    result = t.game.result(t.state)
    app = await AppSession.start(ctx)
    await app.click(text="Verlauf")
    standings = " · ".join(f"{p.place}. {p.name} {p.total}".replace("-", "\u2212")
                           for p in sorted(result.players, key=lambda p: (p.place, p.seat)))
    assert app.has_text(standings), app.texts()
    await app.click(text="Nachspielen")
    for p in result.players:
        tiles = " ".join(p.breakdown["tiles"]).replace("-", "\u2212")
        assert app.has_text(f"Tafeln: {tiles}"), app.texts()
    await app.click(text="English")
    assert app.has_text(f"Tiles: {' '.join(result.players[0].breakdown['tiles']).replace('-', chr(0x2212))}")
    assert not any("Plättchen" in x for x in app.texts())
    assert not app.crashes()


# --- 25.10: dice entry: one way to confirm, no "Würfeln" while faces are tapped; the status line -----
@pytest.mark.parametrize("lang", ["de", "en"])
async def test_real_faces_are_the_one_way_to_confirm_while_open(ctx, lang):
    words = {"de": ("Echte Würfel", "Würfeln", "Übernehmen", "Würfel übernehmen", "W6 zeigt 4", "Weiß 1 zeigt 4",
                    "Echte Würfel: Werte eingeben", "Echte Würfel: Wert eingeben"),
             "en": ("Real dice", "Roll", "Apply", "Use this die", "d6 shows 4", "White 1 shows 4",
                    "Real dice: type the values", "Real die: type the value")}[lang]
    toggle, roll, apply, vx_apply, vx_face, q8_face, q8_typed, vx_typed = words
    q8 = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                           {"lucky_numbers": [(15, 16), (14, 16)]})
    vx = ctx.tables.create("verflixxt", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {})
    for t, face, typed in ((q8, q8_face, q8_typed), (vx, vx_face, vx_typed)):
        app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
        if lang == "en":
            await app.click(text="English")
        assert app.find_all(text=roll) and app.find_all(text=apply) and app.find_all(label=typed)
        await app.click(text=toggle)
        assert app.find_all(label=face)
        assert not app.find_all(text=roll) and not app.find_all(text=apply) and not app.find_all(label=typed)
        if t is vx:
            assert app.find_all(text=vx_apply)
        await app.click(text=toggle)  # closed again: roll and typing are back
        assert app.find_all(text=roll) and app.find_all(text=apply) and app.find_all(label=typed)
        assert not app.crashes()
        await app.close()


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_after_a_new_roll_the_status_line_drops_the_last_turns_decision(ctx, lang):
    t = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                          {"lucky_numbers": [(15, 16), (14, 16)]})
    t.roll(values=[7, 3, 1, 1, 2, 1])  # green 2
    t.submit({"type": "pass", "by": 0})
    t.submit({"type": "pass", "by": 1})
    t.submit({"type": "color", "by": 0, "row": "green", "white": 1})  # Ana: Grün 7+2=9
    app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    if lang == "en":
        await app.click(text="English")
    line = {"de": "Ana: Grün 7+2=9", "en": "Ana: Green 7+2=9"}[lang]
    assert app.has_text(line)  # Ben has not rolled yet: what Ana did still shows
    t.roll(values=[1, 1, 1, 1, 1, 1])
    app.shell.render()
    await app.settle()
    assert app.has_text({"de": "Ana und Ben entscheiden noch", "en": "Ana and Ben are still deciding"}[lang])
    assert not app.has_text(line)
    assert not app.crashes()
