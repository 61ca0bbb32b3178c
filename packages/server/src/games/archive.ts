// The records archive (docs/api.md "Rating and archive"): every finished game's record in one
// document, and its import. An import is checked whole first (each record by the record package:
// the schema, then every event re-decided by the engine), and nothing is stored while any record
// has a problem. Imported seats become the member of exactly that name, else the guest by it.

import { randomUUID } from "node:crypto";
import type { GameEvent } from "@misto/engine";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from "@misto/protocol";
import { type GameRecord, parseRecord, type RecordProblem, toRecord } from "@misto/record";
import { guestNamed } from "../club/seating.js";
import { type GameResult, gameResult } from "../rating/result.js";
import type { CorrectionRow, GameRow, HostRow, ImportedGame, Store } from "../store/index.js";

/** A host's correction carried by an archive (the record itself holds only the table's events). */
export interface ArchiveCorrection {
  /** The index of the record in `records`. */
  readonly record: number;
  readonly seat: number;
  readonly from: number;
  readonly to: number;
  /** The correcting account's name. */
  readonly by: string;
  readonly at: number;
  readonly reason: string;
}

export interface Archive {
  readonly format: typeof ARCHIVE_FORMAT;
  readonly version: typeof ARCHIVE_VERSION;
  readonly records: readonly GameRecord[];
  readonly corrections?: readonly ArchiveCorrection[];
}

/** The game's record as a download gives it: its events and the table's title, host and club. */
export async function recordOf(
  store: Store,
  game: { id: string; title: string; hostId: string },
): Promise<GameRecord> {
  const [events, host, club] = await Promise.all([
    store.readEvents(game.id),
    store.getHost(game.hostId),
    store.getClub(),
  ]);
  return toRecord(
    events.map((e) => e.event),
    { title: game.title, host: host?.name ?? "", ...(club ? { club: club.name } : {}) },
  );
}

/** Every finished game's record, oldest first, with the points corrections made since. */
export async function exportArchive(store: Store, games: readonly GameRow[]): Promise<Archive> {
  const records: GameRecord[] = [];
  const corrections: ArchiveCorrection[] = [];
  const names = new Map((await store.listHosts()).map((h) => [h.id, h.name]));
  for (const [index, game] of games.entries()) {
    records.push(await recordOf(store, game));
    for (const c of await store.listCorrections(game.id)) {
      corrections.push({
        record: index,
        seat: c.seat,
        from: c.from,
        to: c.to,
        by: names.get(c.byHostId) ?? "",
        at: c.at,
        reason: c.reason,
      });
    }
  }
  return { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, records, corrections };
}

/** The club's archive: every finished game (the admin's export and `misto export` alike). */
export async function exportClubArchive(store: Store): Promise<Archive> {
  return exportArchive(store, await store.listGames());
}

