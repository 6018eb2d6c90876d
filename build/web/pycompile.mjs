// Compile a folder's .py files to .pyc with the phone's own Python: the Pyodide runtime the site
// ships (Python 3.14, WebAssembly), run in Node.js (issue 29.3). Bytecode is specific to the
// interpreter, so it is made by that interpreter, not by the build's Python.
//   node build/web/pycompile.mjs PYODIDE_DIR FOLDER
// Each a/b.py gets a/b.pyc beside it (the "legacy" layout, imported without its source), marked
// "unchecked hash": the phone's file system holds no source to compare it with. A file that does not
// compile (none known) stays source only and is printed; it is then compiled on the phone as before.
// Compiled without column positions (PYTHONNODEBUGRANGES, as `python -X no_debug_ranges`): a traceback
// then marks no columns (^^^) under the failing line; nothing else changes. The positions are 3-5 % of
// the bytecode but pack badly: without them the app's pack is 5.43 -> 4.69 MB gzipped and the standard
// library 3.50 -> 2.71 MB, so the phone's first visit loads ~1.5 MB less (issue 29.2).
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, folder] = process.argv.slice(2);
if (!pyodideDir || !folder) {
  console.error("usage: node pycompile.mjs PYODIDE_DIR FOLDER");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL, env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/build");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/build");
const failed = py.runPython(`
import os, py_compile
failed = []
for root, _dirs, files in os.walk("/build"):
    for name in files:
        if name.endswith(".py"):
            src = os.path.join(root, name)
            try:
                py_compile.compile(src, cfile=src + "c", doraise=True,
                                   invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            except py_compile.PyCompileError:
                failed.append(src[len("/build/"):])
"\\n".join(failed)
`);
if (failed) console.log(failed);
