"""Issue 29.3/29.5: the start snapshot (build/web/pyboot.mjs, experimental ``build/web.sh --snapshot``)
made and restored by the site's own Pyodide in Node.js: the restored app validates and packs as the
started one, and a snapshot whose layout of the native extensions differs is refused, not restored."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from tests.e2e.test_web_offline import site  # noqa: F401  # the built site (built here if stale)

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "build" / "web" / "snapshot.mjs"
SELF_CHECK = "ok Client(role='guest', game='g1', phone=None) 27B literal_error"
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
