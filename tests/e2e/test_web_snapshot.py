"""The start snapshot (build/web/pyboot.mjs, experimental ``build/web.sh --snapshot``)
made and restored by the site's own Pyodide in Node.js: the restored app validates and packs as the
started one, and a snapshot whose layout of the native extensions differs is refused, not restored."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import time
from pathlib import Path

import pytest

from build.web import smoke
from tests.e2e.conftest import button, fill
from tests.e2e.test_history_e2e import wait_text
from tests.e2e.test_web_offline import site  # noqa: F401  # the built site (built here if stale)

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "build" / "web" / "snapshot.mjs"
SELF_CHECK = "ok Client(role='guest', game='g1', space=None, phone=None, notice=None, notice_n=0) 52B literal_error"
pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")


def node(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["node", str(SNAPSHOT), *args], capture_output=True, text=True, timeout=300)


def test_a_restored_start_validates_and_packs_and_a_changed_layout_is_refused(site, tmp_path):  # noqa: F811
    snap = tmp_path / "app.snap"
    made = node("make", str(site), str(snap))
    assert made.returncode == 0, made.stderr
    restored = node("time", str(site), str(snap))
    assert restored.returncode == 0, restored.stderr
    result = json.loads(restored.stdout)
    assert result["mode"] == "restored" and result["check"].startswith(SELF_CHECK)
    # the worker writes the kept pages straight into Pyodide's memory (pyboot.mjs restoreInto): the
    # memory it restores is byte for byte the file's memory decoded whole, left-out zero pages included
    same = node("same", str(site), str(snap))
    assert same.returncode == 0, same.stderr
    compared = json.loads(same.stdout)
    assert compared["firstDifference"] == -1 and compared["heap"] >= compared["bytes"] > 40_000_000, compared
    assert compared["check"].startswith(SELF_CHECK)

    data = bytearray(snap.read_bytes())
    length = struct.unpack_from("<I", data, 8)[0]
    header = json.loads(data[12:12 + length])
    header["layout"]["before"]["table"] += 1  # as a snapshot made by another engine (Node vs Chromium)
    text = json.dumps(header, separators=(",", ":")).encode()
    assert len(text) <= length
    data[12:12 + length] = text.ljust(length)
    stale = tmp_path / "stale.snap"
    stale.write_bytes(bytes(data))
    refused = node("time", str(site), str(stale))
    assert refused.returncode != 0
    assert "snapshot: layout" in refused.stderr and "is not the snapshot's" in refused.stderr


# In the page: the start's marks of this load (python.js makes the worker's marks performance marks)
MARKS = """() => performance.getEntriesByType("mark").map((m) => m.name).filter((n) => n.startsWith("tr:snapshot"))"""
# The cache the worker keeps its snapshot in: every entry's file name and whether it holds a snapshot
# file of this site's key (python-worker.js SNAPSHOT_CACHE, pyboot.mjs "TRSNAP2")
KEPT = """async () => {
  const cache = await caches.open("tr-snapshot");
  const out = [];
  for (const request of await cache.keys()) {
    const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
    const magic = new TextDecoder().decode(bytes.subarray(0, 8));
    const length = new DataView(bytes.buffer).getUint32(8, true);
    const header = new TextDecoder().decode(bytes.subarray(12, 12 + length));
    const site = magic === "TRSNAP2\\n" ? JSON.parse(header).site : null;
    out.push([new URL(request.url).pathname, site, bytes.length]);
  }
  return out.sort();
}"""
PLANT = """async ([name, bytes]) => {
  const cache = await caches.open("tr-snapshot");
  await cache.put(new URL(name, location.href).href, new Response(new Uint8Array(bytes)));
}"""
KEPT_TIMEOUT = 120_000  # ms: the worker keeps a new snapshot 3 s after the app is up, then writes ~50 MB


def wait_kept(page, key: str) -> list[list[object]]:
    """Until the cache holds exactly this site's snapshot (no other entry); what it holds."""
    deadline = time.monotonic() + KEPT_TIMEOUT / 1000
    while True:
        kept = page.evaluate(KEPT)
        if [k[:2] for k in kept] == [[f"/snapshot-{key}.bin", key]] or time.monotonic() > deadline:
            return kept
        time.sleep(0.5)


