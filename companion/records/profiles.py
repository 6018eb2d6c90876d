"""Lasting player profiles: name, colour, optional lucky numbers (Qwixx Longo), Verlies
character and birth year (who is the youngest at the table), picked in every setup instead of
retyping. Plain Python (no Flet).

Setup screens::

    from companion.records.profiles import list_profiles
    from components.profile_picker import profile_picker

    profile_picker(list_profiles(shell.ctx.store), on_pick, t=shell.t)
    # on_pick(profile): profile.player_spec() -> PlayerSpec(name, color, profile_id)
    #                   profile.lucky -> (a, b) | None, profile.character -> dict | None,
    #                   profile.birth_year -> int | None

The seat's ``PlayerSpec.profile_id`` is what ties a game to the profile in the
statistics (a renamed profile keeps its history). Profiles live in the store's
table ``profiles`` (made by its migrations) and are read and written only through
``Store``'s methods.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from pydantic import ValidationError

from companion.i18n import add_strings
from companion.store import Store, StoreError
from companion.store.values import Json
from scoring.engine import NAME_MAX, PlayerSpec
from scoring.errors import InvalidInput
from scoring.names import check_seat_names, has_bidi_control, name_key

add_strings(
    {
        "hist.pick.title": {"de": "Aus Profilen wählen:", "en": "Pick from profiles:"},
        "hist.pick.tip": {"de": "Profil wählen: {name}", "en": "Pick profile: {name}"},
        "hist.imp.names_profile": {"de": "Profil Nr. {n} der Sicherung: {why} Nichts wurde geändert.",
                                   "en": "Profile no. {n} of the backup: {why} Nothing was changed."},
        "hist.imp.profile_bidi": {
            "de": ("Profil Nr. {n} der Sicherung: Der Name enthält Zeichen, die die Schreibrichtung umkehren. "
                   "Nichts wurde geändert."),
            "en": ("Profile no. {n} of the backup: The name holds characters that reverse the writing direction. "
                   "Nothing was changed."),
        },
        "hist.imp.profile_here": {
            "de": "Profil Nr. {n} der Sicherung: Ein Profil hier heißt schon {name}. Nichts wurde geändert.",
            "en": "Profile no. {n} of the backup: A profile here is already called {name}. Nothing was changed.",
        },
        "hist.prof.err_birth_year": {
            "de": "Geburtsjahr: bitte nur die Jahreszahl von 1900 bis {last}, z. B. 1990 (oder leer lassen).",
            "en": "Birth year: please only the year, from 1900 to {last}, e.g. 1990 (or leave it empty).",
        },
        "hist.prof.err_bidi": {
            "de": "Der Name enthält Zeichen, die die Schreibrichtung umkehren.",
            "en": "The name holds characters that reverse the writing direction.",
        },
    }
)

COLORS = ("red", "orange", "yellow", "green", "teal", "blue", "indigo", "purple", "pink", "brown", "grey", "black")
LUCKY_LOW, LUCKY_HIGH = 2, 16
ATTR_MAX = 8
BIRTH_YEAR_LOW = 1900  # the earliest birth year a profile takes; the latest is this year


def this_year() -> int:
    return time.localtime().tm_year


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    color: str | None = None
    lucky: tuple[int, int] | None = None  # Qwixx Longo favourite lucky numbers
    character: Json | None = None  # Verlies: {"character", "strength", "mind", "dexterity"}
    created: str = ""
    updated: str = ""
    birth_year: int | None = None  # only the year: it tells who is youngest and never goes stale

    def player_spec(self) -> PlayerSpec:
        return PlayerSpec(name=self.name, color=self.color, profile_id=self.id)

    def to_json(self) -> Json:
        return {
            "id": self.id,
            "name": self.name,
            "color": self.color,
            "lucky": list(self.lucky) if self.lucky else None,
            "character": self.character,
            "created": self.created,
            "updated": self.updated,
            "birth_year": self.birth_year,
        }


def _clean_name(name: object) -> str:
    if not isinstance(name, str):
        raise ValueError("name: not text")
    words: str = " ".join(name.split())
    if not words:
        raise ValueError("name: empty")
    if len(words) > NAME_MAX:
        raise ValueError(f"name: more than {NAME_MAX} characters")
    return words


def _clean_lucky(lucky: object) -> tuple[int, int] | None:
    if lucky in (None, "", [], ()):
        return None
    if isinstance(lucky, str):
        import re

        lucky = [int(x) for x in re.findall(r"\d+", lucky)]
    if not isinstance(lucky, Iterable):
        raise ValueError("lucky: two numbers")
    try:
        nums = [int(x) for x in lucky]
    except (TypeError, ValueError):
        raise ValueError("lucky: two numbers") from None
    if len(nums) != 2 or nums[0] == nums[1] or not all(LUCKY_LOW <= n <= LUCKY_HIGH for n in nums):
        raise ValueError(f"lucky: two different numbers from {LUCKY_LOW} to {LUCKY_HIGH}")
    return (min(nums), max(nums))


def _clean_character(ch: object) -> Json | None:
    if ch in (None, "", {}):
        return None
    if isinstance(ch, str):
        ch = {"character": ch}
    if not isinstance(ch, dict):
        raise ValueError("character: not an object")
    name = _clean_name(ch.get("character", ""))
    out: Json = {"character": name}
    for attr in ("strength", "mind", "dexterity"):
        if ch.get(attr) is not None:
            v = int(ch[attr])
            if not 0 <= v <= ATTR_MAX:
                raise ValueError(f"character.{attr}: 0 to {ATTR_MAX}")
            out[attr] = v
    return out


def clean_birth_year(year: object, last: int | None = None) -> int | None:
    """A birth year as typed or stored: empty is None; else a plain number from 1900 to ``last``
    (this year) — no date, no age, no sign. Raises ValueError."""
    if year in (None, ""):
        return None
    if isinstance(year, str):
        year = year.strip()
        if not year:
            return None
        if not (year.isascii() and year.isdigit()):
            raise ValueError("birth_year: a plain number")
        year = int(year)
    if isinstance(year, bool) or not isinstance(year, int):
        raise ValueError("birth_year: a plain number")
    top = this_year() if last is None else last
    if not BIRTH_YEAR_LOW <= year <= top:
        raise ValueError(f"birth_year: {BIRTH_YEAR_LOW} to {top}")
    return year


def _clean_color(color: object) -> str | None:
    if color in (None, ""):
        return None
    if not isinstance(color, str) or len(color) > 20:
        raise ValueError("color: at most 20 characters")
    return color


def parse_profile(raw: object) -> Profile:
    """A profile from JSON (backup import); raises ValueError."""
    if not isinstance(raw, dict):
        raise ValueError("not an object")
    pid = raw.get("id")
    if not isinstance(pid, str) or not 0 < len(pid) <= 64:
        raise ValueError("id")
    return Profile(
        id=pid,
        name=_clean_name(raw.get("name")),
        color=_clean_color(raw.get("color")),
        lucky=_clean_lucky(raw.get("lucky")),
        character=_clean_character(raw.get("character")),
        created=str(raw.get("created") or ""),
        updated=str(raw.get("updated") or ""),
        birth_year=clean_birth_year(raw.get("birth_year")),  # a backup of older code has none
    )


def profile_row(p: Profile) -> Json:
    return {
        "id": p.id,
        "name": p.name,
        "color": p.color,
        "lucky": json.dumps(list(p.lucky)) if p.lucky else None,
        "character": json.dumps(p.character, ensure_ascii=False) if p.character else None,
        "created": p.created,
        "updated": p.updated,
        "birth_year": p.birth_year,
    }


def _from_row(row: Json) -> Profile:
    return Profile(
        id=row["id"],
        name=row["name"],
        color=row["color"],
        lucky=tuple(json.loads(row["lucky"])) if row["lucky"] else None,
        character=json.loads(row["character"]) if row["character"] else None,
        created=row["created"] or "",
        updated=row["updated"] or "",
        birth_year=row.get("birth_year"),
    )


def list_profiles(store: Store) -> list[Profile]:
    """Every profile, by name."""
    return [_from_row(r) for r in store.profile_rows()]


def get_profile(store: Store, profile_id: str) -> Profile | None:
    row = store.profile_row(profile_id)
    return _from_row(row) if row else None


def save_profile(store: Store, name: str, color: str | None = None, lucky: object = None, character: object = None,
                 profile_id: str | None = None, birth_year: object = None) -> Profile:
    """Create (no ``profile_id``) or update a profile; raises ValueError with a short reason.

    ``lucky``: two different numbers 2..16 (a list or text like "5 9"); ``character``:
    a Verlies character name or {"character", "strength", "mind", "dexterity"}; ``birth_year``:
    a plain number from 1900 to this year (or text like "1990"), or empty.
    Two profiles may not share a name, nor names alike by the set-up's rule (``_seat_name``).
    """
    if store.readonly:
        raise ValueError("readonly")
    name = _seat_name(name, [p.name for p in list_profiles(store) if p.id != profile_id])
    now = time.strftime("%Y-%m-%dT%H:%M:%S")
    old = get_profile(store, profile_id) if profile_id else None
    p = Profile(
        id=profile_id or uuid.uuid4().hex,
        name=name,
        color=_clean_color(color),
        lucky=_clean_lucky(lucky),
        character=_clean_character(character),
        created=old.created if old else now,
        updated=now,
        birth_year=clean_birth_year(birth_year),
    )
    try:
        store.save_profile(profile_row(p))
    except StoreError as exc:
        if exc.key == "profile_name_taken":
            raise ValueError("name: taken") from None
        raise ValueError(f"store: {exc.key}") from None  # the form says it was not saved
    return p


def _seat_name(name: object, others: list[str]) -> str:
    """The set-up's rule for a name, since a profile becomes a seat: readable (``PlayerSpec``),
    no character that reverses the text, and not alike (``scoring.names.name_key``) to another
    profile's name ("Bob" and "B\u03bfb" with a Greek o would be two entries that read "Bob")."""
    words = _clean_name(name)
    try:
        PlayerSpec(name=words)
    except ValidationError:
        raise ValueError("name: unreadable") from None
    try:
        check_seat_names([words], taken=others)
    except InvalidInput as exc:
        raise ValueError("name: bidi" if exc.code == "name_bidi" else "name: taken") from None
    return words


