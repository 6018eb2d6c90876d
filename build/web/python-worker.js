// Tischrichter's Python worker, in place of Flet's python-worker.js (flet-web 1.0.5,
// Apache-2.0), which it follows for the protocol: the page posts one init message, the worker
// answers "initialized" (or an error text) once the app's Flet connection is up, and from then on
// Flet frames (Uint8Array) go both ways; ``flet_js`` is the module Flet's PyodideConnection imports.
//
// What it does differently, for the start time (build/BENCH.md "The phone on its own"):
// - it is started by python.js as the page loads, in parallel with Flutter, not when Dart connects;
// - the app comes as one bundle of precompiled bytecode (``app.pack``, build_site.py ``pack_app``),
//   fetched while Pyodide loads and written into the in-memory file system as it is: no archive
//   unpacked in Python, no micropip, no source compiled on the phone;
// - Pyodide's standard library is precompiled too (the site's ``pyodide/python_stdlib.zip``);
// - each step posts a mark ({tr: "mark", name, at}), which python.js turns into performance marks.
import {
  AFTER_RESTORE, IMPORTS, SELF_CHECK, compileDynlibs, compileMain, makeSnapshotFile, readSnapshot, startOptions, unpack,
} from "./pyboot.mjs";

// The memory snapshot (build/web/pyboot.mjs): the build puts here a hash of everything the snapshot
// depends on (Pyodide's runtime, the standard library, app.pack, pyboot.mjs), or nothing when built
// with ``build/web.sh --no-snapshot``. The first start makes it after the app's imports (the site's
// preload.py) and keeps it in this browser's Cache Storage once the app is up; later starts
// restore it. One made under another key, refused by its own checks or failing the self-check is
// dropped and the start goes on as without it.
const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
const SNAPSHOT_ON = /^[0-9a-f]{16}$/.test(SNAPSHOT_KEY);
const SNAPSHOT_CACHE = "tr-snapshot"; // not "tischrichter-…": sw.js owns (and deletes) those
const SNAPSHOT_URL = new URL(`snapshot-${SNAPSHOT_KEY}.bin`, self.location.href).href;

self.flet_js = {}; // Flet's PyodideConnection: start_connection, send, documentUrl
self.started = false;

function mark(name) {
  self.postMessage({ tr: "mark", name, at: performance.timeOrigin + performance.now() });
}
self.flet_js.mark = mark;
// The page's answer to navigator.storage.persist() (a worker has no persist()), posted
// by python.js as {tr: "storage", persisted}: Python reads storageKept, or awaits this promise while
// it is not there yet (companion/platform.py).
let storageAnswered;
self.flet_js.storage = new Promise((resolve) => { storageAnswered = resolve; });
// Resolved once the page has been told "initialized": the app's store opens then (companion/platform.py
// connected), while the page and Flutter register the session, not after.
let connectedTold;
self.flet_js.connected = new Promise((resolve) => { connectedTold = resolve; });

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Pyodide's own files, fetched as the worker starts, with the pack and the snapshot's read, not in
// series when loadPyodide gets to them (the standard library's 9 MB came after the
// snapshot was read, ~0.3 s at full speed): loadPyodide's fetch of such a URL takes the response
// already under way (once; later fetches go to the network). `answer(url, response)` sets what its
// fetch of `url` gets (the main module's stand-in once it is compiled here).
function fetchEarly(urls) {
  const plain = self.fetch.bind(self);
  const early = new Map(urls.map((url) => [url, plain(url)]));
  self.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
    const hit = early.get(url);
    if (hit === undefined) return plain(input, init);
    early.delete(url);
    return hit;
  };
  return {
    answer(url, response) { early.set(url, Promise.resolve(response)); },
    done() { self.fetch = plain; },
  };
}

async function cachedSnapshot() {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_URL);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (error) {
    return null; // no Cache Storage here: start without
  }
}

async function keepSnapshot(bytes) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const old of await cache.keys()) if (old.url !== SNAPSHOT_URL) await cache.delete(old);
    await cache.put(SNAPSHOT_URL, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
    mark("tr:snapshot-kept");
  } catch (error) {
    console.warn("Tischrichter: the start snapshot was not kept:", error);
  }
}

