"""What a tap sends: per game, the update messages one tap (and its undo) makes the server send.

    .venv/bin/python build/bench_patch.py [--taps 10] [--json out.json] [--dump] [--shapes]

No browser: the app runs in the level-2 harness (``tests/harness/flet_session.py``: Flet's
real ``Session`` over a fake connection that msgpack-encodes every message exactly as the
websocket does). Each game's table is prepared as in the tap section of ``build/bench.py``
(same positions, same taps), opened as ``/g/<id>`` with "Alle" chosen, then the tap and its
undo alternate. Per tap: the bytes sent (msgpack, as on the wire), the number of patch
operations, the number of controls the patch carries whole (new or replaced controls, i.e.
what the client must build: each is a Flutter widget subtree with its semantics) and the
number of controls whose properties change in place. Deterministic: these counts do not
depend on the machine's load. ``--shapes``: also each game's same-shape page
(``build/bench_floor.py --shape``) in a line below the game's, with what differs.
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


def patch_stats(raw: list[bytes], messages: list[list[Any]], index: Any = None) -> dict[str, int]:
    """Bytes, operations, whole controls and in-place changed controls in these messages.

    With the session's control ``index`` (id → control, after the update) also ``rebuilt``: the
    controls whose Flutter widgets the client builds again (see ``rebuilt_ids``)."""
    from flet.messaging.protocol import MessageAction

    out = {"messages": 0, "bytes": 0, "ops": 0, "new_controls": 0, "changed_controls": 0}
    rebuilt: set[int] = set()
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
        if index is not None and isinstance(body, dict):
            rebuilt |= rebuilt_ids(index.get(body.get("id")), patch)
    if index is not None:
        out["rebuilt"] = len(rebuilt)
    return out


def rebuilt_ids(root: Any, patch: Any) -> set[int]:
    """Ids of the controls the Flutter client builds again for ``patch`` (applied to ``root``).

    Flet's client (``Control.applyPatch``, flet 1.0) notifies the control that holds the patched
    property or list (and a control's parent when its ``visible`` changes). A notified control's
    widget is built again, and so is every visible control inside it: each child's widget is a new
    ``ControlWidget`` object, which Flutter does not skip (a hidden child is not built at all). A
    changed text rebuilds one control; a control added to or removed from a column rebuilds the
    column with everything in it."""
    if root is None or not isinstance(patch, list) or not patch:
        return set()
    paths: dict[int, list[Any]] = {}

    def index_tree(node: Any, path: list[Any]) -> None:
        if isinstance(node, list) and node:
            paths[node[0]] = path
            if len(node) > 1 and isinstance(node[1], dict):
                for k, child in node[1].items():
                    index_tree(child, [*path, k])

    index_tree(patch[0], [])

    def holder(node: int) -> list[Any]:
        """The chain of controls down to the one holding tree node ``node`` (root first)."""
        chain, obj = [root], root
        for step in paths.get(node, []):
            if isinstance(obj, (list, tuple)):
                obj = obj[int(step)] if 0 <= int(step) < len(obj) else None
            elif isinstance(obj, dict):
                obj = obj.get(step)
            else:
                obj = getattr(obj, str(step), None)
            if obj is None:
                break
            if hasattr(obj, "_i") and hasattr(obj, "_c"):
                chain.append(obj)
        return chain

    notified = []
    for op in _ops(patch):
        if not op:
            continue
        nodes = [op[1], op[3]] if op[0] == 3 and len(op) > 3 else [op[1]]
        for node in nodes:
            chain = holder(node)
            notified.append(chain[-2] if op[0] == 0 and op[2] == "visible" and len(chain) > 1 else chain[-1])
    # A hidden control builds nothing inside it: Flet's client takes only visible children
    # (``Control.children``/``child`` with ``visibleOnly = true``), so a move box hidden by a tap
    # costs nothing on the phone although its parent is built again.
    out: set[int] = set()
    for c in notified:
        if c._i in out:
            continue
        stack = [c]
        while stack:
            x = stack.pop()
            out.add(x._i)
            stack.extend(k for k in _child_controls(x) if getattr(k, "visible", True) is not False)
    return out


def _child_controls(ctrl: Any) -> list[Any]:
    import dataclasses

    if not dataclasses.is_dataclass(ctrl):
        return []
    out = []
    for f in dataclasses.fields(ctrl):
        if f.name.startswith("_"):
            continue
        v = getattr(ctrl, f.name, None)
        for x in v if isinstance(v, (list, tuple)) else [v]:
            if hasattr(x, "_i") and hasattr(x, "_c"):
                out.append(x)
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
                           "types": screen_types(app), "texts": app.texts()}
    for i in range(taps * 2):
        forth = i % 2 == 0
        name_, expect = (fname, fexpect) if forth else (bname, bexpect)
        n0 = len(app.frames)
        await app.click(**find_tap(app, name_))
        shown = app.has_text(expect, contains=not spec["exact"])
        if not shown:
            raise AssertionError(f"{name}: {expect!r} not shown after {name_!r}: {app.texts()}")
        st = patch_stats(app.frames[n0:], app.messages[n0:], app.session.index)
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


async def measure_shape(name: str, spec: dict[str, Any], taps: int, tmp: pathlib.Path) -> dict[str, Any]:
    """As ``measure_game``, on the game's same-shape page (``build/bench_floor.py --shape``)."""
    from build.bench_floor import ShapePage, record_shape
    from tests.harness.flet_session import AppSession, make_context

    rec = await record_shape(name)
    ctx = make_context(tmp / f"{name}-shape.db")  # the harness wants one; the shape page never opens it
    page = await AppSession.start(ctx, main=ShapePage(rec).main)
    res = await tap_rows(page, f"{name} (shape)", spec, taps)
    await page.close()
    ctx.store.close()
    return res


# What a same-shape page must do as the game's screen does: the words and the controls per type on
# screen, and per tap and undo the controls sent whole and the controls changed in place.
FAITHFUL = ("new_controls", "changed_controls")


def shape_differences(app: dict[str, Any], shape: dict[str, Any]) -> list[str]:
    """Where a same-shape page's figures (``measure_shape``) differ from the game's (``measure_game``)."""
    out = []
    for t in sorted(set(app["types"]) | set(shape["types"])):
        a, s = app["types"].get(t, 0), shape["types"].get(t, 0)
        if a != s:
            out.append(f"{t} on screen: game {a}, shape page {s}")
    if app["texts"] != shape["texts"]:
        out.append(f"words on screen: game {app['texts']}, shape page {shape['texts']}")
    for k in ("tap", "undo"):
        for f in FAITHFUL:
            if app[k][f] != shape[k][f]:
                out.append(f"{k} {f}: game {app[k][f]:g}, shape page {shape[k][f]:g}")
    return out


async def run(taps: int, games: list[str], dump: bool, shapes: bool = False) -> dict[str, Any]:
    from build.bench import TAP_GAMES

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as d:
        for g in games:
            out[g] = await measure_game(g, TAP_GAMES[g], taps, pathlib.Path(d), dump)
            if shapes:
                shape = await measure_shape(g, TAP_GAMES[g], taps, pathlib.Path(d))
                out[f"{g} shape"] = {**shape, "differences": shape_differences(out[g], shape)}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--taps", type=int, default=5)
    p.add_argument("--games", default="qwixx,verflixxt,verlies")
    p.add_argument("--json")
    p.add_argument("--dump", action="store_true", help="print the first tap's and undo's messages")
    p.add_argument("--shapes", action="store_true", help="also each game's same-shape page (bench_floor.py --shape)")
    a = p.parse_args(argv)
    res = asyncio.run(run(a.taps, a.games.split(","), a.dump, a.shapes))
    print(f"{'game':15} {'on screen':>9} | {'tap: bytes':>10} {'new ctl':>7} {'changed':>7} {'rebuilt':>7} | "
          f"{'undo: bytes':>11} {'new ctl':>7} {'changed':>7} {'rebuilt':>7}")
    for g, r in res.items():
        t, u = r["tap"], r["undo"]
        print(f"{g:15} {r['controls_on_screen']:>9} | {t['bytes']:>10.0f} {t['new_controls']:>7.0f} "
              f"{t['changed_controls']:>7.0f} {t.get('rebuilt', float('nan')):>7.0f} | {u['bytes']:>11.0f} "
              f"{u['new_controls']:>7.0f} {u['changed_controls']:>7.0f} {u.get('rebuilt', float('nan')):>7.0f}")
        for d in r.get("differences", ()):
            print(f"    differs from the game: {d}")
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(res, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
