// A tiny in-memory Store for tests of the server's own logic (the real stores are tested in test/store).

import type { GameEvent } from "@misto/engine";
import {
  type ComplaintRow,
  type HostRow,
  type OutChatLine,
  type PersonRow,
  type SanctionRow,
  type SeatPerson,
  type SeatTokenRow,
  type Store,
  StoreConflict,
  type TableRow,
} from "../../src/store/index.js";

type Club = { id: string; name: string };

export function memoryStore(): Store {
  let club: Club | null = null;
  let setupToken: string | null = null;
  const hosts = new Map<string, HostRow>();
  const sessions = new Map<string, { hostId: string; expiresAt: number; createdAt: number }>();
  const tables = new Map<string, TableRow>();
  const events = new Map<string, { seq: number; event: GameEvent }[]>();
  const commands = new Map<string, unknown>();
  const codes = new Map<string, string>();
  const tokens = new Map<string, SeatTokenRow>();
  const outChat = new Map<string, (OutChatLine & { id: string })[]>();
  const people = new Map<string, PersonRow>();
  const seated = new Map<string, SeatPerson[]>();
  const sanctions: SanctionRow[] = [];
  const complaints = new Map<string, ComplaintRow>();
  const addPerson = (p: PersonRow) => {
    const twin = [...people.values()].some(
      (x) => p.kind === "guest" && x.kind === "guest" && !x.mergedInto && x.name === p.name,
    );
    if (people.has(p.id) || twin) throw new StoreConflict("person exists");
    people.set(p.id, { ...p });
  };
  const store = {
    kind: "memory",
    async close() {},
    async ping() {},
    async getClub() {
      return club;
    },
    async createClub(c: Club, admin: HostRow, person: PersonRow) {
      if (club) throw new Error("club exists");
      club = { ...c };
      addPerson(person);
      hosts.set(admin.id, { ...admin });
    },
    async setSetupToken(hash: string | null) {
      setupToken = hash;
    },
    async getSetupToken() {
      return setupToken;
    },
    async createHost(h: HostRow, person?: PersonRow) {
      if ([...hosts.values()].some((x) => x.login === h.login)) throw new StoreConflict("login taken");
      if (person) addPerson(person);
      hosts.set(h.id, { ...h });
    },
    async findHostByPerson(personId: string) {
      return [...hosts.values()].find((h) => h.personId === personId) ?? null;
    },
    async listHosts() {
      return [...hosts.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    async createPerson(p: PersonRow) {
      addPerson(p);
    },
    async getPerson(id: string) {
      return people.get(id) ?? null;
    },
    async findGuest(name: string) {
      return [...people.values()].find((p) => p.kind === "guest" && !p.mergedInto && p.name === name) ?? null;
    },
    async listPeople(query: { q?: string; limit: number }) {
      const q = query.q?.trim().toLowerCase() ?? "";
      return [...people.values()]
        .filter((p) => !p.mergedInto && p.name.toLowerCase().includes(q))
        .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "member" ? -1 : 1))
        .slice(0, query.limit);
    },
    async resolvePerson(id: string) {
      let p = people.get(id) ?? null;
      while (p?.mergedInto) p = people.get(p.mergedInto) ?? null;
      return p;
    },
    async setTableSeats(tableId: string, seats: readonly SeatPerson[]) {
      seated.set(
        tableId,
        seats.map((s) => ({ ...s })),
      );
    },
    async listGamesOf(personId: string, limit: number) {
      const games: { table: TableRow; seat: number }[] = [];
      for (const [tableId, seats] of seated) {
        for (const s of seats) {
          const p = people.get(s.personId);
          const table = tables.get(tableId);
          if (table && p && (p.id === personId || p.mergedInto === personId))
            games.push({ table, seat: s.seat });
        }
      }
      return games.sort((a, b) => b.table.createdAt - a.table.createdAt).slice(0, limit);
    },
    async listTableSeats(tableId: string) {
      return [...(seated.get(tableId) ?? [])].sort((a, b) => a.seat - b.seat);
    },
    async findHostByLogin(login: string) {
      return [...hosts.values()].find((h) => h.login === login) ?? null;
    },
    async getHost(id: string) {
      return hosts.get(id) ?? null;
    },
    async createSession(s: { tokenHash: string; hostId: string; createdAt: number; expiresAt: number }) {
      sessions.set(s.tokenHash, { hostId: s.hostId, expiresAt: s.expiresAt, createdAt: s.createdAt });
    },
    async getSession(hash: string) {
      const s = sessions.get(hash);
      return s ? { hostId: s.hostId, expiresAt: s.expiresAt } : null;
    },
    async deleteSession(hash: string) {
      sessions.delete(hash);
    },
    async deleteSessionsOf(hostId: string) {
      const ended: string[] = [];
      for (const [k, s] of sessions)
        if (s.hostId === hostId) {
          sessions.delete(k);
          ended.push(k);
        }
      return ended;
    },
    async setRole(hostId: string, role: HostRow["role"]) {
      const h = hosts.get(hostId);
      if (h) hosts.set(hostId, { ...h, role });
      return h !== undefined;
    },
    async setPasswordHash(hostId: string, passwordHash: string) {
      const h = hosts.get(hostId);
      if (h) hosts.set(hostId, { ...h, passwordHash });
      return h !== undefined;
    },
    async setCouncil(id: string, council: boolean) {
      const p = people.get(id);
      if (p?.kind !== "member") return false;
      people.set(id, { ...p, council });
      return true;
    },
    async mergeGuest(guestId: string, memberId: string) {
      const guest = people.get(guestId);
      const member = people.get(memberId);
      if (guest?.kind !== "guest" || guest.mergedInto || member?.kind !== "member" || member.mergedInto)
        return false;
      people.set(guestId, { ...guest, mergedInto: memberId });
      for (const s of sanctions) if (s.personId === guestId) s.personId = memberId;
      return true;
    },
    async createSanction(s: SanctionRow) {
      sanctions.push({ ...s });
    },
    async listSanctions(personId: string) {
      return sanctions.filter((s) => s.personId === personId).sort((a, b) => b.createdAt - a.createdAt);
    },
    async activeBan(personId: string, at: number) {
      const bans = sanctions.filter(
        (s) => s.personId === personId && s.kind === "ban" && (s.from ?? 0) <= at && at < (s.until ?? 0),
      );
      return bans.sort((a, b) => (b.until ?? 0) - (a.until ?? 0))[0] ?? null;
    },
    async createComplaint(c: ComplaintRow) {
      complaints.set(c.id, { ...c });
    },
    async getComplaint(id: string) {
      return complaints.get(id) ?? null;
    },
    async listComplaints(query: { tableId: string } | { open: true }) {
      return [...complaints.values()]
        .filter((c) => ("tableId" in query ? c.tableId === query.tableId : c.answer === null))
        .sort((a, b) => a.createdAt - b.createdAt);
    },
    async answerComplaint(id: string, answer: { text: string; byHostId: string; at: number }) {
      const c = complaints.get(id);
      if (!c || c.answer) return false;
      complaints.set(id, { ...c, answer });
      return true;
    },
    async createTable(t: Omit<TableRow, "seq">, created: GameEvent, seats: readonly SeatPerson[] = []) {
      tables.set(t.id, { ...t, seq: 1 });
      seated.set(
        t.id,
        seats.map((s) => ({ ...s })),
      );
      events.set(t.id, [{ seq: 1, event: created }]);
    },
    async getTable(id: string) {
      return tables.get(id) ?? null;
    },
    async listTables() {
      return [...tables.values()];
    },
    async readEvents(id: string, afterSeq = 0) {
      return (events.get(id) ?? []).filter((e) => e.seq > afterSeq);
    },
    async append(
      id: string,
      expectedSeq: number,
      evs: readonly GameEvent[],
      command: { id: string; answer: unknown },
      status: { phase: string; winner: string | null },
    ) {
      const table = tables.get(id);
      if (!table) throw new Error("no table");
      if (table.seq !== expectedSeq) return { ok: false as const, conflict: "seq" as const };
      if (commands.has(`${id}/${command.id}`)) return { ok: false as const, conflict: "command" as const };
      const list = events.get(id) ?? [];
      let seq = expectedSeq;
      for (const event of evs) list.push({ seq: ++seq, event: structuredClone(event) });
      commands.set(`${id}/${command.id}`, structuredClone(command.answer));
      tables.set(id, { ...table, seq, phase: status.phase, winner: status.winner });
      return { ok: true as const, seq };
    },
    async findCommand(id: string, commandId: string) {
      return commands.get(`${id}/${commandId}`) ?? null;
    },
    async setJoinCode(tableId: string, code: string) {
      if (codes.has(code) || [...codes.values()].includes(tableId)) throw new StoreConflict("code taken");
      codes.set(code, tableId);
    },
    async getJoinCode(tableId: string) {
      return [...codes].find(([, t]) => t === tableId)?.[0] ?? null;
    },
    async findTableByCode(code: string) {
      return codes.get(code) ?? null;
    },
    async createSeatToken(t: SeatTokenRow, whilePhase?: string) {
      if (whilePhase !== undefined && tables.get(t.tableId)?.phase !== whilePhase) return false;
      if ([...tokens.values()].some((x) => x.tableId === t.tableId && x.seat === t.seat))
        throw new StoreConflict("seat taken");
      tokens.set(t.tokenHash, { ...t });
      return true;
    },
    async getSeatToken(hash: string) {
      return tokens.get(hash) ?? null;
    },
    async listSeatTokens(tableId: string) {
      return [...tokens.values()].filter((t) => t.tableId === tableId).sort((a, b) => a.seat - b.seat);
    },
    async deleteSeatToken(tableId: string, seat: number) {
      for (const [k, t] of tokens)
        if (t.tableId === tableId && t.seat === seat) {
          tokens.delete(k);
          return true;
        }
      return false;
    },
    async addOutChatLine(tableId: string, line: OutChatLine & { id: string }) {
      const lines = outChat.get(tableId) ?? [];
      if (lines.some((l) => l.id === line.id)) return null;
      const stored = { ...line, n: lines.length + 1 };
      outChat.set(tableId, [...lines, stored]);
      const { id: _id, ...answer } = stored;
      return answer;
    },
    async readOutChat(tableId: string) {
      return (outChat.get(tableId) ?? []).map(({ id: _id, ...l }) => l);
    },
  };
  return store as unknown as Store;
}
