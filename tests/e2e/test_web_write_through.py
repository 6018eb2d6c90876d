"""The phone's save after a tap (issue 29.4), in the offline site (``bash build/web.sh``) in Chromium.

A move is shown only once the store's file is in IndexedDB (issue 16.3). Emscripten's IDBFS read
back what IndexedDB held (a read-only transaction with a cursor over every file) before each write:
at phone class ~48 ms of a ~180 ms tap (``build/trace_web_tap.py``). The site's worker now remembers
what it wrote and saves a tap in one read-write transaction; IndexedDB then holds the store's file
exactly as it is in memory, and the game survives a reload. A reload reads IndexedDB as the worker
starts, in one transaction while Pyodide loads, and the next save after it is again one write.
"""

from __future__ import annotations

import pytest

from build.web import smoke
from tests.e2e.conftest import button
from tests.e2e.test_history_e2e import roll as qwixx_roll, wait_text
from tests.e2e.test_web_offline import FIRST_LOAD, guarded_browser, open_semantics, open_with_a_qwixx_game, site  # noqa: F401 - fixtures

pytestmark = pytest.mark.e2e

# In the Python worker: every IndexedDB transaction opened from now on, by its mode
COUNT_TRANSACTIONS = """() => {
  self.transactionsSeen = [];
  if (self.countingTransactions) return;
  self.countingTransactions = true;
  const open = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    self.transactionsSeen.push(String(args[1] || "readonly"));
    return open.apply(this, args);
  };
  const commit = IDBTransaction.prototype.commit;
  IDBTransaction.prototype.commit = function (...args) {
    self.transactionsSeen.push(`${this.mode}, committed at once`);
    return commit.apply(this, args);
  };
}"""

# In the Python worker: the store's file as IndexedDB holds it, against the file in memory
STORE_IN_INDEXEDDB = """async () => {
  const path = "/data/tischrichter.db";
  const db = await new Promise((ok, no) => {
    const request = indexedDB.open("/data");
    request.onsuccess = () => ok(request.result);
    request.onerror = () => no(request.error);
  });
  const record = await new Promise((ok, no) => {
    const request = db.transaction(["FILE_DATA"], "readonly").objectStore("FILE_DATA").get(path);
    request.onsuccess = () => ok(request.result);
    request.onerror = () => no(request.error);
  });
  db.close();
  const memory = self.trPyodide.FS.readFile(path);
  const held = record ? new Uint8Array(record.contents) : new Uint8Array(0);
  let same = held.length === memory.length;
  for (let i = 0; same && i < held.length; i++) same = held[i] === memory[i];
  return {bytes: memory.length, same};
}"""


# one read-write transaction per tap, its commit begun as soon as its puts are issued (not when the
# worker's task ends: Python builds the screen in it)
TAP_SAVE = ["readwrite", "readwrite, committed at once"]


def tapped(page, worker, name: str, shows: str) -> list[str]:
    """Tap ``name`` until ``shows`` is on the screen: the IndexedDB transactions it opened."""
    worker.evaluate(COUNT_TRANSACTIONS)
    button(page, name).click()
    wait_text(page, shows)
    return worker.evaluate("() => self.transactionsSeen")


def test_a_tap_is_saved_in_one_indexeddb_write_that_holds_the_store_as_it_is(site, guarded_browser):  # noqa: F811
    outside: list[str] = []
    server = smoke.StaticServer(site).start()
    ctx = smoke.new_context(guarded_browser, outside)
    try:
        page = open_with_a_qwixx_game(ctx, server.url, outside)
        qwixx_roll(page, "3 4 8 1 2 5")  # white sum 7
        wait_text(page, "Weiße Summe 7 – Ana:")
        (worker,) = page.workers  # the app's Python (the service worker is not a page worker)

        assert tapped(page, worker, "Rot 7", "Weiße Summe 7 – Ben:") == TAP_SAVE
        assert worker.evaluate(STORE_IN_INDEXEDDB)["same"] is True
        assert tapped(page, worker, "Rückgängig", "Weiße Summe 7 – Ana:") == TAP_SAVE
        assert tapped(page, worker, "Rot 7", "Weiße Summe 7 – Ben:") == TAP_SAVE
        held = worker.evaluate(STORE_IN_INDEXEDDB)
        assert held["same"] is True and held["bytes"] > 0

        page.reload(timeout=FIRST_LOAD)  # what IndexedDB holds is the game
        open_semantics(page)
        button(page, "Weiterspielen: Qwixx Longo: Ana, Ben · 2 Züge").click(timeout=FIRST_LOAD / 1000)
        wait_text(page, "Weiße Summe 7 – Ben:")
        # the worker read IndexedDB as it started (one transaction, while Pyodide loaded), not IDBFS
        # after Python connected; what it read is what the next save compares with
        marks = page.evaluate("() => performance.getEntriesByType('mark').map((m) => m.name)")
        assert "tr:storage-read-early" in marks
        (worker,) = page.workers
        assert tapped(page, worker, "Rückgängig", "Weiße Summe 7 – Ana:") == TAP_SAVE
        assert worker.evaluate(STORE_IN_INDEXEDDB)["same"] is True
    finally:
        server.stop()
        ctx.close()
    assert sorted(set(outside)) == []
