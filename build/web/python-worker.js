// Tischrichter's Python worker (issue 29), in place of Flet's python-worker.js (flet-web 1.0.5,
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
// issue 29.6: the page's answer to navigator.storage.persist() (a worker has no persist()), posted
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
// series when loadPyodide gets to them (issue 29.3: the standard library's 9 MB came after the
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

// issue 29.4: the store's write-through to IndexedDB after a tap, in one transaction. Emscripten's
// IDBFS.syncfs(mount, false) first reads what IndexedDB holds (a read-only transaction with a
// cursor over every file's timestamp: ~48 ms of a ~180 ms tap at phone class) and then writes what
// differs (another transaction). Only this worker writes this mount while it runs, so after one
// full syncfs this remembers what IndexedDB holds (the local set it wrote) and compares the next
// local set with that: the same IDBFS record per file (IDBFS.reconcile), read back by IDBFS's own
// populate on the next start. ``changed`` (the store's file, which Python knows it changed) is
// written even if its modification time reads the same millisecond as the last write's (null:
// only what the modification times say). Any error:
// forgotten, so the next write goes the full way again.
const written = new Map(); // mount point -> {path: {timestamp}} as IndexedDB holds it after our last write

// issue 29 (the start): what IndexedDB holds for the store's mount, read in one transaction as the
// worker starts, while Pyodide loads; Python's open_storage then writes it into the mounted file
// system (loadStore, with IDBFS's own storeLocalEntry) instead of IDBFS.syncfs(mount, true), which
// read it only after Python connected (~0.4 s at phone class: a cursor over every file's timestamp,
// then the files): {db, files}. Nothing there yet (a first visit, no such database): null, and IDBFS does it.
const STORE_MOUNT = "/data"; // companion/platform.py PHONE_DATA_DIR
const FILE_STORE = "FILE_DATA"; // IDBFS.DB_STORE_NAME

function readStoredFiles(mountpoint) {
  return new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(mountpoint); // IDBFS names the database after the mount point
    } catch (error) {
      return resolve(null);
    }
    request.onupgradeneeded = () => request.transaction.abort(); // none yet: IDBFS creates it
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(FILE_STORE)) {
          db.close();
          return resolve(null);
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

const storedFiles = readStoredFiles(STORE_MOUNT);

async function loadStore(FS, mountpoint) {
  const read = await storedFiles;
  if (!read) return false;
  const IDBFS = FS.filesystems.IDBFS;
  // the connection that read it is IDBFS's from now on (IDBFS.getDB keeps one per mount and opens it
  // at the first write otherwise: an indexedDB.open in the first tap), if it is the version IDBFS opens
  if (read.db.version === IDBFS.DB_VERSION && !IDBFS.dbs[mountpoint]) IDBFS.dbs[mountpoint] = read.db;
  else read.db.close();
  const entries = read.files;
  const local = {};
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); // a folder before what is in it
  for (const [path, entry] of entries) {
    if (!path.startsWith(mountpoint + "/")) continue;
    await new Promise((ok, no) => IDBFS.storeLocalEntry(path, entry, (error) => (error ? no(error) : ok())));
    local[path] = { timestamp: entry.timestamp };
  }
  written.set(mountpoint, local); // what IndexedDB holds: the next write compares with it
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

function writeThrough(FS, mountpoint, changed) {
  const IDBFS = FS.filesystems.IDBFS;
  const mount = FS.lookupPath(mountpoint).node.mount;
  return new Promise((resolve, reject) => {
    IDBFS.getLocalSet(mount, (error, local) => { // synchronous: stats the files now
      if (error) return reject(error);
      const finish = (error) => {
        if (error) {
          written.delete(mountpoint);
          reject(error);
        } else {
          written.set(mountpoint, { ...local.entries });
          resolve();
        }
      };
      const known = written.get(mountpoint);
      if (!known) return IDBFS.syncfs(mount, false, finish);
      // nothing differs (the start's check after the store's open): what IDBFS.reconcile would find,
      // found without opening the database first (an indexedDB.open, ~50 ms of a full-speed start)
      if (!changed && sameEntries(local.entries, known)) return finish(null);
      IDBFS.getDB(mountpoint, (error, db) => {
        if (error) return finish(error);
        const held = { ...known };
        if (changed) delete held[changed];
        const tx = opened(db, () => IDBFS.reconcile(local, { type: "remote", db, entries: held }, finish));
        // IDBFS issued every put and delete inside reconcile (its loadLocalEntry and storeRemoteEntry
        // call back at once), so the commit may begin now: by itself it begins only when this task
        // ends, and Python goes on building the screen in it (at phone class the write then ended
        // ~30 ms after the screen was built). Without commit() (older browsers): as before.
        if (tx && typeof tx.commit === "function") {
          try {
            tx.commit();
          } catch (error) {
            // already committing or aborted: its oncomplete/onabort tells finish
          }
        }
      });
    });
  });
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
