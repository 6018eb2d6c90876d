"""The floor for build/bench.py: a bare Flet counter, served exactly like the app.

    .venv/bin/python build/bench_floor.py --port 8551

Same Flet, same uvicorn settings, offline (no_cdn), 127.0.0.1; the first stdout
line is the URL, as with ``python -m companion``. One button "Plus", one text
"Zähler: N": the smallest update a Flet page can show after a tap.

``--sheet``: the same counter on a page shaped like a Qwixx screen (five big
buttons, a sheet of 4 × 15 fields, each field a labelled container with its
number); every tap also changes the five buttons' text and colour and the
colour of 8 fields, changed in place (Flet's cheapest update). That is what
crossing a field makes a Flet page do, without any app around it.

``--shape qwixx|verflixxt|verlies``: the game's own screen at the tap bench's position
(``build/bench.py`` ``TAP_GAMES``: the prepared table opened as /g/<id> with "Alle"),
generated from the app at start-up and served without it: the same controls, and the
bench's tap and undo change and send the same controls the app's do (see ``record_shape``
and ``ShapePage``; ``tests/test_bench_shapes.py`` holds it to that). The bench taps it
exactly as it taps the game.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import dataclasses
import enum
import os
import pathlib
import sys
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main_page(page) -> None:
    import flet as ft

    count = {"n": 0}
    text = ft.Text("Zähler: 0")

    def plus(e) -> None:
        count["n"] += 1
        text.value = f"Zähler: {count['n']}"

    page.title = "Floor"
    page.add(ft.Column([text, ft.Button("Plus", on_click=plus)]))


def sheet_page(page) -> None:
    import flet as ft

    count = {"n": 0}
    text = ft.Text("Zähler: 0")
    fields: list[tuple[ft.Container, str]] = []
    rows = []
    for strong, light in (
        ("red700", "red50"),
        ("amber700", "yellow50"),
        ("green700", "green50"),
        ("blue700", "blue50"),
    ):
        cells: list[ft.Control] = [ft.Container(content=ft.Text("R", size=13, color="white"), bgcolor=strong, width=24,
                                                height=31, border_radius=6, alignment=ft.Alignment.CENTER)]
        for n in range(2, 17):
            box = ft.Container(content=ft.Text(str(n), size=13), width=21, height=31, bgcolor=light,
                               border=ft.Border.all(1, ft.Colors.BLACK_26), border_radius=4,
                               alignment=ft.Alignment.CENTER, on_click=lambda e: None)
            fields.append((box, light))
            cells.append(ft.Semantics(label=f"Feld {n}", button=True, content=box))
        cells.append(ft.Text("0", size=12, width=30))
        rows.append(ft.Row(cells, spacing=1, scroll=ft.ScrollMode.AUTO))
    buttons = [ft.Button(content=ft.Text(f"Knopf {i}", size=17), height=52, bgcolor="red700", on_click=lambda e: None)
               for i in range(5)]

    def plus(e) -> None:
        count["n"] += 1
        odd = count["n"] % 2 == 1
        text.value = f"Zähler: {count['n']}"
        for i, b in enumerate(buttons):
            b.content.value = f"{'Glückszahl ' if odd else ''}Knopf {i}"
            b.bgcolor = "blue700" if odd else "red700"
        for k, (box, light) in enumerate(fields):
            if k % 8 == 0:
                box.bgcolor = "amber300" if odd else light
                box.content.weight = ft.FontWeight.BOLD if odd else ft.FontWeight.NORMAL

    page.title = "Floor (sheet)"
    page.add(ft.Column([text, ft.Button("Plus", on_click=plus), ft.Row(buttons, wrap=True), *rows]))


# --- same-shape pages ----------------------------------------------------------------------------
# A bare Flet page of the same shape as a game's screen at the tap bench's position, generated from
# the app itself: ``record_shape`` runs the app in the level-2 harness (``tests/harness/flet_session.py``)
# on the table ``build/bench.py`` prepares, chooses "Alle" and taps the bench's tap / undo twice,
# snapshotting the whole control tree (every control's type, properties, key and, per control, which
# Python object it is) after each step. ``ShapePage`` then serves that tree with no app behind it:
# the tapped control's click replays the recorded step. Controls the app kept (the same Python object
# before and after a step) are kept and only their changed properties are set; controls the app built
# anew are built anew (Flet then diffs them as it did the app's: a keyed column compared in place,
# the rest sent whole); every event handler is one dispatcher (a new function object where the app
# gave a kept control a new handler, as Flet sends that change too). So each tap and undo makes
# Flet send what the app's makes it send, with no referee, store or screen builder in between.
@dataclasses.dataclass(eq=False)
class Node:
    """One control as it was in one recorded state: its class, identity and every field's value."""

    cls: type
    token: int  # which Python object of the app (same token = the same object in two states)
    fields: dict[str, Any]  # converted values: scalars, value copies, Node, NewHandler, lists/dicts of them
    path: tuple[Any, ...] = ()  # where it is in its state's tree


