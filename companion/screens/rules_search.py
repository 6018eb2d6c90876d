"""Search across the rules of every game: SQLite FTS5 through sqlite-utils, tolerant of phone typing.

- Documents: every entry of ``companion.screens.rules_text`` (both languages in one
  row, so "guard" and "wachter" find the same entry) and every section intro.
- Normalisation (index and query alike): lowercase, ß → ss, umlauts folded
  both ways (ä → a *and* ae, so "wachter", "waechter" and "Wächter" meet),
  other accents dropped.
- Query: each typed word becomes an OR group of FTS terms: the word itself,
  the word as a prefix (typing is in progress), vocabulary words holding it
  inside (German compounds: "tafel" finds "Glückstafel"), and vocabulary
  words (or word beginnings) one typo away (a cheap linear check, no table
  scan in SQL). Groups are ANDed; when that finds nothing they are ORed.
- Ranking: FTS5 bm25 with column weights (title ≫ rule id > text > example),
  plus a bonus for words matched exactly.

``search(query)`` returns ``Hit``s, best first; ``index()`` is the shared,
lazily built, thread-safe index (built in ~20 ms, one query well under 5 ms).

This index is its own in-memory SQLite database, built from ``rules_text`` at
start and never written to a file: it holds no game, profile or statistic and
is unrelated to the game store. It is therefore the one declared exception to
"the store is the only door to SQLite", and it keeps its own
connection; tests/companion/store/test_store_only_door.py names it.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import sqlite_utils

from companion import registry
from companion.game_hooks import GameRules
from companion.screens.rules_text import GAMES, section_ref

FOLD_PLAIN = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "æ": "ae", "œ": "oe"})
FOLD_AE = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
WORD = re.compile(r"[a-z0-9]+")
STOPWORDS = frozenset(
    "der die das ein eine einen einem einer und oder ich du er sie es wir ihr mit von zu im in am an auf ist "
    "darf kann wann warum wie was wer den dem des nicht noch nur auch man mein meine "
    "the a an and or i you he she it we they of to in on at is may can when why how what who this that "
    "not my do does".split()
)
# column weights for bm25: ref, kind, game are not indexed; title, rid, body, extra are
WEIGHTS = (10.0, 6.0, 2.0, 1.0)


def _strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def fold(text: str) -> str:
    """'Wächter-Straße' -> 'wachter-strasse' (the form a phone keyboard without umlauts gives)."""
    return _strip_accents(unicodedata.normalize("NFC", text).lower().translate(FOLD_PLAIN))


def words(text: str) -> list[str]:
    return WORD.findall(fold(text))


def index_words(text: str) -> str:
    """Both foldings of every word: 'Wächter' -> 'wachter waechter'."""
    low = unicodedata.normalize("NFC", text).lower()
    plain = WORD.findall(fold(low))
    ae = WORD.findall(_strip_accents(low.translate(FOLD_AE)))
    out = list(plain)
    out += [w for w in ae if w not in set(plain)]
    return " ".join(out)


def within_one(a: str, b: str) -> bool:
    """Optimal string alignment distance ≤ 1 (one insertion, deletion, substitution or swap)."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    i = 0
    n = min(la, lb)
    while i < n and a[i] == b[i]:
        i += 1
    if la == lb:
        if a[i + 1:] == b[i + 1:]:
            return True  # substitution
        return i + 1 < la and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2:] == b[i + 2:]  # swap
    if la > lb:
        return a[i + 1:] == b[i:]
    return a[i:] == b[i + 1:]


@dataclass(frozen=True)
class Hit:
    ref: str  # an entry's rule id, or a section's "game#key"
    kind: str  # "entry" | "section"
    game: str
    score: float