RUNTIME = ("app.pack", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
FETCHES = """() => performance.getEntriesByType("resource").map(
  (e) => [new URL(e.name).pathname.split("/").pop(), performance.timeOrigin + e.startTime])"""


def runtime_fetches(page) -> dict[str, int]:
    """How often the page's Python worker fetched each of RUNTIME since it started."""
    (worker,) = page.workers
    names = [name for name, _ in worker.evaluate(FETCHES)]
    return {name: names.count(name) for name in RUNTIME}


def fetch_started(page) -> dict[str, float]:
    """When (epoch ms) the worker asked for each of RUNTIME (its first fetch of it)."""
    (worker,) = page.workers
    out: dict[str, float] = {}
    for name, at in worker.evaluate(FETCHES):
        if name in RUNTIME:
            out.setdefault(name, at)
    return out


def imported_since_restore(page) -> list[str]:
    """The modules the worker's Python imported after its snapshot was restored (pyboot.mjs AFTER_RESTORE)."""
    (worker,) = page.workers
    return worker.evaluate("""() => self.trPyodide.runPython(
      "import sys, preload; ' '.join(sorted(set(sys.modules) - preload.RESTORED))")""").split()


def mark_at(page, name: str) -> float:
    """The page's performance mark ``name`` (the worker's posted ones too) as epoch ms."""
    return page.evaluate("(n) => performance.timeOrigin + performance.getEntriesByName(n)[0].startTime", name)


def reload_home(page) -> list[str]:
    page.reload(timeout=240_000)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=240_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")  # Flutter's accessibility tree again
    button(page, "Qwixx Longo").wait_for(timeout=240)
    return page.evaluate(MARKS)


@pytest.mark.e2e
def test_the_phone_makes_its_snapshot_restores_it_and_refuses_a_stale_one(site, tmp_path):  # noqa: F811
    """The first start makes the snapshot and keeps it; a reload restores it; a snapshot
    of an older site version is never used and goes; a damaged one under this site's own name is
    refused — the app starts all the same — and made again."""
    from playwright.sync_api import sync_playwright

    worker = (site / "python-worker.js").read_text(encoding="utf-8")
    key = re.search(r'const SNAPSHOT_KEY = "([0-9a-f]{16})";', worker)[1]
    outside: list[str] = []
    server = smoke.StaticServer(site).start()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS)
        try:
            ctx = smoke.new_context(browser, outside)
            page = smoke.open_site(ctx, server.url, outside, timeout=240_000)
            button(page, "Qwixx Longo").wait_for(timeout=240)
            assert page.evaluate(MARKS) == ["tr:snapshot-made"]
            kept = wait_kept(page, key)
            assert [k[:2] for k in kept] == [[f"/snapshot-{key}.bin", key]]
            assert kept[0][2] > 10_000_000  # the interpreter's memory, not an empty file

            assert reload_home(page) == ["tr:snapshot-restored"]
            # Pyodide's runtime and the app's pack each fetched once by the restoring worker, every one
            # asked for before the snapshot was read (not in series after it, as loadPyodide would)
            assert runtime_fetches(page) == {name: 1 for name in RUNTIME}
            assert max(fetch_started(page).values()) < mark_at(page, "tr:cached-snapshot-read")
            # the home screen imported nothing the snapshot could hold (only what needs the worker's
            # flet_js), and neither does a game opened from it
            assert imported_since_restore(page) == ["flet.messaging.pyodide_connection", "flet_js"]
            button(page, "Qwixx Longo").click()
            fill(page, "Name Spieler 1", "Ana")  # a restored app opens a game's setup as before
            button(page, "Spiel starten").click()
            wait_text(page, "Ana ist dran · Wurf Nr. 1")
            assert imported_since_restore(page) == ["flet.messaging.pyodide_connection", "flet_js"]

            # an older site's snapshot beside this one's, and this one's damaged (its header kept)
            good = page.evaluate("""async (name) => Array.from(new Uint8Array(await (await (await caches.open(
                "tr-snapshot")).match(new URL(name, location.href).href)).arrayBuffer()).subarray(0, 4096))""",
                                 f"snapshot-{key}.bin")
            page.evaluate(PLANT, ["snapshot-0123456789abcdef.bin", good])
            page.evaluate(PLANT, [f"snapshot-{key}.bin", good])  # a torn write: the header, no memory
            assert reload_home(page) == ["tr:snapshot-made"]  # refused: started without it, made anew
            wait_text(page, "Qwixx Longo: Ana, Spieler 2 · 0 Züge")  # the game is still there
            assert [k[:2] for k in wait_kept(page, key)] == [[f"/snapshot-{key}.bin", key]]
            assert reload_home(page) == ["tr:snapshot-restored"]
        finally:
            server.stop()
            browser.close()
    assert sorted(set(outside)) == []
