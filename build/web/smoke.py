"""Smoke check of the phone's static site, in Debian's Chromium through Playwright.

    .venv/bin/python build/web/smoke.py            # after bash build/web.sh

Serves ``build/out/web`` on 127.0.0.1 (``python -m http.server``), aborts every request to any
other host (page, context and, through Chromium's host resolver, its workers too) and counts
them. In one browser profile: the home screen, a Qwixx Longo game with a typed roll, a refusal's
rule and the rules search; a reload and a browser restart find the game (IndexedDB); a backup
downloads and a server-made backup imports; then the server stops and the app starts from the
service worker's cache. Exit 0: all of it worked and nothing asked for another host.
``StaticServer``, ``guard``, ``new_context``, ``launch_persistent``, ``open_site`` and
``WAIT_CACHED`` are meant for the browser tests and the bench too.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "out" / "web"
CHROMIUM = os.environ.get("TISCHRICHTER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
    # no name resolves except loopback: whatever slips past the routes (a worker) fails too
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class StaticServer:
    """``python -m http.server`` on 127.0.0.1 over the built site (start, stop, start again)."""

    def __init__(self, site: Path = SITE, port: int | None = None, log: Path | None = None) -> None:
        """``log``: the server's request log goes there (the bench counts what it served)."""
        self.site = site
        self.log = log
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None

    def start(self) -> StaticServer:
        if not (self.site / "index.html").exists():
            raise SystemExit(f"{self.site} has no index.html: run bash build/web.sh first")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(self.site), str(self.port)],
            stdout=subprocess.DEVNULL, stderr=open(self.log, "a") if self.log else subprocess.DEVNULL,  # noqa: SIM115
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("static server did not open its port")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(5)
        self.proc = None


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome-extension"):
        return True
    return parts.hostname == "127.0.0.1"


def guard(target, outside: list[str]) -> None:
    """Abort every request of ``target`` (a page or a context) to a host other than 127.0.0.1;
    note it in ``outside``."""

    def handle(route) -> None:
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    target.route("**/*", handle)


def open_site(context, url: str, outside: list[str], timeout: float = 120_000, routes: bool = True):
    """A page of ``context`` with the site loaded and Flutter's semantics on."""
    page = context.new_page()
    if routes:
        guard(page, outside)
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=timeout)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


def new_context(browser, outside: list[str], routes: bool = True):
    """``routes=False`` (the bench's byte count): no Playwright routes, which switch Chromium's HTTP
    cache off; other hosts still fail (CHROMIUM_ARGS' host resolver) and are noted in ``outside``."""
    ctx = browser.new_context(viewport={"width": 412, "height": 915}, locale="de-DE")
    if routes:
        guard(ctx, outside)
    ctx.on("request", lambda r: None if is_local(r.url) else outside.append(r.url))
    return ctx


# In the page: until the site's service worker is active, then the number of files in its cache.
# Once the service worker is active (it has precached the core), the page tells it which files of
# the site it loaded (sw-register.js) and waits until it holds them: then the app starts offline.
WAIT_CACHED = """async (timeout) => {
  const late = new Promise((_, no) => setTimeout(() => no(new Error("no service worker")), timeout));
  await Promise.race([navigator.serviceWorker.ready, late]);
  await Promise.race([window.tischrichterCacheLoaded(), late]);
  const keys = (await caches.keys()).filter((k) => k.startsWith("tischrichter-"));
  if (keys.length !== 1) throw new Error("caches: " + keys);
  return (await (await caches.open(keys[0])).keys()).length;
}"""


def launch_persistent(p, user_data_dir: Path, outside: list[str]):
    """A browser context with a profile on disk (IndexedDB and the service worker's cache kept)."""
    ctx = p.chromium.launch_persistent_context(
        str(user_data_dir), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
        viewport={"width": 412, "height": 915}, locale="de-DE")
    guard(ctx, outside)
    ctx.on("request", lambda r: None if is_local(r.url) else outside.append(r.url))
    return ctx


def wait_home(page, button) -> None:
    page.set_default_timeout(180_000)
    button(page, "Qwixx Longo").wait_for(timeout=240)
    page.set_default_timeout(30_000)


def reload_home(page, url: str) -> None:
    """Open the site again in this tab (a reload), semantics on, until the home screen shows."""
    from tests.e2e.conftest import button

    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=120_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    wait_home(page, button)


