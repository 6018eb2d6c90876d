"""A Verlies "+1 gold" and its undo change the page's semantics DOM only where the purse
changed (a real browser; counts, not times: the same on a loaded or a quiet machine).

The tap section's position (build/bench.py): Ana drew a card and laid a passage; "Gold im Gang +1"
takes its gold, the undo gives it back. Before, the tap took the passage's four gold buttons off the
screen (the corrections, treasures, gold log and the dispute button below moved up) and the undo
built them again with the "no gold change yet" line: 13–14 semantics elements touched by each,
1 and 5 built, 19–36 style writes. Now the four stay, greyed out, and the first log line is the
empty log's line with new words: 7–8 touched (only what changed), none built, 8–9 style writes.
"""

from __future__ import annotations

import pytest

from build.bench import PHONE, TAP_GAMES
from tests.e2e.conftest import Server, button

WATCH = """() => { window.__touched = new Set(); window.__added = 0; window.__styles = 0;
  new MutationObserver(rs => { for (const r of rs) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const node = el && el.closest('flt-semantics');
      if (node) window.__touched.add(node);
      if (r.type === 'attributes' && r.attributeName === 'style' && el && el.tagName === 'FLT-SEMANTICS')
        window.__styles += 1;
      for (const n of r.addedNodes) if (n.nodeType === 1 && n.tagName === 'FLT-SEMANTICS') window.__added += 1;
  } }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true}); }"""
RESET = "() => { window.__touched = new Set(); window.__added = 0; window.__styles = 0; }"
READ = """() => ({touched: [...window.__touched].map(n => (n.getAttribute('aria-label') || n.innerText || '')
  .trim().split('\\n')[0]).sort(), added: window.__added, styles: window.__styles})"""


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    db = tmp_path_factory.mktemp("churn") / "verlies.db"
    gid = TAP_GAMES["verlies"]["prepare"](db)
    srv = Server(db)
    yield srv, gid
    srv.kill()


def test_a_verlies_gold_tap_and_its_undo_touch_only_the_purse_lines_that_change(browser, table):
    from build.bench import Alternating, open_page

    srv, gid = table
    spec = TAP_GAMES["verlies"]
    page = open_page(browser, f"{srv.url}g/{gid}", spec["forth"][0], PHONE)  # a finger, as the bench taps
    try:
        page.evaluate(WATCH)
        tapper = Alternating(page, spec["forth"], spec["back"], spec["exact"])
        seen = []
        for _ in range(3):  # +1 gold, undo, +1 gold
            page.evaluate(RESET)
            tapper()  # waits until "1 Gold" / "0 Gold" shows
            page.wait_for_timeout(700)  # the frame after the text, and any late one
            seen.append(page.evaluate(READ))
        assert page.get_by_text("Zug 1: Ana +1 (Gang)", exact=True).count() == 1
        # the passage's gold buttons are still there, not offered (rv.gold: once per card)
        for b in ("Gold im Gang +1", "Gold im Gang: W6 würfeln", "Gold im Gang: W3 würfeln",
                  "Gold im Gang: 1+W6 würfeln"):
            assert button(page, b).first.get_attribute("aria-disabled") == "true", b
        assert button(page, "Korrektur +1").first.get_attribute("aria-disabled") is None
        tap, undo, again = seen
        # nothing built: the undo built the four buttons and the empty-log line again, the tap a log line
        assert [s["added"] for s in seen] == [0, 0, 0], seen
        assert max(len(s["touched"]) for s in seen) <= 10, seen  # was 13–14 (the rows below moved); now 7–8
    finally:
        page.context.close()
