"""The public server's processes for tests: supervisord with HAProxy and its shards, on loopback.

``Supervised`` starts a command that ends up as ``supervisord -n`` (``build/serve.sh --public ...``
or supervisord on a written configuration), waits until a URL answers, asks supervisorctl for a
program's pid, and stops the whole tree with SIGTERM as a person's Ctrl-C would.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import signal
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path


def free_ports(n: int) -> list[int]:
    """``n`` ports free on 127.0.0.1 now (held open together, so they differ)."""
    socks = [socket.socket() for _ in range(n)]
    try:
        for s in socks:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


UNVERIFIED = ssl.create_default_context()
UNVERIFIED.check_hostname = False
UNVERIFIED.verify_mode = ssl.CERT_NONE  # the tests' own self-signed certificate


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None  # the test reads the redirect itself


OPENER = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(context=UNVERIFIED))


def get(url: str, headers: dict[str, str] | None = None, timeout: float = 5) -> tuple[int, Message, bytes]:
    """(status, headers, body) of one GET; a redirect is returned, not followed. The headers by any
    case of their name (``get_all("Set-Cookie")`` for every cookie)."""
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with OPENER.open(req, timeout=timeout) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def get_json(url: str, headers: dict[str, str] | None = None) -> dict:
    status, _, body = get(url, headers)
    assert status == 200, (url, status, body[:300])
    return json.loads(body)


def answers(url: str, deadline: float, want: dict | None = None) -> dict:
    """The JSON ``url`` answers with (containing ``want``), waiting for it until ``deadline``."""
    last: object = None
    while time.monotonic() < deadline:
        try:
            status, _, body = get(url, timeout=2)
            if status == 200:
                last = json.loads(body)
                if not want or all(last.get(k) == v for k, v in want.items()):
                    return last
            else:
                last = status
        except (OSError, ValueError) as exc:
            last = exc
        time.sleep(0.2)
    raise AssertionError(f"{url} did not answer {want or 200} in time; last: {last!r}")


class Supervised:
    """A command that becomes ``supervisord -n -c RUN/supervisord.conf``; its output goes to ``RUN/../out.log``."""

    def __init__(self, argv: list[str], data: Path, cwd: Path) -> None:
        self.data = data
        self.conf = data / "run" / "supervisord.conf"
        data.mkdir(parents=True, exist_ok=True)
        self.log = data / "out.log"
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def output(self) -> str:
        logs = [self.log, *sorted((self.data / "run" / "log").glob("*.log"))]
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}" for p in logs if p.exists())

    def ctl(self, *args: str) -> str:
        done = subprocess.run(["supervisorctl", "-c", str(self.conf), *args], capture_output=True, text=True,
                              timeout=20)
        return done.stdout.strip()

    def pid(self, program: str) -> int:
        out = self.ctl("pid", program)
        assert out.isdigit() and out != "0", f"{program} has no process: {out!r}\n{self.output()}"
        return int(out)

    def servers(self) -> dict[str, str]:
        """HAProxy's view, from its stats socket: "backend/server" -> UP, DOWN, ... ({} before it listens)."""
        try:
            with socket.socket(socket.AF_UNIX) as s:
                s.settimeout(5)
                s.connect(str(self.data / "run" / "haproxy.sock"))
                s.sendall(b"show stat\n")
                text = b"".join(iter(lambda: s.recv(65536), b"")).decode()
        except OSError:
            return {}
        rows = [line.split(",") for line in text.splitlines() if line and not line.startswith("#")]
        return {f"{r[0]}/{r[1]}": r[17] for r in rows if r[1] not in ("FRONTEND", "BACKEND")}

    def all_up(self, deadline: float) -> dict[str, str]:
        """Waits until HAProxy counts every server of every backend UP (its health checks passed)."""
        seen: dict[str, str] = {}
        while time.monotonic() < deadline:
            seen = self.servers()
            if seen and all(state == "UP" for state in seen.values()):
                return seen
            time.sleep(0.2)
        raise AssertionError(f"not every server is UP: {seen}\n{self.output()}")

    def stop(self) -> int | None:
        """SIGTERM to supervisord, as Ctrl-C or systemd would: it stops every program, then ends."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


def self_signed(folder: Path, name: str = "tisch.test") -> Path:
    """A certificate for ``name`` (and 127.0.0.1) with its key in one PEM file, as HAProxy reads it
    (Debian's openssl)."""
    key, crt, both = folder / "key.pem", folder / "cert.pem", folder / "tls.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(crt),
                    "-days", "2", "-subj", f"/CN={name}", "-addext", f"subjectAltName=DNS:{name},IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    both.write_text(crt.read_text() + key.read_text())
    return both


def spki_sha256(cert: Path) -> str:
    """Base64 of the SHA-256 of the certificate's public key: Chromium's
    ``--ignore-certificate-errors-spki-list`` then trusts that certificate as a real one, as a
    service worker needs (with only Playwright's ``ignore_https_errors`` its script is refused)."""
    der = subprocess.run(["openssl", "pkey", "-pubout", "-outform", "der"], input=key_of(cert), capture_output=True,
                         check=True, timeout=30).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def key_of(pem: Path) -> bytes:
    text = pem.read_text()
    start = text.index("-----BEGIN PRIVATE KEY-----")
    return text[start:].encode()
