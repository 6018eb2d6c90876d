"""Issue 18: a tap changes the page's semantics DOM only where the screen changed.

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
