"""The coach's hint on the Qwixx play screen ("Tipp?"), through the real Flet session.

Off unless the table allowed hints in its house rules; a tap shows the coach's three best
choices for the seat deciding, in the table's language; a seat's own phone only for that seat.
"""

from __future__ import annotations

import pytest

from companion.games.qwixx.coach_panel import hint_lines
from companion.games.qwixx.play_screen import action_specs
from scoring.qwixx_coach import advise
from scoring.qwixx_longo import State
from tests.companion.games.test_qwixx_session import TYPED, two_player_table, typed_roll
from tests.companion.table.test_many_phones import open_phone
from tests.harness.flet_session import AppSession, make_context


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


def coach_lines(phone: AppSession, seat: int) -> list[str]:
    """What the coach ranks for ``seat`` now, in the phone's language, three lines."""
    shell = phone.shell
    state = shell.game_table.state_as(State)
    return hint_lines(shell, state, advise(state, seat), lambda a: action_specs(shell, state, [a])[0][0])


def shown_hint(phone: AppSession) -> list[str]:
    texts = phone.texts()
    i = next(i for i, t in enumerate(texts) if t.startswith(("Tipp für ", "Hint for ")))
    return texts[i + 1:i + 4]


async def shared_phone(ctx, table, lang: str = "de") -> AppSession:
    """A phone passed around the table: it decides for every seat."""
    app = await AppSession.start(ctx, route=f"/g/{table.id}" + ("?lang=en" if lang == "en" else ""))
    await app.click(text="Everyone (the phone is passed around)" if lang == "en" else "Alle (Handy wird herumgereicht)")
    return app


async def roll(phone: AppSession, values: str, typed: str = TYPED, apply: str = "Übernehmen") -> None:
    real = "Echte Würfel" if apply == "Übernehmen" else "Real dice"
    await typed_roll(phone, values, typed=typed, apply=apply, real=real)


async def test_no_hint_unless_the_table_allowed_it(ctx):
    table = two_player_table(ctx, names=("Ana", "Ben"))
    assert table.state.options.hints is False  # a record without the switch: off
    app = await shared_phone(ctx, table)
    await roll(app, "3 4 1 1 1 1")
    assert app.has_text("Weiße Summe 7 – Ana:")
    assert not app.find_all(text="Tipp?") and not app.find_all(text="Hint?")
    assert app.crashes() == []


async def test_a_tap_shows_the_coachs_three_best_choices_and_chooses_nothing(ctx):
    table = two_player_table(ctx, names=("Ana", "Ben"), hints=True)
    app = await shared_phone(ctx, table)
    await roll(app, "3 4 1 1 1 1")
    before = table.seq
    await app.click(text="Tipp?")
    lines = shown_hint(app)
    assert app.has_text("Tipp für Ana (nur zum Lesen):")
    assert lines == coach_lines(app, 0) == [
        "Passen: +4,2 — nur Farbe: 4 in Rot",
        "Rot 7: +3,1 — überspringt 5 Felder in Rot; danach Farbe: 4 in Gelb",
        "Gelb 7: +3,1 — überspringt 5 Felder in Gelb; danach Farbe: 4 in Rot",
    ]
    assert table.seq == before  # only shown: nothing was chosen
    await app.click(text="Passen")  # the table moves on: the advice is gone
    assert not app.has_text("Tipp für Ana (nur zum Lesen):")
    assert app.find_all(text="Tipp?")  # Ben decides now on this shared phone
    assert app.crashes() == []


async def test_the_hint_in_english(ctx):
    table = two_player_table(ctx, names=("Ana", "Ben"), hints=True)
    app = await shared_phone(ctx, table, "en")
    await roll(app, "3 4 1 1 1 1", "Real dice: type the values", "Apply")
    await app.click(text="Hint?")
    assert app.has_text("Hint for Ana (to read only):")
    lines = shown_hint(app)
    assert lines == coach_lines(app, 0) == [
        "Pass: +4.2 — colour only: 4 in red",
        "Red 7: +3.1 — skips 5 fields in red; then colour: 4 in yellow",
        "Yellow 7: +3.1 — skips 5 fields in yellow; then colour: 4 in red",
    ]
    assert app.crashes() == []


async def test_a_seat_phone_offers_the_hint_only_for_its_own_decision(ctx):
    table = two_player_table(ctx, names=("Ana", "Ben"), hints=True)
    ana = await open_phone(ctx, f"/g/{table.id}/seat/0")
    ben = await open_phone(ctx, f"/g/{table.id}/seat/1")
    assert not ben.find_all(text="Tipp?")  # Ana rolls: nothing for Ben to decide
    await roll(ana, "3 4 1 1 1 1")
    await ben.wait_for(lambda: ben.has_text("Weiße Summe 7 – Ben:"))
    await ben.click(text="Tipp?")
    assert ben.has_text("Tipp für Ben (nur zum Lesen):") and not ana.has_text("Tipp für Ben (nur zum Lesen):")
    assert shown_hint(ben) == coach_lines(ben, 1)
    await ben.click(text="Passen")
    assert not ben.find_all(text="Tipp?") and not ben.has_text("Tipp für Ben (nur zum Lesen):")
    await ana.click(text="Passen")
    await ben.wait_for(lambda: ben.has_text("Ana wählt noch eine Farbe (oder passt).", contains=True))
    assert not ben.find_all(text="Tipp?")  # Ana's colour choice: only her phone
    assert ana.find_all(text="Tipp?")
    assert ana.crashes() == [] and ben.crashes() == []


async def test_the_switch_is_a_house_rule_kept_with_the_game(tmp_path):
    db = tmp_path / "tischrichter.db"
    app = await AppSession.start(make_context(db))
    await app.click(text="Qwixx Longo")
    await app.click(text="Mehr Optionen")
    await app.click(label="Tipps erlauben")
    await app.click(text="Spiel starten")
    table_id = app.shell.game_table.id
    await app.click(text="Würfeln")
    assert app.find_all(text="Tipp?")
    await app.close()
    # the app starts again on the same database: the table still allows hints
    again = await AppSession.start(make_context(db), route=f"/g/{table_id}")
    await again.click(text="Alle (Handy wird herumgereicht)")
    assert again.shell.game_table.state_as(State).options.hints is True
    assert again.find_all(text="Tipp?")
    assert again.crashes() == []
