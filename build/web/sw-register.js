// Tischrichter's own service worker (sw.js, cache-first, every file of the site): the app
// starts with no network after the first visit. Service workers need HTTPS or localhost.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err));
  });
}
