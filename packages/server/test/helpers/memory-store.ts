// A tiny in-memory Store for tests of the server's own logic (the real stores are tested in test/store).

import type { GameEvent } from "@misto/engine";
import {
  type HostRow,
  type OutChatLine,
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
  const outChat = new Map<string, OutChatLine[]>();
  const store = {
    kind: "memory",
    async close() {},
    async getClub() {
      return club;
    },
    async createClub(c: Club, admin: HostRow) {
      if (club) throw new Error("club exists");
      club = { ...c };
      hosts.set(admin.id, { ...admin });
    },
    async setSetupToken(hash: string | null) {
      setupToken = hash;
    },
    async getSetupToken() {
      return setupToken;
    },
    async createHost(h: HostRow) {
      hosts.set(h.id, { ...h });
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
      for (const [k, s] of sessions) if (s.hostId === hostId) sessions.delete(k);
    },
    async createTable(t: Omit<TableRow, "seq">, created: GameEvent) {
      tables.set(t.id, { ...t, seq: 1 });
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
    async createSeatToken(t: SeatTokenRow) {
      if ([...tokens.values()].some((x) => x.tableId === t.tableId && x.seat === t.seat))
        throw new StoreConflict("seat taken");
      tokens.set(t.tokenHash, { ...t });
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
    async addOutChatLine(tableId: string, line: Omit<OutChatLine, "n">) {
      const lines = outChat.get(tableId) ?? [];
      const stored = { ...line, n: lines.length + 1 };
      outChat.set(tableId, [...lines, stored]);
      return { ...stored };
    },
    async readOutChat(tableId: string) {
      return (outChat.get(tableId) ?? []).map((l) => ({ ...l }));
    },
  };
  return store as unknown as Store;
}
