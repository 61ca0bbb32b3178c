// The club's nights as an iCalendar feed (docs/club-nights.md "Calendar"): what a phone subscribes
// to, read back with ical.js (Mozilla's parser): every night an event with its start, end, title
// and place, the texts as typed (commas, semicolons and line breaks escaped by the generator).

import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NIGHT_HOURS } from "../../src/nights/calendar.js";
import { addHost, type Harness, harness, setUpClub } from "../helpers/api.js";
import { sqlite } from "../helpers/backends.js";

describe("the nights' calendar feed", () => {
  let h: Harness;
  let host: string;
  let hostId: string;
  beforeAll(async () => {
    h = await harness(sqlite);
    const admin = await setUpClub(h);
    host = await addHost(h, admin);
    hostId = (await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie: host } })).json().host
      .id;
  });
  afterAll(() => h.close());

  const announce = async (title: string, place: string, startsAt: number) => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/nights",
      headers: { cookie: host },
      payload: { title, place, startsAt, capacity: 24, tables: 2, hosts: [hostId] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().night.id as string;
  };

  it("gives every night as an event that parses back, to a calendar without a session", async () => {
    const friday = Date.UTC(2031, 4, 16, 17, 30);
    const first = await announce("Friday, the big one; bring friends", "Club room, 2nd floor", friday);
    const second = await announce("Тренування", "Київ, вул. Хрещатик 1", friday + 7 * 86_400_000);
    const res = await h.app.inject({ method: "GET", url: "/api/nights.ics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Misto Club: club nights");
    const events = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events.map((e) => e.uid).sort()).toEqual([`${first}@misto`, `${second}@misto`].sort());
    const big = events.find((e) => e.uid === `${first}@misto`);
    expect(big?.summary).toBe("Friday, the big one; bring friends");
    expect(big?.location).toBe("Club room, 2nd floor");
    expect(big?.startDate.toJSDate().getTime()).toBe(friday);
    expect(big?.endDate.toJSDate().getTime()).toBe(friday + NIGHT_HOURS * 3_600_000);
    expect(events.find((e) => e.uid === `${second}@misto`)?.location).toBe("Київ, вул. Хрещатик 1");
  });
});
