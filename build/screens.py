"""Screenshots of every screen for review: build/out/screens/<scene>-<w>x<h>.png (gitignored).

Prepares games in a fresh database through the Table (as the phones would enter them: a finished
Qwixx Longo game for the history, its replay and the statistics; Qwixx positions from
tests/e2e/qwixx_positions.py; Verflixxt and Verlies scenes), starts the app as the e2e tests do
(``python -m companion`` on a free port, Debian's Chromium through Playwright, semantics on), walks
to each screen and saves a picture at 360x740, 390x844 and 740x360, scrolled pictures
``<scene>-<w>x<h>-<n>.png`` down to the screen's end, and a list of the semantics nodes that stick
out of the viewport and the buttons lower than 48 px (``<scene>-<w>x<h>.txt``).

    .venv/bin/python build/screens.py                         # every screen at every size
    .venv/bin/python build/screens.py --sizes 360x740 --only qwixx-setup,rv-

Grows screen by screen: add a scene to ``scenes()``: (name, path, walk); ``walk(page)`` gets a
fresh page on ``path`` and leaves it on the screen to capture.
"""


from __future__ import annotations

import argparse
import pathlib
import random
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server, button, fill  # noqa: E402
from tests.e2e.test_phone_screens import _history, _rules, _rules_entry  # noqa: E402  (the same walks the test takes)

OUT = ROOT / "build" / "out" / "screens"

