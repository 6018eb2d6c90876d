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

// app.pack: "TRPK1\n", a 4-byte little-endian length, that many bytes of JSON [[path, size], ...],
// then the files' bytes one after the other in that order.
function unpack(FS, bytes, root) {
  const magic = new TextDecoder().decode(bytes.subarray(0, 6));
  if (magic !== "TRPK1\n") throw new Error("app.pack: not an app bundle");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(6, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(10, 10 + headerLength)));
  let at = 10 + headerLength;
  const made = new Set();
  for (const [path, size] of index) {
    const full = `${root}/${path}`;
    const dir = full.slice(0, full.lastIndexOf("/"));
    if (!made.has(dir)) {
      FS.mkdirTree(dir);
      made.add(dir);
    }
    FS.writeFile(full, bytes.subarray(at, at + size), { canOwn: false });
    at += size;
  }
  if (at !== bytes.length) throw new Error("app.pack: the bundle's size does not match its index");
  return index.length;
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot(config) {
  mark("tr:worker-started");
  const appBytes = fetchBytes(config.appPackUrl);
  const { loadPyodide } = await import(config.pyodideUrl);
  const pyodide = await loadPyodide({
    stdout: (text) => console.log(text),
    stderr: (text) => console.error(text),
  });
  mark("tr:pyodide-loaded");
  const files = unpack(pyodide.FS, await appBytes, "/app");
  mark("tr:app-on-path");
  flet_js.documentUrl = config.documentUrl;
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
    } catch (error) {
      self.postMessage(String(error && error.stack ? error.stack : error));
    }
  } else if (typeof flet_js.send === "function") {
    flet_js.send(event.data);
  } else {
    console.error("Tischrichter: a message for the app before it started was dropped.");
  }
};
