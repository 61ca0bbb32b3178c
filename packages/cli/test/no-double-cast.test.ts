// A repository-wide check of the sources (every package's src/): no `as unknown as`. A double cast
// tells the compiler nothing is known about a value, so a wrong shape passes silently; type the
// value where it is made instead (issue 10).

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** Every TypeScript file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The lines of `text` with a double cast through unknown (or any), as "file:line". */
export function doubleCasts(file: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) => (/\bas\s+(unknown|any)\s+as\b/.test(line) ? [`${file}:${i + 1}`] : []));
}

describe("the sources", () => {
  it("finds a double cast when there is one (the check can fail)", () => {
    expect(doubleCasts("x.ts", "const a = 1;\nconst b = a as unknown as string;\n")).toEqual(["x.ts:2"]);
    expect(doubleCasts("x.ts", "const b = a as  any  as string;")).toEqual(["x.ts:1"]);
    expect(doubleCasts("x.ts", "const b = a as string;")).toEqual([]);
  });

  it("have no `as unknown as` in any package's src", () => {
    const packages = readdirSync(join(root, "packages"));
    const files = packages.flatMap((p) => {
      try {
        return sources(join(root, "packages", p, "src"));
      } catch {
        return [];
      }
    });
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => doubleCasts(relative(root, f), readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });
});
