"""Qwixx Longo through the real Flet session (tests/harness/flet_session.py): no browser.

Every assertion is on what a player would read on the screen.
"""

from __future__ import annotations

import flet as ft
import pytest

from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, make_context, typed_roll as harness_typed_roll

TYPED = "Echte Würfel: Werte eingeben"


async def typed_roll(app: AppSession, values: str, *, typed: str = TYPED, apply: str = "Übernehmen",
                     real: str = "Echte Würfel") -> None:
    """The table's real dice typed in (the harness's ``typed_roll``: "Echte Würfel" unfolds the field)."""
    await harness_typed_roll(app, typed, values, apply=apply, real=real)


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


async def setup_two_players(app: AppSession, *, end_misthrows: int = 1) -> None:
    await app.click(text="Qwixx Longo")
    assert app.has_text("Qwixx Longo – neues Spiel")
    await app.click(text="Mehr Optionen")  # the lucky numbers and house rules wait folded
    # lucky numbers far from the sums we roll, so no lucky button interferes
    await app.type_into("Glückszahlen Spieler 1", "15 16")
    await app.type_into("Glückszahlen Spieler 2", "14, 16")
    assert app.has_text("Ende beim Fehlwurf Nr.: 4")
    for _ in range(4 - end_misthrows):
        await app.click(tooltip="Ende beim Fehlwurf Nr. −")
    assert app.has_text(f"Ende beim Fehlwurf Nr.: {end_misthrows}")
    await app.click(text="Spiel starten")


