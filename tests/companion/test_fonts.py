"""Every character a screen may show is one the offline web client can draw.

The Flet web client bundles Roboto (and the icon fonts, which draw icons, not
text); any other character is fetched from a font CDN at run time and shows
as an empty box offline. This test reads Roboto's character map with
fontTools from the flet-web package itself and checks

- every text of every i18n table (companion.i18n STRINGS with every plural
  form, scoring.texts REFUSALS), both languages;
- every rules text (companion.screens.rules_text), both languages;
- every string literal in the Python source of companion/ and components/
  (labels, marks, separators built in screen code; docstrings excluded).

Characters still in others' screen code are listed per file in
``SOURCE_ALLOWLIST`` (the list only shrinks: a fixed file gives a warning).
"""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import pytest

from tests.companion.test_i18n import LANGS, REFUSALS, STRINGS  # noqa: F401 (imports every table)

fontTools = pytest.importorskip("fontTools.ttLib")

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("companion", "components")

# --- allowlist: characters Roboto lacks, still in others' files (the lead empties it after merging) ---
SOURCE_ALLOWLIST: dict[str, str] = {
}
# never drawn: characters that only guard data, not words on a screen (stays)
NOT_SHOWN: dict[str, str] = {
    # _FORMULA_START: fullwidth formula starters a CSV cell is guarded against
    "companion/records/backup.py": "＋－＝＠",
}


def roboto_files() -> list[Path]:
    import flet_web

    web = Path(flet_web.__file__).resolve().parent / "web"
    return sorted(p for p in web.rglob("*") if p.name.lower().startswith("roboto")
                  and p.suffix.lower() in (".ttf", ".otf", ".woff", ".woff2"))


def roboto_cmap() -> set[int]:
    cps: set[int] = set()
    for path in roboto_files():
        font = fontTools.TTFont(str(path))
        cps |= set(font.getBestCmap())
    return cps


CMAP = roboto_cmap()


def missing(text: str) -> str:
    """The characters of ``text`` Roboto cannot draw (control characters like \\n are layout, not glyphs)."""
    return "".join(sorted({c for c in text if ord(c) >= 0x20 and ord(c) not in CMAP}))


def test_the_bundled_roboto_is_found_and_read():
    assert roboto_files(), "flet-web ships no Roboto?"
    assert {ord(c) for c in "AZaz09äöüÄÖÜß€–—·…„“"} <= CMAP
    assert ord("✕") not in CMAP and ord("🔒") not in CMAP  # marks once seen as empty boxes offline
    assert missing("Ana: 1 Punkt\n") == "" and missing("Rot ✕ 🔒") == "✕🔒"


def _table_texts(table: dict) -> list[tuple[str, str]]:
    from scoring.texts import variants

    return [(f"{key} ({lang})", t) for key, langs in table.items() for lang in LANGS for t in variants(langs[lang])]


@pytest.mark.parametrize("name", ["STRINGS", "REFUSALS"])
def test_every_i18n_text_is_drawable(name):
    table = {"STRINGS": STRINGS, "REFUSALS": REFUSALS}[name]
    bad = [f"{where}: {missing(t)!r} in {t!r}" for where, t in _table_texts(table) if missing(t)]
    assert bad == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_rules_text_is_drawable(lang):
    from companion.screens.rules_text import all_texts

    bad = [f"{missing(t)!r} in {t[:80]!r}" for t in all_texts(lang) if missing(t)]
    assert bad == []


def _docstring_ids(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                out.add(id(first.value))
    return out


def source_findings() -> dict[str, str]:
    """file -> the characters Roboto lacks in its string literals (docstrings left out)."""
    out: dict[str, str] = {}
    for d in SCANNED:
        for path in sorted((ROOT / d).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skip = _docstring_ids(tree)
            chars = "".join(
                missing(n.value) for n in ast.walk(tree)
                if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip
            )
            if chars:
                out[path.relative_to(ROOT).as_posix()] = "".join(sorted(set(chars)))
    return out


def test_no_undrawable_character_in_screen_code():
    found = {f: "".join(c for c in chars if c not in NOT_SHOWN.get(f, "")) for f, chars in source_findings().items()}
    new = {f: "".join(c for c in chars if c not in SOURCE_ALLOWLIST.get(f, "")) for f, chars in found.items()}
    assert {f: c for f, c in new.items() if c} == {}
    stale = {f: "".join(c for c in chars if c not in found.get(f, "")) for f, chars in SOURCE_ALLOWLIST.items()}
    stale = {f: c for f, c in stale.items() if c}
    if stale:
        warnings.warn(f"SOURCE_ALLOWLIST: fixed now, remove {stale}", stacklevel=1)
