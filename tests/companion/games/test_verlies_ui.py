"""Raus aus dem Verlies! screens, level 1: a real Shell over a stub page; handlers called, controls read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest

from companion.app import AppContext, AppShell
from companion.games import verlies as ui
from companion.games.verlies.play_actions import play_state
from components.gold_counter import gold_counter
from scoring.dice import Dice
from tests.companion.test_fonts import missing  # the one reader of the bundled Roboto

# a fight's line shows its dice and who rolled for the monster
KAMPF_WON_7 = "Kampf: Stärke 6 + 1 = 7 gegen Monster 5 + 2 = 7 – gewonnen! (Fürs Monster würfelte Ben.)"
KAMPF_WON_12 = "Kampf: Stärke 6 + 6 = 12 gegen Monster 5 + 1 = 6 – gewonnen! (Fürs Monster würfelte Ben.)"
FIGHT_WON_7 = "Fight: Strength 6 + 1 = 7 against monster 5 + 2 = 7 – won! (Ben rolled for the monster.)"
KAMPF_LOST_8 = "Kampf: Stärke 6 + 1 = 7 gegen Monster 5 + 3 = 8 – verloren. (Fürs Monster würfelte Ben.)"
FIGHT_LOST_8 = "Fight: Strength 6 + 1 = 7 against monster 5 + 3 = 8 – lost. (Ben rolled for the monster.)"


class StubPage:
    route = "/"
    controls: list = []
    views: list = []
    _dirty: dict = {}

    def update(self, *controls: Any) -> None:
        pass

    def run_task(self, *a: Any, **k: Any) -> None:
        pass

    def show_dialog(self, d: Any) -> None:
        self.dialog = d


class FixedSource:
    """Virtual dice that show the faces given, in order."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def walk(c: Any) -> Iterator[Any]:
    if isinstance(c, (list, tuple)):
        for x in c:
            yield from walk(x)
        return
    if not isinstance(c, ft.BaseControl) or c.visible is False:  # hidden: not on the screen
        return
    yield c
    for attr in ("controls", "content", "actions"):
        child = getattr(c, attr, None)
        if child is not None:
            yield from walk(child)