async def test_qwixx_full_game_through_the_session(ctx):
    app = await AppSession.start(ctx)
    assert app.has_text("Neues Spiel") and app.has_text("Keine offenen Spiele.")
    await setup_two_players(app)
    assert app.has_text("Spieler 1 ist dran · Wurf Nr. 1")
    assert app.has_text("Würfeln")
    # dice not rolled yet: the tray shows dashes; tapping a field says why not
    assert app.find_all(label="Weiß –")
    await app.click(label="Rot 7")
    assert app.has_text("Zuerst muss Spieler 1 würfeln.")
    assert app.has_text("Warum? q8.dice")

    # virtual roll, then take it back
    await app.click(text="Würfeln")
    assert app.has_text("Weiße Summe", contains=True)
    assert not app.find_all(label="Weiß –")
    await app.click(tooltip="Rückgängig")
    assert app.has_text("Würfeln") and not app.has_text("Weiße Summe", contains=True)

    # a wrong typed roll is refused with the reason, nothing changes
    await typed_roll(app, "3 4 1")
    assert app.has_text("Bitte 6 Zahlen von 1 bis 8 eingeben (gelesen: 3 4 1).", contains=True)
    assert app.find_all(label="Weiß –") and app.find(label=TYPED).control.value == "3 4 1"  # kept to correct

    # the real dice: white 3+4, every colour 1
    await typed_roll(app, "3 4 1 1 1 1")
    assert app.has_text("Weiße Summe 7 – Spieler 1:")
    assert app.find_all(label="Weiß 3") and app.find_all(label="Weiß 4")
    assert app.has_text("Spieler 1 und Spieler 2 entscheiden noch")
    for b in ("Rot 7", "Gelb 7", "Grün 7", "Blau 7", "Passen"):
        assert app.find_all(text=b), b

    await app.click(text="Rot 7")
    # Spieler 1 decided; the screen moves on to Spieler 2's sheet
    assert app.has_text("Spieler 2 entscheidet noch")
    assert app.has_text("Weiße Summe 7 – Spieler 2:")
    assert app.has_text("Zettel von Spieler 2")
    await app.click(text="Spieler 1")  # the player switcher chip
    assert app.has_text("Zettel von Spieler 1")
    assert app.find_all(label="Rot 7: angekreuzt") and app.has_text("1 Punkt")  # one point, singular: was "1 Punkte"

    # Spieler 1 taps a field again: refused with the rule link
    await app.click(label="Rot 8")
    assert app.has_text("Warum? q8.white")
    assert app.has_text("Spieler 1", contains=True)
    refusal = [t for t in app.texts() if t.startswith("Warum? q8.")]
    assert refusal == ["Warum? q8.white"]

    # undo the cross: Spieler 1 decides again
    await app.click(tooltip="Rückgängig")
    assert app.has_text("Spieler 1 und Spieler 2 entscheiden noch")
    assert not app.find_all(label="Rot 7: angekreuzt") and app.find_all(label="Rot 7")
    assert not any(t.startswith("Warum?") for t in app.texts())

    # Spieler 1 passes, Spieler 2 crosses red 7, Spieler 1 takes no colour: misthrow no. 1 ends it
    await app.click(text="Passen")
    # Spieler 1's sheet stays chosen; the chip marks who still has to decide
    assert app.has_text("Zettel von Spieler 1") and app.has_text("Alle anderen passen")
    await app.click(text="Spieler 2")
    assert app.has_text("Weiße Summe 7 – Spieler 2:")
    await app.click(text="Rot 7")
    assert app.has_text("Farbe (nur Spieler 1):")
    assert app.has_text("Rot 3+1=4") and app.has_text("Rot 4+1=5")
    await app.click(text="Passen (Fehlwurf)")

    assert app.has_text("Wertung")
    assert app.has_text("1. Spieler 2 – 1 Punkt")  # one point, singular: was "1 Punkte"
    assert app.has_text("2. Spieler 1 – −5 Punkte")
    assert app.has_text("Bonus: keiner · Fehlwürfe: 1 (−5)")
    assert app.has_text("Bonus: keiner · Fehlwürfe: 0")
    assert app.has_text("Rot: 7 · Kreuze 1 · 1\u00a0P.")  # Spieler 2's red row, crossed number shown
    texts = app.texts()
    assert texts.index("1. Spieler 2 – 1 Punkt") < texts.index("2. Spieler 1 – −5 Punkte")

    # the finished game is kept: home lists no unfinished game
    await app.click(tooltip="Start")
    assert app.has_text("Keine offenen Spiele.")
    # the client received the result screen as patches
    assert len(app.messages) > 20
    assert app.sent("1. Spieler 2 – 1 Punkt") and app.sent("Warum? q8.white")
    # the harness reads only what the client received
    assert all(app.sent(t) for t in app.texts())
    assert app.crashes() == []


async def test_english_switch(ctx):
    app = await AppSession.start(ctx)
    await app.click(text="English")
    assert app.has_text("New game") and app.has_text("No unfinished games.")
    await app.click(text="Qwixx Longo")
    assert app.has_text("Qwixx Longo – new game") and app.has_text("Start game")


async def test_two_sessions_see_the_same_table(ctx):
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Anna"), PlayerSpec(name="Ben")],
                              {"lucky_numbers": [(15, 16), (14, 16)]})
    a = await AppSession.start(ctx)
    b = await AppSession.start(ctx)
    # phone B finds the game on the home screen like a player would
    assert b.has_text("Weiterspielen")
    await b.click(text="Weiterspielen")
    assert b.has_text("Anna ist dran · Wurf Nr. 1")
    # phone A opens it directly (the join link route does the same)
    a.shell.open_table(table.id)
    await a.settle()
    assert a.has_text("Anna ist dran · Wurf Nr. 1")

    await typed_roll(a, "2 3 1 1 1 1")
    assert a.has_text("Weiße Summe 5 – Anna:")
    await b.wait_for(lambda: b.has_text("Weiße Summe 5 – Anna:"))
    assert b.find_all(label="Weiß 2") and b.find_all(label="Weiß 3")

    # B acts, A sees it
    await b.click(text="Gelb 5")
    await a.wait_for(lambda: a.has_text("Ben entscheidet noch"))

    # A undoes: B is back to the open decision
    await a.click(tooltip="Rückgängig")
    await b.wait_for(lambda: b.has_text("Anna und Ben entscheiden noch"))

    # a closed session stops listening; the other keeps working
    await b.close()
    await a.click(text="Passen")
    assert a.has_text("Ben entscheidet noch")
    assert a.crashes() == [] and b.crashes() == []


