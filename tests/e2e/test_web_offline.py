"""Real browser, one phone and no host: the static site of ``bash build/web.sh``.

The site is served from ``build/out/web/`` on 127.0.0.1 (built here first if it is missing or
older than its sources); every request to another host, from the page or from a worker (the
service worker included), is aborted and noted. On the phone: a short Qwixx Longo game is begun
and a Verflixxt turn played; the server stops; the reload is answered by the app's service worker
from its cache, both games are still there (IndexedDB), the Qwixx game is finished offline and
the backup is downloaded from the phone. ``python -m scoring replay`` of the downloaded Qwixx
game gives the scores the phone showed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from build.web import smoke
from tests.e2e.conftest import ROOT, button, fill
from tests.e2e.test_history_e2e import roll as qwixx_roll, wait_text
from tests.e2e.test_verflixxt_e2e import LAYOUT, SCRIPT, roll as verflixxt_roll

pytestmark = pytest.mark.e2e

# what build/web/build_site.py puts into the site (not smoke.py, a test helper): newer = stale
SOURCES = ("scoring/**/*.py", "components/**/*.py", "companion/**/*.py", "build/web/build_site.py",
           "build/web/make_icons.py", "build/web/*.js", "build/web/*.json", "build/web/icons/*",
           "build/web-requirements.txt", "build/web.sh")
CACHED_PATHS = """async () => {
  const keys = (await caches.keys()).filter((k) => k.startsWith("tischrichter-"));
  return (await (await caches.open(keys[0])).keys()).map((r) => new URL(r.url).pathname);
}"""
FIRST_LOAD = 240_000  # ms: Pyodide, the wheels and the app unpacked on a loaded 2-core machine
STEP = 60_000  # ms: every Python step runs inside the page (WebAssembly), slower than a server


def newest_source() -> float:
    return max(p.stat().st_mtime for pattern in SOURCES for p in ROOT.glob(pattern) if p.is_file())


@pytest.fixture(scope="module")
def site() -> Path:
    """``build/out/web``, built by ``bash build/web.sh`` if missing or older than its sources."""
    built = smoke.SITE / "sw.js"  # written last by the build
    if not built.exists() or built.stat().st_mtime < newest_source():
        subprocess.run(["bash", "build/web.sh"], cwd=ROOT, check=True, timeout=1800)
    return smoke.SITE


@pytest.fixture(scope="module")
def guarded_browser():
    """Chromium in which no name but 127.0.0.1 resolves (smoke.CHROMIUM_ARGS): a worker's request
    to another host fails even if it slipped past the routes."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=smoke.CHROMIUM, args=smoke.CHROMIUM_ARGS)
        yield b
        b.close()


def test_the_phone_plays_offline_and_its_backup_replays_to_the_same_scores(site, guarded_browser, tmp_path):
    outside: list[str] = []  # every request to another host (aborted)
    by_worker: list[str] = []  # what the service worker fetched itself (its cache on install)
    server = smoke.StaticServer(site).start()
    ctx = smoke.new_context(guarded_browser, outside)
    ctx.on("request", lambda r: by_worker.append(r.url) if r.service_worker else None)
    try:
        page = smoke.open_site(ctx, server.url, outside, timeout=FIRST_LOAD)
        page.set_default_timeout(STEP)
        button(page, "Qwixx Longo").wait_for(timeout=FIRST_LOAD / 1000)
        start_qwixx(page)
        button(page, "Start").click(timeout=STEP / 1000)
        verflixxt_turn(page)
        button(page, "Start").click(timeout=STEP / 1000)
        wait_text(page, "Offene Spiele")
        # the service worker holds what this browser needs to start (its core, then what the page
        # loaded), fetched through the guard; of the two compiled apps it holds the one this browser ran
        page.evaluate(smoke.WAIT_CACHED, FIRST_LOAD)
        assert by_worker, "the service worker's own requests were not seen by the guard"
        assert all(smoke.is_local(u) for u in by_worker), by_worker
        cached = set(page.evaluate(CACHED_PATHS))
        assert {"/", "/index.html", "/app.pack", "/pyodide/pyodide.asm.wasm"} <= cached
        assert len(cached & {"/main.dart.js", "/main.dart.wasm"}) == 1, sorted(cached)
        assert "/assets/NOTICES" not in cached

        server.stop()  # from here on nothing answers on 127.0.0.1 either
        reloaded = page.reload(timeout=FIRST_LOAD)
        assert reloaded is not None and reloaded.from_service_worker
        open_semantics(page)
        # both games outlived the reload (IndexedDB), the Verflixxt one too
        wait_text(page, "Verflixxt! Kompakt: Ana, Ben · 2 Züge", timeout=FIRST_LOAD)
        button(page, "Weiterspielen: Qwixx Longo: Ana, Ben · 4 Züge").click(timeout=STEP / 1000)
        shown = finish_qwixx(page)
        backup = download_backup(page, tmp_path)
    finally:
        server.stop()
        ctx.close()

    unknown = sorted(set(outside))  # Flet's Rive runtime too: the site answers it (rive-stub/)
    assert unknown == [], f"requests to other hosts: {unknown}"
    by_game = {r["game"]: r for r in backup["records"]}
    assert sorted(by_game) == ["qwixx-longo", "verflixxt"]
    assert replay(by_game["verflixxt"], tmp_path)["over"] is False  # a turn played, the game goes on
    replayed = replay(by_game["qwixx-longo"], tmp_path)
    assert replayed["over"] is True
    assert shown == score_lines(replayed["result"])


