"""The public server: K shards behind HAProxy, all run and restarted by supervisord.

    .venv/bin/python build/cluster.py --public --shards 2 --port 8550 --data DIR   # what serve.sh --public runs

Writes ``DIR/run/haproxy.cfg`` and ``DIR/run/supervisord.conf`` from the arguments, has HAProxy check
its file, then becomes ``supervisord -n`` (same process: Ctrl-C or SIGTERM to it stops every program
it started). ``--write-only`` writes and checks the two files and starts nothing.

Why this shape: a group's phones must meet in the process that holds its table, so each shard is a
whole single-process server with its own files (``DIR/<shard>/``) and the proxy sends each request
to the shard named in its path or cookie (the routing rules below). A shard that dies is started
again by supervisord, and HAProxy stops sending new visitors to a shard whose ``GET /healthz`` fails,
so neither needs code of ours: this module only writes their configuration.

Shards are named a, b, c, ... and listen on 127.0.0.1 at consecutive ports from ``--shard-port``
(default: the port after ``--port``, or 8551 when ``--port`` is below 1024, as 443 is).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMES = "abcdefghijklmnopqrstuvwxyz"  # shard names; the server takes [a-z][a-z0-9]{0,7}, one letter is plenty
COOKIES = ("tischrichter_space", "tischrichter_guest")  # their values start "<shard>-"
DEFAULT_DATA = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "tischrichter" / "public"


@dataclass(frozen=True)
class Cluster:
    """Everything the two configuration files are written from."""

    shards: int
    port: int
    data: Path
    host: str = "0.0.0.0"
    cert: Path | None = None
    http_port: int = 0  # with a certificate: plain HTTP here only redirects to HTTPS (0: no such port)
    shard_port: int = 0  # the first shard's loopback port (0: the default above)
    base_url: str = ""  # the address phones use (join links, QR codes); "" = worked out from host and port
    # how a shard is started; the contract's arguments follow (a test puts a stand-in here)
    program: tuple[str, ...] = field(default=(sys.executable, "-m", "companion"))

    @property
    def names(self) -> list[str]:
        return list(NAMES[: self.shards])

    @property
    def first_shard_port(self) -> int:
        if self.shard_port:
            return self.shard_port
        return self.port + 1 if self.port >= 1024 else 8551

    def shard_ports(self) -> dict[str, int]:
        return {name: self.first_shard_port + i for i, name in enumerate(self.names)}

    @property
    def run(self) -> Path:
        return self.data / "run"

    def url(self) -> str:
        """The public address: ``--base-url``, else this host's address (a wildcard bind: the
        address other machines reach it by) with the proxy's port left out where it is the scheme's."""
        if self.base_url:
            return self.base_url if self.base_url.endswith("/") else self.base_url + "/"
        scheme = "https" if self.cert else "http"
        host = outward_address() if self.host in ("0.0.0.0", "::", "") else self.host
        netloc = f"[{host}]" if ":" in host else host
        if self.port != (443 if self.cert else 80):
            netloc += f":{self.port}"
        return f"{scheme}://{netloc}/"

    def check(self) -> str | None:
        """What is wrong with the arguments, in a sentence (None: nothing)."""
        if not 1 <= self.shards <= len(NAMES):
            return f"--shards must be 1 to {len(NAMES)}, not {self.shards}"
        ports = [self.port, *self.shard_ports().values()] + ([self.http_port] if self.http_port else [])
        if any(not 0 < p < 65536 for p in ports):
            return f"ports out of range: {ports}"
        if len(set(ports)) != len(ports):
            return f"the proxy's and the shards' ports overlap: {ports}"
        if self.http_port and not self.cert:
            return "--http-port redirects to HTTPS: it needs --cert"
        if self.cert:
            if not self.cert.is_file():
                return f"no certificate file {self.cert}"
            pem = self.cert.read_text(errors="replace")
            if "CERTIFICATE-----" not in pem or "PRIVATE KEY-----" not in pem:
                return f"{self.cert} must hold the certificate and its private key in one PEM file (HAProxy reads both)"
        return None


def outward_address() -> str:
    """The address other machines would use for this one (a UDP connect sends nothing, it picks a route)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def bind_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def haproxy_cfg(c: Cluster) -> str:
    """HAProxy's configuration: one frontend routing by shard name, one backend per shard and one
    ("any") for a visitor that names none, every server checked with ``GET /healthz``."""
    ports = c.shard_ports()
    tls = f' ssl crt "{c.cert}" alpn h2,http/1.1' if c.cert else ""
    lines = [
        "# Written by build/cluster.py from serve.sh's arguments; it is written again at every start.",
        "global",
        "    log stdout format raw local0 info",
        # "show stat" on it lists every server UP or DOWN (tests/harness/proxy.py reads it)
        f'    stats socket "{c.run / "haproxy.sock"}" mode 600 level operator',
        "",
        "defaults",
        "    mode http",
        "    log global",
        "    option httplog",
        "    option forwardfor",  # X-Forwarded-For: the phone's address, for the shard's per-address limits
        "    timeout connect 5s",
        "    timeout client 60s",
        "    timeout server 60s",
        "    timeout http-request 10s",
        "    timeout tunnel 1h",  # a phone's websocket, idle while its player thinks
        "    timeout client-fin 30s",
        # A shard drawing many phones' first screens (a restart, a café arriving) answers /healthz late;
        # without this the check's read timeout is `inter` (2 s): the shard would count as down, and
        # every phone connecting meanwhile would get a 503. A dead shard refuses the connection at once,
        # so it is still found down within a second or two.
        "    timeout check 10s",
        "    retries 3",  # a shard that is being restarted refuses the connection for a moment
        # a shard found down is checked every half second: back in the rotation soon after it restarts
        "    default-server inter 2s downinter 500ms fall 2 rise 1",
        "",
        "frontend tables",
        f"    bind {bind_address(c.host, c.port)}{tls}",
        # The shards believe these headers from the proxy alone. X-Forwarded-For gets the client's
        # address appended (option forwardfor); a shard takes the last address that is not the proxy's,
        # so what a phone writes there itself changes nothing. The scheme is the proxy's to say, except
        # for a TLS terminator on this machine in front of it (Caddy, README), which says it itself.
        "    http-request set-header X-Forwarded-Proto https if { ssl_fc }",
        "    http-request set-header X-Forwarded-Proto http if !{ ssl_fc } !{ src 127.0.0.1 ::1 }",
        "    http-request set-header X-Forwarded-Proto http if !{ ssl_fc } !{ req.hdr(X-Forwarded-Proto) -m found }",
        # the first of these that the request has names its shard: the websocket's path, a join link's
        # game id, the space cookie, the guest cookie
        "    http-request set-var(txn.shard) path,field(3,/) if { path_beg /ws/ }",
        "    http-request set-var(txn.shard) path,field(3,/),field(1,-) if !{ var(txn.shard) -m found } "
        "{ path_beg /g/ }",
    ]
    for cookie in COOKIES:
        lines.append(f"    http-request set-var(txn.shard) req.cook({cookie}),field(1,-) "
                     f"if !{{ var(txn.shard) -m found }} {{ req.cook({cookie}) -m found }}")
    for name in c.names:
        lines.append(f"    use_backend shard_{name} if {{ var(txn.shard) -m str {name} }}")
    lines += ["    default_backend any  # a new visitor, or a name no shard has", ""]
    if c.cert and c.http_port:
        lines += ["frontend plain", f"    bind {bind_address(c.host, c.http_port)}", redirect_line(c), ""]
    check = ["    option httpchk", "    http-check send meth GET uri /healthz", "    http-check expect status 200"]
    lines += ["backend any", "    balance roundrobin", *check]
    lines += [f"    server {name} 127.0.0.1:{port} check" for name, port in ports.items()]
    for name, port in ports.items():
        lines += ["", f"backend shard_{name}", *check, f"    server {name} 127.0.0.1:{port} check"]
    return "\n".join(lines) + "\n"


