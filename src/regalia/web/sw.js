// Regalia's service worker: the site installs as an app, opens a clear "you are offline"
// page without the network, and shows Web Push notifications (your turn, game over,
// challenges, tournament rounds). It caches only the offline page and what it needs: API
// answers, WebSockets and the app's own files always come from the server.

const CACHE = "regalia-shell-v1";
const SHELL = [
  "/offline.html",
  "/css/offline.css",
  "/js/offline.js",
  "/icons/icon-192.png",
  "/favicon.svg",
  "/manifest.webmanifest",
];
const NEVER = /^\/(api|ws|docs|redoc|openapi\.json|metrics)(\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Only pages: from the network, or the offline page without it. Static files, API answers
  // and WebSockets go to the network as they would without a worker.
  if (request.mode !== "navigate" || url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  event.respondWith(fetch(request).catch(() => caches.match("/offline.html")));
});

/** What a push says (the server's JSON: kind, title, body, url, tag, table). */
function readPush(event) {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return { title: "Regalia", body: event.data ? event.data.text() : "" };
  }
}

self.addEventListener("push", (event) => {
  const data = readPush(event);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    // The player is looking at that very page: it shows the change itself.
    if (data.url && windows.some((w) => w.focused && w.url === data.url)) return;
    await self.registration.showNotification(data.title || "Regalia", {
      body: data.body || "",
      tag: data.tag || data.kind || "regalia",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: data.url || "/" },
    });
  })());
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (open) {
      await open.focus();
      if (open.url !== url && "navigate" in open) await open.navigate(url);
      return;
    }
    await self.clients.openWindow(url);
  })());
});
