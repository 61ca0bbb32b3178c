// Club nights through the API on every database (docs/club-nights.md, docs/api.md "Club nights"):
// sign-up past the capacity and the waiting list moving up, guests at the door, check-in, the
// round drawn from who came, a swap before the deal, the tables made with their hosts and seats
// by person, and each player's page showing his table and seat.

import type { NightPage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addHost, cookieOf, type Harness, harness, PASSWORD, setUpClub } from "../helpers/api.js";
import { BACKENDS } from "../helpers/backends.js";

describe.each(BACKENDS.filter((b) => b.name !== "memory"))("club nights on $name", (backend) => {
  let h: Harness;
  let admin: string;
  let host: string;
  let hostId: string;
  const members: { cookie: string; person: string }[] = [];

  const call = (method: "GET" | "POST" | "DELETE", url: string, cookie: string, payload?: object) =>
    h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function member(name: string): Promise<{ cookie: string; person: string }> {
    const login = name.toLowerCase();
    const made = await call("POST", "/api/people", admin, {
      name,
      account: { login, password: PASSWORD, role: "member" },
    });
    expect(made.statusCode).toBe(201);
    const signIn = await h.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { login, password: PASSWORD },
    });
    return { cookie: cookieOf(signIn), person: made.json().person.id };
  }

  async function newNight(capacity: number, tables = 2): Promise<string> {
    const res = await call("POST", "/api/nights", host, {
      title: "Friday",
      startsAt: Date.now() + 3_600_000,
      place: "Club room",
      capacity,
      tables,
      hosts: [hostId, (await call("GET", "/api/me", admin)).json().host.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as NightPage).night.id;
  }

  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    hostId = (await call("GET", "/api/me", host)).json().host.id;
    for (const name of ["Ada", "Bob", "Cyd"]) members.push(await member(name));
  });
  afterAll(() => h.close());

  it("signs up in one tap; past the capacity a waiting list that moves up when one cancels", async () => {
    const id = await newNight(2);
    const [ada, bob, cyd] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    for (const m of [ada, bob, cyd]) {
      expect((await call("POST", `/api/nights/${id}/signup`, m.cookie)).statusCode).toBe(200);
    }
    const cydPage = (await call("GET", `/api/nights/${id}`, cyd.cookie)).json() as NightPage;
    expect(cydPage.night.me).toMatchObject({ status: "waiting", waiting: 1 });
    expect(cydPage.night).toMatchObject({ going: 2, waiting: 1 });
    // A member sees no one else's sign-up.
    expect(cydPage.entries).toEqual([]);
    const again = await call("POST", `/api/nights/${id}/signup`, cyd.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("signed_up");

    const cancel = await call("DELETE", `/api/nights/${id}/signup`, ada.cookie);
    expect(cancel.statusCode).toBe(200);
    expect((cancel.json() as NightPage).night.me.status).toBeNull();
    const moved = (await call("GET", `/api/nights/${id}`, cyd.cookie)).json() as NightPage;
    expect(moved.night.me).toMatchObject({ status: "going", waiting: null });
    expect((await call("DELETE", `/api/nights/${id}/signup`, ada.cookie)).statusCode).toBe(404);
  });

  it("refuses a member what a host does: guests, check-in, the draw, the deal", async () => {
    const id = await newNight(10);
    const m = (members[0] as (typeof members)[0]).cookie;
    for (const [url, payload] of [
      [`/api/nights/${id}/guests`, { name: "Zed" }],
      [`/api/nights/${id}/checkin`, { person: members[0]?.person, present: true }],
      [`/api/nights/${id}/rounds`, { balance: false }],
    ] as const) {
      const res = await call("POST", url, m, payload);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await call("POST", `/api/nights/${id}/rounds/1/tables`, m)).statusCode).toBe(403);
    const night = await call("POST", "/api/nights", m, {
      title: "Mine",
      startsAt: 0,
      place: "x",
      capacity: 1,
      tables: 1,
      hosts: [hostId],
    });
    expect(night.statusCode).toBe(403);
  });

  it("lists each pair's two people by name, whatever the order of their random ids", async () => {
    const id = await newNight(30, 2);
    const people: string[] = [];
    for (let i = 1; i <= 8; i++) {
      const made = await call("POST", "/api/people", admin, { name: `Pair ${i}` });
      expect(made.statusCode, made.body).toBe(201);
      people.push(made.json().person.id);
    }
    // Seven pairs, each sent second name first: ids in name order for all eight is 1 in 40,320.
    let page: NightPage | null = null;
    for (let i = 7; i >= 1; i--) {
      const res = await call("POST", `/api/nights/${id}/pairs`, host, {
        a: people[i],
        b: people[i - 1],
        kind: "apart",
      });
      expect(res.statusCode, res.body).toBe(201);
      page = res.json() as NightPage;
    }
    const shown = page?.pairs.map((p) => `${p.a.name} and ${p.b.name}`);
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `Pair ${i} and Pair ${i + 1}`));
  });

  it("runs an evening: door guests, check-in, a draw of two tables, a swap, the deal, each seat shown", async () => {
    const id = await newNight(30, 2);
    for (const m of members) await call("POST", `/api/nights/${id}/signup`, m.cookie);
    // Too few came yet: the draw is refused, nothing drawn.
    const early = await call("POST", `/api/nights/${id}/rounds`, host, { balance: false });
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toBe("too_few_players");
    for (let i = 1; i <= 23; i++) {
      const res = await call("POST", `/api/nights/${id}/guests`, host, { name: `Guest ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Signed up but not here: Cyd is never seated.
    for (const m of members.slice(0, 2)) {
      const res = await call("POST", `/api/nights/${id}/checkin`, host, { person: m.person, present: true });
      expect(res.statusCode).toBe(200);
    }
    // Ada and Bob are a couple: kept apart. A policy set and ended is gone.
    const [adaId, bobId] = [members[0]?.person as string, members[1]?.person as string];
    const apart = await call("POST", `/api/nights/${id}/pairs`, host, { a: bobId, b: adaId, kind: "apart" });
    expect(apart.statusCode, apart.body).toBe(201);
    expect((apart.json() as NightPage).pairs).toHaveLength(1);
    const together = await call("POST", `/api/nights/${id}/pairs`, host, {
      a: adaId,
      b: "nobody",
      kind: "together",
    });
    expect(together.statusCode).toBe(422);
    const cyd = members[2]?.person as string;
    await call("POST", `/api/nights/${id}/pairs`, host, { a: adaId, b: cyd, kind: "together" });
    expect((await call("DELETE", `/api/nights/${id}/pairs/${cyd}/${adaId}`, host)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/nights/${id}/pairs/${cyd}/${adaId}`, host)).statusCode).toBe(404);
    const drawn = await call("POST", `/api/nights/${id}/rounds`, host, { balance: true });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const first = (drawn.json() as NightPage).rounds[0];
    expect(first?.tables).toHaveLength(2);
    expect(first?.out).toHaveLength(1);
    const seated = first?.tables.flatMap((t) => t.seats.map((s) => s.person.id)) ?? [];
    expect(new Set(seated).size).toBe(24);
    expect(seated).not.toContain(members[2]?.person);
    expect(new Set(first?.tables.map((t) => t.host?.id)).size).toBe(2);
    const tableOf = (person: string) =>
      first?.tables.findIndex((t) => t.seats.some((s) => s.person.id === person));
    expect(tableOf(adaId)).not.toBe(tableOf(bobId));
    // Drawn again (the round is not dealt yet), they are still apart every time.
    for (let i = 0; i < 5; i++) {
      const again = (
        await call("POST", `/api/nights/${id}/rounds`, host, { balance: false })
      ).json() as NightPage;
      expect(again.rounds).toHaveLength(1);
      const at = (p: string) =>
        again.rounds[0]?.tables.findIndex((t) => t.seats.some((s) => s.person.id === p));
      expect(at(adaId)).not.toBe(at(bobId));
    }
    const redrawn = (await call("GET", `/api/nights/${id}`, host)).json() as NightPage;
    const round = redrawn.rounds[0];

    // A swap across the tables, by hand, before the deal.
    const a = round?.tables[0]?.seats[0]?.person.id as string;
    const b = round?.tables[1]?.seats[6]?.person.id as string;
    const swapped = await call("POST", `/api/nights/${id}/rounds/1/swap`, host, { a, b });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const after = (swapped.json() as NightPage).rounds[0];
    expect(after?.tables[0]?.seats[0]?.person.id).toBe(b);
    expect(after?.tables[1]?.seats[6]?.person.id).toBe(a);
    const stranger = await call("POST", `/api/nights/${id}/rounds/1/swap`, host, {
      a,
      b: members[2]?.person,
    });
    expect(stranger.statusCode).toBe(422);

    // Two hosts deal at once: one makes the tables, the other is told it is dealt.
    const both = await Promise.all([
      call("POST", `/api/nights/${id}/rounds/1/tables`, host),
      call("POST", `/api/nights/${id}/rounds/1/tables`, admin),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const dealt = both.find((r) => r.statusCode === 201) as (typeof both)[0];
    const tables = (dealt.json() as NightPage).rounds[0]?.tables ?? [];
    expect(tables.every((t) => t.table !== null)).toBe(true);
    // A game just dealt is not over: no protocol prints for it yet (the e2e test sees it turn over).
    expect(tables.map((t) => t.over)).toEqual([false, false]);
    // The tables are made by the table service: seats by person, the night's host as the table's.
    for (const t of tables) {
      const seats = await h.store.listTableSeats(t.table as string);
      expect(seats.map((s) => s.personId)).toEqual(t.seats.map((s) => s.person.id));
      expect((await h.store.getTable(t.table as string))?.hostId).toBe(t.host?.id);
    }
    // The only tables of this file: one deal's two.
    expect(await h.store.listTables()).toHaveLength(2);
    expect(new Set(tables.map((t) => t.table)).size).toBe(2);
    // Dealt once: again is refused, and so is a swap.
    expect((await call("POST", `/api/nights/${id}/rounds/1/tables`, host)).statusCode).toBe(409);
    expect((await call("POST", `/api/nights/${id}/rounds/1/swap`, host, { a, b })).statusCode).toBe(409);

    // Each player's page: "table 2, seat 7".
    for (const m of members.slice(0, 2)) {
      const mine = ((await call("GET", `/api/nights/${id}`, m.cookie)).json() as NightPage).night.me;
      const t = tables.findIndex((x) => x.seats.some((s) => s.person.id === m.person));
      const seat = (tables[t]?.seats.findIndex((s) => s.person.id === m.person) ?? -1) + 1;
      // One of the 25 checked in sits this round out: his page shows no seat.
      expect(mine.seat).toEqual(t < 0 ? null : { round: 1, table: t + 1, seat, id: tables[t]?.table });
    }

    // The next round counts the first: it is a new round, drawn from the same players.
    const next = await call("POST", `/api/nights/${id}/rounds`, host, { balance: false });
    expect(next.statusCode).toBe(201);
    expect((next.json() as NightPage).rounds.map((r) => r.n)).toEqual([1, 2]);
  });

  it("refuses a start no calendar holds with 400, and makes no night", async () => {
    const before = (await call("GET", "/api/nights", host)).json().nights.length;
    const res = await call("POST", "/api/nights", host, {
      title: "Far",
      startsAt: 1e20,
      place: "x",
      capacity: 1,
      tables: 1,
      hosts: [hostId],
    });
    expect(res.statusCode).toBe(400);
    expect((await call("GET", "/api/nights", host)).json().nights.length).toBe(before);
    expect((await h.app.inject({ method: "GET", url: "/api/nights.ics" })).statusCode).toBe(200);
  });

  it("refuses what names nothing: an unknown night, round, host or person", async () => {
    expect((await call("GET", "/api/nights/no-such-night", host)).statusCode).toBe(404);
    const id = await newNight(5);
    expect((await call("POST", `/api/nights/${id}/rounds/7/tables`, host)).statusCode).toBe(404);
    const badHost = await call("POST", "/api/nights", host, {
      title: "X",
      startsAt: 0,
      place: "x",
      capacity: 1,
      tables: 1,
      hosts: [members[0]?.person],
    });
    expect(badHost.statusCode).toBe(422);
    const nobody = await call("POST", `/api/nights/${id}/checkin`, host, { person: "nobody", present: true });
    expect(nobody.statusCode).toBe(422);
    expect((await call("POST", `/api/nights/${id}/guests`, host, { person: "nobody" })).statusCode).toBe(422);
  });

  it("lists the nights, upcoming first, with the viewer's place", async () => {
    const list = await call("GET", "/api/nights", (members[1] as (typeof members)[0]).cookie);
    expect(list.statusCode).toBe(200);
    const nights = list.json().nights as NightPage["night"][];
    expect(nights.length).toBeGreaterThanOrEqual(3);
    expect(nights.some((n) => n.me.status === "going")).toBe(true);
  });
});
