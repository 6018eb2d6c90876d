"""Build the phone's static site: ``build/out/web/``. Run through ``bash build/web.sh``.

What it does, each step plain:
1. Download the pinned wheels of ``build/web-requirements.txt`` (sha256-checked, PyPI only, the
   Pyodide 314 builds of the compiled ones) into ``build/out/web-wheels/`` (kept as a cache).
2. Copy the Flet web client of this venv's ``flet-web`` (Flutter, and the Pyodide runtime it
   carries in ``pyodide/``), minus what only a Node/desktop run or a debugger uses.
3. Pack the app: ``main.py`` (the phone entry), ``scoring/``, ``components/``, ``companion/`` and
   every wheel's contents under ``__pypackages__/`` (put on ``sys.path``), compiled to bytecode by
   the site's own Pyodide (``pycompile.mjs`` in Node.js), into ``app.pack`` (``pack_bytes``:
   reproducible, sorted); the standard library zip of the site's Pyodide is compiled the same way.
   The page side and worker of the Python start are ours (``python.js``, ``python-worker.js``:
   the worker starts with the page, in parallel with Flutter).
4. Patch ``index.html`` (Pyodide from ``./pyodide/pyodide.mjs``, CanvasKit and fonts from the site,
   never a CDN) and ``flutter_bootstrap.js`` (no Flutter service worker: ours is ``sw.js``); the
   client's words under its start spinner in German and English (``patch_startup_message``).
5. Manifest, icons and the cache-first service worker (``build/web/sw.js``), versioned by a hash of
   every file of the site. It precaches only the core (``core_files``: what every browser needs);
   the rest (``LOADED_ONLY``: one renderer of several, rarely used assets) is cached when this
   browser loads it, so a first visit does not download what this browser never uses.
6. No outside host at run time: Flet's client loads the Rive runtime from a CDN (``RIVE_CDN``);
   the site answers that instead with a stub that never resolves (``RIVE_STUB``), as the offline
   page always did (the app shows no Rive animation and nothing waits for it).
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
OUT = ROOT / "build" / "out" / "web"
WHEELS = ROOT / "build" / "out" / "web-wheels"
REQUIREMENTS = ROOT / "build" / "web-requirements.txt"
APP_PACKAGES = ("scoring", "components", "companion")
PLATFORM = ["--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14",
            "--implementation", "cp", "--abi", "cp314"]
# Not on a phone: Node/desktop launchers of Pyodide, type stubs, source maps and debug symbols,
# and the CanvasKit variants Flet's loader never picks (wimp: only with enableWimp; the
# experimental paragraph build: only when asked for by name).
CLIENT_SKIP = ("*.map", "*.d.ts", "*.symbols", "python", "python.bat", "python.exe", "python_cli_entry.mjs",
               "package.json", "pyodide.js", "wimp.*", "experimental_webparagraph")
# the app speaks German and English: its languages are "de" and "en" only (i18n.pick_lang drops the
# region), so Babel never loads a regional variant (en_GB.dat, de_AT.dat: 0.17 MB gzipped)
BABEL_KEEP = re.compile(r"^(root|de|en)\.dat$")
# Not on the phone (the first visit's bytes): what no import of the app reaches — type stubs,
# pydantic's v1 compatibility package and mypy plugin, Babel's message catalogues (gettext tools),
# sqlite-utils' command line (its CLI group, tabulate), the wheels' licence and record files (their METADATA stays:
# importlib.metadata reads it).
WHEEL_SKIP = ("*.pyi", "*/py.typed", "pydantic/v1/*", "pydantic/mypy.py", "babel/messages/*", "click_default_group*",
              "sqlite_utils/cli.py", "sqlite_utils/__main__.py", "tabulate/*",  # its command line only
              "*.dist-info/RECORD", "*.dist-info/licenses/*", "*.dist-info/LICENSE*", "*.dist-info/WHEEL",
              "*.dist-info/top_level.txt", "*.dist-info/entry_points.txt")
# Nor of Pyodide's standard library: the REPL, tests and tools, and what cannot run in a browser's worker
STDLIB_SKIP = ("_pyrepl/*", "unittest/*", "idlelib/*", "turtledemo/*", "tkinter/*", "ensurepip/*", "lib2to3/*",
               "venv/*", "test/*", "pydoc_data/*", "multiprocessing/*", "xmlrpc/*", "wsgiref/*", "curses/*",
               "dbm/*", "turtle.py", "pydoc.py", "doctest.py")
# Not precached (sw.js caches them when this browser loads them): the renderers and compile targets
# of which a browser uses one (CanvasKit, its Chromium build, skwasm; main.dart.js or .wasm), the
# licence text and the package assets the app's screens never show (media_kit, KaTeX, Cupertino).
LOADED_ONLY = ("canvaskit/*", "main.dart.*", "assets/NOTICES", "assets/packages/*")
# compiled into main.dart.js and main.dart.wasm (rive_native's loader, flet's Rive control)
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
RIVE_DIR = "rive-stub/"
RIVE_STUB = ("// Tischrichter: Flet's client asks for the Rive runtime at start; the app shows no Rive\n"
             "// animation, so the site answers with a runtime that never loads (no CDN, no network).\n"
             "globalThis.RiveNative = () => new Promise(() => {});\n")
ENTRY = ('"""The phone entry (built by build/web.sh): the whole app in this browser."""\n'
         "import flet_js\n\nfrom companion.__main__ import phone\n\n"
         'flet_js.mark("tr:app-imported")  # python-worker.js: a performance mark in the page\n'
         "phone()\n")
# What the start snapshot holds imported (pyboot.mjs: the first start runs ``import preload``, then
# snapshots the interpreter; later starts restore it and import nothing of this again): every module
# the app can import, so a reopened app opens any game at once; ``self_check`` proves a restored
# interpreter works (pydantic-core validates, msgpack packs) before the app trusts it.
PRELOAD = '''"""The phone's start snapshot: what it holds imported (build/web/build_site.py PRELOAD)."""
import gc