def open_semantics(page) -> None:
    """After a (re)load: Flutter's semantics tree on, as a screen reader turns it on."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=FIRST_LOAD)
    page.locator("flt-semantics-placeholder").dispatch_event("click")


def open_with_a_qwixx_game(ctx, url: str, outside: list[str]):
    """The site opened in ``ctx`` and a Qwixx Longo game of Ana and Ben started: Ana's first turn."""
    page = smoke.open_site(ctx, url, outside, timeout=FIRST_LOAD)
    page.set_default_timeout(STEP)
    button(page, "Qwixx Longo").click(timeout=FIRST_LOAD / 1000)
    fill(page, "Name Spieler 1", "Ana")
    fill(page, "Name Spieler 2", "Ben")
    button(page, "Spiel starten").click()
    wait_text(page, "Ana ist dran · Wurf Nr. 1")
    return page


def start_qwixx(page) -> None:
    """The first throw of test_history_e2e's short game (ends at the first misthrow)."""
    button(page, "Qwixx Longo").click(timeout=STEP / 1000)
    fill(page, "Name Spieler 1", "Ana")
    fill(page, "Name Spieler 2", "Ben")
    button(page, "Mehr Optionen").click()  # the house rules are folded
    for expected in (3, 2, 1):
        button(page, "Ende beim Fehlwurf Nr. −").click()
        wait_text(page, f"Ende beim Fehlwurf Nr.: {expected}")
    button(page, "Spiel starten").click()
    wait_text(page, "Ana ist dran · Wurf Nr. 1")
    qwixx_roll(page, "3 4 8 1 2 5")  # white sum 7
    wait_text(page, "Weiße Summe 7 – Ana:")
    button(page, "Rot 7").click()
    wait_text(page, "Weiße Summe 7 – Ben:")
    button(page, "Passen").click()
    button(page, "Rot 4+8=12").click()
    wait_text(page, "Ben ist dran · Wurf Nr. 2")


def verflixxt_turn(page) -> None:
    """Ana's first turn of test_verflixxt_e2e's game (one figure each, its typed layout)."""
    button(page, "Verflixxt! Kompakt").click(timeout=STEP / 1000)
    fill(page, "Name Spieler 1", "Ana")
    fill(page, "Name Spieler 2", "Ben")
    button(page, "Mehr Optionen").click()  # the layout and the figures wait folded
    fill(page, "Tafeln von Start bis Ziel", LAYOUT)
    wait_text(page, "Tafeln: 8 – 3× plus, 3× minus, 2× G")
    for n in (2, 1):
        button(page, "Figuren je Person −").click()
        wait_text(page, f"Figuren je Person: {n}")
    button(page, "Spiel starten").click()
    wait_text(page, "Ana ist dran")
    value, move, _ = SCRIPT[0]
    verflixxt_roll(page, value)
    button(page, move).click()
    wait_text(page, "Ben ist dran")


def finish_qwixx(page) -> list[str]:
    """Ben's throw: everybody passes, Ben's misthrow ends the game. The score lines shown."""
    wait_text(page, "Ben ist dran · Wurf Nr. 2")
    qwixx_roll(page, "1 1 1 1 1 1")
    wait_text(page, "Weiße Summe 2")
    button(page, "Passen").click()
    page.get_by_text("Ben entscheidet noch", exact=True).or_(
        page.get_by_text("Ana entscheidet noch", exact=True)).first.wait_for()
    button(page, "Passen").click()
    button(page, "Passen (Fehlwurf)").click()
    wait_text(page, "Wertung")
    return [t for t in (x.strip() for x in page.locator("flt-semantics").all_inner_texts())
            if re.fullmatch(r"\d+\. .+ – −?\d+ Punkte?", t)]


def download_backup(page, tmp_path: Path) -> dict:
    """Start → Sichern & Einlesen → Alles sichern (JSON): the browser's own download."""
    button(page, "Start").click()
    button(page, "Sichern & Einlesen").click()
    button(page, "Alles sichern (JSON)").click()
    wait_text(page, "Sicherung erstellt: 2 Spiele, 0 Profile")
    with page.expect_download(timeout=STEP) as dl:
        button(page, "Nochmal herunterladen").click()
    saved = tmp_path / dl.value.suggested_filename
    dl.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "tischrichter-backup"
    return data


def replay(record: dict, tmp_path: Path) -> dict:
    """``python -m scoring replay`` of one exported game (the bare GameRecord)."""
    path = tmp_path / f"{record['game']}.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scoring", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


def score_lines(result: dict) -> list[str]:
    """The scores screen's lines for a replayed result ("1. Ana – 3 Punkte", "2. Ben – −5 Punkte": the
    screen's minus sign)."""
    players = sorted(result["players"], key=lambda p: p["place"])
    return [f"{p['place']}. {p['name']} – {str(p['total']).replace('-', '−')} Punkte" for p in players]
