"""What the app's HTML page needs before Flutter starts, in both modes.

The server app's page is Flet's ``index.html`` with Flet's settings patched in; the phone's site
(``build/web/build_site.py``) is the same page built once. Both get the script below first thing in
``<head>``, before Flutter's loader and Flet's ``python.js`` run.

**A valid language tag.** Flutter's web engine reads ``navigator.languages`` at start and builds an
``Intl.Locale`` from each; a browser started with ``LANG=C`` (WebKitGTK reports ``"C"``) or with an
empty tag makes that throw, and the page stays on its splash screen forever. The script keeps the
browser's valid tags and, when none is valid, gives ``de`` (the app is German first).
"""

from __future__ import annotations

import functools
import re
import tempfile
from pathlib import Path

LANG_GUARD = """<script>
// Tischrichter: Flutter builds an Intl.Locale of every navigator.languages entry at start; an invalid
// tag ("C" under LANG=C, or "") throws there and the page never leaves its splash. Keep the valid
// tags; with none, German (the app's first language).
(() => {
  const valid = (tag) => {
    try { return typeof tag === "string" && tag !== "" && new Intl.Locale(tag).baseName !== ""; }
    catch (e) { return false; }
  };
  const given = Array.from(navigator.languages || []);
  const langs = given.filter(valid);
  const first = valid(navigator.language) ? navigator.language : (langs[0] || "de");
  if (!langs.length) langs.push(first);
  if (first === navigator.language && langs.length === given.length) return;
  const frozen = Object.freeze(langs);
  Object.defineProperty(navigator, "language", { get: () => first, configurable: true });
  Object.defineProperty(navigator, "languages", { get: () => frozen, configurable: true });
})();
</script>
"""
_MARK = "<!-- tischrichter: lang guard -->"


def with_lang_guard(html: str) -> str:
    """``html`` with ``LANG_GUARD`` as the first thing in ``<head>`` (once: a second call changes nothing)."""
    if _MARK in html:
        return html
    html, n = re.subn(r"<head>", "<head>\n  " + _MARK + "\n" + LANG_GUARD, html, count=1)
    if n != 1:
        raise ValueError("the page has no <head> to put the language guard in (flet-web changed?)")
    return html


@functools.cache
def server_assets_dir() -> Path:
    """An assets folder for ``ft.run(assets_dir=...)`` that holds Flet's own ``index.html`` with the
    guard in it: Flet takes ``index.html`` from the assets folder when there is one there and patches
    its settings into that copy, so the server's page gets the guard and stays Flet's otherwise.
    Written once per process (a temporary folder; every app the process builds shares it)."""
    import flet_web

    source = Path(flet_web.__file__).resolve().parent / "web" / "index.html"
    folder = Path(tempfile.mkdtemp(prefix="tischrichter-page-"))
    (folder / "index.html").write_text(with_lang_guard(source.read_text(encoding="utf-8")), encoding="utf-8")
    return folder
