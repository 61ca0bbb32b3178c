import { fileURLToPath } from "node:url";
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const src = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

// The engine runs in the browser from its TypeScript sources: the console plays offline.
// The service worker is Workbox's, generated from the build's own list of files (every chunk with
// its hash: club pages, the QR code, each language); it waits for the host's tap to take over.
export default defineConfig({
  plugins: [
    preact(),
    VitePWA({
      strategies: "generateSW",
      registerType: "prompt",
      injectRegister: false,
      filename: "sw.js",
      // public/manifest.webmanifest is the app's manifest as written; the plugin writes none.
      manifest: false,
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,webmanifest}"],
        // Hashed names change with their content: no extra revision needed.
        dontCacheBustURLsMatching: /^assets\//,
        // Every route is the one-page app, from the cache when offline. Not the API, the realtime
        // channel, or the display (another site may frame it: its headers come from the server).
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/display\//],
        cleanupOutdatedCaches: true,
        // The first worker takes the page at once (offline from the first visit); a later one waits.
        clientsClaim: true,
      },
    }),
  ],
  resolve: {
    alias: {
      "@misto/engine": src("engine/src/index.ts"),
      "@misto/record/recap": src("record/src/recap.ts"),
      "@misto/protocol/patch": src("protocol/src/patch.ts"),
    },
  },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: false },
  server: { proxy: { "/api": "http://127.0.0.1:3000", "/ws": { target: "ws://127.0.0.1:3000", ws: true } } },
});
