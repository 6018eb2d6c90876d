// The phone's Python start, shared by the worker (python-worker.js) and the Node.js tool and test
// (snapshot.mjs, tests/e2e/test_web_snapshot.py): the start that makes a memory snapshot and the start
// that restores it go through the very same steps (issue 29.3). The worker makes its snapshot on the
// phone itself: one made in Node.js is refused by a browser (its function table is laid out otherwise).
//
// Why the steps must be the same: Pyodide's snapshot (loadPyodide's _makeSnapshot / _loadSnapshot,
// makeMemorySnapshot) saves only the WebAssembly memory and the JS objects Python holds (by their
// path from globalThis). The app's two native extensions (pydantic-core, msgpack: .so side modules)
// are code, not memory: a restored interpreter must instantiate them again, at the same memory base
// and the same function-table base as when the snapshot was made, or every pointer into them in the
// saved memory is wrong. Pyodide 314 has no hook for that (its snapshot refuses nothing, it simply
// crashes later), so both runs load the side modules themselves in a preRun step, before the C
// runtime starts, in a fixed order: their memory then comes from the same bump of __heap_base and
// their functions land in the same table slots. When Python later imports them, dlopen finds them
// already loaded. The layout (table length, heap break, dlopen handles) is recorded in the snapshot's
// header and checked before the memory is restored; a mismatch refuses the snapshot.

export const PACK_MAGIC = "TRPK1\n";
export const SNAP_MAGIC = "TRSNAP1\n";
export const APP_ROOT = "/app";

// What the snapshot holds imported: the site's own ``preload.py`` (build_site.py PRELOAD; the bench's
// floor site has its own), run before main.py. Nothing it imports may import flet_js (flet's
// PyodideConnection does): that is the worker's JS module, registered after a restore.
export const IMPORTS = `
import os, sys
sys.path[:0] = ["/app", "/app/__pypackages__"]
os.chdir("/app")
import preload
`;
// After a restore: fresh randomness (the saved memory holds the making run's Mersenne Twister).
export const AFTER_RESTORE = "import random; random.seed()";

// A restored interpreter's quick proof (the site's preload.self_check(): its models validate, msgpack
// packs): the words it returns.
export const SELF_CHECK = "import preload; preload.self_check()";


// app.pack: "TRPK1\n", a 4-byte little-endian length, that many bytes of JSON [[path, size], ...],
// then the files' bytes one after the other in that order.
export function packIndex(bytes) {
  const magic = new TextDecoder().decode(bytes.subarray(0, 6));
  if (magic !== PACK_MAGIC) throw new Error("app.pack: not an app bundle");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(6, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(10, 10 + headerLength)));
  return { index, start: 10 + headerLength };
}

// The pack's files: [path in the file system, its bytes (a view into the pack)], in the pack's order.
export function packFiles(bytes, root = APP_ROOT) {
  const { index, start } = packIndex(bytes);
  let at = start;
  const files = index.map(([path, size]) => {
    const file = [`${root}/${path}`, bytes.subarray(at, at + size)];
    at += size;
    return file;
  });
  if (at !== bytes.length) throw new Error("app.pack: the bundle's size does not match its index");
  return files;
}

export function unpack(FS, bytes, root = APP_ROOT) {
  const files = packFiles(bytes, root);
  const made = new Set();
  for (const [full, data] of files) {
    const dir = full.slice(0, full.lastIndexOf("/"));
    if (!made.has(dir)) {
      FS.mkdirTree(dir);
      made.add(dir);
    }
    FS.writeFile(full, data, { canOwn: false });
  }
  return files.length;
}

// The side modules of the pack, in a fixed order (sorted paths).
export function dynlibs(bytes, root = APP_ROOT) {
  return packIndex(bytes).index.map(([path]) => path).filter((p) => p.endsWith(".so")).sort()
    .map((p) => `${root}/${p}`);
}

// The side modules compiled off the start's path (WebAssembly.compile: V8 validates and compiles on
// its background threads while the snapshot is read and Pyodide's own module loads), for
// startOptions' ``modules``: {path in the file system: WebAssembly.Module}. The same bytes as the
// file system's copy, so the same layout.
export async function compileDynlibs(bytes, root = APP_ROOT) {
  const libs = packFiles(bytes, root).filter(([path]) => path.endsWith(".so"));
  const modules = await Promise.all(libs.map(([, data]) => WebAssembly.compile(data)));
  return Object.fromEntries(libs.map(([path], i) => [path, modules[i]]));
}

