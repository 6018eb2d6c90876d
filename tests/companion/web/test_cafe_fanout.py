"""A café on one server: many tables of four phones in one process.

What one table does reaches that table's phones (and the host's screens), never the phones of
every other table: each redraw of a phone is server time the whole café waits for. The level-2
harness (tests/harness/flet_session.py) gives real Flet sessions whose every message is read.
"""

from __future__ import annotations

import pytest

from companion.web.server import CLIENT, Client
from scoring.engine import PlayerSpec
from tests.companion.table.test_many_phones import LUCKY, NAMES, no_crashes, open_phone
from tests.harness.flet_session import make_context


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "cafe.db")


def qwixx(ctx):
    """Four players; Ana rolled white 3 + 4: everyone decides on the white sum 7."""
    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name=x) for x in NAMES], {"lucky_numbers": LUCKY})
    table.roll(values=[3, 4, 8, 1, 2, 5])
    return table


async def guest_phone(ctx, game_id: str, phone: str, route: str):
    """A phone that came in by ``game_id``'s guest link (the server's Gate names it so)."""
    token = CLIENT.set(Client(role="guest", game=game_id, phone=phone))
    try:
        return await open_phone(ctx, route)
    finally:
        CLIENT.reset(token)


class Redraws:
    """How often the server drew a phone's screen again (each one is work the café waits for)."""

    def __init__(self, app) -> None:
        self.n = 0
        shell = app.shell
        original = shell.render

        def render() -> None:
            self.n += 1
            original()

        shell.render = render


async def test_a_seat_request_at_one_table_redraws_that_table_and_the_host_not_the_other_tables(ctx):
    here, there = qwixx(ctx), qwixx(ctx)
    ben = await guest_phone(ctx, here.id, "ben-phone-000000000000", f"/g/{here.id}/seat/1")
    host = await open_phone(ctx, "/")
    elsewhere = [await guest_phone(ctx, there.id, f"far-phone-{i:012d}", f"/g/{there.id}/seat/{i}")
                 for i in range(4)]
    assert ben.has_text("Du: Ben") and elsewhere[2].has_text("Du: Cara")
    redraws = [Redraws(p) for p in elsewhere]

    # another phone at Ben's table asks for his seat
    other = await guest_phone(ctx, here.id, "new-phone-000000000000", f"/g/{here.id}")
    await other.click(text="Ben (schon verbunden)")
    await other.wait_for(lambda: other.has_text(
        "Der Platz von Ben braucht die Zustimmung des Gastgebers (oder des Handys, das ihn hat). Gefragt."))
    # Ben's phone and the host's screen show it ...
    await ben.wait_for(lambda: ben.has_text("Ein anderes Handy möchte deinen Platz (Ben) übernehmen."))
    await host.wait_for(lambda: host.has_text("Ein Handy möchte den Platz von Ben übernehmen (Qwixx Longo)."))
    for p in elsewhere:
        await p.settle(10)
    # ... the four phones of the other table were not drawn again for it
    assert [r.n for r in redraws] == [0, 0, 0, 0]
    assert all(p.has_text(f"Du: {NAMES[i]}") for i, p in enumerate(elsewhere))
    no_crashes(ben, host, other, *elsewhere)


@pytest.fixture
def gc_policy():
    """The server's garbage-collection policy, as ``python -m companion`` installs it (undone after)."""
    from companion.web.guard import GC

    GC.closed = 0  # sessions earlier tests of this process closed are not this test's
    GC.install()
    yield GC
    GC.uninstall()
    GC.UNFREEZE_EVERY = type(GC).UNFREEZE_EVERY
    GC.SETTLE = type(GC).SETTLE


async def test_a_full_collection_leaves_the_open_phones_screens_out_of_the_next_one(ctx, gc_policy):
    """At 30 tables a full pass over every phone's screen kept the whole café waiting (~0.45 s):
    what survived one pass is not walked again."""
    import gc

    table = qwixx(ctx)
    phones = [await open_phone(ctx, f"/g/{table.id}/seat/{i}") for i in range(4)]
    await phones[0].click(text="Rot 7")
    await phones[3].wait_for(lambda: phones[3].has_text("Ana: Rot 7"))
    gc.collect()
    walked = {id(o) for o in gc.get_objects()}  # what the next collection would walk
    for p in phones:
        assert id(p.page) not in walked and id(p.shell) not in walked
    # the game goes on as before: the screens still change
    await phones[0].click(tooltip="Rückgängig")
    await phones[3].wait_for(lambda: phones[3].has_text("Ana, Ben, Cara und Dora entscheiden noch"))
    no_crashes(*phones)


async def test_after_a_phone_is_gone_for_good_a_full_collection_looks_at_everything_again(ctx, gc_policy):
    """Frozen is not forever: once a session closed (a tab gone for good), one pass with
    everything unfrozen runs ``SETTLE`` s later (at most every ``UNFREEZE_EVERY`` s), so that
    session's cycles are freed; then the survivors are frozen again. (The harness itself keeps a
    closed page reachable through its context variables, so the freeing is not observed here.)"""
    import asyncio
    import gc

    table = qwixx(ctx)
    phone = await open_phone(ctx, f"/g/{table.id}/seat/1")
    gc.collect()
    assert gc.get_freeze_count() > 0
    gc_policy.UNFREEZE_EVERY, gc_policy.SETTLE = 0, 0.05
    walked: list[int] = []  # how many objects were frozen as each full pass began

    def full_pass(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            walked.append(gc.get_freeze_count())

    gc.callbacks.append(full_pass)
    try:
        gc.collect()
        await asyncio.sleep(0.3)
        assert walked and 0 not in walked  # no session closed: the open screens stay frozen
        walked.clear()
        await phone.close()
        for _ in range(50):
            if 0 in walked:
                break
            await asyncio.sleep(0.1)
        assert 0 in walked  # a session closed: everything is looked at again, without waiting for a pass ...
    finally:
        gc.callbacks.remove(full_pass)
    assert gc.get_freeze_count() > 0  # ... once; then frozen again


async def test_a_closed_sessions_cycles_are_freed_and_the_memory_given_back_soon(gc_policy, monkeypatch):
    """What a closed session left among the frozen objects (a cycle) is freed a
    moment after it closed, with no full pass of the interpreter's own needed (an idle server
    makes none for hours), and the C allocator's free pages go back to the OS (``trim_memory``)."""
    import asyncio
    import gc
    import weakref

    import companion.web.memory as memory

    trims: list[bool] = []
    monkeypatch.setattr(memory, "trim_memory", lambda: trims.append(True) or True, raising=False)

    class Screen:
        pass

    screen = Screen()
    screen.me = screen  # a cycle, as page <-> shell
    gone = weakref.ref(screen)
    gc.collect()
    gc.freeze()  # it survived a full pass: frozen, as an open phone's screen is
    del screen
    gc.collect()
    assert gone() is not None  # frozen garbage: no ordinary pass frees it
    gc_policy.UNFREEZE_EVERY, gc_policy.SETTLE = 0, 0.05
    gc_policy.session_closed()
    for _ in range(50):
        if gone() is None and trims:
            break
        await asyncio.sleep(0.1)
    assert gone() is None
    assert trims == [True]