async def test_route_opens_the_table(ctx):
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Anna")], {"lucky_numbers": [(15, 16)]})
    app = await AppSession.start(ctx, route=f"/g/{table.id}")
    assert app.has_text("Anna ist dran · Wurf Nr. 1")
    await app.click(text="Würfeln")
    assert app.has_text("Weiße Summe", contains=True)


async def test_saved_player_is_picked_in_setup_with_favourite_lucky_numbers(tmp_path):
    from companion.records.profiles import save_profile

    ctx = make_context(tmp_path / "p.db")
    ana = save_profile(ctx.store, "Ana", color="red", lucky=(5, 11))
    app = await AppSession.start(ctx)
    await app.click(text="Qwixx Longo")
    await app.click(text="Ana")  # the profile chip
    assert app.find(label="Name Spieler 1").control.value == "Ana"
    await app.click(text="Mehr Optionen")
    assert app.find(label="Glückszahlen Spieler 1").control.value == "5 11"
    await app.click(text="Spiel starten")
    table = app.shell.table
    assert table.players[0].name == "Ana" and table.players[0].profile_id == ana.id
    assert table.state.sheets[0].lucky == (5, 11)
    # the dispute button is on the play screen and leaves the game unchanged
    seq = table.seq
    await app.click(text="Was wäre wenn?")
    assert app.has_text("Was wäre wenn?", contains=True) and table.seq == seq
    await app.close()


async def test_sheet_fields_answer_after_a_screen_that_changed_nothing_on_the_sheet(ctx):
    """Unchanged sheet rows are handed out again as the same controls (fast diff). A refusal
    right after the sheet first appeared once made Flet forget them (the session index):
    the fields stayed on screen but a tap had to search the whole page to land."""
    app = await AppSession.start(ctx)
    await setup_two_players(app)
    await typed_roll(app, "3")
    assert app.has_text("Bitte 6 Zahlen von 1 bis 8 eingeben (gelesen: 3).", contains=True)
    await app.click(label="Rot 7")  # the harness only taps controls in the session's index
    assert app.has_text("Zuerst muss Spieler 1 würfeln.")
    # next player's sheet shown after a cross: its fields are live too
    await typed_roll(app, "3 4 1 1 1 1")
    await app.click(label="Rot 7")
    assert app.has_text("Zettel von Spieler 2") and app.has_text("Weiße Summe 7 – Spieler 2:")
    await app.click(label="Gelb 7")
    assert app.shell.table.state.sheets[1].rows["yellow"] == (7,)


async def test_the_next_players_same_buttons_cross_for_the_next_player(ctx):
    """When the next player's decision offers the same buttons ("Rot 7" … "Passen"),
    the row of buttons is the same controls as before (Flet's diff skips them); a tap on them
    then crosses for the player deciding now, never again for the one before."""
    app = await AppSession.start(ctx)
    await setup_two_players(app)
    await typed_roll(app, "3 4 1 1 1 1")
    first = app.find_all(text="Rot 7")
    await app.click(text="Rot 7")
    assert app.has_text("Spieler 1: Rot 7") and app.has_text("Weiße Summe 7 – Spieler 2:")
    assert [id(f.control) for f in app.find_all(text="Rot 7")] == [id(f.control) for f in first]
    await app.click(text="Rot 7")
    assert app.has_text("Spieler 2: Rot 7") and app.has_text("Farbe (nur Spieler 1):")
    sheets = app.shell.table.state.sheets
    assert (sheets[0].rows["red"], sheets[1].rows["red"]) == ((7,), (7,))


