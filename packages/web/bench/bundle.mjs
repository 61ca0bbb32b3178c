// The web app's first-load JavaScript, gzipped: every script and module preload the built
// index.html names (packages/web/dist), each compressed with gzip level 9, plus the one language
// chunk the reader's language loads before the app draws (assets/ru-*.js, uk-*.js, en-*.js), and
// the total against the 200 KB target. Plain Node, no build step: run after `npm run build`.

import { existsSync, readdirSync, readFileSync } from "node:fs";
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
const gz = (body) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
let raw = 0;
let gzipped = 0;
console.log("Web app, JavaScript loaded on first load (gzip -9):");
for (const url of scripts) {
  const body = readFileSync(join(dist, url.split(/[?#]/)[0].replace(/^\//, "")));
  raw += body.length;
  gzipped += gz(body);
  console.log(`  ${url}  ${kb(body.length)} KB raw, ${kb(gz(body))} KB gzipped`);
}
console.log(`  shell: ${kb(gzipped)} KB gzipped in ${scripts.length} file(s)`);

/** Each language's own chunk: only the reader's is fetched, before the first screen draws. */
const assets = readdirSync(join(dist, "assets"));
const languages = ["ru", "uk", "en"].map((lang) => {
  const file = assets.find((name) => new RegExp(`^${lang}-[\\w-]+\\.js$`).test(name));
  if (!file) {
    console.error(`No language chunk for ${lang} in dist/assets: the words are not split.`);
    process.exit(1);
  }
  return { lang, file, size: gz(readFileSync(join(dist, "assets", file))) };
});
let worst = 0;
for (const { lang, file, size } of languages) {
  worst = Math.max(worst, gzipped + size);
  console.log(`  + ${lang}: /assets/${file}  ${kb(size)} KB gzipped → first load ${kb(gzipped + size)} KB`);
}
const verdict = worst <= TARGET_KB * 1024 ? "within" : "OVER";
console.log(
  `Total: ${kb(worst)} KB gzipped at most (shell ${kb(gzipped)} KB, ${kb(raw)} KB raw, + one language); target ${TARGET_KB} KB: ${verdict}.`,
);
