"""A tap changes the page's semantics DOM only where the screen changed.

Flutter web draws the semantics tree as absolutely positioned elements. When a line above the
Qwixx sheet (or above the Verflixxt strip and piles) came or went, every element below it got a
new position and stacking order: a Qwixx cross restyled ~90 elements (~190 style writes), a
Verflixxt move ~60. Counted here with a MutationObserver over one tap and its undo (counts, not
times: the same on a loaded or a quiet machine). The positions are the tap section's of
build/bench.py.
"""

from __future__ import annotations

import pytest

from build.bench import PASS_AROUND, PHONE, TAP_GAMES
from tests.e2e.conftest import Server, button

WATCH = """() => { window.__styled = new Set(); window.__styles = 0;
  new MutationObserver(rs => { for (const r of rs) if (r.type === 'attributes' && r.attributeName === 'style'
      && r.target.tagName === 'FLT-SEMANTICS') { window.__styles += 1; window.__styled.add(r.target); } })
    .observe(document.body, {subtree: true, attributes: true, attributeFilter: ['style']}); }"""
RESET = "() => { window.__styled = new Set(); window.__styles = 0; }"
READ = "() => window.__styled.size"


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    db = tmp_path_factory.mktemp("churn") / "churn.db"
    ids = {g: TAP_GAMES[g]["prepare"](db) for g in ("qwixx", "verflixxt")}
    ids["qwixx-touch"] = TAP_GAMES["qwixx"]["prepare"](db)  # a table of its own: the others end crossed
    ids["verflixxt-read"] = TAP_GAMES["verflixxt"]["prepare"](db)  # untouched: read as it starts
    srv = Server(db)
    yield srv, ids
    srv.kill()


def restyled_per_tap(browser, srv, gid: str, spec: dict) -> list[int]:
    """Semantics elements restyled (moved, resized, restacked) by the tap, by its undo, by the tap again."""
    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, locale="de-DE")
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{srv.url}g/{gid}")
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        button(page, PASS_AROUND).click(40)
        button(page, spec["forth"][0]).wait_for(40)
        page.evaluate(WATCH)
        out = []
        for name, expect in (spec["forth"], spec["back"], spec["forth"]):
            page.evaluate(RESET)
            button(page, name).first.click()
            page.get_by_text(expect, exact=spec["exact"]).first.wait_for()
            page.wait_for_timeout(700)  # the frame after the text, and any late one
            out.append(page.evaluate(READ))
        return out
    finally:
        ctx.close()


def test_a_qwixx_cross_leaves_the_sheet_in_place(browser, tables):
    # crossing Rot 7 shows Ben's sheet and a second status line; the undo takes both back.
    # The sheet's 60 fields and 4 counts do not move: at most the few blocks that changed
    # (status lines, switcher, buttons below the sheet) are restyled.
    srv, ids = tables
    counts = restyled_per_tap(browser, srv, ids["qwixx"], TAP_GAMES["qwixx"])
    assert max(counts) <= 30, counts


def test_a_verflixxt_move_leaves_strip_and_piles_in_place(browser, tables):
    # moving A1 swaps the move buttons for the roll controls above the strip: the strip's
    # slots and chips and the piles keep their places (only the moved chip and the changed
    # blocks are restyled)
    srv, ids = tables
    counts = restyled_per_tap(browser, srv, ids["verflixxt"], TAP_GAMES["verflixxt"])
    assert max(counts) <= 40, counts


LABELS = """() => { window.__labels = 0;
  new MutationObserver(rs => { window.__labels += rs.length; })
    .observe(document.body, {subtree: true, attributes: true, attributeFilter: ['aria-label']}); }"""


def test_the_bench_taps_a_phone_page_with_a_finger_and_no_label_is_rewritten(browser, tables):
    # At first the bench saw every tap rewrite the label of all 65 button nodes of the Qwixx screen. It was
    # the bench's mouse: after a click it stays on the undo button, Flutter shows the undo's
    # tooltip "Rückgängig" on hover ~0.8 s later and hides it at the next tap, and each time every
    # button's label is written again. A phone has no hover: the bench's taps on a phone page
    # (build/bench.py open_page with a viewport) are touches, and cross, undo, cross rewrite none.
    from build.bench import Alternating, open_page

    srv, ids = tables
    spec = TAP_GAMES["qwixx"]
    page = open_page(browser, f"{srv.url}g/{ids['qwixx-touch']}", spec["forth"][0], PHONE)
    try:
        page.evaluate(LABELS)
        tapper = Alternating(page, spec["forth"], spec["back"], spec["exact"])
        for expect in ("Weiße Summe 7 – Ben:", "Weiße Summe 7 – Ana:", "Weiße Summe 7 – Ben:"):
            tapper()  # waits until the text of that tap shows
            assert page.get_by_text(expect).count() >= 1, expect
            page.wait_for_timeout(1500)  # past the hover tooltip's delay
        assert page.evaluate("() => window.__labels") == 0
    finally:
        page.context.close()


def test_a_verflixxt_slot_and_pile_are_each_one_node_read_whole(browser, tables):
    # The strip had a node for each tile's text and each chip (40, the page 72), read as
    # "−1", "A1" with no place: each slot is now one node read with its place, tile and who stands
    # there, each pile one with its points and tiles; the chips' letters are no nodes of their own.
    from build.bench import open_page

    srv, ids = tables
    page = open_page(browser, f"{srv.url}g/{ids['verflixxt-read']}", TAP_GAMES["verflixxt"]["forth"][0], PHONE)
    try:
        for words in ("Start: A1, A2, A3, B1, B2, B3", "Feld 1 (+3): Wächter", "Feld 2 (−1)", "Ziel",
                      "Ana: 0 Punkte, noch keine Tafel", "Ben: 0 Punkte, noch keine Tafel"):
            assert page.get_by_text(words, exact=True).count() == 1, words
        assert page.get_by_text("A1", exact=True).count() == 0
        assert page.locator("flt-semantics").count() <= 66  # was 77: 40 for the strip, 4 for the piles
        button(page, "English").click()
        page.get_by_text("slot 1 (+3): guard", exact=True).wait_for()
        for words in ("Start: A1, A2, A3, B1, B2, B3", "slot 2 (−1)", "Goal", "Ana: 0 points, no tile yet"):
            assert page.get_by_text(words, exact=True).count() == 1, words
    finally:
        page.context.close()
