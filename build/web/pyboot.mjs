// The phone's Python start, shared by the worker (python-worker.js) and the Node.js tool and test
// (snapshot.mjs, tests/e2e/test_web_snapshot.py): the start that makes a memory snapshot and the start
// that restores it go through the very same steps. The worker makes its snapshot on the
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
export const SNAP_MAGIC = "TRSNAP2\n";
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
// It also notes which modules the restored interpreter holds (preload.RESTORED): what the app imports
// after that is imported at every start (tests/e2e/test_web_snapshot.py holds it to what needs flet_js).
export const AFTER_RESTORE = "import random, sys; random.seed(); import preload; preload.RESTORED = frozenset(sys.modules)";

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

// The mode FS.writeFile gives a file it creates (FS.open with O_CREAT: a regular file, rw-rw-rw-).
const FILE_MODE = 0o100666;

export function unpack(FS, bytes, root = APP_ROOT) {
  const files = packFiles(bytes, root);
  const MEMFS = FS.filesystems && FS.filesystems.MEMFS;
  const folders = new Map(); // folder path -> its FS node
  for (const [full, data] of files) {
    const cut = full.lastIndexOf("/");
    const dir = full.slice(0, cut);
    let folder = folders.get(dir);
    if (folder === undefined) {
      FS.mkdirTree(dir);
      folder = FS.lookupPath(dir).node;
      folders.set(dir, folder);
    }
    const name = full.slice(cut + 1);
    // Straight into MEMFS: the node FS.writeFile would make, holding a view into the pack (canOwn:
    // nothing writes into the app's files, and MEMFS copies a file it has to grow), without
    // writeFile's open, path lookups, permission checks and close for each of the 1,399 files
    // (48-84 ms of a full-speed start, traced). Anything else (another file system
    // mounted there, a name already taken): FS.writeFile, as before.
    if (MEMFS && folder.mount && folder.mount.type === MEMFS && !Object.hasOwn(folder.contents, name)) {
      const node = MEMFS.createNode(folder, name, FILE_MODE, 0);
      node.contents = data;
      node.usedBytes = data.length;
    } else {
      FS.writeFile(full, data, { canOwn: true });
    }
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

// A snapshot file: "TRSNAP2\n", a 4-byte little-endian length, that many bytes of JSON (our header:
// the site version, Pyodide's build id, the layout; ASCII, padded), then Pyodide's own snapshot bytes
// without the 64 KiB pages that hold only zeros: header.bytes is the memory's whole length, header.runs
// the runs of pages that are kept, [first page, pages], in order. A third of the app's 54 MB are such
// pages (memory grown and never written): they are neither written to nor read from Cache Storage.
const PAGE = 65536;

function filledRuns(memory) {
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >>> 2);
  const pages = Math.ceil(memory.length / PAGE);
  const runs = [];
  for (let page = 0; page < pages; page++) {
    let filled = false;
    for (let b = page * PAGE, end = Math.min(b + PAGE, memory.length); b < end && !filled;) {
      if (b % 4 === 0 && b + 4 <= end) {
        if (words[b >>> 2] !== 0) filled = true;
        b += 4;
      } else if (memory[b++] !== 0) {
        filled = true;
      }
    }
    if (!filled) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  return runs;
}

function runBytes(runs, length) {
  return runs.map(([first, pages]) => [first * PAGE, Math.min((first + pages) * PAGE, length)]);
}

export function encodeSnapshot(header, memory) {
  if (memory.byteOffset % 4) memory = memory.slice(); // read in words
  const runs = filledRuns(memory);
  const spans = runBytes(runs, memory.length);
  // padded with spaces so that the header's end stays 16-byte aligned
  let text = JSON.stringify({ ...header, bytes: memory.length, runs });
  text += " ".repeat((16 - ((12 + text.length) % 16)) % 16);
  const json = new TextEncoder().encode(text);
  const kept = spans.reduce((n, [a, b]) => n + b - a, 0);
  const out = new Uint8Array(12 + json.length + kept);
  out.set(new TextEncoder().encode(SNAP_MAGIC), 0);
  new DataView(out.buffer).setUint32(8, json.length, true);
  out.set(json, 12);
  let at = 12 + json.length;
  for (const [a, b] of spans) {
    out.set(memory.subarray(a, b), at);
    at += b - a;
  }
  return out;
}

// A snapshot file's parts: {header, body (the kept pages one after the other), spans (their byte
// ranges in the memory, in order)}; a body that does not match its runs (a torn write) is refused.
function snapshotParts(bytes) {
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== SNAP_MAGIC) throw new Error("snapshot: not a snapshot file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length)));
  const body = bytes.subarray(12 + length);
  const spans = runBytes(header.runs || [], header.bytes);
  const kept = spans.reduce((n, [a, b]) => n + b - a, 0);
  if (body.length !== kept || spans.some(([a, b], i) => a >= b || b > header.bytes || (i && a < spans[i - 1][1]))) {
    throw new Error(`snapshot: ${body.length} bytes of memory, made with ${kept}`); // a torn write
  }
  return { header, body, spans };
}

// {header, memory}: the memory whole again (the left-out pages zero), for loadPyodide's _loadSnapshot.
export function decodeSnapshot(bytes) {
  const { header, body, spans } = snapshotParts(bytes);
  const memory = new Uint8Array(header.bytes);
  let at = 0;
  for (const [a, b] of spans) {
    memory.set(body.subarray(at, at + b - a), a);
    at += b - a;
  }
  return { header, memory };
}

// A snapshot file read without making its memory whole (decodeSnapshot does, for the reference and
// for Node.js tools): {header, body, spans, prefix}. ``prefix`` is the start of Pyodide's own snapshot
// (its header and the JavaScript state, up to where the memory begins), which is what loadPyodide's
// _loadSnapshot is given; restoreInto writes the kept pages straight into the WebAssembly memory.
// So a restore copies the 36 MB kept once, where decoding copied them into a 54 MB array that
// Pyodide then copied whole (zeros included) into its memory.
export function readSnapshot(bytes) {
  const { header, body, spans } = snapshotParts(bytes);
  // Pyodide's header (its words 0-2: magic, where the memory begins, the state's length) is in the
  // first kept page, which is the file's first (it holds the magic), and so is the state after it
  if (!spans.length || spans[0][0] !== 0 || body.length < 16) throw new Error("snapshot: no Pyodide header");
  const words = new DataView(body.buffer, body.byteOffset, 16);
  const memoryAt = words.getUint32(4, true);
  if (memoryAt > spans[0][1] || memoryAt > header.bytes || memoryAt % 16) {
    throw new Error(`snapshot: its memory begins at ${memoryAt}, outside its first run`);
  }
  let prefix = body.subarray(0, memoryAt);
  if (prefix.byteOffset % 4) prefix = prefix.slice(); // Pyodide reads it in 32-bit words
  return { header, body, spans, prefix, memoryAt };
}

// The kept pages into Pyodide's memory, where Pyodide's restoreSnapshot would have copied the whole
// decoded memory: byte for byte the same memory (tests/e2e/test_web_snapshot.py compares both ways).
// The pages left out hold zeros: below the heap's break (what the runtime's start wrote before the
// restore) they are zeroed; above it the memory was never written since it was made or grown.
export function restoreInto(Module, snapshot) {
  const { body, spans, memoryAt, header } = snapshot;
  const heap = Module.HEAP8;
  const end = header.bytes - memoryAt; // the saved memory's length
  if (heap.length < end) throw new Error(`snapshot: ${end} bytes of memory into ${heap.length}`);
  const brk = Math.min(Module.HEAPU32[Module._emscripten_get_sbrk_ptr() >>> 2], end);
  let at = 0;
  let zeroFrom = 0; // the memory from here to the next run is a left-out (zero) stretch
  for (const [a, b] of spans) {
    const from = Math.max(a - memoryAt, 0);
    const to = b - memoryAt;
    if (from < to) {
      if (zeroFrom < Math.min(from, brk)) heap.fill(0, zeroFrom, Math.min(from, brk));
      heap.set(body.subarray(at + (from - (a - memoryAt)), at + (b - a)), from);
      zeroFrom = to;
    }
    at += b - a;
  }
  if (zeroFrom < brk) heap.fill(0, zeroFrom, brk);
}

function layoutOf(Module) {
  const brk = Module.HEAPU32[Module._emscripten_get_sbrk_ptr() >>> 2];
  return { table: Module.wasmTable.length, brk };
}

// loadPyodide's options for a start with the app's pack (and, to restore, a snapshot: read by
// readSnapshot, or decoded whole by decodeSnapshot, which Pyodide then copies in itself):
// `createPyodideModule` wraps Pyodide's own (pyodide.asm.mjs's default export) to add the preRun step.
// `state.layout` is the layout after the side modules are in (recorded by the making run).
// `state.files` is how many files of the pack are in the file system.
// `modules`: the side modules already compiled (compileDynlibs); else they are compiled here, in series.
// Pyodide's main module (pyodide.asm.wasm, 9.6 MB) compiled from `url` as soon as the caller asks, not
// when loadPyodide gets to it: the worker starts it with the snapshot's read and the pack's fetch
// (at phone class it was 1.1-1.3 s in series after them). null where it cannot be
// compiled here (startOptions then leaves Pyodide to fetch and compile it itself).
export async function compileMain(url, fetchFn = fetch) {
  try {
    return await WebAssembly.compileStreaming(fetchFn(url));
  } catch (streaming) {
    try { // a host that serves it without Content-Type application/wasm
      return await WebAssembly.compile(await (await fetchFn(url)).arrayBuffer());
    } catch (error) {
      return null;
    }
  }
}

// Emscripten's module instantiated from `main` (a compiled WebAssembly.Module) by Pyodide's own
// instantiateWasm, which adds its imports and then calls WebAssembly.instantiateStreaming on the
// response it fetched (python-worker.js gives it an empty stand-in): for that one call the
// instantiation takes the compiled module instead.
function instantiateCompiled(original, main) {
  return (imports, done) => {
    const streaming = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async (response, withImports) => {
      WebAssembly.instantiateStreaming = streaming;
      return { instance: await WebAssembly.instantiate(main, withImports), module: main };
    };
    return original(imports, done);
  };
}

// `mark(name)`: told when the main module is instantiated (the preRun step begins) and when the side
// modules are in (the web bench's step breakdown). `main`: Pyodide's main module already compiled
// (compileMain), or null.
// `restored(Module)`: told as soon as the saved memory is in (snapshot.mjs compares it with the file's).
export function startOptions({
  createModule, pack, snapshot, make = false, modules = {}, mark = () => {}, main = null, restored = () => {},
}) {
  const state = { layout: null, Module: null, files: 0 };
  const libs = dynlibs(pack);
  const preRun = (Module) => {
    mark("tr:wasm-instantiated");
    state.Module = Module;
    state.files = unpack(Module.FS, pack);
    mark("tr:pack-unpacked");
    if (snapshot && Module.HEAP8.length < snapshot.header.bytes) { // read or decoded: the memory's length
      // Pyodide sets INITIAL_MEMORY for a snapshot, which this build ignores (github.com/pyodide/pyodide/issues/6254)
      Module.growMemory(snapshot.header.bytes);
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
    mark("tr:libs-loaded");
    if (snapshot) {
      const want = snapshot.header.layout;
      if (JSON.stringify(want) !== JSON.stringify(state.layout)) {
        throw new Error(`snapshot: layout ${JSON.stringify(state.layout)} is not the snapshot's ${JSON.stringify(want)}`);
      }
      // dlopen handles Python holds (in the saved memory) point at these libraries again
      for (const [handle, name] of Object.entries(snapshot.header.handles)) {
        Module.LDSO.loadedLibsByHandle[handle] = Module.LDSO.loadedLibsByName[name];
      }
      // read by readSnapshot, Pyodide gets the prefix (no memory in it) and the memory comes from here
      const restore = Module.API.restoreSnapshot;
      Module.API.restoreSnapshot = (bytes) => {
        const hiwire = restore(bytes); // its checks (magic, build id) and the JavaScript state
        if (!snapshot.memory) restoreInto(Module, snapshot);
        mark("tr:memory-written");
        restored(Module);
        return hiwire;
      };
    }
  };
  const options = {
    createPyodideModule: (settings) => {
      settings.preRun = [...(settings.preRun || []), preRun];
      if (main && typeof settings.instantiateWasm === "function") {
        settings.instantiateWasm = instantiateCompiled(settings.instantiateWasm, main);
      }
      return createModule(settings);
    },
  };
  if (make) options._makeSnapshot = true;
  if (snapshot) options._loadSnapshot = snapshot.memory || snapshot.prefix;
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
