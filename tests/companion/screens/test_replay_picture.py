"""The history's replay shows the game as a picture at the chosen step: the Qwixx sheet with its
crosses and the roll, the Verflixxt track with every piece in the seats' colours, the Verlies
adventurers with their gold and treasures; the step's words below it. The picture is the
game's own (its ``picture`` hook); nothing in it can be tapped as a move. Level 2: the real Flet
session over a fake connection, what a phone would receive."""

from __future__ import annotations

import flet as ft
import pytest

from companion import registry
from companion.screens.history_parts import read_only
from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, Found, _descendants, make_context

BLUE = "#1976d2"  # the colour Ana picked at setup (Verflixxt's "blau", ft.Colors.BLUE_700)


def picture(app: AppSession) -> ft.Control:
    found = [f.control for f in app.walk() if f.control.key == "hist-picture"]
    assert len(found) == 1, app.texts()
    return found[0]


def inside(app: AppSession) -> list[ft.Control]:
    return [picture(app), *_descendants(picture(app))]


def labels(app: AppSession) -> list[str]:
    """What a screen reader says of the picture's parts (a field, a die, a slot, a pile)."""
    return [c.label for c in inside(app) if isinstance(c, ft.Semantics) and isinstance(c.label, str)]


def words(app: AppSession) -> list[str]:
    return [c.value for c in inside(app) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def nothing_to_tap(app: AppSession) -> None:
    """No tap handler in the picture and nothing in it read out as a button."""
    taps = [c for c in inside(app) if any(getattr(c, n, None) is not None for n in ("on_click", "on_tap"))]
    assert taps == []
    assert [c.label for c in inside(app) if isinstance(c, ft.Semantics) and c.button] == []


def step_line_below_picture(app: AppSession, line: str) -> None:
    """The step in words right below the picture (the switcher of players above it)."""
    order = [f for f in app.walk() if f.control.key == "hist-picture" or line in _own(f)]
    assert [f.control.key == "hist-picture" for f in order][:2] == [True, False], [_own(f) for f in order]


def _own(f: Found) -> list[str]:
    return [f.control.value] if isinstance(f.control, ft.Text) and isinstance(f.control.value, str) else []


async def open_replay(tmp_path, make) -> tuple[AppSession, str]:
    ctx = make_context(tmp_path / "t.db")
    table = make(ctx.tables)
    app = await AppSession.start(ctx)
    await app.click(text="Verlauf")  # the replay opens from the history (finished games); here by its id
    app.shell.go("replay", hist_replay=table.id, hist_step=None, hist_seat=None)
    await app.settle()
    return app, table.id


async def go_step(app: AppSession, k: int) -> None:
    app.shell.ui["hist_step"] = k
    app.shell.render()
    await app.settle()


# --- Qwixx Longo: the roll and the sheet of whoever made the step ---------------------------------------
def qwixx(tables):
    t = tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                      {"lucky_numbers": [[3, 13], [4, 14]]})
    t.roll(None, [5, 3, 4, 2, 6, 1])
    t.submit({"type": "white", "by": 0, "row": "red"})  # Ana: white 8 in red
    t.submit({"type": "pass", "by": 1})
    return t


async def test_a_qwixx_replay_shows_the_roll_and_the_sheet_crossed_so_far(tmp_path):
    app, gid = await open_replay(tmp_path, qwixx)
    await go_step(app, 1)  # the roll: Ana's sheet still blank
    assert app.has_text("Zug 1: Ana würfelt: Weiß 5 und 3 · Rot 4 · Gelb 2 · Grün 6 · Blau 1")
    assert {"Weiß 5", "Weiß 3", "Rot 4", "Gelb 2", "Grün 6", "Blau 1"} <= set(labels(app))
    assert "Zettel von Ana" in words(app) and "Rot 8" in labels(app) and "Kreuze Rot: 0" in labels(app)
    await app.click(tooltip="Zug vor")  # Ana crosses white 8 in red
    assert "Rot 8: angekreuzt" in labels(app) and "Rot 7: übersprungen" in labels(app)
    assert "Kreuze Rot: 1" in labels(app) and "1 Punkt" in words(app)
    step_line_below_picture(app, "Zug 2: Ana: Weiß 8 in Rot")
    nothing_to_tap(app)
    await app.click(tooltip="Zug vor")  # Ben passes: his sheet is the one in focus
    assert "Zettel von Ben" in words(app) and "Rot 8" in labels(app)
    await app.click(text="Ana")  # looking at Ana's sheet is no move: the record stays as it was
    assert "Zettel von Ana" in words(app) and "Rot 8: angekreuzt" in labels(app)
    assert app.has_text("Zug 3: Ben: Passen") and len(app.shell.ctx.store.record(gid).actions) == 3
    await app.click(tooltip="Zug zurück")  # the chosen sheet stays while stepping
    assert "Zettel von Ana" in words(app)
    await app.click(text="English")
    assert "Ana's sheet" in words(app) and "Red 8: crossed" in labels(app)
    assert app.has_text("Move 2: Ana: white 8 in red")
    assert app.crashes() == []