def error_key(why: str) -> str:
    """The sentence a screen shows for ``save_profile``'s ValueError ``why``."""
    if why == "name: taken":
        return "hist.prof.err_taken"
    if why == "name: bidi":
        return "hist.prof.err_bidi"
    if why.startswith("name"):
        return "hist.prof.err_name"
    if why.startswith("birth_year"):
        return "hist.prof.err_birth_year"
    return "hist.prof.err_lucky" if why.startswith("lucky") else "hist.prof.err_other"


# --- a backup's profiles: the set-up's rule for names (``scoring.names``) ---------------------------------
def check_import_names(profiles: list[Profile]) -> None:
    """A backup's profiles among themselves: none reverses the text, no two (of different ids) look
    alike; a profile listed twice under one id is one profile. ``ImportRefused``: nothing is stored."""
    from companion.records.history import ImportRefused  # the backup's refusal, only when a backup comes in

    ids: set[str] = set()
    keys: dict[str, str] = {}  # name_key -> the name as the earlier profile spells it
    for i, prof in enumerate(profiles):
        if has_bidi_control(prof.name):
            raise ImportRefused("hist.imp.profile_bidi", n=i + 1)
        if prof.id in ids:
            continue  # the same id again: ``Store.add_games`` keeps the first one
        ids.add(prof.id)
        key = name_key(prof.name)
        if key in keys:
            raise ImportRefused("hist.imp.names_profile", n=i + 1, why=InvalidInput("names_alike", name=keys[key]))
        keys[key] = prof.name


def check_import_new(store: Store, rows: list[Json]) -> None:
    """A backup's new profile (an id not here yet) may not look like a profile already here: two
    entries "Ana" in every picker, and statistics split between them. Runs inside the merge's
    transaction where there is one (``Store.merge_staged``' check)."""
    from companion.records.history import ImportRefused

    here = {r["id"]: r["name"] for r in store.profile_rows()}
    keys = {name_key(name): name for name in here.values()}
    for n, row in enumerate(rows, 1):
        if row["id"] in here:
            continue  # left as it is
        other = keys.get(name_key(row["name"]))
        if other is not None:
            raise ImportRefused("hist.imp.profile_here", n=n, name=other)


def delete_profile(store: Store, profile_id: str) -> None:
    """The profile goes; games played with it keep their seat (and its statistics)."""
    store.delete_profile(profile_id)