@dataclasses.dataclass(frozen=True)
class Handler:
    """An event handler of the app (``token`` = which function object)."""

    token: int


@dataclasses.dataclass(eq=False)
class Program:
    """A state change made cheap to replay: the kept controls (path after ← path before), then, children
    first, the controls to build and the kept ones whose fields change; the page's controls after."""

    kept: list[tuple[tuple[Any, ...], tuple[Any, ...]]]
    work: list[Spec]
    roots: list[tuple[Any, ...]]


@dataclasses.dataclass(eq=False)
class Step:
    """One recorded tap: the controls it may be made on (paths in the state before: every tappable
    control named as the bench's tap, by text, label or tooltip) and how the state after is made."""

    targets: frozenset[tuple[Any, ...]]
    program: Program


@dataclasses.dataclass(eq=False)
class Spec:
    """How to get one control of the state after a step: kept (``kept_from``: its path before) or built."""

    cls: type
    fields: dict[str, Any]  # every field: values, child Specs, NewHandler, lists/dicts of them
    updates: tuple[str, ...]  # kept: the fields whose value changed; built: those not at the class default
    kept_from: tuple[Any, ...] | None
    path: tuple[Any, ...]


class NewHandler:
    """A kept control got another handler object in the app: the shape page gives it a new one too."""


# not recorded: Flet's bookkeeping and ``data`` (the app's own); recorded too: the fields Flet skips in
# its diff but reads before an update (a Button's ``bgcolor``/``style`` become its ``_internals``)
_SKIP_FIELDS = {"_values", "_dirty", "_i", "_c", "_parent", "data"}
_PAGE_PROPS = ("title", "theme_mode", "theme", "dark_theme", "padding", "bgcolor", "scroll", "spacing",
               "horizontal_alignment", "vertical_alignment", "fonts", "rtl")


class _Recorder:
    def __init__(self) -> None:
        self.keep: list[Any] = []  # every object seen stays alive, so its id() is its token
        self.tokens: dict[int, int] = {}

    def token(self, obj: Any) -> int:
        k = id(obj)
        if k not in self.tokens:
            self.tokens[k] = len(self.keep)
            self.keep.append(obj)
        return self.tokens[k]

    def convert(self, v: Any, path: tuple[Any, ...]) -> Any:
        from flet.controls.base_control import BaseControl

        if isinstance(v, BaseControl):
            return self.node(v, path)
        if isinstance(v, list):
            return [self.convert(x, (*path, i)) for i, x in enumerate(v)]
        if isinstance(v, tuple):
            return tuple(self.convert(x, (*path, i)) for i, x in enumerate(v))
        if isinstance(v, dict):
            return {k: self.convert(x, (*path, k)) for k, x in v.items()}
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            return copy.deepcopy(v)
        if callable(v) and not isinstance(v, type) and not isinstance(v, enum.Enum):
            return Handler(self.token(v))
        return v

    def node(self, c: Any, path: tuple[Any, ...]) -> Node:
        fields = {}
        for f in dataclasses.fields(c):
            if f.name in _SKIP_FIELDS:
                continue
            fields[f.name] = self.convert(getattr(c, f.name), (*path, f.name))
        return Node(type(c), self.token(c), fields, path)

    def state(self, page: Any) -> list[Node]:
        return [self.node(c, ("controls", i)) for i, c in enumerate(page.controls)]


