"""The store is the only door to SQLite.

Outside ``companion/store/`` no code of the app or its build scripts reaches into a store's
connection, lock or sqlite-utils database, runs SQL or opens SQLite itself. The one declared
exception is ``companion/screens/rules_search.py``: its own in-memory full-text index of the rules
(no game, profile or statistic; never a file), named here so that the rule stays.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FOLDERS = ("companion", "components", "scoring", "build")
STORE = "companion/store/"  # the package: opening, file lock, games and repository, values
RULES_INDEX = "companion/screens/rules_search.py"  # its own in-memory FTS index, unrelated to the game store
# the code review's grep: a store's connection, lock or database, or raw SQL
INTERNALS = re.compile(r"\.conn\b|\._lock|store\.db\b|execute\(")
SQLITE = re.compile(r"^\s*(import sqlite3|from sqlite3|import sqlite_utils|from sqlite_utils)", re.MULTILINE)


def sources() -> dict[str, str]:
    return {
        p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
        for folder in FOLDERS
        for p in sorted((ROOT / folder).rglob("*.py"))
    }


def hits(pattern: re.Pattern[str], allowed: set[str]) -> list[str]:
    out = []
    for name, text in sources().items():
        if name in allowed or name.startswith(STORE):
            continue
        for n, line in enumerate(text.splitlines(), start=1):
            if pattern.search(line):
                out.append(f"{name}:{n}: {line.strip()}")
    return out


def test_no_store_internals_or_sql_outside_the_store_and_the_declared_rules_index():
    assert hits(INTERNALS, {RULES_INDEX}) == []


def test_only_the_store_and_the_rules_index_open_sqlite():
    openers = [n for n, text in sources().items() if SQLITE.search(text)]
    assert [n for n in openers if not n.startswith(STORE)] == [RULES_INDEX]
    # the game store's two modules, and a public shard's own file of spaces (no game in it)
    assert sorted(n for n in openers if n.startswith(STORE)) == ["companion/store/games.py",
                                                                 "companion/store/opening.py",
                                                                 "companion/store/shard_index.py"]


def test_the_rules_index_says_why_it_may_keep_its_own_connection():
    doc = (ROOT / RULES_INDEX).read_text(encoding="utf-8")
    assert "in-memory SQLite database" in doc and "unrelated to the game store" in doc


def test_the_check_finds_what_the_review_found():
    """The grep is not blind: each line the code review counted is caught."""
    for line in ("with store._lock, store.conn:", 'store.db["profiles"].create(...)',
                 'rows = conn.execute("SELECT 1")', "self._lock = threading.Lock()"):
        assert INTERNALS.search(line), line
