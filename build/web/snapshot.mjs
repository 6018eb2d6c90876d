// A memory snapshot of the phone's Python after the app's imports, made in Node.js with the site's own
// Pyodide (pyboot.mjs says how the native extensions are kept in place).
//   node build/web/snapshot.mjs make SITE OUT        # SITE = build/out/web; OUT: the snapshot file
//   node build/web/snapshot.mjs time SITE [OUT]      # one start, the side modules preloaded or (with
//                                                    # OUT) restored, to the app imported, then a check
//   node build/web/snapshot.mjs today SITE           # the same as python-worker.js starts today
//   node build/web/snapshot.mjs same SITE OUT        # a restore's memory, as the worker writes it, against
//                                                    # the file's memory decoded whole (Pyodide's own way)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  AFTER_RESTORE, IMPORTS, SELF_CHECK as CHECK, compileDynlibs, decodeSnapshot, makeSnapshotFile, readSnapshot, startOptions,
  unpack,
} from "./pyboot.mjs";

async function pyodideOf(site) {
  const indexURL = path.resolve(site, "pyodide") + "/";
  const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
  const createModule = (await import(pathToFileURL(indexURL + "pyodide.asm.mjs").href)).default;
  return { indexURL, loadPyodide, createModule };
}

function siteVersion(site) {
  return JSON.parse(fs.readFileSync(path.join(site, "version.json"), "utf8")).version ?? null;
}

async function start(site, { make = false, snapshotBytes = null, today = false, restored = undefined } = {}) {
  const t0 = performance.now();
  const { indexURL, loadPyodide, createModule } = await pyodideOf(site);
  const pack = new Uint8Array(fs.readFileSync(path.join(site, "app.pack")));
  const snapshot = snapshotBytes ? readSnapshot(snapshotBytes) : null; // as python-worker.js reads it
  // a restore takes the side modules compiled ahead, as python-worker.js does; a making start compiles
  // them from the file system: the layout check then shows both ways place them alike
  const modules = snapshot ? await compileDynlibs(pack) : {};
  const { options, state } = today ? { options: {}, state: null }
    : startOptions({ createModule, pack, snapshot, make, modules, restored });
  const quiet = () => {};
  const pyodide = await loadPyodide({ indexURL, stdout: quiet, stderr: (t) => console.error(t), ...options });
  if (today) unpack(pyodide.FS, pack); // as python-worker.js does today: Python dlopens the .so at import
  const t1 = performance.now();
  if (snapshot) pyodide.runPython(AFTER_RESTORE);
  else pyodide.runPython(IMPORTS);
  const t2 = performance.now();
  return { pyodide, state, times: { loaded: t1 - t0, imported: t2 - t0 } };
}

const [mode, site, out] = process.argv.slice(2);
if (mode === "make" && site && out) {
  const { pyodide, state, times } = await start(site, { make: true });
  const M = pyodide._module;
  times.heap = { memory: M.HEAP8.length, brk: M.HEAPU32[M._emscripten_get_sbrk_ptr() >>> 2] };
  const file = makeSnapshotFile(pyodide, state, { site: siteVersion(site), buildId: pyodide._api.config.BUILD_ID });
  fs.writeFileSync(out, file);
  console.log(JSON.stringify({ made: out, bytes: file.length, ...times, layout: state.layout }));
} else if ((mode === "time" || mode === "today") && site) {
  const snapshotBytes = out ? new Uint8Array(fs.readFileSync(out)) : null;
  const { pyodide, times } = await start(site, { snapshotBytes, today: mode === "today" });
  const t = performance.now();
  const check = pyodide.runPython(CHECK);
  console.log(JSON.stringify({ mode: out ? "restored" : mode === "today" ? "today" : "preloaded", ...times, checkMs: performance.now() - t, check }));
} else if (mode === "same" && site && out) {
  const bytes = new Uint8Array(fs.readFileSync(out));
  let heap = null;
  const { pyodide } = await start(site, { snapshotBytes: bytes, restored: (M) => { heap = M.HEAP8.slice(); } });
  const { memory } = decodeSnapshot(bytes);
  const want = new Int8Array(memory.buffer, memory.byteOffset, memory.length).subarray(readSnapshot(bytes).memoryAt);
  let first = -1;
  for (let i = 0; i < want.length && first < 0; i++) if (heap[i] !== want[i]) first = i;
  console.log(JSON.stringify({ bytes: want.length, heap: heap.length, firstDifference: first, check: pyodide.runPython(CHECK) }));
} else {
  console.error("usage: node snapshot.mjs make SITE OUT | time SITE [OUT] | today SITE | same SITE OUT");
  process.exit(2);
}
