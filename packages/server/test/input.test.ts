// Bad input, played by an attacker on SQLite and PostgreSQL alike: settings named after what every
// object inherits, control characters and lone surrogates in texts, malformed path ids, days that
// do not exist, bodies that are not JSON. Each gets the same clear refusal on both databases, never
// a 500, and nothing is stored. The OpenAPI walk (openapi.test.ts) fuzzes every route beside this.

import { SETTING_NAMES } from "@misto/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addHost, type Harness, harness, newTable, SEATS, setUpClub } from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { snapshot } from "./helpers/snapshot.js";

const STORED = BACKENDS.filter((b) => b.name !== "memory");

/** Texts no field takes: NUL, other C0 and C1 controls, DEL, lone surrogates of both halves. */
const HOSTILE = ["Ann\u0000a", "\u0007bell", "tab\tin a name", "del\u007f", "c1\u0085", "\ud800", "x\udfffy"];

describe.each(STORED)("bad input on $name", (backend) => {
  let h: Harness;
  let admin: string;
  let host: string;
  let table: string;

  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    table = (await newTable(h, host)).id;
  });
  afterAll(() => h.close());

  function post(url: string, cookie: string | null, payload: unknown, type = "application/json") {
    return h.app.inject({
      method: "POST",
      url,
      headers: { "content-type": type, ...(cookie ? { cookie } : {}) },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  }

  /** Runs `send` and checks that not one row of the database changed. */
  async function unchanged(send: () => Promise<void>) {
    const before = await snapshot(h.url as string);
    await send();
    expect(await snapshot(h.url as string)).toEqual(before);
  }

  it("refuses a setting named after what every object inherits (valueOf, isPrototypeOf, __proto__…) with 422 and the list of settings", async () => {
    const names = [...Object.getOwnPropertyNames(Object.prototype), "prototype"];
    await unchanged(async () => {
      for (const name of names) {
        // Written as JSON text: an object literal's __proto__ would set the prototype, not a key.
        const body = `{"seats": ${JSON.stringify(SEATS)}, "deal": {"seed": "s"}, "settings": {${JSON.stringify(name)}: 1}}`;
        const res = await post("/api/tables", host, body);
        if (name === "__proto__") {
          // Fastify's JSON parser refuses it before any schema (its onProtoPoisoning).
          expect(res.statusCode, res.body).toBe(400);
          continue;
        }
        expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
        expect(res.json().error, name).toBe("bad_setup");
        expect(res.json().message, name).toContain(`${name} is not a setting`);
        expect(res.json().message, name).toContain(SETTING_NAMES.join(", "));
      }
    });
  });

  it("refuses control characters and lone surrogates in names, titles, reasons, complaints and search: 422 bad_text", async () => {
    const me = (await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie: admin } })).json();
    const person = me.host.person as string;
    const texts: [string, (text: string) => unknown][] = [
      ["/api/people", (t) => ({ name: t })],
      ["/api/hosts", (t) => ({ name: t, login: "vera", password: "long enough password" })],
      ["/api/tables", (t) => ({ title: t, seats: SEATS, deal: { seed: "s" } })],
      ["/api/tables", (t) => ({ seats: [{ name: t }, ...SEATS.slice(1)], deal: { seed: "s" } })],
      ["/api/tables", (t) => ({ seats: SEATS, deal: { seed: t } })],
      [`/api/people/${person}/sanctions`, (t) => ({ kind: "warning", reason: t })],
      [`/api/tables/${table}/complaints`, (t) => ({ about: "game", text: t })],
      ["/api/seasons", (t) => ({ name: t, from: "2031-01-01", until: "2031-01-31" })],
    ];
    await unchanged(async () => {
      for (const [url, body] of texts) {
        for (const text of HOSTILE) {
          // A tab is a line's character: the several-line texts (reasons, complaints) take it.
          if (text.includes("\t") && (url.endsWith("sanctions") || url.endsWith("complaints"))) continue;
          const res = await post(url, admin, body(text));
          expect(res.statusCode, `${url} ${JSON.stringify(text)}: ${res.body}`).toBe(422);
          expect(res.json().error).toBe("bad_text");
        }
      }
      // A URL carries UTF-8, which has no lone surrogates: the controls are the query's hostile texts.
      for (const text of HOSTILE.filter((t) => !/[\ud800-\udfff]/u.test(t))) {
        const res = await h.app.inject({
          method: "GET",
          url: `/api/people?q=${encodeURIComponent(text)}`,
          headers: { cookie: admin },
        });
        expect(res.statusCode, `search ${JSON.stringify(text)}: ${res.body}`).toBe(422);
      }
    });
  });

  it("keeps every other character: accents, Cyrillic, emoji (a surrogate pair) and line breaks where lines are", async () => {
    const res = await post("/api/people", admin, { name: "Олена 🎭 Émilie" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().person.name).toBe("Олена 🎭 Émilie");
    const me = (await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie: admin } })).json();
    const sanction = await post(`/api/people/${me.host.person}/sanctions`, admin, {
      kind: "warning",
      reason: "late\r\ntwice\tin a row 🎭",
    });
    expect(sanction.statusCode, sanction.body).toBe(201);
  });

  it("answers a malformed path id with 404 to anyone, signed in or not", async () => {
    const paths = [
      "/api/tables/%00",
      "/api/tables/%00/display",
      "/api/tables/%00/record",
      "/api/people/%00",
      "/api/games/%00",
      "/api/games/%00/record",
      "/api/tables/a%00b/seats/3",
      "/api/tables/%F0%9F%8E%AD",
      `/api/tables/${table}/seats/13`,
    ];
    for (const path of paths) {
      for (const cookie of [null, admin]) {
        const res = await h.app.inject({ method: "GET", url: path, headers: cookie ? { cookie } : {} });
        if (path.endsWith("/seats/13") || path.endsWith("/seats/3")) {
          // Only a DELETE there: the GET is no route. The DELETE's malformed path is a 404 too.
          const del = await h.app.inject({ method: "DELETE", url: path, headers: cookie ? { cookie } : {} });
          expect(del.statusCode, `DELETE ${path}: ${del.body}`).toBe(404);
          continue;
        }
        expect(res.statusCode, `${path} ${cookie ? "as the admin" : "anonymous"}: ${res.body}`).toBe(404);
        expect(res.json().error).toBe("not_found");
      }
    }
  });

  it("refuses a day that does not exist in the schema, as the OpenAPI document says", async () => {
    const document = (await h.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const body = document.paths["/api/seasons"].post.requestBody.content["application/json"].schema;
    expect(body.properties.from.format).toBe("date");
    await unchanged(async () => {
      for (const day of ["9995-35-20", "2031-02-29", "2031-04-31", "2031-00-10"]) {
        const res = await post("/api/seasons", admin, { name: "Odd", from: day, until: "9999-12-31" });
        expect(res.statusCode, `${day}: ${res.body}`).toBe(400);
        // The schema's refusal, not the route's own check: the document promised it.
        expect(res.json().message, day).toMatch(/must match format "date"/);
        const games = await h.app.inject({
          method: "GET",
          url: `/api/games?from=${day}`,
          headers: { cookie: admin },
        });
        expect(games.statusCode, `games from ${day}`).toBe(400);
      }
    });
    const leap = await post("/api/seasons", admin, { name: "Leap", from: "2032-02-29", until: "2032-03-01" });
    expect(leap.statusCode, leap.body).toBe(201);
  });

  it("answers a text/plain or form body with the promised 415, nothing changed", async () => {
    await unchanged(async () => {
      for (const type of ["text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded"]) {
        const res = await post("/api/people", admin, '{"name": "Plain"}', type);
        expect(res.statusCode, `${type}: ${res.body}`).toBe(415);
        expect(res.json().error).toBe("unsupported_media_type");
      }
    });
  });
});
