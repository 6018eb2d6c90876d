"""The translation tables: complete, consistent, used, and the only source of words on screen.

- every key of ``companion.i18n.STRINGS`` (after importing every companion
  module, so each screen family's ``add_strings`` has run) has non-empty German
  and English text with the same ``{placeholders}``;
- every refusal code of ``scoring.texts.REFUSALS`` (after importing the three
  rule modules and the companion) likewise; and every code a ``Refusal(...)`` /
  ``InvalidInput(...)`` in scoring/ or companion/ raises with a literal code has
  words;
- no key is unused: its string literal appears in companion/ or components/
  outside a translation table, or an f-string there can build it (see
  ``fstring_patterns``);
- no user-visible literal is handed straight to a control (AST scan, see
  ``hard_coded_words``).

Known offenders that are not ours to fix are listed in the ALLOWLIST constants
below, so the suite stays green while they are reported; an allowlist entry
that no longer offends gives a warning (remove it: the list only shrinks).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import string
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("companion", "components")  # where the screens live

# --- allowlists (report these; remove an entry when its file is fixed) -----------------------
# STRINGS keys that no screen uses (found 2026-11-29; the files belong to others):
UNUSED_KEYS_ALLOWLIST: set[str] = set()
# hard-coded words handed to controls: "path/file.py:line: text"
HARD_CODED_ALLOWLIST: set[str] = set()
# refusal codes raised with a literal code but without words
MISSING_REFUSAL_ALLOWLIST: set[str] = set()


def _stale(name: str, entries: set[str]) -> None:
    """Fixed offenders still on an allowlist: a warning, not a failure (others fix their files)."""
    if entries:
        warnings.warn(f"{name}: fixed now, remove {sorted(entries)}", stacklevel=2)


def _import_everything() -> None:
    """Every module that may add strings or refusal texts (add_strings / add_texts run on import)."""
    import companion
    import companion.app as app

    for mod in pkgutil.walk_packages(companion.__path__, "companion."):
        if mod.name.endswith("__main__"):
            continue
        importlib.import_module(mod.name)
    app.load_extensions()
    from companion import registry

    registry.check()  # every game's screen module imported (each registers itself)
    for name in ("scoring.qwixx_longo", "scoring.verflixxt", "scoring.verlies"):
        importlib.import_module(name)


_import_everything()

from companion.i18n import LANGS, STRINGS, tr  # noqa: E402
from scoring.texts import REFUSALS, refusal_text, variants  # noqa: E402


def placeholders(text: str) -> set[str]:
    """Field names of a str.format template ("{name}'s turn" -> {"name"}); '{{' is no field."""
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def _forms(text: object) -> list[str] | None:
    """The texts of one language's entry: itself, or its plural forms (None if it is neither)."""
    if isinstance(text, str):
        return [text]
    if isinstance(text, dict) and "other" in text and all(isinstance(v, str) for v in text.values()):
        return variants(text)
    return None


def _table_problems(table: dict[str, dict[str, object]]) -> list[str]:
    """Both languages, non-empty, same placeholders in every language and every plural form."""
    problems = []
    for key, langs in sorted(table.items()):
        texts = [_forms(langs.get(lang)) for lang in LANGS]
        for lang, forms in zip(LANGS, texts):
            if not forms or not all(f.strip() for f in forms):
                problems.append(f"{key}: no {lang} text")
        if all(texts):
            try:
                fields = [placeholders(f) for forms in texts for f in forms]
            except ValueError as exc:
                problems.append(f"{key}: broken template ({exc})")
                continue
            if any(f != fields[0] for f in fields):
                problems.append(
                    f"{key}: placeholders differ "
                    + ", ".join(
                        f"{lang}={[sorted(placeholders(f)) for f in forms]}" for lang, forms in zip(LANGS, texts)
                    )
                )
        for lang in LANGS:
            text = langs.get(lang)
            if isinstance(text, dict) and text.get("count", "n") not in placeholders(text["other"]):
                problems.append(f"{key}: {lang} plural forms follow {text.get('count', 'n')!r}, which the text does "
                                 f"not show")
    return problems


def test_strings_complete_in_both_languages():
    assert LANGS == ("de", "en")
    assert len(STRINGS) > 50
    assert _table_problems(STRINGS) == []


