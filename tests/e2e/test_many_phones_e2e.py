"""Real browser, one table, many phones: browser contexts (separate "phones") on one server.

The first context creates a 4-player Qwixx Longo game; the others open the
seat links ``/g/<id>/seat/<n>``. A roll typed on the first phone must appear on
every phone; the time from the tap to the dice on the last phone is measured
inside the pages (``Date.now()``, one clock: one machine) and printed.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import pytest

from companion.store import Store
from tests.e2e.conftest import button, fill, open_app, unfold_real_dice

pytestmark = pytest.mark.e2e

NAMES = ["Ana", "Ben", "Cara", "Dora"]
LUCKY = ["15 16", "14 16", "13 16", "12 16"]

# Records in the page when a text first shows in the semantics DOM. A MutationObserver
# (no polling loop: four pages polling would themselves slow the machine down).
WATCH_JS = """
(needle) => {
  window.__seenAt = null; window.__armed = true; window.__firstMsg = null;
  const root = document.querySelector('flt-semantics-host') || document.body;
  const has = () => {
    if ((root.textContent || '').includes(needle)) return true;
    for (const el of root.querySelectorAll('[aria-label]')) {
      if ((el.getAttribute('aria-label') || '').includes(needle)) return true;
    }
    return false;
  };
  if (has()) { window.__seenAt = Date.now(); return; }
  const obs = new MutationObserver(() => {
    if (window.__seenAt === null && has()) { window.__seenAt = Date.now(); obs.disconnect(); }
  });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}