# --- the play screen on a phone ------------------------------------------------------------------
from tests.companion.table.test_many_phones import come_back, open_phone
from tests.e2e.qwixx_positions import play_until

FACES_DE = "Übernehmen"


def two_player_table(ctx, names=("Ana", "Ben"), **options):
    return ctx.tables.create("qwixx-longo", [PlayerSpec(name=n) for n in names],
                             {"lucky_numbers": [(15, 16), (14, 16)], **options})


async def open_dice(app: AppSession, toggle: str = "Echte Würfel") -> None:
    """The faces are built only once the player unfolds the real dice (every control costs the phone)."""
    assert not app.find_all(label=" zeigt ", contains=True) and not app.find_all(label=" shows ", contains=True)
    await app.click(text=toggle)


async def tap_roll(app: AppSession, faces: list[str], apply: str = FACES_DE) -> None:
    if not app.find_all(label=" zeigt 1", contains=True) and not app.find_all(label=" shows 1", contains=True):
        await open_dice(app, "Real dice" if apply == "Apply" else "Echte Würfel")
    for face in faces:
        await app.click(label=face)
    await app.click(text=apply)


def roll_buttons(app: AppSession) -> list[str]:
    """The roll's buttons with words (the faces aside), in screen order."""
    names = ("Würfeln", "Echte Würfel", "App würfelt", "Übernehmen", "Roll", "Real dice", "App rolls", "Apply")
    return [t for t in app.texts() if t in names]


async def test_folded_real_dice_offer_nothing_to_type_unfolded_they_replace_wuerfeln(ctx):
    """One way at a time: folded, "Würfeln" and "Echte Würfel" – no field, no "Übernehmen"; unfolded,
    "Würfeln" is gone, each die's faces (W8: 1..8) and one field; "App würfelt" leads back."""
    table = two_player_table(ctx)
    ana = await open_phone(ctx, f"/g/{table.id}/seat/0")
    assert roll_buttons(ana) == ["Würfeln", "Echte Würfel"]
    assert not ana.find_all(label=TYPED) and not ana.find_all(label=" zeigt ", contains=True)
    await open_dice(ana)
    assert roll_buttons(ana) == ["App würfelt", "Echte Würfel", "Übernehmen"]
    for die in ["Weiß 1", "Weiß 2", "Rot", "Gelb", "Grün", "Blau"]:
        assert [f.control.label for f in ana.find_all(label=f"{die} zeigt ", contains=True)] == [
            f"{die} zeigt {v}" for v in range(1, 9)]
    assert ana.find_all(label=TYPED) and not ana.find_all(label="zeigt 9", contains=True)
    await ana.click(text="App würfelt")
    assert roll_buttons(ana) == ["Würfeln", "Echte Würfel"] and not ana.find_all(label=TYPED)
    assert ana.crashes() == []


