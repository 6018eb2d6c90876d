"""The server's cookies: their names, what they hold, how they are set, and the wrong tries they cost.

- **Names per server.** A browser sends a host's cookies to every port of that host, and a cookie
  of the same name set by another server there replaces it. Each name therefore carries the port
  the server listens on (``tischrichter_host_8550``): two Tischrichter servers on one machine keep
  their own cookies.
- **No secret in a cookie.** The host's cookie holds a random key the server made when the host
  link was opened and keeps in memory (``HostKeys``), never the host token: a cookie a browser
  hands to another service on the same host gives away no token, and a new start of the server
  ends every key. A guest's cookie holds its game's id and a keyed hash of that game's table token
  (``guest_value``): it opens that game while the token stays what it is, across restarts, and
  tells nobody the token.
- **Narrow.** ``HttpOnly``, ``SameSite=Strict``, ``Path=/`` (the app's page, its assets and its
  websocket all sit under ``/``: no narrower path serves it), ``Secure`` when the request came over
  https.
- **Wrong tries.** ``FailedTries`` counts wrong tokens and wrong cookies per client address; the
  same wrong cookie from one address costs one try only (a browser holding a key from before a
  restart sends it with every request and every reconnect of an open tab).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, NamedTuple

HOST_COOKIE = "tischrichter_host"  # the names' stems; each server adds its port (``cookie_names``)
GUEST_COOKIE = "tischrichter_guest"
PHONE_COOKIE = "tischrichter_phone"
# The cookie of versions that kept the host token itself in it, under the bare name: removed from a
# browser that still sends it, since it hands the token to every service of this host.
LEGACY_HOST_COOKIE = HOST_COOKIE
COOKIE_AGE = 30 * 24 * 3600
HOST_KEYS = 64  # host keys kept (each opening of the host link in a browser without one makes one)
FAILS_BURST = 10  # wrong join links (or host tokens, or cookies) one address may send at once ...
FAILS_PER_S = 1 / 6  # ... and then one more every 6 s
FAILS_ADDRESSES = 4096  # addresses remembered at most (the fullest buckets are forgotten first)
SEEN_WRONG = 4096  # wrong cookies remembered (address and value) so that a repeated one costs no more


class CookieNames(NamedTuple):
    host: str
    guest: str
    phone: str


@functools.lru_cache(maxsize=16)
def cookie_names(port: int | None) -> CookieNames:
    """The cookie names of the server listening on ``port`` (None: no port known, the bare stems)."""
    tail = f"_{port}" if port else ""
    return CookieNames(HOST_COOKIE + tail, GUEST_COOKIE + tail, PHONE_COOKIE + tail)


# A public server's shards share one name for each cookie: the proxy in front routes on them, and
# every shard of that site must read the cookies the others set. What they hold names the shard.
PUBLIC_NAMES = CookieNames("tischrichter_space", GUEST_COOKIE, PHONE_COOKIE)


def server_port(scope: dict[str, Any]) -> int | None:
    """The port this request reached the server on (ASGI's ``server`` field)."""
    server = scope.get("server")
    try:
        port = int(server[1]) if server and server[1] is not None else None
    except (TypeError, ValueError, IndexError):
        return None
    return port if port and 0 < port < 65536 else None


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def guest_value(game_id: str, table_token: str) -> str:
    """A guest cookie's value: ``<game id>.<keyed hash of the table token>``."""
    mac = hmac.new(table_token.encode(), b"tischrichter guest " + game_id.encode(), hashlib.sha256).digest()
    return f"{game_id}.{_b64(mac)}"


def guest_matches(value: str, game_id: str, table_token: str | None) -> bool:
    return bool(table_token) and hmac.compare_digest(guest_value(game_id, str(table_token)).encode(), value.encode())


def _digest(key: str) -> bytes:
    # looked up by the hash of what the browser sent: the lookup's time tells nothing of a key
    return hashlib.sha256(key.encode("utf-8", "replace")).digest()


class HostKeys:
    """The host cookies' keys this server made (their hashes), newest last, ``HOST_KEYS`` at most."""

    def __init__(self) -> None:
        self._keys: OrderedDict[bytes, None] = OrderedDict()

    def mint(self) -> str:
        key = secrets.token_urlsafe(32)
        self._keys[_digest(key)] = None
        while len(self._keys) > HOST_KEYS:
            self._keys.popitem(last=False)
        return key

    def valid(self, key: str | None) -> bool:
        return bool(key) and len(str(key)) <= 100 and _digest(str(key)) in self._keys


def set_cookie(name: str, value: str, *, secure: bool, age: int = COOKIE_AGE, lax: bool = False) -> tuple[bytes, bytes]:
    """``lax``: a public server's cookies are sent when a link from a chat app or a QR scanner opens
    the site (SameSite=Strict would leave a player who follows a link without their space)."""
    same_site = "Lax" if lax else "Strict"
    attrs = f"{name}={value}; HttpOnly; SameSite={same_site}; Path=/; Max-Age={age}" + ("; Secure" if secure else "")
    return b"set-cookie", attrs.encode("latin-1")


def clear_cookie(name: str, *, secure: bool, lax: bool = False) -> tuple[bytes, bytes]:
    """The answer that makes a browser drop its cookie ``name``."""
    return set_cookie(name, "", secure=secure, age=0, lax=lax)


class FailedTries:
    """Wrong tokens and cookies per client address: a token bucket of ``FAILS_BURST`` tries
    refilled at ``FAILS_PER_S``; an address without a try left is refused before any token or cookie
    of it is looked at. At most ``FAILS_ADDRESSES`` addresses are kept."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.left: dict[str, tuple[float, float]] = {}  # address -> (tries left, when counted)
        self._seen: OrderedDict[bytes, None] = OrderedDict()  # (address, wrong cookie) already counted

    def _tries(self, peer: str, t: float) -> float:
        left, at = self.left.get(peer, (FAILS_BURST, t))
        return min(float(FAILS_BURST), left + (t - at) * FAILS_PER_S)

    def allowed(self, peer: str) -> bool:
        return peer not in self.left or self._tries(peer, self.now()) >= 1.0

    def failed(self, peer: str) -> None:
        t = self.now()
        self.left[peer] = (max(0.0, self._tries(peer, t) - 1.0), t)
        if len(self.left) > FAILS_ADDRESSES:  # forget the addresses with the most tries left
            keep = sorted(self.left, key=lambda p: self._tries(p, t))[: FAILS_ADDRESSES // 2]
            self.left = {p: self.left[p] for p in keep}

    def failed_cookie(self, peer: str, value: str) -> None:
        """A wrong cookie: one try, the first time this address sends this value."""
        seen = hashlib.sha256(f"{peer}\x00{value}".encode("utf-8", "replace")).digest()
        if seen in self._seen:
            self._seen.move_to_end(seen)
            return
        self._seen[seen] = None
        while len(self._seen) > SEEN_WRONG:
            self._seen.popitem(last=False)
        self.failed(peer)
