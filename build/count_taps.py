"""Taps a whole Qwixx Longo game of three costs at the table (a measurement printing figures, not a test).

    .venv/bin/python build/count_taps.py [--seed 7] [--real-dice] [--browser ROLLS] [--verbose]

One phone passed around the table, the app acting for every seat: the real app driven through the
level-2 harness (``tests/harness/flet_session.py``, no browser), from the home screen to the result
screen, every tap a person makes counted by kind:

- set-up: "Qwixx Longo", "Spieler hinzufügen" (the set-up starts with two seats), each name field
  (one tap to focus it; the letters typed are counted apart, as keystrokes), "Mehr Optionen" and each
  seat's lucky-number field (the numbers of ``tests/e2e/conftest.py QWIXX_SEATS``, Cara's added:
  typed over the drawn ones, so the game is the same on every run; the backspaces that clear the
  drawn numbers are counted apart, their number depends on the draw), then "Spiel starten". Ana
  begins: the set-up has her marked already, so choosing the start player costs no tap. The same
  set-up from saved profiles (three chips, which bring their lucky numbers) is counted beside it, on
  a database of its own, up to the game's start;
- roll: "Würfeln" (the app's dice, seeded), or with ``--real-dice`` the table's dice entered on the
  phone: "Echte Würfel" once (the phone keeps the mode), one face per die, "Übernehmen";
- decisions: one button per decision of the turn, or "Alle anderen passen" where it passes two or
  more players at once;
- other: anything else the screen asks for between the start and the result (nothing found so far).

The players follow a fixed policy (every choice is checked against the referee's record after the
tap): in the white phase everybody crosses the white sum in the first row (red, yellow, green, blue)
where it leaves at most one field empty, else takes the lucky cross if it is offered (it never leaves
a field empty), else passes — except the active player, who, with no such cross and no colour choice
on the table that leaves at most one field empty, crosses the white sum where it leaves the fewest
fields empty rather than take the misthrow. In the colour phase the active player crosses the first
colour choice the buttons offer that leaves at most one field empty, else passes (a misthrow when
nothing was crossed this turn).

Beside the app's taps it counts what the same game costs on paper: one pen stroke per cross (white,
lucky, colour), one per lock's bonus cross and one per misthrow box; a pass costs nothing; the sums
written at the end are counted apart. The final scores are checked against the referee's own replay
of the stored record (``scoring.engine.replay``) and against the result screen's lines.

The harness has no viewport: ``--browser ROLLS`` then plays that many rolls (999: to the end) of a
table with the same players in Debian's Chromium (Playwright, the app served as the browser tests
serve it) on a 360x740 phone with touch, the same policy choosing from the stored record, and checks
before every tap that the button and the decision's title lie on the first screen; it never
scrolls, so a tap off screen would show. The server's dice are not seeded: with ``--real-dice`` the
faces tapped are the seeded ones, and the browser plays the very same game.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.app import AppContext  # noqa: E402
from companion.records.profiles import save_profile  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.table.table import Tables  # noqa: E402
from scoring.dice import seeded  # noqa: E402
from scoring.engine import replay  # noqa: E402
from scoring.qwixx_longo import (  # noqa: E402
    GAME,
    ColorCross,
    LuckyCross,
    Pass,
    Roll,
    WhiteCross,
    crossed_number,
    row_fields,
)
from tests.harness.flet_session import AppSession  # noqa: E402

WIDTH, HEIGHT = 360, 740
NAMES = ("Ana", "Ben", "Cara")
# Ana's and Ben's as the browser tests set them up (tests/e2e/conftest.py QWIXX_SEATS), Cara's added
LUCKY = ("4 9", "5 12", "7 13")
BEFORE = "112 taps and a scroll every turn"
KINDS = ("set-up", "roll", "decisions", "other")


@dataclass
class Tally:
    """Taps by kind, keystrokes, and what the game's decisions were (for the figures)."""

    taps: Counter[str] = field(default_factory=Counter)
    keys: Counter[str] = field(default_factory=Counter)  # letters and digits typed
    cleared: int = 0  # backspaces over the drawn lucky numbers
    passes: Counter[str] = field(default_factory=Counter)  # by phase and whether anything else was offered
    shortcut_uses: int = 0
    shortcut_passes: int = 0  # the passes "Alle anderen passen" entered