async def test_real_dice_tapped_die_by_die_are_written_into_the_field_and_taken(ctx):
    """A tapped face is the die's value in the field ("4 ? 8 ? ? ?"); a second tap changes it; what is
    still open is said beside "Übernehmen", which takes the roll; the next roll comes in the same way."""
    table = two_player_table(ctx)
    ana = await open_phone(ctx, f"/g/{table.id}/seat/0")
    await open_dice(ana)
    await ana.click(label="Weiß 1 zeigt 4")
    await ana.click(label="Weiß 2 zeigt 3")
    await ana.click(label="Weiß 2 zeigt 4")  # a second tap on the same die changes it
    await ana.click(label="Rot zeigt 8")
    assert ana.find(label=TYPED).control.value == "4 4 8 ? ? ?"
    assert ana.has_text("Noch offen: Gelb, Grün, Blau") and table.seq == 0
    await ana.click(text="Übernehmen")  # not yet: the open dice are named
    assert ana.has_text("Bitte 6 Zahlen von 1 bis 8 eingeben (gelesen: 4 4 8).", contains=True)
    assert table.seq == 0
    for face in ("Gelb zeigt 1", "Grün zeigt 2", "Blau zeigt 5"):
        await ana.click(label=face)
    assert ana.has_text("Gewürfelt: 4 4 8 1 2 5")
    await ana.click(text="Übernehmen")
    assert ana.has_text("Weiße Summe 8 – Ana:")
    assert table.state.dice.model_dump(exclude={"type", "by"}) == {
        "white1": 4, "white2": 4, "red": 8, "yellow": 1, "green": 2, "blue": 5}
    assert ana.find_all(label="Weiß 4") and ana.find_all(label="Rot 8") and ana.find_all(label="Blau 5")
    assert not ana.find_all(label="zeigt", contains=True)  # the entry is gone with the roll phase
    # Ana's next roll (Ben passes, Ana passes twice): real dice again, the field empty for the new roll
    ben = await open_phone(ctx, f"/g/{table.id}/seat/1")
    await ben.click(text="Passen")
    await ana.wait_for(lambda: ana.has_text("Ben: passt"))
    await ana.click(text="Passen")
    assert ana.has_text("Farbe (nur Ana):")
    await ana.click(text="Passen (Fehlwurf)")
    await ben.click(text="Würfeln")
    await ben.click(text="Passen")
    await ana.wait_for(lambda: bool(ana.find_all(text="Passen")))
    await ana.click(text="Passen")
    await ben.wait_for(lambda: ben.has_text("Farbe (nur Ben):"))
    await ben.click(text="Passen (Fehlwurf)")
    await ana.wait_for(lambda: ana.has_text("Ana ist dran · Wurf Nr. 3"))
    assert roll_buttons(ana) == ["App würfelt", "Echte Würfel", "Übernehmen"]
    assert ana.find(label=TYPED).control.value == ""
    assert ana.crashes() == [] and ben.crashes() == []


async def test_a_removed_die_has_no_faces_and_the_roll_takes_the_rest(ctx):
    """q8.dice: the dice come from the engine's RollRequest; a locked row's die is absent."""
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")],
                              {"lucky_numbers": [(15, 16), (14, 16), (2, 15)], "lock_min_crosses": 4,
                               "end_locked_rows": 3, "end_misthrows": 6})
    play_until(table, lambda s: s.phase == "roll" and bool(s.removed))
    state = table.state
    gone = {"red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue"}
    removed = state.removed[0]
    phone = await open_phone(ctx, f"/g/{table.id}/seat/{state.active}?lang=en")
    await open_dice(phone, "Real dice")
    assert not phone.find_all(label=f"{gone[removed]} shows ", contains=True)
    left = [c for c in gone if c not in state.removed]
    n = table.seq
    await phone.click(label="White 1 shows 2")
    assert phone.has_text("Still open: White 2, " + ", ".join(gone[c] for c in left))
    for face in ["White 2 shows 2"] + [f"{gone[c]} shows 1" for c in left]:
        await phone.click(label=face)
    assert phone.find(label="Real dice: type the values").control.value == "2 2 " + " ".join("1" for _ in left)
    await phone.click(text="Apply")
    assert table.seq == n + 1 and table.state.phase == "white"
    assert table.state.dice.color_value(removed) is None
    assert phone.has_text(f"White sum 4 – {state.names[state.active]}:")
    assert phone.crashes() == []