def test_refusal_texts_complete_in_both_languages():
    assert {"bad_action", "q8_not_white_sum", "nothing_to_undo"} <= set(REFUSALS)
    assert _table_problems(REFUSALS) == []


def test_placeholders_helper():
    assert placeholders("{name}'s turn · roll {turn}") == {"name", "turn"}
    assert placeholders("{{literal}} {a.b} {c[0]}") == {"a", "c"}
    assert placeholders("none") == set()


# --- source scanning -----------------------------------------------------------------------
def _sources(*dirs: str) -> list[Path]:
    return sorted(p for d in dirs for p in (ROOT / d).rglob("*.py"))


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _is_translation_table(node: ast.AST) -> bool:
    """A dict literal {key: {"de": ..., "en": ...}, ...}: where words are defined, not used."""
    if not isinstance(node, ast.Dict) or not node.values:
        return False
    for v in node.values:
        if not isinstance(v, ast.Dict):
            return False
        inner = {k.value for k in v.keys if isinstance(k, ast.Constant)}
        if not set(LANGS) <= inner:
            return False
    return True


def _definition_nodes(tree: ast.Module) -> set[int]:
    """ids of the key constants of every translation table in ``tree``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if _is_translation_table(node):
            for sub in node.keys:
                for n in ast.walk(sub):
                    out.add(id(n))
    return out


def string_literals(tree: ast.Module) -> set[str]:
    """Every plain string constant that is not a translation table's key (nor an f-string's piece)."""
    skip = _definition_nodes(tree)
    in_fstring = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    return {
        n.value for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip and id(n) not in in_fstring
    }


KEY_PREFIX = re.compile(r"^[a-z][a-z0-9_]*[._]")


def fstring_patterns(tree: ast.Module) -> list[re.Pattern[str]]:
    """f-strings that can build a key, as regexes: f"q8.opt.{key}" -> ``q8\\.opt\\..+``.

    The literal pieces are matched exactly, each ``{...}`` as one or more
    characters. Only f-strings that *begin* with a literal key-like prefix
    (lowercase identifier followed by '.' or '_': "q8.color.", "game.", "db_")
    count, so that f"{label} −" or f"{a}{b}" cannot claim every key. A key is
    used if any such pattern matches it completely. This is stricter than
    "the key's prefix up to its last '.' appears in an f-string" (the
    f-string's literal tail must match too, e.g. f"db_{why}_kept") and also
    covers keys without dots built the same way. ``"q8.opt." + key`` counts
    like f"q8.opt.{key}".
    """
    out = []
    for node in ast.walk(tree):
        # "q8.opt." + key: the same as f"q8.opt.{key}"
        if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant)
                and isinstance(node.left.value, str) and KEY_PREFIX.match(node.left.value)):
            out.append(re.compile(re.escape(node.left.value) + ".+"))
            continue
        if not isinstance(node, ast.JoinedStr) or not node.values:
            continue
        first = node.values[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str) and KEY_PREFIX.match(first.value)):
            continue
        parts = [re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in node.values]
        out.append(re.compile("".join(parts)))
    return out


def _usage_index() -> tuple[set[str], list[re.Pattern[str]]]:
    literals: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for path in _sources(*SCANNED):
        tree = _parse(path)
        literals |= string_literals(tree)
        patterns += fstring_patterns(tree)
    return literals, patterns


def unused_keys() -> set[str]:
    literals, patterns = _usage_index()
    return {k for k in STRINGS if k not in literals and not any(p.fullmatch(k) for p in patterns)}


def test_fstring_patterns_helper():
    tree = ast.parse(
        't(f"q8.color.{c}")\nt(f"db_{why}_kept")\nText(f"{label} −")\nx = {"a.b": {"de": "A", "en": "A"}}\n'
        'y = "a.c"\nt("rv.short." + attr)\n'
    )
    pats = fstring_patterns(tree)
    assert any(p.fullmatch("rv.short.mind") for p in pats)
    assert any(p.fullmatch("q8.color.red") for p in pats)
    assert any(p.fullmatch("db_corrupt_kept") for p in pats)
    assert not any(p.fullmatch("db_corrupt") for p in pats)
    assert not any(p.fullmatch("q8.colorless") for p in pats)
    assert len(pats) == 3  # f"{label} −" claims nothing
    assert "a.b" not in string_literals(tree) and "a.c" in string_literals(tree)


def test_no_unused_keys():
    unused = unused_keys()
    assert sorted(unused - UNUSED_KEYS_ALLOWLIST) == [], "keys in STRINGS that no screen uses"
    _stale("UNUSED_KEYS_ALLOWLIST", UNUSED_KEYS_ALLOWLIST - unused)


# --- hard-coded words -----------------------------------------------------------------------
TEXT_CALLS = {"Text", "big_button"}
WORD_KEYWORDS = {"content", "text", "label", "tooltip", "title", "hint_text", "helper_text", "semantics_label", "value"}
LETTER_RUN = re.compile(r"[^\W\d_]{2,}")  # two or more letters in a row: a word, not "S", "✕", "–", "3+1"


def _words(node: ast.AST) -> str | None:
    """The visible literal text of ``node`` if it holds a word (a str constant, or an f-string's literal pieces)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    else:
        return None
    if len(text.strip()) <= 2 or not LETTER_RUN.search(text):
        return None
    return text


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def hard_coded_words(tree: ast.Module, rel: str) -> list[str]:
    """Literal words given to controls.

    Flagged: the first positional argument of ``Text(...)`` / ``big_button(...)``;
    ``content=`` of any ``*Button(...)``; and ``text=``/``label=``/``tooltip=``/
    ``title=``/``hint_text=``/... keywords of any control call (a name starting
    with a capital, or big_button). A literal counts when, stripped, it is longer
    than two characters and holds a run of two letters (so "–", "✕", "S", "Z",
    "🔒" and f"{label}: {value}" pass). ``value=`` of Radio/Dropdown options is
    data, not words: skipped for those.
    """
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        hits: list[ast.AST] = []
        if name in TEXT_CALLS and node.args:
            hits.append(node.args[0])
        is_control = name in TEXT_CALLS or (
            name[:1].isupper() and name not in {"Refusal", "InvalidInput", "StoreError", "Notice"}
        )
        if is_control:
            for kw in node.keywords:
                if (
                    kw.arg == "content"
                    and name.endswith("Button")
                    or kw.arg in WORD_KEYWORDS - {"content", "value"}
                    or kw.arg == "value"
                    and name in {"Text", "TextField"}
                ):
                    hits.append(kw.value)
        for h in hits:
            text = _words(h)
            if text is not None:
                out.append(f"{rel}:{h.lineno}: {text}")
    return out


def all_hard_coded() -> set[str]:
    found: set[str] = set()
    for path in _sources(*SCANNED):
        rel = path.relative_to(ROOT).as_posix()
        found |= set(hard_coded_words(_parse(path), rel))
    return found


def test_hard_coded_helper():
    src = ('ft.Text("Hallo Welt")\nft.Text("–")\nft.Text("S")\nbig_button("Würfeln", f)\nft.Text(t("x"))\n'
           'ft.TextButton(content="Schließen")\nft.Text(f"{label}: {value}")\nft.Text(f"Wurf {n}")\n'
           'ft.IconButton(tooltip="Start")\nft.Radio(value="white", label=t("w"))\nft.Text(" ✕ ")\n')
    found = hard_coded_words(ast.parse(src), "x.py")
    assert found == ["x.py:1: Hallo Welt", "x.py:4: Würfeln", "x.py:6: Schließen", "x.py:8: Wurf ",
                     "x.py:9: Start"]


def _strip_line(entry: str) -> str:
    """ "file:12: text" -> "file: text": allowlist entries survive unrelated edits above them."""
    path, _, rest = entry.partition(":")
    _, _, text = rest.partition(": ")
    return f"{path}: {text}"


def test_no_hard_coded_words_on_controls():
    found = {_strip_line(e): e for e in all_hard_coded()}
    allowed = {_strip_line(e) for e in HARD_CODED_ALLOWLIST}
    assert sorted(v for k, v in found.items() if k not in allowed) == [], "words must come from companion.i18n"
    _stale("HARD_CODED_ALLOWLIST", allowed - set(found))


# --- refusal codes raised without words ---------------------------------------------------------
def raised_codes() -> dict[str, str]:
    """Literal codes of Refusal(rule, code, ...) and InvalidInput(code, ...) calls: code -> where."""
    out: dict[str, str] = {}
    for path in _sources("scoring", *SCANNED):
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(_parse(path)):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            pos = {"Refusal": 1, "InvalidInput": 0}.get(name)
            if pos is None or len(node.args) <= pos:
                continue
            arg = node.args[pos]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.setdefault(arg.value, f"{rel}:{node.lineno}")
    return out


def test_every_raised_code_has_words():
    codes = raised_codes()
    assert "q8_not_white_sum" in codes
    missing = {c for c in codes if c not in REFUSALS}
    assert sorted(f"{c} ({codes[c]})" for c in missing - MISSING_REFUSAL_ALLOWLIST) == []
    _stale("MISSING_REFUSAL_ALLOWLIST", MISSING_REFUSAL_ALLOWLIST - missing)


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_formats_with_its_own_placeholders(lang):
    """Formatting with dummy values never raises (no stray braces)."""
    for table in (STRINGS, REFUSALS):
        for langs in table.values():
            for text in variants(langs[lang]):
                text.format(**{f: "x" for f in placeholders(text)})


# --- plural forms: one mechanism, Babel's plural rules ---------------------------------------------
def test_plural_forms_pick_by_count_in_both_languages():
    """'1 Punkte' / '1 points' was the old text for every count: the form follows the number now."""
    assert [tr("de", "q8.play.points", points=p) for p in (1, -1, 0, 5)] == [
        "1 Punkt",
        "−1 Punkt",
        "0 Punkte",
        "5 Punkte",
    ]
    assert [tr("en", "q8.play.points", points=p) for p in (1, -1, 0, 5)] == [
        "1 point",
        "−1 point",
        "0 points",
        "5 points",
    ]
    assert tr("de", "home.resume_item", game="Qwixx Longo", players="Ana, Ben", actions=1) == ("Qwixx Longo: Ana, Ben "
                                                                                               "· 1 Zug")
    assert tr("en", "home.resume_item", game="Qwixx Longo", players="Ana, Ben", actions=1) == ("Qwixx Longo: Ana, Ben "
                                                                                               "· 1 move")
    assert tr("de", "home.resume_item", game="Qwixx Longo", players="Ana", actions=12) == "Qwixx Longo: Ana · 12 Züge"


def test_refusals_use_the_same_plural_forms():
    """The referee's words count the same way (q8.lock: 'mit nur 1 Kreuzen davor' was wrong)."""
    assert refusal_text("q8_sheet_lock_early", "de", name="Ana", number=2, color="Rot", have=1, need=5) == (
        "Ana: Schlossfeld 2 in Rot mit nur 1 Kreuz davor (nötig 5).")
    assert refusal_text("q8_sheet_lock_early", "en", name="Ana", number=2, color="red", have=1, need=5) == (
        "Ana: lock field 2 in red with only 1 cross before it (5 needed).")
    assert refusal_text("q8_lucky_count", "en", players=1, given=0) == "Two lucky numbers for the 1 sheet (given: 0)."
    assert refusal_text("q8_lucky_count", "en", players=3, given=2) == ("Two lucky numbers for each of the 3 sheets "
                                                                        "(given: 2).")
    assert tr("en", "server.short_token", n=1, min=16) == (
        "The token (--token / TISCHRICHTER_TOKEN) is 1 character long; it needs at least 16.")


def test_table_problems_checks_plural_entries():
    good = {"k": {"de": {"one": "{n} Punkt", "other": "{n} Punkte"}, "en": {"one": "{n} point", "other": "{n} points"}}}
    assert _table_problems(good) == []
    bad = {"k": {"de": {"one": "{n} Punkt", "other": "{x} Punkte"}, "en": {"one": "{n} point", "other": "{n} points"}}}
    assert _table_problems(bad) and _table_problems(bad)[0].startswith("k: placeholders differ")
    wrong_count = {"k": {"de": {"count": "m", "one": "{n} Punkt", "other": "{n} Punkte"}, "en": "{n} points"}}
    assert _table_problems(wrong_count) == ["k: de plural forms follow 'm', which the text does not show"]
