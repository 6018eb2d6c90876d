"""One table, many phones for Verflixxt and Raus aus dem Verlies! (level 2: real Flet sessions, one AppContext).

Each phone is opened on its seat's own route (``/g/<id>/seat/<n>``); the tests
assert on what each player sees.
"""

from __future__ import annotations

import asyncio

import pytest

from scoring.engine import PlayerSpec
from scoring.verflixxt import MoveFigure, Roll
from scoring.verlies import DrawCard, Fight, RollDie, RoomCard
from tests.companion.table.test_many_phones import NAMES, consistent, everyone_sees, no_crashes, open_phone, seat_phones
from tests.harness.flet_session import make_context, typed_roll

LAYOUT = "+3 -2 G -4 +5 -1 +2 G"
VX_TYPED = "Gewürfelt (W6)"


def rolled_die(phone) -> str | None:
    """Verflixxt's die beside whose turn it is, as it is read ("Gewürfelt: 2"): it shows the number."""
    return next((f.control.semantics_label for f in phone.walk() if getattr(f.control, "key", None) == "roll"), None)


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


def move_buttons(phone) -> list[str]:
    return [t for t in phone.texts() if t.startswith("Figur ") and "»" in t]


# --- Verflixxt ------------------------------------------------------------------------------------
def vx_game(ctx, n: int):
    return ctx.tables.create("verflixxt", [PlayerSpec(name=x) for x in NAMES[:n]],
                             {"layout": LAYOUT.split(), "figures_per_player": 1})


@pytest.mark.parametrize("n", [2, 3])
async def test_verflixxt_only_the_player_on_turn_rolls_and_moves_on_her_phone(ctx, n):
    table = vx_game(ctx, n)
    phones = await seat_phones(ctx, table, n)
    ana, others = phones[0], phones[1:]
    await everyone_sees(phones, "Ana ist dran")
    assert ana.find_all(text="Würfeln") and ana.find_all(text="Echte Würfel")
    for p in others:
        assert p.has_text("Ana ist dran und würfelt.")
        assert not p.find_all(text="Würfeln") and not p.find_all(text="Echte Würfel")
    assert not ana.has_text("Ana ist dran und würfelt.")

    # Ana rolls a 2 on her phone: only she gets the move; the others see her roll and that she moves
    await typed_roll(ana, VX_TYPED, "2")
    await asyncio.gather(*(p.wait_for(lambda p=p: rolled_die(p) == "Gewürfelt: 2") for p in phones))
    assert move_buttons(ana) == ["Figur A: Start » Feld 2 (−2)"]
    assert ana.find_all(label="Zugberatung")
    for p in others:
        await p.wait_for(lambda p=p: p.has_text("Ana zieht."))
        assert move_buttons(p) == [] and not p.find_all(label="Zugberatung")
        assert not p.find_all(text="Würfeln")

    # her move appears on every phone: the board, the last-move line, then Ben's turn on Ben's phone
    await ana.click(text="Figur A: Start » Feld 2 (−2)")
    await everyone_sees(phones, "Letzter Zug – Ana: Figur A: Start » Feld 2 (−2)")
    await everyone_sees(phones, "Ben ist dran")
    ben = phones[1]
    assert ben.find_all(text="Würfeln") and not ana.find_all(text="Würfeln")
    assert ana.has_text("Ben ist dran und würfelt.")
    await typed_roll(ben, VX_TYPED, "1")
    await ben.click(text="Figur B: Start » Feld 1 (+3)")
    await everyone_sees(phones, "Letzter Zug – Ben: Figur B: Start » Feld 1 (+3)")

    # Ana moves on and takes the −2: every phone says what the move collected
    # Ana's phone keeps the real dice she chose: her die's field, not "Würfeln"
    await ana.wait_for(lambda: bool(ana.find_all(label=VX_TYPED)) if n == 2 else True)
    if n == 3:
        cara = phones[2]
        await typed_roll(cara, VX_TYPED, "1")
        await cara.click(text="Figur C: Start » Feld 1 (+3)")
    await ana.wait_for(lambda: bool(ana.find_all(label=VX_TYPED)))
    await typed_roll(ana, VX_TYPED, "2")
    await ana.click(text="Figur A: Feld 2 (−2) » Feld 4 (−4), nimmt −2")
    await everyone_sees(phones, "Letzter Zug – Ana: Figur A: Feld 2 (−2) » Feld 4 (−4), nimmt −2")
    await everyone_sees(phones, "Ana nimmt −2.")
    await everyone_sees(phones, "Ana: −2 Punkte")
    consistent(ctx, table)
    no_crashes(*phones)


async def test_verflixxt_a_seat_phone_cannot_act_out_of_turn(ctx):
    table = vx_game(ctx, 3)
    ana, ben, cara = await seat_phones(ctx, table, 3)
    seq = table.seq
    # Ben's phone forces a roll while it is Ana's turn: refused with the rule id, nothing changes
    ben.shell.roll([3])
    await ben.settle()
    assert ben.has_text("Warum? table.seat") and table.seq == seq
    assert ben.shell.submit(Roll(by=0, value=3)) is False
    await ben.settle()
    assert ben.has_text("Warum? table.seat") and table.seq == seq
    await typed_roll(ana, VX_TYPED, "2")
    await cara.wait_for(lambda: cara.has_text("Ana zieht."))
    seq = table.seq
    # Cara's phone moves Ana's figure: refused
    assert cara.shell.submit(MoveFigure(by=0, figure=0)) is False
    await cara.settle()
    assert cara.has_text("Warum? table.seat") and table.seq == seq
    # undo on another seat's phone is not offered (Ana's roll is hers)
    assert ben.find(tooltip="Rückgängig").disabled()
    assert not ana.find(tooltip="Rückgängig").disabled()
    host = await open_phone(ctx, f"/g/{table.id}?all")
    assert host.has_text("Ana ist dran") and move_buttons(host) == ["Figur A: Start » Feld 2 (−2)"]
    assert not host.find(tooltip="Rückgängig").disabled()
    no_crashes(ana, ben, cara, host)