async def test_crossing_twice_in_one_turn_greys_the_skipped_fields_at_once(ctx):
    """White Rot 12, then colour Rot 14: Rot 13 (and 2..11) are skipped right away."""
    table = two_player_table(ctx)
    ana = await open_phone(ctx, f"/g/{table.id}/seat/0")
    ben = await open_phone(ctx, f"/g/{table.id}/seat/1?lang=en")
    await tap_roll(ana, ["Weiß 1 zeigt 6", "Weiß 2 zeigt 6", "Rot zeigt 8", "Gelb zeigt 1", "Grün zeigt 1",
                         "Blau zeigt 1"])
    await ana.click(text="Rot 12")
    assert ana.find_all(label="Rot 12: angekreuzt") and ana.find_all(label="Rot 11: übersprungen")
    await ben.click(text="Pass")
    await ana.wait_for(lambda: ana.has_text("Farbe (nur Ana):"))
    await ana.click(text="Rot 6+8=14")
    # Ana's own phone stays on her sheet: both crosses and the skipped field between them
    assert ana.has_text("Zettel von Ana")
    for label in ("Rot 12: angekreuzt", "Rot 13: übersprungen", "Rot 14: angekreuzt", "Rot 2: übersprungen"):
        assert ana.find_all(label=label), label
    # 15 is one of Ana's lucky numbers: the field says so, and is circled
    assert ana.find_all(label="Rot 15 (Glückszahl)") and not ana.find_all(label="Rot 13")
    skipped = ana.find(label="Rot 13: übersprungen").control.content
    open_field = ana.find(label="Rot 15 (Glückszahl)").control.content
    assert skipped.bgcolor == ft.Colors.GREY_300 and open_field.bgcolor == ft.Colors.RED_50
    # the other phone, in English, looking at Ana's sheet
    await ben.wait_for(lambda: ben.has_text("Ben's turn · roll no. 2"))
    await ben.click(text="Ana")
    assert ben.has_text("Ana's sheet")
    for label in ("Red 12: crossed", "Red 13: skipped", "Red 14: crossed"):
        assert ben.find_all(label=label), label
    assert ana.crashes() == [] and ben.crashes() == []


async def test_the_last_decision_stays_and_who_still_decides_is_said_in_words(ctx):
    """'Ana: Rot 7' until the next decision (a pass too) or roll; 'Ben entscheidet noch'."""
    table = two_player_table(ctx)
    ana = await open_phone(ctx, f"/g/{table.id}/seat/0")
    ben = await open_phone(ctx, f"/g/{table.id}/seat/1?lang=en")
    await typed_roll(ana, "3 4 1 1 1 1")
    assert ana.has_text("Ana und Ben entscheiden noch")
    await ben.wait_for(lambda: ben.has_text("Ana and Ben are still deciding"))
    await ana.click(text="Rot 7")
    assert ana.has_text("Ana: Rot 7") and ana.has_text("Ben entscheidet noch")
    await ben.wait_for(lambda: ben.has_text("Ana: Red 7") and ben.has_text("Ben is still deciding"))
    assert not any("…" in t for t in ana.texts() + ben.texts())
    await ben.click(text="Pass")
    await ana.wait_for(lambda: ana.has_text("Ben: passt"))
    assert not ana.has_text("Ana: Rot 7") and not ana.has_text("Ben entscheidet noch")
    assert ben.has_text("Ben: passes")
    await ana.click(text="Passen")  # Ana crossed red 7 this turn: no misthrow
    assert ana.has_text("Ana: passt")
    # the line stays until Ben's roll (after a new roll the last turn's line is gone)
    await ben.wait_for(lambda: ben.has_text("Ben's turn · roll no. 2") and ben.has_text("Ana: passes"))
    await typed_roll(ben, "1 1 1 1 1 1", typed="Real dice: type the values", apply="Apply", real="Real dice")
    assert not ben.has_text("Ana: passes") and ben.has_text("Ana and Ben are still deciding")
    await ben.click(text="Pass")
    await ana.click(text="Passen")
    await ben.wait_for(lambda: ben.has_text("Colour (only Ben):"))
    await ben.click(text="Pass (misthrow)")
    assert ben.has_text("Ben: passes (misthrow)")
    await ana.wait_for(lambda: ana.has_text("Ben: passt (Fehlwurf)"))
    assert ana.crashes() == [] and ben.crashes() == []


async def look_at(app: AppSession, name: str) -> None:
    """Tap the player switcher's chip of ``name`` (it once read "Hanna …" while she decided)."""
    await app.click(text=name if app.find_all(text=name) else f"{name} …")


