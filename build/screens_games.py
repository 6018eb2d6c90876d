"""Screenshots of the Verflixxt and Raus aus dem Verlies play screens on phone sizes (issue 15).

    .venv/bin/python build/screens_games.py [--only NAME-PART] [--lang de|en]

Prepares games in a fresh database (the engine's own actions, typed dice), serves the app
as the README does, and photographs each play screen at 360×740, 390×844 and 740×360 in
Debian's Chromium: ``build/out/screens/<scene>-<w>x<h>.png`` (the first screen as a player
sees it, no scrolling) and ``…-scrolled.png`` (the same screen scrolled down once).
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "build" / "out" / "screens"
SIZES = [(360, 740), (390, 844), (740, 360)]


# --- games, prepared through the table (as the phones would enter them) -------------------
def verflixxt_scenes(tables: Any) -> list[tuple[str, str, Callable | None]]:
    from scoring.engine import PlayerSpec
    from scoring.verflixxt import GAME as VX, MoveWurminator, SkipWurminator

    players = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")]
    out: list[tuple[str, str, Callable | None]] = []

    def new(wurm: bool = True):
        return tables.create("verflixxt", players, {"figures_per_player": 2, "wurminator": wurm})

    t = new()
    out.append(("vx-roll", f"/g/{t.id}", None))
    t = new()
    t.roll(None, [3])
    out.append(("vx-move-first", f"/g/{t.id}", None))
    # a game well under way: piles, figures spread, then a roll
    t = new()
    for value in (3, 5, 2, 4, 6, 1, 3, 2, 5, 4, 6, 3, 2, 1):
        t.roll(None, [value])
        while t.state.phase in ("move", "wurminator"):
            legal = VX.legal(t.state)
            pick = next((a for a in legal if not isinstance(a, (MoveWurminator, SkipWurminator))), None)
            if pick is None:
                pick = next(a for a in legal if isinstance(a, SkipWurminator))
            t.submit(pick)
    t.roll(None, [4])
    out.append(("vx-move-mid", f"/g/{t.id}", None))
    out.append(("vx-seat-waiting", f"/g/{t.id}/seat/{(t.state.turn + 1) % 3}", None))
    # the Wurminator's phase
    t = new()
    t.roll(None, [1])
    t.submit(next(a for a in VX.legal(t.state) if a.type == "move_figure"))
    out.append(("vx-wurminator", f"/g/{t.id}", None))
    return out


def verlies_scenes(tables: Any) -> list[tuple[str, str, Callable | None]]:
    from scoring.engine import PlayerSpec

    players = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")]
    out: list[tuple[str, str, Callable | None]] = []
    draw = [dict(type="draw_card")]
    passage = draw + [dict(type="lay_card", card="passage"), dict(type="gain_gold", amount=3, reason="passage")]
    fight = draw + [dict(type="room_card", kind="monster"),
                    dict(type="fight", monster_value=5, attribute="mind", monster_roller=1)]
    won = fight + [4, 2]
    crown = won + [dict(type="gain_treasure", name="Krone", gold=4, magic=True, hidden=True), dict(type="end_turn")]
    trap = draw + [dict(type="room_card", kind="trap")]
    lava = passage + [dict(type="obstacle", kind="lava", color="green", number=12), 1]

    def scene(name: str, steps: list[Any], seat: int | None = None, prepare: Callable | None = None) -> None:
        t = tables.create("raus-aus-dem-verlies", players, {})
        for step in steps:
            if isinstance(step, int):
                t.roll(None, [step])
            else:
                t.submit({"by": t.state.current, **step})
        out.append((name, f"/g/{t.id}" + (f"/seat/{seat}" if seat is not None else ""), prepare))

    scene("rv-start", [])
    scene("rv-drawn", draw)
    scene("rv-obstacle", passage, prepare=lambda page: tap(page, ("Hindernis prüfen", "Check an obstacle")))
    scene("rv-fight", fight[:-1])
    scene("rv-fight-roll", fight)
    scene("rv-spoils", won)
    scene("rv-next-turn", crown)  # Ben's turn: Ana's hidden crown on the shared screen
    scene("rv-owner-phone", crown, seat=0)  # ... and on Ana's own phone
    scene("rv-trap", trap)
    scene("rv-trap-result", trap + [dict(type="trap", color="red", number=12, injury=True), 2])
    scene("rv-loss", lava)
    return out


def tap(page: Any, names: tuple[str, ...]) -> None:
    from tests.e2e.conftest import button

    for name in names:
        b = button(page, name)
        try:
            b.wait_for(timeout=3)
        except AssertionError:
            continue
        b.click()
        time.sleep(1.0)
        return


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="", help="only scenes whose name contains this")
    ap.add_argument("--lang", default="de", choices=["de", "en"])
    args = ap.parse_args()

    from companion.store import Store
    from companion.table import Tables
    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server

    OUT.mkdir(parents=True, exist_ok=True)
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="screens-"))
    db = tmp / "screens.db"
    store = Store(db)
    try:
        tables = Tables(store)
        scenes = verflixxt_scenes(tables) + verlies_scenes(tables)
    finally:
        store.close()
    scenes = [s for s in scenes if args.only in s[0]]

    from playwright.sync_api import sync_playwright

    srv = Server(db)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, path, prepare in scenes:
                w0, h0 = SIZES[0]
                ctx = browser.new_context(viewport={"width": w0, "height": h0}, locale="de-DE", has_touch=True)
                page = ctx.new_page()
                page.set_default_timeout(30_000)
                sep = "?all&" if "/seat/" not in path else "?"
                page.goto(srv.url.rstrip("/") + path + f"{sep}lang={args.lang}")
                page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
                page.locator("flt-semantics-placeholder").dispatch_event("click")
                page.get_by_role("button").nth(3).wait_for(timeout=60_000)  # the screen is drawn
                time.sleep(1.0)
                if prepare:
                    prepare(page)
                for w, h in SIZES:
                    page.set_viewport_size({"width": w, "height": h})
                    time.sleep(1.2)
                    shot = OUT / f"{name}-{args.lang}-{w}x{h}.png"
                    page.screenshot(path=str(shot))
                    page.mouse.move(w / 2, h / 2)
                    page.mouse.wheel(0, h - 120)
                    time.sleep(0.8)
                    page.screenshot(path=str(OUT / f"{name}-{args.lang}-{w}x{h}-scrolled.png"))
                    page.mouse.wheel(0, -5000)
                    time.sleep(0.4)
                    print(shot.relative_to(ROOT))
                ctx.close()
            browser.close()
    finally:
        srv.kill()


if __name__ == "__main__":
    main()
