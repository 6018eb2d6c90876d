// Tischrichter's own service worker (sw.js): the app starts with no network after the first visit.
// Service workers need HTTPS or localhost. The worker precaches only the renderer-independent core;
// this page tells it which files of the site this browser loaded (CanvasKit or skwasm, main.dart.js
// or .wasm, ...) so it keeps those too, from the HTTP cache. tischrichterCacheLoaded() does it now
// and resolves with the number of files cached (the browser tests wait for it before going offline).
(() => {
  if (!("serviceWorker" in navigator)) return;
  if (performance.setResourceTimingBufferSize) performance.setResourceTimingBufferSize(2000);

  function loaded() {
    return performance.getEntriesByType("resource").map((e) => e.name)
      .filter((u) => { try { return new URL(u).origin === location.origin; } catch (e) { return false; } });
  }

  async function tell() {
    const reg = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise((ok, no) => {
      channel.port1.onmessage = (e) => (e.data.error ? no(new Error(e.data.error)) : ok(e.data.cached));
    });
    reg.active.postMessage({ type: "loaded", urls: loaded() }, [channel.port2]);
    return answer;
  }
  window.tischrichterCacheLoaded = tell;

  function register() {
    navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err));
    tell().catch((err) => console.warn("service worker:", err));
  }

  window.addEventListener("load", () => {
    // A first visit (no worker controls the page yet) registers once the app is up (python.js's
    // "tischrichter:python-ready"), not at "load": the worker's install caches the core from the HTTP
    // cache then, instead of downloading app.pack, Pyodide and Flutter a second time while the page
    // is still loading them (nothing fetched twice). A later visit registers at once (the
    // browser checks for a new version of the site).
    if (navigator.serviceWorker.controller || window.tischrichterPythonReady) register();
    else window.addEventListener("tischrichter:python-ready", register, { once: true });
    // Flutter loads CanvasKit and fonts after "load": tell again when loading has been quiet for 2 s
    let timer = null;
    new PerformanceObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => tell().catch((err) => console.warn("service worker:", err)), 2000);
    }).observe({ type: "resource" });
  });
})();