# Where each node lies, in CSS px; "button" nodes lower than 48 px are reported too.
MEASURE_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('flt-semantics')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const name = (el.getAttribute('aria-label') || el.innerText
                  || el.querySelector('[aria-label]')?.getAttribute('aria-label') || '').trim().slice(0, 60);
    out.push({name, role: el.getAttribute('role') || '', x: r.left, y: r.top, w: r.width, h: r.height});
  }
  return out;
}"""


def _home_to(game: str) -> Callable:
    def walk(page) -> None:
        button(page, game).click()
        button(page, "Spiel starten").wait_for()
        time.sleep(0.8)

    return walk


def _twice_anna(game: str) -> Callable:
    """A setup refused: two players called Anna (the error beside the field and by the start button)."""
    def walk(page) -> None:
        _home_to(game)(page)
        fill(page, "Name Spieler 1", "Anna")
        fill(page, "Name Spieler 2", "anna")
        button(page, "Spiel starten").click()
        page.get_by_text("Zwei Spieler heißen Anna").first.wait_for()
        time.sleep(0.8)

    return walk


def _qwixx_more(page) -> None:
    """The Qwixx setup with "Mehr Optionen" unfolded: lucky numbers and house rules."""
    _home_to("Qwixx Longo")(page)
    button(page, "Mehr Optionen").click()
    button(page, "Ende beim Fehlwurf Nr. −").wait_for()
    time.sleep(0.8)


def _qwixx_from_profiles(page) -> None:
    """A usual Qwixx setup: three saved players (made on the profile screen the first time), two
    of them seated by their chips, the second to begin."""
    button(page, "Spielerprofile").click()
    page.get_by_text("Spielerprofile").first.wait_for()
    for name in ("Ana", "Ben", "Cara"):  # saved once; the next picture's walk is told the name is taken
        fill(page, "Name", name)
        button(page, "Profil speichern").click()
        page.get_by_text(f"Profil {name} gespeichert.").or_(
            page.get_by_text("Diesen Namen hat schon ein anderes Profil.")).first.wait_for()
    button(page, "Start").click()
    _home_to("Qwixx Longo")(page)
    for name in ("Ana", "Ben"):
        page.get_by_role("button", name=name, exact=False).first.click()
        time.sleep(0.4)
    button(page, "Spieler 2 beginnt", exact=False).click()
    page.get_by_text("Beginnt: Ben").wait_for()
    page.mouse.move(0, 0)  # no tooltip over the screen
    time.sleep(0.8)


def _verflixxt_three(page) -> None:
    """A third player: the figure count changes from 3 to 2 and the screen says so (under the folded options)."""
    _home_to("Verflixxt! Kompakt")(page)
    button(page, "Spieler hinzufügen").click()
    page.get_by_text("2 Figuren je Person", exact=False).first.wait_for()
    time.sleep(0.8)


def _verflixxt_more(page) -> None:
    """"Mehr Optionen" unfolded: figures, Wurminator, the parcours with its guards, the tile set."""
    _home_to("Verflixxt! Kompakt")(page)
    button(page, "Mehr Optionen").click()
    button(page, "Zufällige Auslage").wait_for()
    time.sleep(0.8)


def _verflixxt_confirmed(page) -> None:
    """The table confirmed its tile set: one line, and the browser remembers it."""
    _verflixxt_more(page)
    button(page, "Tafelsatz bestätigen").click()
    page.get_by_text("Bestätigt: 26 Tafeln – 8× plus, 13× minus, 5× G").wait_for()
    time.sleep(0.8)


def _click_to(name: str, ready: Callable) -> Callable:
    def walk(page) -> None:
        button(page, name).click()
        ready(page)

    return walk


def _click_to_none(name: str) -> Callable:
    def walk(page) -> None:
        button(page, name).wait_for()
        time.sleep(0.8)

    return walk


def _bgstats_qr(page) -> None:
    """Tap "In BG Stats eintragen": the link opens in a new tab (closed here), the QR code shows."""
    with page.context.expect_page() as opened:
        button(page, "In BG Stats eintragen").click()
    opened.value.close()
    page.get_by_text("Auf einem anderen Handy: diesen Code mit der Kamera scannen.").wait_for()
    time.sleep(0.8)


def _history_bgstats(page) -> None:
    """A history entry's BG Stats page: the same moment as the entry, the players' lines."""
    _history(page)
    button(page, "In BG Stats eintragen").click()
    page.get_by_text("Auf einem anderen Handy: diesen Code mit der Kamera scannen.").wait_for()


def _stats_game(page) -> None:
    """One game's statistics: the score chart and the players' cards."""
    button(page, "Statistik").click()
    button(page, "Qwixx Longo").click()
    page.get_by_text("Punkte im Lauf der Zeit (letzte 30 Spiele)").wait_for()


def _replay(page) -> None:
    _history(page)
    # the Qwixx game's (a picture of the sheet), whichever game ended last
    button(page, "Zug für Zug nachspielen: Qwixx Longo", exact=False).click()
    page.get_by_text("Nachspielen: Qwixx Longo").wait_for()


def _quick(page) -> None:
    _home_to("Verflixxt! Kompakt")(page)
    button(page, "Nur Punkte zählen").click()
    button(page, "Auswerten").wait_for()


def _what_if(page) -> None:
    button(page, "Was wäre wenn?").click()
    page.get_by_text("Was wäre wenn? – Qwixx Longo").wait_for()


def _qwixx_sheet(page) -> None:
    page.get_by_text("Zettel von", exact=False).first.wait_for()


def _qwixx_dice_half_tapped(page) -> None:
    """Real dice half tapped in (the lines are below the sheet: scrolled to)."""
    _qwixx_sheet(page)
    button(page, "Echte Würfel").click()  # the faces come once the real dice are opened
    for label in ("Weiß 1 zeigt 3", "Weiß 2 zeigt 5", "Rot zeigt 8"):
        button(page, label).click()
        time.sleep(0.4)
    page.get_by_text("Noch offen: Gelb, Grün, Blau").wait_for()
    vp = page.viewport_size
    page.mouse.move(vp["width"] / 2, vp["height"] / 2)
    page.mouse.wheel(0, -20_000)


def _drawn(page) -> None:
    page.get_by_role("button").nth(3).wait_for(timeout=60_000)


def _real_dice(*faces: str, first: str | None = None) -> Callable:
    """The real dice opened ("Echte Würfel"), some faces tapped; left where the last tap was (the
    app's list scrolled to it), so the first picture shows the faces."""
    def walk(page) -> None:
        _drawn(page)
        if first:
            button(page, first).click()
        button(page, "Echte Würfel").click()
        button(page, "App würfelt").wait_for()  # unfolded: the way back instead of "Würfeln"
        for face in faces:
            button(page, face).click()
            time.sleep(0.4)

    return walk


def _rv_real(*faces: str, first: str | None = None) -> Callable:
    """Verlies: "Echte Würfel" chosen, some faces tapped (each writes its value into the die's field)."""
    def walk(page) -> None:
        _drawn(page)
        if first:
            button(page, first).click()
        button(page, "Echte Würfel").click()
        page.get_by_role("button", name=" zeigt 1", exact=False).first.wait_for()
        for face in faces:
            button(page, face).click()
            time.sleep(0.4)

    return walk


ROLLED_JS = """() => [...document.querySelectorAll('flt-semantics')].some(el =>
  /^W6( Ana| Monster)? [1-6]/.test((el.getAttribute('aria-label') || el.textContent || '').trim()))"""


def _rv_rolled(*taps: str) -> Callable:
    """Verlies: ``taps`` (a panel opened, gold by dice asked for), the screen scrolled down, then
    "Würfeln": the dice and what they did. The table keeps the roll: the scene's next picture (another
    size or theme) takes it back first ("Rückgängig": the roll and what asked for it)."""
    def walk(page) -> None:
        _drawn(page)
        time.sleep(0.5)
        if page.evaluate(ROLLED_JS):
            button(page, "Rückgängig").click()
            time.sleep(1.0)
        for name in taps:
            button(page, name).click()
            time.sleep(0.6)
        vp = page.viewport_size
        page.mouse.move(vp["width"] / 2, vp["height"] / 2)
        page.mouse.wheel(0, 300)
        time.sleep(0.6)
        button(page, "Würfeln").click()
        time.sleep(0.8)

    return walk


def _tap(*names: str) -> Callable:
    def walk(page) -> None:
        _drawn(page)
        button(page, names[0]).click()

    return walk


# --- games, prepared through the table (as the phones would enter them) -------------------------
def qwixx_scenes(tables: Any) -> list[tuple[str, str, Callable]]:
    from scoring.engine import PlayerSpec
    from tests.e2e.qwixx_positions import NAMES, OPTIONS, POSITIONS, SEAT, greedy, play_until

    players = [PlayerSpec(name=n) for n in NAMES]
    out: list[tuple[str, str, Callable]] = []
    for seed in (8, 7):  # two finished games for history and statistics (a chart needs two), the last one kept
        done = tables.create("qwixx-longo", players, OPTIONS)
        rng = random.Random(seed)
        for _ in range(2000):
            state = done.state
            if state.phase == "over":
                break
            if state.phase == "roll":
                done.roll(values=[rng.randint(1, d.sides) for d in done.game.pending_roll(state).dice])
            else:
                done.submit(greedy(state, done.game.legal(state, done.game.current_seats(state)[0])))
    # the result screen with "In BG Stats eintragen", and after the tap: its QR code
    out.append(("qwixx-result", f"/g/{done.id}?all&lang=de", _click_to_none("In BG Stats eintragen")))
    out.append(("qwixx-result-bgstats", f"/g/{done.id}?all&lang=de", _bgstats_qr))
    for name, reached in POSITIONS.items():
        t = tables.create("qwixx-longo", players, OPTIONS)
        play_until(t, reached)
        walk = _qwixx_dice_half_tapped if name == "roll" else _qwixx_sheet
        out.append((f"qwixx-{name}", f"/g/{t.id}/seat/{SEAT[name]}?lang=de", walk))
        if name == "after-roll":
            out.append(("what-if", f"/g/{t.id}?all&lang=de", _what_if))
            out.append(("qwixx-after-roll-all", f"/g/{t.id}?all&lang=de", _qwixx_sheet))  # one phone for all
    return out


def verflixxt_scenes(tables: Any) -> list[tuple[str, str, Callable]]:
    from scoring.engine import PlayerSpec
    from scoring.verflixxt import GAME as VX, MoveWurminator, SkipWurminator

    players = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")]
    out: list[tuple[str, str, Callable]] = []

    def new(wurm: bool = True):
        return tables.create("verflixxt", players, {"figures_per_player": 2, "wurminator": wurm})

    t = new()
    out.append(("vx-roll", f"/g/{t.id}?all&lang=de", _drawn))
    out.append(("vx-real-dice", f"/g/{t.id}?all&lang=de", _real_dice("W6 zeigt 4")))
    t = new()
    t.roll(None, [3])
    out.append(("vx-move-first", f"/g/{t.id}?all&lang=de", _drawn))
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
    out.append(("vx-move-mid", f"/g/{t.id}?all&lang=de", _drawn))
    out.append(("vx-seat-waiting", f"/g/{t.id}/seat/{(t.state.turn + 1) % 3}?lang=de", _drawn))
    # the Wurminator's phase
    t = new()
    t.roll(None, [1])
    t.submit(next(a for a in VX.legal(t.state) if a.type == "move_figure"))
    out.append(("vx-wurminator", f"/g/{t.id}?all&lang=de", _drawn))
    # the most a roll offers mid-game (figures, guards, the Wurminator) and a later Wurminator
    # phase: the positions tests/e2e/test_first_screen_verflixxt.py holds on the first screen
    from tests.e2e.vx_positions import POSITIONS, create

    for name in POSITIONS:
        t = create(tables, name)
        out.append((f"vx-{name}", f"/g/{t.id}?all&lang=de", _drawn))
        out.append((f"vx-{name}-en", f"/g/{t.id}?all&lang=en", _drawn))
    return out


def verlies_scenes(tables: Any) -> list[tuple[str, str, Callable]]:
    from scoring.engine import PlayerSpec

    players = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara")]
    out: list[tuple[str, str, Callable]] = []
    draw = [dict(type="draw_card")]
    passage = draw + [dict(type="lay_card", card="passage"), dict(type="gain_gold", amount=3, reason="passage")]
    fight = draw + [dict(type="room_card", kind="monster"),
                    dict(type="fight", monster_value=5, attribute="mind", monster_roller=1)]
    won = fight + [4, 2]
    crown = won + [dict(type="gain_treasure", name="Krone", gold=4, magic=True, hidden=True), dict(type="end_turn")]
    trap = draw + [dict(type="room_card", kind="trap")]
    lava = passage + [dict(type="obstacle", kind="lava", color="green", number=12), 1]

    def scene(name: str, steps: list[Any], seat: int | None = None, walk: Callable = _drawn) -> None:
        t = tables.create("raus-aus-dem-verlies", players, {})
        for step in steps:
            if isinstance(step, int):
                t.roll(None, [step])
            else:
                t.submit({"by": t.state.current, **step})
        path = f"/g/{t.id}" + (f"/seat/{seat}?lang=de" if seat is not None else "?all&lang=de")
        out.append((name, path, walk))

    scene("rv-start", [])
    scene("rv-drawn", draw)
    scene("rv-room-laid", draw + [dict(type="lay_card", card="room")])  # rv.room: the room card next, no end
    scene("rv-walked", [dict(type="walk", cards=1)])  # rv.penalty: "Unberechtigt gezogen" after a walk
    scene("rv-obstacle", passage, walk=_tap("Hindernis prüfen"))
    scene("rv-obstacle-dice", passage, walk=_rv_real("W6 zeigt 5", first="Hindernis prüfen"))
    scene("rv-obstacle-rolled", passage, walk=_rv_rolled("Hindernis prüfen"))  # the die beside its result
    scene("rv-fight", fight[:-1])
    scene("rv-fight-dice", fight[:-1], walk=_rv_real("W6 Ana zeigt 3"))
    scene("rv-fight-rolled", fight[:-1], walk=_rv_rolled())
    scene("rv-fight-roll", fight)
    scene("rv-fight-roll-dice", fight, walk=_rv_real())
    laid = draw + [dict(type="lay_card", card="passage")]
    scene("rv-gold-roll", laid + [dict(type="roll_gold", reason="passage", dice="w3")])  # gold by dice: its roll
    scene("rv-gold-rolled", laid, walk=_rv_rolled("Gold im Gang: W3 würfeln"))  # asked for from the purse
    scene("rv-spoils", won)
    scene("rv-next-turn", crown)  # Ben's turn: Ana's hidden crown on the shared screen
    scene("rv-owner-phone", crown, seat=0)  # ... and on Ana's own phone
    scene("rv-trap", trap)
    scene("rv-trap-result", trap + [dict(type="trap", color="red", number=12, injury=True), 2])
    scene("rv-loss", lava)
    # the end (who won, who escaped last, "Nochmal"): Ana and Ben escape, Cara stays
    escape = [dict(type="gain_gold", amount=2, reason="correction"), dict(type="draw_card"),
              dict(type="lay_exit"), dict(type="escape")]
    scene("rv-result", escape + escape, walk=lambda page: page.get_by_text("Nochmal").first.wait_for())
    return out


def scenes(tables: Any) -> list[tuple[str, str, Callable]]:
    """Every scene: (name, path with query, walk). Games are stored in ``tables`` first."""
    home = "/?lang=de"
    games = qwixx_scenes(tables) + verflixxt_scenes(tables) + verlies_scenes(tables)
    return [
        ("home", home, lambda page: button(page, "Qwixx Longo").wait_for()),
        ("qwixx-setup", home, _home_to("Qwixx Longo")),
        ("verflixxt-setup", home, _home_to("Verflixxt! Kompakt")),
        ("verlies-setup", home, _home_to("Raus aus dem Verlies!")),
        ("qwixx-setup-refused", home, _twice_anna("Qwixx Longo")),
        ("qwixx-setup-more", home, _qwixx_more),
        ("verflixxt-setup-three", home, _verflixxt_three),
        ("verflixxt-setup-more", home, _verflixxt_more),
        ("verflixxt-setup-en", "/?lang=en", lambda page: (button(page, "Verflixxt! Kompakt").click(),
                                                          button(page, "Start game").wait_for(), time.sleep(0.8))),
        ("verflixxt-setup-confirmed", home, _verflixxt_confirmed),
        ("verflixxt-quick-score", home, _quick),
        ("rules", home, _rules),
        ("rules-entry", home, _rules_entry),
        ("history", home, _history),
        ("history-bgstats", home, _history_bgstats),
        ("replay", home, _replay),
        (
            "statistics",
            home,
            _click_to("Statistik", lambda page: page.get_by_text("Rangliste (alle Spiele)").wait_for()),
        ),
        ("statistics-qwixx", home, _stats_game),
        ("backup", home, _click_to("Sichern & Einlesen", lambda page: button(page, "Prüfen und einlesen").wait_for())),
        *games,
        ("qwixx-setup-profiles", home, _qwixx_from_profiles),  # last: its profiles stay in the database
    ]


def report(page, width: int, height: int, *, top: bool = False) -> list[str]:
    """Findings as tests/e2e/test_phone_games.py's check_fits counts them: any node sticking out
    sideways; a button lower than 48 px only where it is whole (below the fixed top bar and a 10 px
    margin, above the bottom edge: a node cut by the scrolling edge is measured after the next
    scroll); ``top``: the top bar's own buttons too."""
    nodes = page.evaluate(MEASURE_JS)
    bar = max((n["y"] + n["h"] for n in nodes if n["y"] < 10 and n["h"] <= 60), default=0) + 4 + 10
    lines = []
    for n in nodes:
        in_bar = n["y"] < 10 and n["h"] <= 60
        whole = n["y"] > bar + 1 and n["y"] + n["h"] < height - 11 or top and in_bar
        if n["x"] < -0.5 or n["x"] + n["w"] > width + 0.5:
            lines.append(f"outside the width: {n['name']!r} x={n['x']:.0f} w={n['w']:.0f}")
        if whole and n["role"] == "button" and n["h"] < 47.5:
            lines.append(f"button lower than 48 px: {n['name']!r} h={n['h']:.0f} w={n['w']:.0f}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="360x740,390x844,740x360")
    ap.add_argument("--only", default="", help="comma-separated scene names or name beginnings")
    ap.add_argument("--themes", default="light,dark",
                    help="the phone's colour setting, each a picture of its own: light, dark or both")
    args = ap.parse_args()
    themes = [t for t in args.themes.split(",") if t in ("light", "dark")]
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    only = [s for s in args.only.split(",") if s]
    OUT.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    from companion.store import Store
    from companion.table.table import Tables

    with tempfile.TemporaryDirectory() as tmp:
        db = pathlib.Path(tmp) / "screens.db"
        store = Store(str(db))
        try:
            todo = scenes(Tables(store))
        finally:
            store.close()
        todo = [s for s in todo if not only or any(s[0].startswith(o) for o in only)]
        server = Server(db)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, path, walk in todo:
                    for w, h in sizes:
                        for theme in themes:
                            shoot(browser, server.url.rstrip("/") + path, name, walk, w, h, theme)
                browser.close()
        finally:
            server.kill()


def shoot(browser, url: str, name: str, walk: Callable, w: int, h: int, theme: str = "light") -> None:
    """A scene's pictures with the phone set to ``theme`` (the app follows the phone's setting);
    a dark one is named ``<scene>-<w>x<h>-dark``."""
    ctx = browser.new_context(viewport={"width": w, "height": h}, locale="de-DE", has_touch=True,
                              color_scheme=theme)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    walk(page)
    time.sleep(0.8)
    stem = OUT / (f"{name}-{w}x{h}" + ("-dark" if theme == "dark" else ""))
    page.screenshot(path=f"{stem}.png")
    problems = report(page, w, h, top=True)
    for old in OUT.glob(f"{stem.name}-*.png"):
        old.unlink()
    # the rest of the screen: scroll the app's own list (Flutter scrolls inside the canvas) half a
    # window at a time, measuring and taking a picture each time, until nothing moves
    shots, last = 1, page.screenshot()
    for _ in range(40):
        page.mouse.move(w / 2, h / 2)
        page.mouse.wheel(0, h * 0.5)
        time.sleep(0.6)
        now = page.screenshot()
        if now == last:
            break
        last = now
        problems += [p for p in report(page, w, h) if p not in problems]
        shots += 1
        pathlib.Path(f"{stem}-{shots}.png").write_bytes(now)
    (stem.with_suffix(".txt")).write_text("\n".join(problems) + "\n", encoding="utf-8")
    print(f"{stem.relative_to(ROOT)}.png (+{shots - 1} scrolled): {len(problems)} findings")
    ctx.close()


if __name__ == "__main__":
    main()
