// Tischrichter's service worker, written into build/out/web by build/web.sh.
// Cache-first, one cache per site version (a hash of the site's files); a new build is installed
// beside the old one and replaces it on activation. Nothing is ever fetched from another host.
// What a first visit caches: not every file of the site (CanvasKit variants,
// skwasm and main.dart.wasm are for other browsers) but
// 1. on install, CORE: what starts the app in any browser (index.html, the bootstrap, the Pyodide
//    runtime, app.pack, fonts, manifest, icons);
// 2. what this browser loaded: the page (sw-register.js) posts the same-origin files it fetched
//    (performance "resource" entries) and the worker adds those of the site, revalidated against
//    the HTTP cache (cache: "no-cache": a 304, no second download);
// 3. once the worker controls the page, every file of the site the page asks for (cache on fetch).
const VERSION = "__VERSION__";
const CACHE = "tischrichter-" + VERSION;
const CORE = __CORE__;
const FILES = new Set(__FILES__);  // every file of the site: nothing else is ever cached
const SCOPE = new URL("./", self.location.href);

// "pyodide/pyodide.asm.wasm" for a URL of the site, or null (another host, not a file of the site)
function siteFile(url) {
  const u = new URL(url, SCOPE);
  if (u.origin !== SCOPE.origin || !u.pathname.startsWith(SCOPE.pathname)) return null;
  const rel = decodeURIComponent(u.pathname.slice(SCOPE.pathname.length)) || "./";
  return FILES.has(rel) ? rel : null;
}

// mode: how the files are fetched. "no-cache": revalidated against the HTTP cache (a 304 costs no
// download); "force-cache": taken from the HTTP cache as they are, only a miss goes to the network.
async function addFiles(files, mode = "no-cache") {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const f of new Set(files)) {
    if (!(await cache.match(new URL(f, SCOPE).href))) missing.push(f);
  }
  await Promise.all(missing.map((f) => cache.add(new Request(new URL(f, SCOPE).href, { cache: mode }))));
  return (await cache.keys()).length;
}

// The first install (no version of the site cached) runs once the page has loaded the app
// (sw-register.js): what it loaded is in the HTTP cache and is taken from there, not downloaded
// again. An update (an older version's cache exists) revalidates every file, so nothing of an older
// version is kept in the new cache.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const first = !(await caches.keys()).some((k) => k.startsWith("tischrichter-"));
    await addFiles(CORE, first ? "force-cache" : "no-cache");
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("tischrichter-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

// {type: "loaded", urls: [...]} from the page; the answer on the given port: {cached: n} or {error}
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "loaded" || !Array.isArray(data.urls)) return;
  const port = event.ports && event.ports[0];
  const files = data.urls.map((u) => { try { return siteFile(String(u)); } catch (e) { return null; } })
    .filter((f) => f !== null);
  event.waitUntil(addFiles(files).then(
    (n) => port && port.postMessage({ cached: n }),
    (err) => port && port.postMessage({ error: String(err) }),
  ));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // the app's routes (/g/..., /?lang=en) are all index.html
    const hit = (await cache.match(req, { ignoreSearch: true })) ||
      (req.mode === "navigate" ? await cache.match(SCOPE.href) : undefined);
    if (hit) return hit;
    const res = await fetch(req);
    const file = siteFile(req.url);
    if (file !== null && res.ok && res.type === "basic") cache.put(new URL(file, SCOPE).href, res.clone());
    return res;
  })());
});
