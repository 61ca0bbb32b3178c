// Store.archive (archive-types.ts): the club pages' reads, the folds that keep the totals as games
// are stored, and the recompute job. The job reads the games in the club's order, a chunk at a
// time, and hands each chunk to a worker thread (rating/replay-worker.ts) for the OpenSkill replay,
// so that the event loop playing the live tables only reads and writes rows between chunks.

import { Worker } from "node:worker_threads";
import type { Kysely } from "kysely";
import type { PersonTotal, SeatSkill } from "../rating/replay.js";
import type { ToReplay } from "../rating/replay-worker.js";
import type { ClubCounts, GameOrder, TallyGame } from "../rating/tally.js";
import {
  countPending,
  foldGame,
  replaceTotals,
  selectExcluded,
  selectGamesAfter,
  selectPending,
  selectScopes,
  writeReplayed,
} from "./archive-fold.js";
import {
  selectArchiveHosts,
  selectClubTotals,
  selectKnownKeys,
  selectMemberNamed,
  selectPage,
  selectPlayerGames,
  selectPlayerGroups,
  selectTotals,
} from "./archive-queries.js";
import type { ArchiveCursor, ArchiveFilter, ArchiveStore, RecomputeProgress } from "./archive-types.js";
import type { Database } from "./schema.js";
import { Statistics } from "./statistics.js";

/** More games than this waiting to be folded at start go to the job (a database from before 0008). */
const BACKLOG = 200;
/** Games per chunk of the job: each chunk's writes hold the writer for a few milliseconds. */
const CHUNK = 100;

/**
 * The compiled worker script. Under vitest this module runs from src/*.ts, where no .js worker
 * exists, so it falls back to the build in dist/ (as packages/cli/src/workers.ts does).
 */
function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith(".ts")
    ? new URL("../../dist/rating/replay-worker.js", here)
    : new URL("../rating/replay-worker.js", here);
}

type FromReplay =
  | { kind: "started" }
  | { kind: "folded"; seats: SeatSkill[] }
  | { kind: "totals"; people: PersonTotal[]; club: { scope: string; counts: ClubCounts }[] };

/** The worker, one message answered at a time. */
class ReplayWorker {
  private readonly worker = new Worker(workerUrl());
  private failure: Error | null = null;

  constructor() {
    this.worker.on("error", (error) => {
      this.failure = error;
    });
  }

  ask<T extends FromReplay>(message: ToReplay): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      this.worker.once("error", fail);
      this.worker.once("message", (answer: T) => {
        this.worker.off("error", fail);
        resolve(answer);
      });
      this.worker.postMessage(message);
    });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

const IDLE: RecomputeProgress = {
  state: "idle",
  reason: null,
  done: 0,
  total: 0,
  startedAt: null,
  finishedAt: null,
  error: null,
};

export class ArchiveIndex implements ArchiveStore {
  private folding: Promise<void> = Promise.resolve();
  private job: Promise<void> | null = null;
  /** Asked again while a job ran: it runs once more after. */
  private again: string | null = null;
  private stopping = false;
  private state: RecomputeProgress = IDLE;
  private readonly statistics: Statistics;

  constructor(
    private readonly kind: "sqlite" | "postgres",
    private readonly db: Kysely<Database>,
    private readonly write: <T>(work: () => Promise<T>) => Promise<T>,
  ) {
    this.statistics = new Statistics(kind, db);
  }

  settled(): Promise<void> {
    return this.folding;
  }

  async idle(): Promise<void> {
    for (;;) {
      await this.folding;
      if (!this.job) return;
      await this.job;
    }
  }

  /** At start: a long backlog (a database from before 0008) goes to the job, the rest is folded. */
  async start(): Promise<void> {
    if ((await countPending(this.db)) > BACKLOG) this.recompute("start");
    else await this.fold();
  }

  fold(): Promise<void> {
    const next = this.folding.then(() => this.foldPending());
    this.folding = next.catch((error) => {
      console.warn(`the archive's totals could not be folded: ${error}`);
    });
    return this.folding;
  }

