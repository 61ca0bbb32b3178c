// Club nights' routes (docs/api.md "Club nights"): the evenings, a member's sign-up and cancel,
// a host's guests at the door and check-in. The rounds' routes are in round-routes.ts.

import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { CheckInBody, DoorBody, IdParams, NewNightBody, NightPage, NightsAnswer } from "@misto/protocol";
import { Type } from "typebox";
import { signedIn } from "../auth/access.js";
import { runsTables } from "../auth/sessions.js";
import { guestNamed } from "../club/seating.js";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import { type HostRow, type Store, StoreConflict } from "../store/index.js";
import type { NightRow } from "../store/night-queries.js";
import { nightsCalendar } from "./calendar.js";
import { nightList, nightPage, OVER_AFTER_MS } from "./view.js";

/** The night, or a 404. */
export async function findNight(store: Store, id: string): Promise<NightRow> {
  const night = await store.nights.getNight(id);
  if (!night) throw new HttpError(404, "not_found", "there is no such night");
  return night;
}

const isOver = (night: NightRow, now: number) => now >= night.startsAt + OVER_AFTER_MS;

/** CLUB-3: a person banned now neither signs up nor checks in. */
async function refuseBanned(store: Store, personId: string, at: number): Promise<void> {
  const ban = await store.activeBan(personId, at);
  if (!ban) return;
  throw new HttpError(422, "banned", `banned from playing until ${new Date(ban.until ?? at).toISOString()}`, {
    rule: "CLUB-3",
    until: ban.until ?? at,
    reason: ban.reason,
  });
}

/** The accounts named as hosts, each one that hosts or administers. */
export async function checkHosts(store: Store, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const account = await store.getHost(id);
    if (!account || !runsTables(account)) {
      throw new HttpError(422, "unknown_host", `${id} is no host's account`, { host: id });
    }
  }
}

export function nightRoutes(store: Store): FastifyPluginAsyncTypebox {
  const page = async (id: string, account: HostRow) => nightPage(store, await findNight(store, id), account);

  return async (app) => {
    app.get(
      "/api/nights",
      {
        config: { access: "account" },
        schema: { ...doc("nights", "The club's nights, upcoming first"), response: { 200: NightsAnswer } },
      },
      async (request) => {
        const account = signedIn(request);
        return { nights: await nightList(store, account, Date.now()) };
      },
    );

    app.get(
      "/api/nights.ics",
      {
        schema: {
          ...doc("nights", "The club's nights as an iCalendar feed, for a phone's calendar to subscribe to"),
          response: {
            200: {
              content: { "text/calendar": { schema: Type.String({ description: "iCalendar (RFC 5545)" }) } },
            },
          },
        },
      },
      async (_request, reply) => {
        const club = await store.getClub();
        const feed = nightsCalendar(club?.name ?? "Misto", await store.nights.listNights());
        return reply.type("text/calendar; charset=utf-8").send(feed);
      },
    );

    app.post(
      "/api/nights",
      {
        config: { access: "host" },
        schema: {
          ...doc("nights", "Announces a club night"),
          body: NewNightBody,
          response: { 201: NightPage },
        },
      },
      async (request, reply) => {
        const host = signedIn(request);
        await checkHosts(store, request.body.hosts);
        const night: NightRow = {
          id: randomUUID(),
          title: request.body.title.trim(),
          startsAt: request.body.startsAt,
          place: request.body.place.trim(),
          capacity: request.body.capacity,
          tables: request.body.tables,
          hosts: [...request.body.hosts],
          createdBy: host.id,
          createdAt: Date.now(),
        };
        await store.nights.createNight(night);
        return reply.code(201).send(await nightPage(store, night, host));
      },
    );

    app.get(
      "/api/nights/:id",
      {
        config: { access: "account" },
        schema: {
          ...doc("nights", "A night: the viewer's place, the sign-ups (to a host), the rounds"),
          params: IdParams,
          response: { 200: NightPage },
        },
      },
      async (request) => page(request.params.id, signedIn(request)),
    );

    app.post(
      "/api/nights/:id/signup",
      {
        config: { access: "account" },
        schema: {
          ...doc("nights", "Signs the account's person up (past the capacity: the waiting list)"),
          params: IdParams,
          response: { 200: NightPage },
        },
      },
      async (request) => {
        const account = signedIn(request);
        const night = await findNight(store, request.params.id);
        const now = Date.now();
        if (!account.personId) throw new HttpError(422, "no_person", "the account has no person to sign up");
        if (isOver(night, now)) throw new HttpError(409, "night_over", "the night is over");
        await refuseBanned(store, account.personId, now);
        try {
          await store.nights.addEntry(night.id, {
            personId: account.personId,
            signedAt: now,
            door: false,
            checkedInAt: null,
          });
        } catch (error) {
          if (error instanceof StoreConflict) throw new HttpError(409, "signed_up", "already signed up");
          throw error;
        }
        return nightPage(store, night, account);
      },
    );

    app.delete(
      "/api/nights/:id/signup",
      {
        config: { access: "account" },
        schema: {
          ...doc("nights", "Cancels the account's sign-up: the waiting list moves up"),
          params: IdParams,
          response: { 200: NightPage },
        },
      },
      async (request) => {
        const account = signedIn(request);
        const night = await findNight(store, request.params.id);
        if (!account.personId || !(await store.nights.removeEntry(night.id, account.personId))) {
          throw new HttpError(404, "not_signed_up", "the account is not signed up for this night");
        }
        return nightPage(store, night, account);
      },
    );

    app.post(
      "/api/nights/:id/guests",
      {
        config: { access: "host" },
        schema: {
          ...doc("nights", "A host adds a player at the door (checked in, whatever the capacity)"),
          params: IdParams,
          body: DoorBody,
          response: { 201: NightPage },
        },
      },
      async (request, reply) => {
        const host = signedIn(request);
        const night = await findNight(store, request.params.id);
        const now = Date.now();
        const body = request.body;
        const person =
          "person" in body
            ? await store.resolvePerson(body.person)
            : await guestNamed(store, body.name.trim(), now);
        if (!person)
          throw new HttpError(
            422,
            "unknown_person",
            `there is no person ${"person" in body ? body.person : ""}`,
          );
        await refuseBanned(store, person.id, now);
        try {
          await store.nights.addEntry(night.id, {
            personId: person.id,
            signedAt: now,
            door: true,
            checkedInAt: now,
          });
        } catch (error) {
          if (error instanceof StoreConflict)
            throw new HttpError(409, "signed_up", `${person.name} is signed up already`);
          throw error;
        }
        return reply.code(201).send(await nightPage(store, night, host));
      },
    );

    app.post(
      "/api/nights/:id/checkin",
      {
        config: { access: "host" },
        schema: {
          ...doc("nights", "A host marks who came (or undoes it)"),
          params: IdParams,
          body: CheckInBody,
          response: { 200: NightPage },
        },
      },
      async (request) => {
        const host = signedIn(request);
        const night = await findNight(store, request.params.id);
        const now = Date.now();
        const { person, present } = request.body;
        if (present) await refuseBanned(store, person, now);
        if (!(await store.nights.setCheckedIn(night.id, person, present ? now : null))) {
          throw new HttpError(422, "not_signed_up", "that person is not signed up for this night");
        }
        return nightPage(store, night, host);
      },
    );
  };
}
