// Seating a table from the club's people (docs/club.md, docs/api.md "Tables"), on every database:
// a seat names a person from the directory or a guest by name, and who sat where is stored.

import { randomUUID } from "node:crypto";
import type { Created } from "@misto/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PersonRow } from "../src/store/index.js";
import { addHost, CARDS, type Harness, harness, SEATS, setUpClub } from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";

describe.each(BACKENDS)("seating people on $name", (backend) => {
  let h: Harness;
  let admin: string;
  let host: string;
  let adminPerson: string;
  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    const me = await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie: admin } });
    adminPerson = me.json().host.person;
  });
  afterAll(() => h.close());

  const post = (seats: unknown, cookie = host) =>
    h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie },
      payload: { seats, deal: { cards: CARDS } } as object,
    });

  async function member(name: string): Promise<PersonRow> {
    const p: PersonRow = {
      id: randomUUID(),
      name,
      kind: "member",
      council: false,
      mergedInto: null,
      createdAt: 1,
    };
    await h.store.createPerson(p);
    return p;
  }

  it("CLUB-1 every account is a member person; /api/me names it", async () => {
    expect(adminPerson).toEqual(expect.any(String));
    expect(await h.store.getPerson(adminPerson)).toMatchObject({ name: "Anna", kind: "member" });
  });

  it("CLUB-1 seats members by their person and guests by name, and stores who sat where", async () => {
    const vera = await member("Vera");
    const seats = SEATS.map((s, i) => (i === 2 ? { name: "Vera V.", person: vera.id } : s));
    const res = await post(seats);
    expect(res.statusCode).toBe(201);
    const { id, events } = res.json() as { id: string; events: Created[] };
    // The seat's name is the one given; the directory's person is recorded beside it.
    expect(events[0]?.seats[2]).toEqual({ name: "Vera V." });
    const sat = await h.store.listTableSeats(id);
    expect(sat).toHaveLength(12);
    expect(sat[2]).toEqual({ seat: 3, personId: vera.id });
    // The host reads who sat where with the seats.
    const seats2 = await h.app.inject({
      method: "GET",
      url: `/api/tables/${id}/seats`,
      headers: { cookie: host },
    });
    expect(seats2.json().seats[2]).toMatchObject({ seat: 3, name: "Vera V.", person: vera.id });
    expect(seats2.json().seats.map((s: { person: string }) => s.person)).toEqual(sat.map((s) => s.personId));
    const guest = await h.store.getPerson(sat[0]?.personId ?? "");
    expect(guest).toMatchObject({ name: "Player 1", kind: "guest", mergedInto: null });
  });

  it("CLUB-1 a guest's name seated again is the same guest", async () => {
    const first = (await post(SEATS)).json() as { id: string };
    const second = (await post(SEATS.map((s) => ({ name: ` ${s.name} ` })))).json() as { id: string };
    expect(await h.store.listTableSeats(second.id)).toEqual(await h.store.listTableSeats(first.id));
  });

  it("RATE-7 the administration's seat carries the admin flag; a host's does not", async () => {
    const hostPerson = (
      await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie: host } })
    ).json().host.person;
    const seats = SEATS.map((s, i) =>
      i === 0 ? { name: "Anna", person: adminPerson } : i === 1 ? { name: "Boris", person: hostPerson } : s,
    );
    const res = await post(seats);
    expect(res.statusCode).toBe(201);
    const created = (res.json() as { events: Created[] }).events[0];
    expect(created?.seats[0]).toEqual({ name: "Anna", admin: true });
    expect(created?.seats[1]).toEqual({ name: "Boris" });
  });

  it("a merged guest's seat is recorded as the member it became", async () => {
    const max = await member("Max");
    const merged: PersonRow = {
      id: randomUUID(),
      name: "Maxim",
      kind: "guest",
      council: false,
      mergedInto: max.id,
      createdAt: 1,
    };
    await h.store.createPerson(merged);
    const res = await post(SEATS.map((s, i) => (i === 5 ? { name: "Maxim", person: merged.id } : s)));
    expect(res.statusCode).toBe(201);
    expect((await h.store.listTableSeats(res.json().id))[5]).toEqual({ seat: 6, personId: max.id });
  });

  it("refuses an unknown person, a person seated twice and a blank guest name (422), making nothing", async () => {
    const vera = await member("Vera Twice");
    const before = (await h.store.listTables()).length;
    const unknown = await post(SEATS.map((s, i) => (i === 4 ? { name: "X", person: "nobody" } : s)));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ error: "unknown_person", seat: 5 });
    const twice = await post(
      SEATS.map((s, i) => (i === 1 || i === 7 ? { name: `Vera ${i}`, person: vera.id } : s)),
    );
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ error: "seated_twice", seat: 8, rule: "SETUP-1" });
    expect(twice.json().message).toMatch(/seats 2 and 8/);
    const blank = await post(SEATS.map((s, i) => (i === 0 ? { name: "   " } : s)));
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ error: "bad_setup", rule: "SETUP-1" });
    const badDeal = await h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie: host },
      payload: { seats: SEATS.map((s) => ({ name: `Never ${s.name}` })), deal: { cards: CARDS.slice(1) } },
    });
    expect(badDeal.statusCode).toBe(400);
    const badCards = await h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie: host },
      payload: {
        seats: SEATS.map((s) => ({ name: `Never ${s.name}` })),
        deal: { cards: [...CARDS.slice(1), CARDS[1]] },
      },
    });
    expect(badCards.statusCode).toBe(422);
    // The refused setups seated no one: no guest by the refused names was made.
    expect(await h.store.findGuest("Never Player 1")).toBeNull();
    expect((await h.store.listTables()).length).toBe(before);
  });
});
