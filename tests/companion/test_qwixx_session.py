"""Qwixx Longo through the real Flet session (tests/harness/flet_session.py): no browser.

Every assertion is on what a player would read on the screen.
"""

from __future__ import annotations

import pytest

from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, make_context

TYPED = "Echte Würfel: Werte eingeben"


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


async def setup_two_players(app: AppSession, *, end_misthrows: int = 1) -> None:
    await app.click(text="Qwixx Longo")
    assert app.has_text("Qwixx Longo – neues Spiel")
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
    assert app.has_text("Spieler 1 ist dran · Wurf 1")
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
    await app.type_into(TYPED, "3 4 1")
    await app.click(text="Übernehmen")
    assert app.has_text("Bitte 6 Zahlen von 1 bis 8 eingeben (gelesen: 3 4 1).", contains=True)
    assert app.has_text("Würfeln")

    # the real dice: white 3+4, every colour 1
    await app.type_into(TYPED, "3 4 1 1 1 1")
    await app.click(text="Übernehmen")
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
    assert app.find_all(label="Rot 7: angekreuzt") and app.has_text("1 Punkte")

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
    assert app.has_text("1. Spieler 2 – 1 Punkte")
    assert app.has_text("2. Spieler 1 – -5 Punkte")
    assert app.has_text("Bonus: keiner · Fehlwürfe: 1 (−5)")
    assert app.has_text("Bonus: keiner · Fehlwürfe: 0 (−0)")
    assert app.has_text("Rot: 7 · Kreuze 1 · 1 P.")  # Spieler 2's red row, crossed number shown
    texts = app.texts()
    assert texts.index("1. Spieler 2 – 1 Punkte") < texts.index("2. Spieler 1 – -5 Punkte")

    # the finished game is kept: home lists no unfinished game
    await app.click(tooltip="Start")
    assert app.has_text("Keine offenen Spiele.")
    # the client received the result screen as patches
    assert len(app.messages) > 20
    assert app.sent("1. Spieler 2 – 1 Punkte") and app.sent("Warum? q8.white")
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
    assert b.has_text("Anna ist dran · Wurf 1")
    # phone A opens it directly (the join link route does the same)
    a.shell.open_table(table.id)
    await a.settle()
    assert a.has_text("Anna ist dran · Wurf 1")

    await a.type_into(TYPED, "2 3 1 1 1 1")
    await a.click(text="Übernehmen")
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
    assert app.has_text("Anna ist dran · Wurf 1")
    await app.click(text="Würfeln")
    assert app.has_text("Weiße Summe", contains=True)


async def test_saved_player_is_picked_in_setup_with_favourite_lucky_numbers(tmp_path):
    from companion.profiles import save_profile

    ctx = make_context(tmp_path / "p.db")
    ana = save_profile(ctx.store, "Ana", color="red", lucky=(5, 11))
    app = await AppSession.start(ctx)
    await app.click(text="Qwixx Longo")
    await app.click(text="Ana")  # the profile chip
    assert app.find(label="Name Spieler 1").control.value == "Ana"
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
    await app.type_into(TYPED, "3")
    await app.click(text="Übernehmen")
    assert app.has_text("Bitte 6 Zahlen von 1 bis 8 eingeben (gelesen: 3).", contains=True)
    await app.click(label="Rot 7")  # the harness only taps controls in the session's index
    assert app.has_text("Zuerst muss Spieler 1 würfeln.")
    # next player's sheet shown after a cross: its fields are live too
    await app.type_into(TYPED, "3 4 1 1 1 1")
    await app.click(text="Übernehmen")
    await app.click(label="Rot 7")
    assert app.has_text("Zettel von Spieler 2") and app.has_text("Weiße Summe 7 – Spieler 2:")
    await app.click(label="Gelb 7")
    assert app.shell.table.state.sheets[1].rows["yellow"] == (7,)
