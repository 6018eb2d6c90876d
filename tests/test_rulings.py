"""docs/rulings.md is the project's own list of rulings, and it agrees with the code.

- its shape is machine-checkable: one ``- **id**: text`` line per ruling, each
  id once, under the heading of its prefix;
- the engines (scoring/), the rules screen (companion/screens/rules_text.py) and the
  list name the same set of ruling ids (q8.*, vx.*, rv.*);
- each ``*option* `name`, default `value``` is a field of that game's Options
  model with that default.

Nothing here reads files outside the repository: a fresh clone runs it alone.
"""

from __future__ import annotations

import json

import pytest

from companion.screens.rules_text import ENTRIES
from tests.harness.rulings import (
    GAME_OF_PREFIX,
    PREFIXES,
    engine_ids,
    read,
)

DOC = read()


def screen_ids() -> set[str]:
    return {rid for rid in ENTRIES if rid.split(".")[0] in PREFIXES}


def test_the_list_has_its_shape():
    assert DOC.problems == []
    assert DOC.sections == ["q8", "vx", "vx.wurm", "rv"]
    assert len(DOC.ids) == 39
    # the rulings asked for by name
    assert {"rv.loss", "rv.penalty", "rv.room", "rv.gold", "q8.white", "vx.wurm.bite"} <= DOC.ids
    assert all(len(r.text.split()) >= 8 for r in DOC.rulings.values())


def test_the_shape_check_finds_bad_lines():
    bad = read("# x\n\n## A — prefix `q8`\n\n- **q8.a**: fine text\n- q8.b: no bold\n"
               "- **vx.c**: wrong section\n- **q8.a**: twice\nloose words\n")
    assert bad.ids == {"q8.a", "vx.c"}
    assert [p.split(":")[0] for p in bad.problems] == ["line 6", "line 7", "line 8", "line 9"]


def test_the_engines_cite_exactly_the_listed_rulings():
    cited = set(engine_ids()) - set(DOC.sections)  # "vx.wurm.*" names a section, not a ruling
    assert sorted(cited - DOC.ids) == [], "the engines cite rulings that docs/rulings.md lacks"
    assert sorted(DOC.ids - cited) == [], "listed rulings that no engine cites"


def test_the_rules_screen_explains_exactly_the_listed_rulings():
    shown = screen_ids()
    assert sorted(shown - DOC.ids) == [], "rules screen entries that docs/rulings.md lacks"
    assert sorted(DOC.ids - shown) == [], "listed rulings without a rules screen entry"


def test_each_ruling_is_shown_under_its_own_game():
    from companion.screens.rules_text import game_of

    for rid in DOC.ids & screen_ids():
        assert game_of(rid) == GAME_OF_PREFIX[rid.split(".")[0]], rid


def _options_model(prefix: str):
    from scoring.qwixx_longo import Options as Q8
    from scoring.verflixxt import Options as VX
    from scoring.verlies import Options as RV

    return {"q8": Q8, "vx": VX, "rv": RV}[prefix]


@pytest.mark.parametrize("rid", sorted(rid for rid, r in DOC.rulings.items() if r.options))
def test_listed_options_are_real_options_with_the_listed_default(rid):
    model = _options_model(rid.split(".")[0])
    for name, default in DOC.rulings[rid].options.items():
        assert name in model.model_fields, (rid, name)
        assert json.dumps(model.model_fields[name].default).strip('"') == default, (rid, name)


def test_every_option_the_rules_list_promises_is_listed():
    named = {name for r in DOC.rulings.values() for name in r.options}
    assert {"lock_min_crosses", "lucky_replaces", "misthrow_penalty", "end_locked_rows", "end_misthrows",
            "wurminator", "bite_takes", "penalty_turn", "exit_min_gold"} == named
    present = {n for p in PREFIXES for n in _options_model(p).model_fields}
    assert named <= present