async function dropSnapshot() {
  try {
    await (await caches.open(SNAPSHOT_CACHE)).delete(SNAPSHOT_URL);
  } catch (error) {
    // nothing kept
  }
}

const output = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };

// The phone's storage: the store's file and whatever else is under the mount
// (IDBFS's mount at /data) are written through to IndexedDB after each change, in one transaction,
// before the screen shows it; the worker reads them back as it starts.
//
// The store's file (STORE_FILE) is kept in blocks of BLOCK bytes, one record each, in a database of
// its own (BLOCK_DB), with a record of its size, mode and time: a saved tap writes the blocks that
// changed (a few KB) and that record, in one transaction, whatever the file's size — IDBFS keeps a
// file as one record and wrote it whole at each tap (48 KB in the bench's game; 2.4 MB with a
// hundred finished games, as build/BENCH.md measured). The worker remembers the file as IndexedDB
// holds it and compares the file with it, block by block. What else is under the mount stays
// IDBFS's (its record per path, read back by IDBFS's own populate where this worker is not the one).
// A store of an older site (the file in IDBFS's record, no blocks yet) is read from that record; the
// first write puts all its blocks, and only once they are committed is the old record deleted.
//
// Writes: Emscripten's IDBFS.syncfs(mount, false) first reads what IndexedDB holds (a read-only
// transaction with a cursor over every file's timestamp: ~48 ms of a ~180 ms tap at phone class)
// and then writes what differs. Only this worker writes this mount while it runs, so it remembers
// what IndexedDB holds (``written``: the IDBFS paths and times; ``kept``: the store's file) and
// writes only what differs from that. Any error: forgotten, so the next write goes the full way.
const STORE_MOUNT = "/data"; // companion/platform.py PHONE_DATA_DIR
const STORE_FILE = "/data/tischrichter.db"; // companion/platform.py PHONE_DB
const FILE_STORE = "FILE_DATA"; // IDBFS.DB_STORE_NAME
const BLOCK_DB = "tischrichter-store";
const BLOCK_STORE = "blocks"; // keys [path, i] (the block at i * BLOCK) and [path, "meta"]
// Eight of SQLite's pages: a tap changes a few pages (the new row's, its indexes', the header's), so
// a save puts a few blocks, while a start reads few records (at 100 finished games, 2.4 MB: 76 of
// them; 4 KB blocks made it 600, and the start ~0.5 s later at phone class). Under Chromium's 64 KB,
// above which a record is kept as a blob file of its own. The size is in the file's record: a store
// kept in blocks of another size is read in those, and the next save writes it whole in these.
const BLOCK = 32768;
const written = new Map(); // mount point -> {path: {timestamp}} as IDBFS's records hold them
const kept = new Map(); // path -> the file's bytes as its blocks in IndexedDB hold them
// Another tab of the site (its own worker) may write the same store: each write says so to the
// others, which forget what they kept, so their next write is the whole file again (the last writer
// wins, as with IDBFS; blocks of two views are never mixed). Only the tab in front is tapped. A
// browser without BroadcastChannel writes the whole file each time.
const WRITER = Math.random().toString(36).slice(2);
const others = typeof BroadcastChannel === "function" ? new BroadcastChannel(BLOCK_DB) : null;
let foreign = 0; // writes of other tabs seen
if (others) {
  others.onmessage = (event) => {
    if (event.data && event.data.by !== WRITER) {
      foreign += 1;
      kept.clear();
    }
  };
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = (event) => {
      event.preventDefault();
      reject(req.error);
    };
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error || new Error("IndexedDB transaction aborted"));
  });
}