def redirect_line(c: Cluster) -> str:
    """Plain HTTP to the same host over HTTPS, path and query kept: on 443 the scheme alone changes;
    on another port the Host header's port is replaced by the HTTPS one."""
    if c.port == 443:
        return "    http-request redirect scheme https code 301"
    return (f"    http-request redirect prefix https://%[req.hdr(host),regsub(:[0-9]+$,)]:{c.port} code 301")


def haproxy_binary() -> str:
    return shutil.which("haproxy") or "/usr/sbin/haproxy"


def conf_value(text: str) -> str:
    """supervisord reads ``%(name)s`` in its values: a literal percent sign is written twice."""
    return text.replace("%", "%%")


def shard_command(c: Cluster, name: str, port: int) -> str:
    """The contract's command line for one shard."""
    argv = [*c.program, "--public", "--shard", name, "--host", "127.0.0.1", "--port", str(port),
            "--data", str(c.data), "--base-url", c.url()]
    return conf_value(shlex.join(argv))


def supervisord_conf(c: Cluster) -> str:
    """supervisord's configuration: the shards, then HAProxy; each started again when it ends."""
    run, log = c.run, c.run / "log"
    lines = [
        "; Written by build/cluster.py from serve.sh's arguments; it is written again at every start.",
        "; supervisorctl -c THIS_FILE status | restart shard-a | tail -f shard-a",
        "[supervisord]",
        "nodaemon=true",
        f"logfile={conf_value(str(run / 'supervisord.log'))}",
        f"pidfile={conf_value(str(run / 'supervisord.pid'))}",
        f"childlogdir={conf_value(str(log))}",
        "",
        "[unix_http_server]",
        f"file={conf_value(str(run / 'supervisor.sock'))}",
        "chmod=0700",
        "",
        "[rpcinterface:supervisor]",
        "supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface",
        "",
        "[supervisorctl]",
        f"serverurl=unix://{conf_value(str(run / 'supervisor.sock'))}",
    ]
    common = [
        "autostart=true",
        "autorestart=true",
        "startsecs=1",  # up for a second counts as started; one that dies at once is tried 3 times, then given up
        "stopsignal=TERM",  # a shard ends within ~2 s, its queued commits written
        "stopwaitsecs=10",
        "stopasgroup=true",
        "killasgroup=true",
        "redirect_stderr=true",
        "stdout_logfile_maxbytes=10MB",
        "stdout_logfile_backups=5",
    ]
    for name, port in c.shard_ports().items():
        lines += ["", f"[program:shard-{name}]", f"command={shard_command(c, name, port)}",
                  f"directory={conf_value(str(ROOT))}", 'environment=PYTHONUNBUFFERED="1"', "priority=100",
                  f"stdout_logfile={conf_value(str(log / f'shard-{name}.log'))}", *common]
    haproxy = shlex.join([haproxy_binary(), "-db", "-f", str(run / "haproxy.cfg")])
    lines += ["", "[program:haproxy]", f"command={conf_value(haproxy)}",
              "priority=200",  # started after the shards, stopped before them
              f"stdout_logfile={conf_value(str(log / 'haproxy.log'))}", *common]
    return "\n".join(lines) + "\n"