class Player:
    """A person at the table with the phone: taps what ``how`` finds and counts it under ``kind``."""

    def __init__(self, app: AppSession, tally: Tally, verbose: bool) -> None:
        self.app, self.tally, self.verbose = app, tally, verbose

    async def tap(self, kind: str, **how: Any) -> None:
        await self.app.click(**how)
        self.tally.taps[kind] += 1
        if self.verbose:
            print(f"  tap [{kind}] {how}")

    async def type(self, kind: str, label: str, text: str) -> None:
        """Tap the field, clear what it holds (a backspace per character) and type ``text``."""
        old = getattr(self.app.find(label=label).control, "value", None) or ""
        self.tally.taps[kind] += 1
        self.tally.keys[kind] += len(text)
        self.tally.cleared += len(old)
        await self.app.type_into(label, text)
        if self.verbose:
            print(f"  tap+type [{kind}] {label!r}: {old!r} -> {text!r}")


# --- set-up ------------------------------------------------------------------------------------
def _context(db: Path, seed: int) -> AppContext:
    store = Store(str(db))
    return AppContext(store=store, tables=Tables(store, seeded(seed)))


async def set_up_typed(me: Player) -> None:
    """Names typed, lucky numbers typed over the drawn ones, Ana begins, "Spiel starten"."""
    app = me.app
    await me.tap("set-up", text="Qwixx Longo")
    await me.tap("set-up", text="Spieler hinzufügen")
    for i, name in enumerate(NAMES):
        await me.type("set-up", f"Name Spieler {i + 1}", name)
    await me.tap("set-up", text="Mehr Optionen")  # the lucky numbers wait folded
    for i, lucky in enumerate(LUCKY):
        await me.type("set-up", f"Glückszahlen Spieler {i + 1}", lucky)
    assert app.has_text("Beginnt: Ana"), app.texts()  # the first seat begins unless another is chosen
    await me.tap("set-up", text="Spiel starten")


async def set_up_profiles(seed: int, verbose: bool) -> Tally:
    """The same set-up from three saved profiles (saved beforehand, not counted), on a database of
    its own, up to the game's start: the same players, lucky numbers and start player."""
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        ctx = _context(Path(tmp) / "profiles.db", seed)
        for name, lucky in zip(NAMES, LUCKY, strict=True):
            save_profile(ctx.store, name, lucky=lucky)
        app = await AppSession.start(ctx, width=WIDTH, height=HEIGHT)
        me = Player(app, tally, verbose)
        await me.tap("set-up", text="Qwixx Longo")
        for name in NAMES:
            await me.tap("set-up", tooltip=f"Profil wählen: {name}")
        assert app.has_text("Beginnt: Ana"), app.texts()
        await me.tap("set-up", text="Spiel starten")
        check_start(app)
        await app.close()
        ctx.store.close()
    return tally


def check_start(app: AppSession) -> None:
    """The game began as set up: Ana, Ben, Cara with their lucky numbers, Ana rolls first."""
    state = app.shell.game_table.state
    lucky = tuple(" ".join(map(str, s.lucky)) for s in state.sheets)
    assert (state.names, lucky, state.active) == (NAMES, LUCKY, 0), (state.names, lucky, state.active)
    assert app.has_text("Ana ist dran · Wurf Nr. 1"), app.texts()


# --- the policy ---------------------------------------------------------------------------------
def skipped(state: Any, action: Any) -> int:
    """Fields a cross leaves empty to the left of it."""
    fields = row_fields(action.row)
    crossed = state.sheets[action.by].rows[action.row]
    last = fields.index(crossed[-1]) if crossed else -1
    return fields.index(crossed_number(state, action)) - last - 1


def colour_choices(state: Any, seat: int) -> list[Any]:
    """The active player's colour crosses with the dice on the table, as the colour phase offers them."""
    phase = state.model_copy(update={"phase": "color"}) if state.phase == "white" else state
    return [a for a in GAME.legal(phase, seat) if isinstance(a, ColorCross)]


