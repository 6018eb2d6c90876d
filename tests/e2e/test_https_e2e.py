"""Over HTTPS, as phones reach a public server: Debian's Chromium opens ``https://tisch.test:<port>/``
(``--host-resolver-rules`` maps the name to 127.0.0.1, so the secure context comes from HTTPS, not
from the exemption ``localhost`` has), with a self-signed certificate made by openssl in the test,
which this browser trusts by its public key (as a phone trusts a real one).

1. ``bash build/serve.sh --public --cert PEM`` (HAProxy with TLS in front of a shard): the app loads,
   its cookies carry ``Secure``, its websocket runs over ``wss://`` and a tap is answered over it; plain
   HTTP on ``--http-port`` answers with a redirect to the same address over HTTPS.
2. The phone site (``build/out/web``, built by build/web/build_site.py) over HTTPS: its service worker
   installs and controls the page. It is served here by Python's ``http.server`` wrapped in TLS, for
   this test only: in production the site is static files on any HTTPS host (GitHub Pages, see
   .github/workflows/pages.yml), not behind the shards' proxy, so HAProxy (which serves no folders)
   is no part of what this checks.
"""

from __future__ import annotations

import functools
import re
import ssl
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, button
from tests.e2e.test_web_offline import FIRST_LOAD, site  # noqa: F401  (the built site, a fixture)
from tests.harness.proxy import Supervised, free_ports, get, self_signed, spki_sha256

pytestmark = pytest.mark.e2e

NAME = "tisch.test"
START = 120  # seconds: the set-up check, then a server importing Flet on a loaded 2-core machine


@pytest.fixture(scope="module")
def pem(tmp_path_factory):
    return self_signed(tmp_path_factory.mktemp("tls"), NAME)


@pytest.fixture(scope="module")
def tls_browser(pem):
    """Chromium in which ``tisch.test`` is 127.0.0.1 and the test's certificate is trusted."""
    from playwright.sync_api import sync_playwright

    args = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1",
            f"--ignore-certificate-errors-spki-list={spki_sha256(pem)}"]
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=args)
        yield b
        b.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory, pem):
    data = tmp_path_factory.mktemp("https") / "data"
    port, http_port, shard_port = free_ports(3)
    sup = Supervised(["bash", "build/serve.sh", "--public", "--host", "127.0.0.1", "--port", str(port),
                      "--http-port", str(http_port), "--shard-port", str(shard_port), "--cert", str(pem),
                      "--base-url", f"https://{NAME}:{port}/", "--data", str(data)], data, ROOT)
    try:
        sup.all_up(time.monotonic() + START)
        yield port, http_port
    finally:
        if sup.stop():
            print(sup.output())


def test_the_app_over_https_sets_secure_cookies_and_plays_over_wss(served, tls_browser):
    port, http_port = served
    url = f"https://{NAME}:{port}/"
    ctx = tls_browser.new_context(viewport={"width": 412, "height": 915}, locale="de-DE")
    sockets, heard = [], []
    page = ctx.new_page()
    page.on("websocket", lambda ws: (sockets.append(ws.url), ws.on("framereceived", lambda _: heard.append(1))))
    try:
        page.goto(url)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        assert page.evaluate("window.isSecureContext") is True
        button(page, "Qwixx Longo").wait_for(timeout=60)
        assert sockets == [f"wss://{NAME}:{port}/ws/a"]
        before = len(heard)
        button(page, "Qwixx Longo").click()  # the tap goes to the server over wss, the new screen comes back
        button(page, "Spiel starten").wait_for(timeout=60)
        assert len(heard) > before
        ours = {c["name"]: c for c in ctx.cookies(url) if c["name"].startswith("tischrichter_")}
        assert "tischrichter_space" in ours
        assert {n: (c["secure"], c["httpOnly"], c["sameSite"]) for n, c in ours.items()} == {
            n: (True, True, "Lax") for n in ours}
        # a phone that types the address without https:// lands on the same page over HTTPS
        page.goto(f"http://{NAME}:{http_port}/", wait_until="commit")
        assert page.url == url
    finally:
        ctx.close()
    status, headers, _ = get(f"http://127.0.0.1:{http_port}/g/a-0123abcd?t=x", {"Host": f"{NAME}:{http_port}"})
    assert (status, headers["Location"]) == (301, f"https://{NAME}:{port}/g/a-0123abcd?t=x")


class TlsSite:
    """The built site over HTTPS on 127.0.0.1 (``http.server`` in a thread, its socket wrapped in TLS)."""

    def __init__(self, folder, pem) -> None:
        handler = functools.partial(Quiet, directory=str(folder))
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(pem)
        self.httpd.socket = tls.wrap_socket(self.httpd.socket, server_side=True)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args) -> None:  # noqa: A002 (the base class's name)
        pass


CONTROLLED = """async () => {
  const reg = await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 200));
  return [window.isSecureContext, reg.active.state, new URL(navigator.serviceWorker.controller.scriptURL).pathname];
}"""


def test_the_phone_sites_service_worker_installs_over_https(site, pem, tls_browser):  # noqa: F811
    served = TlsSite(site, pem)
    ctx = tls_browser.new_context(viewport={"width": 412, "height": 915}, locale="de-DE")
    try:
        page = ctx.new_page()
        page.set_default_timeout(FIRST_LOAD)
        page.goto(f"https://{NAME}:{served.port}/")
        assert page.evaluate(CONTROLLED) == [True, "activated", "/sw.js"]
        assert re.fullmatch(rf"https://{re.escape(NAME)}:\d+/", page.url)
    finally:
        ctx.close()
        served.stop()
