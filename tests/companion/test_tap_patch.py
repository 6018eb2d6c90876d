"""What one tap sends to the phone, read from Flet's update messages (level-2 harness).

The positions and taps are the tap section's of build/bench.py; build/bench_patch.py counts the
same for all three games. Counts, not times.
"""

from __future__ import annotations

import flet as ft
import pytest

from build.bench import PASS_AROUND, TAP_GAMES
from build.bench_patch import patch_stats
from tests.harness.flet_session import AppSession, make_context


async def open_table(tmp_path, game: str) -> AppSession:
    db = tmp_path / "t.db"
    gid = TAP_GAMES[game]["prepare"](db)
    app = await AppSession.start(make_context(db), route=f"/g/{gid}")
    await app.click(text=PASS_AROUND)
    return app


async def sent_by(app: AppSession, **how) -> dict[str, int]:
    n = len(app.conn.raw)
    await app.click(**how)
    return patch_stats(app.conn.raw[n:], app.conn.messages[n:], app.session.index)


# Qwixx fields that change their lucky ring when the screen goes from Ana's sheet to Ben's: the
# open_table game gives them different lucky numbers (4 and 9, 5 and 12), each marked in four rows
RE_MARKED = 4 * 4


async def test_a_qwixx_cross_changes_values_in_place_and_builds_nothing_new(tmp_path):
    # Ana crosses Rot 7 on the white sum: Ben's sheet and "Ben entscheidet noch" show. The
    # status block always has its two lines, so the second line is a changed value, not a
    # new control the phone must build (and the sheet below it does not move).
    app = await open_table(tmp_path, "qwixx")
    assert app.has_text("Ana und Ben entscheiden noch") and app.has_text("Zettel von Ana")
    cross = await sent_by(app, label="Rot 7")
    assert app.has_text("Ana: Rot 7") and app.has_text("Ben entscheidet noch") and app.has_text("Zettel von Ben")
    assert cross["new_controls"] == 0, cross
    # 12, and the lucky numbers' rings: Ana's 4 and 9 go, Ben's 5 and 12 come, in four rows (16
    # fields change their shape, about two values each)
    assert cross["changed_controls"] <= 12 + 2 * RE_MARKED, cross
    undo = await sent_by(app, tooltip="Rückgängig")
    assert app.has_text("Ana und Ben entscheiden noch") and app.has_text("Zettel von Ana")
    assert app.has_text("Alle anderen passen")  # the one control that comes back
    assert undo["new_controls"] <= 1, undo
    await app.close()


async def test_a_qwixx_cross_and_its_undo_rebuild_only_what_changed_on_the_phone(tmp_path):
    # Flutter builds again every control inside a control whose children list changed.
    # "Alle anderen passen" goes with the cross and comes back with the undo: while it sat in the
    # screen's own column, the phone rebuilt the whole screen (303 of 321 controls, the sheet's
    # 60 fields too) for a tap that changes a few texts. Now it goes and comes in the column of
    # the phase's buttons, and the screen's column keeps its children; in a slot of its own, so the
    # title and the five buttons above it are not built again either (10 controls: texts that
    # changed, the two sheet buttons of the switcher, the slot).
    app = await open_table(tmp_path, "qwixx")
    on_screen = sum(1 for _ in app.walk())
    cross = await sent_by(app, label="Rot 7")
    assert app.has_text("Weiße Summe 7 – Ben:") and not app.has_text("Alle anderen passen")
    undo = await sent_by(app, tooltip="Rückgängig")
    assert app.has_text("Weiße Summe 7 – Ana:") and app.has_text("Alle anderen passen")
    assert on_screen > 250
    # and each field whose lucky ring comes or goes is built again (the field, its box, its number)
    assert cross["rebuilt"] <= 12 + 3 * RE_MARKED and undo["rebuilt"] <= 14 + 3 * RE_MARKED, (cross, undo)
    await app.close()


