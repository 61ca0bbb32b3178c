// Sanctions (CLUB-3, docs/club.md): recorded by the administration, up to a ban from playing,
// which seating a table enforces; on every database.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARDS, cookieOf, type Harness, harness, PASSWORD, SEATS, setUpClub } from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";

const DAY = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)("sanctions on $name", (backend) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
  });
  afterAll(() => h.close());

  const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: object) =>
    h.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  async function addMember(name: string, login?: string): Promise<string> {
    const account = login ? { account: { login, password: PASSWORD, role: "member" } } : {};
    const res = await call("POST", "/api/people", admin, { name, ...account });
    if (res.statusCode !== 201) throw new Error(`member: ${res.statusCode} ${res.body}`);
    return res.json().person.id;
  }

  const seatWith = (seat: number, name: string, person?: string) =>
    SEATS.map((s, i) => (i === seat - 1 ? { name, ...(person ? { person } : {}) } : s));
  const newTable = (seats: unknown) => call("POST", "/api/tables", admin, { seats, deal: { cards: CARDS } });

  it("CLUB-3 seating refuses a banned member with the reason, naming the seat, the person and the ban's end", async () => {
    const oleh = await addMember("Oleh");
    const until = Date.now() + 30 * DAY;
    const ban = await call("POST", `/api/people/${oleh}/sanctions`, admin, {
      kind: "ban",
      reason: "spoke after being killed at night",
      until,
    });
    expect(ban.statusCode).toBe(201);
    expect(ban.json().sanction).toMatchObject({ person: oleh, kind: "ban", until, by: { name: "Anna" } });
    const before = (await h.store.listTables()).length;
    const res = await newTable(seatWith(7, "Oleh", oleh));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: "banned",
      rule: "CLUB-3",
      seat: 7,
      person: { id: oleh, name: "Oleh" },
      until,
      reason: "spoke after being killed at night",
      message: `seat 7: Oleh is banned from playing until ${new Date(until).toISOString()}: spoke after being killed at night`,
    });
    // Nothing was made: no table, and no guest for the other seats.
    expect((await h.store.listTables()).length).toBe(before);
    expect(await h.store.findGuest("Player 1")).toBeNull();
    // The directory shows the ban.
    const listed = (await call("GET", "/api/people?q=Oleh", admin)).json().people[0];
    expect(listed.ban).toEqual({ until, reason: "spoke after being killed at night" });
  });

  it("CLUB-3 a banned guest is refused when seated by name too; a ban over or not begun does not refuse", async () => {
    const first = await newTable(seatWith(2, "Guest Hidden Card"));
    expect(first.statusCode).toBe(201);
    const guest = (await h.store.listTableSeats(first.json().id))[1]?.personId as string;
    const now = Date.now();
    await call("POST", `/api/people/${guest}/sanctions`, admin, {
      kind: "ban",
      reason: "hid that he saw a card",
      from: now - 10 * DAY,
      until: now + DAY,
    });
    const refused = await newTable(seatWith(4, "Guest Hidden Card"));
    expect(refused.json()).toMatchObject({ error: "banned", seat: 4, person: { id: guest } });

    const past = await addMember("Past Ban");
    await call("POST", `/api/people/${past}/sanctions`, admin, {
      kind: "ban",
      reason: "old",
      from: now - 10 * DAY,
      until: now - DAY,
    });
    const later = await addMember("Later Ban");
    await call("POST", `/api/people/${later}/sanctions`, admin, {
      kind: "ban",
      reason: "next month",
      from: now + 10 * DAY,
      until: now + 20 * DAY,
    });
    const seats = SEATS.map((s, i) =>
      i === 0 ? { name: "Past", person: past } : i === 1 ? { name: "Later", person: later } : s,
    );
    expect((await newTable(seats)).statusCode).toBe(201);
  });

  it("CLUB-3 a warning is recorded but does not refuse; a guest's ban follows them into the member they merge into", async () => {
    const vlad = await addMember("Vlad", "vlad");
    const warned = await call("POST", `/api/people/${vlad}/sanctions`, admin, {
      kind: "warning",
      reason: "late",
    });
    expect(warned.json().sanction).toMatchObject({ kind: "warning", from: null, until: null });
    expect((await newTable(seatWith(1, "Vlad", vlad))).statusCode).toBe(201);

    const table = await newTable(seatWith(3, "Guest Vova"));
    const guest = (await h.store.listTableSeats(table.json().id))[2]?.personId as string;
    await call("POST", `/api/people/${guest}/sanctions`, admin, {
      kind: "ban",
      reason: "spoke after being killed",
      until: Date.now() + DAY,
    });
    await call("POST", `/api/people/${guest}/merge`, admin, { into: vlad });
    const refused = await newTable(seatWith(5, "Vlad", vlad));
    expect(refused.json()).toMatchObject({ error: "banned", seat: 5, person: { id: vlad, name: "Vlad" } });

    // The member sees their own sanctions and ban; the admin sees them all.
    const vladCookie = cookieOf(await signIn("vlad"));
    const own = await call("GET", `/api/people/${vlad}/sanctions`, vladCookie);
    expect(
      own
        .json()
        .sanctions.map((s: { kind: string }) => s.kind)
        .sort(),
    ).toEqual(["ban", "warning"]);
    expect((await call("GET", `/api/people/${vlad}`, vladCookie)).json().person.ban).toMatchObject({
      reason: "spoke after being killed",
    });
  });

  const signIn = (login: string) => call("POST", "/api/session", undefined, { login, password: PASSWORD });

  it("CLUB-3 only the administration records sanctions; a ban needs a period, a warning has none", async () => {
    const id = await addMember("Someone", "someone");
    const member = cookieOf(await signIn("someone"));
    const other = await addMember("Other");
    const byMember = await call("POST", `/api/people/${other}/sanctions`, member, {
      kind: "warning",
      reason: "x",
    });
    expect(byMember.statusCode).toBe(403);
    expect((await call("GET", `/api/people/${other}/sanctions`, member)).statusCode).toBe(403);
    // A member does not see another member's ban in the directory; hosts and admins do.
    const banned = await addMember("Banned Other");
    await call("POST", `/api/people/${banned}/sanctions`, admin, {
      kind: "ban",
      reason: "x",
      until: Date.now() + DAY,
    });
    const seen = (await call("GET", "/api/people?q=Banned%20Other", member)).json().people[0];
    expect(seen.ban).toBeNull();
    expect((await call("GET", "/api/people?q=Banned%20Other", admin)).json().people[0].ban).not.toBeNull();
    const noEnd = await call("POST", `/api/people/${id}/sanctions`, admin, { kind: "ban", reason: "x" });
    expect(noEnd.statusCode).toBe(422);
    expect(noEnd.json()).toMatchObject({ error: "bad_period", rule: "CLUB-3" });
    const backwards = await call("POST", `/api/people/${id}/sanctions`, admin, {
      kind: "ban",
      reason: "x",
      from: 2000,
      until: 1000,
    });
    expect(backwards.json()).toMatchObject({ error: "bad_period" });
    const warningPeriod = await call("POST", `/api/people/${id}/sanctions`, admin, {
      kind: "warning",
      reason: "x",
      until: 1000,
    });
    expect(warningPeriod.json()).toMatchObject({ error: "bad_period" });
    const noReason = await call("POST", `/api/people/${id}/sanctions`, admin, {
      kind: "warning",
      reason: "",
    });
    expect(noReason.statusCode).toBe(400);
    expect(
      (await call("POST", "/api/people/nobody/sanctions", admin, { kind: "warning", reason: "x" }))
        .statusCode,
    ).toBe(404);
    expect((await call("GET", `/api/people/${id}/sanctions`, admin)).json().sanctions).toEqual([]);
  });
});
