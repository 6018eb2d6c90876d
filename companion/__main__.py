"""Start the Tischrichter server.

    python -m companion                 # http://127.0.0.1:8550, this device only
    python -m companion --lan           # phones on the table's network join by their game's link (QR);
                                        # the host link printed at start-up is the host's
    python -m companion bgstats GAME_ID # a finished game's BG Stats link and its JSON

In the phone's browser (the static site of ``build/web.sh``) the entry is ``phone()``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    import flet as ft

    from companion.app import AppContext
    from companion.platform import WriteThrough


class Started(TypedDict, total=False):
    """What the phone's first session starts once (the tests read it as ``main.started``)."""

    ctx: AppContext
    main: Callable[[ft.Page], Awaitable[None]]
    gate: WriteThrough | None


def bgstats(argv: list[str]) -> int:
    """``python -m companion bgstats GAME_ID [--db FILE] [--lang de|en]``: the link, then its JSON decoded."""
    import json

    parser = argparse.ArgumentParser(prog="python -m companion bgstats",
                                     description="A finished game as a BG Stats link (createPlay) and the JSON in it")
    parser.add_argument("game_id")
    parser.add_argument("--db", default=None, help="database file (default: TISCHRICHTER_DB or the user data dir)")
    parser.add_argument("--lang", default="de", choices=("de", "en"), help="language of the comments and messages")
    args = parser.parse_args(argv)
    from companion.i18n import tr
    from companion.records import bgstats as B
    from companion.store import Store, default_path

    path = args.db or str(default_path())
    if path != ":memory:" and not os.path.exists(path):  # reading must not create an empty database
        print(tr(args.lang, "bg.no_game", id=args.game_id[:40]) + f" ({path})", file=sys.stderr)
        return 2
    store = Store(path)
    try:
        play = B.play_of(store, args.game_id, args.lang)
    except B.BGStatsRefused as exc:
        print(exc.message(args.lang), file=sys.stderr)
        return 2
    finally:
        store.close()
    url = B.link(play)
    print(url)
    print(json.dumps(B.decode_link(url), ensure_ascii=False, indent=2))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["bgstats"]:
        return bgstats(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m companion", description="Tischrichter table server")
    parser.add_argument("--host", default=None, help=("address to bind (default 127.0.0.1; with --lan 0.0.0.0); any "
                                                      "non-loopback address turns the link gate on"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("TISCHRICHTER_PORT", "8550")))
    parser.add_argument("--lan", action="store_true", help=("let the phones on this network join (each game has its "
                                                            "own link; the host link is printed)"))
    parser.add_argument("--token", default=os.environ.get("TISCHRICHTER_TOKEN"), help=("fixed host token, at least 16 "
                                                                                       "characters (default: random)"))
    parser.add_argument("--db", default=None, help="database file (default: TISCHRICHTER_DB or the user data dir)")
    _public_options(parser)
    args = parser.parse_args(argv)
    if args.public:
        return _public(args)
    if args.db:
        os.environ["TISCHRICHTER_DB"] = args.db

    from companion.i18n import both
    from companion.web.server import MIN_TOKEN, SHUTDOWN_GRACE, build_asgi, is_loopback_host, lan_address, new_token

    if args.token is not None and len(args.token) < MIN_TOKEN:
        # a short secret is guessed; refuse it before anything listens
        print(both("server.short_token", n=len(args.token), min=MIN_TOKEN), file=sys.stderr, flush=True)
        return 2

    import uvicorn

    from companion.app import AppContext, make_main

    host = args.host or ("0.0.0.0" if args.lan else "127.0.0.1")
    # Any address other phones can reach turns the gate on, with or without --lan: binding
    # it is itself the wish to be reached, and then only a link may let anyone in.
    gated = args.lan or not is_loopback_host(host)
    token = (args.token or new_token()) if gated else None
    public = lan_address() if gated and host in ("0.0.0.0", "::", "") else host
    netloc = f"[{public}]" if ":" in public else public
    base = f"http://{netloc}:{args.port}/"
    ctx = AppContext.create(join_url=base, token=token, writer=True)  # commits off the event loop
    from companion.web.limits import LimitedTables

    ctx.tables = LimitedTables(ctx.store)  # a bound on new games per minute (nothing is open yet)
    ctx.require_client = True  # a session the Gate did not name gets nothing (see Shell.identify)
    # an address given for a gated server is where its phones come from, loopback too (a proxy in
    # front of it); only a wildcard bind that found no network address leaves the phones outside
    ctx.reachable = gated and args.host is not None
    refusal = ctx.store.start_refusal()  # another server holds the file, or it is unusable
    if refusal:
        print(refusal, file=sys.stderr, flush=True)
        return 3
    app = build_asgi(make_main(ctx), token, ctx.store, gated=gated)
    print(f"Tischrichter: {base}?h={token}" if token else f"Tischrichter: {base}", flush=True)
    if token:
        if not args.lan:
            print("  " + both("server.gate_on", host=host), flush=True)
        print("  " + both("server.host_link", url=f"{base}?h={token}"), flush=True)
    if ctx.store.notices:
        for n in ctx.store.notices:
            print(f"  ! {n.key}: {n.params}", file=sys.stderr, flush=True)
    # Everything loaded so far (Flet, pydantic schemas, the store) lives as long as the server:
    # a full garbage collection need not scan it again (halves those pauses, see build/BENCH.md);
    # nor the phones' sessions once they have survived one (see GcPolicy).
    from companion.web.guard import GC

    GC.install()
    try:
        # SIGTERM ends the server within seconds whatever the connections: what is
        # still open after SHUTDOWN_GRACE is cancelled; the store's queued commits are written
        uvicorn.run(app, host=host, port=args.port, log_level="warning", ws_ping_interval=20, ws_ping_timeout=30,
                    timeout_graceful_shutdown=SHUTDOWN_GRACE)
    finally:
        ctx.store.close()
    return 0


def _public_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--public", action="store_true", help=("anyone who opens the site gets a space of their "
                                                               "own (one shard; build/serve.sh --public runs them "
                                                               "behind HAProxy)"))
    parser.add_argument("--shard", default="a", help="with --public: this process's name (a lowercase letter, "
                                                     "then up to 7 letters or digits)")
    parser.add_argument("--data", default=None, help="with --public: the directory of the shards' files")
    parser.add_argument("--base-url", default=None, help="with --public: the address phones open "
                                                         "(https://tisch.example.org/), for join links")


