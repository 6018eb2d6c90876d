"""The public server's proxy and supervisor (build/cluster.py, what ``build/serve.sh --public`` runs).

First the two files it writes, read as text and checked by HAProxy itself; then real processes on
loopback — Debian's HAProxy and supervisord with stand-in shards (tests/harness/echo_shard.py, the
server's command line, answering with their name and what reached them): every routing rule of the
contract request by request, the forwarded headers, HTTPS with its redirect, a shard killed with
SIGKILL started again, and SIGTERM stopping everything. The same with the real server's shards:
tests/test_cluster_shards.py.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.harness.proxy import Supervised, answers, free_ports, get, get_json, self_signed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))

import cluster  # noqa: E402  (build/ is a folder of scripts, not a package)

ECHO = (sys.executable, str(ROOT / "tests" / "harness" / "echo_shard.py"))
START = 30  # seconds for a cluster (or a restarted shard) to answer on a loaded 2-core machine


def frontend(cfg: str) -> list[str]:
    block = cfg.split("frontend tables\n", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in block.splitlines()]


def backend(cfg: str, name: str) -> list[str]:
    block = cfg.split(f"backend {name}\n", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in block.splitlines()]


# --- the files, without starting anything ---------------------------------------------------------

def test_two_shards_are_routed_by_path_then_cookie_and_health_checked(tmp_path):
    c = cluster.Cluster(shards=2, port=8550, data=tmp_path)
    cfg = cluster.haproxy_cfg(c)
    front = frontend(cfg)
    assert front[:4] == [
        "bind 0.0.0.0:8550",
        "http-request set-header X-Forwarded-Proto https if { ssl_fc }",
        "http-request set-header X-Forwarded-Proto http if !{ ssl_fc } !{ src 127.0.0.1 ::1 }",
        "http-request set-header X-Forwarded-Proto http if !{ ssl_fc } !{ req.hdr(X-Forwarded-Proto) -m found }",
    ]
    assert front[4:] == [
        "http-request set-var(txn.shard) path,field(3,/) if { path_beg /ws/ }",
        "http-request set-var(txn.shard) path,field(3,/),field(1,-) if !{ var(txn.shard) -m found } { path_beg /g/ }",
        "http-request set-var(txn.shard) req.cook(tischrichter_space),field(1,-) if !{ var(txn.shard) -m found } "
        "{ req.cook(tischrichter_space) -m found }",
        "http-request set-var(txn.shard) req.cook(tischrichter_guest),field(1,-) if !{ var(txn.shard) -m found } "
        "{ req.cook(tischrichter_guest) -m found }",
        "use_backend shard_a if { var(txn.shard) -m str a }",
        "use_backend shard_b if { var(txn.shard) -m str b }",
        "default_backend any  # a new visitor, or a name no shard has",
    ]
    health = ["option httpchk", "http-check send meth GET uri /healthz", "http-check expect status 200"]
    assert backend(cfg, "shard_a") == [*health, "server a 127.0.0.1:8551 check"]
    assert backend(cfg, "shard_b") == [*health, "server b 127.0.0.1:8552 check"]
    assert backend(cfg, "any") == ["balance roundrobin", *health, "server a 127.0.0.1:8551 check",
                                   "server b 127.0.0.1:8552 check"]
    for line in ("option forwardfor", "timeout tunnel 1h", "timeout check 10s"):
        assert f"\n    {line}\n" in cfg
    assert "frontend plain" not in cfg and " ssl " not in cfg
    cfg_file, _ = cluster.write(c)
    assert cluster.haproxy_refusal(cfg_file) is None


def test_each_shard_is_a_supervised_program_with_the_servers_command_line(tmp_path):
    data = tmp_path / "100% tables"  # supervisord expands %(...)s, the shell splits on spaces
    c = cluster.Cluster(shards=2, port=8550, data=data, base_url="https://tisch.example.org")
    conf = cluster.supervisord_conf(c)
    programs = re.findall(r"^\[program:([^\]]+)\]$", conf, re.M)
    assert programs == ["shard-a", "shard-b", "haproxy"]
    sections = dict(zip(programs, conf.split("[program:")[1:]))
    for text in sections.values():
        assert "\nautorestart=true\n" in text and "\nstartsecs=1\n" in text and "\nstopsignal=TERM\n" in text
    commands = re.findall(r"^command=(.*)$", conf, re.M)
    assert commands[0] == (f"{sys.executable} -m companion --public --shard a --host 127.0.0.1 --port 8551 "
                           f"--data '{tmp_path}/100%% tables' --base-url https://tisch.example.org/")
    assert commands[1].split(" --port ")[1].startswith("8552 ")
    assert commands[2] == f"{cluster.haproxy_binary()} -db -f '{tmp_path}/100%% tables/run/haproxy.cfg'"
    assert "[supervisord]\nnodaemon=true\n" in conf


def test_with_a_certificate_the_proxy_speaks_https_and_plain_http_redirects(tmp_path):
    pem = self_signed(tmp_path)
    c = cluster.Cluster(shards=1, port=443, data=tmp_path, cert=pem, http_port=80, base_url="")
    cfg = cluster.haproxy_cfg(c)
    assert frontend(cfg)[0] == f'bind 0.0.0.0:443 ssl crt "{pem}" alpn h2,http/1.1'
    plain = cfg.split("frontend plain\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert [line.strip() for line in plain] == ["bind 0.0.0.0:80", "http-request redirect scheme https code 301"]
    assert c.url().startswith("https://") and ":443" not in c.url()
    other = cluster.Cluster(shards=1, port=8443, data=tmp_path, cert=pem, http_port=8080, base_url="")
    assert "http-request redirect prefix https://%[req.hdr(host),regsub(:[0-9]+$,)]:8443 code 301" in (
        cluster.haproxy_cfg(other))
    assert cluster.haproxy_refusal(cluster.write(other)[0]) is None


def test_the_defaults_follow_the_certificate_and_shards_sit_above_the_proxys_port(tmp_path):
    pem = self_signed(tmp_path)
    c, write_only = cluster.parse(["--public", "--cert", str(pem), "--data", str(tmp_path), "--shards", "3"])
    assert (c.port, c.http_port, c.shard_ports(), write_only) == (443, 80, {"a": 8551, "b": 8552, "c": 8553}, False)
    plain, _ = cluster.parse(["--public", "--port", "9000", "--data", str(tmp_path)])
    assert (plain.port, plain.http_port, plain.shard_ports()) == (9000, 0, {"a": 9001})
    assert cluster.Cluster(shards=1, port=9000, data=tmp_path, host="127.0.0.1").url() == "http://127.0.0.1:9000/"


def test_arguments_that_cannot_work_are_refused_in_a_sentence(tmp_path):
    key_only = tmp_path / "key.pem"
    key_only.write_text("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
    cases = {
        cluster.Cluster(shards=0, port=8550, data=tmp_path): "--shards must be 1 to 26, not 0",
        cluster.Cluster(shards=27, port=8550, data=tmp_path): "--shards must be 1 to 26, not 27",
        cluster.Cluster(shards=2, port=8550, data=tmp_path, shard_port=8549):
            "the proxy's and the shards' ports overlap: [8550, 8549, 8550]",
        cluster.Cluster(shards=1, port=8550, data=tmp_path, http_port=8080):
            "--http-port redirects to HTTPS: it needs --cert",
        cluster.Cluster(shards=1, port=443, data=tmp_path, cert=key_only): (
            f"{key_only} must hold the certificate and its private key in one PEM file (HAProxy reads both)"),
        cluster.Cluster(shards=1, port=443, data=tmp_path, cert=tmp_path / "none.pem"):
            f"no certificate file {tmp_path / 'none.pem'}",
    }
    assert {c: c.check() for c in cases} == cases
    assert cluster.main(["--public", "--shards", "0", "--data", str(tmp_path), "--write-only"]) == 2


# --- real HAProxy and supervisord, stand-in shards -------------------------------------------------

def start(tmp: Path, shards: int, **kw) -> tuple[Supervised, cluster.Cluster]:
    port, first, *_ = free_ports(2 + shards)
    c = cluster.Cluster(shards=shards, port=port, shard_port=first, data=tmp / "data", host="127.0.0.1",
                        program=ECHO, **kw)
    cluster.write(c)
    return Supervised(["supervisord", "-n", "-c", str(c.run / "supervisord.conf")], c.data, ROOT), c


@pytest.fixture(scope="module")
def two(tmp_path_factory):
    sup, c = start(tmp_path_factory.mktemp("two"), 2)
    try:
        assert sorted(sup.all_up(time.monotonic() + START)) == [
            "any/a", "any/b", "shard_a/a", "shard_b/b"]  # the proxy has seen every shard healthy
        yield sup, c
    finally:
        if sup.stop():
            print(sup.output())


ROUTES = [
    ("/ws/b", {}, "b"),
    ("/ws/a", {"Cookie": "tischrichter_space=b-0f3c"}, "a"),  # the path comes before the cookie
    ("/g/b-0123abcd?t=x", {}, "b"),
    ("/g/b-0123abcd/seat/2?t=x", {"Cookie": "tischrichter_guest=a-99.f00"}, "b"),
    ("/", {"Cookie": "tischrichter_space=b-4f2a9c"}, "b"),
    ("/assets/main.js", {"Cookie": "theme=dark; tischrichter_space=a-77"}, "a"),
    ("/", {"Cookie": "tischrichter_guest=b-1234.abcd"}, "b"),
    ("/", {"Cookie": "tischrichter_space=a-1; tischrichter_guest=b-2.x"}, "a"),  # the space cookie first
]


@pytest.mark.parametrize(("path", "headers", "shard"), ROUTES)
def test_a_request_naming_a_shard_reaches_that_shard(two, path, headers, shard):
    _, c = two
    got = get_json(f"http://127.0.0.1:{c.port}{path}", headers)
    assert (got["shard"], got["path"]) == (shard, path)


def test_a_visitor_naming_no_shard_is_shared_out_among_them(two):
    _, c = two
    seen = [get_json(f"http://127.0.0.1:{c.port}{p}")["shard"] for p in ("/", "/healthz", "/ws/zz", "/g/q-12")]
    seen += [get_json(f"http://127.0.0.1:{c.port}/", {"Cookie": "tischrichter_space=x-1"})["shard"]]
    assert set(seen) == {"a", "b"}


def get_from(source: str, port: int, path: str, headers: dict[str, str]) -> dict:
    """A GET from another loopback address (127.0.0.2 is a phone elsewhere, as the proxy sees it)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(source, 0))
    try:
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        assert resp.status == 200
        return json.loads(resp.read())
    finally:
        conn.close()