async def test_a_verflixxt_move_and_its_undo_rebuild_only_what_changed_on_the_phone(tmp_path):
    # Ana moves A1 from the start to field 2; Ben is to roll. Flutter builds again the
    # column whose child turned visible or hidden (the side column: the roll block comes, her moves
    # go), but a hidden control builds nothing inside it (Flet's client takes visible children
    # only): her 24 hidden move controls cost nothing. What is built again: the side column with
    # the roll block (15), the turn line (2), the start and field-2 slots of the strip (20) and the
    # two piles whose turn colour changed (12) - never the screen, the board column or the strip.
    app = await open_table(tmp_path, "verflixxt")
    on_screen = sum(1 for _ in app.walk())
    move = "Figur A1: Start » Feld 2 (−1)"
    tap = await sent_by(app, text=move)
    assert app.has_text("Ben ist dran") and not app.has_text(move)
    undo = await sent_by(app, tooltip="Rückgängig")
    assert app.has_text("Ana ist dran") and app.has_text("Wähle einen Zug:") and app.has_text(move)
    assert on_screen > 150
    # the undo shows her moves again (24 controls that must be built: they are seen)
    assert tap["rebuilt"] <= 40 and undo["rebuilt"] <= 53, (tap, undo)
    await app.close()


async def test_a_verflixxt_undo_shows_the_same_moves_again_without_sending_them_whole(tmp_path):
    # Ana rolled a 2 and moves figure A1: Ben is to roll ("Ben ist dran"), her moves are gone.
    # The undo brings back "Wähle einen Zug:" and the same moves: they stayed on the phone,
    # hidden, and come back as a change of visibility, not as ~30 controls built again.
    app = await open_table(tmp_path, "verflixxt")
    move = "Figur A1: Start » Feld 2 (−1)"
    assert app.has_text("Wähle einen Zug:") and app.has_text(move)
    await sent_by(app, text=move)
    assert app.has_text("Ben ist dran")
    assert not app.has_text(move) and not app.has_text("Wähle einen Zug:")  # hidden: not findable, not tappable
    undo = await sent_by(app, tooltip="Rückgängig")
    assert app.has_text("Wähle einen Zug:") and app.has_text(move)
    assert not app.has_text("Ben ist dran")
    assert undo["new_controls"] <= 6, undo
    # and the move is still the move: tapping it again moves A1 again
    await sent_by(app, text=move)
    assert app.has_text("Ben ist dran")
    await app.close()


def test_a_qwixx_field_is_three_controls_and_named_by_its_label_alone():
    # The phone builds every field of the sheet; a field is its labelled button, the
    # coloured box and the number (a lock field adds the lock icon under the number: 5). The
    # number speaks no words of its own ("Rot 7", not "Rot 7 7"); a crossed field shows the cross
    # icon, which has none either.
    import flet as ft

    from components.cross_row import RowModel, cross_row
    from tests.harness.flet_session import _descendants

    row = RowModel(key="red", label="R", name="Rot", fields=tuple(range(2, 13)), crossed=(3,), legal=frozenset({7}),
                   lock_fields=(12,), bonus=False, locked=False, color=ft.Colors.RED_700, light=ft.Colors.RED_50,
                   count_text="1", crossed_word="angekreuzt", skipped_word="übersprungen")
    fields = {c.label: c for c in cross_row(row, lambda colour, n: None).controls if isinstance(c, ft.Semantics)
              and c.button}
    assert list(fields)[:3] == ["Rot 2: übersprungen", "Rot 3: angekreuzt", "Rot 4"]
    sizes = {label: 1 + len(list(_descendants(c))) for label, c in fields.items()}
    assert sizes["Rot 7"] == 3 and sizes["Rot 3: angekreuzt"] == 3 and sizes["Rot 12"] == 5, sizes
    texts = [t for t in _descendants(fields["Rot 7"]) if isinstance(t, ft.Text)]
    assert [(t.value, t.semantics_label) for t in texts] == [("7", "")]


