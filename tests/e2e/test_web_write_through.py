"""The phone's save after a tap, in the offline site (``bash build/web.sh``) in Chromium.

A move is shown only once the store's file is in IndexedDB. Emscripten's IDBFS read
back what IndexedDB held (a read-only transaction with a cursor over every file) before each write:
at phone class ~48 ms of a ~180 ms tap (``build/trace_web_tap.py``). The site's worker now remembers
what it wrote and saves a tap in one read-write transaction; IndexedDB then holds the store's file
exactly as it is in memory, and the game survives a reload. A reload reads IndexedDB as the worker
starts, in one transaction while Pyodide loads, and the next save after it is again one write.

The store's file is kept in blocks of 32 KB (eight of SQLite's pages) and a tap writes only the
blocks it changed — IDBFS wrote the whole file at each tap, megabytes once a phone holds a year of games. A
phone whose store an older site kept in IDBFS's one record keeps its games: read from that record,
written into blocks, and the old record is deleted once the blocks are in.
"""

from __future__ import annotations

import pytest

from build.web import smoke
from tests.e2e.conftest import button
from tests.e2e.test_history_e2e import roll as qwixx_roll, wait_text
from tests.e2e.test_web_offline import FIRST_LOAD, guarded_browser, open_semantics, open_with_a_qwixx_game, site  # noqa: F401 - fixtures

pytestmark = pytest.mark.e2e

# In the Python worker: every IndexedDB transaction opened from now on, by its mode, and the bytes put
COUNT_TRANSACTIONS = """() => {
  self.transactionsSeen = [];
  self.bytesPut = [];
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
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, ...rest) {
    const bytes = value && value.byteLength !== undefined ? value.byteLength
      : value && value.contents ? value.contents.byteLength : 0;
    if (bytes) self.bytesPut.push(bytes);
    return put.call(this, value, ...rest);
  };
}"""

OPEN_DB = """
  const opened = (name) => new Promise((ok, no) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => ok(request.result);
    request.onerror = () => no(request.error);
  });
  const asked = (request) => new Promise((ok, no) => {
    request.onsuccess = () => ok(request.result);
    request.onerror = () => no(request.error);
  });
"""

# In the Python worker: the store's file as IndexedDB holds it (its blocks), against the file in
# memory; and whether IDBFS's own database still holds a record of it
STORE_IN_INDEXEDDB = """async () => {""" + OPEN_DB + """
  const path = "/data/tischrichter.db";
  const blocks = await opened("tischrichter-store");
  const store = blocks.transaction(["blocks"], "readonly").objectStore("blocks");
  const meta = await asked(store.get([path, "meta"]));
  const parts = await asked(store.getAll(IDBKeyRange.bound([path, 0], [path, Infinity])));
  blocks.close();
  const held = new Uint8Array(meta ? meta.size : 0);
  const block = meta ? meta.block : 0;
  parts.forEach((part, i) => held.set(new Uint8Array(part), i * block));
  const idbfs = await opened("/data");
  const record = idbfs.objectStoreNames.contains("FILE_DATA")
    ? await asked(idbfs.transaction(["FILE_DATA"], "readonly").objectStore("FILE_DATA").get(path)) : undefined;
  idbfs.close();
  const memory = self.trPyodide.FS.readFile(path);
  let same = held.length === memory.length && parts.length === Math.ceil(memory.length / block);
  for (let i = 0; same && i < held.length; i++) same = held[i] === memory[i];
  return {bytes: memory.length, same, block, blocks: parts.length, idbfsRecord: record !== undefined};
}"""

# In the Python worker: the store's file grown by 300 KB (a table of its own, which the app never
# reads), as a phone's store grows with its finished games
GROW_STORE = """() => self.trPyodide.runPython(`
import sqlite3
con = sqlite3.connect("/data/tischrichter.db")
con.execute("CREATE TABLE test_padding (x BLOB)")
con.execute("INSERT INTO test_padding VALUES (zeroblob(300000))")
con.commit()
con.close()
`)"""

