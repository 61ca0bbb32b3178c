// HOST-4 (docs/operations.md "Migrations"): the events stored before it are version 1, with no host's
// step at a count or at a night's end, and would replay wrong under today's engine. Every table's
// events are rewritten to version 2 (the record's own migration, @misto/record), and what numbers
// or hashes them follows: the table's seq, each command's seq and stored answer, the game's key.
// A table whose events do not fold is left as it was and named in the log: one broken table does
// not keep the whole club's server from starting.

import { type Game, type GameEvent, phaseOf, resultOf } from "@misto/engine";
import { eventGroupsFromVersion1 } from "@misto/record";
import { type Kysely, sql } from "kysely";
import { gameResult } from "../../rating/result.js";

/** Rows per insert: PostgreSQL takes at most 65535 parameters in one statement. */
const CHUNK = 500;

/** A table's events in version 2, and where each old seq went. */
interface Upgrade {
  readonly events: GameEvent[];
  /** The new seq of old seq `i` (its own events and the host's steps inserted after it); [0] = 0. */
  readonly seqs: number[];
  readonly state: Game;
}

/** Everything a table's rewrite writes, worked out before anything is written. */
interface Rewrite {
  readonly events: GameEvent[];
  readonly state: Game;
  readonly commands: readonly { id: string; seq: number; answer: string }[];
  /** The game's new key, when its rating closed. */
  readonly key: string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string }>`select id from tables order by id`.execute(db);
  for (const { id } of rows) {
    let rewrite: Rewrite | null;
    try {
      rewrite = await rewriteOf(db, id);
    } catch (error) {
      console.warn(
        `misto: migration 0007_host_steps left table ${id} as it was (version 1 events): ${String(error)}`,
      );
      continue;
    }
    // SQLite runs migrations outside a transaction (no transactional DDL in Kysely's eyes): each
    // table is rewritten in its own, and one done before a crash is skipped by the next start.
    if (rewrite) await inTransaction(db, (tx) => write(tx, id, rewrite));
  }
}

/** The table's rewrite, or null when it needs none; throws when its stored rows do not fold. */
async function rewriteOf(db: Kysely<unknown>, id: string): Promise<Rewrite | null> {
  const upgrade = upgradeOf(await storedEvents(db, id));
  if (!upgrade) return null;
  const key = gameResult(upgrade.events)?.key ?? null;
  if (key !== null) await refuseTakenKey(db, id, key);
  const { rows } = await sql<{
    command_id: string;
    seq: number;
    answer: string;
  }>`select command_id, seq, answer from commands where table_id = ${id}`.execute(db);
  const commands = rows.map((row) => ({
    id: row.command_id,
    seq: newSeq(upgrade, Number(row.seq)),
    answer: JSON.stringify(newAnswer(upgrade, JSON.parse(row.answer) as unknown)),
  }));
  return { events: upgrade.events, state: upgrade.state, commands, key };
}

function inTransaction(db: Kysely<unknown>, work: (tx: Kysely<unknown>) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

async function storedEvents(db: Kysely<unknown>, id: string): Promise<GameEvent[]> {
  const { rows } = await sql<{
    seq: number;
    event: string;
  }>`select seq, event from events where table_id = ${id} order by seq`.execute(db);
  return rows.map((r, i) => {
    if (Number(r.seq) !== i + 1) throw new Error(`the events skip from seq ${i} to ${r.seq}`);
    return JSON.parse(r.event) as GameEvent;
  });
}

/**
 * The host's count or end of the night: steps only version 2 has (version 1 refused an advance in a
 * voting, and had no dawn). A table holding one was written, or upgraded, by today's server.
 */
const HOST_STEPS = new Set(["voting", "liftAll", "dawn"]);
const isHostStep = (e: GameEvent) => e.type === "advanced" && HOST_STEPS.has(e.from);

/** The table's events in version 2, or null when they are the same (no count, no night's end yet). */
function upgradeOf(old: readonly GameEvent[]): Upgrade | null {
  if (old.some(isHostStep)) return null;
  const { groups, state } = eventGroupsFromVersion1(old);
  const events = groups.flat();
  if (events.length === old.length) return null;
  const seqs = [0];
  for (const group of groups) seqs.push((seqs.at(-1) as number) + group.length);
  if (!state) throw new Error("the table has no events");
  return { events, seqs, state };
}

/** The game's new key must be free: another stored game with the same events would break it. */
async function refuseTakenKey(db: Kysely<unknown>, id: string, key: string): Promise<void> {
  const { rows } =
    await sql`select table_id from games where record_key = ${key} and table_id <> ${id}`.execute(db);
  if (rows.length > 0) throw new Error(`its game's new key ${key} is another stored game's`);
}

/**
 * The table in version 2: its events, its seq and status, each command's seq and answer (a retried
 * command id is answered with the events it added as version 2 has them, the host's steps inserted
 * after them included, and the seq after), and its game's key.
 */
async function write(db: Kysely<unknown>, id: string, rewrite: Rewrite): Promise<void> {
  const { events, state, commands, key } = rewrite;
  await sql`delete from events where table_id = ${id}`.execute(db);
  for (let i = 0; i < events.length; i += CHUNK) {
    const values = events
      .slice(i, i + CHUNK)
      .map((event, j) => sql`(${id}, ${i + j + 1}, ${JSON.stringify(event)})`);
    await sql`insert into events (table_id, seq, event) values ${sql.join(values)}`.execute(db);
  }
  await sql`update tables set seq = ${events.length}, phase = ${phaseOf(state).kind},
    winner = ${resultOf(state)?.winner ?? null} where id = ${id}`.execute(db);
  for (const c of commands) {
    await sql`update commands set seq = ${c.seq}, answer = ${c.answer}
      where table_id = ${id} and command_id = ${c.id}`.execute(db);
  }
  if (key !== null) await sql`update games set record_key = ${key} where table_id = ${id}`.execute(db);
}

/** An old seq's new one (a command's seq is never past its table's events: they are stored together). */
function newSeq(upgrade: Upgrade, old: number): number {
  const seq = upgrade.seqs[old];
  if (!Number.isInteger(old) || old < 0 || seq === undefined) throw new Error(`no event has seq ${old}`);
  return seq;
}

/** A command's answer ({ seq, events }) renumbered; any other answer is kept as it was. */
function newAnswer(upgrade: Upgrade, answer: unknown): unknown {
  const a = answer as { seq?: unknown; events?: unknown } | null;
  if (a === null || typeof a !== "object" || typeof a.seq !== "number" || !Array.isArray(a.events)) {
    return answer;
  }
  const from = newSeq(upgrade, a.seq - a.events.length);
  const to = newSeq(upgrade, a.seq);
  return { ...a, seq: to, events: upgrade.events.slice(from, to) };
}

/**
 * The events stay version 2: no older server reads them right, and version 1 cannot be rebuilt from
 * them (go back with the backup taken before the upgrade). The schema is unchanged, so the
 * migrations below this one can still go down and up again; `up` then leaves these tables alone
 * (they hold the host's steps).
 */
export async function down(): Promise<void> {}
