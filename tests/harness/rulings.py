"""The project's rulings list, ``docs/rulings.md``, read the way the tests need it.

Everything here reads files inside the repository only; the players' rule texts
beside a checkout are not needed (``tests/companion/screens/test_rules.py`` reads them
for its "nothing pasted" check when they happen to be there).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rulings.md"
PREFIXES = ("q8", "vx", "rv")
GAME_OF_PREFIX = {"q8": "qwixx-longo", "vx": "verflixxt", "rv": "raus-aus-dem-verlies"}

RULING_LINE = re.compile(r"^- \*\*((?:q8|vx|rv)(?:\.[a-z0-9_]+)+)\*\*: (\S.*)$")
HEADING = re.compile(r"^#{2,3} .*— prefix `((?:q8|vx|rv)(?:\.[a-z0-9_]+)*)`\s*$")
OPTION = re.compile(r"\*option\* `([a-z_]+)`, default `([^`]+)`")
# an id the code cites: q8.white, vx.wurm.bite ... (not followed by a further word part)
CITED_ID = re.compile(r"\b((?:q8|vx|rv)(?:\.[a-z0-9_]+)+)\b")


@dataclass
class Ruling:
    id: str
    text: str
    section: str  # the prefix of the heading it stands under
    options: dict[str, str] = field(default_factory=dict)  # option field -> default as written


@dataclass
class RulingsDoc:
    rulings: dict[str, Ruling]
    sections: list[str]
    problems: list[str]  # shape errors, each naming its line

    @property
    def ids(self) -> set[str]:
        return set(self.rulings)


def read(text: str | None = None) -> RulingsDoc:
    """Parse docs/rulings.md (or ``text``); shape errors are collected, not raised."""
    text = DOC.read_text(encoding="utf-8") if text is None else text
    rulings: dict[str, Ruling] = {}
    sections: list[str] = []
    problems: list[str] = []
    section: str | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith(("## ", "### ")):
            m = HEADING.match(line)
            section = m.group(1) if m else None
            if m:
                sections.append(section)
            continue
        if section is None:
            continue  # the introduction
        if not line.startswith("- "):
            if line.strip():
                problems.append(f"line {n}: text between rulings: {line[:40]!r}")
            continue
        m = RULING_LINE.match(line)
        if not m:
            problems.append(f"line {n}: not '- **id**: text': {line[:40]!r}")
            continue
        rid, body = m.groups()
        if rid in rulings:
            problems.append(f"line {n}: {rid} twice")
        if not rid.startswith(section + ".") or rid.count(".") != section.count(".") + 1:
            problems.append(f"line {n}: {rid} under the heading of prefix {section}")
        rulings[rid] = Ruling(rid, body, section, dict(OPTION.findall(body)))
    return RulingsDoc(rulings, sections, problems)


def engine_ids() -> dict[str, str]:
    """Ruling ids cited in scoring/*.py (docstrings, comments, refusals), with a file citing each."""
    found: dict[str, str] = {}
    for p in sorted((ROOT / "scoring").glob("*.py")):
        for m in CITED_ID.finditer(p.read_text(encoding="utf-8")):
            found.setdefault(m.group(1), p.relative_to(ROOT).as_posix())
    return found
