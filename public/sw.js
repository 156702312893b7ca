/*
 * Cashwise service worker. Caches the static assets (the hashed client build, icons, manifest)
 * and an offline page per locale; pages themselves always come from the network (they carry a
 * per-request security nonce and personal data), falling back to the offline page when there is
 * no network. A new version waits until the visitor chooses Reload in the update toast.
 */
const VERSION = "v2";
const STATIC_CACHE = `cashwise-static-${VERSION}`;
const LOCALES = ["en", "nl", "fr", "es", "de"];
const PRECACHE = [
  "/manifest.webmanifest",
  "/favicon.ico",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  ...LOCALES.map((locale) => `/${locale}/offline`),
];

self.addEventListener("install", (event) => {
  // Without cookies: caching every locale's offline page must not touch the visitor's session or language.
  const requests = PRECACHE.map((url) => new Request(url, { credentials: "omit" }));
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith("cashwise-") && key !== STATIC_CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

function offlinePageFor(url) {
  const segment = new URL(url).pathname.split("/")[1];
  return `/${LOCALES.includes(segment) ? segment : "en"}/offline`;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(offlinePageFor(request.url))));
    return;
  }

  const isStatic = url.pathname.startsWith("/build/") || url.pathname.startsWith("/icons/") || url.pathname.startsWith("/images/");
  if (!isStatic) return;
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
