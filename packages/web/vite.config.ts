import { fileURLToPath } from "node:url";
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

const src = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

// The engine runs in the browser from its TypeScript sources: the console plays offline.
export default defineConfig({
  plugins: [preact()],
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
