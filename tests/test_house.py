"""The shape of the house: where a thing lives, what may import what, how long a file or function
may grow, and that every comment can be read without a tracker.

``python build/import_cycles.py`` prints the cycles this test refuses; ``build/longest_functions.py``
the longest functions.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))

from import_cycles import import_cycles  # noqa: E402  (build/ is a folder of scripts, not a package)
from longest_functions import functions  # noqa: E402

PACKAGES = ("scoring", "components", "companion")
FILE_MAX = 600
REFEREE_MAX = 2000  # a game's referee (scoring/<game>.py) holds its whole rule book
FUNCTION_MAX = 80
TOP_LEVEL_MAX = 12  # modules at companion/'s top: the shell, its context, i18n, the registry, ...


def tracked(*patterns: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", *patterns], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / f for f in out if (ROOT / f).is_file()]


def test_no_import_cycles_type_only_imports_included():
    assert import_cycles(PACKAGES) == []


def test_import_cycles_are_found_where_there_is_one(tmp_path, monkeypatch):
    pkg = tmp_path / "loop"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from loop import b\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from loop import a\n")
    (pkg / "c.py").write_text("from loop import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles(("loop",)) == [["loop.a", "loop.b"]]


def test_companion_keeps_few_modules_at_its_top():
    top = sorted(p.name for p in (ROOT / "companion").glob("*.py"))
    assert len(top) <= TOP_LEVEL_MAX, top
    folders = {p.name for p in (ROOT / "companion").iterdir() if (p / "__init__.py").is_file()}
    assert {"games", "screens", "table", "records", "store", "web"} <= folders


def test_tests_mirror_the_code_folders():
    code = {p.name for p in (ROOT / "companion").iterdir() if (p / "__init__.py").is_file()}
    tests = {p.name for p in (ROOT / "tests" / "companion").iterdir() if (p / "__init__.py").is_file()}
    assert code == tests


def test_no_file_grows_past_the_house_limit():
    too_long = {}
    for path in tracked(*(f"{pkg}/*.py" for pkg in PACKAGES)):
        rel = path.relative_to(ROOT).as_posix()
        limit = REFEREE_MAX if re.fullmatch(r"scoring/(qwixx_longo|verflixxt|verlies)\.py", rel) else FILE_MAX
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            too_long[rel] = lines
    assert too_long == {}


def test_no_function_grows_past_eighty_lines():
    too_long = {}
    for path in tracked(*(f"{pkg}/*.py" for pkg in PACKAGES)):
        for name, line, n in functions(path):
            if n > FUNCTION_MAX:
                too_long[f"{path.relative_to(ROOT).as_posix()}:{line} {name}"] = n
    assert too_long == {}


# An issue's or a session's number, a numbered work round, a hash and a number, a test named after
# an issue: each points into a tracker the reader of the code does not have.
TRACKER = re.compile(
    r"(?<![a-z])issues?[ _]*#?\d|#\d+(?:\.\d+)?(?![0-9a-z])|(?<![a-z-])sessions? \d+"
    r"|(?<![a-z])round[ _](?:one|two|three|four|\d+)(?![a-z])",
    re.IGNORECASE,
)
# Where a hash before digits is a thing of its own: a colour's hex digits are excluded above; the list below holds
# the files whose words are not the project's (none yet).
NOT_OURS: set[str] = set()


def tracker_mentions(text: str) -> list[str]:
    return [m.group(0) for m in TRACKER.finditer(text)]


# The samples below are spelled apart, so this file carries no pointer of its own for a reader (or
# another tool reading the tree) to trip over.
ISSUE, SESSION, ROUND, HASH = "iss" + "ue", "sess" + "ion", "rou" + "nd", "#"


@pytest.mark.parametrize("text, found", [
    (f"# 48 px to tap ({ISSUE} 15.1)", [f"{ISSUE} 1"]),
    (f"{ISSUE.title()} {HASH}15 (4, 6): a name field", [f"{ISSUE.title()} {HASH}1"]),
    (f"see {HASH}15 (4, 6)", [f"{HASH}15"]),
    (f"BENCH.md {SESSION} 19: the list", [f"{SESSION} 19"]),
    (f"At the table, {ROUND} two", [f"{ROUND} two"]),
    (f"def test_offers_every_move_{ISSUE}_25():", [f"{ISSUE}_2"]),
    (f"tests/e2e/test_table_{ROUND}_two_e2e.py", [f"{ROUND}_two"]),
    ("color #1565C0, 48 px, 2 sessions at once, --sessions 40, rv.round", []),
])
def test_the_tracker_check_finds_what_it_should(text, found):
    assert tracker_mentions(text) == found


def test_no_comment_or_doc_points_into_a_tracker():
    found = {}
    for path in tracked():
        rel = path.relative_to(ROOT).as_posix()
        if rel in NOT_OURS or path.suffix in {".png", ".ico", ".woff2", ".ttf"}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        hits = tracker_mentions(text) + tracker_mentions(rel)
        if hits:
            found[rel] = hits[:5]
    assert found == {}


def test_module_docstrings_say_what_a_module_holds():
    missing = [p.relative_to(ROOT).as_posix() for p in tracked(*(f"{pkg}/*.py" for pkg in PACKAGES))
               if p.name != "__init__.py" and p.read_text(encoding="utf-8").strip()
               and ast.get_docstring(ast.parse(p.read_text(encoding="utf-8"))) is None]
    assert missing == []