import flet
import msgpack
import pydantic
import pydantic_core  # noqa: F401

import companion.app
import companion.platform  # noqa: F401
from companion import registry
from companion.__main__ import phone  # noqa: F401
from companion.lazy import LazyView
from scoring.engine import games

import runpy  # noqa: F401  # the worker runs main.py with it
import babel.dates  # noqa: F401  # babel imports these when a game's words are first formatted
import babel.numbers  # noqa: F401
from babel import Locale

import companion.store

for lang in ("de", "en"):
    Locale.parse(lang)  # its locale data read once, kept in babel's cache
# sqlite-utils looks for its plugins (pluggy's entry points: every distribution's metadata, the
# standard library's zip read whole) at its first Database: 0.13 s at full speed after each restore
companion.store.warm()
registry.check()
games()
companion.app.load_extensions()
for ui in registry.game_uis().values():
    for view in (ui.setup, ui.play, ui.result, ui.quick_score):
        if isinstance(view, LazyView):
            view.load()
flet.Theme  # flet's theme and the controls it imports (the shell sets a theme)
gc.collect()
gc.freeze()  # all of it lives as long as the app: no later collection walks it again (as the server does)


def self_check():
    import random
    import sys

    from companion.web.client import Client

    c = Client.model_validate({"role": "guest", "game": "g1"})
    packed = msgpack.packb(c.model_dump())
    assert Client.model_validate(msgpack.unpackb(packed)) == c, packed
    try:
        Client.model_validate({"role": "referee"})
        raise AssertionError("no ValidationError")
    except pydantic.ValidationError as exc:
        err = exc.errors()[0]["type"]
    return f"ok {c!r} {len(packed)}B {err} modules={len(sys.modules)} rand={random.random():.6f}"
