"""Fuzzing the backup import: whatever the file, a report or a clear refusal.

Every input either imports or raises ``ImportRefused`` whose message exists in
German and English and says nothing was changed; a refusal leaves the store
row for row as it was (``dump_store``). Never another exception.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.records.backup import backup_text, checksum, export_backup, import_backup
from companion.records.history import ImportRefused, dump_store
from companion.store import Store
from scoring.engine import PlayerSpec
from scoring.simulate import play_random

EXAMPLES = int(os.environ.get("TISCHRICHTER_FUZZ_EXAMPLES", "60"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

NOTHING_CHANGED = {"de": "Nichts wurde geändert.", "en": "Nothing was changed."}


def _seed_backup() -> dict[str, Any]:
    rng = random.Random(11)
    store = Store(":memory:")
    players = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
    for gid, options in (("qwixx-longo", {"lucky_numbers": [[3, 9], [4, 12]]}), ("verflixxt", {"wurminator": True}),
                         ("raus-aus-dem-verlies", {})):
        rec = play_random(gid, players, options, rng).record
        store.create_game(rec.model_copy(update={"actions": rec.actions[:15]}))
    backup = export_backup(store)
    store.close()
    return backup


SEED = _seed_backup()
SEED_TEXT = backup_text(SEED)

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-3, max_value=12),
    st.sampled_from([2**63, -(2**63) - 1, 10**400]), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8), st.text(alphabet=st.characters(), max_size=4),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8,
)


def _mutate(draw: Any, value: Any) -> Any:
    """Replace, drop, duplicate or keep parts of a valid value at random."""
    choice = draw(st.integers(0, 11))
    if choice == 0:
        return draw(json_values)
    if isinstance(value, dict):
        out = {k: _mutate(draw, v) for k, v in value.items() if draw(st.integers(0, 11))}
        if choice == 1:
            out[draw(st.text(max_size=6))] = draw(json_values)
        return out
    if isinstance(value, list):
        items = [_mutate(draw, v) for v in value]
        return items * draw(st.integers(0, 3)) if choice == 1 else items
    if isinstance(value, str) and choice == 2:
        return draw(st.text(alphabet=st.characters(), max_size=20))
    if isinstance(value, int) and not isinstance(value, bool) and choice == 3:
        return draw(st.sampled_from([-1, value + 1, 99, None, True, str(value)]))
    return value


def _check(payload: Any) -> None:
    store = Store(":memory:")
    before = dump_store(store)
    try:
        import_backup(store, payload)
    except ImportRefused as exc:
        for lang in ("de", "en"):
            assert exc.message(lang).endswith(NOTHING_CHANGED[lang]) or exc.key == "hist.imp.empty", exc.message(lang)
        assert dump_store(store) == before
    finally:
        store.close()


@SETTINGS
@given(data=st.data())
def test_any_edit_of_a_backup_with_a_matching_checksum_imports_or_is_refused_clearly(data):
    records = _mutate(data.draw, json.loads(json.dumps(SEED["records"])))
    profiles = SEED["profiles"]
    backup = {**SEED, "records": records}
    try:
        backup["checksum"] = checksum(records, profiles)
    except ValueError:  # an int with too many digits cannot even be written: the file could not exist
        return
    _check(json.dumps(backup))


HOSTILE = [b"[" * 50_000, b"{" * 3000, b"\xef\xbb\xbf", b"\xff", b"\xc3\x28", b"NaN", b"1" * 5000, b"\x00", b"\\ud800",
           b'"\\ud800"', b"-Infinity", b"1e999999"]


@SETTINGS
@given(cut=st.integers(0, len(SEED_TEXT)), chunk=st.one_of(st.sampled_from(HOSTILE), st.binary(max_size=20)),
       where=st.integers(0, len(SEED_TEXT)), keep_tail=st.booleans())
def test_any_damaged_bytes_import_or_are_refused_clearly(cut, chunk, where, keep_tail):
    raw = SEED_TEXT.encode("utf-8")
    raw = raw[:where] + chunk + raw[where:]
    _check(raw if keep_tail else raw[:cut])


@SETTINGS
@given(value=json_values)
def test_any_json_value_imports_or_is_refused_clearly(value):
    _check(json.dumps(value))
    _check(json.dumps([value, {"game": "qwixx-longo", "players": value}]))