// A snapshot file: "TRSNAP1\n", a 4-byte little-endian length, that many bytes of JSON (our header:
// the site version, Pyodide's build id, the layout; ASCII, padded), then Pyodide's own snapshot bytes.
export function encodeSnapshot(header, memory) {
  // padded with spaces so that Pyodide's part starts 16-byte aligned (it reads it as Uint32Array)
  let text = JSON.stringify(header);
  text += " ".repeat((16 - ((12 + text.length) % 16)) % 16);
  const json = new TextEncoder().encode(text);
  const out = new Uint8Array(12 + json.length + memory.length);
  out.set(new TextEncoder().encode(SNAP_MAGIC), 0);
  new DataView(out.buffer).setUint32(8, json.length, true);
  out.set(json, 12);
  out.set(memory, 12 + json.length);
  return out;
}

export function decodeSnapshot(bytes) {
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== SNAP_MAGIC) throw new Error("snapshot: not a snapshot file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length)));
  const memory = bytes.subarray(12 + length);
  if (memory.length !== header.bytes) {
    throw new Error(`snapshot: ${memory.length} bytes of memory, made with ${header.bytes}`); // a torn write
  }
  return { header, memory };
}

function layoutOf(Module) {
  const brk = Module.HEAPU32[Module._emscripten_get_sbrk_ptr() >>> 2];
  return { table: Module.wasmTable.length, brk };
}

// loadPyodide's options for a start with the app's pack (and, to restore, a decoded snapshot):
// `createPyodideModule` wraps Pyodide's own (pyodide.asm.mjs's default export) to add the preRun step.
// `state.layout` is the layout after the side modules are in (recorded by the making run).
// `state.files` is how many files of the pack are in the file system.
// `modules`: the side modules already compiled (compileDynlibs); else they are compiled here, in series.
export function startOptions({ createModule, pack, snapshot, make = false, modules = {} }) {
  const state = { layout: null, Module: null, files: 0 };
  const libs = dynlibs(pack);
  const preRun = (Module) => {
    state.Module = Module;
    state.files = unpack(Module.FS, pack);
    if (snapshot && Module.HEAP8.length < snapshot.memory.length) {
      // Pyodide sets INITIAL_MEMORY for a snapshot, which this build ignores (pyodide#6254)
      Module.growMemory(snapshot.memory.length);
    }
    const before = layoutOf(Module);
    for (const lib of libs) {
      // as Emscripten's loadDynamicLibrary does, which cannot read the file system this early
      const dso = Module.newDSO(lib, undefined, "loading");
      dso.refcount = Infinity;
      dso.global = false;
      const binary = modules[lib] || Module.FS.readFile(lib); // Emscripten takes a compiled module too
      dso.exports = Module.loadWebAssemblyModule(binary, { loadAsync: false }, lib, {}, undefined);
    }
    state.layout = { before, ...layoutOf(Module), libs: libs.map((p) => p.slice(APP_ROOT.length + 1)) };
    if (snapshot) {
      const want = snapshot.header.layout;
      if (JSON.stringify(want) !== JSON.stringify(state.layout)) {
        throw new Error(`snapshot: layout ${JSON.stringify(state.layout)} is not the snapshot's ${JSON.stringify(want)}`);
      }
      // dlopen handles Python holds (in the saved memory) point at these libraries again
      for (const [handle, name] of Object.entries(snapshot.header.handles)) {
        Module.LDSO.loadedLibsByHandle[handle] = Module.LDSO.loadedLibsByName[name];
      }
    }
  };
  const options = {
    createPyodideModule: (settings) => {
      settings.preRun = [...(settings.preRun || []), preRun];
      return createModule(settings);
    },
  };
  if (make) options._makeSnapshot = true;
  if (snapshot) options._loadSnapshot = snapshot.memory;
  return { options, state };
}

// After the imports of the making run: the snapshot file's bytes.
export function makeSnapshotFile(pyodide, state, { site, buildId }) {
  const handles = {};
  for (const [handle, dso] of Object.entries(pyodide._module.LDSO.loadedLibsByHandle)) {
    if (Number(handle) !== 0) handles[handle] = dso.name;
  }
  const memory = pyodide.makeMemorySnapshot();
  return encodeSnapshot({ site, buildId, layout: state.layout, handles, bytes: memory.length }, memory);
}