def board_nodes(app: AppSession, key: str) -> list[str | None]:
    """The semantics nodes inside the Verflixxt strip (``key="strip"``) or piles (``"piles"``), as a
    screen reader gets them: each node's label (None: a node without one, read from the texts in it)."""
    import flet as ft

    from tests.harness.flet_session import _descendants

    block = next(f.control for f in app.walk() if getattr(f.control, "key", None) == key)
    return [c.label for c in _descendants(block) if isinstance(c, ft.Semantics)]


async def test_a_verflixxt_slot_and_pile_are_each_one_node_named_by_what_they_show(tmp_path):
    # A node per slot text and per chip (and a wrapper control for each) made the phone
    # build and place ~70 nodes for the strip. Now each slot is one node, read with its place, its
    # tile and who stands on it; each pile one node with its points and tiles. German and English.
    app = await open_table(tmp_path, "verflixxt")
    slots = board_nodes(app, "strip")
    assert len(slots) == 28  # start, the 26 tiles, goal: nothing else has a node of its own
    assert slots[:4] == ["Start: A1, A2, A3, B1, B2, B3", "Feld 1 (+3): Wächter", "Feld 2 (−1)", "Feld 3 (G): Wächter"]
    assert slots[-1] == "Ziel"
    assert board_nodes(app, "piles") == [None, "Ana: 0 Punkte, noch keine Tafel", "Ben: 0 Punkte, noch keine Tafel"]
    await app.click(text="Figur A1: Start » Feld 2 (−1)")
    assert board_nodes(app, "strip")[:3] == ["Start: A2, A3, B1, B2, B3", "Feld 1 (+3): Wächter", "Feld 2 (−1): A1"]
    await app.click(text="English")
    assert app.has_text("Ben's turn")
    slots = board_nodes(app, "strip")
    assert slots[:3] == ["Start: A2, A3, B1, B2, B3", "slot 1 (+3): guard", "slot 2 (−1): A1"]
    assert slots[-1] == "Goal"
    assert board_nodes(app, "piles") == [None, "Ana: 0 points, no tile yet", "Ben: 0 points, no tile yet"]
    await app.close()


async def test_a_verflixxt_screen_is_fewer_controls_and_a_move_sends_only_the_moved_chip(tmp_path):
    # The phone builds every control of the screen (258 before: a wrapper per strip text and
    # chip, a Row and a Text in each move button). A move changes the rest in place: its chip is the
    # only thing sent whole (2 controls: the box and its letter), the last-move line and the advice
    # switch change their words and visibility (were sent whole, 4 controls each way).
    # (212: each pile's turn colour is a box of its own behind the card, 2 controls per pile, so a
    # move rebuilds that box and not the card's 6 controls on the phone; 213: the advice switch is a
    # 48 px row, its node and its button)
    app = await open_table(tmp_path, "verflixxt")
    assert sum(1 for _ in app.walk()) <= 213
    move = await sent_by(app, text="Figur A1: Start » Feld 2 (−1)")
    assert app.has_text("Ben ist dran") and app.has_text("Letzter Zug – Ana: Figur A1: Start » Feld 2 (−1)")
    assert move["new_controls"] <= 2, move
    undo = await sent_by(app, tooltip="Rückgängig")
    assert app.has_text("Wähle einen Zug:") and app.has_text("Zugberatung")
    assert not app.has_text("Letzter Zug – Ana: Figur A1: Start » Feld 2 (−1)")
    assert undo["new_controls"] <= 2, undo