def label_of(c: Any) -> str | None:
    content = getattr(c, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(content, ft.Text):
        return content.value
    return None


def texts(shell: AppShell) -> list[str]:
    return [c.value for c in walk(shell.body.controls) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def has_text(shell: AppShell, part: str) -> bool:
    return any(part in t for t in texts(shell))


def click(shell: AppShell, name: str) -> None:
    """A button by its text or tooltip; it must exist and be enabled."""
    for c in walk(shell.body.controls):
        if getattr(c, "on_click", None) is None:
            continue
        if label_of(c) == name or getattr(c, "tooltip", None) == name:
            assert not c.disabled, f"button {name!r} is disabled"
            c.on_click(None)
            broken = [t for t in texts(shell) if t.startswith(("Fehler:", "Error:"))]
            assert not broken, broken  # a view that raised is shown as an error line by the shell
            return
    raise AssertionError(f"no button {name!r}; texts: {texts(shell)}")


def note(shell: AppShell) -> str | None:
    """The passing note (SnackBar) the last tap showed on this phone, if any."""
    d = getattr(shell.page, "dialog", None)
    return d.content.value if isinstance(d, ft.SnackBar) else None


def buttons(shell: AppShell) -> list[str]:
    """The buttons a player can tap now: a greyed-out one (e.g. a passage's gold once taken, rv.gold)
    stays on the screen but is not offered."""
    return [label_of(c) or c.tooltip for c in walk(shell.body.controls)
            if getattr(c, "on_click", None) is not None and not c.disabled]


def type_into(shell: AppShell, label: str, value: str) -> None:
    for c in walk(shell.body.controls):
        if isinstance(c, ft.TextField) and c.label == label:
            # a focused empty field reads "label\nhint" in the browser: tests/e2e/conftest.fill types into the focus
            c.value = value
            c.on_change(type("E", (), {"control": c})())
            return
    raise AssertionError(f"no field {label!r}")


def real_dice(shell: AppShell) -> None:
    """"Echte Würfel" chosen (kept from roll to roll on this phone): each die's faces and its typed
    field come, "Würfeln" goes."""
    if not play_state(shell).real_dice:
        click(shell, "Real dice" if shell.lang == "en" else "Echte Würfel")


@pytest.fixture
def shell(tmp_path) -> AppShell:
    ctx = AppContext.create(db=str(tmp_path / "t.db"))
    s = AppShell(StubPage(), ctx)
    return s


def start(shell: AppShell, names=("Ana", "Ben", "Cara"), exit_min_gold: int = 0) -> None:
    shell.go_setup(ui.GAME)
    st = shell.ui["rv_setup"]
    while len(st.players) < len(names):
        click(shell, "Spieler hinzufügen")
    while len(st.players) > len(names):
        click(shell, f"Spieler {len(st.players)} entfernen")
    for i, n in enumerate(names):
        type_into(shell, f"Name Spieler {i + 1}", n)
    if exit_min_gold:
        click(shell, "Mehr Optionen")  # the house rules wait folded
    for _ in range(exit_min_gold):
        click(shell, "Gold zum Entkommen +")
    click(shell, "Spiel starten")
    assert shell.table is not None, shell.refusal


def test_setup_tells_the_deck_and_draws_a_start_player(shell):
    shell.go_setup(ui.GAME)
    assert has_text(shell, "Verliesstapel vorbereiten: Rot + Blau")  # three players
    click(shell, "Spieler 3 entfernen")
    assert has_text(shell, "Verliesstapel vorbereiten: Rot")
    click(shell, "Spieler hinzufügen")
    click(shell, "Spieler hinzufügen")
    assert has_text(shell, "Rot + Blau + Grün")
    click(shell, "Auslosen")
    sp = shell.ui["rv_setup"].start_player
    assert 0 <= sp < 4 and has_text(shell, f"Startspieler: Spieler {sp + 1} (ausgelost)")
    click(shell, "Startspieler Spieler 2")
    assert has_text(shell, "Startspieler: Spieler 2")


def test_edited_characters_are_remembered_for_the_next_game(shell):
    shell.go_setup(ui.GAME)
    click(shell, "Mehr Optionen")
    type_into(shell, "Charakter Spieler 1", "Zwergin")
    click(shell, "Stärke Spieler 1 +")
    click(shell, "Geist Spieler 1 −")
    click(shell, "Spiel starten")
    p = shell.table.state.players[0]
    assert (p.character, p.strength, p.mind, p.dexterity) == ("Zwergin", 7, 2, 3)
    saved = json.loads(shell.ctx.store.meta(ui.META_PRESETS))
    assert saved[0] == {"character": "Zwergin", "strength": 7, "mind": 2, "dexterity": 3}
    shell.go_home()
    shell.go_setup(ui.GAME)
    assert shell.ui["rv_setup"].players[0].character == "Zwergin"
    assert shell.ui["rv_setup"].players[0].strength == 7


def test_same_character_twice_is_refused_in_place(shell):
    shell.go_setup(ui.GAME)
    click(shell, "Mehr Optionen")
    type_into(shell, "Charakter Spieler 2", "Abenteurer 1")
    click(shell, "Mehr Optionen")  # folded again before the start
    click(shell, "Spiel starten")
    assert shell.table is None
    assert has_text(shell, "Jeder Charakter nur einmal")
    assert "Warum? rv.setup" in buttons(shell)
    # unfolded again: the characters are shown beside the refusal, as typed
    assert field_value(shell, "Charakter Spieler 2") == "Abenteurer 1"


def test_obstacle_chance_is_shown_before_the_roll_and_a_typed_roll_passes(shell):
    start(shell)
    assert has_text(shell, "Ana ist dran · Zug 1")
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    click(shell, "Hindernis prüfen")
    click(shell, "Tür")
    for _ in range(2):  # 7 -> 9
        click(shell, "Hinderniszahl +")
    assert has_text(shell, "Chance 67 % (4/6)")  # strength 6 + W6 >= 9: faces 3..6
    assert has_text(shell, "Stärke 6 + W6 ≥ 9")
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "4")
    click(shell, "Übernehmen")
    assert has_text(shell, "Tür 9 (Rot): 6 + 4 = 10 – geschafft!")
    assert "Zug beenden" in buttons(shell)


def test_a_bad_typed_roll_is_refused_and_kept(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    click(shell, "Hindernis prüfen")
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "9")
    click(shell, "Übernehmen")
    assert has_text(shell, "Bitte eine Zahl von 1 bis 6")
    field = next(c for c in walk(shell.body.controls) if isinstance(c, ft.TextField) and c.label == "Gewürfelt (W6)")
    assert field.value == "9"


def test_failed_lava_injures_then_loss_choice_then_recovery_turn(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    click(shell, "Gold im Gang +1")
    assert shell.table.state.players[0].gold == 1
    click(shell, "Hindernis prüfen")
    click(shell, "Lava")
    for _ in range(5):  # 12: strength 6 + 1 fails
        click(shell, "Hinderniszahl +")
    assert has_text(shell, "Misslingt: verletzt, 3 Gold oder ein Schatz")
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "1")
    click(shell, "Übernehmen")
    # rv.loss: coins and no treasure – only the coins are offered, as many as there are (up to 3)
    assert "Ana verliert (Lava) 1 Gold." in texts(shell)
    assert [b for b in buttons(shell) if "abgeben" in b] == ["1 Gold abgeben"]
    click(shell, "1 Gold abgeben")
    assert shell.table.state.players[0].gold == 0
    assert "Zug 1: Ana −1 (Verlust) – fällig waren 3, da waren nur 1" in texts(shell)  # the purse held only 1
    click(shell, "Zug beenden")
    # Ben and Cara: a quick turn each
    for _ in range(2):
        click(shell, "Stehen bleiben")
        click(shell, "Zug beenden")
    assert has_text(shell, "Ana ist verletzt (Lava) und erholt sich")
    assert "Karte ziehen" not in buttons(shell)
    click(shell, "Erholen")
    assert has_text(shell, "Ben ist dran")


def test_fight_won_with_a_virtual_roll_then_treasure(shell):
    start(shell)
    shell.table.dice = Dice(FixedSource([5, 1]))
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    assert has_text(shell, "Monster! Ana kämpft.")
    click(shell, "Stärke 6")
    assert has_text(shell, "Stärke 6 + W6 gegen 5 + W6")
    assert has_text(shell, "Chance 72 % (26/36)")
    click(shell, "Würfeln")
    # the fight shows its dice and who rolled for the monster
    assert "Kampf: Stärke 6 + 5 = 11 gegen Monster 5 + 1 = 6 – gewonnen! (Fürs Monster würfelte Ben.)" in texts(shell)
    ev = [e for e in shell.table.state.log if e.kind == "fight"][-1]
    assert ev.detail["monster_roller"] == 1  # the next player rolls for the monster by default
    type_into(shell, "Schatzname", "Krone")
    click(shell, "Schatzwert +")
    click(shell, "Schatz nehmen")
    t = shell.table.state.players[0].treasures[0]
    assert (t.name, t.gold, t.hidden) == ("Krone", 4, True)
    # the phone passed around is a shared screen: face down, no name, no value (rv.treasure)
    assert "1. verdeckter Schatz" in texts(shell)
    assert not has_text(shell, "Krone") and not has_text(shell, "4 Gold")
    click(shell, "Schatz 1 aufdecken")  # its owner may still turn it over
    assert "1. Krone – 4 Gold" in texts(shell)


def test_another_phone_sees_hidden_treasures_as_hidden(shell):
    _fight_won(shell)  # Ana wins a fight, the treasure named "Krone"
    click(shell, "Schatz nehmen")
    shell.seats = {1}  # Ben's phone
    play_state(shell).seat = 0
    play_state(shell).seat_seq = shell.table.seq
    shell.render()
    assert not has_text(shell, "Krone")
    assert has_text(shell, "verdeckter Schatz")
    assert has_text(shell, "Warte auf Ana.")


def test_trap_without_check_takes_gold(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Gold")
    click(shell, "Gold auf der Raumkarte +")
    click(shell, "Goldraum: +3 Gold")
    assert shell.table.state.players[0].gold == 3
    assert "Raum: Falle" not in buttons(shell)  # one room card per card drawn
    click(shell, "Zug beenden")
    click(shell, "Karte ziehen")  # Ben
    click(shell, "Raum: Falle")
    cb = next(c for c in walk(shell.body.controls) if isinstance(c, ft.Semantics) and c.label == "Mit Probe")
    assert cb.checked is True
    cb.on_tap(None)  # a checkbox row (48 px to tap): off
    click(shell, "Falle nimmt Gold +")
    click(shell, "Falle nimmt Gold +")
    click(shell, "Falle eintragen")
    assert has_text(shell, "Falle: zugeschnappt.")


def test_a_trap_takes_gold_by_dice_and_the_die_is_asked_next_rv_dice(shell):
    start(shell)
    click(shell, "Karte ziehen")
    shell.table.submit({"type": "gain_gold", "by": 0, "amount": 2, "reason": "correction"}, None)
    click(shell, "Raum: Falle")
    cb = next(c for c in walk(shell.body.controls) if isinstance(c, ft.Semantics) and c.label == "Mit Probe")
    assert cb.checked is True
    cb.on_tap(None)  # a checkbox row (48 px to tap): off
    assert {"Gold per Würfel:"} <= set(texts(shell)) and {"W6", "W3", "1+W6"} <= set(buttons(shell))
    click(shell, "1+W6")
    assert not has_text(shell, "Falle nimmt Gold")  # by dice: no typed amount
    click(shell, "Falle eintragen")
    assert "Gold würfeln (Falle): 1+W6" in texts(shell)
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "4")
    click(shell, "Übernehmen")
    assert shell.table.state.players[0].gold == 0  # 1 + 4 = 5 asked, the purse held 2 (rv.gold)
    assert shell.table.state.gold_log[-1].asked == -5 and shell.table.state.chance is None


def test_the_trap_panel_offers_gold_by_dice_in_english(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Falle")
    shell.lang = "en"
    shell.render()
    assert "Gold by dice:" in texts(shell) and {"d6", "d3", "1+d6"} <= set(buttons(shell))


def test_two_escapes_end_with_ranking_and_the_lost_player(shell):
    start(shell)
    click(shell, "Korrektur +1")
    click(shell, "Karte ziehen")
    click(shell, "Ausgang legen")
    click(shell, "Entkommen")
    assert has_text(shell, "Ben ist dran")
    _win_fight(shell, "Ben", "Kelch")
    click(shell, "Schatzwert +")
    click(shell, "Schatz nehmen")
    click(shell, "Zug beenden")
    click(shell, "Karte ziehen")  # Cara
    click(shell, "Ausgang legen")
    click(shell, "Entkommen")
    assert shell.table.is_over()
    t = texts(shell)
    assert "1. Ana – 1 Gold" in t
    assert "2. Cara – 0 Gold" in t
    assert "Ben – im Verlies geblieben: verliert alles" in t
    assert "Kelch 4" in t  # revealed at the end


def test_undo_and_refusal_with_rule_link(shell):
    start(shell, exit_min_gold=2)
    click(shell, "Karte ziehen")
    click(shell, "Ausgang legen")
    # the screen once offered "Entkommen" without the engine's gold check; now it offers what legal() says
    assert "Entkommen" not in buttons(shell) and "Zug beenden" in buttons(shell)
    shell.submit(Escape(by=0))  # e.g. a phone that still showed the button
    assert has_text(shell, "Zum Entkommen braucht es 2 Gold, Ana hat 0.")
    assert "Warum? rv.exit" in buttons(shell)
    click(shell, "Rückgängig")
    assert shell.table.state.exits_laid == 0
    assert "Ausgang zurückmischen" in buttons(shell)


def test_gold_counter_component():
    seen = []
    row = gold_counter(1, seen.append, label="Betrag", minus_tip="−", plus_tip="+")
    minus, plus = [c for c in walk(row) if isinstance(c, ft.IconButton)]
    assert minus.disabled and not plus.disabled
    plus.on_click(None)
    plus.on_click(None)  # two quick taps on the same drawn button count twice
    assert seen == [1, 1]
    assert all(b.width >= 48 and b.height >= 48 for b in (minus, plus))


def test_english_words(shell):
    start(shell)
    shell.lang = "en"
    shell.render()
    assert has_text(shell, "Ana's turn · move 1")
    click(shell, "Draw a card")
    click(shell, "Passage")
    click(shell, "Check an obstacle")
    assert has_text(shell, "Chance")


def test_every_panel_renders_in_english(shell):
    start(shell)
    shell.lang = "en"
    shell.render()
    click(shell, "Draw a card")
    click(shell, "Room: trap")
    assert has_text(shell, "Trap! What does the card say?")
    real_dice(shell)
    type_into(shell, "Rolled (d6)", "6")
    click(shell, "Enter trap")
    click(shell, "End turn")
    click(shell, "Draw a card")  # Ben
    click(shell, "Room: monster")
    assert has_text(shell, "Monster! Ben fights.")
    real_dice(shell)
    type_into(shell, "Roll Ben", "1")
    type_into(shell, "Roll monster", "6")
    click(shell, "Enter fight")
    assert "Fight: Strength 3 + 1 = 4 against monster 5 + 6 = 11 – lost. (Cara rolled for the monster.)" in texts(shell)
    # rv.loss: Ben has nothing, so nobody is asked
    assert "Ben has neither gold nor treasures: nothing is lost (Monster)." in texts(shell)
    assert not [b for b in buttons(shell) if b.startswith("Give up")]
    click(shell, "End turn")
    click(shell, "Walk 2 cards")  # Cara
    click(shell, "Check an obstacle")
    click(shell, "Magic barrier")
    click(shell, "Do not try")
    assert has_text(shell, "Magic barrier 7: not tried.")
    assert has_text(shell, "The figure gets no further this turn.")
    click(shell, "End turn")
    click(shell, "Draw a card")  # Ana
    click(shell, "End turn")
    assert has_text(shell, "Ben is injured (Monster) and spends this whole turn recovering")
    click(shell, "Recover")


# --- player profiles in setup -----------------------------------------------------------
def test_profiles_fill_the_seats_and_the_table_keeps_their_ids(shell):
    from companion.records.profiles import save_profile

    dora = save_profile(shell.ctx.store, "Dora", color="blue",
                        character={"character": "Zwergin", "strength": 5, "mind": 2, "dexterity": 4})
    emil = save_profile(shell.ctx.store, "Emil", color="green")
    shell.go_setup(ui.GAME)
    assert has_text(shell, "Aus Profilen wählen:")
    click(shell, "Profil wählen: Dora")
    click(shell, "Profil wählen: Emil")
    seats = shell.ui["rv_setup"].players
    assert [p.name for p in seats] == ["Dora", "Emil", ""]  # an untouched seat stays empty
    assert (seats[0].character, seats[0].strength, seats[0].mind, seats[0].dexterity) == (
        "Zwergin", 5, 2, 4)  # the favourite character came along
    assert seats[1].character == "Abenteurer 2"  # no favourite: the seat's character stays
    # tapped again, a profile frees its seat; tapped once more, it takes the next free seat
    click(shell, "Profil wählen: Dora")
    assert seats[0].name == "" and seats[0].profile_id is None
    assert seats[0].character == "Abenteurer 1"
    click(shell, "Profil wählen: Dora")
    assert [p.name for p in seats] == ["Dora", "Emil", ""]
    type_into(shell, "Name Spieler 3", "Cara")
    click(shell, "Spiel starten")
    assert shell.table is not None, shell.refusal
    players = shell.table.players
    assert [(p.name, p.profile_id) for p in players] == [("Dora", dora.id), ("Emil", emil.id), ("Cara", None)]
    assert players[0].color == "blue"
    assert shell.table.state.players[0].character == "Zwergin"
    assert shell.table.state.players[0].strength == 5
    # the profile's favourite did not overwrite the table's own preset characters
    assert "Zwergin" not in (shell.ctx.store.meta(ui.META_PRESETS) or "")


def test_a_profile_adds_a_seat_when_every_seat_has_one(shell):
    from companion.records.profiles import save_profile

    names = ["Anke", "Bert", "Cleo", "Dirk"]
    for n in names:
        save_profile(shell.ctx.store, n)
    shell.go_setup(ui.GAME)
    for n in names:
        click(shell, f"Profil wählen: {n}")
    assert [p.name for p in shell.ui["rv_setup"].players] == names
    assert has_text(shell, "Verliesstapel vorbereiten: Rot + Blau + Grün")


# --- the dispute ("Was wäre wenn?") button ---------------------------------------------
def test_dispute_button_opens_what_if_for_this_table(shell):
    start(shell)
    assert buttons(shell)[-1] == "Was wäre wenn?"  # below the purse, out of the main actions' way
    table_id = shell.table.id
    click(shell, "Was wäre wenn?")
    assert shell.screen == "dispute"
    assert has_text(shell, "Was wäre wenn? – Raus aus dem Verlies!")
    click(shell, "Zurück zum Spiel")
    assert shell.table.id == table_id and has_text(shell, "Ana ist dran · Zug 1")


# --- small patches per tap (level 2: the bytes a phone really receives) -------------------
async def test_a_tap_sends_a_small_patch_not_the_whole_screen(tmp_path):
    """Every top-level block is keyed, so a tap resends only what changed: a gold tap on the
    purse, a refused typed roll (a refusal line appears above everything) and the applied roll
    (the panel goes, its die and what it did appear at the top) stay small. Measured with Flet
    1.0.5: ~300 B, ~550 B and ~1.5 KB, the die drawn as a die most of it (before the keys: ~300 B,
    ~8.9 KB and ~4.4 KB); the bounds are about twice that."""
    from tests.harness.flet_session import AppSession, make_context

    app = await AppSession.start(make_context(tmp_path / "t.db"))

    async def sent(action) -> int:
        n = len(app.conn.raw)
        await action()
        assert not app.crashes()
        return sum(len(b) for b in app.conn.raw[n:])

    await app.click(text="Raus aus dem Verlies!")
    await app.click(text="Spiel starten")
    assert app.has_text("Spieler 1 ist dran · Zug 1")
    gold = await sent(lambda: app.click(text="Korrektur +1"))
    assert app.has_text("1 Gold") and app.has_text("Zug 1: Spieler 1 +1 (Korrektur)")
    assert gold < 700, gold

    await app.click(text="Karte ziehen")
    await app.click(text="Gang")
    await app.click(text="Hindernis prüfen")
    await app.click(text="Echte Würfel")

    async def typed(value: str) -> None:
        await app.type_into("Gewürfelt (W6)", value)
        await app.click(text="Übernehmen")

    refused = await sent(lambda: typed("9"))
    assert app.has_text("Bitte eine Zahl von 1 bis 6 eingeben (gelesen: 9).")
    assert refused < 1200, refused
    applied = await sent(lambda: typed("6"))
    assert app.has_text("– geschafft!", contains=True)
    assert not app.has_text("Bitte eine Zahl von 1 bis 6 eingeben (gelesen: 9).")
    assert applied < 3000, applied


def test_on_seat_phones_the_fight_is_rolled_in_two_steps(shell):
    """rv.monster: Ana rolls on her phone, Ben (the monster's roller) on his; one shell plays both phones here."""
    start(shell)
    shell.seats = {0}  # Ana's phone
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    assert has_text(shell, "Für das Monster würfelt dann Ben auf dem eigenen Handy.")
    real_dice(shell)
    type_into(shell, "Wurf Ana", "1")
    click(shell, "Kampf eintragen")
    chance = shell.table.state.chance  # Ana's W6 went through the table's roll; Ben's is due
    assert chance.purpose == "monster" and chance.seat == 1 and chance.fight.roll == 1
    assert [r.action["type"] for r in shell.table.record.actions[-2:]] == ["fight", "roll"]
    assert has_text(shell, "Ben würfelt für das Monster.") and "Würfeln" not in buttons(shell)
    assert not shell.table.may_redo(shell.seats)
    shell.seats = {2}  # Cara's phone: the same, no roll
    shell.render()
    assert has_text(shell, "Ben würfelt für das Monster.") and "Würfeln" not in buttons(shell)
    shell.seats = {1}  # Ben's phone: his roll for the monster
    shell.render()
    assert has_text(shell, "Du würfelst für das Monster")
    assert has_text(shell, "Ana: Stärke 6 + 1 = 7 gegen Monster 5 + W6")
    real_dice(shell)
    type_into(shell, "Wurf Monster", "7")
    click(shell, "Übernehmen")
    assert shell.table.state.chance.purpose == "monster"  # refused in place: 1 to 6
    real_dice(shell)
    type_into(shell, "Wurf Monster", "2")
    click(shell, "Übernehmen")
    assert KAMPF_WON_7 in texts(shell)  # a draw goes to the adventurer
    assert shell.table.state.pending.kind == "spoils"


def test_the_phone_passed_around_enters_the_fight_in_one_tap(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    assert not has_text(shell, "Für das Monster würfelt dann Ben auf dem eigenen Handy.")  # one phone for all
    real_dice(shell)
    type_into(shell, "Wurf Ana", "1")
    type_into(shell, "Wurf Monster", "3")
    click(shell, "Kampf eintragen")
    assert KAMPF_LOST_8 in texts(shell)
    # the declaration, then both dice through the table's chance protocol
    assert [(r.seat, r.action["type"]) for r in shell.table.record.actions[-3:]] == [(0, "fight"), (0, "roll"),
                                                                                     (1, "roll")]


def test_without_the_monsters_roll_typed_the_roll_panel_asks_for_it(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    real_dice(shell)
    type_into(shell, "Wurf Ana", "1")
    click(shell, "Kampf eintragen")
    assert shell.table.state.chance.purpose == "monster"
    assert "Ben würfelt für das Monster." in texts(shell)  # one phone for all: the roll panel is here
    real_dice(shell)
    type_into(shell, "Wurf Monster", "3")
    click(shell, "Übernehmen")
    assert KAMPF_LOST_8 in texts(shell)


# --- passage or room, the unauthorised draw, the loss offers only what there is ----------------
from scoring.verlies import Escape, GainTreasure  # noqa: E402


def test_the_card_drawn_is_said_to_be_a_passage_or_a_room_rv_room(shell):
    start(shell)
    click(shell, "Karte ziehen")
    assert "Was ist die gezogene Karte?" in texts(shell)
    offered = buttons(shell)
    for b in ("Gang", "Raum: Gold", "Raum: Monster", "Raum: Falle", "Ausgang legen", "Unberechtigt gezogen"):
        assert b in offered, b
    # rv.room: an obstacle also says "passage" (the engine's legal(), which the screen shows); the passage's
    # gold comes with "Gang", right below it (the card's choices fill the first screen until then)
    assert "Hindernis prüfen" in offered and "Gold im Gang +1" not in offered
    click(shell, "Gang")
    assert "Ana hat einen Gang gelegt." in texts(shell)
    offered = buttons(shell)
    assert "Hindernis prüfen" in offered and "Gold im Gang +1" in offered
    assert not {"Raum: Gold", "Raum: Monster", "Raum: Falle", "Gang"} & set(offered)  # rv.room: no room card
    click(shell, "Gold im Gang +1")
    assert "Gold im Gang +1" not in buttons(shell)  # rv.gold: once per card
    click(shell, "Zug beenden")
    click(shell, "Karte ziehen")  # Ben: a room
    click(shell, "Raum: Gold")
    click(shell, "Goldraum: +2 Gold")
    assert "Ben hat einen Raum gelegt." in texts(shell)
    offered = buttons(shell)
    assert "Hindernis prüfen" not in offered and "Gold im Gang +1" not in offered  # rv.room: nothing of a passage
    shell.lang = "en"
    shell.render()
    assert "Ben laid a room." in texts(shell)
    click(shell, "End turn")
    click(shell, "Draw a card")  # Cara
    assert "What is the card drawn?" in texts(shell)
    assert {"Passage", "Room: gold", "Room: monster", "Room: trap", "Lay exit", "Drawn without being allowed"} <= set(
        buttons(shell))
    click(shell, "Passage")
    assert "Cara laid a passage." in texts(shell)


def test_setup_offers_the_penalty_option_and_stores_it_rv_penalty(shell):
    shell.go_setup(ui.GAME)
    click(shell, "Mehr Optionen")
    assert "Wer unberechtigt eine Karte zieht, setzt aus:" in texts(shell)
    assert {"den nächsten Zug", "nur diesen Zug"} <= set(buttons(shell))
    shell.lang = "en"
    shell.render()
    assert "Whoever draws a card without being allowed sits out:" in texts(shell)
    click(shell, "only this turn")
    click(shell, "Start game")
    assert shell.table.state.options.penalty_turn == "this"
    assert shell.table.record.options["penalty_turn"] == "this"  # stored with the game


def test_an_unauthorised_draw_ends_the_turn_and_the_next_is_sat_out_rv_penalty(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    click(shell, "Gold im Gang +1")
    click(shell, "Unberechtigt gezogen")
    state = shell.table.state
    assert state.current == 1 and state.players[0].gold == 0
    t = texts(shell)
    # Ben's turn starts clean; the tapping phone is told once what the table does with the card
    assert note(shell) == ("Ana hat unberechtigt gezogen: Karte zurück in den Stapel, Zug vorbei, nächster Zug "
                           "ausgesetzt.")
    assert not any(x.startswith("Ana hat unberechtigt") for x in t)
    assert "Zug 1: Ana −1 (zurückgemischt)" in t  # rv.gold: the card's gold went back with it
    assert "Noch kein Ausgang gelegt · Ana: setzt aus" in t  # the turn tracker, like an injury
    assert "Ana: setzt aus" in [c.tooltip for c in walk(shell.body.controls) if isinstance(c, ft.Button)]
    for _ in range(2):  # Ben and Cara
        click(shell, "Stehen bleiben")
        click(shell, "Zug beenden")
    assert (
        "Ana hat unberechtigt eine Karte gezogen und setzt diesen Zug aus: keine Karte, kein Schritt (rv.penalty)."
        in texts(shell)
    )
    assert "Karte ziehen" not in buttons(shell) and "Erholen" not in buttons(shell)
    click(shell, "Aussetzen")
    assert "Ben ist dran · Zug 5" in texts(shell)
    assert note(shell) == "Ana hat ausgesetzt."
    assert "Noch kein Ausgang gelegt" in texts(shell)  # she is back in the turn order


def test_penalty_this_turn_only_in_english_rv_penalty(shell):
    shell.go_setup(ui.GAME)
    click(shell, "Mehr Optionen")
    click(shell, "nur diesen Zug")
    click(shell, "Spiel starten")
    shell.lang = "en"
    shell.render()
    click(shell, "Draw a card")
    click(shell, "Drawn without being allowed")
    assert note(shell) == "Spieler 1 drew without being allowed: card back into the pile, turn over."
    for _ in range(2):
        click(shell, "Stay")
        click(shell, "End turn")
    assert "Draw a card" in buttons(shell) and "Sit out" not in buttons(shell)


def test_sitting_out_in_english_rv_penalty(shell):
    start(shell)
    shell.lang = "en"
    shell.render()
    click(shell, "Draw a card")
    click(shell, "Drawn without being allowed")
    assert note(shell) == "Ana drew without being allowed: card back into the pile, turn over, next turn skipped."
    assert "No exit laid yet · Ana: sits out" in texts(shell)
    for _ in range(2):
        click(shell, "Stay")
        click(shell, "End turn")
    assert "Ana drew a card without being allowed and sits this turn out: no card, no move (rv.penalty)." in texts(
        shell
    )
    click(shell, "Sit out")
    assert note(shell) == "Ana sat out."


def lava_fails(shell: AppShell) -> None:
    """Ana draws a passage and fails a lava 12 with strength 6 and a typed 1."""
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    click(shell, "Hindernis prüfen")
    click(shell, "Lava")
    for _ in range(5):
        click(shell, "Hinderniszahl +")
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "1")
    click(shell, "Übernehmen")


def test_a_loss_offers_only_what_the_player_has_rv_loss(shell):
    start(shell)
    # nothing: nobody is asked
    lava_fails(shell)
    assert "Ana hat weder Gold noch Schätze: nichts geht verloren (Lava)." in texts(shell)
    assert not [b for b in buttons(shell) if "abgeben" in b] and shell.table.state.pending is None
    assert "Noch keine Goldänderung." in texts(shell)  # no "+0 (Verlust)" line
    click(shell, "Rückgängig")  # the check and its roll are taken back in one step
    assert "Hindernis prüfen: Lava 12" not in texts(shell) and "Hindernis prüfen" in buttons(shell)
    # a treasure and no coins: a treasure goes, she picks which
    # face up: the phone passed around shows their names (hidden ones: test_hidden_treasures_...)
    shell.submit(GainTreasure(by=0, name="Krone", gold=5, hidden=False, reason="correction"))
    shell.submit(GainTreasure(by=0, name="Kelch", gold=2, hidden=False, reason="correction"))
    click(shell, "Hindernis prüfen")  # the panel keeps Lava 12
    assert "Stärke 6 + W6 ≥ 12" in texts(shell)
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "1")
    click(shell, "Übernehmen")
    assert "Ana hat keine Münzen und verliert (Lava) einen Schatz – du wählst, welchen." in texts(shell)
    assert [b for b in buttons(shell) if "abgeben" in b] == ["Schatz 1 abgeben: Krone", "Schatz 2 abgeben: Kelch"]
    shell.lang = "en"
    shell.render()
    assert "Ana has no coins and loses (Lava) one treasure – your choice which." in texts(shell)
    click(shell, "Give up treasure 2: Kelch")
    assert [t.name for t in shell.table.state.players[0].treasures] == ["Krone"]
    shell.lang = "de"
    shell.render()
    click(shell, "Rückgängig")
    # coins and a treasure: the choice, the coins as many as there are
    click(shell, "Korrektur +1")
    assert "Ana verliert (Lava): 3 Gold oder einen Schatz – du wählst." in texts(shell)
    assert [b for b in buttons(shell) if "abgeben" in b] == ["1 Gold abgeben", "Schatz 1 abgeben: Krone",
                                                           "Schatz 2 abgeben: Kelch"]


def test_coins_only_loss_in_english_rv_loss(shell):
    start(shell)
    click(shell, "Korrektur +1")
    for _ in range(4):
        click(shell, "Betrag +")
    click(shell, "Korrektur +5")  # 6 coins
    lava_fails(shell)
    shell.lang = "en"
    shell.render()
    assert "Ana loses (Lava) 3 gold." in texts(shell)
    assert [b for b in buttons(shell) if b.startswith("Give up")] == ["Give up 3 gold"]
    click(shell, "Give up 3 gold")
    assert shell.table.state.players[0].gold == 3
    assert "Turn 1: Ana −3 (loss)" in texts(shell)


async def test_the_new_choices_through_the_real_session(tmp_path):
    """Level 2: the passage/room question, "Unberechtigt gezogen" and the sit-out turn over a real Flet session."""
    from tests.harness.flet_session import AppSession, make_context

    app = await AppSession.start(make_context(tmp_path / "t.db"))
    await app.click(text="Raus aus dem Verlies!")
    await app.click(text="Spiel starten")
    await app.click(text="Karte ziehen")
    assert app.has_text("Was ist die gezogene Karte?")
    await app.click(text="Gang")
    assert app.has_text("Spieler 1 hat einen Gang gelegt.")
    await app.click(text="Unberechtigt gezogen")
    assert app.has_text(
        "Spieler 1 hat unberechtigt gezogen: Karte zurück in den Stapel, Zug vorbei, nächster Zug ausgesetzt.")
    for _ in range(2):
        await app.click(text="Stehen bleiben")
        await app.click(text="Zug beenden")
    assert app.has_text("Spieler 1 hat unberechtigt eine Karte gezogen und setzt diesen Zug aus: keine Karte, "
                        "kein Schritt (rv.penalty).")
    await app.click(text="Aussetzen")
    assert app.has_text("Spieler 2 ist dran · Zug 5")
    assert not app.crashes()


# --- the screen offers what legal() says; every die goes through the table's roll ----------------------
def test_passage_gold_by_dice_goes_through_the_roll_panel_rv_dice(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    tips = {c.tooltip for c in walk(shell.body.controls) if getattr(c, "on_click", None) and not c.disabled}
    assert "Gold im Gang +1" in buttons(shell)  # the dice by their form ("W3"), said in full by their tooltips
    assert {"Gold im Gang: W6 würfeln", "Gold im Gang: W3 würfeln", "Gold im Gang: 1+W6 würfeln"} <= tips
    click(shell, "Gold im Gang: W3 würfeln")
    assert "Gold würfeln (Gang): W3" in texts(shell)
    assert "Zug beenden" not in buttons(shell)  # nothing but the die while it is due
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "5")
    click(shell, "Übernehmen")
    assert "3 Gold" in texts(shell) and "Zug 1: Ana +3 (Gang)" in texts(shell)
    assert not [b for b in buttons(shell) if b.startswith("Gold im Gang")]  # rv.gold: once per card
    assert [r.action for r in shell.table.record.actions[-2:]] == [
        {"type": "roll_gold", "by": 0, "reason": "passage", "dice": "w3"}, {"type": "roll", "by": 0, "value": 5}]


def test_a_gold_room_by_dice_in_english_rv_dice(shell):
    start(shell)
    shell.lang = "en"
    shell.table.dice = Dice(FixedSource([6]))
    shell.render()
    click(shell, "Draw a card")
    click(shell, "Room: gold")
    click(shell, "Gold room: roll 1+d6")
    assert "Roll gold (gold room): 1+d6" in texts(shell)
    click(shell, "Roll")  # the table's virtual die shows 6
    assert "7 gold" in texts(shell) and "Turn 1: Ana +7 (gold room)" in texts(shell)


def test_the_exit_buttons_follow_the_engine_not_a_copy_of_its_rules_rv_exit(shell):
    """The screen's own copy of the exit rules had drifted: it hid "shuffle back" when the passage gold
    just taken made up the gold (rv.gold: that gold does not count) and offered it after an obstacle."""
    start(shell, exit_min_gold=2)
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    click(shell, "Gold auf dem Gang +")
    click(shell, "Gold im Gang +2")
    assert shell.table.state.players[0].gold == 2
    assert {"Ausgang legen", "Ausgang zurückmischen"} <= set(buttons(shell))  # 2 - 2 of this card < 2
    click(shell, "Hindernis prüfen")
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "6")
    click(shell, "Übernehmen")
    assert "Ausgang legen" in buttons(shell) and "Ausgang zurückmischen" not in buttons(shell)  # rv.exit: too late


# --- the play screen at the table ------------------------------------------------------------
def all_strings(shell: AppShell) -> list[str]:
    """Every string the screen shows or speaks: texts, labels, tooltips, button words."""
    out = []
    for c in walk(shell.body.controls):
        for attr in ("value", "label", "tooltip", "content", "text", "hint_text"):
            v = getattr(c, attr, None)
            if isinstance(v, str):
                out.append(v)
    return out


def test_the_font_check_finds_a_symbol_roboto_lacks():
    assert missing("Ana ⏸ Schätze: 2 🔒 Stärke 6 + W6 ≥ 8 – Ω · −3 »") == "⏸🔒"


def test_every_play_screen_draws_with_roboto_and_icons_only(shell):
    """No ✓ ✚ ⏸ 🔒 (empty boxes offline): the status of each adventurer and a face-down treasure are icons."""
    start(shell)
    seen: list[str] = []

    def look() -> None:
        for lang in ("de", "en"):
            shell.lang = lang
            shell.render()
            seen.extend(all_strings(shell))
        shell.lang = "de"
        shell.render()

    look()
    click(shell, "Karte ziehen")
    look()
    click(shell, "Gang")
    click(shell, "Hindernis prüfen")
    look()
    click(shell, "Lava")
    for _ in range(5):
        click(shell, "Hinderniszahl +")
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "1")  # Ana is injured (rv.injury)
    click(shell, "Übernehmen")
    look()
    click(shell, "Zug beenden")
    click(shell, "Karte ziehen")
    click(shell, "Unberechtigt gezogen")  # Ben sits out next turn (rv.penalty)
    look()
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    look()
    real_dice(shell)
    type_into(shell, "Wurf Cara", "6")
    type_into(shell, "Wurf Monster", "1")
    click(shell, "Kampf eintragen")
    look()
    click(shell, "Schatz nehmen")
    look()
    chips = {c.tooltip for c in walk(shell.body.controls) if isinstance(c, ft.Button) and c.tooltip}
    assert {"Ana: verletzt", "Ben: setzt aus"} <= chips
    assert "1. verdeckter Schatz" in texts(shell)
    assert missing("".join(seen)) == ""


def test_hidden_treasures_stay_hidden_on_every_shared_screen_rv_treasure(shell):
    start(shell)
    shell.submit(GainTreasure(by=0, name="Krone", gold=4, magic=True, reason="correction"))  # face down
    shell.submit(GainTreasure(by=0, name="Kelch", gold=2, hidden=False, reason="correction"))
    # the phone passed around the table: "verdeckter Schatz", neither name nor value
    shell.render()
    assert "1. verdeckter Schatz" in texts(shell) and "2. Kelch – 2 Gold" in texts(shell)
    assert not has_text(shell, "Krone") and not has_text(shell, "4 Gold")
    shell.lang = "en"
    shell.render()
    assert "1. face-down treasure" in texts(shell) and "2. Kelch – 2 gold" in texts(shell)
    assert not has_text(shell, "Krone") and not has_text(shell, "4 gold")
    shell.lang = "de"
    shell.render()
    # a loss on the shared screen names it the same way
    lava_fails(shell)
    assert [b for b in buttons(shell) if "abgeben" in b] == ["Schatz 1 abgeben: verdeckter Schatz",
                                                           "Schatz 2 abgeben: Kelch"]
    assert not any("Krone" in s for s in all_strings(shell))
    # Ana's own phone: name, value and marks; no turning over while the loss is open (rv.treasure)
    shell.seats = {0}
    shell.render()
    assert "1. Krone – 4 Gold · M · verdeckt" in texts(shell)
    assert "Schatz 1 abgeben: Krone" in buttons(shell)
    assert "Schatz 1 aufdecken" not in buttons(shell)
    # Ben's phone, looking at Ana's purse: hidden
    shell.seats = {1}
    play_state(shell).seat = 0
    play_state(shell).seat_seq = shell.table.seq
    shell.render()
    assert "1. verdeckter Schatz" in texts(shell)
    assert not any("Krone" in s for s in all_strings(shell))
    # the loss paid, Ana may turn it over in her turn: everyone sees it
    shell.seats = None
    shell.render()
    click(shell, "Schatz 2 abgeben: Kelch")
    click(shell, "Schatz 1 aufdecken")
    assert "1. Krone – 4 Gold · M" in texts(shell)


def trap_with_check(shell: AppShell, typed: str) -> None:
    click(shell, "Karte ziehen")
    click(shell, "Raum: Falle")
    for _ in range(5):
        click(shell, "Hinderniszahl +")  # Rot · Stärke 6 against 12
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", typed)
    click(shell, "Falle eintragen")


def test_a_trap_result_shows_its_dice(shell):
    start(shell)
    trap_with_check(shell, "2")
    assert "Falle 12 (Rot): 6 + 2 = 8 – zugeschnappt." in texts(shell)
    shell.lang = "en"
    shell.render()
    assert "Trap 12 (Red): 6 + 2 = 8 – sprung." in texts(shell)
    shell.lang = "de"
    shell.render()
    click(shell, "Rückgängig")  # the trap and its roll in one step; the trap panel again
    assert "Falle! Was sagt die Karte?" in texts(shell)
    real_dice(shell)
    type_into(shell, "Gewürfelt (W6)", "6")
    click(shell, "Falle eintragen")
    assert "Falle 12 (Rot): 6 + 6 = 12 – entkommen!" in texts(shell)


def test_a_turn_starts_with_a_clean_message_area(shell):
    _fight_won(shell)  # Ana wins a fight, the treasure named "Krone"
    click(shell, "Schatz nehmen")
    assert KAMPF_WON_12 in texts(shell) and "Ana hat einen Schatz." in texts(shell)
    click(shell, "Zug beenden")
    assert "Ben ist dran · Zug 2" in texts(shell)
    t = texts(shell)
    assert KAMPF_WON_12 not in t and "Ana hat einen Schatz." not in t
    assert note(shell) is None  # a plain end of turn: nothing to pass on
    click(shell, "Karte ziehen")
    click(shell, "Raum: Gold")
    click(shell, "Goldraum: +2 Gold")
    assert "Raumkarte: Gold." in texts(shell)  # this turn's lines come back as they happen


# --- the real W6 set by tapping its face, under "Echte Würfel" (rv.dice) ---------------------------
def face_labels(shell: AppShell) -> list[str]:
    return [c.label for c in walk(shell.body.controls)
            if isinstance(c, ft.Semantics) and c.button and isinstance(c.label, str)
            and (" zeigt " in c.label or " shows " in c.label)]


def tap_face(shell: AppShell, label: str) -> None:
    face = next((c for c in walk(shell.body.controls) if isinstance(c, ft.Semantics) and c.label == label), None)
    assert face is not None, f"no face {label!r}; faces: {face_labels(shell)}"
    face.content.on_click(None)


def english(shell: AppShell) -> None:
    shell.lang = "en"
    shell.render()


def field_value(shell: AppShell, label: str) -> str | None:
    return next(c.value for c in walk(shell.body.controls) if isinstance(c, ft.TextField) and c.label == label)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_obstacle_check_takes_the_tapped_die_rv_dice(shell, lang):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    click(shell, "Hindernis prüfen")
    click(shell, "Tür")
    for _ in range(2):  # 7 -> 9
        click(shell, "Hinderniszahl +")
    if lang == "en":
        english(shell)
    de = lang == "de"
    field = "Gewürfelt (W6)" if de else "Rolled (d6)"
    assert face_labels(shell) == []  # closed until opened: each face is a control the phone builds
    click(shell, "Echte Würfel" if de else "Real dice")
    assert face_labels(shell) == [f"W6 zeigt {v}" if de else f"d6 shows {v}" for v in range(1, 7)]
    tap_face(shell, "W6 zeigt 4" if de else "d6 shows 4")
    assert field_value(shell, field) == "4"  # the tapped face is the die's one value
    assert shell.table.state.chance is None and shell.table.state.log[-1].kind != "obstacle"  # not taken yet
    click(shell, "Übernehmen" if de else "Apply")
    assert ("Tür 9 (Rot): 6 + 4 = 10 – geschafft!" if de else "Door 9 (Red): 6 + 4 = 10 – passed!") in texts(shell)
    assert [(r.action["type"], r.action.get("value")) for r in shell.table.record.actions[-2:]] == [
        ("obstacle", None), ("roll", 4)]
    assert face_labels(shell) == [] and ("Zug beenden" if de else "End turn") in buttons(shell)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_fight_on_the_phone_passed_around_takes_both_tapped_dice_rv_monster(shell, lang):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    if lang == "en":
        english(shell)
    de = lang == "de"
    hero, monster = ("W6 Ana zeigt", "W6 Monster zeigt") if de else ("Ana's d6 shows", "Monster's d6 shows")
    click(shell, "Echte Würfel" if de else "Real dice")
    assert face_labels(shell) == [f"{hero} {v}" for v in range(1, 7)] + [f"{monster} {v}" for v in range(1, 7)]
    tap_face(shell, f"{hero} 1")
    tap_face(shell, f"{monster} 3")
    assert field_value(shell, "Wurf Ana" if de else "Roll Ana") == "1"
    assert field_value(shell, "Wurf Monster" if de else "Roll monster") == "3"
    click(shell, "Kampf eintragen" if de else "Enter fight")
    assert (KAMPF_LOST_8 if de
            else FIGHT_LOST_8) in texts(shell)
    assert [(r.seat, r.action["type"], r.action.get("value")) for r in shell.table.record.actions[-3:]] == [
        (0, "fight", None), (0, "roll", 1), (1, "roll", 3)]


def test_on_seat_phones_the_monsters_die_is_tapped_on_the_rollers_phone_rv_monster(shell):
    """The roll panel (the engine's ``pending_roll``) offers the faces of the die it asks for."""
    start(shell)
    shell.seats = {0}  # Ana's phone: her die only
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    click(shell, "Echte Würfel")
    assert face_labels(shell) == [f"W6 Ana zeigt {v}" for v in range(1, 7)]
    tap_face(shell, "W6 Ana zeigt 1")
    click(shell, "Kampf eintragen")
    assert shell.table.state.chance.purpose == "monster" and shell.table.state.chance.fight.roll == 1
    shell.seats = {1}  # Ben's phone: his roll for the monster
    english(shell)
    play_state(shell).real_dice = False  # his phone has not chosen the real dice yet
    shell.render()
    assert face_labels(shell) == [] and "Roll" in buttons(shell)
    click(shell, "Real dice")
    assert face_labels(shell) == [f"Monster's d6 shows {v}" for v in range(1, 7)]
    tap_face(shell, "Monster's d6 shows 2")
    click(shell, "Apply")
    assert FIGHT_WON_7 in texts(shell)  # a draw goes to the adventurer
    assert shell.table.state.pending.kind == "spoils" and face_labels(shell) == []


def test_gold_by_dice_is_tapped_in_the_roll_panel_rv_dice(shell):
    start(shell)
    click(shell, "Karte ziehen")
    click(shell, "Gang")
    click(shell, "Gold im Gang: W6 würfeln")
    assert shell.table.game.pending_roll(shell.table.state) is not None
    click(shell, "Echte Würfel")
    assert face_labels(shell) == [f"W6 zeigt {v}" for v in range(1, 7)]
    tap_face(shell, "W6 zeigt 5")
    click(shell, "Übernehmen")
    assert shell.table.state.players[0].gold == 5 and shell.table.state.chance is None


# --- the room card after "Raum", "Unberechtigt gezogen" after a walk, reveal in one's own turn ---
ROOM_NEXT = ("Als Nächstes: die Raumkarte ziehen und eintragen – vorher endet der Zug nicht (rv.room).",
             "Next: draw the room card and enter it – the turn cannot end before that (rv.room).")


def test_after_raum_the_room_card_is_the_next_step_and_the_turn_cannot_end_rv_room(shell):
    start(shell)
    click(shell, "Karte ziehen")
    assert {"Gang", "Raum", "Raum: Gold", "Raum: Monster", "Raum: Falle", "Zug beenden"} <= set(buttons(shell))
    assert ROOM_NEXT[0] not in texts(shell)  # a card not said yet may still end the turn
    click(shell, "Raum")
    assert shell.table.state.turn.card == "room"
    t = texts(shell)
    assert "Ana hat einen Raum gelegt." in t and ROOM_NEXT[0] in t and "Raumkarte (neuer Raum):" in t
    offered = buttons(shell)
    assert {"Raum: Gold", "Raum: Monster", "Raum: Falle", "Unberechtigt gezogen"} <= set(offered)
    assert not {"Zug beenden", "Gang", "Raum", "Hindernis prüfen", "Gold im Gang +1"} & set(offered)
    shell.lang = "en"
    shell.render()
    t = texts(shell)
    assert "Ana laid a room." in t and ROOM_NEXT[1] in t and "Room card (new room):" in t
    assert {"Room: gold", "Room: monster", "Room: trap", "Drawn without being allowed"} <= set(buttons(shell))
    assert not {"End turn", "Passage", "Room"} & set(buttons(shell))
    shell.lang = "de"
    shell.render()
    click(shell, "Raum: Gold")
    click(shell, "Goldraum: +2 Gold")
    assert shell.table.state.players[0].gold == 2 and ROOM_NEXT[0] not in texts(shell)
    click(shell, "Zug beenden")  # the room card entered: now the turn may end
    assert "Ben ist dran · Zug 2" in texts(shell)


def test_after_a_walk_a_card_drawn_anyway_is_recorded_rv_penalty(shell):
    start(shell)
    click(shell, "1 Karte laufen")
    assert "Ana ist gelaufen (1)." in texts(shell)
    assert {"Unberechtigt gezogen", "Zug beenden"} <= set(buttons(shell))
    click(shell, "Unberechtigt gezogen")
    assert note(shell) == ("Ana hat unberechtigt gezogen: Karte zurück in den Stapel, Zug vorbei, nächster Zug "
                           "ausgesetzt.")
    assert "Ben ist dran · Zug 2" in texts(shell) and shell.table.state.players[0].sits_out
    shell.lang = "en"
    shell.render()
    click(shell, "Walk 2 cards")
    assert "Ben walked (2)." in texts(shell)
    assert {"Drawn without being allowed", "End turn"} <= set(buttons(shell))
    click(shell, "Drawn without being allowed")
    assert note(shell) == "Ben drew without being allowed: card back into the pile, turn over, next turn skipped."


def test_a_treasure_is_turned_over_only_in_its_holders_turn_once_the_move_is_made_rv_treasure(shell):
    start(shell)
    shell.submit(GainTreasure(by=0, name="Krone", gold=4, reason="correction"))
    shell.seats = {0}  # Ana's own phone
    shell.render()
    assert "1. Krone – 4 Gold · verdeckt" in texts(shell)
    assert "Schatz 1 aufdecken" not in buttons(shell)  # the start of her turn: the move first
    click(shell, "Stehen bleiben")
    assert "Schatz 1 aufdecken" in buttons(shell)
    shell.lang = "en"
    shell.render()
    assert "Reveal treasure 1" in buttons(shell)
    click(shell, "End turn")
    assert "Waiting for Ben." in texts(shell)
    assert "1. Krone – 4 gold · face down" in texts(shell) and "Reveal treasure 1" not in buttons(shell)  # Ben's turn


# --- the spoils panel's checkboxes redraw, as the trap's do ----------------------------------
def _toggle(shell: AppShell, label: str) -> bool:
    """Tap the checkbox row shown now with this label; return whether it shows checked afterwards."""
    def row() -> ft.Semantics:
        return next(c for c in walk(shell.body.controls) if isinstance(c, ft.Semantics) and c.label == label)

    row().on_tap(None)
    shown = row().checked
    assert isinstance(shown, bool)
    return shown


def _win_fight(shell: AppShell, who: str, treasure: str) -> None:
    """``who`` draws a monster, rolls 6 against its 1 and names the treasure (not taken yet)."""
    click(shell, "Karte ziehen")
    click(shell, "Raum: Monster")
    real_dice(shell)
    type_into(shell, f"Wurf {who}", "6")
    type_into(shell, "Wurf Monster", "1")
    click(shell, "Kampf eintragen")
    type_into(shell, "Schatzname", treasure)


def _fight_won(shell: AppShell) -> None:
    start(shell)
    _win_fight(shell, "Ana", "Krone")


def test_the_treasure_checkboxes_show_each_tap_and_a_second_tap_undoes_the_first(shell):
    _fight_won(shell)
    assert _toggle(shell, "Magisch (M)") is True  # drawn at once, as the trap's checkboxes are
    assert _toggle(shell, "Magisch (M)") is False  # the second tap takes it back
    assert _toggle(shell, "Verdeckt") is False
    assert _toggle(shell, "Verdeckt") is True
    assert _toggle(shell, "Verdeckt") is False
    assert _toggle(shell, "Magisch (M)") is True
    assert [c.value for c in walk(shell.body.controls)
            if isinstance(c, ft.TextField) and c.label == "Schatzname"] == ["Krone"]  # the typed name stays
    click(shell, "Schatz nehmen")
    t = shell.table.state.players[0].treasures[0]
    assert (t.name, t.magic, t.hidden) == ("Krone", True, False)
    assert "1. Krone – 3 Gold · M" in texts(shell)


def test_the_treasure_checkboxes_in_english(shell):
    _fight_won(shell)
    shell.lang = "en"
    shell.render()
    assert _toggle(shell, "Face down") is False
    assert _toggle(shell, "Magic (M)") is True
    assert _toggle(shell, "Magic (M)") is False
    click(shell, "Take treasure")
    t = shell.table.state.players[0].treasures[0]
    assert (t.magic, t.hidden) == (False, False)
    assert "1. Krone – 3 gold" in texts(shell)


# --- the screens read the engine's own types ---------------------------------------------------
def test_a_table_gives_its_state_as_its_engines_state_and_refuses_another_games_type(shell):
    from scoring import qwixx_longo, verlies

    start(shell)
    assert isinstance(shell.table.state_as(verlies.State), verlies.State)
    assert shell.table.state_as(verlies.State, 0).turn_no == 1  # after the first n actions
    with pytest.raises(TypeError, match="plays raus-aus-dem-verlies, not scoring.qwixx_longo.State"):
        shell.table.state_as(qwixx_longo.State)


def test_an_event_without_the_shape_the_screen_reads_gives_no_line_not_a_crash(shell):
    from companion.games.verlies.play_actions import event_text
    from scoring.verlies import Event

    start(shell)
    state = shell.table.state
    broken = [Event(turn=1, seat=0, kind=k, detail={"number": 7}) for k in ("obstacle", "declined", "room")]
    assert [event_text(shell, state, ev) for ev in broken] == [None, None, None]
    fight = Event(turn=1, seat=0, kind="fight", detail={"roll": 3, "monster_roll": 2, "total": 9, "monster_total": 7,
                                                        "won": True})  # the dice without who rolled: the short line
    assert event_text(shell, state, fight) == "Kampf: 9 gegen 7 – gewonnen!"
    shell.lang = "en"
    assert event_text(shell, state, fight) == "Fight: 9 against 7 – won!"