def _public(args: argparse.Namespace) -> int:
    from companion.web.spaces import SHARD_RE

    if not SHARD_RE.fullmatch(args.shard):
        print(f"--shard {args.shard!r}: a lowercase letter, then up to 7 lowercase letters or digits",
              file=sys.stderr, flush=True)
        return 2
    from companion.web.public import run_public

    data = args.data or os.environ.get("TISCHRICHTER_DATA") or os.path.join(os.getcwd(), "data")
    return run_public(args.shard, args.host or "127.0.0.1", args.port, data, args.base_url)


NOT_SAVED = "phone.not_saved"


def unreadable(page: ft.Page) -> None:
    """The phone's kept games could not be read: said in both languages, nothing else on the page
    (no store is opened, so nothing can be written over them)."""
    import flet as ft

    from companion.i18n import tr

    page.add(ft.SafeArea(ft.Column([ft.Text(tr(lang, "phone.unreadable"), size=18)
                                    for lang in ("de", "en")], spacing=24), minimum_padding=16))
    page.update()


def phone_main(make_ctx: Callable[[], AppContext] | None = None,
               ready: Awaitable[object] | None = None) -> Callable[[ft.Page], Awaitable[None]]:
    """``main(page)`` of the phone build: IndexedDB mounted and loaded before the store opens its
    file, and every screen held until the store's changes are written through.

    ``ready`` (the site's worker: its Flet connection is up): the store opens as soon as it is
    done, on the running loop, while the page hands the connection to Flutter and Flutter registers
    its session; the first session's ``main`` then finds it open (at phone class that
    round trip waits on the page's busy main thread). Without it the store opens in ``main``."""
    import asyncio

    from companion import platform
    from companion.app import AppContext, AppShell, make_main
    from companion.store import Notice

    started: Started = {}

    async def open_store() -> AppContext:
        if ready is not None:
            await ready
        await platform.open_storage()
        platform.mark("storage-loaded")
        ctx = make_ctx() if make_ctx else AppContext.create(db=platform.db_path())
        platform.mark("store-open")
        # a new file (its tables) is in IndexedDB before anything shows; an opened one only if
        # opening it changed it
        await platform.persist(changed=False)
        platform.mark("store-persisted")
        return ctx

    opening: list[asyncio.Future[AppContext]] = []
    if ready is not None:
        opening.append(asyncio.ensure_future(open_store()))

    async def rerender(shell: AppShell) -> None:
        shell.render()

    async def main(page: ft.Page) -> None:
        if "main" not in started:
            platform.mark("session")
            try:
                ctx = await (opening.pop() if opening else open_store())  # its error, if any, is this start's
            except platform.StorageUnreadable as exc:
                platform.log.error("%s", exc)
                unreadable(page)
                return
            if "main" not in started:
                started["ctx"], started["main"] = ctx, make_main(ctx)
        store = started["ctx"].store

        def saved(error: BaseException | None) -> None:
            """A failed save says so on every screen (until a later one works); the game goes on."""
            had = any(n.key == NOT_SAVED for n in store.notices)
            store.notices[:] = [n for n in store.notices if n.key != NOT_SAVED]
            if error is not None:
                store.notices.append(Notice(NOT_SAVED, {}))
            if had != (error is not None) and isinstance(page.data, AppShell):
                page.run_task(rerender, page.data)  # after this save round, as its own update

        started["gate"] = platform.write_through(page.session.connection, store.changes, saved)
        await started["main"](page)
        platform.mark("home-built")

    main.started = started  # type: ignore[attr-defined]  # tests read the context and the gate
    return main


