// Compile a folder's .py files to .pyc with the phone's own Python: the Pyodide runtime the site
// ships (Python 3.14, WebAssembly), run in Node.js. Bytecode is specific to the
// interpreter, so it is made by that interpreter, not by the build's Python.
//   node build/web/pycompile.mjs PYODIDE_DIR FOLDER
// Each a/b.py gets a/b.pyc beside it (the "legacy" layout, imported without its source), marked
// "unchecked hash": the phone's file system holds no source to compare it with. A file that does not
// compile (none known) stays source only and is printed; it is then compiled on the phone as before.
// Compiled without column positions (PYTHONNODEBUGRANGES, as `python -X no_debug_ranges`): a traceback
// then marks no columns (^^^) under the failing line; nothing else changes. The positions are 3-5 % of
// the bytecode but pack badly: without them the app's pack is 5.43 -> 4.69 MB gzipped and the standard
// library 3.50 -> 2.71 MB, so the phone's first visit loads ~1.5 MB less.
// Module and function docstrings are left out too (as `python -OO` does, asserts kept): nothing the
// phone runs reads them (help(), doctest, click's --help, pydantic's JSON-schema descriptions are not
// on the phone), and they were ~12 % of the packed bytecode and ~2 MB of the start snapshot. Class
// docstrings stay: without one, dataclasses writes each class a signature as its docstring, as long.
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
import ast, importlib.util, os
from importlib._bootstrap_external import _code_to_hash_pyc


class Docstrings(ast.NodeTransformer):
    """Drops the docstring of the module and of every function (not of classes)."""

    def drop(self, node):
        self.generic_visit(node)
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = drop


failed = []
for root, _dirs, files in os.walk("/build"):
    for name in files:
        if name.endswith(".py"):
            src = os.path.join(root, name)
            try:
                with open(src, "rb") as f:
                    source = f.read()
                tree = Docstrings().visit(ast.parse(source, src))
                code = compile(tree, src, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                failed.append(src[len("/build/"):])
                continue
            with open(src + "c", "wb") as f:  # "unchecked hash", as py_compile's UNCHECKED_HASH writes it
                f.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
"\\n".join(failed)
`);
if (failed) console.log(failed);
