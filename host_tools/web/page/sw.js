// The service worker: once the page has been opened, it works offline.
// Every file of the build (files.json) is kept in a cache named after the
// build's version, written here by host_tools/web/build.py; a new build
// installs a new cache and drops the old one.
const VERSION = "__VERSION__";
const CACHE = "ardoise-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const manifest = await (await fetch("files.json", { cache: "no-cache" })).json();
      const cache = await caches.open(CACHE);
      await cache.addAll(["./", ...manifest.page].map((name) => new Request(name, { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("ardoise-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// The cache first (the same build always), the network for anything else.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(request, { ignoreSearch: true });
      return kept || fetch(request);
    })(),
  );
});