def choose(state: Any, seat: int) -> Any:
    """The seat's decision now (see the module's docstring)."""
    legal = GAME.legal(state, seat)
    passing = next(a for a in legal if isinstance(a, Pass))
    if state.phase == "color":
        colours = [a for a in legal if isinstance(a, ColorCross) and skipped(state, a) <= 1]
        return colours[0] if colours else passing
    whites = [a for a in legal if isinstance(a, WhiteCross)]
    good = [a for a in whites if skipped(state, a) <= 1]
    if good:
        return good[0]
    lucky = [a for a in legal if isinstance(a, LuckyCross)]
    if lucky:
        return lucky[0]
    if seat == state.active and whites and not any(skipped(state, a) <= 1 for a in colour_choices(state, seat)):
        return min(whites, key=lambda a: skipped(state, a))  # rather the white sum than the misthrow
    return passing


def same(state: Any, a: Any, b: Any) -> bool:
    """One decision: the same kind, seat, row and field (two white dice giving one sum are one button)."""
    return (type(a), a.by, getattr(a, "row", None), crossed_number(state, a)) == (
        type(b), b.by, getattr(b, "row", None), crossed_number(state, b))


# --- the game -----------------------------------------------------------------------------------
async def roll(me: Player, rng: random.Random | None) -> None:
    """The active player's roll: "Würfeln", or (``rng``: the table's own dice) each face tapped."""
    if rng is None:
        await me.tap("roll", text="Würfeln")
        return
    app = me.app
    if not app.find_all(text="Übernehmen"):
        await me.tap("roll", text="Echte Würfel")  # once: the phone keeps the real dice's entry open
    table = app.shell.game_table
    req = table.game.pending_roll(table.state)
    for die in req.dice:
        await me.tap("roll", label=f"{die_words(die.name)} zeigt {rng.randint(1, die.sides)}")
    await me.tap("roll", text="Übernehmen")


def acting_seat(app: AppSession, state: Any) -> int:
    """Whose decision the screen offers now: the seat its title names."""
    if state.phase == "color":
        title = f"Farbe (nur {state.names[state.active]}):"
        assert app.has_text(title), app.texts()
        return int(state.active)
    head = f"Weiße Summe {state.rolled.white_sum} – "
    titles = [t for t in app.texts() if t.startswith(head) and t.endswith(":")]
    assert len(titles) == 1, app.texts()
    seat: int = state.names.index(titles[0][len(head):-1])
    return seat


def shortcut_seats(state: Any, seat: int) -> list[int]:
    """The seats "Alle anderen passen" would pass for, where it stands for two or more of the policy's
    passes (the phone offers it on the active player's sheet while others still decide)."""
    others = [s for s in GAME.current_seats(state) if s not in (seat, state.active)]
    if state.phase != "white" or seat != state.active or len(others) < 2:
        return []
    return others if all(isinstance(choose(state, s), Pass) for s in others) else []


def note_pass(tally: Tally, state: Any, action: Any) -> None:
    """A pass, by phase and whether the seat had anything else to choose."""
    if not isinstance(action, Pass):
        return
    alone = len(GAME.legal(state, action.by)) == 1
    if state.phase == "color":
        what = "colour, misthrow" if not state.active_crossed else "colour, after a white cross"
    else:
        what = "white"
    tally.passes[what + (", nothing else offered" if alone else ", chosen")] += 1


async def decide(me: Player, state: Any) -> None:
    """One decision of the seat the screen shows, by its button; checked against the record."""
    from companion.games.qwixx.play_screen import action_specs

    app = me.app
    table = app.shell.game_table
    seat = acting_seat(app, state)
    others = shortcut_seats(state, seat)
    if others and app.find_all(text="Alle anderen passen"):
        before = table.cursor
        await me.tap("decisions", text="Alle anderen passen")
        entered = [table.game.parse_action(r.action) for r in table.record.actions[before:table.cursor]]
        assert [(type(a), a.by) for a in entered] == [(Pass, s) for s in others], entered
        me.tally.shortcut_uses += 1
        me.tally.shortcut_passes += len(others)
        for s in others:
            note_pass(me.tally, state, Pass(by=s))
        return
    action = choose(state, seat)
    words = action_specs(app.shell, state, [action])[0][0]
    await me.tap("decisions", text=words)
    entered = table.game.parse_action(table.record.actions[table.cursor - 1].action)
    assert same(state, entered, action), (words, entered, action)
    note_pass(me.tally, state, action)
    if me.verbose:
        print(f"    {state.names[seat]}: {words}")


