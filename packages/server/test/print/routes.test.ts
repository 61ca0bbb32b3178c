// The printed documents' routes (docs/api.md "Printing") on SQLite: a game finished through the
// API prints its protocol in the language asked for, with the club's names and rating points; a
// game whose result is not yet announced is refused, as its page is; a night's round prints its
// seating sheet; a stranger gets nothing, a bad language or round a 4xx with a reason.

import type { NightPage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayIn } from "../../src/print/strings.js";
import {
  addHost,
  CARDS,
  cookieOf,
  type Harness,
  harness,
  PASSWORD,
  SEATS,
  setUpClub,
} from "../helpers/api.js";
import { sqlite } from "../helpers/backends.js";
import { finishGame } from "../helpers/finish.js";
import { pdfText } from "../helpers/pdf-text.js";

describe("printing through the API", () => {
  let h: Harness;
  let admin: string;
  let host: string;
  let member: string;
  let finished: string;
  let running: string;

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: "GET", url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const post = (url: string, cookie: string, payload?: object) =>
    h.app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function newTable(): Promise<string> {
    const res = await post("/api/tables", host, { title: "Пʼятниця", seats: SEATS, deal: { cards: CARDS } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  beforeAll(async () => {
    h = await harness(sqlite);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    const made = await post("/api/people", admin, {
      name: "Ярина",
      account: { login: "yaryna", password: PASSWORD, role: "member" },
    });
    expect(made.statusCode, made.body).toBe(201);
    const signIn = await h.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { login: "yaryna", password: PASSWORD },
    });
    member = cookieOf(signIn);
    finished = await newTable();
    await finishGame(h, host, finished, { nominate: [8, 9], bonus: { seat: 3, points: 2 } });
    running = await newTable();
  });
  afterAll(() => h.close());

  it("prints a finished game's protocol in the language asked for, for any member", async () => {
    const page = (await get(`/api/games/${finished}`, member)).json();
    const points = page.players.map((p: { points: number }) => p.points);
    expect(points.some((p: number) => p > 0)).toBe(true);
    for (const lang of ["uk", "en"] as const) {
      const res = await get(`/api/games/${finished}/protocol.pdf?lang=${lang}`, member);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`inline; filename="misto-${finished}-${lang}.pdf"`);
      const say = sayIn(lang);
      const { text, title } = await pdfText(res.rawPayload);
      expect(title).toBe(say("protocol.title"));
      expect(text).toContain(say("protocol.game", { title: "Пʼятниця" }));
      expect(text).toContain(say("line.candidates", { list: "8, 9" }));
      expect(text).toContain(say("line.bonus", { seat: 3, points: 2 }));
      expect(text).toContain(say(`winner.${page.winner as "red"}`));
      for (const p of page.players) {
        const card = say(`card.${p.card as "don"}`);
        expect(text).toMatch(new RegExp(`${p.seat} ${p.person.name} ${card} \\d+ \\d+ .*?${p.points}`));
      }
    }
  });

  it("speaks the Accept-Language when no language is asked for, else Russian", async () => {
    const uk = await get(`/api/games/${finished}/protocol.pdf`, member, {
      "accept-language": "uk-UA,uk;q=0.9",
    });
    expect((await pdfText(uk.rawPayload)).title).toBe(sayIn("uk")("protocol.title"));
    const plain = await get(`/api/games/${finished}/protocol.pdf`, member);
    expect((await pdfText(plain.rawPayload)).title).toBe(sayIn("ru")("protocol.title"));
  });

  it("refuses the protocol of a game whose result is not yet announced, and of no game", async () => {
    for (const id of [running, "no-such-game"]) {
      const res = await get(`/api/games/${id}/protocol.pdf?lang=ru`, host);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("not_found");
    }
  });

  it("refuses a stranger and a language it does not print", async () => {
    expect((await get(`/api/games/${finished}/protocol.pdf`)).statusCode).toBe(401);
    const bad = await get(`/api/games/${finished}/protocol.pdf?lang=de`, member);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/lang/);
  });

  it("prints a night's round's seating sheet: each table's host and seats, who sits out", async () => {
    const me = (await get("/api/me", host)).json().host.id;
    const adminId = (await get("/api/me", admin)).json().host.id;
    const made = await post("/api/nights", host, {
      title: "Клубний вечір",
      startsAt: Date.now() + 3_600_000,
      place: "Зала",
      capacity: 30,
      tables: 2,
      hosts: [me, adminId],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as NightPage).night.id;
    for (let i = 1; i <= 25; i++) {
      const res = await post(`/api/nights/${id}/guests`, host, { name: `Гість ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const drawn = await post(`/api/nights/${id}/rounds`, host, { balance: false });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const round = (drawn.json() as NightPage).rounds[0];
    if (!round) throw new Error("no round drawn");
    const res = await get(`/api/nights/${id}/rounds/1/seating.pdf?lang=uk`, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const say = sayIn("uk");
    const { text, title } = await pdfText(res.rawPayload);
    expect(title).toBe(say("seating.title", { n: 1 }));
    expect(text).toContain(say("seating.undealt"));
    for (const table of round.tables) {
      expect(text).toContain(
        `${say("seating.table", { n: table.n })} · ${say("seating.host", { name: table.host?.name ?? "" })}`,
      );
      for (const s of table.seats)
        expect(text).toMatch(new RegExp(`${table.n} ${s.seat} ${s.person.name}(?!\\d)`));
    }
    expect(text).toContain(say("seating.out", { list: round.out.map((p) => p.name).join(", ") }));
    const missing = await get(`/api/nights/${id}/rounds/2/seating.pdf`, member);
    expect(missing.statusCode).toBe(404);
    expect((await get(`/api/nights/${id}/rounds/1/seating.pdf`)).statusCode).toBe(401);
  });
});