def phone() -> None:
    """The whole app in this phone's browser (Pyodide, built by ``build/web.sh``): one phone, no
    server; the store lives in the browser's IndexedDB (``companion.platform``)."""
    import flet as ft

    from companion import platform

    platform.set_mode(platform.PHONE)
    ft.run(phone_main(ready=platform.connected()))


def _with_libc_malloc() -> None:
    """The server runs with Python's objects in the C library's allocator (``PYTHONMALLOC=malloc``,
    set here and the process started again, same pid, same arguments) where that is glibc: what
    1,000 connections or 600 sessions held goes back to the OS once they are gone
    (``companion.web.guard.trim_memory``), where Python's own small-object arenas stay as large as the
    peak, pinned by the few objects left in each (RSS 69 -> 154 MB, never freed).
    A ``PYTHONMALLOC`` already set is left as it is."""
    if os.environ.get("PYTHONMALLOC") or sys.argv[1:2] == ["bgstats"] or not hasattr(os, "confstr"):
        return
    try:
        glibc = bool(os.confstr("CS_GNU_LIBC_VERSION"))
    except (ValueError, OSError):
        glibc = False
    if glibc:
        os.environ["PYTHONMALLOC"] = "malloc"
        try:
            os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])
        except OSError as exc:  # e.g. a user who may run this Python but not exec its real file again
            del os.environ["PYTHONMALLOC"]
            import logging  # the server runs as before, on Python's own allocator

            logging.getLogger("tischrichter").info("PYTHONMALLOC=malloc not taken: %s", exc)


if __name__ == "__main__":
    _with_libc_malloc()
    sys.exit(main())
