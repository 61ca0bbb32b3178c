// Every rule of RULES.md that the engine decides can be found by its ID in the engine's code: a
// `grep -rn NIGHT-9 packages/engine/src` lands on the code that decides it, not only on the
// message of a refusal. An ID "in code" is one outside string literals (a comment beside the
// deciding code, or a name); the few rows decided elsewhere are listed below, each with its place.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { RULE_IDS } from "@misto/engine";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));
/** The catalogue sits beside the repository (shared/RULES.md), as on every machine of the project. */
const RULES_MD = fileURLToPath(new URL("../../../../shared/RULES.md", import.meta.url));

/** Rows of RULES.md the engine does not decide, and where each is decided instead. */
export const DECIDED_ELSEWHERE: Readonly<Record<string, string>> = {
  "CLUB-1": "the club's people and roles: the server's club store and its pages (docs/club.md)",
  "CLUB-2": "complaints after a game: the server's archive, answered by the administration",
  "CLUB-3": "sanctions beyond a game: the administration's records, enforced when a table is seated",
};

/**
 * Files that declare or project rather than decide: the list of IDs, the settings, the commands and
 * events, the state's shape, the views. An ID named only there is not found.
 */
const NOT_DECIDING = [
  "index.ts",
  "rules.ts",
  "settings.ts",
  "commands.ts",
  "events.ts",
  "state.ts",
  "view.ts",
];

/** The rule IDs in the catalogue's tables: each row starts `| ID |`. */
function catalogueIds(): string[] {
  const text = readFileSync(RULES_MD, "utf8");
  return [...text.matchAll(/^\| ([A-Z]+(?:-[A-Z0-9]+)+) \|/gm)].map((m) => m[1] as string);
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** A file's text with every string and template literal blanked: what is left is code and comments. */
export function withoutStrings(path: string, text: string): string {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const chars = text.split("");
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (chars[i] !== "\n") chars[i] = " ";
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      blank(node.getStart(file), node.getEnd());
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return chars.join("");
}

/** Where `id` occurs outside string literals, as "file:line". */
export function placesOf(id: string, files: readonly { path: string; code: string }[]): string[] {
  const pattern = new RegExp(`(?<![A-Z0-9-])${id}(?![0-9])`, "g");
  const places: string[] = [];
  for (const { path, code } of files) {
    for (const m of code.matchAll(pattern)) {
      const line = code.slice(0, m.index).split("\n").length;
      places.push(`${path.slice(SRC.length)}:${line}`);
    }
  }
  return places;
}

const files = sourceFiles(SRC)
  .filter((path) => !NOT_DECIDING.includes(path.slice(SRC.length)))
  .map((path) => ({ path, code: withoutStrings(path, readFileSync(path, "utf8")) }));
const engineRows = RULE_IDS.filter((id) => id !== "ACTOR" && id !== "COMMAND");
const decidedHere = catalogueIds().filter((id) => !(id in DECIDED_ELSEWHERE));

describe("rule IDs in the engine's code", () => {
  it("the engine's RULE_IDS are the rows of RULES.md it decides, plus its own ACTOR and COMMAND", () => {
    expect([...engineRows].sort()).toEqual([...decidedHere].sort());
  });

  it("every row listed as decided elsewhere is a row of RULES.md", () => {
    const ids = new Set(catalogueIds());
    for (const id of Object.keys(DECIDED_ELSEWHERE)) expect(ids.has(id), id).toBe(true);
  });

  it.each(decidedHere)("%s appears in the engine's code outside string literals", (id) => {
    expect(placesOf(id, files), `${id} is named only in messages, or nowhere`).not.toEqual([]);
  });

  it("the check sees through strings: an ID only in a refusal's message is not found", () => {
    // The source under test holds a template literal with a placeholder: built from parts here.
    const template = ["`seat $", "{seat} NIGHT-9`"].join("");
    const code = withoutStrings("x.ts", `return ruleError("NIGHT-9", ${template}); // NIGHT-10\n`);
    expect(placesOf("NIGHT-9", [{ path: `${SRC}x.ts`, code }])).toEqual([]);
    expect(placesOf("NIGHT-10", [{ path: `${SRC}x.ts`, code }])).toEqual(["x.ts:1"]);
    expect(placesOf("NIGHT-1", [{ path: `${SRC}x.ts`, code }])).toEqual([]);
  });
});
