// The web app's first-load JavaScript, gzipped: every script and module preload the built
// index.html names (packages/web/dist), each compressed with gzip level 9, and the total against
// the 200 KB target. Plain Node, no build step: run after `npm run build`.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";

const TARGET_KB = 200;
const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const index = join(dist, "index.html");
if (!existsSync(index)) {
  console.error(`No ${index}: build the web app first (npm run build -w @misto/web).`);
  process.exit(1);
}
const html = readFileSync(index, "utf8");

/** The JS files index.html loads at once: <script src> and <link rel="modulepreload" href>. */
function firstLoadScripts(page) {
  const found = new Set();
  for (const tag of page.matchAll(/<script\b[^>]*>/gi)) {
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag[0]);
    if (src) found.add(src[1]);
  }
  for (const tag of page.matchAll(/<link\b[^>]*>/gi)) {
    const rel = /\brel\s*=\s*["']([^"']+)["']/i.exec(tag[0]);
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag[0]);
    if (rel && href && rel[1].split(/\s+/).includes("modulepreload")) found.add(href[1]);
  }
  return [...found].filter((url) => !/^[a-z]+:\/\//i.test(url) && !url.startsWith("//"));
}

const scripts = firstLoadScripts(html);
if (scripts.length === 0) {
  console.error("index.html loads no script: nothing to measure.");
  process.exit(1);
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
let raw = 0;
let gzipped = 0;
console.log("Web app, JavaScript loaded on first load (gzip -9):");
for (const url of scripts) {
  const file = join(dist, url.split(/[?#]/)[0].replace(/^\//, ""));
  const body = readFileSync(file);
  const size = gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
  raw += body.length;
  gzipped += size;
  console.log(`  ${url}  ${kb(body.length)} KB raw, ${kb(size)} KB gzipped`);
}
const verdict = gzipped <= TARGET_KB * 1024 ? "within" : "OVER";
console.log(
  `Total: ${kb(gzipped)} KB gzipped (${kb(raw)} KB raw) in ${scripts.length} file(s); target ${TARGET_KB} KB: ${verdict}.`,
);
