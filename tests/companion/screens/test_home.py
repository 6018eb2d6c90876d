"""The home screen through a real Flet session (no browser): the open games first, each with its
players, when it was last played and a big "Weiterspielen"; the games to start as cards named by
their titles; the colour choice at the bottom."""

from __future__ import annotations

import flet as ft

from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, make_context

LUCKY = {"lucky_numbers": [(4, 9), (5, 12)]}


def _open_games(ctx, *pairs: tuple[str, str]) -> None:
    for a, b in pairs:
        ctx.tables.create("qwixx-longo", [PlayerSpec(name=a), PlayerSpec(name=b)], LUCKY)


async def test_open_games_come_first_with_players_time_and_a_big_button_the_older_ones_folded(tmp_path):
    ctx = make_context(tmp_path / "t.db")
    _open_games(ctx, ("Ana", "Ben"), ("Cara", "Dev"), ("Eva", "Finn"))
    newest = ctx.store.games(finished=False)[0]
    ctx.tables.open(newest["id"]).roll(values=[3, 4, 8, 1, 2, 5])
    newest = next(g for g in ctx.store.games(finished=False) if g["id"] == newest["id"])
    app = await AppSession.start(ctx)
    texts = app.texts()
    assert texts.index("Offene Spiele") < texts.index("Neues Spiel") < texts.index("Farben")
    players = ", ".join(newest["players"])
    assert players in texts
    assert f"heute {newest['updated'][11:16]} · 1 Zug" in texts  # the store's clock is the table's
    assert len(app.find_all(text="Weiterspielen")) == 2
    assert app.has_text("1 weiteres offenes Spiel zeigen")
    resume = app.find(tooltip=f"Weiterspielen: Qwixx Longo: {players} · 1 Zug").control
    assert isinstance(resume, ft.Button) and resume.height >= 48
    await app.click(text="1 weiteres offenes Spiel zeigen")
    assert len(app.find_all(text="Weiterspielen")) == 3 and not app.has_text("1 weiteres offenes Spiel zeigen")
    # a new game: the card is the button, its title its words
    await app.click(text="Qwixx Longo")
    assert app.has_text("Qwixx Longo – neues Spiel")
    assert not app.crashes()


async def test_nothing_open_the_new_games_come_first_in_both_languages(tmp_path):
    ctx = make_context(tmp_path / "t.db")
    app = await AppSession.start(ctx)
    texts = app.texts()
    assert texts.index("Neues Spiel") < texts.index("Offene Spiele") < texts.index("Keine offenen Spiele.")
    assert app.has_text("Würfeln und ankreuzen") and app.has_text("Schätze finden, rechtzeitig raus")
    card = app.find(tooltip="Neues Spiel: Raus aus dem Verlies!").control
    assert isinstance(card, ft.Button) and card.height >= 48
    await app.click(text="English")
    assert app.has_text("Roll and cross off") and app.has_text("Move figures, collect tiles")
    assert app.find(tooltip="New game: Verflixxt! Kompakt")
    assert not app.crashes()


async def test_many_open_games_say_how_many_more_there_are_in_english(tmp_path):
    ctx = make_context(tmp_path / "t.db")
    _open_games(ctx, ("Ana", "Ben"), ("Cara", "Dev"), ("Eva", "Finn"), ("Gus", "Hal"))
    app = await AppSession.start(ctx, route="/?lang=en")
    assert app.has_text("Show 2 more unfinished games") and len(app.find_all(text="Resume")) == 2
    texts = app.texts()
    assert texts.index("Unfinished games") < texts.index("New game")
    assert f"today {ctx.store.games(finished=False)[0]['updated'][11:16]} · 0 moves" in texts
    assert not app.crashes()