def pile_and_header_ids(app: AppSession, heads: list[str], tips: list[str]) -> list[int]:
    """Which Python objects the piles' first lines (``heads``) and the header's icon buttons (``tips``)
    are (``id``: Flet hands a rebuilt control the old one's ``_i``, so that cannot tell)."""
    found = {f.control.value: id(f.control) for f in app.walk() if isinstance(f.control, ft.Text)
             and f.control.value in heads}
    found |= {f.control.tooltip: id(f.control) for f in app.walk() if isinstance(f.control, ft.IconButton)
              and f.control.tooltip in tips}
    assert set(found) == {*heads, *tips}, found
    return [found[k] for k in (*heads, *tips)]


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_a_verflixxt_move_that_passes_the_turn_keeps_the_piles_words_and_the_undo_buttons(tmp_path, lang):
    # A move passes the turn, which changes the piles' colours and the header's name; the
    # server built every pile card (its bar and lines) and the undo and redo buttons anew for it and
    # Flet then compared them with the old ones before the phone got the patch. Now the words and
    # the buttons stay the same controls while they read the same; the screen reads as before.
    words = {"de": (["Ana: 0 Punkte", "Ben: 0 Punkte"], ["Rückgängig", "Wiederholen"], "Ben ist dran",
                    ["Ana: 0 Punkte, noch keine Tafel", "Ben: 0 Punkte, noch keine Tafel"]),
             "en": (["Ana: 0 points", "Ben: 0 points"], ["Undo", "Redo"], "Ben's turn",
                    ["Ana: 0 points, no tile yet", "Ben: 0 points, no tile yet"])}
    heads, tips, turn, piles = words[lang]
    app = await open_table(tmp_path, "verflixxt")
    if lang == "en":
        await app.click(text="English")
    before = pile_and_header_ids(app, heads, tips)
    await app.click(text="Figur A1: Start » Feld 2 (−1)" if lang == "de" else "Figure A1: Start » slot 2 (−1)")
    assert app.has_text(turn)
    assert pile_and_header_ids(app, heads, tips) == before
    assert board_nodes(app, "piles") == [None, *piles]
    await app.close()


# Raus aus dem Verlies: Ana drew a card (a passage); the tap section's "+1 gold" and its undo, in both
# languages. (German first, English second: every string whole.)
VERLIES_WORDS = {
    "de": {"take": "Gold im Gang +1", "dice": ["Gold im Gang: W6 würfeln", "Gold im Gang: W3 würfeln",
                                               "Gold im Gang: 1+W6 würfeln"],
           "plus": "Korrektur +1", "minus": "Korrektur −1", "undo": "Rückgängig", "purse0": "0 Gold",
           "purse1": "1 Gold", "line": "Zug 1: Ana +1 (Gang)", "empty": "Noch keine Goldänderung.",
           "turn": "Ana ist dran · Zug 1", "moved": "Ana hat einen Gang gelegt.",
           "once": "Gold im Gang: einmal je Karte (rv.gold)", "taken": "Das Gold dieses Gangs ist genommen (rv.gold)."},
    "en": {"take": "Passage gold +1", "dice": ["Passage gold: roll d6", "Passage gold: roll d3",
                                               "Passage gold: roll 1+d6"],
           "plus": "Correction +1", "minus": "Correction −1", "undo": "Undo", "purse0": "0 gold",
           "purse1": "1 gold", "line": "Turn 1: Ana +1 (passage)", "empty": "No gold change yet.",
           "turn": "Ana's turn · move 1", "moved": "Ana laid a passage.",
           "once": "Passage gold: once per card (rv.gold)", "taken": "This passage's gold is taken (rv.gold)."},
}


def gold_row(app: AppSession, w: dict) -> list[tuple[str, int, bool]]:
    """The gold buttons in screen order (the passage's in the turn's decision, the corrections in the
    purse): (words, control id, disabled). A die's chip shows its form ("W3") and says the rest in
    its tooltip."""
    names = [w["take"], *w["dice"], w["plus"], w["minus"]]

    def said(b: ft.Button) -> str | None:
        shown = b.content.value if isinstance(b.content, ft.Text) else None
        return shown if shown in names else b.tooltip if b.tooltip in names else None

    found = [(said(f.control), f.control) for f in app.walk() if isinstance(f.control, ft.Button)]
    return [(name, b._i, bool(b.disabled)) for name, b in found if name is not None]


