import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

// Tests run against the TypeScript sources, so a test never sees a stale build.
export default defineConfig({
  resolve: {
    alias: {
      "@misto/engine": src("engine"),
      "@misto/record": src("record"),
      "@misto/bots": src("bots"),
    },
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "packages/web/e2e/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
  },
});