async def play(me: Player, real_dice: random.Random | None) -> int:
    """From the first roll to the result screen; the number of rolls."""
    app = me.app
    table = app.shell.game_table
    rolls = 0
    while not table.is_over():
        state = table.state
        seq = table.cursor
        if state.phase == "roll":
            await roll(me, real_dice)
            rolls += 1
        else:
            await decide(me, state)
        if table.cursor == seq:
            raise AssertionError(f"a tap entered nothing; screen: {app.texts()}")
        assert not app.crashes(), app.crashes()
    return rolls


# --- figures ------------------------------------------------------------------------------------
def paper_strokes(record: Any) -> tuple[int, Counter[str]]:
    """Pen strokes the same game costs on paper: crosses, lock bonuses, misthrow boxes."""
    what: Counter[str] = Counter()
    for r in record.actions:
        a = GAME.parse_action(r.action)
        if isinstance(a, (WhiteCross, LuckyCross, ColorCross)):
            what["crosses"] += 1
    final = replay(record)
    what["lock bonuses"] = sum(len(s.locked_by_me) for s in final.sheets)
    what["misthrow boxes"] = sum(s.misthrows for s in final.sheets)
    return sum(what.values()), what


def check_scores(app: AppSession) -> list[tuple[str, int]]:
    """The final totals: the table's, the referee's replay of the stored record, the result screen's."""
    table = app.shell.game_table
    stored = app.ctx.store.record(table.id)  # read back from the database, as an export writes it
    mine = [(p.name, p.total) for p in GAME.result(table.state).players]
    theirs = [(p.name, p.total) for p in GAME.result(replay(stored)).players]
    assert mine == theirs, (mine, theirs)
    for name, total in mine:
        assert any(t.endswith(f". {name} – {total} Punkte") or t.endswith(f". {name} – {total} Punkt")
                   for t in app.texts()), (name, total, app.texts())
    return mine


def report(tally: Tally, profiles: Tally, rolls: int, app: AppSession, real: bool, seconds: float) -> None:
    table = app.shell.game_table
    total = sum(tally.taps.values())
    final = table.state
    decisions = sum(1 for r in table.record.actions if not isinstance(GAME.parse_action(r.action), Roll))
    play_taps = total - tally.taps["set-up"]
    strokes, what = paper_strokes(table.record)
    scores = check_scores(app)
    ended = (f"rows locked: {', '.join(final.removed)}" if len(final.removed) >= final.options.end_locked_rows
             else "a fourth misthrow")
    print(f"Qwixx Longo, three players ({', '.join(NAMES)}), one phone passed around at {WIDTH}x{HEIGHT}, "
          f"{'the table’s dice entered face by face' if real else 'the app’s dice'}; seed {ARGS.seed}")
    print(f"  taps in total: {total} (set-up typed); {total - tally.taps['set-up'] + profiles.taps['set-up']} "
          f"with the set-up from profiles  [before: {BEFORE}]")
    print(f"  rolls: {rolls} (turns; the game ended on {ended}); taps per roll (mean): {total / rolls:.2f} "
          f"in all, {play_taps / rolls:.2f} after the set-up")
    print("  taps by kind: " + ", ".join(f"{k} {tally.taps[k]}" for k in KINDS))
    print(f"  set-up typed: {tally.taps['set-up']} taps (a tap per field) + {tally.keys['set-up']} letters and "
          f"digits typed + {tally.cleared} backspaces over the drawn lucky numbers; from profiles: "
          f"{profiles.taps['set-up']} taps, nothing typed (the profiles saved beforehand)")
    print(f"  decisions entered: {decisions} (crosses {what['crosses']}, passes {decisions - what['crosses']}); "
          f"'Alle anderen passen' {tally.shortcut_uses}x for {tally.shortcut_passes} passes; "
          f"a tap per decision would make {total - tally.shortcut_uses + tally.shortcut_passes} taps")
    print("  passes: " + "; ".join(f"{k} {v}" for k, v in sorted(tally.passes.items())))
    print(f"  final scores: {', '.join(f'{n} {t}' for n, t in scores)} "
          f"(equal to the referee's replay of the stored record and to the result screen)")
    print(f"  on paper: {strokes} pen strokes ({', '.join(f'{k} {v}' for k, v in what.items())}), nothing "
          f"for a pass, {strokes / rolls:.2f} a roll; plus {len(NAMES) * 6} numbers written at the end "
          f"(4 rows, misthrows, total a sheet)")
    print(f"  ({seconds:.1f} s on this machine)")