export interface Checked {
  /** Where the body holds it ("records/3"; "" for a lone record). */
  readonly at: string;
  readonly record: GameRecord;
  readonly result: GameResult;
  readonly corrections: ArchiveCorrection[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function say(at: string, p: RecordProblem): string {
  const where = `${at}${p.path}`.replace(/^\//, "");
  return `${where || "(the record)"}: ${p.rule ? `${p.rule} ` : ""}${p.message}`;
}

/** Every problem of a body (one record, or an archive), or the games it holds when there is none. */
export async function checkImport(
  body: unknown,
  /** Which of these keys are of games already stored: a game is imported once. */
  stored: (keys: readonly string[]) => Promise<ReadonlySet<string>>,
): Promise<{ ok: true; games: Checked[] } | { ok: false; problems: string[] }> {
  const seen = new Set<string>();
  const problems: string[] = [];
  let items: { at: string; data: unknown }[];
  let corrections: unknown[] = [];
  if (isObject(body) && body.format === ARCHIVE_FORMAT) {
    if (body.version !== ARCHIVE_VERSION) problems.push(`version: must be ${ARCHIVE_VERSION}`);
    for (const key of Object.keys(body)) {
      if (!["format", "version", "records", "corrections"].includes(key))
        problems.push(`${key}: is not a field here`);
    }
    if (!Array.isArray(body.records))
      return { ok: false, problems: [...problems, "records: must be an array"] };
    if (body.corrections !== undefined && !Array.isArray(body.corrections)) {
      problems.push("corrections: must be an array");
    } else corrections = (body.corrections as unknown[] | undefined) ?? [];
    items = body.records.map((data, i) => ({ at: `records/${i}`, data }));
  } else {
    items = [{ at: "", data: body }];
  }
  const games: Checked[] = [];
  for (const { at, data } of items) {
    const parsed = parseRecord(data);
    if (!parsed.ok) {
      problems.push(...parsed.problems.map((p) => say(at, p)));
      continue;
    }
    const result = gameResult(parsed.record.events);
    if (!result) {
      problems.push(`${at || "(the record)"}: the game is not finished: its rating is not closed (RATE-1)`);
      continue;
    }
    if (seen.has(result.key)) {
      problems.push(`${at || "(the record)"}: this game is stored already (the same events)`);
      continue;
    }
    seen.add(result.key);
    games.push({ at, record: parsed.record, result, corrections: [] });
  }
  // One indexed look-up for the whole body, not a list of every stored game.
  const known = await stored(games.map((g) => g.result.key));
  for (const g of games) {
    if (known.has(g.result.key))
      problems.push(`${g.at || "(the record)"}: this game is stored already (the same events)`);
  }
  for (const [i, c] of corrections.entries()) {
    const problem = correctionProblem(c, items.length);
    if (problem) problems.push(`corrections/${i}: ${problem}`);
    else if (problems.length === 0)
      (games[(c as ArchiveCorrection).record] as Checked).corrections.push(c as ArchiveCorrection);
  }
  return problems.length ? { ok: false, problems } : { ok: true, games };
}

function correctionProblem(c: unknown, records: number): string | null {
  if (!isObject(c)) return "must be an object";
  const int = (v: unknown, min: number, max: number) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
  if (!int(c.record, 0, records - 1)) return "record: must be the index of a record";
  if (!int(c.seat, 1, 12)) return "seat: must be 1 to 12";
  if (!int(c.from, 0, 5) || !int(c.to, 0, 5)) return "from, to: must be 0 to 5 points (RATE-4)";
  if (typeof c.by !== "string" || typeof c.reason !== "string" || c.reason === "")
    return "by, reason: must be text";
  if (!int(c.at, 0, Number.MAX_SAFE_INTEGER)) return "at: must be a time (epoch ms)";
  return null;
}

/** The member of exactly this name, else the unmerged guest by it (made when there is none). */
async function personNamed(store: Store, name: string, at: number): Promise<{ id: string }> {
  return (await store.archive.memberNamed(name)) ?? guestNamed(store, name, at);
}

/** Games per transaction of an import: one flush to disk for each, not one per game. */
const IMPORT_BATCH = 100;

/** Stores the checked games, each as a new closed table hosted by the account of the record's host name (else `by`). */
export async function importGames(store: Store, by: HostRow, games: readonly Checked[]): Promise<string[]> {
  const hosts = await store.listHosts();
  const account = (name: string | undefined) => hosts.find((h) => h.name === name) ?? by;
  const people = new Map<string, string>();
  const personOf = async (name: string, at: number) => {
    let id = people.get(name);
    if (id === undefined) {
      id = (await personNamed(store, name, at)).id;
      people.set(name, id);
    }
    return id;
  };
  const stored: ImportedGame[] = [];
  for (const { record, result } of games) {
    const created = record.events[0] as Extract<GameEvent, { type: "created" }>;
    const seats: { seat: number; personId: string }[] = [];
    for (const [i, seat] of created.seats.entries()) {
      seats.push({ seat: i + 1, personId: await personOf(seat.name.trim(), created.at) });
    }
    stored.push({
      table: {
        id: randomUUID(),
        title: record.meta?.title?.trim() || "Imported game",
        hostId: account(record.meta?.host).id,
        createdAt: created.at,
        online: false,
      },
      events: record.events,
      seats,
      result,
    });
  }
  for (let i = 0; i < stored.length; i += IMPORT_BATCH) {
    await store.importGames(stored.slice(i, i + IMPORT_BATCH));
  }
  const ids = stored.map((g) => g.table.id);
  for (const [index, { corrections }] of games.entries()) {
    const id = ids[index] as string;
    for (const c of corrections) {
      const correction: CorrectionRow = {
        id: randomUUID(),
        tableId: id,
        seat: c.seat,
        from: c.from,
        to: c.to,
        byHostId: account(c.by).id,
        at: c.at,
        reason: c.reason,
      };
      await store.correctPoints(correction);
    }
  }
  // The totals take the games in, or the recompute job does when they are older than the newest
  // stored (an old archive): the answer waits for it, its progress at GET /api/rating/recompute.
  await store.archive.fold();
  await store.archive.idle();
  return ids;
}
