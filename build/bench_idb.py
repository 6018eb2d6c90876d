"""Benchmark (not a test): what one IndexedDB transaction costs a page, by record size.

    .venv/bin/python build/bench_idb.py [--phone-cpu 0.5]

The phone site saves a tap as one read-write transaction that puts the store's whole file (IDBFS:
one record per file; ``build/bench_store_growth.py`` shows how the file grows with the history).
A blank page in Debian's Chromium puts records of 4 KB (1 and 3 of them), 48 KB, 256 KB, 1 MB and
4 MB, 20 transactions each (the first 3 left out), shaped as IDBFS's records. ``--phone-cpu`` holds
this process and the browser to a share of one core (bench_web's ``PhoneCpu``). Figures, not
assertions.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import pathlib
import statistics
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))

from bench_web import PhoneCpu  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

JS = """async ([size, parts, n]) => {
  const db = await new Promise(ok => { const r = indexedDB.open('t' + size + '_' + parts, 1);
    r.onupgradeneeded = () => r.result.createObjectStore('F'); r.onsuccess = () => ok(r.result); });
  const out = [];
  for (let k = 0; k < n; k++) {
    const t = performance.now();
    await new Promise((ok, no) => { const tx = db.transaction(['F'], 'readwrite'); const s = tx.objectStore('F');
      for (let p = 0; p < parts; p++) {
        const b = new Uint8Array(size);
        b[0] = k;
        s.put({timestamp: new Date(), mode: 33188, contents: b}, '/data/f' + p); // an IDBFS file record
      }
      tx.oncomplete = ok; tx.onerror = no; });
    out.push(performance.now() - t);
  }
  return out;
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--phone-cpu", type=float, default=None, help="share of one core, e.g. 0.5")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        (pathlib.Path(tmp) / "index.html").write_text("<html><body>IndexedDB</body></html>")
        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=tmp))
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        with PhoneCpu(args.phone_cpu) as cpu, sync_playwright() as p:
            print(f"CPU: {cpu.why_not or f'{cpu.share} of a core (cgroup)'}")
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{srv.server_port}/")
            for size, parts in [(4096, 1), (4096, 3), (49152, 1), (262144, 1), (1048576, 1), (4194304, 1)]:
                t = page.evaluate(JS, [size, parts, 20])[3:]
                print(f"{parts} x {size // 1024:5d} KB in one transaction: median {statistics.median(t):6.1f} ms"
                      f"  p90 {sorted(t)[int(len(t) * 0.9)]:6.1f} ms")
            browser.close()
        srv.shutdown()


if __name__ == "__main__":
    main()
