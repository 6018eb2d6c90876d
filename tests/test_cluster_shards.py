"""The public server as a person starts it: ``bash build/serve.sh --public --shards 2`` on loopback —
Debian's HAProxy and supervisord with two real shards (``python -m companion --public``).

Through the proxy: the health check reaches both shards and each shard's own port answers its name;
a new visitor gets a space on one of them and keeps reaching it by its cookie, and its websocket
(``/ws/<shard>``) opens there (a shard refuses another shard's space, so an open websocket is the
proof it reached the right one); a shard killed with SIGKILL is started again by supervisord and
its players reach it again; SIGTERM to the script stops every process it started.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time

import pytest

from tests.harness.proxy import Supervised, answers, free_ports, get, get_json
from tests.harness.ws import ws_outcome
from tests.test_backup_shards import backup_shards
from tests.test_cluster import ROOT

START = 120  # seconds: the set-up check, then two servers importing Flet on a loaded 2-core machine
ENDPOINT = re.compile(r'webSocketEndpoint="/ws/([a-z0-9]+)"')


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    data = tmp_path_factory.mktemp("public") / "data"
    port, first, _ = free_ports(3)
    sup = Supervised(["bash", "build/serve.sh", "--public", "--shards", "2", "--host", "127.0.0.1", "--port", str(port),
                      "--shard-port", str(first), "--data", str(data)], data, ROOT)
    try:
        sup.all_up(time.monotonic() + START)
        yield sup, port, {"a": first, "b": first + 1}
    finally:
        if sup.stop():
            print(sup.output())


def space_of(proxy: int, cookie: str | None = None) -> tuple[str | None, str | None]:
    """(the space cookie the answer set, the shard its page names) for ``/`` through the proxy."""
    status, heads, body = get(f"http://127.0.0.1:{proxy}/", {"Cookie": cookie} if cookie else None)
    assert status == 200, body[:300]
    found = ENDPOINT.search(body.decode())
    spaces = [c.split(";")[0] for c in heads.get_all("Set-Cookie", []) if c.startswith("tischrichter_space=")]
    assert len(spaces) <= 1, spaces
    return (spaces[0] if spaces else None), (found.group(1) if found else None)


def test_health_through_the_proxy_reaches_both_shards_and_each_port_answers_its_name(served):
    sup, proxy, ports = served
    seen = {get_json(f"http://127.0.0.1:{proxy}/healthz")["shard"] for _ in range(6)}
    assert seen == {"a", "b"}
    assert {name: get_json(f"http://127.0.0.1:{port}/healthz")["shard"] for name, port in ports.items()} == {
        "a": "a", "b": "b"}
    assert {"a", "b", "run"} <= {p.name for p in sup.data.iterdir()}  # each shard's files in its own folder


def spaces_on_both(proxy: int) -> dict[str, str]:
    """New visitors until each shard has given one a space: shard -> that space's cookie."""
    spaces: dict[str, str] = {}
    for _ in range(8):
        cookie, shard = space_of(proxy)
        assert cookie is not None and shard is not None and cookie.startswith(f"tischrichter_space={shard}-")
        spaces.setdefault(shard, cookie)
        if len(spaces) == 2:
            return spaces
    raise AssertionError(f"new visitors all went to one shard: {spaces}")


def test_a_space_cookie_and_its_websocket_reach_the_shard_that_holds_the_space(served):
    _, proxy, _ = served
    for shard, cookie in spaces_on_both(proxy).items():
        # again and again the same shard (round robin alone would alternate): no new space, its endpoint
        assert [space_of(proxy, cookie) for _ in range(4)] == [(None, shard)] * 4
        assert asyncio.run(ws_outcome(proxy, cookie=cookie, path=f"/ws/{shard}")) == "open"


def test_a_shard_killed_outright_comes_back_and_its_space_is_reached_again(served):
    sup, proxy, ports = served
    cookie = spaces_on_both(proxy)["b"]
    before = sup.pid("shard-b")
    os.kill(before, signal.SIGKILL)
    deadline = time.monotonic() + START
    answers(f"http://127.0.0.1:{ports['b']}/healthz", deadline, {"shard": "b"})
    assert sup.pid("shard-b") != before
    sup.all_up(deadline)
    assert space_of(proxy, cookie) == (None, "b")  # the space outlived its process (its file)
    assert asyncio.run(ws_outcome(proxy, cookie=cookie, path="/ws/b")) == "open"


def test_the_backup_copies_every_shards_files_while_they_run(served, tmp_path):
    sup, proxy, _ = served
    spaces_on_both(proxy)
    folder, checks = backup_shards.backup(sup.data, tmp_path / "backups")
    assert {"a/shard.sqlite", "b/shard.sqlite"} <= set(checks)
    assert set(checks.values()) == {"ok"}
    print(sorted(checks))


def test_sigterm_to_the_script_stops_the_proxy_and_both_shards(served):
    sup, proxy, _ = served
    pids = [sup.pid(p) for p in ("shard-a", "shard-b", "haproxy")]
    assert sup.stop() == 0
    assert [pid for pid in pids if os.path.exists(f"/proc/{pid}")] == []
    with pytest.raises(OSError):
        get(f"http://127.0.0.1:{proxy}/healthz", timeout=2)