# In the Python worker: the store as an older site kept it — the file in IDBFS's one record, no
# blocks (the worker is let go right after: the page reloads)
AS_AN_OLDER_SITE_KEPT_IT = """async () => {""" + OPEN_DB + """
  const path = "/data/tischrichter.db";
  const FS = self.trPyodide.FS;
  const stat = FS.stat(path);
  const idbfs = await new Promise((ok, no) => { // as IDBFS opens (and makes) it: version 21, FILE_DATA by time
    const request = indexedDB.open("/data", 21);
    request.onupgradeneeded = () => {
      const db = request.result;
      const files = db.objectStoreNames.contains("FILE_DATA")
        ? request.transaction.objectStore("FILE_DATA") : db.createObjectStore("FILE_DATA");
      if (!files.indexNames.contains("timestamp")) files.createIndex("timestamp", "timestamp", {unique: false});
    };
    request.onsuccess = () => ok(request.result);
    request.onerror = () => no(request.error);
  });
  const put = idbfs.transaction(["FILE_DATA"], "readwrite");
  put.objectStore("FILE_DATA").put({timestamp: stat.mtime, mode: stat.mode, contents: FS.readFile(path)}, path);
  await new Promise((ok, no) => { put.oncomplete = ok; put.onabort = () => no(put.error); });
  idbfs.close();
  const blocks = await opened("tischrichter-store");
  const clear = blocks.transaction(["blocks"], "readwrite");
  clear.objectStore("blocks").clear();
  await new Promise((ok, no) => { clear.oncomplete = ok; clear.onabort = () => no(clear.error); });
  blocks.close();
  self.close(); // this worker writes nothing more
}"""


# one read-write transaction per tap, its commit begun as soon as its puts are issued (not when the
# worker's task ends: Python builds the screen in it)
TAP_SAVE = ["readwrite", "readwrite, committed at once"]


def tapped(page, worker, name: str, shows: str, put: list[int] | None = None) -> list[str]:
    """Tap ``name`` until ``shows`` is on the screen: the IndexedDB transactions it opened (and into
    ``put`` the size of each record it wrote)."""
    worker.evaluate(COUNT_TRANSACTIONS)
    button(page, name).click()
    wait_text(page, shows)
    if put is not None:
        put[:] = worker.evaluate("() => self.bytesPut")
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

        worker.evaluate(GROW_STORE)
        assert tapped(page, worker, "Rot 7", "Weiße Summe 7 – Ben:") == TAP_SAVE
        held = worker.evaluate(STORE_IN_INDEXEDDB)
        assert held["same"] is True and held["idbfsRecord"] is False and held["bytes"] > 300_000
        put: list[int] = []
        assert tapped(page, worker, "Rückgängig", "Weiße Summe 7 – Ana:", put) == TAP_SAVE
        assert worker.evaluate(STORE_IN_INDEXEDDB)["same"] is True
        # the blocks the undo changed, not the file: each record a block of 32 KB, fewer than the file's
        assert held["block"] == 32768 and put and max(put) <= 32768 and len(put) < held["blocks"] / 2, (put, held)
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


def a_crossed_game(ctx, url: str, outside: list[str]):
    """A Qwixx Longo game on the phone, rolled (white sum 7) and Ana's Rot 7 crossed: (page, its Python worker)."""
    page = open_with_a_qwixx_game(ctx, url, outside)
    qwixx_roll(page, "3 4 8 1 2 5")
    button(page, "Rot 7").click()
    wait_text(page, "Weiße Summe 7 – Ben:")
    (worker,) = page.workers
    return page, worker


