// The club pages' forms and addresses: the archive's filters in the URL, a new season, a corrected
// seat, an import file, the club client's requests and the club routes.

import { describe, expect, it } from "vitest";
import type { Fetch } from "../src/api/client.js";
import { clubLinks, createClubApi, query } from "../src/api/club.js";
import { matchRoute } from "../src/app/routes.js";
import { datesProblem, filtersQuery, isDay, readFilters } from "../src/club/filters.js";
import { readCorrection, readImportFile, readSeason } from "../src/club/forms.js";

describe("the archive's filters in the address", () => {
  it("reads every filter and writes it back in a fixed order", () => {
    const filters = readFilters("?winner=black&player=p1&host=h1&until=2026-02-01&from=2026-01-01");
    expect(filters).toEqual({
      from: "2026-01-01",
      until: "2026-02-01",
      host: "h1",
      player: "p1",
      winner: "black",
    });
    expect(filtersQuery(filters)).toBe("?from=2026-01-01&until=2026-02-01&host=h1&player=p1&winner=black");
  });
  it("drops malformed dates, unknown winners and empty values", () => {
    expect(readFilters("from=2026-02-30&until=yesterday&winner=green&host=&other=1")).toEqual({});
    expect(filtersQuery({})).toBe("");
  });
  it("keeps a name with spaces and letters beyond ASCII through the round trip", () => {
    const q = filtersQuery({ player: "Ґудзь Олег" });
    expect(readFilters(q)).toEqual({ player: "Ґудзь Олег" });
  });
  it("tells a calendar day from a string that only looks like one", () => {
    expect([isDay("2028-02-29"), isDay("2026-02-29"), isDay("2026-1-1")]).toEqual([true, false, false]);
  });
  it("names dates in the wrong order", () => {
    expect(datesProblem({ from: "2026-02-01", until: "2026-01-01" })).toBe("order");
    expect(datesProblem({ from: "2026-01-01", until: "2026-01-01" })).toBeNull();
    expect(datesProblem({ until: "2026-01-01" })).toBeNull();
  });
});

describe("a new season", () => {
  it("takes a trimmed name and two days in order", () => {
    expect(readSeason({ name: " Spring ", from: "2026-03-01", until: "2026-05-31" })).toEqual({
      ok: true,
      body: { name: "Spring", from: "2026-03-01", until: "2026-05-31" },
    });
  });
  it("names every problem", () => {
    expect(readSeason({ name: " ", from: "", until: "2026-13-01" })).toEqual({
      ok: false,
      problems: ["name", "from", "until"],
    });
    expect(readSeason({ name: "S", from: "2026-05-01", until: "2026-04-01" })).toEqual({
      ok: false,
      problems: ["order"],
    });
  });
});

describe("a seat's corrected points", () => {
  it("RATE-4 takes a whole number 0…5 and a reason", () => {
    expect(readCorrection({ seat: 4, points: " 2 ", reason: " contest upheld " })).toEqual({
      ok: true,
      body: { seat: 4, points: 2, reason: "contest upheld" },
    });
    expect(readCorrection({ seat: 4, points: "0", reason: "x" }).ok).toBe(true);
  });
  it("refuses more than 5, fractions, negatives and an empty reason", () => {
    for (const points of ["6", "1.5", "-1", "", "two"])
      expect(readCorrection({ seat: 1, points, reason: "r" }), points).toEqual({
        ok: false,
        problems: ["points"],
      });
    expect(readCorrection({ seat: 1, points: "1", reason: "  " })).toEqual({
      ok: false,
      problems: ["reason"],
    });
  });
});

describe("an import file", () => {
  it("tells a record from an archive and counts its games", () => {
    expect(readImportFile('{"format":"misto-record","version":1,"events":[]}')).toMatchObject({
      ok: true,
      kind: "record",
      games: 1,
    });
    const archive = readImportFile('{"format":"misto-archive","version":1,"records":[{},{},{}]}');
    expect(archive).toMatchObject({ ok: true, kind: "archive", games: 3 });
    if (archive.ok)
      expect(archive.body).toEqual({ format: "misto-archive", version: 1, records: [{}, {}, {}] });
  });
  it("names what is not JSON and what is neither", () => {
    expect(readImportFile("{not json")).toEqual({ ok: false, problem: "json" });
    expect(readImportFile("[1,2]")).toEqual({ ok: false, problem: "format" });
    expect(readImportFile('{"format":"misto-archive"}')).toEqual({ ok: false, problem: "format" });
  });
});

describe("the club client", () => {
  function recording(answer: { status: number; body: unknown }) {
    const calls: { url: string; method: string; body?: string }[] = [];
    const fetcher: Fetch = async (url, init) => {
      calls.push({ url, method: init.method, ...(init.body ? { body: init.body } : {}) });
      return { status: answer.status, ok: answer.status < 400, json: async () => answer.body };
    };
    return { calls, api: createClubApi(fetcher) };
  }

  it("asks the contract's addresses, ids and queries encoded", async () => {
    const { calls, api } = recording({ status: 200, body: {} });
    await api.rating(null);
    await api.rating("s 1");
    await api.person("p/1");
    await api.games({ from: "2026-01-01", winner: "draw" });
    await api.game("g1");
    await api.clubStats();
    await api.searchPeople("Ол");
    await api.deleteSeason("s1");
    await api.correctPoints("g1", { seat: 3, points: 2, reason: "r" });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/rating",
      "GET /api/rating?season=s+1",
      "GET /api/people/p%2F1/stats",
      "GET /api/games?from=2026-01-01&winner=draw",
      "GET /api/games/g1",
      "GET /api/club/stats",
      `GET /api/people?q=${encodeURIComponent("Ол")}`,
      "DELETE /api/seasons/s1",
      "PUT /api/games/g1/points",
    ]);
    expect(JSON.parse(calls[8]?.body ?? "")).toEqual({ seat: 3, points: 2, reason: "r" });
  });

  it("keeps an import's problems from a 400", async () => {
    const problems = ["records/3/events/12: DAY-3 nobody may vote twice"];
    const { api } = recording({ status: 400, body: { error: "invalid_record", message: "m", problems } });
    const answer = await api.importRecords({ format: "misto-archive", version: 1, records: [] });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error).toMatchObject({ status: 400, error: "invalid_record", problems });
  });

  it("links the exports", () => {
    expect(clubLinks.ratingCsv(null)).toBe("/api/export/rating.csv");
    expect(clubLinks.ratingCsv("s1")).toBe("/api/export/rating.csv?season=s1");
    expect(clubLinks.gamesCsv()).toBe("/api/export/games.csv");
    expect(clubLinks.records()).toBe("/api/export/records");
    expect(clubLinks.record("a b")).toBe("/api/games/a%20b/record");
    expect(query({ a: "", b: null, c: "x" })).toBe("?c=x");
  });
});

describe("the club routes", () => {
  it("reads each club page, with its season or filters", () => {
    expect(matchRoute("/rating")).toEqual({ name: "rating", season: null });
    expect(matchRoute("/rating", "", "?season=s1")).toEqual({ name: "rating", season: "s1" });
    expect(matchRoute("/club")).toEqual({ name: "club" });
    expect(matchRoute("/games", "", "?winner=red")).toEqual({ name: "games", search: "winner=red" });
    expect(matchRoute("/games/import")).toEqual({ name: "importGames" });
    expect(matchRoute("/games/g%201")).toEqual({ name: "game", id: "g 1" });
    expect(matchRoute("/players/p1")).toEqual({ name: "player", id: "p1" });
    expect(matchRoute("/players/p1/x")).toEqual({ name: "notFound" });
  });
});