def test_a_phone_cannot_tell_the_shard_its_address_or_scheme(two):
    _, c = two
    got = get_from("127.0.0.2", c.port, "/ws/a", {"X-Forwarded-For": "127.0.0.1", "X-Forwarded-Proto": "https"})
    # the server takes the last address that is not the proxy's (uvicorn's proxy headers): the phone's
    assert (got["forwarded_for"], got["forwarded_proto"]) == ("127.0.0.1, 127.0.0.2", "http")
    got = get_from("127.0.0.2", c.port, "/ws/a", {})
    assert (got["forwarded_for"], got["forwarded_proto"]) == ("127.0.0.2", "http")
    assert got["base_url"] == f"http://127.0.0.1:{c.port}/"
    for name, port in c.shard_ports().items():  # each shard's own port answers its name
        assert get_json(f"http://127.0.0.1:{port}/healthz")["shard"] == name


def test_a_tls_terminator_on_this_machine_passes_the_phones_address_and_scheme_on(two):
    _, c = two  # Caddy in front of the proxy (README): it connects from 127.0.0.1 and says both
    got = get_from("127.0.0.1", c.port, "/ws/b", {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"})
    assert (got["forwarded_for"], got["forwarded_proto"]) == ("203.0.113.9, 127.0.0.1", "https")
    got = get_from("127.0.0.1", c.port, "/ws/b", {})
    assert (got["forwarded_for"], got["forwarded_proto"]) == ("127.0.0.1", "http")


def test_a_shard_killed_outright_is_started_again_and_reached_again(two):
    sup, c = two
    before = sup.pid("shard-b")
    os.kill(before, signal.SIGKILL)
    deadline = time.monotonic() + START
    answers(f"http://127.0.0.1:{c.shard_ports()['b']}/healthz", deadline, {"shard": "b"})
    assert sup.pid("shard-b") != before
    answers(f"http://127.0.0.1:{c.port}/ws/b", deadline, {"shard": "b"})
    assert "exited: shard-b (terminated by SIGKILL; not expected)" in (c.run / "supervisord.log").read_text()


def test_https_reaches_the_shard_as_https_and_plain_http_is_sent_there(tmp_path):
    http_port, = free_ports(1)
    sup, c = start(tmp_path, 1, cert=self_signed(tmp_path), http_port=http_port)
    try:
        got = answers(f"https://127.0.0.1:{c.port}/healthz", time.monotonic() + START, {"shard": "a"})
        assert got["forwarded_proto"] == "https"
        status, headers, _ = get(f"http://127.0.0.1:{http_port}/g/a-0123abcd?t=x")
        assert (status, headers["location"]) == (301, f"https://127.0.0.1:{c.port}/g/a-0123abcd?t=x")
    finally:
        sup.stop()


def test_sigterm_to_the_supervisor_stops_the_proxy_and_every_shard(tmp_path):
    sup, c = start(tmp_path, 2)
    answers(f"http://127.0.0.1:{c.port}/healthz", time.monotonic() + START)
    pids = [sup.pid(p) for p in ("shard-a", "shard-b", "haproxy")]
    assert sup.stop() == 0
    alive = [pid for pid in pids if os.path.exists(f"/proc/{pid}") and "zombie" not in status_of(pid)]
    assert alive == []
    with pytest.raises(OSError):
        get(f"http://127.0.0.1:{c.port}/healthz", timeout=2)


def status_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return "zombie"  # gone meanwhile


def test_the_written_files_are_what_serve_sh_starts(tmp_path):
    port, first = free_ports(2)
    done = subprocess.run(
        [sys.executable, "build/cluster.py", "--public", "--port", str(port), "--shard-port", str(first), "--host",
         "127.0.0.1", "--data", str(tmp_path), "--write-only"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == (f"Tischrichter (public): http://127.0.0.1:{port}/ via HAProxy on "
                                           f"127.0.0.1:{port}")
    assert sorted(p.name for p in (tmp_path / "run").iterdir()) == ["haproxy.cfg", "log", "supervisord.conf"]
