"""Start the Tischrichter server.

    python -m companion                 # http://127.0.0.1:8550, this device only
    python -m companion --lan           # phones on the table's network join by URL/QR with a secret token
"""

from __future__ import annotations

import argparse
import gc
import os
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion", description="Tischrichter table server")
    parser.add_argument("--host", default=None, help="address to bind (default 127.0.0.1; with --lan 0.0.0.0)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("TISCHRICHTER_PORT", "8550")))
    parser.add_argument("--lan", action="store_true", help="let the phones on this network join (needs the token URL)")
    parser.add_argument("--token", default=os.environ.get("TISCHRICHTER_TOKEN"), help="fixed LAN token (default: random)")
    parser.add_argument("--db", default=None, help="database file (default: TISCHRICHTER_DB or the user data dir)")
    args = parser.parse_args(argv)
    if args.db:
        os.environ["TISCHRICHTER_DB"] = args.db

    import uvicorn

    from companion.app import make_main, AppContext
    from companion.server import build_asgi, lan_address, new_token

    host = args.host or ("0.0.0.0" if args.lan else "127.0.0.1")
    token = (args.token or new_token()) if args.lan else None
    public = lan_address() if args.lan and host in ("0.0.0.0", "::") else host
    join_url = f"http://{public}:{args.port}/?t={token}" if token else f"http://{host}:{args.port}/"
    ctx = AppContext.create(join_url=join_url, token=token)
    refusal = ctx.store.start_refusal()  # issue 12.3/7/8: another server holds the file, or it is unusable
    if refusal:
        print(refusal, file=sys.stderr, flush=True)
        return 3
    app = build_asgi(make_main(ctx), token)
    print(f"Tischrichter: {join_url}", flush=True)
    if ctx.store.notices:
        for n in ctx.store.notices:
            print(f"  ! {n.key}: {n.params}", file=sys.stderr, flush=True)
    # Everything loaded so far (Flet, pydantic schemas, the store) lives as long as the server:
    # a full garbage collection need not scan it again (halves those pauses, see build/BENCH.md).
    gc.collect()
    gc.freeze()
    uvicorn.run(app, host=host, port=args.port, log_level="warning", ws_ping_interval=20, ws_ping_timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