def write(c: Cluster) -> tuple[Path, Path]:
    """Both files into ``DIR/run/`` (the log folder too); returns (haproxy.cfg, supervisord.conf)."""
    (c.run / "log").mkdir(parents=True, exist_ok=True)
    cfg, conf = c.run / "haproxy.cfg", c.run / "supervisord.conf"
    cfg.write_text(haproxy_cfg(c))
    conf.write_text(supervisord_conf(c))
    return cfg, conf


def haproxy_refusal(cfg: Path) -> str | None:
    """HAProxy's own check of the file (``haproxy -c``): its message, or None when it is valid."""
    done = subprocess.run([haproxy_binary(), "-c", "-q", "-f", str(cfg)], capture_output=True, text=True)
    return None if done.returncode == 0 else (done.stdout + done.stderr).strip() or f"exit {done.returncode}"


def parse(argv: list[str]) -> tuple[Cluster, bool]:
    p = argparse.ArgumentParser(prog="build/serve.sh --public",
                                description="Tischrichter's public server: shards behind HAProxy, run by supervisord")
    p.add_argument("--public", action="store_true", help="(serve.sh's switch to this mode)")
    p.add_argument("--shards", type=int, default=1, help="server processes, named a, b, c, ... (default 1)")
    p.add_argument("--host", default="0.0.0.0", help="address HAProxy binds (default 0.0.0.0)")
    p.add_argument("--port", type=int, default=None, help="HAProxy's port (default 8550; 443 with --cert)")
    p.add_argument("--http-port", type=int, default=None,
                   help="with --cert: a plain HTTP port that redirects to HTTPS (default 80; 0: none)")
    p.add_argument("--shard-port", type=int, default=0,
                   help="first shard's port on 127.0.0.1, the next ones follow (default --port + 1; 8551 below 1024)")
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help=f"data folder (default {DEFAULT_DATA})")
    p.add_argument("--cert", type=Path, default=None,
                   help="PEM file with the certificate and its private key: HAProxy serves HTTPS")
    p.add_argument("--base-url", default="", help="the address phones use, e.g. https://tisch.example.org/")
    p.add_argument("--write-only", action="store_true", help="write and check the configuration, start nothing")
    a = p.parse_args(argv)
    port = a.port if a.port is not None else (443 if a.cert else 8550)
    http_port = a.http_port if a.http_port is not None else (80 if a.cert else 0)
    cert = a.cert.resolve() if a.cert else None
    c = Cluster(shards=a.shards, port=port, data=a.data.resolve(), host=a.host, cert=cert, http_port=http_port,
                shard_port=a.shard_port, base_url=a.base_url)
    return c, a.write_only


def main(argv: list[str] | None = None) -> int:
    c, write_only = parse(sys.argv[1:] if argv is None else argv)
    wrong = c.check()
    if wrong:
        print(f"build/serve.sh --public: {wrong}", file=sys.stderr)
        return 2
    cfg, conf = write(c)
    refusal = haproxy_refusal(cfg)
    if refusal:
        print(f"HAProxy refuses {cfg}:\n{refusal}", file=sys.stderr)
        return 2
    shards = ", ".join(f"{n} on 127.0.0.1:{p}" for n, p in c.shard_ports().items())
    print(f"Tischrichter (public): {c.url()} via HAProxy on {bind_address(c.host, c.port)}"
          + (f" (HTTP {c.http_port} redirects to HTTPS)" if c.http_port else ""), flush=True)
    print(f"  shards: {shards}; data in {c.data}/<shard>/", flush=True)
    print(f"  logs in {c.run / 'log'}/; supervisorctl -c {conf} status", flush=True)
    if write_only:
        return 0
    supervisord = shutil.which("supervisord")
    if not supervisord:
        print("supervisord not found: bash build/setup.sh --public installs Debian's supervisor", file=sys.stderr)
        return 2
    os.execv(supervisord, [supervisord, "-n", "-c", str(conf)])  # this process becomes the supervisor
    return 0  # pragma: no cover


if __name__ == "__main__":
    sys.exit(main())
