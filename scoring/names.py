"""When two seat names are one name, and which characters a name may not hold.

Two seats at one table must be told apart on every screen, so names are compared by a key
(``name_key``), not as typed:

1. characters that draw nothing are dropped: Unicode's format characters (category Cf: zero-width
   space and joiners, soft hyphen, direction marks, ...), the letters that draw blank
   (``engine._BLANK_LETTERS``) and the variation selectors;
2. NFKC (full-width, circled, mathematical letters become plain ones), then case folding (``ß`` is
   ``ss``, ``Ana`` is ``ana``), spaces collapsed;
3. common confusables folded: a letter of another script that Unicode's confusables list
   (UTS 39, ``confusables.txt``, as the ``confusable-homoglyphs`` package ships it) gives as looking
   like one ASCII character becomes that character (Cyrillic ``а`` is ``a``, Greek ``ο`` is ``o``).
   Accents stay: the key works on the decomposed text (NFD) and the marks are no confusables of an
   ASCII character, so ``Jürgen`` and ``Jurgen`` stay two names. ASCII itself is never folded
   (``Al`` and ``AI`` are two names at a table).

The bidirectional embedding, override and isolate characters (U+202A-U+202E, U+2066-U+2069) turn
the text around them (``"\\u202eanA"`` shows as ``Ana``): a name with one is refused, not cleaned.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")  # as scoring.engine keeps them


def has_bidi_control(name: str) -> bool:
    """True when the name holds a character that reorders the text around it."""
    return any(c in BIDI_CONTROLS for c in name)


def draws_nothing(c: str) -> bool:
    """True for a character that shows nothing: a format character (zero-width space, byte order
    mark, joiners, direction marks), a blank letter or a variation selector."""
    o = ord(c)
    return (unicodedata.category(c) == "Cf" or c in _BLANK_LETTERS or 0xFE00 <= o <= 0xFE0F
            or 0xE0100 <= o <= 0xE01EF or 0x180B <= o <= 0x180F)


@cache
def _confusables() -> dict[str, list[dict[str, str]]]:
    """UTS 39's confusables (both directions), loaded once, on the first name compared."""
    from confusable_homoglyphs.utils import load  # type: ignore[import-untyped]

    data: dict[str, list[dict[str, str]]] = load("confusables.json")
    return data


def _prefer(c: str) -> tuple[bool, bool, bool, str]:
    # a lower-case letter first, then any letter, then a digit, then the rest; ties by the character
    return (not (c.isalpha() and c.islower()), not c.isalpha(), not c.isdigit(), c)


@cache
def _fold(c: str) -> str:
    """The ASCII character ``c`` looks like (itself when it looks like none, or is ASCII)."""
    if c.isascii():
        return c
    looks = {e["c"].strip("\u200e\u200f") for e in _confusables().get(c, ())}
    ascii_ones = sorted((x for x in looks if len(x) == 1 and x.isascii() and x.isprintable() and not x.isspace()),
                        key=_prefer)
    return ascii_ones[0] if ascii_ones else c


def name_key(name: str) -> str:
    """The key two names are compared by: equal keys are the same name at a table."""
    s = "".join(c for c in name if not draws_nothing(c))
    for _ in range(3):  # a fold can leave text that NFKC or case folding changes again: to a fixed point
        before = s
        s = unicodedata.normalize("NFKC", s).casefold()
        s = "".join(_fold(c) for c in unicodedata.normalize("NFD", s))
        s = unicodedata.normalize("NFC", s)
        if s == before:
            break
    return " ".join(s.split())


def check_seat_names(names: Sequence[str], taken: Iterable[str] = ()) -> None:
    """The referee's own check when a game starts: no name that reverses the text, no two seats
    with one name (by ``name_key``); an ``InvalidInput`` naming the name as the earlier seat has it.

    The same check guards every other door a name comes in by (a backup's games and profiles, the
    profiles screen): ``taken`` are names already there (other profiles), which count as earlier."""
    from scoring.errors import InvalidInput

    first: dict[str, str] = {}
    for name in taken:
        first.setdefault(name_key(name), name)
    for i, name in enumerate(names):
        if has_bidi_control(name):
            raise InvalidInput("name_bidi", seat=i + 1)
        key = name_key(name)
        if key in first:
            raise InvalidInput("names_alike", name=first[key])
        first[key] = name