class RulesIndex:
    def __init__(self, games: dict[str, GameRules] | None = None) -> None:
        self._lock = threading.Lock()
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        self.db = sqlite_utils.Database(conn)
        rows = []
        for g in (games or GAMES).values():
            for s in g.sections:
                rows.append(
                    {
                        "ref": section_ref(g.id, s.key),
                        "kind": "section",
                        "game": g.id,
                        "title": index_words(" ".join(s.title.values()) + " " + " ".join(g.title.values())),
                        "rid": "",
                        "body": index_words(" ".join(s.intro.values())),
                        "extra": "",
                    }
                )
                for e in s.entries:
                    extra = [*e.example.values()]
                    for o in e.options:
                        extra += [o.key.replace("_", " "), *o.title.values(), *o.meaning.values()]
                    rows.append(
                        {
                            "ref": e.id,
                            "kind": "entry",
                            "game": g.id,
                            "title": index_words(" ".join(e.title.values())),
                            "rid": index_words(e.id.replace(".", " ") + " " + e.id.replace(".", "")),
                            "body": index_words(" ".join(e.text.values())),
                            "extra": index_words(" ".join(extra)),
                        }
                    )
        docs = self.db.table("docs")
        docs.insert_all(rows, pk="ref")
        docs.enable_fts(["title", "rid", "body", "extra"], fts_version="FTS5", tokenize="unicode61")
        self.db.execute("CREATE VIRTUAL TABLE docs_vocab USING fts5vocab(docs_fts, 'row')")
        self.vocab: tuple[str, ...] = tuple(r[0] for r in self.db.execute("SELECT term FROM docs_vocab"))
        self._vocab_set = frozenset(self.vocab)
        self.size = len(rows)
        self._title_words = {r["ref"]: set(r["title"].split()) | set(r["rid"].split()) for r in rows}

    # --- query expansion -----------------------------------------------------------------
    @lru_cache(maxsize=4096)  # noqa: B019 - one index per process (index()), never freed anyway
    def expand(self, term: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(whole-word FTS terms, prefix terms) that stand for one typed word."""
        exact: set[str] = set()
        prefixes: set[str] = {term}
        if term in self._vocab_set:
            exact.add(term)
        n = len(term)
        if n >= 4:
            for w in self.vocab:
                if term in w:  # inside a compound: "tafel" -> "gluckstafel"
                    exact.add(w)
                elif abs(len(w) - n) <= 1 and within_one(term, w):
                    exact.add(w)  # one typo in a whole word
                elif len(w) > n and (
                    within_one(term, w[:n]) or within_one(term, w[: n + 1]) or within_one(term, w[: n - 1])
                ):
                    exact.add(w)  # one typo in a word still being typed
        return tuple(sorted(exact)), tuple(sorted(prefixes))

    def _group(self, term: str) -> str:
        exact, prefixes = self.expand(term)
        parts = [f'"{w}"' for w in exact] + [f'"{p}"*' for p in prefixes]
        return "(" + " OR ".join(parts) + ")"

    # --- search ------------------------------------------------------------------------------
    def search(self, query: str, limit: int = 10, game: str | None = None) -> list[Hit]:
        terms = [w for w in words(query or "") if len(w) >= 2 or w.isdigit()]
        if len(terms) > 1:
            terms = [w for w in terms if w not in STOPWORDS] or terms
        terms = list(dict.fromkeys(terms))[:8]
        if not terms:
            return []
        groups = [self._group(t) for t in terms]
        hits = self._run(" AND ".join(groups), terms, limit, game)
        if not hits and len(groups) > 1:
            hits = self._run(" OR ".join(groups), terms, limit, game)
        return hits

    def _run(self, match: str, terms: list[str], limit: int, game: str | None) -> list[Hit]:
        sql = (
            "SELECT docs.ref, docs.kind, docs.game, bm25(docs_fts, ?, ?, ?, ?) AS rank "
            "FROM docs_fts JOIN docs ON docs.rowid = docs_fts.rowid WHERE docs_fts MATCH ?"
        )
        params: list[float | str] = [*WEIGHTS, match]
        if game:
            sql += " AND docs.game = ?"
            params.append(game)
        sql += " ORDER BY rank LIMIT ?"
        params.append(max(limit * 3, 20))
        with self._lock:
            rows = list(self.db.execute(sql, params).fetchall())
        hits = []
        for ref, kind, g, rank in rows:
            score = -rank
            titles = self._title_words[ref]
            for t in terms:
                if t in titles:
                    score += 5.0  # the typed word is the entry's own word (title or id)
                elif any(w.startswith(t) for w in titles):
                    score += 2.0
            if kind == "section":
                score -= 1.0
            hits.append(Hit(ref, kind, g, score))
        hits.sort(key=lambda h: -h.score)
        return hits[:limit]


_INDEX: tuple[int, RulesIndex] | None = None  # (registry version it was built for, index)
_INDEX_LOCK = threading.Lock()


def index() -> RulesIndex:
    """The index over every registered game's rules (built again when a game is registered)."""
    global _INDEX
    GAMES.get("table")  # the built-in games register on first use
    v = registry.version()
    if _INDEX is None or _INDEX[0] != v:
        with _INDEX_LOCK:
            if _INDEX is None or _INDEX[0] != v:
                _INDEX = (v, RulesIndex())
    return _INDEX[1]


def search(query: str, limit: int = 10, game: str | None = None) -> list[Hit]:
    return index().search(query, limit, game)
