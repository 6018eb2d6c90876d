"""What a tap sends: per game, the update messages one tap (and its undo) makes the server send.

    .venv/bin/python build/bench_patch.py [--taps 10] [--json out.json] [--dump]

No browser: the app runs in the level-2 harness (``tests/harness/flet_session.py``: Flet's
real ``Session`` over a fake connection that msgpack-encodes every message exactly as the
websocket does). Each game's table is prepared as in the tap section of ``build/bench.py``
(same positions, same taps), opened as ``/g/<id>`` with "Alle" chosen, then the tap and its
undo alternate. Per tap: the bytes sent (msgpack, as on the wire), the number of patch
operations, the number of controls the patch carries whole (new or replaced controls, i.e.
what the client must build: each is a Flutter widget subtree with its semantics) and the
number of controls whose properties change in place. Deterministic: these counts do not
depend on the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pathlib
import statistics
import sys
import tempfile
from collections import Counter
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def count_controls(node: Any) -> int:
    """Controls carried whole in a patch value (a dict with a control type ``_c``)."""
    if isinstance(node, dict):
        own = 1 if "_c" in node else 0
        return own + sum(count_controls(v) for v in node.values())
    if isinstance(node, list):
        return sum(count_controls(v) for v in node)
    return 0


def patch_stats(raw: list[bytes], messages: list[list[Any]]) -> dict[str, int]:
    """Bytes, operations, whole controls and in-place changed controls in these messages."""
    from flet.messaging.protocol import MessageAction

    out = {"messages": 0, "bytes": 0, "ops": 0, "new_controls": 0, "changed_controls": 0}
    for b, (action, body) in zip(raw, messages):
        if MessageAction(action) != MessageAction.PATCH_CONTROL:
            continue
        out["messages"] += 1
        out["bytes"] += len(b)
        patch = body.get("patch") if isinstance(body, dict) else None
        ops = _ops(patch)
        out["ops"] += len(ops)
        targets = set()
        for op in ops:
            out["new_controls"] += count_controls(op)
            if op and op[0] == 0:  # replace: [0, node path, key, value]
                targets.add(op[1])
        out["changed_controls"] += len(targets)
    return out


def _ops(patch: Any) -> list[Any]:
    """Flet 1.0's patch: [tree of touched nodes, op, op, ...]; an op is a list starting with its code."""
    if not isinstance(patch, list) or not patch:
        return []
    return [op for op in patch[1:] if isinstance(op, list)]


def find_tap(app: Any, name: str) -> dict[str, str]:
    """How a tap on ``name`` finds its control on the screen: by its text, its label or its tooltip."""
    found = next((how for how in ({"text": name}, {"label": name}, {"tooltip": name}) if app.find_all(**how)), None)
    if found is None:
        raise AssertionError(f"no {name!r} on screen: {app.texts()}")
    return found


def screen_types(app: Any) -> dict[str, int]:
    """The controls on screen (mounted and shown), counted per type."""
    return dict(Counter(type(f.control).__name__ for f in app.walk()))


async def tap_rows(app: Any, name: str, spec: dict[str, Any], taps: int, dump: bool = False) -> dict[str, Any]:
    """The game's tap and its undo alternating ``taps`` times each on a started page (the app at the
    bench position, or a same-shape page): per tap what was sent, medians; and what is on screen."""
    (fname, fexpect), (bname, bexpect) = spec["forth"], spec["back"]
    rows: dict[str, list[dict[str, int]]] = {"tap": [], "undo": []}
    res: dict[str, Any] = {"what": spec["what"], "controls_on_screen": sum(1 for _ in app.walk()),
                           "types": screen_types(app)}
    for i in range(taps * 2):
        forth = i % 2 == 0
        name_, expect = (fname, fexpect) if forth else (bname, bexpect)
        n0 = len(app.frames)
        await app.click(**find_tap(app, name_))
        shown = app.has_text(expect, contains=not spec["exact"])
        if not shown:
            raise AssertionError(f"{name}: {expect!r} not shown after {name_!r}: {app.texts()}")
        st = patch_stats(app.frames[n0:], app.messages[n0:])
        rows["tap" if forth else "undo"].append(st)
        if dump and i < 2:
            print(f"--- {name} {'tap' if forth else 'undo'}: {st}")
            for _action, body in app.messages[n0:]:
                print(json.dumps(body, ensure_ascii=False, default=str)[:4000])
    for k, lst in rows.items():
        res[k] = {f: statistics.median(r[f] for r in lst) for f in lst[0]}
    return res


async def measure_game(name: str, spec: dict[str, Any], taps: int, tmp: pathlib.Path, dump: bool) -> dict[str, Any]:
    from build.bench import PASS_AROUND
    from tests.harness.flet_session import AppSession, make_context

    db = tmp / f"{name}.db"
    gid = spec["prepare"](db)
    ctx = make_context(db)
    app = await AppSession.start(ctx, route=f"/g/{gid}")
    await app.click(text=PASS_AROUND)
    res = await tap_rows(app, name, spec, taps, dump)
    await app.close()
    ctx.store.close()
    return res


async def run(taps: int, games: list[str], dump: bool) -> dict[str, Any]:
    from build.bench import TAP_GAMES

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as d:
        for g in games:
            out[g] = await measure_game(g, TAP_GAMES[g], taps, pathlib.Path(d), dump)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--taps", type=int, default=5)
    p.add_argument("--games", default="qwixx,verflixxt,verlies")
    p.add_argument("--json")
    p.add_argument("--dump", action="store_true", help="print the first tap's and undo's messages")
    a = p.parse_args(argv)
    res = asyncio.run(run(a.taps, a.games.split(","), a.dump))
    print(f"{'game':10} {'on screen':>9} | {'tap: bytes':>10} {'new ctl':>7} {'changed':>7} | "
          f"{'undo: bytes':>11} {'new ctl':>7} {'changed':>7}")
    for g, r in res.items():
        t, u = r["tap"], r["undo"]
        print(f"{g:10} {r['controls_on_screen']:>9} | {t['bytes']:>10.0f} {t['new_controls']:>7.0f} "
              f"{t['changed_controls']:>7.0f} | {u['bytes']:>11.0f} {u['new_controls']:>7.0f} "
              f"{u['changed_controls']:>7.0f}")
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(res, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