def test_a_store_an_older_site_kept_whole_is_read_and_then_kept_in_blocks(site, guarded_browser):  # noqa: F811
    outside: list[str] = []
    server = smoke.StaticServer(site).start()
    ctx = smoke.new_context(guarded_browser, outside)
    try:
        page, worker = a_crossed_game(ctx, server.url, outside)
        worker.evaluate(AS_AN_OLDER_SITE_KEPT_IT)

        page.reload(timeout=FIRST_LOAD)  # the game, from IDBFS's record
        open_semantics(page)
        button(page, "Weiterspielen: Qwixx Longo: Ana, Ben · 2 Züge").click(timeout=FIRST_LOAD / 1000)
        wait_text(page, "Weiße Summe 7 – Ben:")
        (worker,) = page.workers
        held = worker.evaluate(STORE_IN_INDEXEDDB)  # the start wrote its blocks, then let the record go
        assert held["same"] is True and held["idbfsRecord"] is False
        button(page, "Rückgängig").click()
        wait_text(page, "Weiße Summe 7 – Ana:")

        page.reload(timeout=FIRST_LOAD)  # the game, from its blocks
        open_semantics(page)
        button(page, "Weiterspielen: Qwixx Longo: Ana, Ben · 1 Zug").click(timeout=FIRST_LOAD / 1000)
        wait_text(page, "Weiße Summe 7 – Ana:")
        (worker,) = page.workers
        assert worker.evaluate(STORE_IN_INDEXEDDB)["same"] is True
    finally:
        server.stop()
        ctx.close()
    assert sorted(set(outside)) == []


# The block store's records as they are: [key, bytes] (the size record: its size field), and with
# ``drop`` a block deleted first (a store IndexedDB cannot give back whole)
BLOCK_RECORDS = """async (drop) => {""" + OPEN_DB + """
  const db = await opened("tischrichter-store");
  if (drop !== null) {
    const tx = db.transaction(["blocks"], "readwrite");
    tx.objectStore("blocks").delete(["/data/tischrichter.db", drop]);
    await new Promise((ok, no) => { tx.oncomplete = ok; tx.onabort = () => no(tx.error); });
  }
  const store = db.transaction(["blocks"], "readonly").objectStore("blocks");
  const [keys, values] = await Promise.all([asked(store.getAllKeys()), asked(store.getAll())]);
  db.close();
  const size = (value) => (value.byteLength === undefined ? value.size : value.byteLength);
  return keys.map((key, i) => [String(key), size(values[i])]);
}"""

UNREADABLE_DE = ("Die Spiele, die dieser Browser aufbewahrt, konnten nicht gelesen werden. Es wurde nichts "
                 "überschrieben. Bitte die Seite neu laden; hilft das nicht, den Browser neu starten.")
UNREADABLE_EN = ("The games this browser keeps could not be read. Nothing was overwritten. Please reload the "
                 "page; if that does not help, restart the browser.")


def test_a_store_indexeddb_cannot_give_back_whole_is_said_so_and_left_as_it_is(site, guarded_browser):  # noqa: F811
    """A block missing (storage the browser damaged or half cleared): the phone opens no store (an
    empty one would be saved over the games), says so in both languages, and writes nothing."""
    outside: list[str] = []
    server = smoke.StaticServer(site).start()
    ctx = smoke.new_context(guarded_browser, outside)
    try:
        page, worker = a_crossed_game(ctx, server.url, outside)
        worker.evaluate("() => self.close()")  # this worker writes nothing more
        damaged = page.evaluate(BLOCK_RECORDS, 1)
        assert len(damaged) >= 2 and "/data/tischrichter.db,1" not in [key for key, _ in damaged], damaged

        page.reload(timeout=FIRST_LOAD)
        open_semantics(page)
        wait_text(page, UNREADABLE_DE, timeout=FIRST_LOAD)
        wait_text(page, UNREADABLE_EN)
        assert not button(page, "Qwixx Longo").count()
        assert page.evaluate(BLOCK_RECORDS, None) == damaged  # nothing written over what was left
    finally:
        server.stop()
        ctx.close()
    assert sorted(set(outside)) == []