def server_side_backup(db: Path) -> str:
    """A backup made by the server (CPython): one running Qwixx Longo game of Cara and Dora."""
    from companion.records import backup as B
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    store = Store(str(db))
    Tables(store).create("qwixx-longo", [PlayerSpec(name="Cara"), PlayerSpec(name="Dora")],
                        {"lucky_numbers": [(4, 9), (5, 12)]})
    text = B.backup_text(B.export_backup(store))
    store.close()
    return text


def main() -> int:
    import tempfile

    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import button, fill, start_qwixx, unfold_real_dice

    server = StaticServer().start()
    outside: list[str] = []
    logs: list[str] = []
    resume = "Qwixx Longo: Ana, Ben · 1 Zug"
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
            ctx = launch_persistent(p, Path(profile), outside)
            t0 = time.monotonic()
            page = open_site(ctx, server.url, outside)
            page.on("console", lambda m: logs.append(f"{m.type}: {m.text}"))
            wait_home(page, button)
            print(f"home screen after {time.monotonic() - t0:.1f}s")
            start_qwixx(page)
            print("a Qwixx Longo game started")
            unfold_real_dice(page)  # the table's dice: their field unfolds under "Echte Würfel"
            fill(page, "Echte Würfel: Werte eingeben", "3 4 8 1 2 5")
            button(page, "Übernehmen").click()
            page.get_by_text("Weiße Summe 7 – Ana:").wait_for()
            # a refusal's rule, and the rules search (SQLite FTS5 inside Pyodide)
            page.get_by_role("button", name="Rot 15").click()
            button(page, "Warum? q8.white").click()
            page.get_by_text("Weiße Summe: für alle", exact=True).wait_for()
            fill(page, "Regeln durchsuchen", "wachtr")
            button(page, "vx.guard · Wann ein Wächter ziehen darf").wait_for()
            button(page, "Zurück zum Spiel").click()
            page.get_by_text("Weiße Summe 7 – Ana:").wait_for()
            print("a refusal's rule and the rules search work")

            # a reload finds the game (the SQLite file is in IndexedDB)
            reload_home(page, server.url)
            page.get_by_text(resume, exact=True).wait_for()
            print("after a reload the game is still there")
            ctx.close()

            # ... and so does a new browser on the same profile (the tab closed, the browser restarted)
            ctx = launch_persistent(p, Path(profile), outside)
            page = open_site(ctx, server.url, outside)
            page.on("console", lambda m: logs.append(f"{m.type}: {m.text}"))
            wait_home(page, button)
            page.get_by_text(resume, exact=True).wait_for()
            button(page, "Weiterspielen").click()
            page.get_by_text("Weiße Summe 7 – Ana:").wait_for()
            print("after restarting the browser the game is still there, with its roll")

            # backup: the phone's games leave as the browser's own download, a server's come in
            reload_home(page, server.url)
            button(page, "Sichern & Einlesen").click()
            with page.expect_download(timeout=60_000) as got:
                button(page, "Alles sichern (JSON)").click()
            backup = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
            players = [[p["name"] for p in r["players"]] for r in backup["records"]]
            assert players == [["Ana", "Ben"]], players
            print("backup exported as a download:", got.value.suggested_filename)
            with tempfile.TemporaryDirectory() as tmp:
                server_backup = Path(tmp) / "server-backup.json"
                server_backup.write_text(server_side_backup(Path(tmp) / "server.db"), encoding="utf-8")
                with page.expect_file_chooser() as chooser:
                    button(page, "Datei wählen und einlesen").click()
                chooser.value.set_files(str(server_backup))
            page.get_by_text("Eingelesen: 1 neues Spiel, 0 schon vorhanden, 0 neue Profile.", exact=True).wait_for()
            reload_home(page, server.url)
            page.get_by_text("Qwixx Longo: Cara, Dora · 0 Züge", exact=True).wait_for()
            print("a server's backup imported, still there after a reload")

            # offline. Once the service worker is active it holds every file of the site.
            cached = page.evaluate(WAIT_CACHED, 180_000)
            print(f"service worker cached {cached} files")
            server.stop()
            t0 = time.monotonic()
            reload_home(page, server.url)
            page.get_by_text("Qwixx Longo: Cara, Dora · 0 Züge", exact=True).wait_for()
            print(f"offline (server stopped): home screen after {time.monotonic() - t0:.1f}s, the games still there")
            ctx.close()
    except Exception:
        print("\n".join(logs[-40:]), file=sys.stderr)
        raise
    finally:
        server.stop()
    unknown = sorted(set(outside))
    if unknown:
        print(f"requests to other hosts (aborted): {unknown}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