async def test_a_seat_phone_opens_its_own_sheet_and_never_offers_another_seats_buttons(ctx):
    """Jonas's phone looks at Hanna's sheet: still only Jonas's decision; after a
    reload (same session, new websocket) it is back on Jonas's own sheet."""
    table = two_player_table(ctx, names=("Hanna", "Jonas"))
    hanna = await open_phone(ctx, f"/g/{table.id}/seat/0")
    jonas = await open_phone(ctx, f"/g/{table.id}/seat/1")
    await typed_roll(hanna, "3 4 1 1 1 1")
    await jonas.wait_for(lambda: jonas.has_text("Weiße Summe 7 – Jonas:"))
    assert jonas.has_text("Zettel von Jonas")
    await look_at(jonas, "Hanna")  # look at Hanna's sheet
    assert jonas.has_text("Zettel von Hanna")
    assert jonas.has_text("Weiße Summe 7 – Jonas:") and not jonas.has_text("Weiße Summe 7 – Hanna:")
    assert not jonas.has_text("Alle anderen passen")
    # the buttons are Jonas's: tapping one crosses on Jonas's sheet, never Hanna's
    await jonas.click(text="Gelb 7")
    assert table.state.sheets[1].rows["yellow"] == (7,) and table.state.sheets[0].rows["yellow"] == ()
    assert not jonas.find_all(text="Passen")  # decided: nothing more for Jonas on this roll
    await look_at(jonas, "Hanna")
    assert jonas.has_text("Zettel von Hanna")
    # a reload: Jonas's own sheet with his pending decision (none now: Hanna decides)
    await come_back(jonas)
    assert jonas.has_text("Zettel von Jonas") and jonas.has_text("Hanna entscheidet noch")
    assert not jonas.find_all(text="Passen")
    await hanna.click(text="Passen")
    await hanna.click(text="Passen (Fehlwurf)")
    await jonas.wait_for(lambda: jonas.has_text("Jonas ist dran · Wurf Nr. 2"))
    await look_at(jonas, "Hanna")
    await typed_roll(jonas, "3 4 1 1 1 1")
    # the roll moved the table on: Jonas's phone shows his own sheet and decision again
    assert jonas.has_text("Zettel von Jonas") and jonas.has_text("Weiße Summe 7 – Jonas:")
    await look_at(jonas, "Hanna")
    await come_back(jonas)
    assert jonas.has_text("Zettel von Jonas") and jonas.has_text("Weiße Summe 7 – Jonas:")
    assert jonas.crashes() == [] and hanna.crashes() == []


# Roboto (the only text font the offline client has) draws Latin-1 and these; anything else
# (✕ ✚ ✓ 🔒 …) is fetched from a font CDN and shows as an empty box offline.
DRAWABLE = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)} | set("–—−·„“”‘’…→")


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


async def test_every_string_sent_by_the_qwixx_screens_is_drawable_offline(ctx):
    """No character the offline client cannot draw, in either language, with crosses,
    a lock and a finished game on screen."""
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")],
                              {"lucky_numbers": [(15, 16), (14, 16), (2, 15)], "lock_min_crosses": 4,
                               "end_locked_rows": 1, "end_misthrows": 6})
    phones = [await open_phone(ctx, f"/g/{table.id}/seat/0"), await open_phone(ctx, f"/g/{table.id}?all&lang=en")]
    play_until(table, lambda s: any(sheet.rows["red"] for sheet in s.sheets) and s.phase == "white")
    for p in phones:
        await p.settle(10)
        assert p.has_text("Zettel von Ana") or p.has_text("Ana's sheet")
    play_until(table, lambda s: s.phase == "over")
    for p in phones:
        await p.settle(10)
        assert p.has_text("Wertung") or p.has_text("Scores")
        bad = {ch for m in p.messages for s in _strings(m) for ch in s if ch not in DRAWABLE}
        assert bad == set(), bad
        assert p.crashes() == []