# --- the browser check --------------------------------------------------------------------------
class Words:
    """What the phone's buttons say (``action_specs`` asks its shell only for words)."""

    lang = "de"

    def t(self, key: str, **params: object) -> str:
        from companion.i18n import tr

        return tr(self.lang, key, **params)


def die_words(name: str) -> str:
    """A die as its faces name it ("Weiß 1 zeigt 3", "Rot zeigt 5")."""
    words = Words()
    if name.startswith("white"):
        return words.t("q8.play.white_n", n=name[len("white"):])
    return words.t(f"q8.color.{name}")


def _nodes(page: Any, js: str) -> list[dict[str, Any]]:
    nodes: list[dict[str, Any]] = page.evaluate(js)
    return nodes


def wait_for_nodes(page: Any, js: str, button: str, title: str | None, timeout: float = 30.0) -> dict[str, Any]:
    """The button ``button`` below the text ``title``, where Flutter has laid them out: twice the
    same boxes in a row."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        nodes = _nodes(page, js)
        heads = [i for i, n in enumerate(nodes) if title is None or n["name"] == title]
        # the decision's buttons come right after its title; the sheet's fields below may bear the
        # same words ("Rot 13"): a tap there would cross too, but the button is what is measured
        found = [n for n in nodes[heads[0]:] if n["role"] == "button" and n["name"] == button] if heads else []
        if found:
            box = {"button": found[0], "title": nodes[heads[0]]}
            if box == last:
                return box
            last = box
        time.sleep(0.15)
    raise AssertionError(f"no button {button!r} with {title!r}: {[n['name'] for n in _nodes(page, js)]}")


def on_screen(node: dict[str, Any]) -> bool:
    return bool(node["x"] >= 0 and node["y"] >= 0 and node["x"] + node["w"] <= WIDTH
                and node["y"] + node["h"] <= HEIGHT)


def tap_on_screen(page: Any, js: str, words: str, title: str) -> tuple[str, bool]:
    """Tap the button ``words`` below ``title`` where it is, with a finger and without a scroll:
    (its words, whether it and the title lay on the first screen)."""
    box = wait_for_nodes(page, js, words, title)
    b = box["button"]
    page.touchscreen.tap(b["x"] + b["w"] / 2, b["y"] + b["h"] / 2)
    return words, on_screen(b) and on_screen(box["title"])


def browser_roll(page: Any, js: str, state: Any, rng: random.Random | None) -> tuple[list[tuple[str, bool]], list[int]]:
    """The roll: "Würfeln", or (``rng``) "Echte Würfel" while folded, a face per die, "Übernehmen";
    the taps and the faces tapped."""
    title = f"{state.names[state.active]} ist dran · Wurf Nr. {state.turn}"
    if rng is None:
        return [tap_on_screen(page, js, "Würfeln", title)], []
    taps, values = [], []
    wait_for_nodes(page, js, "Echte Würfel", title)  # the roll's screen, folded or not
    if not any(n["name"] == "Übernehmen" for n in _nodes(page, js)):
        taps.append(tap_on_screen(page, js, "Echte Würfel", title))  # unfolded, the chip would fold them
    for die in GAME.pending_roll(state).dice:  # type: ignore[union-attr]
        values.append(rng.randint(1, die.sides))
        taps.append(tap_on_screen(page, js, f"{die_words(die.name)} zeigt {values[-1]}", title))
        time.sleep(0.2)  # a finger's pace: each face is sent before the next
    taps.append(tap_on_screen(page, js, "Übernehmen", title))
    return taps, values


def browser_step(page: Any, js: str, reader: Store, game_id: str,
                 rng: random.Random | None) -> list[tuple[str, bool]]:
    """The policy's next taps on the browser's screen (see ``tap_on_screen``); waits until the
    referee has what they entered."""
    from companion.games.qwixx.play_screen import action_specs

    record, cursor = reader.load(game_id)
    state = replay(record, cursor)
    others: list[int] = []
    values: list[int] = []
    if state.phase == "roll":
        taps, values = browser_roll(page, js, state, rng)
    else:
        # the sheet the phone shows: the active player's in the colour phase, else the first seat
        # still deciding (nobody tapped another sheet's chip); the screen's title must name it
        seat = state.active if state.phase == "color" else GAME.current_seats(state)[0]
        title = (f"Weiße Summe {state.rolled.white_sum} – {state.names[seat]}:" if state.phase == "white"
                 else f"Farbe (nur {state.names[seat]}):")
        others = shortcut_seats(state, seat)
        words = ("Alle anderen passen" if others
                 else action_specs(Words(), state, [choose(state, seat)])[0][0])  # type: ignore[arg-type]
        taps = [tap_on_screen(page, js, words, title)]
    deadline = time.monotonic() + 30
    while reader.load(game_id)[1] < cursor + max(1, len(others)):  # "Alle anderen passen" enters several
        if time.monotonic() > deadline:
            raise AssertionError(f"the taps {taps} entered nothing")
        time.sleep(0.1)
    if values:  # the faces tapped are the roll the referee has
        rolled = GAME.parse_action(reader.load(game_id)[0].actions[cursor].action)
        assert [v for v in (rolled.white1, rolled.white2, *(rolled.color_value(c) for c in
                ("red", "yellow", "green", "blue"))) if v is not None] == values, (rolled, values)
    return taps


def browser_check(rolls: int, seed: int, real: bool) -> None:
    """``rolls`` rolls of the same table in Chromium at 360x740, every tap checked on the first screen."""
    from playwright.sync_api import sync_playwright

    from scoring.engine import PlayerSpec
    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server
    from tests.e2e.test_phone_games import NODES_JS, open_phone

    rng = random.Random(seed) if real else None
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "browser.db"
        store = Store(str(db))
        lucky = [[int(x) for x in pair.split()] for pair in LUCKY]
        game_id = Tables(store, seeded(seed)).create("qwixx-longo", [PlayerSpec(name=n) for n in NAMES],
                                                      {"lucky_numbers": lucky}).id
        store.close()
        srv = Server(db)
        reader = Store(str(db))  # beside the server: read only
        taps: list[tuple[str, bool]] = []
        done = 0
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = open_phone(browser, f"{srv.url}g/{game_id}?all&lang=de", WIDTH, HEIGHT)
                while True:
                    phase = replay(*reader.load(game_id)).phase
                    if phase == "over" or phase == "roll" and done >= rolls:
                        break
                    done += phase == "roll"
                    taps += browser_step(page, NODES_JS, reader, game_id, rng)
                browser.close()
            final = replay(*reader.load(game_id))
        finally:
            srv.kill()
            reader.close()
    off = [w for w, seen in taps if not seen]
    if final.phase == "over":
        print("browser game over: " + ", ".join(f"{p.name} {p.total}" for p in GAME.result(final).players))
    print(f"browser check: Chromium, a {WIDTH}x{HEIGHT} phone with touch passed around, {done} rolls "
          f"({'the table’s dice, seeded' if real else 'the app’s dice, unseeded'}), {len(taps)} taps; the button "
          f"and its title on the first screen, no scroll: {len(taps) - len(off)} of {len(taps)}"
          + (f"; off screen: {off}" if off else ""))


async def main() -> None:
    t0 = time.perf_counter()
    profiles = await set_up_profiles(ARGS.seed, ARGS.verbose)
    with tempfile.TemporaryDirectory() as tmp:
        ctx = _context(Path(tmp) / "game.db", ARGS.seed)
        app = await AppSession.start(ctx, width=WIDTH, height=HEIGHT)
        tally = Tally()
        me = Player(app, tally, ARGS.verbose)
        await set_up_typed(me)
        check_start(app)
        rolls = await play(me, random.Random(ARGS.seed) if ARGS.real_dice else None)
        report(tally, profiles, rolls, app, ARGS.real_dice, time.perf_counter() - t0)
        await app.close()
        ctx.store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=7, help="the dice's seed (default 7)")
    parser.add_argument("--real-dice", action="store_true",
                        help="enter the table's dice (the same seeded values) face by face instead of 'Würfeln'")
    parser.add_argument("--browser", type=int, default=0, metavar="ROLLS",
                        help="then play ROLLS rolls in Chromium at 360x740, checking every tap is on the first screen")
    parser.add_argument("--verbose", action="store_true", help="print every tap")
    ARGS = parser.parse_args()
    asyncio.run(main())
    if ARGS.browser:
        browser_check(ARGS.browser, ARGS.seed, ARGS.real_dice)