# --- Raus aus dem Verlies! ---------------------------------------------------------------------------
def rv_game(ctx, n: int = 3):
    return ctx.tables.create("raus-aus-dem-verlies", [PlayerSpec(name=x) for x in NAMES[:n]], {})


async def rv_monster_room(ctx, table, phones):
    """Ana drew a card with a monster room; her phone shows the fight panel."""
    table.submit(DrawCard(by=0), {0})
    table.submit(RoomCard(by=0, kind="monster"), {0})
    await phones[0].wait_for(lambda: phones[0].has_text("Fürs Monster würfelt:"))


async def test_verlies_the_monster_roll_comes_from_the_monster_players_phone(ctx):
    table = rv_game(ctx)
    phones = await seat_phones(ctx, table, 3)
    ana, ben, cara = phones
    await rv_monster_room(ctx, table, phones)
    # Ana's phone: her own roll only; Ben is chosen to roll for the monster
    await ana.click(tooltip="Monster: Ben")
    await ana.click(text="Echte Würfel")  # the table's dice, entered on the phone
    assert ana.find_all(label="Wurf Ana")
    assert ana.has_text("Für das Monster würfelt dann Ben auf dem eigenen Handy.")
    assert not ana.find_all(label="Wurf Monster")  # Ben's die, typed on his phone (rv.monster)
    await ana.type_into("Wurf Ana", "6")
    await ana.click(text="Kampf eintragen")
    assert table.state.chance.purpose == "monster" and table.state.chance.seat == 1
    # Ben's phone offers the monster roll; Ana's and Cara's say who rolls
    await ben.wait_for(lambda: ben.has_text("Du würfelst für das Monster"))
    assert ben.find_all(text="Würfeln")
    await ben.click(text="Echte Würfel")
    assert ben.find_all(label="Wurf Monster")
    for p in (ana, cara):
        await p.wait_for(lambda p=p: p.has_text("Ben würfelt für das Monster."))
        assert not p.has_text("Du würfelst für das Monster") and not p.find_all(label="Wurf Monster")
    # a monster roll from Cara's phone is refused; nothing changes
    seq = table.seq
    assert cara.shell.submit(RollDie(by=1, value=1)) is False  # in Ben's name: not her seat
    await cara.settle()
    assert cara.has_text("Warum? table.seat") and table.seq == seq
    assert cara.shell.roll([1]) is False  # the table's roll from her phone: Ben's die, not her seat
    await cara.settle()
    assert cara.has_text("Warum? table.seat") and table.seq == seq
    assert cara.shell.submit(RollDie(by=2, value=1)) is False  # in her own name: Ben rolls (rv.monster)
    await cara.settle()
    assert cara.has_text("Für das Monster würfelt Ben.") and cara.has_text("Warum? rv.monster")
    assert table.seq == seq and table.state.chance.purpose == "monster"
    # Ben rolls (typed): every phone shows the outcome
    await ben.type_into("Wurf Monster", "1")
    await ben.click(text="Übernehmen")
    await everyone_sees(phones, "Kampf:", contains=True)
    value = table.state.players[0].strength
    d = table.state.events[0].detail
    outcome = (f"Kampf: Stärke {value} + 6 = {value + 6} gegen Monster {d['monster_value']} + 1 = "
               f"{d['monster_total']} – gewonnen! (Fürs Monster würfelte Ben.)")
    await everyone_sees(phones, outcome, contains=True)
    assert table.state.pending.kind == "spoils"
    for p in phones:
        assert not p.has_text("Du würfelst für das Monster")
    consistent(ctx, table)
    no_crashes(*phones)


async def test_verlies_virtual_monster_roll_on_the_rollers_phone(ctx):
    table = rv_game(ctx)
    phones = await seat_phones(ctx, table, 3)
    ana, ben, cara = phones
    await rv_monster_room(ctx, table, phones)
    table.submit(Fight(by=0, monster_value=5, attribute="strength", monster_roller=2), {0})
    table.roll({0}, [1])  # Ana's die, from her phone
    await cara.wait_for(lambda: cara.has_text("Du würfelst für das Monster"))
    assert not ben.find_all(label="Wurf Monster")
    await cara.click(text="Würfeln")
    await everyone_sees(phones, "Kampf:", contains=True)
    fight = [e for e in table.state.log if e.kind == "fight"]
    assert len(fight) == 1 and fight[0].detail["monster_roller"] == 2 and fight[0].detail["total"] == 6 + 1
    no_crashes(*phones)


async def test_verlies_the_host_phone_keeps_the_one_step_fight(ctx):
    table = rv_game(ctx)
    host = await open_phone(ctx, f"/g/{table.id}?all")
    table.submit(DrawCard(by=0))
    table.submit(RoomCard(by=0, kind="monster"))
    await host.wait_for(lambda: host.has_text("Fürs Monster würfelt:"))
    await host.click(text="Echte Würfel")
    assert host.find_all(label="Wurf Monster") and host.find_all(label="Wurf Ana")
    no_crashes(host)
