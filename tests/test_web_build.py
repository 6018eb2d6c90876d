"""The phone's static site as build/web.sh makes it, checked without a browser.

The wheels (PyPI) are left out here (no network in tests): everything else of the build runs into
a temporary folder. The site in a real browser: build/web/smoke.py and the offline browser test."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("build_site", ROOT / "build" / "web" / "build_site.py")
build_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_site)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("web") / "site"
    version = build_site.build(out, wheels=[])
    return out, version


def test_every_web_requirement_is_pinned_by_version_and_hash():
    lines = [ln.split("#", 1)[0].strip() for ln in (ROOT / "build" / "web-requirements.txt").read_text().splitlines()]
    lines = [ln for ln in lines if ln]
    assert len(lines) >= 15
    for ln in lines:
        assert re.fullmatch(r"[a-z0-9-]+==[0-9][0-9a-z.]* --hash=sha256:[0-9a-f]{64}", ln), ln
    names = {ln.split("==")[0] for ln in lines}
    # what the app imports in the browser besides the standard library
    assert {"flet", "flet-charts", "pydantic", "pydantic-core", "msgpack", "sqlite-utils", "segno", "babel"} <= names


def test_pydantic_core_in_the_browser_is_the_servers():
    import pydantic_core

    pinned = dict(ln.split()[0].split("==") for ln in (ROOT / "build" / "web-requirements.txt").read_text().splitlines()
                  if ln and not ln.startswith("#"))
    assert pinned["pydantic-core"] == pydantic_core.__version__


def test_the_page_loads_pyodide_canvaskit_and_fonts_from_the_site_only(site):
    out, _ = site
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs";' in html  # a bare specifier fails in the worker
    assert 'flet.canvasKitBaseUrl="/canvaskit/";' in html
    assert "flet.noCdn=true;" in html and "flet.pyodide = true;" in html
    assert 'flet.appPackageUrl = "app.pack";' in html
    assert "<title>Tischrichter</title>" in html and '<html lang="de">' in html
    config = html[html.index("flet.pyodide = "):].split("</script>")[0]  # what the build wrote
    assert "https://" not in config and "http://" not in config
    boot = (out / "flutter_bootstrap.js").read_text(encoding="utf-8")
    call = boot[boot.index("_flutter.loader.load({"):]
    assert "serviceWorker" not in call  # Flutter's (self-unregistering) worker would replace ours
    assert not (out / "flutter_service_worker.js").exists()
    assert (out / "pyodide" / "pyodide.asm.wasm").exists() and (out / "pyodide" / "python_stdlib.zip").exists()


def test_the_app_package_has_the_app_and_the_phone_entry_as_bytecode(site):
    """The app ships compiled by the phone's own Python (3.14, not this 3.11), in one
    pack the worker writes to the file system as it is; the build is reproducible."""
    out, _ = site
    data = (out / "app.pack").read_bytes()
    files = build_site.unpack_bytes(data)
    names = sorted(files)
    for must in ("main.pyc", "companion/platform.pyc", "companion/app.pyc", "companion/store/games.pyc",
                 "scoring/engine.pyc", "components/common.pyc", "companion/games/qwixx/play_screen.pyc"):
        assert must in names
    assert not [n for n in names if n.endswith(".py")]  # no source left to compile on the phone
    magic = files["main.pyc"][:4]
    assert magic == bytes.fromhex("2b0e0d0a")  # CPython 3.14's bytecode (Pyodide 314), not the build's
    assert all(files[n][:4] == magic for n in names if n.endswith(".pyc"))
    assert b"tr:app-imported" in files["main.pyc"] and b"phone" in files["main.pyc"]
    assert not [n for n in names if n.startswith("tests/") or "__pycache__" in n]
    assert "requirements.txt" not in names and "pyproject.toml" not in names  # micropip asks nothing
    assert build_site.pack_bytes(build_site.compile_python(build_site.app_files([]), out / "pyodide")) == data


def test_the_standard_library_ships_as_bytecode(site):
    import zipfile

    out, _ = site
    with zipfile.ZipFile(out / "pyodide" / "python_stdlib.zip") as zf:
        names = zf.namelist()
        assert zf.read("asyncio/__init__.pyc")[:4] == bytes.fromhex("2b0e0d0a")
    assert not [n for n in names if n.endswith(".py")]


def run_node(tmp_path: Path, script: str, *args: str) -> object:
    """``script`` (an ES module) run by Node.js with ``args``: the JSON it printed last."""
    import subprocess

    (tmp_path / "probe.mjs").write_text(script, encoding="utf-8")
    run = subprocess.run(["node", str(tmp_path / "probe.mjs"), *args], capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


POSITIONS = """
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, ...pycs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
const out = {};
for (const pyc of pycs) {
  py.FS.writeFile("/probe.pyc", fs.readFileSync(pyc));
  out[pyc] = py.runPython(`
import marshal, types
def walk(code):
    yield code
    for k in code.co_consts:
        if isinstance(k, types.CodeType):
            yield from walk(k)
code = marshal.loads(open("/probe.pyc", "rb").read()[16:])
spots = [p for c in walk(code) for p in c.co_positions()]
[sum(1 for p in spots if p[0] is not None), sum(1 for p in spots if p[2] is not None or p[3] is not None)]
`).toJs();
}
console.log(JSON.stringify(out));
"""


def test_the_bytecode_keeps_its_line_numbers_but_no_column_positions(site, tmp_path):
    """The app and the standard library are compiled without column positions
    (PYTHONNODEBUGRANGES): they pack badly (the first visit ~1.5 MB gzipped less), and only a
    traceback's ^^^ marks use them. Line numbers stay, so a traceback still names the line. Read
    by the phone's own Python (the site's Pyodide in Node.js)."""
    import zipfile

    out, _ = site
    files = build_site.unpack_bytes((out / "app.pack").read_bytes())
    (tmp_path / "app.pyc").write_bytes(files["companion/platform.pyc"])
    with zipfile.ZipFile(out / "pyodide" / "python_stdlib.zip") as zf:
        (tmp_path / "stdlib.pyc").write_bytes(zf.read("json/decoder.pyc"))
    counts = run_node(tmp_path, POSITIONS, str(out / "pyodide"),
                      str(tmp_path / "app.pyc"), str(tmp_path / "stdlib.pyc"))
    for pyc in ("app.pyc", "stdlib.pyc"):
        with_line, with_column = counts[str(tmp_path / pyc)]
        assert with_line > 100 and with_column == 0, (pyc, with_line, with_column)


DOCSTRINGS = """
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [site] = process.argv.slice(2);
const { unpack } = await import(pathToFileURL(site + "/pyboot.mjs").href);
const { loadPyodide } = await import(pathToFileURL(site + "/pyodide/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: site + "/pyodide/" });
unpack(py.FS, new Uint8Array(fs.readFileSync(site + "/app.pack")), "/app");
console.log(JSON.stringify(py.runPython(`
import dis, marshal, sys, types
sys.path[:0] = ["/app"]
import json.decoder
import scoring.dice

def walk(code):
    yield code
    for k in code.co_consts:
        if isinstance(k, types.CodeType):
            yield from walk(k)

try:
    scoring.dice.w3_of_w6(7)
    refused = None
except ValueError as exc:
    refused = str(exc)
verlies = marshal.loads(open("/app/scoring/verlies.pyc", "rb").read()[16:])
asserts = sum(1 for c in walk(verlies) for i in dis.get_instructions(c) if i.argrepr == "AssertionError")
{"docs": [scoring.dice.__doc__, scoring.dice.w3_of_w6.__doc__, scoring.dice.Dice.w3.__doc__,
          json.decoder.__doc__, json.decoder.py_scanstring.__doc__],
 "class_doc": json.decoder.JSONDecoder.__doc__.splitlines()[0],
 "w3": [scoring.dice.w3_of_w6(f) for f in range(1, 7)], "refused": refused, "asserts": asserts}
`).toJs({ dict_converter: Object.fromEntries })));
"""


def test_the_bytecode_has_no_docstrings_of_modules_or_functions_and_keeps_its_asserts(site, tmp_path):
    """The app and the standard library ship without module and function docstrings
    (the first visit ~0.7 MB gzipped less, the start snapshot ~1.6 MB smaller): nothing on the phone
    reads them. Class docstrings stay (dataclasses would write a signature in their place), and so do
    asserts and everything the code does. Imported by the phone's own Python from the shipped files."""
    import ast

    out, _ = site
    got = run_node(tmp_path, DOCSTRINGS, str(out))
    source = ast.parse((ROOT / "scoring" / "verlies.py").read_text(encoding="utf-8"))
    asserts = sum(isinstance(node, ast.Assert) for node in ast.walk(source))
    assert asserts > 0
    assert got == {"docs": [None, None, None, None, None],
                   "class_doc": "Simple JSON <https://json.org> decoder",
                   "w3": [1, 1, 2, 2, 3, 3], "refused": "a W6 shows 1..6, not 7",
                   "asserts": asserts}


UNPACKED = """
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [site] = process.argv.slice(2);
const { unpack } = await import(pathToFileURL(site + "/pyboot.mjs").href);
const { loadPyodide } = await import(pathToFileURL(site + "/pyodide/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: site + "/pyodide/" });
const pack = new Uint8Array(fs.readFileSync(site + "/app.pack"));
const count = unpack(py.FS, pack, "/app");
py.FS.mkdirTree("/app/__pypackages__/flet");
py.FS.writeFile("/app/__pypackages__/flet/extra.txt", "written later");  // a folder unpack made
console.log(JSON.stringify({ count, python: py.runPython(`
import hashlib, os, stat, sys
sys.path[:0] = ["/app", "/app/__pypackages__"]
files = {}
for root, dirs, names in os.walk("/app"):
    for name in names:
        path = os.path.join(root, name)
        st = os.stat(path)
        body = open(path, "rb").read()
        files[path[len("/app/"):]] = [st.st_size, stat.filemode(st.st_mode), hashlib.sha256(body).hexdigest()]
import scoring.dice, scoring.names  # imported from the unpacked bytecode (this build has no wheels)
with open("/app/companion/note.txt", "w") as f:
    f.write("kept")
[files, scoring.names.__spec__.origin, open("/app/companion/note.txt").read()]
`).toJs({ dict_converter: Object.fromEntries }) }));
"""


def test_the_pack_unpacks_into_the_files_python_reads_and_writes_beside(site, tmp_path):
    """The worker puts the pack's files straight into the in-memory file system
    (pyboot.mjs unpack, no FS.writeFile for each): every file there with its bytes, size and mode
    (-rw-rw-rw-, as writeFile makes it), importable, and its folders take new files."""
    import hashlib

    out, _ = site
    want = build_site.unpack_bytes((out / "app.pack").read_bytes())
    got = run_node(tmp_path, UNPACKED, str(out))
    files, module, note = got["python"]
    assert got["count"] == len(want)
    assert module == "/app/scoring/names.pyc" and note == "kept"
    assert files.pop("__pypackages__/flet/extra.txt")[0] == len("written later")
    assert files == {name: [len(body), "-rw-rw-rw-", hashlib.sha256(body).hexdigest()] for name, body in want.items()}


def test_babel_keeps_german_and_english_only(tmp_path):
    """The app's languages are "de" and "en" without a region (pick_lang), so the phone gets no
    regional variant of them either."""
    import zipfile

    from companion.i18n import LANGS, pick_lang

    assert pick_lang(["en-GB", "de-AT"]) == "en" and pick_lang(["de_CH"]) == "de" and sorted(LANGS) == ["de", "en"]

    whl = tmp_path / "babel-0-py3-none-any.whl"
    with zipfile.ZipFile(whl, "w") as zf:
        for name in ("root", "de", "de_AT", "en", "en_001", "fr", "ja"):
            zf.writestr(f"babel/locale-data/{name}.dat", b"x")
        zf.writestr("babel/core.py", b"")
    files = build_site.app_files([whl])
    kept = sorted(n.rsplit("/", 1)[1] for n in files if "/locale-data/" in n)
    assert kept == ["de.dat", "en.dat", "root.dat"]
    assert "__pypackages__/babel/core.py" in files


def sw_list(sw: str, name: str) -> list[str]:
    return json.loads(re.search(rf"const {name} = (\[.*?\]);", sw, re.S).group(1))


def test_the_service_worker_precaches_the_core_and_no_renderer_this_browser_may_not_use(site):
    out, version = site
    sw = (out / "sw.js").read_text(encoding="utf-8")
    assert f'const VERSION = "{version}";' in sw
    on_disk = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name != "sw.js")
    files = json.loads(re.search(r"const FILES = new Set\((\[.*?\])\);", sw, re.S).group(1))
    assert files == ["./", *on_disk]  # what it may cache at all: the site's files, nothing else
    core = sw_list(sw, "CORE")
    # what starts the app in any browser
    for must in ("./", "index.html", "flutter_bootstrap.js", "flutter.js", "python-worker.js", "app.pack",
                 "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                 "assets/fonts/roboto.woff2", "assets/fonts/MaterialIcons-Regular.otf", "assets/FontManifest.json",
                 "manifest.json", "icons/icon-192.png", "sw-register.js", "rive-stub/wasm/rive_native.js"):
        assert must in core, must
    # of the renderers and compile targets a browser loads one: cached when loaded, not on install
    left_out = sorted(set(files) - set(core))
    assert left_out == sorted(f for f in on_disk if f.startswith(("canvaskit/", "main.dart.", "assets/packages/"))
                              or f == "assets/NOTICES")
    assert {"main.dart.js", "main.dart.wasm", "canvaskit/canvaskit.wasm", "canvaskit/skwasm.wasm"} <= set(left_out)
    # the rest is cached when the page reports it loaded it or asks for it (sw-register.js, fetch)
    assert 'type: "loaded"' in (out / "sw-register.js").read_text(encoding="utf-8")
    assert 'data.type !== "loaded"' in sw and "cache.put(" in sw


def test_flets_rive_runtime_comes_from_the_site_not_a_cdn(site):
    out, _ = site
    for name in ("main.dart.js", "main.dart.wasm"):
        data = (out / name).read_bytes()
        assert b"cdn.jsdelivr.net" not in data and b"@rive-app" not in data, name
        assert ("./" * 28 + "rive-stub/").encode() in data, name  # the same length as the CDN's URL
    for variant in ("wasm", "wasm_compatibility"):
        stub = (out / "rive-stub" / variant / "rive_native.js").read_text(encoding="utf-8")
        assert "globalThis.RiveNative = () => new Promise(() => {});" in stub
    # Rive's address keeps its length; only the startup message's import grows the module
    grown = len(build_site.STARTUP_MESSAGE) - len(build_site.CLIENT_STARTUP_MESSAGE)
    original = (build_site.flet_web_dir() / "main.dart.wasm").stat().st_size
    assert (out / "main.dart.wasm").stat().st_size == original + grown


def test_the_site_version_changes_with_its_files(tmp_path):
    a = build_site.build(tmp_path / "a", wheels=[])
    (tmp_path / "b").mkdir()
    b_out = tmp_path / "b" / "site"
    b = build_site.build(b_out, wheels=[])
    assert a == b  # the same files, the same version
    (b_out / "version.json").write_text("{}")
    assert build_site.write_service_worker(b_out) != a


def test_the_manifest_makes_it_installable_german_first(site):
    out, _ = site
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "Tischrichter" and manifest["lang"] == "de"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        data = (out / icon["src"]).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{w}x{h}" == icon["sizes"]


def test_the_icons_are_what_make_icons_draws():
    spec2 = importlib.util.spec_from_file_location("make_icons", ROOT / "build" / "web" / "make_icons.py")
    make_icons = importlib.util.module_from_spec(spec2)
    spec2.loader.exec_module(make_icons)
    assert (ROOT / "build" / "web" / "icons" / "favicon.png").read_bytes() == make_icons.draw(48, False)


def test_published_under_a_path_the_page_says_so(tmp_path):
    out = tmp_path / "sub"
    build_site.build(out, wheels=[], base="/tr/")
    html = (out / "index.html").read_text(encoding="utf-8")
    assert '<base href="/tr/">' in html and 'flet.canvasKitBaseUrl="/tr/canvaskit/";' in html


def test_every_font_the_client_asks_for_is_in_the_manifest_and_the_site(site):
    """Without Roboto in FontManifest.json Flutter fetched Roboto and Noto fallbacks from
    ``assets/fonts/…`` (404) and drew no text in WebKit. Every font the manifest names is a file
    of the site, and Roboto is there (the client's bundled file)."""
    out, _ = site
    manifest = json.loads((out / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    families = {f["family"]: [x["asset"] for x in f["fonts"]] for f in manifest}
    assert families["Roboto"] == ["fonts/roboto.woff2"]
    assert sorted(families) == ["MaterialIcons", "Roboto"]  # Flutter loads each at start: no KaTeX, no Cupertino
    missing = [a for assets in families.values() for a in assets if not (out / "assets" / a).is_file()]
    assert missing == []


def test_the_icon_font_keeps_the_icons_the_app_and_flutter_draw_at_their_code_points(site):
    """Flutter loads the Material icons font whole at every start (1.26 MB, 8,600 icons);
    the site's holds the ~55 the app names and those Flutter's own widgets draw, each where the
    client looks for it (its list of icons in main.dart.js) and with the same outline. The names are
    Flutter's glyph names: Flet's COPY is Flutter's alias of content_copy."""
    from fontTools.ttLib import TTFont

    out, _ = site
    cut = TTFont(out / build_site.ICON_FONT)
    whole = TTFont(build_site.flet_web_dir() / build_site.ICON_FONT)
    kept = cut.getBestCmap()
    icons = build_site.app_icons(build_site.app_files([]))
    assert {"UNDO", "REDO", "GAVEL", "QR_CODE_2", "ARROW_BACK_IOS_NEW", "MORE_VERT"} <= icons
    codepoints = build_site.icon_codepoints((out / "main.dart.js").read_text(encoding="utf-8"), icons)
    assert sorted(codepoints.values()) == sorted(cp for cp in kept if cp != 0x20)
    glyphs = {name: kept.get(codepoints[name])
              for name in ("UNDO", "CASINO_OUTLINED", "COPY", "LOCK_OUTLINE", "ARROW_BACK")}
    assert glyphs == {"UNDO": "undo_baseline", "CASINO_OUTLINED": "casino_outlined", "COPY": "content_copy_baseline",
                      "LOCK_OUTLINE": "lock_outline_baseline", "ARROW_BACK": "arrow_back_baseline"}
    outline = whole["CFF "].cff.topDictIndex[0].CharStrings
    for name, glyph in glyphs.items():
        assert cut["CFF "].cff.topDictIndex[0].CharStrings[glyph].bytecode == outline[glyph].bytecode, name
    assert len(kept) < 300 and (out / build_site.ICON_FONT).stat().st_size < 60_000


def test_the_page_gives_flutter_a_valid_language_tag_before_flutter_starts(site):
    """The language guard comes before Flutter's loader and Flet's python.js."""
    out, _ = site
    html = (out / "index.html").read_text(encoding="utf-8")
    guard = html.index("new Intl.Locale(tag)")
    assert guard < html.index('src="python.js"') and guard < html.index('src="flutter_bootstrap.js"')


def test_the_client_says_it_is_starting_in_german_and_english_in_both_of_its_builds(site):
    """Flet's spinner at the start said "Working..." (a constant of the client). The site's skwasm build
    imports each string constant as a global named by the string: that import is renamed, every other
    import of the module but Rive's address stays as it was, in its place; the dart2js build has it as
    a literal."""
    out, _ = site
    original = build_site.wasm_imports((build_site.flet_web_dir() / "main.dart.wasm").read_bytes())[2]
    shipped = build_site.wasm_imports((out / "main.dart.wasm").read_bytes())[2]
    assert len(shipped) == len(original)
    changed = {a[1]: b[1] for a, b in zip(original, shipped, strict=True) if a[:2] != b[:2]}
    # the other import renamed is Rive's CDN address (test_flets_rive_runtime_comes_from_the_site_not_a_cdn)
    assert changed.keys() == {b"Working...", build_site.RIVE_CDN.encode()}
    assert changed[b"Working..."] == b"Startet ... / Starting ..."
    js = (out / "main.dart.js").read_text(encoding="utf-8")
    assert '"Startet ... / Starting ..."' in js
    assert '"Working..."' not in js


def test_a_client_without_that_message_stops_the_build_instead_of_shipping_it_unsaid(site):
    out, _ = site
    wasm = (out / "main.dart.wasm").read_bytes()
    with pytest.raises(ValueError, match=r"^0 imports named b'Working\.\.\.'$"):
        build_site.rename_import(wasm, b"", b"Working...", b"Startet ... / Starting ...")
    with pytest.raises(ValueError, match="not a WebAssembly module"):
        build_site.wasm_imports(b"<!DOCTYPE html>")


def test_the_start_snapshot_is_keyed_by_what_it_depends_on_and_can_be_left_out(site, tmp_path):
    """A snapshot made under another key (another Pyodide, standard library, app.pack or
    pyboot.mjs) is never restored; ``--no-snapshot`` builds a worker that never makes one."""
    out, _ = site
    worker = (out / "python-worker.js").read_text(encoding="utf-8")
    key = re.search(r'const SNAPSHOT_KEY = "([^"]*)";', worker)[1]
    assert re.fullmatch(r"[0-9a-f]{16}", key) and key == build_site.snapshot_key(out)
    assert (out / "pyboot.mjs").is_file() and '"pyboot.mjs"' in (out / "sw.js").read_text(encoding="utf-8")
    assert {"main.pyc", "preload.pyc"} <= set(build_site.unpack_bytes((out / "app.pack").read_bytes()))
    off = tmp_path / "off"
    build_site.build(off, wheels=[], snapshot=False)
    assert 'const SNAPSHOT_KEY = "";' in (off / "python-worker.js").read_text(encoding="utf-8")
    (off / "app.pack").write_bytes((off / "app.pack").read_bytes() + b"x")  # another app: another key
    assert build_site.snapshot_key(off) != build_site.snapshot_key(out)


def test_the_start_snapshots_preload_leaves_the_first_screens_nothing_to_import_or_look_up(tmp_path):
    """What a restored phone would otherwise do again at every start is done by the
    snapshot's preload.py: Flet's session and page modules and every ft.<name> the app uses are
    imported (Flet imports them on first use), and sqlite-utils has looked for its plugins (every
    distribution's metadata, at its first Database). Run here with the server's Python, the app's
    own packages."""
    import subprocess
    import sys

    preload = tmp_path / "preload.py"
    preload.write_bytes(build_site.app_files([])["preload.py"])
    probe = (
        "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import preload, sqlite_utils.plugins as p; "
        "print(p._plugins_loaded, all(f'flet.{m}' in sys.modules for m in "
        "('app', 'messaging.session', 'messaging.protocol', 'controls.page', 'controls.core.row', "
        "'controls.core.semantics', 'controls.material.textfield')))"
    )
    out = subprocess.run([sys.executable, "-c", probe, str(tmp_path), str(ROOT)], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    assert out.stdout.split() == ["True", "True"], out.stderr[-2000:]
