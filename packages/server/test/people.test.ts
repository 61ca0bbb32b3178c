// The club's directory and accounts (docs/api.md "People", docs/club.md), on every database.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHash } from "../src/auth/secrets.js";
import { CARDS, cookieOf, type Harness, harness, PASSWORD, SEATS, setUpClub } from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";

describe.each(BACKENDS)("people on $name", (backend) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
  });
  afterAll(() => h.close());

  const call = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    cookie?: string,
    payload?: object,
  ) => h.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const signIn = async (login: string, password = PASSWORD) =>
    call("POST", "/api/session", undefined, { login, password });

  /** The admin adds a member, with an account when `login` is given; the person's id. */
  async function addMember(name: string, account?: { login: string; role: "admin" | "host" | "member" }) {
    const res = await call("POST", "/api/people", admin, {
      name,
      ...(account ? { account: { ...account, password: PASSWORD } } : {}),
    });
    if (res.statusCode !== 201) throw new Error(`add member: ${res.statusCode} ${res.body}`);
    return res.json().person.id as string;
  }

  it("CLUB-1 the admin adds members, with or without an account; the directory lists them", async () => {
    const res = await call("POST", "/api/people", admin, {
      name: "Олена Ґудзь",
      council: true,
      account: { login: "Olena", password: PASSWORD, role: "member" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().person).toEqual({
      id: expect.any(String),
      name: "Олена Ґудзь",
      kind: "member",
      council: true,
      account: { id: expect.any(String), role: "member", login: "olena" },
      ban: null,
    });
    const plain = await call("POST", "/api/people", admin, { name: "Petro" });
    expect(plain.json().person).toMatchObject({ name: "Petro", council: false, account: null });
    const taken = await call("POST", "/api/people", admin, {
      name: "Other",
      account: { login: "OLENA", password: PASSWORD, role: "host" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: "login_taken" });
    expect((await call("GET", "/api/people?q=Other", admin)).json().people).toEqual([]);
  });

  it("CLUB-1 searches as you type: any part of the name, any case, limited; logins for the admin only", async () => {
    await addMember("Ярослава Ткач", { login: "yaroslava", role: "member" });
    await addMember("Ярема");
    const found = (await call("GET", `/api/people?q=${encodeURIComponent("ЯР")}`, admin)).json().people;
    expect(found.map((p: { name: string }) => p.name)).toEqual(["Ярема", "Ярослава Ткач"]);
    expect(found[1].account.login).toBe("yaroslava");
    const one = (await call("GET", `/api/people?q=${encodeURIComponent("яр")}&limit=1`, admin)).json().people;
    expect(one).toHaveLength(1);
    const member = cookieOf(await signIn("yaroslava"));
    const seen = (await call("GET", `/api/people?q=${encodeURIComponent("ткач")}`, member)).json().people;
    expect(seen[0].account).toEqual({ id: expect.any(String), role: "member" });
    expect((await call("GET", "/api/people?q=x")).statusCode).toBe(401);
    expect((await call("GET", "/api/people?limit=500", admin)).statusCode).toBe(400);
  });

  it("CLUB-1 a member signs in but may not create or run tables, nor add people", async () => {
    await addMember("Mira", { login: "mira", role: "member" });
    const mira = cookieOf(await signIn("mira"));
    expect((await call("GET", "/api/me", mira)).json().host).toMatchObject({ login: "mira", role: "member" });
    const table = await call("POST", "/api/tables", mira, { seats: SEATS, deal: { cards: CARDS } });
    expect(table.statusCode).toBe(403);
    expect(table.json()).toMatchObject({ error: "forbidden" });
    expect((await call("GET", "/api/tables", mira)).statusCode).toBe(403);
    expect((await call("POST", "/api/people", mira, { name: "X" })).statusCode).toBe(403);
  });

  it("CLUB-1 the admin sets the council and the role; the last admin stays an admin", async () => {
    const id = await addMember("Roman", { login: "roman", role: "member" });
    const council = await call("PATCH", `/api/people/${id}`, admin, { council: true });
    expect(council.json().person).toMatchObject({ council: true });
    const host = await call("PATCH", `/api/people/${id}`, admin, { role: "host" });
    expect(host.json().person.account.role).toBe("host");
    const roman = cookieOf(await signIn("roman"));
    expect(
      (await call("POST", "/api/tables", roman, { seats: SEATS, deal: { cards: CARDS } })).statusCode,
    ).toBe(201);
    const me = (await call("GET", "/api/me", admin)).json().host;
    const demote = await call("PATCH", `/api/people/${me.person}`, admin, { role: "member" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ error: "last_admin" });
    expect((await call("PATCH", `/api/people/${id}`, roman, { council: false })).statusCode).toBe(403);
    const guest = await call("PATCH", `/api/people/${await addGuest("Council Guest")}`, admin, {
      council: true,
    });
    expect(guest.statusCode).toBe(422);
    expect(guest.json()).toMatchObject({ error: "not_a_member" });
    const noAccount = await call("PATCH", `/api/people/${await addMember("Nobody")}`, admin, {
      role: "host",
    });
    expect(noAccount.json()).toMatchObject({ error: "no_account" });
    expect((await call("PATCH", "/api/people/nope", admin, { council: true })).statusCode).toBe(404);
    expect((await call("PATCH", `/api/people/${id}`, admin, {})).statusCode).toBe(400);
  });

  /** A guest made by seating a table by name; the guest's id. */
  async function addGuest(name: string): Promise<string> {
    const seats = SEATS.map((s, i) => (i === 0 ? { name } : { name: `${name} ${s.name}` }));
    const res = await call("POST", "/api/tables", admin, { seats, deal: { cards: CARDS } });
    if (res.statusCode !== 201) throw new Error(`table: ${res.statusCode} ${res.body}`);
    return (await h.store.listTableSeats(res.json().id))[0]?.personId ?? "";
  }

  it("CLUB-1 the admin merges a guest into a member: the guest's games count for the member", async () => {
    const guest = await addGuest("Guest Taras");
    const taras = await addMember("Taras");
    const merged = await call("POST", `/api/people/${guest}/merge`, admin, { into: taras });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().person).toMatchObject({ id: taras, name: "Taras" });
    expect((await h.store.resolvePerson(guest))?.id).toBe(taras);
    // The member's page lists the guest's game as the member's.
    const page = (await call("GET", `/api/people/${taras}`, admin)).json();
    expect(page.games).toEqual([
      {
        table: expect.any(String),
        title: expect.any(String),
        seat: 1,
        phase: "deal",
        winner: null,
        createdAt: expect.any(Number),
      },
    ]);
    // The merged guest leaves the directory; merging again, or a member, is refused.
    const listed = (await call("GET", "/api/people?q=Guest%20Taras", admin)).json().people;
    expect(listed.map((p: { id: string }) => p.id)).not.toContain(guest);
    expect(listed.length).toBeGreaterThan(0);
    expect((await call("POST", `/api/people/${guest}/merge`, admin, { into: taras })).statusCode).toBe(404);
    const notGuest = await call("POST", `/api/people/${taras}/merge`, admin, { into: await addMember("T2") });
    expect(notGuest.statusCode).toBe(422);
    expect(notGuest.json()).toMatchObject({ error: "not_mergeable" });
    const intoGuest = await call("POST", `/api/people/${await addGuest("G3")}/merge`, admin, {
      into: await addGuest("G4"),
    });
    expect(intoGuest.json()).toMatchObject({ error: "not_mergeable" });
  });

  it("the admin resets a member's password: the new one works, the old one and its sessions end", async () => {
    const id = await addMember("Lev", { login: "lev", role: "member" });
    const lev = cookieOf(await signIn("lev"));
    const reset = await call("POST", `/api/people/${id}/password`, admin, {
      password: "a new long password",
    });
    expect(reset.statusCode).toBe(204);
    expect((await call("GET", "/api/me", lev)).statusCode).toBe(401);
    expect((await signIn("lev")).statusCode).toBe(401);
    expect((await signIn("lev", "a new long password")).statusCode).toBe(200);
    const short = await call("POST", `/api/people/${id}/password`, admin, { password: "short" });
    expect(short.statusCode).toBe(400);
    const levAgain = cookieOf(await signIn("lev", "a new long password"));
    expect(
      (await call("POST", `/api/people/${id}/password`, levAgain, { password: PASSWORD })).statusCode,
    ).toBe(403);
  });

  it("signs out everywhere: an account's own sessions all end; an admin may sign a member out", async () => {
    const id = await addMember("Ira", { login: "ira", role: "member" });
    const phone = cookieOf(await signIn("ira"));
    const laptop = cookieOf(await signIn("ira"));
    const everywhere = await call("DELETE", "/api/sessions", laptop);
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json()).toEqual({ ended: 2 });
    expect(everywhere.cookies.find((c) => c.name === "misto_session")?.value).toBe("");
    expect((await call("GET", "/api/me", phone)).statusCode).toBe(401);
    expect((await call("GET", "/api/me", laptop)).statusCode).toBe(401);

    const again = cookieOf(await signIn("ira"));
    const byAdmin = await call("DELETE", `/api/people/${id}/sessions`, admin);
    expect(byAdmin.json()).toEqual({ ended: 1 });
    expect((await call("GET", "/api/me", again)).statusCode).toBe(401);
    expect(await h.store.getSession(tokenHash(again.split("=")[1] ?? ""))).toBeNull();
    // The admin's own session was not touched.
    expect((await call("GET", "/api/me", admin)).statusCode).toBe(200);
    expect((await call("DELETE", "/api/sessions")).statusCode).toBe(401);
  });
});
