// The OpenAPI fuzzer's requests (openapi.test.ts): a route's well-formed request with hostile
// values put into it by fast-check: control characters, lone surrogates, huge strings, wrong
// types, days that do not exist, inherited and prototype-poisoning keys, malformed path ids.

import fc from "fast-check";

/** What the fuzzer sends one route: its path and query (already URL-encoded) and its body's JSON text. */
export interface Fuzzed {
  /** The route's path, filled with the walk's ids, with any hostile id put in. */
  path(filled: string): string;
  readonly query: string;
  readonly payload?: string;
}

interface Route {
  readonly path: string;
  readonly parameters: readonly { readonly in: string; readonly name: string }[];
  readonly body: object | null;
}

/** Keys every object inherits, and the ones that poison a prototype. */
export const HOSTILE_KEYS = [
  ...Object.getOwnPropertyNames(Object.prototype),
  "prototype",
  "constructor",
  "__proto__",
  "",
  "\u0000",
];

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0007",
  "\u001b[2J",
  "\u007f",
  "\u0085",
  "\u2028",
  "\ud800",
  "\udfff",
  "x\ud83c",
  "🎭",
  "9995-35-20",
  "2031-02-29",
  "0000-00-00",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "'; DROP TABLE people; --",
  "__proto__",
  "x".repeat(5_000),
  // Over the 64 KiB body limit: 413.
  "x".repeat(70_000),
];

/** Values of every JSON type, each wrong somewhere. */
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  2 ** 53,
  [],
  {},
  [null],
  nested(2_000),
  { valueOf: 1, toString: "x" },
];

/** Path ids and query values as they stand in a URL: NUL, controls, broken UTF-8, inherited names. */
const HOSTILE_URL_VALUES = [
  "%00",
  "a%00b",
  "%01",
  "%7F",
  "%C2%85",
  "%ED%A0%80",
  "%FF",
  "%E2%80%A8",
  "..",
  "%2E%2E",
  "%2F",
  "%20",
  "x".repeat(65),
  "%F0%9F%8E%AD",
  "__proto__",
  "constructor",
  "hasOwnProperty",
  "0",
  "-1",
  "13",
  "1e3",
  "9995-35-20",
];

type Key = string | number;

/** Every place in a JSON value: the paths of its objects' and arrays' members, the root first. */
function places(value: unknown, at: Key[] = []): Key[][] {
  const out: Key[][] = [at];
  if (value && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) {
      out.push(...places(member, [...at, Array.isArray(value) ? Number(key) : key]));
    }
  }
  return out;
}

