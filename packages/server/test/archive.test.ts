// The archive's records, import and exports (docs/api.md "Rating and archive"), the round trip from
// one club's server to a fresh one, and the OpenAPI document — on every database.

import { playGame } from "@misto/bots";
import type { GameEvent } from "@misto/engine";
import { type GameRecord, parseRecord, toRecord } from "@misto/record";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addHost, CARDS, type Harness, harness, SEATS, setUpClub } from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { finishGame } from "./helpers/finish.js";

/** A bot game's record, played to the end of its rating (RATE-1…7). */
function botRecord(seed: string, title = `Bots ${seed}`): GameRecord {
  const summary = playGame({ seed, bots: "heuristic", record: true });
  return toRecord(summary.events as GameEvent[], { title, host: "Boris" });
}

interface Row {
  place: number;
  person: { name: string };
  points: number;
  games: number;
  average: number;
  wins: number;
  skill: { mu: number; sigma: number; ordinal: number };
}

const comparable = (rows: Row[]) =>
  rows.map((r) => ({
    place: r.place,
    name: r.person.name,
    points: r.points,
    games: r.games,
    average: r.average,
    wins: r.wins,
    mu: r.skill.mu.toFixed(9),
    sigma: r.skill.sigma.toFixed(9),
  }));

// These tests play whole games through the API: on a busy machine one takes seconds, not milliseconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe.each(BACKENDS)("archive on $name", (backend) => {
  let h: Harness;
  let admin: string;
  let host: string;
  let played: string;
  const get = (url: string, cookie = host) => h.app.inject({ method: "GET", url, headers: { cookie } });
  const importBody = (payload: unknown, cookie = admin) =>
    h.app.inject({
      method: "POST",
      url: "/api/games/import",
      headers: { cookie },
      payload: payload as object,
    });

  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    const res = await h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie: host },
      payload: { title: "Friday", seats: SEATS, deal: { cards: CARDS } },
    });
    played = res.json().id;
    await finishGame(h, host, played, { nominate: [8, 9] });
  });
  afterAll(() => h.close());

  it("gives a finished game's record as a download, the same events as the table's", async () => {
    const res = await get(`/api/games/${played}/record`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="misto-${played}.json"`);
    const parsed = parseRecord(res.json());
    expect(parsed.ok).toBe(true);
    expect(res.json().events).toEqual((await h.store.readEvents(played)).map((e) => e.event));
    expect(res.json().meta).toEqual({ title: "Friday", host: "Boris", club: "Misto Club" });
    expect((await get("/api/games/nope/record")).statusCode).toBe(404);
    expect((await h.app.inject({ method: "GET", url: `/api/games/${played}/record` })).statusCode).toBe(401);
  });

  it("imports a record: validated, stored like a played game, seats matched to a member by exact name, else a guest", async () => {
    await h.store.createPerson({
      id: "member-bot-3",
      name: "Bot 3",
      kind: "member",
      council: true,
      mergedInto: null,
      createdAt: 1,
    });
    const record = botRecord("import-1");
    const res = await importBody(record);
    expect(res.statusCode).toBe(201);
    const [id] = res.json().imported as string[];
    const page = (await get(`/api/games/${id}`)).json();
    expect(page.title).toBe("Bots import-1");
    expect(page.host.name).toBe("Boris");
    expect(page.players[2].person).toEqual({ id: "member-bot-3", name: "Bot 3" });
    const guest = await h.store.findGuest("Bot 4");
    expect(page.players[3].person).toEqual({ id: guest?.id, name: "Bot 4" });
    expect(page.recap.length).toBeGreaterThan(5);
    const game = await h.store.getGame(id as string);
    expect(game?.endedAt).toBe(record.events.at(-1)?.at);
    expect((await get(`/api/games/${id}/record`)).json().events).toEqual(record.events);
  });

  it("refuses an invalid record with every problem listed, its path and rule, and imports nothing", async () => {
    const before = (await h.store.listGames()).length;
    const good = botRecord("import-2");
    // An event the engine refuses: a vote moved to a seat that cannot be voted for.
    const events = good.events.map((e) => ({ ...e })) as Record<string, unknown>[];
    const at = events.findIndex((e) => e.type === "voted");
    events[at] = { ...events[at], target: 99 };
    const broken = { ...good, events };
    const one = await importBody(broken);
    expect(one.statusCode).toBe(400);
    expect(one.json()).toMatchObject({
      error: "invalid_record",
      message: expect.stringContaining("nothing was imported"),
    });
    expect(one.json().problems).toEqual([expect.stringMatching(new RegExp(`^events/${at}/target: `))]);

    const archive = {
      format: "misto-archive",
      version: 1,
      records: [good, { format: "misto-record", version: 1, events: [] }, broken],
    };
    const many = await importBody(archive);
    expect(many.statusCode).toBe(400);
    const problems = many.json().problems as string[];
    expect(problems.some((p) => p.startsWith("records/1"))).toBe(true);
    expect(problems.some((p) => p.startsWith(`records/2/events/${at}`))).toBe(true);
    expect(problems.some((p) => p.startsWith("records/0"))).toBe(false);

    const unfinished = playGame({ seed: "import-3", bots: "heuristic", record: true, rating: false });
    const open = await importBody(toRecord(unfinished.events as GameEvent[]));
    expect(open.statusCode).toBe(400);
    expect(open.json().problems).toEqual([expect.stringContaining("not finished")]);

    expect((await importBody({ format: "misto-archive", version: 2, records: [] })).statusCode).toBe(400);
    // The same game twice (here, or twice in one archive) would count twice.
    const again = await importBody(botRecord("import-1"));
    expect(again.statusCode).toBe(400);
    expect(again.json().problems).toEqual([expect.stringContaining("stored already")]);
    const twice = await importBody({ format: "misto-archive", version: 1, records: [good, good] });
    expect(twice.json().problems).toEqual([expect.stringMatching(/^records\/1: .*stored already/)]);
    expect((await importBody(good, host)).statusCode).toBe(403);
    expect((await h.store.listGames()).length).toBe(before);
  });

  it("takes an archive far larger than the API's 64 KiB body limit, on this route only", async () => {
    const records = Array.from({ length: 10 }, (_, i) => botRecord(`big-${i}`));
    const archive = { format: "misto-archive", version: 1, records };
    expect(JSON.stringify(archive).length).toBeGreaterThan(64 * 1024);
    const res = await importBody(archive);
    expect(res.statusCode).toBe(201);
    expect(res.json().imported).toHaveLength(10);
    const elsewhere = await h.app.inject({
      method: "POST",
      url: "/api/seasons",
      headers: { cookie: admin },
      payload: { name: "x".repeat(70 * 1024), from: "2030-01-01", until: "2030-01-02" },
    });
    expect(elsewhere.statusCode).toBe(413);
    // The session is checked before the body is read: a stranger's large body is refused unread.
    const stranger = await h.app.inject({
      method: "POST",
      url: "/api/games/import",
      headers: { cookie: host },
      payload: archive,
    });
    expect(stranger.statusCode).toBe(403);
    const signedOut = await h.app.inject({ method: "POST", url: "/api/games/import", payload: "{ not json" });
    expect(signedOut.statusCode).toBe(401);
  });

  it("exports the rating table and the games as CSV, quoting names as RFC 4180 does", async () => {
    const record = botRecord("csv-1");
    const created = record.events[0] as Extract<GameEvent, { type: "created" }>;
    const seats = created.seats.map((s, i) => (i === 0 ? { ...s, name: 'Smith, "J"' } : s));
    const renamed = { ...record, events: [{ ...created, seats }, ...record.events.slice(1)] };
    expect((await importBody(renamed)).statusCode).toBe(201);

    const rating = await get("/api/export/rating.csv");
    expect(rating.statusCode).toBe(200);
    expect(rating.headers["content-type"]).toMatch(/^text\/csv/);
    expect(rating.headers["content-disposition"]).toBe('attachment; filename="misto-rating.csv"');
    const lines = rating.body.split("\r\n").filter((l) => l !== "");
    expect(lines[0]).toBe("place,name,council,points,games,average,wins,mu,sigma,ordinal");
    const rows = (await get("/api/rating")).json().rows as Row[];
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines.some((l) => l.includes('"Smith, ""J"""'))).toBe(true);

    const games = await get("/api/export/games.csv");
    const gameLines = games.body.split("\r\n").filter((l) => l !== "");
    expect(gameLines[0]?.split(",").slice(0, 10)).toEqual([
      "id",
      "ended",
      "title",
      "host",
      "winner",
      "days",
      "nights",
      "seat1_name",
      "seat1_card",
      "seat1_points",
    ]);
    expect(gameLines[0]?.split(",")).toHaveLength(7 + 36);
    expect(gameLines).toHaveLength((await h.store.listGames()).length + 1);
    const friday = gameLines.find((l) => l.startsWith(played));
    expect(friday?.split(",").slice(7, 10)).toEqual(["Player 1", "don", "0"]);
    expect((await h.app.inject({ method: "GET", url: "/api/export/games.csv" })).statusCode).toBe(401);
  });

  it("round trip: the club's records exported and imported into a fresh server give the same rating table", async () => {
    // A correction travels with the archive.
    const put = await h.app.inject({
      method: "PUT",
      url: `/api/games/${played}/points`,
      headers: { cookie: host },
      payload: { seat: 9, points: 2, reason: "a late contest" },
    });
    expect(put.statusCode).toBe(200);
    // Bot games end at small times; one more ends at the same time as another, so the games' keys
    // (not their times) must order them alike on both servers.
    const ends = (record: GameRecord) => (record.events.at(-1) as GameEvent).at;
    const first = botRecord("import-1");
    const tie = botRecord("tie-1");
    const shift = ends(first) - ends(tie);
    expect(
      (await importBody({ ...tie, events: tie.events.map((e) => ({ ...e, at: e.at + shift })) })).statusCode,
    ).toBe(201);
    const ended = (await h.store.listGames()).map((g) => g.endedAt);
    expect(new Set(ended).size).toBeLessThan(ended.length);

    const exported = await get("/api/export/records");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toBe('attachment; filename="misto-records.json"');
    const archive = exported.json();
    expect(archive).toMatchObject({ format: "misto-archive", version: 1 });
    expect(archive.records).toHaveLength(ended.length);
    expect(archive.corrections).toEqual([expect.objectContaining({ seat: 9, to: 2, by: "Boris" })]);

    const fresh = await harness(backend);
    try {
      const freshAdmin = await setUpClub(fresh);
      const res = await fresh.app.inject({
        method: "POST",
        url: "/api/games/import",
        headers: { cookie: freshAdmin },
        payload: archive,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().imported).toHaveLength(ended.length);
      const here = (await get("/api/rating")).json().rows as Row[];
      const there = (
        await fresh.app.inject({ method: "GET", url: "/api/rating", headers: { cookie: freshAdmin } })
      ).json().rows as Row[];
      expect(here.length).toBeGreaterThan(12);
      expect(comparable(there)).toEqual(comparable(here));
    } finally {
      await fresh.close();
    }
  });

  it("documents every route in the OpenAPI document at /api/openapi.json", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const expected = [
      "get /api/health",
      "get /api/ready",
      "get /api/setup",
      "post /api/setup",
      "post /api/session",
      "delete /api/session",
      "get /api/me",
      "post /api/hosts",
      "get /api/tables",
      "post /api/tables",
      "get /api/tables/{id}",
      "post /api/tables/{id}/commands",
      "get /api/tables/{id}/record",
      "get /api/tables/{id}/display",
      "get /api/tables/{id}/seats",
      "delete /api/tables/{id}/seats/{seat}",
      "post /api/join",
      "get /api/seat",
      "get /api/seasons",
      "post /api/seasons",
      "delete /api/seasons/{id}",
      "get /api/rating",
      "get /api/people/{id}/stats",
      "get /api/club/stats",
      "get /api/games",
      "get /api/games/{id}",
      "get /api/games/{id}/record",
      "put /api/games/{id}/points",
      "post /api/games/import",
      "get /api/export/rating.csv",
      "get /api/export/games.csv",
      "get /api/export/records",
      "get /api/openapi.json",
    ];
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    for (const route of expected) expect(documented, route).toContain(route);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) expect(op.summary, `${method} ${path}`).toBeTruthy();
    }
    const points = doc.paths["/api/games/{id}/points"]?.put as unknown as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
    };
    expect(points.requestBody.content["application/json"]?.schema.required).toEqual([
      "seat",
      "points",
      "reason",
    ]);
    const rating = doc.paths["/api/rating"]?.get as unknown as {
      responses: Record<
        string,
        { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
      >;
    };
    const answer = rating.responses["200"]?.content["application/json"]?.schema.properties ?? {};
    expect(Object.keys(answer)).toEqual(["season", "rows"]);
  });
});