let blockDb = null; // the promise of the database
let blockHandle = null; // the database, once open: a save's transaction is opened in the call
function openBlocks() {
  if (!blockDb) {
    blockDb = new Promise((resolve, reject) => {
      const req = indexedDB.open(BLOCK_DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(BLOCK_STORE);
      request(req).then((db) => {
        blockHandle = db;
        resolve(db);
      }, reject);
    });
    blockDb.catch(() => { blockDb = null; }); // tried again at the next write
  }
  return blockDb;
}

// IDBFS's records for the mount, read in one transaction: [[path, record], ...], [] when there is
// no such database yet (a first visit; IDBFS creates it), null when IndexedDB cannot be read.
function readStoredFiles(mountpoint) {
  return new Promise((resolve) => {
    let req;
    try {
      req = indexedDB.open(mountpoint); // IDBFS names the database after the mount point
    } catch (error) {
      return resolve(null);
    }
    let created = false;
    req.onupgradeneeded = () => { // none yet: IDBFS creates it, at its own version
      created = true;
      req.transaction.abort();
    };
    req.onerror = (event) => {
      event.preventDefault();
      resolve(created ? { db: null, files: [] } : null);
    };
    req.onsuccess = () => {
      const db = req.result;
      try {
        if (!db.objectStoreNames.contains(FILE_STORE)) {
          db.close();
          return resolve({ db: null, files: [] });
        }
        const store = db.transaction([FILE_STORE], "readonly").objectStore(FILE_STORE);
        const keys = store.getAllKeys();
        const values = store.getAll(); // both in key order
        values.onsuccess = () => { // the database stays open: loadStore hands it to IDBFS
          resolve({ db, files: keys.result.map((key, i) => [String(key), values.result[i]]) });
        };
        values.onerror = (event) => {
          event.preventDefault();
          db.close();
          resolve(null);
        };
      } catch (error) {
        db.close();
        resolve(null);
      }
    };
  });
}

// The store's file from its blocks: an IDBFS-shaped record ({contents, mode, timestamp}), or null
// when there are none (an older site's store, a first visit). Blocks that do not make up the size
// their record gives are an error (IndexedDB writes each save whole or not at all).
async function readBlocks(path) {
  const db = await openBlocks();
  const store = db.transaction([BLOCK_STORE], "readonly").objectStore(BLOCK_STORE);
  const meta = request(store.get([path, "meta"]));
  const blocks = request(store.getAll(IDBKeyRange.bound([path, 0], [path, Infinity])));
  const [head, parts] = await Promise.all([meta, blocks]);
  if (!head) return null;
  const block = head.block; // the size it was written in
  const count = Math.ceil(head.size / block);
  if (parts.length !== count) throw new Error(`the store's file has ${parts.length} of ${count} blocks`);
  const contents = new Uint8Array(head.size);
  parts.forEach((part, i) => {
    const bytes = new Uint8Array(part);
    if (bytes.length !== Math.min(block, head.size - i * block)) throw new Error(`the store's block ${i} is short`);
    contents.set(bytes, i * block);
  });
  return { contents, mode: head.mode, timestamp: head.timestamp, block };
}

const storedFiles = readStoredFiles(STORE_MOUNT);
const storedBlocks = readBlocks(STORE_FILE).catch((error) => ({ error }));
Promise.all([storedFiles, storedBlocks]).then(() => mark("tr:store-read"));

// What IndexedDB holds, into the mounted file system (before the store opens its file): true. What
// cannot be read is an error, and the store does not open: a store opened without what IndexedDB
// holds would write its empty file over the games at the first save.
async function loadStore(FS, mountpoint) {
  const [read, blocks] = await Promise.all([storedFiles, storedBlocks]);
  if (!read || (blocks && blocks.error)) {
    if (read && read.db) read.db.close();
    throw new Error(`the games kept in this browser could not be read (${read ? blocks.error : "IndexedDB"})`);
  }
  const IDBFS = FS.filesystems.IDBFS;
  // the connection that read it is IDBFS's from now on (IDBFS.getDB keeps one per mount and opens it
  // at the first write otherwise: an indexedDB.open in the first tap), if it is the version IDBFS opens
  if (read.db && read.db.version === IDBFS.DB_VERSION && !IDBFS.dbs[mountpoint]) IDBFS.dbs[mountpoint] = read.db;
  else if (read.db) read.db.close();
  const files = new Map(read.files.filter(([path]) => path.startsWith(mountpoint + "/")));
  const local = {};
  for (const [path, entry] of files) local[path] = { timestamp: entry.timestamp };
  // the blocks over an older site's record of the file (the file system owns what it is given)
  if (blocks) files.set(STORE_FILE, { ...blocks, contents: blocks.contents.slice() });
  const entries = [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); // a folder before what is in it
  for (const [path, entry] of entries) {
    await new Promise((ok, no) => IDBFS.storeLocalEntry(path, entry, (error) => (error ? no(error) : ok())));
  }
  written.set(mountpoint, local); // IDBFS's records: the next write compares with them
  if (blocks && blocks.block === BLOCK && others && foreign === 0) kept.set(STORE_FILE, blocks.contents); // no other tab wrote since the read
  return true;
}

// IDBFS.reconcile's test for "nothing to write": the same paths with the same modification times.
function sameEntries(local, held) {
  const paths = Object.keys(local);
  if (paths.length !== Object.keys(held).length) return false;
  return paths.every((path) => held[path] && local[path].timestamp.getTime() === held[path].timestamp.getTime());
}

// The transaction ``run`` opens on ``db`` (IDBFS.reconcile keeps it to itself), or null.
function opened(db, run) {
  let tx = null;
  const hadOwn = Object.prototype.hasOwnProperty.call(db, "transaction");
  const open = db.transaction;
  db.transaction = function (...args) {
    tx = open.apply(db, args);
    return tx;
  };
  try {
    run();
  } finally {
    if (hadOwn) db.transaction = open;
    else delete db.transaction;
  }
  return tx;
}

// The commit begins now, not when this task ends: Python goes on building the screen in it (at
// phone class the write then ended ~30 ms after the screen was built). Without commit() (older
// browsers): as before.
function commitNow(tx) {
  if (tx && typeof tx.commit === "function") {
    try {
      tx.commit();
    } catch (error) {
      // already committing or aborted: its oncomplete/onabort tells
    }
  }
}

// The store's file into its blocks: the blocks that differ from ``kept`` (all of them when nothing
// is known) and the size record, in one transaction, committed at once — opened and filled before
// this returns when the database is open (Python builds the screen meanwhile). A promise of the
// bytes IndexedDB then holds, or null when nothing differed (no transaction).
function writeBlocks(FS, path) {
  let stat;
  try {
    stat = FS.stat(path);
  } catch (error) {
    return Promise.resolve(null); // no store file (yet): nothing of it to keep
  }
  const bytes = FS.readFile(path); // a copy: the file goes on changing
  const before = kept.get(path);
  const seen = foreign;
  const count = Math.ceil(bytes.length / BLOCK);
  const changed = [];
  // compared four bytes at a time (both are copies of their own, so aligned), the last few one by one
  const words = new Int32Array(bytes.buffer, 0, bytes.length >> 2);
  const was = before === undefined ? null : new Int32Array(before.buffer, before.byteOffset, before.length >> 2);
  for (let i = 0; i < count; i++) {
    const start = i * BLOCK;
    const end = Math.min(start + BLOCK, bytes.length);
    let same = before !== undefined && Math.min(start + BLOCK, before.length) === end;
    let j = start >> 2;
    for (const last = end >> 2; same && j < last; j++) same = words[j] === was[j];
    for (j <<= 2; same && j < end; j++) same = bytes[j] === before[j];
    if (!same) changed.push(i);
  }
  const shorter = before === undefined || before.length > bytes.length; // blocks past the end may be held
  if (!shorter && changed.length === 0 && before.length === bytes.length) return Promise.resolve(null);
  const write = (db) => {
    const tx = db.transaction([BLOCK_STORE], "readwrite");
    const finished = done(tx);
    const store = tx.objectStore(BLOCK_STORE);
    for (const i of changed) store.put(bytes.slice(i * BLOCK, Math.min((i + 1) * BLOCK, bytes.length)), [path, i]);
    if (shorter) store.delete(IDBKeyRange.bound([path, count], [path, Infinity]));
    store.put({ size: bytes.length, mode: stat.mode, timestamp: stat.mtime, block: BLOCK }, [path, "meta"]);
    commitNow(tx);
    return finished.then(() => {
      if (others) others.postMessage({ wrote: path, by: WRITER });
      return others && seen === foreign ? bytes : null; // kept only if no other tab wrote meanwhile
    });
  };
  return blockHandle ? write(blockHandle) : openBlocks().then(write);
}

// IDBFS's records of the mount (all but the store's file) made what the file system holds: the paths
// that differ from what ``held`` says IndexedDB holds (an older site's record of the store's file is
// deleted here, after its blocks are in). A promise of the records then held.
function writeRecords(FS, mountpoint, local, held) {
  const IDBFS = FS.filesystems.IDBFS;
  if (sameEntries(local, held)) return Promise.resolve(local); // what IDBFS.reconcile would find, without opening the database
  return new Promise((resolve, reject) => {
    IDBFS.getDB(mountpoint, (error, db) => {
      if (error) return reject(error);
      const tx = opened(db, () => IDBFS.reconcile({ type: "local", entries: local }, { type: "remote", db, entries: held },
        (error) => (error ? reject(error) : resolve(local))));
      commitNow(tx); // IDBFS issued every put and delete inside reconcile
    });
  });
}

// What IDBFS's records hold for the mount when this worker has not read them: read (IDBFS's cursor).
function heldRecords(FS, mountpoint) {
  const known = written.get(mountpoint);
  if (known) return Promise.resolve(known);
  const IDBFS = FS.filesystems.IDBFS;
  const mount = FS.lookupPath(mountpoint).node.mount;
  return new Promise((resolve, reject) => {
    IDBFS.getRemoteSet(mount, (error, remote) => (error ? reject(error) : resolve({ ...remote.entries })));
  });
}

// After a change (``changed``: the store's file, which Python knows it changed; null at the start's
// check — both write only what differs): the store's file into its blocks, then the rest. Resolves
// once all of it is in IndexedDB.
function writeThrough(FS, mountpoint, changed) {
  const IDBFS = FS.filesystems.IDBFS;
  try {
    const mount = FS.lookupPath(mountpoint).node.mount;
    let local = null;
    IDBFS.getLocalSet(mount, (error, set) => { // synchronous: stats the files now
      if (error) throw error;
      local = set.entries;
    });
    const blocks = mountpoint === STORE_MOUNT ? writeBlocks(FS, STORE_FILE) : Promise.resolve(null);
    delete local[STORE_FILE]; // kept in blocks, not in IDBFS's record
    return (async () => {
      try {
        const held = await heldRecords(FS, mountpoint);
        const bytes = await blocks;
        if (bytes) kept.set(STORE_FILE, bytes);
        written.set(mountpoint, await writeRecords(FS, mountpoint, local, held));
      } catch (error) {
        forget(mountpoint);
        throw error;
      }
    })();
  } catch (error) {
    forget(mountpoint);
    return Promise.reject(error);
  }
}

function forget(mountpoint) {
  written.delete(mountpoint);
  kept.delete(STORE_FILE);
}

// Pyodide with the app's imports done, restored from the kept snapshot if there is a good one, else
// started and imported (and a snapshot made of it): [pyodide, the new snapshot's bytes or null, how
// many files of the pack are in the file system].
async function startWithSnapshot(config, loadPyodide, appBytes, mainWasm) {
  // the side modules compile while the snapshot is read and Pyodide's module loads
  const compiled = appBytes.then((pack) => compileDynlibs(pack)).then((modules) => {
    mark("tr:libs-compiled");
    return modules;
  }, () => ({})); // not compiled here: startOptions compiles them from the file system
  const step = (promise, name) => promise.then((value) => { mark(name); return value; });
  const [asm, pack, kept, modules, main] = await Promise.all([
    step(import(new URL("pyodide.asm.mjs", config.pyodideUrl).href), "tr:asm-imported"),
    step(appBytes, "tr:pack-fetched"), step(cachedSnapshot(), "tr:cached-snapshot-read"), compiled,
    step(mainWasm, "tr:wasm-compiled")]);
  if (kept) {
    try {
      const snapshot = readSnapshot(kept); // its memory goes straight into Pyodide's (pyboot.mjs restoreInto)
      mark("tr:header-read"); // not "tr:snapshot-…": those say which way the start went
      if (snapshot.header.site !== SNAPSHOT_KEY) throw new Error(`made for ${snapshot.header.site}`);
      const { options, state } = startOptions({ createModule: asm.default, pack, snapshot, modules, mark, main });
      const pyodide = await loadPyodide({ ...output, ...options });
      mark("tr:memory-restored");
      pyodide.runPython(AFTER_RESTORE);
      pyodide.runPython(SELF_CHECK);
      mark("tr:pyodide-loaded");
      mark("tr:snapshot-restored");
      return [pyodide, null, state.files];
    } catch (error) {
      console.warn("Tischrichter: the start snapshot was refused, starting without it:", error);
      await dropSnapshot();
    }
  }
  const { options, state } = startOptions({ createModule: asm.default, pack, make: true, modules, mark, main });
  const pyodide = await loadPyodide({ ...output, ...options });
  mark("tr:pyodide-loaded");
  try {
    pyodide.runPython(IMPORTS);
    const made = makeSnapshotFile(pyodide, state, { site: SNAPSHOT_KEY, buildId: pyodide._api.config.BUILD_ID });
    mark("tr:snapshot-made");
    return [pyodide, made, state.files];
  } catch (error) {
    // the app starts all the same (main.py imports what it needs); there is just no snapshot
    console.warn("Tischrichter: no start snapshot this time:", error);
    return [pyodide, null, state.files];
  }
}

async function boot(config) {
  mark("tr:worker-started");
  const appBytes = fetchBytes(config.appPackUrl);
  const runtime = (name) => new URL(name, config.pyodideUrl).href;
  const early = fetchEarly([runtime("python_stdlib.zip"), runtime("pyodide-lock.json")]);
  // the main module compiles as its bytes arrive; loadPyodide's own fetch of it then gets an empty
  // stand-in (pyboot.mjs instantiateCompiled does not read it)
  const mainWasm = !SNAPSHOT_ON ? null : compileMain(runtime("pyodide.asm.wasm")).then((main) => {
    if (main) early.answer(runtime("pyodide.asm.wasm"), new Response(null, { headers: { "Content-Type": "application/wasm" } }));
    return main;
  });
  const { loadPyodide } = await import(config.pyodideUrl);
  mark("tr:pyodide-imported");
  let pyodide;
  let made = null;
  let files;
  if (SNAPSHOT_ON) {
    [pyodide, made, files] = await startWithSnapshot(config, loadPyodide, appBytes, mainWasm);
  } else {
    pyodide = await loadPyodide(output);
    mark("tr:pyodide-loaded");
    files = unpack(pyodide.FS, await appBytes, "/app");
  }
  early.done();
  mark("tr:app-on-path");
  flet_js.documentUrl = config.documentUrl;
  flet_js.writeThrough = (mountpoint, changed) => writeThrough(pyodide.FS, mountpoint, changed);
  flet_js.loadStore = (mountpoint) => loadStore(pyodide.FS, mountpoint);
  self.trPyodide = pyodide; // build/trace_web_tap.py times the Python side of a tap through it
  pyodide.registerJsModule("flet_js", flet_js);
  // main.py (the phone entry) marks "tr:app-imported" once the app's modules are in, then calls
  // ft.run, which in Pyodide sets flet_js.start_connection and returns
  await pyodide.runPythonAsync(`
import os, runpy, sys
sys.path[:0] = ["/app", "/app/__pypackages__"]
os.chdir("/app")
runpy.run_module("main", run_name="__main__")
`);
  if (typeof flet_js.start_connection !== "function") {
    throw new Error(`the app (${files} files) did not start a Flet connection`);
  }
  await flet_js.start_connection((message) => {
    const bytes = message.toJs();
    self.postMessage(bytes, [bytes.buffer]);
  });
  mark("tr:python-connected");
  // kept once the home screen had its time (the write is a ~54 MB copy into Cache Storage)
  if (made) setTimeout(() => keepSnapshot(made), 3000);
}

self.onmessage = async (event) => {
  if (event.data && event.data.tr === "storage") {
    self.flet_js.storageKept = event.data.persisted === true;
    storageAnswered(self.flet_js.storageKept);
  } else if (!self.started) {
    self.started = true;
    try {
      await boot(event.data);
      self.postMessage("initialized");
      connectedTold(true);
    } catch (error) {
      self.postMessage(String(error && error.stack ? error.stack : error));
    }
  } else if (typeof flet_js.send === "function") {
    flet_js.send(event.data);
  } else {
    console.error("Tischrichter: a message for the app before it started was dropped.");
  }
};
