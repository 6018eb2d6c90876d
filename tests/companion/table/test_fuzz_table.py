"""Fuzzing the table: malformed actions through Table.submit on a real (temp, durable) Store.

A refused submit leaves the store's record and cursor and the table's state
byte-for-byte unchanged; an accepted one is committed and replays to the same state.
Player names: any Unicode, at most 40 characters.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from pydantic import ValidationError

from companion.store import Store
from companion.table.table import Tables
from scoring.dice import Dice
from scoring.engine import NAME_MAX, PlayerSpec, get_game, replay
from scoring.errors import InvalidInput, RefereeError
from scoring.names import check_seat_names
from scoring.simulate import random_step
from tests.scoring.test_fuzz import EXAMPLES, GAME_IDS, HUGE, _setup, _unseen, actions_for, has_surrogate, json_values

SETTINGS = settings(
    max_examples=max(1, EXAMPLES * 3 // 4),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)


def snapshot(tables: Tables, table) -> tuple[str, int, str, str]:
    record, cursor = tables.store.load(table.id)
    return record.model_dump_json(), cursor, table.state.model_dump_json(), table.record.model_dump_json()


def fresh_table(tables: Tables, gid: str, seed: int):
    rng = random.Random(seed)
    players, options = _setup(gid, rng)
    table = tables.create(get_game(gid).id, players, options)
    # a few real moves so the fuzz hits a game in progress
    game, dice = table.game, Dice(rng)
    for _ in range(rng.randint(0, 25)):
        if table.is_over():
            break
        table.submit(random_step(game, table.state, rng, dice))
    return table


@pytest.mark.parametrize("gid", GAME_IDS)
def test_table_submit_refusals_change_nothing(gid, tmp_path):
    store = Store(tmp_path / f"{gid}.db")  # durable: WAL + synchronous=FULL
    tables = Tables(store)
    holder = {"table": fresh_table(tables, gid, 1), "n": 1}

    @SETTINGS
    @given(data=st.data())
    def run(data):
        table = holder["table"]
        if table.is_over():
            holder["n"] += 1
            table = holder["table"] = fresh_table(tables, gid, holder["n"])
        action = data.draw(actions_for(gid))
        seats = data.draw(st.one_of(st.none(), st.sets(st.integers(-2, 9), max_size=3)))
        expected = data.draw(st.one_of(st.none(), st.just(table.seq), st.integers(-1, 5), HUGE))
        before = snapshot(tables, table)
        try:
            table.submit(action, seats, expected)
        except RefereeError:
            assert snapshot(tables, table) == before
            return
        record, cursor = store.load(table.id)
        assert cursor == before[1] + 1
        assert replay(record, cursor).model_dump_json() == table.state.model_dump_json()

    run()
    store.close()


def test_table_rolls_with_random_values(tmp_path):
    store = Store(tmp_path / "rolls.db")
    tables = Tables(store)
    table = fresh_table(tables, "qwixx-longo", 5)

    @SETTINGS
    @given(values=st.one_of(st.none(), st.lists(st.one_of(st.integers(-3, 10), HUGE, json_values), max_size=8)))
    def run(values):
        nonlocal table
        if table.is_over():
            table = fresh_table(tables, "qwixx-longo", 6)
        before = snapshot(tables, table)
        try:
            table.roll(values=values)
        except RefereeError:
            assert snapshot(tables, table) == before

    run()
    store.close()


names = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=45),
    st.text(alphabet=st.characters(), min_size=1, max_size=60),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.lists(names, min_size=2, max_size=3))
def test_names_any_unicode_stored_and_read_back(raw, tmp_path):
    try:
        players = [PlayerSpec(name=n) for n in raw]
    except ValidationError:
        assert any(
            not " ".join(n.split()) or len(n) > NAME_MAX or has_surrogate(n) or _unseen(" ".join(n.split()))
            for n in raw
        )
        return
    assert all(1 <= len(p.name) <= NAME_MAX for p in players)
    store = Store(tmp_path / "names.db", durable=False)
    try:
        tables = Tables(store)
        try:
            check_seat_names([p.name for p in players])
        except InvalidInput as refused:  # alike names or a bidi override: no game at all
            before = store.games()
            with pytest.raises(InvalidInput) as exc:
                tables.create("verflixxt", players, {})
            assert exc.value.code == refused.code and store.games() == before
            return
        table = tables.create("verflixxt", players, {})
        record, _ = store.load(table.id)
        assert [p.name for p in record.players] == [p.name for p in players]
        listed = {g["id"]: g["players"] for g in store.games()}
        assert listed[table.id] == [p.name for p in players]
    finally:
        store.close()
