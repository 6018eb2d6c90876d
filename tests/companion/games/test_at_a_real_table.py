"""What players at a real table ran into, through the real Flet session (no browser): reopening a
finished game, the backup's words, minus signs, dice entry, the status line and the end of a game.

Every assertion is on whole strings a player reads, in German and English.
"""

from __future__ import annotations

import random

import flet as ft
import pytest

from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, make_context


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


def play_out(t, rng: random.Random) -> None:
    """Play a table to its end with moves and dice from one seed: the same game on every run."""
    while not t.is_over():
        legal = t.game.legal(t.state)
        if legal:
            t.submit(t.game.dump_action(rng.choice([a for a in legal if hasattr(a, "model_dump")])))
        else:
            t.roll(values=[rng.randint(1, d.sides) for d in t.game.pending_roll(t.state).dice])


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


# --- reopening a finished game asks first ----------------------------------------------------------
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
            play_out(t, random.Random(3))
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


# --- the backup says what really happened, in that order --------------------------------------------
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


# --- one minus sign in every score; no "(−0)"; the replay says "Tafeln" -----------------------------
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
    play_out(t, random.Random(3))
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
    # English names the lucky tile L (German G, Glück)
    tiles_en = " ".join("L" if t == "G" else t for t in result.players[0].breakdown["tiles"]).replace("-", "\u2212")
    assert app.has_text(f"Tiles: {tiles_en}"), app.texts()
    assert not any("Plättchen" in x for x in app.texts())
    assert not app.crashes()


# --- dice entry: "Würfeln" or "Echte Würfel", one at a time ------------------------------------------
ONE_WAY = {
    "de": {"real": "Echte Würfel", "roll": "Würfeln", "apply": "Übernehmen", "app": "App würfelt",
           "q8_typed": "Echte Würfel: Werte eingeben", "vx_typed": "Gewürfelt (W6)",
           "q8_faces": ["Weiß 1 zeigt 5", "Weiß 2 zeigt 3", "Rot zeigt 8", "Gelb zeigt 1", "Grün zeigt 2",
                        "Blau zeigt 6"], "vx_faces": ["W6 zeigt 4"],
           "q8_rolled": "Weiße Summe 8 – Ana:", "vx_rolled": "Gewürfelt: 4", "vx_choose": "Wähle einen Zug:"},
    "en": {"real": "Real dice", "roll": "Roll", "apply": "Apply", "app": "App rolls",
           "q8_typed": "Real dice: type the values", "vx_typed": "Rolled (d6)",
           "q8_faces": ["White 1 shows 5", "White 2 shows 3", "Red shows 8", "Yellow shows 1", "Green shows 2",
                        "Blue shows 6"], "vx_faces": ["d6 shows 4"],
           "q8_rolled": "White sum 8 – Ana:", "vx_rolled": "Rolled: 4", "vx_choose": "Choose a move:"},
}


def rolled_die(app: AppSession) -> str | None:
    """Verflixxt's die beside whose turn it is, as it is read ("Gewürfelt: 4"): it shows the number."""
    return next((f.control.semantics_label for f in app.walk()
                 if isinstance(f.control, ft.Text) and f.control.key == "roll"), None)


def one_way_buttons(app: AppSession, w: dict) -> list[str]:
    """The roll's worded buttons on screen, in order (the faces aside)."""
    return [t for t in app.texts() if t in (w["real"], w["roll"], w["apply"], w["app"])]


