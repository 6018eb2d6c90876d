// Tischrichter's page side of the Python worker, in place of Flet's python.js (flet-web
// 1.0.5, Apache-2.0), with the same three functions Flet's Dart code calls: jsConnect, jsSend and
// jsDisconnect. Flet's version created the worker only when Dart called jsConnect, after the Flutter
// engine and Dart's main were up, so Pyodide and the app loaded after Flutter, in series. Here the
// worker starts as this script runs (index.html loads it in <head>), in parallel with Flutter, and
// jsConnect takes the worker that is already starting. Frames the worker sends before Dart is
// connected (none are expected: the app speaks once Dart registers) are kept and handed on.
// Every step of the start is a performance mark ("tr:…"; the worker's marks are posted to here):
// build/bench_web.py reads them.
(() => {
  performance.mark("tr:page-start");
  const base = (flet.entrypointBaseUrl || "/").replace(/\/?$/, "/");
  // Ask the browser to keep this site's storage (the games in IndexedDB); a worker
  // cannot ask (no persist() there), so each worker is told the answer ({tr: "storage"}).
  const storageKept = (async () => {
    try {
      return (await navigator.storage.persisted()) || (await navigator.storage.persist());
    } catch (error) {
      return false; // no StorageManager (not a secure context): nothing promised
    }
  })();

  function start() {
    const worker = new Worker(base + "python-worker.js", { type: "module" });
    const python = { worker, pending: [], deliver: null };
    python.ready = new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const data = event.data;
        if (data && data.tr === "mark") {
          performance.mark(data.name, { startTime: data.at - performance.timeOrigin });
        } else if (typeof data === "string") {
          if (data === "initialized") resolve();
          else reject(data);
        } else if (python.deliver) {
          python.deliver(data);
        } else {
          python.pending.push(data);
        }
      };
      worker.onerror = (event) => reject(event.message || String(event));
    });
    python.ready.catch(() => {}); // reported by jsConnect
    worker.postMessage({
      pyodideUrl: new URL(flet.pyodideUrl || "pyodide/pyodide.mjs", document.baseURI).href,
      appPackUrl: new URL(flet.appPackageUrl || "app.pack", document.baseURI).href,
      documentUrl: document.URL,
    });
    storageKept.then((persisted) => worker.postMessage({ tr: "storage", persisted }));
    return python;
  }

  let early = start();
  const apps = {};
  // A reload or a closed tab: the Python worker (its ~55 MB of memory, its compiled code) is let go as
  // the page goes, not left for the browser to tear down while the next start runs beside it (the
  // same renderer, at phone class the same half core). A page kept in the back/forward cache keeps it.
  window.addEventListener("pagehide", (event) => {
    if (event.persisted) return;
    for (const python of [early, ...Object.values(apps)]) if (python) python.worker.terminate();
  });

  globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    performance.mark("tr:dart-connect");
    const python = early || start(); // a second connection (after a disconnect) starts a new worker
    early = null;
    apps[appId] = python;
    python.deliver = dartOnMessage;
    for (const data of python.pending.splice(0)) dartOnMessage(data);
    try {
      await python.ready;
    } catch (error) {
      console.error("Python worker init error:", error);
      // what Flet's "Error running app" screen is about, where a test can read it (a browser whose
      // console it cannot see: tests/e2e/test_webkit.py)
      window.tischrichterStartError = String(error);
      await globalThis.jsDisconnect(appId);
      throw error;
    }
    performance.mark("tr:python-ready");
    window.tischrichterPythonReady = true;
    window.dispatchEvent(new Event("tischrichter:python-ready")); // sw-register.js: install now
  };

  globalThis.jsSend = async function (appId, data) {
    const python = apps[appId];
    if (python) python.worker.postMessage(data, [data.buffer]);
  };

  globalThis.jsDisconnect = async function (appId) {
    const python = apps[appId];
    if (python) {
      delete apps[appId];
      python.worker.terminate();
      python.worker.onmessage = null;
      python.worker.onerror = null;
    }
  };
})();