def _nodes(value: Any) -> Iterator[Node]:
    if isinstance(value, Node):
        yield value
        for v in value.fields.values():
            yield from _nodes(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _nodes(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _nodes(v)


def _shape_of(state: list[Node]) -> set[tuple[Any, ...]]:
    return {(n.path, n.cls) for n in _nodes(state)}


def _same(a: Any, b: Any) -> bool:
    """Whether Flet would see no change between two recorded field values of a kept control."""
    if isinstance(a, Node) or isinstance(b, Node):
        return isinstance(a, Node) and isinstance(b, Node) and a.token == b.token
    if isinstance(a, Handler) or isinstance(b, Handler):
        return a == b
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - incomparable: a change
        return False


def _compile(roots: list[Any]) -> Program:
    prog = Program([], [], [])

    def visit(v: Any) -> None:
        if isinstance(v, Spec):
            for x in v.fields.values():
                visit(x)
            if v.kept_from is not None:
                prog.kept.append((v.path, v.kept_from))
            if v.kept_from is None:  # built: only what differs from the class's defaults is passed
                v.updates = tuple(k for k, x in v.fields.items() if not _is_default(v.cls, k, x))
            if v.kept_from is None or v.updates:
                prog.work.append(v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                visit(x)
        elif isinstance(v, dict):
            for x in v.values():
                visit(x)

    for r in roots:
        visit(r)
    prog.roots = [r.path for r in roots]
    return prog


def _is_default(cls: type, name: str, value: Any) -> bool:
    f = cls.__dataclass_fields__[name]
    if f.default is not dataclasses.MISSING:
        return type(value) is type(f.default) and value == f.default and not isinstance(value, Spec)
    if f.default_factory is not dataclasses.MISSING and isinstance(value, (list, dict)) and not value:
        return type(f.default_factory()) is type(value)
    return False


def _plan(before: list[Node], after: list[Node]) -> list[Any]:
    """The specs that turn the state ``before`` into ``after`` as the app's tap did."""
    where = {n.token: n for n in _nodes(before)}

    def spec(v: Any, kept: bool) -> Any:
        if isinstance(v, Node):
            old = where.get(v.token)
            fields = {k: spec(x, old is not None) for k, x in v.fields.items()}
            if old is None:
                return Spec(v.cls, fields, tuple(fields), None, v.path)
            changed = tuple(k for k, x in v.fields.items() if not _same(old.fields.get(k), x))
            return Spec(v.cls, fields, changed, old.path, v.path)
        if isinstance(v, Handler):
            return NewHandler
        if isinstance(v, list):
            return [spec(x, kept) for x in v]
        if isinstance(v, tuple):
            return tuple(spec(x, kept) for x in v)
        if isinstance(v, dict):
            return {k: spec(x, kept) for k, x in v.items()}
        return v

    return [spec(n, False) for n in after]


@dataclasses.dataclass(eq=False)
class ShapeRecording:
    """A game's screen at the bench position and its recorded tap/undo steps (see above)."""

    game: str
    page_props: dict[str, Any]
    first: Program  # the first state (all built)
    steps: list[Step]  # tap, undo, tap, undo
    loop_from: int = 2  # after the last step, go on with steps[loop_from:] (the steady state)


async def record_shape(game: str, width: int = 390, height: int = 844, steps: int = 4) -> ShapeRecording:
    """Run the app in the level-2 harness at the tap bench's position of ``game`` and record its screen
    and ``steps`` alternating taps (tap, undo, ...) as ``build/bench.py`` taps them."""
    from build.bench import PASS_AROUND, TAP_GAMES
    from build.bench_patch import find_tap
    from tests.harness.flet_session import AppSession, make_context

    spec = TAP_GAMES[game]
    with tempfile.TemporaryDirectory(prefix="shape-") as d:
        db = pathlib.Path(d) / "shape.db"
        gid = spec["prepare"](db)
        ctx = make_context(db)
        try:
            app = await AppSession.start(ctx, route=f"/g/{gid}", width=width, height=height)
            await app.click(text=PASS_AROUND)
            rec = _Recorder()
            states = [rec.state(app.page)]
            targets: list[frozenset[tuple[Any, ...]]] = []
            for i in range(steps):
                name, expect = spec["forth"] if i % 2 == 0 else spec["back"]
                # the browser taps the first button so named (a Qwixx field "Rot 7" by its label),
                # the harness the first found by text: any of them makes the step on the shape page
                paths = {n.token: n.path for n in _nodes(states[-1])}
                at = frozenset(
                    paths[rec.token(f.clickable())]
                    for how in ({"text": name}, {"label": name}, {"tooltip": name})
                    for f in app.find_all(**how)
                    if f.clickable() is not None
                )
                await app.click(**find_tap(app, name))
                if not app.has_text(expect, contains=not spec["exact"]):
                    raise AssertionError(f"{game}: {expect!r} not shown after {name!r}")
                targets.append(at)
                states.append(rec.state(app.page))
            if steps >= 4 and _shape_of(states[2]) != _shape_of(states[4]):
                raise AssertionError(f"{game}: tap and undo do not come back to the same screen; "
                                     "the shape page could not repeat them")
            props = {k: copy.deepcopy(getattr(app.page, k)) for k in _PAGE_PROPS
                     if getattr(app.page, k, None) is not None}
            await app.close()
        finally:
            ctx.store.close()
    return ShapeRecording(
        game=game, page_props=props, first=_compile(_plan([], states[0])),
        steps=[Step(targets[i], _compile(_plan(states[i], states[i + 1]))) for i in range(steps)],
    )


class ShapePage:
    """Serves a ``ShapeRecording``: ``main(page)`` per browser session (no app, no store)."""

    def __init__(self, rec: ShapeRecording) -> None:
        self.rec = rec

    async def main(self, page: Any) -> None:
        rec = self.rec
        at: dict[tuple[Any, ...], Any] = {}  # path → control of the state shown now
        where = {"next": 0}

        def handler() -> Callable[[Any], None]:
            def on_event(e: Any) -> None:
                step = rec.steps[where["next"]]
                if getattr(e, "name", "click") != "click" or not any(at.get(p) is e.control for p in step.targets):
                    return
                page.controls, new_at = _run(step.program, at, handler)
                at.clear()
                at.update(new_at)
                where["next"] = where["next"] + 1 if where["next"] + 1 < len(rec.steps) else rec.loop_from
                page.update()
                _reindex(page, at)

            return on_event

        for k, v in rec.page_props.items():
            setattr(page, k, copy.deepcopy(v))
        page.controls, first = _run(rec.first, {}, handler)
        at.update(first)
        page.update()


def _reindex(page: Any, at: dict[tuple[Any, ...], Any]) -> None:
    """Flet 1.0.5 drops a kept subtree from the session's control index when its old parent was
    replaced (the app's ``Shell.reuse`` puts it back the same way): a tap on it must still arrive."""
    index = getattr(getattr(page, "session", None), "index", None)
    if index is None:
        return
    for ctrl in at.values():
        if index.get(ctrl._i) is not ctrl:
            index[ctrl._i] = ctrl


def _run(prog: Program, before: dict[tuple[Any, ...], Any], handler: Callable[[], Callable[[Any], None]]
         ) -> tuple[list[Any], dict[tuple[Any, ...], Any]]:
    """Replay a state change on the live controls ``before`` (path → control): the page's new controls
    and the new path → control map."""
    now = {new: before[old] for new, old in prog.kept}
    for spec in prog.work:  # children before their parents
        if spec.kept_from is not None:
            ctrl = now[spec.path]
            for k in spec.updates:
                setattr(ctrl, k, _value(spec.fields[k], now, handler))
        else:
            init = _init_fields(spec.cls)
            values = {k: _value(spec.fields[k], now, handler) for k in spec.updates}
            ctrl = spec.cls(**{k: x for k, x in values.items() if k in init})
            for k, x in values.items():
                if k not in init:
                    object.__setattr__(ctrl, k, x)
            now[spec.path] = ctrl
    return [now[p] for p in prog.roots], now


_INIT: dict[type, frozenset[str]] = {}
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _init_fields(cls: type) -> frozenset[str]:
    if cls not in _INIT:
        _INIT[cls] = frozenset(f.name for f in dataclasses.fields(cls) if f.init)
    return _INIT[cls]


def _value(v: Any, now: dict[tuple[Any, ...], Any], handler: Callable[[], Callable[[Any], None]]) -> Any:
    """A recorded field value as a live one: a control of the new state, a new handler, a fresh value."""
    if type(v) in _SCALARS:
        return v
    if isinstance(v, Spec):
        return now[v.path]
    if v is NewHandler:
        return handler()
    if isinstance(v, list):
        return [_value(x, now, handler) for x in v]
    if isinstance(v, tuple):
        return tuple(_value(x, now, handler) for x in v)
    if isinstance(v, dict):
        return {k: _value(x, now, handler) for k, x in v.items()}
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return copy.deepcopy(v)
    return v



def run(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8551)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--sheet", action="store_true", help="the counter on a Qwixx-shaped page (see above)")
    parser.add_argument("--shape", choices=("qwixx", "verflixxt", "verlies"),
                        help="the game's screen at the tap bench's position, without the app (see above)")
    parser.add_argument("--viewport", default="390x844", help="--shape: the screen size it is recorded at (WxH)")
    args = parser.parse_args(argv)
    if args.shape:
        w, h = (int(v) for v in args.viewport.lower().split("x"))
        rec = asyncio.run(record_shape(args.shape, w, h))
        serve(ShapePage(rec).main, args.host, args.port, name=f"Shape ({args.shape})")
        return 0
    serve(sheet_page if args.sheet else main_page, args.host, args.port)
    return 0


def serve(main: Callable[[Any], None], host: str = "127.0.0.1", port: int = 8551, name: str = "Floor") -> None:
    """Serve the page ``main`` as the app is served (offline, same uvicorn settings) until stopped;
    the first stdout line is the URL. Other bare pages (e.g. the typing test's one text field) use it too."""
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    import flet as ft
    import uvicorn

    app = ft.run(main, export_asgi_app=True, no_cdn=True)
    print(f"{name}: http://{host}:{port}/", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_ping_interval=20, ws_ping_timeout=30)


if __name__ == "__main__":
    sys.exit(run())