@pytest.mark.parametrize("game", ["qwixx-longo", "verflixxt"])
@pytest.mark.parametrize("lang", ["de", "en"])
async def test_real_dice_folded_show_no_field_unfolded_replace_the_roll_button(ctx, lang, game):
    """Folded: "Würfeln" and "Echte Würfel", no field and no "Übernehmen". Unfolded: no "Würfeln";
    the way back, the faces, the field and "Übernehmen". Faces tapped and taken: the roll, as the table
    reads it ("Weiße Summe 8 – Ana:", the die "Gewürfelt: 4" and "Wähle einen Zug:")."""
    w, q8 = ONE_WAY[lang], game == "qwixx-longo"
    options = {"lucky_numbers": [(15, 16), (14, 16)]} if q8 else {}
    t = ctx.tables.create(game, [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], options)
    typed, faces = (w["q8_typed"], w["q8_faces"]) if q8 else (w["vx_typed"], w["vx_faces"])
    app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    if lang == "en":
        await app.click(text="English")
    assert one_way_buttons(app, w) == [w["roll"], w["real"]]
    assert not app.find_all(label=typed) and not app.find_all(label=faces[0])
    await app.click(text=w["real"])
    assert one_way_buttons(app, w) == [w["app"], w["real"], w["apply"]]
    assert app.find_all(label=typed) and app.find_all(label=faces[0])
    await app.click(text=w["app"])  # the way back: "Würfeln" again, nothing to type
    assert one_way_buttons(app, w) == [w["roll"], w["real"]] and not app.find_all(label=typed)
    await app.click(text=w["real"])
    for face in faces:
        await app.click(label=face)
    await app.click(text=w["apply"])
    if q8:
        assert app.has_text(w["q8_rolled"])
    else:
        assert rolled_die(app) == w["vx_rolled"] and app.has_text(w["vx_choose"])
    assert t.seq == 1 and not app.crashes()
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


# --- the end of a game ------------------------------------------------------------------------------
def qwixx_ben_wins(ctx, names=("Ana", "Ben")):
    t = ctx.tables.create("qwixx-longo", [PlayerSpec(name=n) for n in names],
                          {"lucky_numbers": [(15, 16), (14, 16), (2, 3)][: len(names)], "end_misthrows": 1,
                           "misthrow_penalty": 5})
    t.roll(values=[1, 1, 1, 1, 1, 1])
    t.submit({"type": "white", "by": 1, "row": "red"})  # Ben: red 2, 1 point
    for seat in range(len(names)):
        if seat != 1:
            t.submit({"type": "pass", "by": seat})
    t.submit({"type": "pass", "by": 0})  # Ana's misthrow ends it
    assert t.is_over()
    return t


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_qwixx_result_says_who_won_and_why_it_ended(ctx, lang):
    t = qwixx_ben_wins(ctx)
    app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    if lang == "en":
        await app.click(text="English")
    won, why = {"de": ("Ben gewinnt mit 1 Punkt", "Spielende: Fehlwurf Nr. 1 von Ana."),
                "en": ("Ben wins with 1 point", "Game over: misthrow no. 1 for Ana.")}[lang]
    assert app.has_text(won) and app.has_text(why)
    texts = app.texts()
    assert texts.index(won) < texts.index({"de": "1. Ben – 1 Punkt", "en": "1. Ben – 1 point"}[lang])
    assert not app.crashes()


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_a_shared_win_is_said_so(ctx, lang):
    t = finished_qwixx(ctx, names=("Ana", "Ben", "Cara"))  # Ana's misthrow: Ben and Cara 0 each
    app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    if lang == "en":
        await app.click(text="English")
    assert app.has_text({"de": "Ben und Cara teilen sich den Sieg mit je 0 Punkten",
                         "en": "Ben and Cara share the win with 0 points each"}[lang])
    assert not app.crashes()


async def test_nochmal_starts_the_same_qwixx_game_the_next_seat_first_in_one_tap(ctx):
    t = qwixx_ben_wins(ctx)
    app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    assert app.has_text("Gleiche Spieler und Hausregeln; Ben beginnt.")
    await app.click(text="Nochmal")
    new = app.shell.table
    assert new.id != t.id and not new.is_over() and t.is_over()
    assert [p.name for p in new.record.players] == ["Ben", "Ana"]
    assert new.record.options["lucky_numbers"] == [[14, 16], [15, 16]] or \
        [list(x) for x in new.record.options["lucky_numbers"]] == [[14, 16], [15, 16]]
    assert {k: v for k, v in new.record.options.items() if k != "lucky_numbers"} == \
        {k: v for k, v in t.record.options.items() if k != "lucky_numbers"}
    assert app.has_text("Ben ist dran · Wurf Nr. 1")
    assert not app.crashes()