'''
# Our own page side and worker of the Python start (the worker starts with the page, the app
# comes as precompiled bytecode), in place of Flet's files of the same names
OWN_CLIENT = ("python.js", "python-worker.js", "pyboot.mjs")
FONTS_DRAWN = ("MaterialIcons", "Roboto")  # the app's text and icons; no Markdown maths, no Cupertino icons
APP_PACK = "app.pack"
PACK_MAGIC = b"TRPK1\n"
PYODIDE_DIR = "pyodide"


def flet_web_dir() -> Path:
    import flet_web

    return Path(flet_web.__file__).resolve().parent / "web"


def download_wheels() -> list[Path]:
    WHEELS.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
         "--only-binary=:all:", "--require-hashes", *PLATFORM, "-d", str(WHEELS), "-r", str(REQUIREMENTS)],
        check=True,
    )
    wanted = {}
    for line in REQUIREMENTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, version = line.split()[0].split("==")
            wanted[re.sub(r"[-_.]+", "_", name.lower())] = version
    found = []
    for whl in sorted(WHEELS.glob("*.whl")):
        name, version = whl.name.split("-")[:2]
        if wanted.get(re.sub(r"[-_.]+", "_", name.lower())) == version:
            found.append(whl)
    if len(found) != len(wanted):
        sys.exit(f"web.sh: expected {len(wanted)} wheels in {WHEELS}, found {len(found)}")
    return found


def copy_client(out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(flet_web_dir(), out, ignore=shutil.ignore_patterns(*CLIENT_SKIP, "__pycache__"))
    (out / "flutter_service_worker.js").unlink(missing_ok=True)
    for name in OWN_CLIENT:
        shutil.copy(HERE / name, out / name)


# Flet imports a control's module when its name is first used (``ft.Row``: flet/__init__.py's
# __getattr__), and its page, session and protocol modules when ``ft.run`` starts: imported after a
# restore, each of them was built again at every start (its dataclasses: ~0.2 s at full speed, ~1 s at
# phone class). So the snapshot also holds these and every ``ft.<name>`` the app's code
# uses (found in its sources at build time), resolved once before preload.py's own imports.
# flet.messaging.pyodide_connection is not among them: it imports flet_js, the worker's JS module.
FLET_RUNTIME = ("flet.app", "flet.messaging.session", "flet.messaging.protocol", "flet.controls.object_patch",
                "flet.pubsub.pubsub_hub", "flet.components.component")


def flet_names(sources: list[bytes]) -> list[str]:
    """The names the code uses as ``ft.<name>``."""
    return sorted({m.decode() for src in sources for m in re.findall(rb"\bft\.([A-Za-z_]\w*)", src)})


def with_flet_names(preload: str, names: list[str]) -> str:
    """``preload`` with the resolution of FLET_RUNTIME and ``names`` after its docstring."""
    doc = preload[: preload.index('"""', 3) + 4] if preload.startswith('"""') else ""
    code = ("import importlib as _importlib\n\nimport flet as _flet\n\n"
            f"for _name in {FLET_RUNTIME!r}:\n    _importlib.import_module(_name)\n"
            f"for _name in {tuple(names)!r}:\n    getattr(_flet, _name, None)\n")
    return doc + code + preload[len(doc):]


def app_files(wheels: list[Path], entry: str = ENTRY, packages: tuple[str, ...] = APP_PACKAGES,
              preload: str = PRELOAD) -> dict[str, bytes]:
    """Every file of the app package, by its path inside the archive (``entry``: ``main.py``,
    ``preload``: ``preload.py``, with the Flet names the app's code uses (``with_flet_names``); the
    bench's bare counter site passes its own and no packages of ours)."""
    files: dict[str, bytes] = {"main.py": entry.encode()}
    for pkg in packages:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            if "__pycache__" not in path.parts:
                files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    files["preload.py"] = with_flet_names(preload, flet_names(list(files.values()))).encode()  # ours only
    for whl in wheels:
        with zipfile.ZipFile(whl) as zf:
            for name in zf.namelist():
                if name.endswith("/") or "__pycache__" in name:
                    continue
                if name.startswith("babel/locale-data/") and not BABEL_KEEP.match(name.rsplit("/", 1)[1]):
                    continue
                if any(fnmatch.fnmatchcase(name, pat) for pat in WHEEL_SKIP):
                    continue
                files[f"__pypackages__/{name}"] = zf.read(name)
    return files


def compile_python(files: dict[str, bytes], pyodide: Path) -> dict[str, bytes]:
    """``files`` with every ``.py`` replaced by its ``.pyc``, compiled by the phone's own Python
    (``pycompile.mjs``: the site's Pyodide in Node.js). Without Node.js the sources stay (the phone
    then compiles them at every start, slower) and the build says so."""
    import tempfile

    node = shutil.which("node")
    if node is None:
        print("web.sh: no Node.js here: the app ships as source, compiled on the phone at each start", file=sys.stderr)
        return files
    with tempfile.TemporaryDirectory(prefix="tischrichter-pyc-") as tmp:
        root = Path(tmp)
        for name, data in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        subprocess.run([node, str(HERE / "pycompile.mjs"), str(pyodide), str(root)], check=True)
        compiled: dict[str, bytes] = {}
        for name, data in files.items():
            pyc = root / (name + "c")
            if name.endswith(".py") and pyc.exists():
                compiled[name + "c"] = pyc.read_bytes()
            else:
                compiled[name] = data
        return compiled


def compile_stdlib(out: Path) -> None:
    """The site's ``pyodide/python_stdlib.zip`` as bytecode (``compile_python``): Pyodide compiled
    the standard library's sources again at every start (a zip import cannot keep its bytecode)."""
    stdlib = out / PYODIDE_DIR / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as zf:
        files = {name: zf.read(name) for name in zf.namelist()
                 if not name.endswith("/") and not any(fnmatch.fnmatchcase(name, pat) for pat in STDLIB_SKIP)}
    compiled = compile_python(files, out / PYODIDE_DIR)
    # stored, not deflated: the host's gzip or brotli packs the whole file better than zip packs each
    # member, and the phone reads members without inflating them
    with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_STORED) as zf:
        for name in sorted(compiled):
            zf.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), compiled[name])


# The Material icons font holds all 8,600 of Flutter's icons (1.26 MB; Flutter loads it whole at every
# start) where the app draws ~55. The site keeps those the app names (``Icons.X`` in its sources) and
# these, which Flutter's own widgets draw from the same font (back arrows, menus, dropdowns, dialogs,
# text fields, the error screen); each with its outlined, rounded and sharp kinds.
FRAMEWORK_ICONS = (
    "ADD", "ARROW_BACK", "ARROW_BACK_IOS", "ARROW_BACK_IOS_NEW", "ARROW_DROP_DOWN", "ARROW_DROP_UP",
    "ARROW_FORWARD", "ARROW_FORWARD_IOS", "CALENDAR_TODAY", "CANCEL", "CHECK", "CHEVRON_LEFT",
    "CHEVRON_RIGHT", "CLEAR", "CLOSE", "DONE", "DRAG_HANDLE", "EDIT", "ERROR", "ERROR_OUTLINE",
    "EXPAND_LESS", "EXPAND_MORE", "FIRST_PAGE", "INFO", "IOS_SHARE", "KEYBOARD", "KEYBOARD_ARROW_DOWN",
    "KEYBOARD_ARROW_LEFT", "KEYBOARD_ARROW_RIGHT", "KEYBOARD_ARROW_UP", "LAST_PAGE", "MENU", "MORE_HORIZ",
    "MORE_VERT", "REMOVE", "SEARCH", "SHARE", "ACCESS_TIME", "VISIBILITY", "VISIBILITY_OFF", "WARNING",
)
ICON_FONT = "assets/fonts/MaterialIcons-Regular.otf"
# Flet's client: its list of icons (the Python enum's value - 0x10000 is the index), each a constant
# ``B.x=new A.a(codepoint,"MaterialIcons",null,!1)`` of main.dart.js (the same list is compiled into
# main.dart.wasm)
ICON_CONSTANT = re.compile(r'(B\.[\w$]+)=new A\.\w+\(([\d.e]+),"MaterialIcons",null,!?[01]\)')
ICON_LIST = re.compile(r"\$\.[\w$]+=A\.\w+\(\[((?:B\.[\w$]+,){8000,}B\.[\w$]+)\]")


def icon_codepoints(main_js: str, names: set[str]) -> dict[str, int]:
    """The code point the client draws for each Flet icon name in ``names`` (``"UNDO"``), read from
    its compiled ``main.dart.js``; the build stops when that cannot be read or a name is not an icon."""
    import flet

    constants = {m[1]: int(float(m[2])) for m in ICON_CONSTANT.finditer(main_js)}
    lists = [m[1].split(",") for m in ICON_LIST.finditer(main_js)]
    lists = [items for items in lists if sum(i in constants for i in items) > 0.99 * len(items)]
    members = {icon.name: int(icon) - 0x10000 for icon in flet.Icons}
    if len(lists) != 1 or len(lists[0]) != len(members):
        sys.exit("web.sh: main.dart.js has no list of Material icons to match Flet's (flet-web changed?)")
    unknown = sorted(n for n in names if n not in members)
    if unknown:
        sys.exit(f"web.sh: not a Material icon of Flet's: {', '.join(unknown)}")
    items = lists[0]
    found = {n: constants.get(items[members[n]]) for n in names}
    if None in found.values():
        sys.exit("web.sh: an icon of the app is not a Material icons constant in main.dart.js (flet-web changed?)")
    return {n: cp for n, cp in found.items() if cp is not None}


def app_icons(files: dict[str, bytes]) -> set[str]:
    """The Flet icon names (``Icons.X``) our sources use, and FRAMEWORK_ICONS with their kinds."""
    import flet

    named = {m.decode() for name, data in files.items() if name.endswith(".py")
             and not name.startswith("__pypackages__/") for m in re.findall(rb"\bIcons\.([A-Z][A-Z0-9_]*)", data)}
    kinds = {f"{n}{kind}" for n in FRAMEWORK_ICONS for kind in ("", "_OUTLINED", "_ROUNDED", "_SHARP")}
    return named | (kinds & {icon.name for icon in flet.Icons})


def subset_icons(out: Path, files: dict[str, bytes]) -> None:
    """``ICON_FONT`` cut to the icons ``app_icons`` finds (fontTools; without it the whole font stays
    and the build says so): 1.26 MB -> ~25 KB, every kept glyph at its code point."""
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        print("web.sh: no fontTools here: the site keeps all Material icons (1.26 MB)", file=sys.stderr)
        return
    codepoints = icon_codepoints((out / "main.dart.js").read_text(encoding="utf-8"), app_icons(files))
    path = out / ICON_FONT
    font = TTFont(path, recalcTimestamp=False)  # the same font for the same build: the site's version
    missing = sorted(n for n, cp in codepoints.items() if cp not in font.getBestCmap())
    if missing:
        sys.exit(f"web.sh: the icon font lacks {', '.join(missing)} (flet-web changed?)")
    options = subset.Options()
    options.glyph_names = True  # the tests name the glyphs
    options.notdef_outline = True
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted({0x20, *codepoints.values()}))
    subsetter.subset(font)
    font.save(path)


def pack_bytes(files: dict[str, bytes]) -> bytes:
    """``APP_PACK``: ``PACK_MAGIC``, the index's length (4 bytes, little-endian), the index (JSON
    ``[[path, size], ...]``, sorted), then each file's bytes in that order. python-worker.js writes
    the files into the phone's in-memory file system as they are (no archive unpacked in Python)."""
    names = sorted(files)
    index = json.dumps([[n, len(files[n])] for n in names], separators=(",", ":")).encode()
    return b"".join([PACK_MAGIC, len(index).to_bytes(4, "little"), index, *(files[n] for n in names)])


def unpack_bytes(data: bytes) -> dict[str, bytes]:
    """``pack_bytes`` read back (the tests; the phone's reader is python-worker.js ``unpack``)."""
    if not data.startswith(PACK_MAGIC):
        raise ValueError("not an app pack")
    size = int.from_bytes(data[6:10], "little")
    at, files = 10 + size, {}
    for name, length in json.loads(data[10:10 + size]):
        files[name] = data[at:at + length]
        at += length
    if at != len(data):
        raise ValueError("the pack's size does not match its index")
    return files


def pack_app(out: Path, files: dict[str, bytes]) -> None:
    (out / APP_PACK).write_bytes(pack_bytes(compile_python(files, out / PYODIDE_DIR)))


def patch_index(out: Path, base: str) -> None:
    from flet_web.patch_index import patch_font_manifest_json, patch_index_html

    from companion.web.page import with_lang_guard

    index = out / "index.html"
    patch_index_html(str(index), base_href=base, pyodide=True, pyodide_script_path="main.py",
                     pyodide_version="314", app_package_url=APP_PACK, no_cdn=True,
                     app_name="Tischrichter",
                     app_description="Schiedsrichter und Spielblock für Brettspiele am Tisch")
    html = index.read_text(encoding="utf-8")
    # a bare "pyodide/pyodide.mjs" is a module specifier the worker cannot resolve (FLET-NOTES)
    html, n = re.subn(r'flet\.pyodideUrl="[^"]*";', 'flet.pyodideUrl="./pyodide/pyodide.mjs";', html)
    if n != 1:
        sys.exit("web.sh: index.html has no Pyodide URL to patch (flet-web changed?)")
    html = with_lang_guard(html)  # a browser reporting "C" (LANG=C) still gets the app
    html = html.replace('<html>', '<html lang="de">', 1)
    html = html.replace('<meta name="apple-mobile-web-app-title" content="Flet">',
                        '<meta name="apple-mobile-web-app-title" content="Tischrichter">')
    html = html.replace("</head>", '  <script src="sw-register.js"></script>\n</head>', 1)
    index.write_text(html, encoding="utf-8")
    boot = out / "flutter_bootstrap.js"
    js = boot.read_text(encoding="utf-8")
    # Flutter's loader would register its own (self-unregistering) worker over ours
    js, n = re.subn(r"serviceWorkerSettings:\s*\{[^{}]*\},", "", js)
    if n != 1:
        sys.exit("web.sh: flutter_bootstrap.js has no serviceWorkerSettings to drop (flet-web changed?)")
    # the start's steps as performance marks (build/bench_web.py reads them)
    for before, after in (
        ("async function (engineInitializer) {",
         'async function (engineInitializer) {\n        performance.mark("tr:flutter-entrypoint");'),
        ("const engine = await engineInitializer.initializeEngine(flutterConfig);",
         'const engine = await engineInitializer.initializeEngine(flutterConfig);\n'
         '        performance.mark("tr:flutter-engine");'),
        ("flet.flutterApp = await engine.runApp();",
         'flet.flutterApp = await engine.runApp();\n        performance.mark("tr:dart-running");'),
        ("document.getElementById('loading')?.remove();",
         "document.getElementById('loading')?.remove();\n    performance.mark(\"tr:first-frame\");"),
    ):
        if js.count(before) != 1:
            sys.exit(f"web.sh: flutter_bootstrap.js has no {before!r} to mark (flet-web changed?)")
        js = js.replace(before, after)
    boot.write_text(js, encoding="utf-8")
    # Roboto (the client's bundled assets/fonts/roboto.woff2) in the font manifest, as Flet's server
    # does for its own copy: without it Flutter fetches Roboto and Noto fallbacks from
    # fontFallbackBaseUrl, 404 offline, and draws no text in WebKit and boxes for ü in Chromium
    patch_font_manifest_json(str(out / "assets" / "FontManifest.json"))
    # Flutter loads every font of the manifest at start: only those the app draws with (Roboto, the
    # Material icons), not KaTeX's twenty math fonts and the Cupertino icons (870 KB of the first visit)
    manifest_path = out / "assets" / "FontManifest.json"
    fonts = json.loads(manifest_path.read_text(encoding="utf-8"))
    kept = [f for f in fonts if f["family"] in FONTS_DRAWN]
    if sorted(f["family"] for f in kept) != sorted(FONTS_DRAWN):
        sys.exit("web.sh: the font manifest lacks Roboto or the Material icons (flet-web changed?)")
    manifest_path.write_text(json.dumps(kept, indent=2), encoding="utf-8")
    patch_rive(out)
    patch_startup_message(out)


# What Flet's client writes under its spinner while the app starts: "Working..." in its own code
# (a constant of main.dart.wasm and main.dart.js, not a setting). A German-first app says it in both
# of its languages; ASCII only, as the client may draw it before its font has loaded.
CLIENT_STARTUP_MESSAGE = "Working..."
STARTUP_MESSAGE = "Startet ... / Starting ..."


def _uleb(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number of ``data`` at ``at``: (value, the offset after it)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def _uleb_bytes(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _skip_reftype(data: bytes, at: int) -> int:
    """Past a value or reference type: (ref null? heaptype) is 0x63/0x64 and a heap type (s33)."""
    kind = data[at]
    at += 1
    if kind in (0x63, 0x64):
        if 0x40 <= data[at] < 0x80:
            return at + 1  # an abstract heap type, one byte
        return _uleb(data, at)[1]  # a type index
    return at


def wasm_imports(data: bytes) -> tuple[int, int, list[tuple[bytes, bytes, int, int]]]:
    """The import section of a WebAssembly module: (its offset, where its payload ends, and per
    import (module, name, where its name's length begins, where its name ends)). Every import is
    read to its end (functions, tables, memories, globals, tags), so a layout this does not know
    is an error, never a wrong offset."""
    if data[:8] != b"\0asm\x01\0\0\0":
        raise ValueError("not a WebAssembly module")
    at = 8
    while at < len(data):
        section = data[at]
        size, body = _uleb(data, at + 1)
        if section == 2:
            count, k = _uleb(data, body)
            out = []
            for _ in range(count):
                length, k = _uleb(data, k)
                module = data[k:k + length]
                k += length
                name_at = k
                length, k = _uleb(data, k)
                name = data[k:k + length]
                k += length
                out.append((module, name, name_at, k))
                kind = data[k]
                k += 1
                if kind == 0:  # function: its type
                    k = _uleb(data, k)[1]
                elif kind == 3:  # global: its type, then mutability
                    k = _skip_reftype(data, k) + 1
                elif kind in (1, 2):  # table (a reference type first) or memory: limits
                    if kind == 1:
                        k = _skip_reftype(data, k)
                    flags = data[k]
                    k = _uleb(data, k + 1)[1]  # the minimum
                    if flags & 1:
                        k = _uleb(data, k)[1]  # the maximum
                elif kind == 4:  # tag: attribute, type
                    k = _uleb(data, k + 1)[1]
                else:
                    raise ValueError(f"an import of kind {kind}")
            if k != body + size:
                raise ValueError("the import section does not end where its size says")
            return at, body + size, out
        at = body + size
    raise ValueError("no import section")


def rename_import(data: bytes, module: bytes, old: bytes, new: bytes) -> bytes:
    """``data`` with the one import ``module``/``old`` named ``new`` (dart2wasm imports each string
    constant as a global whose name is the string); the section's size follows, nothing else moves
    but the bytes after it."""
    start, end, imports = wasm_imports(data)
    found = [(a, b) for m, n, a, b in imports if m == module and n == old]
    if len(found) != 1:
        raise ValueError(f"{len(found)} imports named {old!r}")
    name_at, name_end = found[0]
    body = _uleb(data, start + 1)[1]  # past the section's id and size
    payload = data[body:name_at] + _uleb_bytes(len(new)) + new + data[name_end:end]
    return data[:start + 1] + _uleb_bytes(len(payload)) + payload + data[end:]


def patch_startup_message(out: Path) -> None:
    """The client's startup message in German and English, in both of its builds."""
    js_path = out / "main.dart.js"
    js = js_path.read_text(encoding="utf-8")
    quoted = json.dumps(CLIENT_STARTUP_MESSAGE)
    if js.count(quoted) != 1:
        sys.exit("web.sh: main.dart.js has no startup message to say in German (flet-web changed?)")
    js_path.write_text(js.replace(quoted, json.dumps(STARTUP_MESSAGE)), encoding="utf-8")
    wasm_path = out / "main.dart.wasm"
    try:
        wasm = rename_import(wasm_path.read_bytes(), b"", CLIENT_STARTUP_MESSAGE.encode(), STARTUP_MESSAGE.encode())
    except ValueError as exc:
        sys.exit(f"web.sh: main.dart.wasm: {exc} (flet-web changed?)")
    wasm_path.write_bytes(wasm)


def patch_rive(out: Path) -> None:
    """Rive's runtime from the site (``RIVE_STUB``), not the CDN: the URL in main.dart.js and .wasm is
    replaced by one of the same length (the .wasm's data segment keeps its size) that points to
    ``rive-stub/`` of the site (``././rive-stub/``: a relative URL, so a --base path works too)."""
    pad = len(RIVE_CDN) - len(RIVE_DIR)
    assert pad >= 0 and pad % 2 == 0
    local = "./" * (pad // 2) + RIVE_DIR
    for name in ("main.dart.js", "main.dart.wasm"):
        path = out / name
        data = path.read_bytes()
        if data.count(RIVE_CDN.encode()) != 1:
            sys.exit(f"web.sh: {name} has no Rive CDN URL to patch (flet-web changed?)")
        path.write_bytes(data.replace(RIVE_CDN.encode(), local.encode()))
    for variant in ("wasm", "wasm_compatibility"):  # rive_native tries these two, in this order
        stub = out / RIVE_DIR / variant / "rive_native.js"
        stub.parent.mkdir(parents=True, exist_ok=True)
        stub.write_text(RIVE_STUB, encoding="utf-8")


def site_files(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name != "sw.js")


def core_files(files: list[str]) -> list[str]:
    """What sw.js precaches on install: every file of the site but ``LOADED_ONLY``, and ``./``."""
    return ["./", *(f for f in files if not any(fnmatch.fnmatchcase(f, pat) for pat in LOADED_ONLY))]


def write_service_worker(out: Path) -> str:
    files = site_files(out)
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    sw = (HERE / "sw.js").read_text(encoding="utf-8")
    sw = (sw.replace("__VERSION__", version).replace("__CORE__", json.dumps(core_files(files), indent=1))
          .replace("__FILES__", json.dumps(["./", *files], indent=1)))
    (out / "sw.js").write_text(sw, encoding="utf-8")
    return version


SNAPSHOT_INPUTS = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.mjs",
                   "pyodide/python_stdlib.zip", APP_PACK, "pyboot.mjs")


def snapshot_key(out: Path) -> str:
    """What a start snapshot depends on (build/web/pyboot.mjs): a snapshot made under another key is
    never restored."""
    digest = hashlib.sha256()
    for rel in SNAPSHOT_INPUTS:
        digest.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


def set_snapshot(out: Path, on: bool) -> None:
    """The worker's start snapshot, on (its key) or off (no key: ``--no-snapshot``)."""
    worker = out / "python-worker.js"
    text = worker.read_text(encoding="utf-8")
    worker.write_text(text.replace('"__SNAPSHOT_KEY__"', f'"{snapshot_key(out) if on else ""}"'), encoding="utf-8")


def build(out: Path, wheels: list[Path], base: str = "/", entry: str = ENTRY,
          packages: tuple[str, ...] = APP_PACKAGES, snapshot: bool = True, preload: str = PRELOAD) -> str:
    """The whole site in ``out``; returns its version (the service worker comes last: it hashes the rest)."""
    copy_client(out)
    compile_stdlib(out)
    files = app_files(wheels, entry, packages, preload)
    pack_app(out, files)
    subset_icons(out, files)
    set_snapshot(out, snapshot)
    patch_index(out, base)
    shutil.copy(HERE / "sw-register.js", out / "sw-register.js")
    write_manifest(out)
    return write_service_worker(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the phone's static site into build/out/web/")
    parser.add_argument("--base", default="/", help="the path the site is published under (default /)")
    parser.add_argument("--no-snapshot", dest="snapshot", action="store_false",
                        help="no start snapshot: every start imports the app (pyboot.mjs)")
    args = parser.parse_args(argv)
    wheels = download_wheels()
    version = build(OUT, wheels, args.base, snapshot=args.snapshot)
    size = sum((OUT / f).stat().st_size for f in site_files(OUT))
    print(f"web.sh: {OUT.relative_to(ROOT)}/ ({size / 1e6:.1f} MB, version {version}). Try it:")
    print(f"  .venv/bin/python -m http.server -b 127.0.0.1 -d {OUT.relative_to(ROOT)} 8600"
          "   # then open http://127.0.0.1:8600/")
    return 0


def write_manifest(out: Path) -> None:
    """Installable: our manifest (name, German first, icons) and icons (``make_icons.py``)."""
    manifest = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
    (out / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")
    icons = HERE / "icons"
    for icon in icons.glob("*.png"):
        shutil.copy(icon, out / ("favicon.png" if icon.name == "favicon.png" else f"icons/{icon.name}"))
    shutil.copy(icons / "icon-192.png", out / "icons" / "loading-animation.png")  # the splash while loading
    html = (out / "index.html").read_text(encoding="utf-8")
    html = html.replace('<meta name="apple-mobile-web-app-status-bar-style" content="black">',
                        '<meta name="apple-mobile-web-app-status-bar-style" content="default">\n'
                        '  <meta name="theme-color" content="#3949AB">')
    (out / "index.html").write_text(html, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