async def test_the_sheets_fields_in_a_replay_cannot_be_tapped(tmp_path):
    app, gid = await open_replay(tmp_path, qwixx)
    await go_step(app, 1)  # the white sum 8 is open for Ana: on the play screen "Rot 8" would cross it
    field = app.find(label="Rot 8")
    assert field.clickable() is None
    nothing_to_tap(app)
    assert len(app.shell.ctx.store.record(gid).actions) == 3


# --- Verflixxt: the track with every piece, in the colours the seats picked -----------------
def verflixxt(tables):
    t = tables.create("verflixxt", [PlayerSpec(name="Ana", color=BLUE), PlayerSpec(name="Ben")],
                      {"figures_per_player": 2})
    t.roll(None, [3])
    t.submit({"type": "move_figure", "by": 0, "figure": 0})  # Ana's first figure 3 slots on
    return t


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_a_verflixxt_replay_shows_the_track_in_the_seats_colours(tmp_path, lang):
    app, _ = await open_replay(tmp_path, verflixxt)
    if lang == "en":
        await app.click(text="English")
    seen = labels(app)
    if lang == "de":
        assert seen[0] == "Start: A2, B1, B2" and seen[-1] == "Ziel"
        assert [s for s in seen if "A1" in s] == ["Feld 3 (G): A1, Wächter"]
        assert app.has_text("Ben ist dran") and app.has_text("Zug 2: Ana: Figur 1 ziehen (Feld 0)")
    else:
        assert seen[0] == "Start: A2, B1, B2" and seen[-1] == "Goal"
        assert [s for s in seen if "A1" in s] == ["slot 3 (L): A1, guard"]
        assert app.has_text("Ben's turn")
    chips = [c for c in inside(app) if isinstance(c, ft.Container) and isinstance(c.content, ft.Text)
             and c.content.value in ("A1", "A2")]
    assert [c.bgcolor for c in chips] == [BLUE, BLUE]  # Ana's colour from the set-up, not the seat's default
    await go_step(app, 1)  # the roll
    assert app.has_text("Gewürfelt: 3" if lang == "de" else "Rolled: 3")
    assert labels(app)[0] == "Start: A1, A2, B1, B2"
    nothing_to_tap(app)
    assert app.crashes() == []


# --- Raus aus dem Verlies: the adventurers, their gold and treasures; a hidden one stays face down ------
def verlies(tables):
    t = tables.create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {})
    for a in (dict(type="draw_card"), dict(type="lay_card", card="passage"),
              dict(type="gain_gold", amount=3, reason="passage"), dict(type="end_turn"),
              dict(type="draw_card"), dict(type="room_card", kind="monster"),
              dict(type="fight", monster_value=1, attribute="mind", monster_roller=0)):
        t.submit({"by": t.state.current, **a})
    t.roll(None, [6])
    t.roll(None, [1])  # Ben wins the fight
    t.submit({"type": "gain_treasure", "by": 1, "name": "Krone", "gold": 4, "magic": True, "hidden": True})
    return t


async def test_a_verlies_replay_shows_the_purses_and_keeps_a_hidden_treasure_face_down(tmp_path):
    app, _ = await open_replay(tmp_path, verlies)
    shown = words(app)
    assert shown[:2] == ["Ben ist dran · Zug 2", "Noch kein Ausgang gelegt"]
    assert {"Ana (Abenteurer 1)", "3 Gold", "Ben (Abenteurer 2)", "Schätze: 1", "1. verdeckter Schatz"} <= set(shown)
    assert not any("Krone" in w for w in shown)  # rv.treasure: face down while the game runs
    await app.click(text="Ana")  # Ana's purse in full: her values and no treasure
    assert {"Stärke 6 · Geist 3 · Geschick 3", "Keine Schätze."} <= set(words(app))
    await go_step(app, 3)  # the passage gold taken
    assert app.has_text("Zug 3: Ana: +3 Gold") and "3 Gold" in words(app)
    await go_step(app, 2)
    assert "0 Gold" in words(app) and "3 Gold" not in words(app)
    nothing_to_tap(app)
    await app.click(text="English")
    assert {"Ana (Adventurer 1)", "Strength 6 · Mind 3 · Dexterity 3", "No treasures."} <= set(words(app))
    assert app.crashes() == []


def test_every_game_draws_its_picture_for_the_replay():
    assert {gid: ui.picture is not None for gid, ui in registry.game_uis().items()} == {
        "qwixx-longo": True, "verflixxt": True, "raus-aus-dem-verlies": True}


def test_a_picture_is_made_read_only_whatever_a_game_puts_in_it():
    """A game's picture with a tap in it (a field drawn as a button) loses the tap in the replay."""
    tapped: list[str] = []
    field = ft.Semantics(label="Rot 8", button=True, content=ft.Container(
        ft.Text("8"), ink=True, on_click=lambda e: tapped.append("Rot 8")))
    chip = ft.Button(content="Ana", on_click=lambda e: tapped.append("Ana"))
    shown = read_only(ft.Column([ft.Row([field]), chip]))
    parts = [shown, *_descendants(shown)]
    assert [c for c in parts if getattr(c, "on_click", None) is not None] == []
    assert not field.button and not field.content.ink