async def test_nochmal_in_verflixxt_moves_the_start_on_by_one_and_says_why_it_ended(ctx):
    t = ctx.tables.create("verflixxt", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {"wurminator": True})
    play_out(t, random.Random(7))
    result = t.game.result(t.state)
    best = min(result.players, key=lambda p: p.place)
    assert [p.place for p in result.players].count(1) == 1  # this seed: one winner
    app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    points = "Punkt" if abs(best.total) == 1 else "Punkten"  # German counts −1 as one, like 1
    assert app.has_text(f"{best.name} gewinnt mit {best.total} {points}".replace("-", "\u2212")), app.texts()
    assert app.has_text("Spielende: alle Figuren sind im Ziel.")
    await app.click(text="English")
    assert app.has_text("Game over: every figure is home.")
    assert app.has_text("Same players and house rules; Ben starts.")
    await app.click(text="Play again")
    new = app.shell.table
    assert new.id != t.id and new.record.options["wurminator"] is True and new.record.options["first_seat"] == 1
    assert app.has_text("Ben's turn", contains=True) or app.has_text("Ben ist dran", contains=True)
    assert not app.crashes()


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_names_played_are_kept_as_profiles_in_one_tap(ctx, lang):
    from companion.records.profiles import list_profiles

    t = qwixx_ben_wins(ctx)
    app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    if lang == "en":
        await app.click(text="English")
    keep, kept = {"de": ("Als Profile speichern: Ana und Ben", "Als Profile gespeichert: Ana und Ben"),
                  "en": ("Keep as profiles: Ana and Ben", "Kept as profiles: Ana and Ben")}[lang]
    await app.click(text=keep)
    assert app.has_text(kept) and not app.find_all(text=keep)
    assert {p.name: p.lucky for p in list_profiles(ctx.store)} == {"Ana": (15, 16), "Ben": (14, 16)}
    assert not app.crashes()


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_qwixx_setup_lets_the_table_choose_who_begins(ctx, lang):
    app = await AppSession.start(ctx)
    if lang == "en":
        await app.click(text="English")
    await app.click(text="Qwixx Longo")
    name = {"de": "Name Spieler {n}", "en": "Name player {n}"}[lang]
    await app.click(text={"de": "Spieler hinzufügen", "en": "Add player"}[lang])
    for n, who in enumerate(("Ana", "Ben", "Cara"), start=1):
        await app.type_into(name.format(n=n), who)
    assert app.has_text({"de": "Beginnt: Spieler 1", "en": "Starts: Player 1"}[lang])
    await app.click(tooltip={"de": "Spieler 3 beginnt", "en": "Player 3 starts"}[lang])  # the flag in Cara's card
    assert app.has_text({"de": "Beginnt: Cara", "en": "Starts: Cara"}[lang])
    await app.click(text={"de": "Spiel starten", "en": "Start game"}[lang])
    t = app.shell.table
    assert [p.name for p in t.record.players] == ["Cara", "Ana", "Ben"]
    assert app.has_text({"de": "Cara ist dran · Wurf Nr. 1", "en": "Cara's turn · roll no. 1"}[lang])
    assert not app.crashes()


async def test_a_qwixx_game_ended_by_locked_rows_names_them(ctx):
    from tests.e2e.qwixx_positions import NAMES, OPTIONS, play_until

    t = ctx.tables.create("qwixx-longo", [PlayerSpec(name=n) for n in NAMES], OPTIONS)
    play_until(t, lambda s: False, limit=2000)
    state = t.state
    assert state.phase == "over" and len(state.removed) >= OPTIONS["end_locked_rows"]
    assert all(s.misthrows < OPTIONS["end_misthrows"] for s in state.sheets)  # the locks ended it
    de = {"red": "Rot", "yellow": "Gelb", "green": "Grün", "blue": "Blau"}
    en = {"red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue"}  # the sheet's row names
    rows = [c for c in state.removed]
    app = await AppSession.start(ctx, route=f"/g/{t.id}?all")
    words = ", ".join(de[c] for c in rows[:-1]) + " und " + de[rows[-1]]
    assert app.has_text(f"Spielende: {words} sind abgeschlossen."), app.texts()[:8]
    await app.click(text="English")
    words = ", ".join(en[c] for c in rows[:-1]) + " and " + en[rows[-1]]
    assert app.has_text(f"Game over: {words} are locked."), app.texts()[:8]
    assert not app.crashes()