/** Sets (or deletes, with `remove`) a member as an own property: a "__proto__" key stays a key. */
function put(base: unknown, at: Key[], key: Key | null, value: unknown, remove = false): unknown {
  if (at.length === 0 && key === null) return value;
  const copy = structuredClone(base);
  let target = copy as Record<Key, unknown>;
  const path = key === null ? at.slice(0, -1) : at;
  const last = key === null ? (at.at(-1) as Key) : key;
  for (const step of path) {
    const next = target[step];
    if (!next || typeof next !== "object") return copy;
    target = next as Record<Key, unknown>;
  }
  if (remove) delete target[last];
  else Object.defineProperty(target, last, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function body(base: unknown): fc.Arbitrary<string> {
  const all = places(base);
  const objects = all.filter((at) => {
    let v = base as Record<Key, unknown> | undefined;
    for (const step of at) v = v?.[step] as Record<Key, unknown> | undefined;
    return v !== null && typeof v === "object" && !Array.isArray(v);
  });
  const value = fc.constantFrom(...HOSTILE_VALUES);
  const replaced = fc.tuple(fc.constantFrom(...all), value).map(([at, v]) => put(base, at, null, v));
  const removed = fc
    .constantFrom(...all.filter((at) => at.length > 0))
    .map((at) => put(base, at, null, null, true));
  const added = fc
    .tuple(fc.constantFrom(...(objects.length ? objects : [[]])), fc.constantFrom(...HOSTILE_KEYS), value)
    .map(([at, key, v]) => put(base, at, key, v));
  const arbitraries = [replaced, added, ...(all.length > 1 ? [removed] : [])];
  return fc.oneof(...arbitraries).map((json) => JSON.stringify(json) ?? "null");
}

/** A route's request with hostile values in its body, path ids or query: one of them, or several. */
export function fuzzedRequest(route: Route, base: unknown): fc.Arbitrary<Fuzzed> {
  const pathNames = route.parameters.filter((p) => p.in === "path").map((p) => p.name);
  const queryNames = route.parameters.filter((p) => p.in === "query").map((p) => p.name);
  const hostileUrl = fc.constantFrom(...HOSTILE_URL_VALUES);
  const ids = fc.option(fc.tuple(fc.constantFrom(...(pathNames.length ? pathNames : ["-"])), hostileUrl), {
    freq: 2,
  });
  const queryName = fc.constantFrom(...queryNames, "__proto__", "constructor", "q");
  const query = fc.option(fc.tuple(queryName, hostileUrl), { freq: 2 });
  const payload = route.body ? fc.option(body(base), { freq: 4 }) : fc.constant(null);
  return fc.tuple(ids, query, payload).map(([id, q, p]) => {
    const template = route.path.split("/");
    return {
      path(filled: string) {
        if (!id || !pathNames.includes(id[0])) return filled;
        const segments = filled.split("/");
        segments[template.indexOf(`{${id[0]}}`)] = id[1];
        return segments.join("/");
      },
      query: q ? `?${q[0]}=${q[1]}` : "",
      // A route with a body is always sent one (its well-formed one when no hostile value came).
      ...(route.body ? { payload: p ?? JSON.stringify(base) } : {}),
    };
  });
}

/** The route's well-formed request as is: its success answer is checked too. */
export function unfuzzed(route: Route, base: unknown): Fuzzed {
  return { path: (filled) => filled, query: "", ...(route.body ? { payload: JSON.stringify(base) } : {}) };
}

/** The texts that broke the server before (NUL on PostgreSQL), swept through every field. */
const SWEPT_STRINGS = ["a\u0000b", "\ud800", "\u0085", "\u001b[2J"];
const SWEPT_URL_VALUES = ["%00", "a%00b", "%ED%A0%80", "%C2%85"];

/**
 * Beside fast-check's sample, each string field of the route's body, each path id and each query
 * parameter gets every swept value in turn: no field is left to chance.
 */
export function sweep(
  route: Route,
  base: unknown,
): { readonly in: "body" | "url"; readonly fuzzed: Fuzzed }[] {
  const out: { in: "body" | "url"; fuzzed: Fuzzed }[] = [];
  const template = route.path.split("/");
  const plain = (query = "", payload?: string): Fuzzed => ({
    ...unfuzzed(route, base),
    query,
    ...(payload !== undefined ? { payload } : {}),
  });
  if (route.body) {
    const strings = places(base).filter((at) => {
      let v = base as Record<Key, unknown> | undefined;
      for (const step of at) v = v?.[step] as Record<Key, unknown> | undefined;
      return typeof v === "string";
    });
    for (const at of strings) {
      for (const text of SWEPT_STRINGS) {
        out.push({ in: "body", fuzzed: plain("", JSON.stringify(put(base, at, null, text))) });
      }
    }
  }
  for (const p of route.parameters) {
    for (const value of SWEPT_URL_VALUES) {
      if (p.in === "query") out.push({ in: "url", fuzzed: plain(`?${p.name}=${value}`) });
      if (p.in !== "path") continue;
      const path = (filled: string) => {
        const segments = filled.split("/");
        segments[template.indexOf(`{${p.name}}`)] = value;
        return segments.join("/");
      };
      out.push({ in: "url", fuzzed: { ...plain(), path } });
    }
  }
  return out;
}