def screen_ids(app: AppSession) -> set[int]:
    return {f.control._i for f in app.walk()}


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_a_verlies_gold_tap_and_its_undo_build_no_control(tmp_path, lang):
    # The passage's gold buttons stay on the phone when its gold is taken (rv.gold: once
    # per card), greyed out in their place, and the first log line takes the place of "No gold
    # change yet.": the tap and its undo change values in place and send no control whole (were 1
    # and 9: the new log line; the four passage buttons and the empty-log line coming back, 1.3 KB);
    # the corrections keep their place (the row of six buttons shrank to two, moving all below it).
    w = VERLIES_WORDS[lang]
    app = await open_table(tmp_path, "verlies")
    if lang == "en":
        await app.click(text="English")
    assert app.has_text(w["turn"]) and app.has_text(w["moved"])
    assert app.has_text(w["purse0"]) and app.has_text(w["empty"]) and app.has_text(w["once"])
    before = gold_row(app, w)
    assert [(n, off) for n, _, off in before] == [(w["take"], False), *((d, False) for d in w["dice"]),
                                                   (w["plus"], False), (w["minus"], False)]
    ids = screen_ids(app)

    tap = await sent_by(app, text=w["take"])
    assert app.has_text(w["purse1"]) and app.has_text(w["line"])
    assert not app.has_text(w["purse0"]) and not app.has_text(w["empty"])
    after = gold_row(app, w)  # the same six controls in the same places; the passage's four not offered
    assert [(n, i) for n, i, _ in after] == [(n, i) for n, i, _ in before]
    assert [off for *_, off in after] == [True, True, True, True, False, False]
    assert app.has_text(w["taken"]) and not app.has_text(w["once"])  # the greyed buttons say why
    assert tap["new_controls"] == 0, tap  # "Zug 1: Ana +1 (Gang)" is the empty log's line, reworded
    assert screen_ids(app) == ids  # the same controls on the screen, control for control

    undo = await sent_by(app, tooltip=w["undo"])
    assert app.has_text(w["purse0"]) and app.has_text(w["empty"])
    assert not app.has_text(w["purse1"]) and not app.has_text(w["line"])
    assert gold_row(app, w) == before  # offered again, the same controls
    assert app.has_text(w["once"]) and not app.has_text(w["taken"])
    assert undo["new_controls"] == 0, undo
    assert screen_ids(app) == ids
    # and the passage's gold is the passage's gold again: taking it again counts once
    await sent_by(app, text=w["take"])
    assert app.has_text(w["purse1"]) and app.has_text(w["line"])
    await app.close()


def test_a_qwixx_count_is_three_controls_and_keeps_its_words_and_lock():
    # The count column of a row is its labelled node, the box and the number (was 4: a
    # column around the number alone); a row locked by this player shows the filled lock under
    # the count (5 controls), and the spoken count is the whole label, as before.
    import flet as ft

    from components.cross_row import RowModel, cross_row
    from tests.harness.flet_session import _descendants

    def count_of(bonus: bool) -> ft.Semantics:
        row = RowModel(key="red", label="R", name="Rot", fields=tuple(range(2, 13)), crossed=(3, 5),
                       legal=frozenset(), lock_fields=(12,), bonus=bonus, locked=bonus, color=ft.Colors.RED_700,
                       light=ft.Colors.RED_50, count_text="2",
                       count_label="Kreuze Rot: 2, von dir abgeschlossen" if bonus else "Kreuze Rot: 2")
        return cross_row(row, lambda colour, n: None).controls[-1]

    plain, locked = count_of(False), count_of(True)
    assert plain.label == "Kreuze Rot: 2" and not plain.button
    assert locked.label == "Kreuze Rot: 2, von dir abgeschlossen"
    sizes = [1 + len(list(_descendants(c))) for c in (plain, locked)]
    assert sizes == [3, 5], sizes
    assert [t.value for t in _descendants(plain) if isinstance(t, ft.Text)] == ["2"]
    icons = [i.icon for i in _descendants(locked) if isinstance(i, ft.Icon)]
    assert icons == [ft.Icons.LOCK]
