"""Issue 23.9: a backup is checked and written off the event loop, so another table's tap is
handled while a large import runs (the order of events, not a time: the figures are
build/bench_import_load.py's)."""

from __future__ import annotations

import asyncio
import inspect
import random
from types import SimpleNamespace

import flet as ft

import companion.history_ui  # noqa: F401 - registers the backup screen
from companion.app import AppContext, Shell
from companion.backup import backup_text, export_backup
from companion.store import Store
from scoring.engine import PlayerSpec
from scoring.simulate import play_random
from tests.harness.shell_ui import StubPage, walk


def _backup(n: int) -> str:
    src = Store(":memory:")
    rng = random.Random(11)
    for _ in range(n):
        src.create_game(play_random("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {},
                                    rng).record)
    return backup_text(export_backup(src))


def _import_button(sh: Shell):
    return next(c for c in walk(sh.body.controls) if isinstance(c, ft.Button)
                and getattr(c.content, "value", c.content) in ("Prüfen und einlesen", "Check and import"))


def _texts(sh: Shell) -> list[str]:
    return [c.value for c in walk(sh.body.controls) if isinstance(c, ft.Text) and c.value]


def test_another_table_is_served_while_a_backup_is_imported(tmp_path):
    ctx = AppContext.create(db=str(tmp_path / "host.db"), writer=True)
    sh = Shell(StubPage(), ctx)  # type: ignore[arg-type]
    sh.go("backup")
    sh.ui["hist_in"] = _backup(12)
    sh.render()
    button = _import_button(sh)
    order: list[str] = []

    async def tap_import() -> None:
        result = button.on_click(SimpleNamespace(control=button))
        if inspect.isawaitable(result):
            await result
        order.append("import answered")

    async def other_table() -> None:
        order.append("other table's tap")

    async def main() -> None:
        first = asyncio.create_task(tap_import())  # runs first: on the old code, to its end
        second = asyncio.create_task(other_table())
        await asyncio.wait_for(asyncio.gather(first, second), 120)

    asyncio.run(main())
    assert order == ["other table's tap", "import answered"]
    assert "Eingelesen: 12 neue Spiele, 0 schon vorhanden, 0 neue Profile." in _texts(sh)
    assert len(ctx.store.game_ids()) == 12
    ctx.store.close()


def test_a_refusal_from_the_checking_process_reads_as_before_in_both_languages(tmp_path):
    ctx = AppContext.create(db=str(tmp_path / "host.db"), writer=True)
    sh = Shell(StubPage(), ctx)  # type: ignore[arg-type]
    sh.go("backup")
    good = _backup(1)
    bad = good.replace('"Ben"', '"Ben\u202e"')  # the checksum no longer matches
    for lang, want in (("de", "Die Prüfsumme stimmt nicht: die Sicherung wurde verändert oder ist beschädigt. "
                               "Nichts wurde geändert."),
                       ("en", "The checksum does not match: the backup was edited or is damaged. "
                              "Nothing was changed.")):
        sh.lang = lang
        sh.ui["hist_in"] = bad
        sh.render()
        button = _import_button(sh)

        async def tap(b=button) -> None:
            result = b.on_click(SimpleNamespace(control=b))
            if inspect.isawaitable(result):
                await result

        asyncio.run(tap())
        assert want in _texts(sh)
    assert ctx.store.game_ids() == []
    ctx.store.close()
