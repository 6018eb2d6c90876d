"""The repository stands alone: a fresh clone, with nothing beside it, has all its tests need.

- no file names an absolute path of somebody's machine (home or work folders, /tmp);
- only the "nothing pasted from the rule texts" check (tests/companion/screens/test_rules.py) looks for the
  players' rule texts beside the checkout, and it skips when they are not there.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP_DIRS = {".git", ".venv", "__pycache__", ".pytest_cache", ".hypothesis", "out"}
TEXT_SUFFIXES = {".py", ".md", ".sh", ".toml", ".txt", ".cfg", ".ini", ".json", ".yml", ".yaml", ""}
# built from parts so that this file does not match itself
MACHINE_PATH = re.compile(
    r"(?<![\w.~-])/(?:"
    + "|".join(["wo" + "rk", "ho" + "me", "Us" + "ers", "ro" + "ot", "t" + "mp", "m" + "nt", "s" + "rv"])
    + r")/|[A-Za-z]:\\\\(?:Users|work)"
)
BESIDE = re.compile(r"\.\./" + "sha" + "red|[\"']" + "sha" + "red[\"']")
ALLOWED_BESIDE = {"tests/companion/screens/test_rules.py"}


def repo_files() -> dict[str, str]:
    out = {}
    for p in sorted(ROOT.rglob("*")):
        rel = p.relative_to(ROOT)
        if any(part in SKIP_DIRS or (part.startswith(".") and part != ".ci") for part in rel.parts[:-1]):
            continue
        if p.is_file() and not p.is_symlink() and p.suffix in TEXT_SUFFIXES and not p.name.startswith("."):
            try:
                out[rel.as_posix()] = p.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
    return out


def test_the_scan_sees_the_repository():
    files = repo_files()
    assert {"README.md", "docs/rulings.md", "scoring/verflixxt.py", "tests/companion/screens/test_rules.py",
            ".ci/run"} <= set(files)


def test_no_absolute_path_of_a_machine():
    found = sorted(f"{rel}:{text[:m.start()].count(chr(10)) + 1}: {m.group(0)}"
                   for rel, text in repo_files().items() for m in MACHINE_PATH.finditer(text))
    assert found == []


def test_only_the_paste_check_looks_beside_the_checkout():
    found = sorted(rel for rel, text in repo_files().items() if BESIDE.search(text) and rel not in ALLOWED_BESIDE)
    assert found == []


def test_the_patterns_catch_what_they_are_for():
    assert MACHINE_PATH.search('Path("/' + 'work/shared/rules")') and MACHINE_PATH.search("see /" + "home/ana/x")
    assert MACHINE_PATH.search('path=f"/' + 'tmp/fail.png"') and MACHINE_PATH.search("C:\\" + "\\Users\\ana")
    assert not MACHINE_PATH.search("/usr/bin/chromium") and not MACHINE_PATH.search("tests/e2e/work/x")
    assert BESIDE.search('ROOT.parent / "' + 'sha' + 'red" / "rules"') and BESIDE.search("../" + "shared/rules/X.md")
    assert not BESIDE.search("one shared AppContext")
