// Misto's service worker: keeps the app shell (index.html and the hashed assets it loads) on this
// device so the host console opens without a network. The API and the realtime channel are never
// cached: /api and /ws always go to the network (the console keeps its own offline copy of a table).

const CACHE = "misto-shell-v1";
const SHELL = ["/", "/manifest.webmanifest", "/icon.svg"];

/** The hashed files an index.html loads (scripts, styles, preloads), read from its text. */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

/** Caches an index.html and every asset it names; drops assets no longer named (an older build's). */
async function keepShell(cache, response) {
  const html = await response.clone().text();
  const assets = assetsOf(html);
  await cache.put("/", response);
  await Promise.all(
    assets.map(async (url) => {
      if (!(await cache.match(url))) await cache.add(url);
    }),
  );
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/assets/") && !assets.includes(path)) await cache.delete(request);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(SHELL.slice(1));
      await keepShell(cache, await fetch("/", { cache: "no-store" }));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("misto-shell-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Never cached: the server's answers and the realtime channel.
  if (url.pathname.startsWith("/api/") || url.pathname === "/api" || url.pathname.startsWith("/ws")) return;

  if (request.mode === "navigate") {
    // Every route is the one-page app: the newest index.html when online, the kept one offline.
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        try {
          const response = await fetch(request);
          if (response.ok && (response.headers.get("content-type") ?? "").includes("text/html")) {
            event.waitUntil(keepShell(cache, response.clone()));
          }
          return response;
        } catch {
          return (await cache.match("/")) ?? Response.error();
        }
      })(),
    );
    return;
  }

  if (url.pathname.startsWith("/assets/")) {
    // Hashed names never change content: the cache first, the network once.
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const kept = await cache.match(request);
        if (kept) return kept;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      })(),
    );
    return;
  }

  if (SHELL.includes(url.pathname)) {
    // The manifest and the icon: the network when it answers, else the kept copy.
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        try {
          const response = await fetch(request);
          if (response.ok) await cache.put(request, response.clone());
          return response;
        } catch {
          return (await cache.match(request)) ?? Response.error();
        }
      })(),
    );
  }
});
