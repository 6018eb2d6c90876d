"""Each game's same-shape page (``build/bench_floor.py --shape``) is the game's screen
at the tap bench's position without the app: the same words and controls per type on screen, and its
tap and undo make Flet send what the game's do (controls sent whole, controls changed in place).

Level-2 harness, no browser; counts, not times. The shape page is generated from the app, so it follows
the screens as they change; the comparison must still see a page that no longer matches the game.
"""

from __future__ import annotations

import flet as ft
import pytest

from build.bench import TAP_GAMES
from build.bench_patch import measure_game, measure_shape, shape_differences
from companion.app import AppShell


@pytest.mark.parametrize("game", list(TAP_GAMES))
async def test_the_shape_page_shows_and_sends_what_the_game_screen_does(tmp_path, game):
    spec = TAP_GAMES[game]
    app = await measure_game(game, spec, 3, tmp_path, False)  # tap, undo three times (the shape page loops)
    shape = await measure_shape(game, spec, 3, tmp_path)
    assert shape_differences(app, shape) == []
    assert shape["types"] == app["types"] and shape["texts"] == app["texts"]
    for k in ("tap", "undo"):
        assert (shape[k]["new_controls"], shape[k]["changed_controls"]) == \
            (app[k]["new_controls"], app[k]["changed_controls"]), k
        assert app[k]["new_controls"] + app[k]["changed_controls"] > 0, k  # the tap shows something
    # the screen itself: Verlies' purse, for one
    if game == "verlies":
        assert "0 Gold" in shape["texts"] and "Gold im Gang +1" in shape["texts"]


@pytest.mark.parametrize("change", ["gains", "loses"])
async def test_the_comparison_sees_a_game_screen_that_gained_or_lost_a_control(tmp_path, monkeypatch, change):
    # The shape page is recorded from the app as it is; then the app's top bar gains a text
    # ("Spielleiter") or loses its language switch (a game's screen shows no title: the game clock stands
    # there): the game's screen no longer has the shape page's shape.
    spec = TAP_GAMES["verlies"]
    shape = await measure_shape("verlies", spec, 1, tmp_path)
    top_bar = AppShell.top_bar

    def changed_bar(self):
        bar = top_bar(self)
        row = bar.content
        if change == "gains":
            row.controls = [*row.controls, ft.Text("Spielleiter")]
        else:
            row.controls = [c for c in row.controls
                            if not (isinstance(c, ft.TextButton) and isinstance(c.content, ft.Text))]
        return bar

    monkeypatch.setattr(AppShell, "top_bar", changed_bar)
    app = await measure_game("verlies", spec, 1, tmp_path, False)
    diffs = shape_differences(app, shape)
    want = shape["types"]["Text"] + (1 if change == "gains" else -1)
    assert app["types"]["Text"] == want
    assert f"Text on screen: game {want}, shape page {shape['types']['Text']}" in diffs


async def test_the_qwixx_shape_page_takes_the_cross_on_the_field_as_the_browser_taps_it(tmp_path):
    # The browser bench taps the first button named "Rot 7": the sheet's field (its label), not the
    # decision button with that text the harness finds first. Either makes the step, as in the app.
    from build.bench_floor import ShapePage, record_shape
    from tests.harness.flet_session import AppSession, make_context

    page = await AppSession.start(make_context(tmp_path / "s.db"), main=ShapePage(await record_shape("qwixx")).main)
    assert page.has_text("Weiße Summe 7 – Ana:") and page.has_text("Zettel von Ana")
    for _ in range(2):
        await page.click(label="Rot 7")
        assert page.has_text("Weiße Summe 7 – Ben:") and page.has_text("Zettel von Ben")
        assert not page.has_text("Weiße Summe 7 – Ana:")
        await page.click(tooltip="Rückgängig")
        assert page.has_text("Weiße Summe 7 – Ana:") and page.has_text("Zettel von Ana")
    await page.close()