  private async foldPending(): Promise<void> {
    if (this.job || this.stopping) return;
    const [excluded, seasons] = await Promise.all([selectExcluded(this.db), selectScopes(this.db)]);
    for (;;) {
      const games = await selectPending(this.db, 50);
      if (games.length === 0) return;
      this.statistics.grew(games.length);
      // One transaction for the batch (one flush to disk); a stale game stops it, the ones before kept.
      const stale = await this.write(() =>
        this.db.transaction().execute(async (tx) => {
          for (const game of games) {
            if ((await foldGame(tx, this.kind, game, excluded, seasons)) === "stale") return true;
          }
          return false;
        }),
      );
      if (stale) return this.recompute("import");
    }
  }

  /** A change the running job did not see (a season, a correction): the job runs once more. Idle: nothing. */
  rerunIfRunning(reason: string): void {
    if (this.job) this.recompute(reason);
  }

  recompute(reason: string): void {
    if (this.stopping) return;
    if (this.job) {
      this.again = reason;
      return;
    }
    this.job = this.runJob(reason).finally(() => {
      this.job = null;
      const again = this.again;
      this.again = null;
      if (again) this.recompute(again);
      else void this.fold();
    });
  }

  progress(): RecomputeProgress {
    return this.state;
  }

  /** Ends the job at its next chunk (the store is closing). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.job;
    await this.folding;
    await this.statistics.settled();
  }

  private async runJob(reason: string): Promise<void> {
    const total = await this.countGames();
    this.state = { ...IDLE, state: "running", reason, total, startedAt: Date.now() };
    const worker = new ReplayWorker();
    try {
      const [excluded, seasons] = await Promise.all([selectExcluded(this.db), selectScopes(this.db)]);
      await worker.ask({ kind: "start", seasons, excluded: [...excluded] });
      let after: GameOrder | null = null;
      let done = 0;
      for (;;) {
        if (this.stopping) return;
        const games: TallyGame[] = await selectGamesAfter(this.db, after, CHUNK);
        if (games.length === 0) break;
        const { seats } = await worker.ask<{ kind: "folded"; seats: SeatSkill[] }>({ kind: "fold", games });
        await this.write(() => this.db.transaction().execute((tx) => writeReplayed(tx, games, seats)));
        after = games[games.length - 1] as TallyGame;
        done += games.length;
        this.state = { ...this.state, done, total: Math.max(total, done) };
      }
      const totals = await worker.ask<Extract<FromReplay, { kind: "totals" }>>({ kind: "finish" });
      await this.write(() =>
        this.db.transaction().execute((tx) => replaceTotals(tx, totals.people, totals.club)),
      );
      // An import of older games comes through here, not through the folds.
      this.statistics.grew(done);
      this.state = { ...this.state, state: "idle", finishedAt: Date.now() };
    } catch (error) {
      this.state = { ...this.state, state: "failed", finishedAt: Date.now(), error: String(error) };
      console.warn(`the archive's recompute failed: ${error}`);
    } finally {
      await worker.stop();
    }
  }

  private async countGames(): Promise<number> {
    const row = await this.db
      .selectFrom("games")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  page(filter: ArchiveFilter, after: ArchiveCursor | null, limit: number) {
    return selectPage(this.db, filter, after, limit);
  }

  archiveHosts() {
    return selectArchiveHosts(this.db);
  }

  knownKeys(keys: readonly string[]) {
    return selectKnownKeys(this.db, keys);
  }

  memberNamed(name: string) {
    return selectMemberNamed(this.db, name);
  }

  playerGames(personId: string, after: ArchiveCursor | null, limit: number) {
    return selectPlayerGames(this.db, personId, after, limit);
  }

  playerGroups(personId: string) {
    return selectPlayerGroups(this.db, personId);
  }

  totals(scope: string) {
    return selectTotals(this.db, scope);
  }

  clubTotals() {
    return selectClubTotals(this.db);
  }
}