"""
TAP_JS = """
() => {
  window.__tapAt = null;
  document.addEventListener('pointerdown', () => { if (window.__tapAt === null) window.__tapAt = Date.now(); },
                            {capture: true, once: true});
}
"""


def create_game(page, server, n: int = 4) -> str:
    button(page, "Qwixx Longo").click()
    for _ in range(n - 2):
        button(page, "Spieler hinzufügen").click()
    page.get_by_label(f"Name Spieler {n}", exact=True).wait_for()
    button(page, "Mehr Optionen").click()  # the lucky numbers are folded with the house rules
    for i in range(n):
        fill(page, f"Name Spieler {i + 1}", NAMES[i])
        fill(page, f"Glückszahlen Spieler {i + 1}", LUCKY[i])
    button(page, "Spiel starten").click()
    page.get_by_text("Ana ist dran · Wurf Nr. 1").wait_for()
    store = Store(server.db)
    try:
        games = store.games()
    finally:
        store.close()
    assert len(games) == 1 and games[0]["players"] == NAMES[:n]
    return games[0]["id"]


# Notes when the first websocket message arrives after the watch is armed: splits the time
# into "server + network" (tap -> message) and "client" (message -> text in the page).
WS_JS = """
(() => {
  const Orig = window.WebSocket;
  window.__armed = false; window.__firstMsg = null;
  function Patched(...args) {
    const ws = new Orig(...args);
    ws.addEventListener('message', () => {
      if (window.__armed && window.__firstMsg === null) window.__firstMsg = Date.now();
    });
    return ws;
  }
  Patched.prototype = Orig.prototype;
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Patched[k] = Orig[k];
  window.WebSocket = Patched;
})();
"""


def open_timed(browser, url: str):
    """Like ``open_app``, with the websocket probe installed before the app starts."""
    return open_app(browser, url, init_script=WS_JS)


def type_roll(page, values: str) -> None:
    unfold_real_dice(page)
    fill(page, "Echte Würfel: Werte eingeben", values)


def wait_all(pages, timeout: float = 20.0) -> list[int]:
    """Until every page recorded ``__seenAt``; returns those times (ms since epoch)."""
    deadline = time.monotonic() + timeout
    while True:
        seen = [p.evaluate("window.__seenAt") for p in pages]
        if all(s is not None for s in seen):
            return seen
        if time.monotonic() > deadline:
            for i, p in enumerate(pages):
                p.screenshot(path=Path(tempfile.gettempdir()) / f"many_phones_fail_{i}.png")
            raise AssertionError(f"not on every phone after {timeout}s: {seen}")
        time.sleep(0.02)


def timed_change(host, pages, needle_for, act) -> tuple[float, list[float]]:
    """Tap with ``act()`` on ``host``; ms from the tap until ``needle_for(i)`` shows on each page."""
    for i, p in enumerate(pages):
        p.evaluate(WATCH_JS, needle_for(i))
    host.evaluate(TAP_JS)
    act()
    seen = wait_all(pages)
    tap = host.evaluate("window.__tapAt")
    assert tap is not None, "the tap was not seen by the page"
    per_page = [s - tap for s in seen]
    return max(per_page), per_page


@pytest.mark.parametrize("phones", [2, 4])
def test_a_roll_appears_on_every_phone(browser, server, phones):
    contexts = []
    try:
        host = open_app(browser, server.url)
        contexts.append(host.context)
        game_id = create_game(host, server, 4)
        seats = []
        for n in range(1, phones):
            p = open_app(browser, f"{server.url}g/{game_id}/seat/{n}")
            contexts.append(p.context)
            p.get_by_text(f"Du: {NAMES[n]}").wait_for()
            p.get_by_text("Ana würfelt.").wait_for()
            assert button(p, "Würfeln").count() == 0
            seats.append(p)
        pages = [host, *seats]

        # Ana rolls on the first phone: white 2+3 -> white sum 5 on every phone
        type_roll(host, "2 3 1 1 1 1")
        worst, per = timed_change(host, pages, lambda i: "Weiße Summe 5",
                                  lambda: button(host, "Übernehmen").click())
        for n, p in enumerate(seats, start=1):
            p.get_by_text(f"Weiße Summe 5 – {NAMES[n]}:").wait_for()
        print(f"\n{phones} phones: roll -> dice on all phones in {worst:.0f} ms (per phone {[round(x) for x in per]})")

        # Ben crosses yellow 5 on his own phone; every phone sees he has decided
        ben = seats[0]
        rest = [x for x in NAMES if x != "Ben"]
        still = (", ".join(rest[:-1]) + f" und {rest[-1]} entscheiden noch") if len(rest) > 1 \
            else f"{rest[0]} entscheidet noch"
        worst_x, per_x = timed_change(ben, pages, lambda i: still,
                                      lambda: button(ben, "Gelb 5").click())
        print(f"{phones} phones: Ben's cross -> seen on all phones in {worst_x:.0f} ms (per phone "
               f"{[round(x) for x in per_x]})")
        # a seat's phone offers nothing for Ana: "Rot 5" is only the field on Ben's own sheet
        assert ben.get_by_role("button", name="Rot 5", exact=True).count() == 1
        assert button(ben, "Passen").count() == 0
    finally:
        for c in contexts:
            c.close()


def test_roll_to_four_phones_timing(browser, server):
    """Five rolls, four phones: roll-to-last-phone time (for the closing note), split into
    tap -> first websocket message (server + network) and message -> text shown (client)."""
    contexts = []
    try:
        host = open_timed(browser, server.url)
        contexts.append(host.context)
        game_id = create_game(host, server, 4)
        seats = []
        for n in range(1, 4):
            p = open_timed(browser, f"{server.url}g/{game_id}/seat/{n}")
            contexts.append(p.context)
            p.get_by_text(f"Du: {NAMES[n]}").wait_for()
            seats.append(p)
        pages = [host, *seats]
        times, server_part, client_part = [], [], []
        for _ in range(5):
            # a virtual roll (the "Würfeln" button): the dice differ, the words "Weiße Summe" do not
            worst, _ = timed_change(host, pages, lambda i: "Weiße Summe",
                                    lambda: button(host, "Würfeln").click())
            tap = host.evaluate("window.__tapAt")
            msgs = [p.evaluate("window.__firstMsg") for p in pages]
            seen = [p.evaluate("window.__seenAt") for p in pages]
            times.append(worst)
            if all(m is not None for m in msgs):
                server_part.append(max(m - tap for m in msgs))
                client_part.append(max(s_ - m for s_, m in zip(seen, msgs)))
            # the host undoes the roll (every phone goes back to "Ana würfelt."), ready for the next
            button(host, "Rückgängig").click()
            for p in seats:
                p.get_by_text("Ana würfelt.").wait_for()
            button(host, "Würfeln").wait_for()
        print(f"\nroll -> dice on all 4 phones: median {statistics.median(times):.0f} ms, "
              f"worst {max(times):.0f} ms over {len(times)} rolls: {[round(t) for t in times]}")
        if server_part:
            print(f"  tap -> last phone's first message (server + network): median "
                  f"{statistics.median(server_part):.0f} ms {[round(x) for x in server_part]}")
            print(f"  message -> text on the slowest phone (client): median "
                  f"{statistics.median(client_part):.0f} ms {[round(x) for x in client_part]}")
    finally:
        for c in contexts:
            c.close()


def test_seat_picker_in_a_real_browser_remembers_the_seat(browser, server):
    contexts = []
    try:
        host = open_app(browser, server.url)
        contexts.append(host.context)
        game_id = create_game(host, server, 4)
        phone = open_app(browser, f"{server.url}g/{game_id[:8]}")
        contexts.append(phone.context)
        phone.get_by_text("Wer bist du?").wait_for()
        button(phone, "Cara").click()
        phone.get_by_text("Du: Cara").wait_for()
        phone.get_by_text("Zettel von Cara").wait_for()
        time.sleep(0.5)  # the choice is stored in the browser (localStorage) asynchronously
        # the same browser opens the link again in a new tab: no question, Cara's sheet
        tab = phone.context.new_page()
        tab.set_default_timeout(20_000)
        tab.goto(f"{server.url}g/{game_id[:8]}")
        tab.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
        tab.locator("flt-semantics-placeholder").dispatch_event("click")
        tab.get_by_text("Du: Cara").wait_for()
        tab.get_by_text("Zettel von Cara").wait_for()
        # a server on loopback only: the host's invite screen says no other phone reaches it (no QR
        # code, no link), and that Cara's tab is here
        button(host, "Mitspieler einladen").click()
        host.get_by_text("Cara: verbunden").wait_for()
        host.get_by_text("Andere Handys erreichen diesen Tischrichter nicht: er läuft nur für dieses Gerät. "
                         "Reicht es am Tisch herum – oder öffnet das Spiel auf einem Tischrichter, der im WLAN "
                         "oder im Internet läuft.").wait_for()
        assert host.get_by_text(f"{server.url}g/{game_id[:8]}").count() == 0
    finally:
        for c in contexts:
            c.close()


def test_lan_join_link_with_the_token_opens_the_seat_picker(browser, tmp_path):
    """LAN mode: the host opens the host link; the invite screen's link carries this game's own
    token; a fresh phone joins with it alone and sees the picker without "Alle"."""
    from tests.e2e.conftest import Server

    token = "Tisch_Geheim-0123456789"
    srv = Server(tmp_path / "lan.db", ["--lan", "--host", "127.0.0.1", "--token", token])
    contexts = []
    try:
        host = open_app(browser, f"{srv.url}?h={token}")
        contexts.append(host.context)
        game_id = create_game(host, srv, 2)
        store = Store(srv.db)
        try:
            table_token = store.table_token(game_id)
        finally:
            store.close()
        button(host, "Mitspieler einladen").click()
        link = f"{srv.url}g/{game_id[:8]}?t={table_token}"
        host.get_by_text(link).wait_for()
        host.get_by_label(f"QR-Code zum Beitreten: {link}").wait_for()
        assert token not in link

        # without the token the link is refused; with it the phone gets the app and the picker
        bare = browser.new_context()
        contexts.append(bare)
        resp = bare.new_page().goto(f"{srv.url}g/{game_id[:8]}")
        assert resp.status == 403
        phone = open_app(browser, link)
        contexts.append(phone.context)
        phone.get_by_text("Wer bist du?").wait_for()
        assert button(phone, "Alle (Handy wird herumgereicht)").count() == 0
        button(phone, "Ben").click()
        phone.get_by_text("Du: Ben").wait_for()
        host.get_by_text("Ben: verbunden").wait_for()
        # the guest's browser opens the server's start page: still its game, no game list
        tab = phone.context.new_page()
        tab.set_default_timeout(20_000)
        tab.goto(srv.url)
        tab.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
        tab.locator("flt-semantics-placeholder").dispatch_event("click")
        tab.get_by_text("Du: Ben").wait_for()
        assert tab.get_by_text("Offene Spiele").count() == 0
    finally:
        for c in contexts:
            c.close()
        srv.kill()
