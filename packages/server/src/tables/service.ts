// The table service: each live game's state in memory (replayed from the store's events on first
// use), commands decided by the engine one at a time per table, and acknowledged only once stored.

import { randomBytes, randomInt, randomUUID } from "node:crypto";
import {
  ALL_SEATS,
  type Command,
  createGame,
  evolve,
  execute,
  type Game,
  type GameEvent,
  phaseOf,
  resultOf,
  type Seat,
  seatMaySend,
  viewFor,
} from "@misto/engine";
import type { CommandBody, NewTableBody } from "@misto/protocol";
import { seatPeople } from "../club/seating.js";
import { HttpError } from "../errors.js";
import { gameResult } from "../rating/result.js";
import { sameText, type ViewText } from "../realtime/view-text.js";
import { type HostRow, type Store, StoreConflict, type TableRow } from "../store/index.js";
import { KeyedMutex } from "./mutex.js";
import { ONLINE_DEFAULTS, onlineSettingsOf } from "./online-settings.js";
import { TableViews } from "./view-texts.js";

/** A game being played: its state, its sequence number, and what the spectators last saw. */
export interface LiveTable {
  readonly id: string;
  readonly title: string;
  /** An online table: the server is its host (./online.ts). */
  readonly online: boolean;
  /** Its own settings as given when it was made (JSON, checked: ./online-settings.ts), or null. */
  readonly onlineSettings: string | null;
  readonly state: Game;
  /** The number of stored events. */
  readonly seq: number;
  /**
   * How many times the spectators' view has changed. Spectators are told this, never `seq`:
   * counting the night's events would tell them who woke and chose (a frozen Don's mafiosi
   * choose in his place, a note adds a step).
   */
  readonly publicSeq: number;
  /** The spectators' view as the text they are sent (../realtime/view-text.ts). */
  readonly publicText: ViewText;
  /**
   * Each seat's own view (index seat - 1) as text (its JSON, member by member: what is sent, and
   * what a patch is cut from), built by viewFor(state, seat) for that seat
   * alone, and how many times it has changed: a phone is told that count as its seq, never the
   * table's `seq` (nor the table's seq at the change, whose jump over a night counts the night's
   * events), so its seq says nothing its own view does not. Only the
   * text is kept (what is sent); the view objects are dropped once stringified, so hundreds of
   * live tables do not hold twelve object trees each for the garbage collector to walk.
   */
  readonly seatTexts: readonly ViewText[];
  readonly seatSeqs: readonly number[];
  /** What builds the views' text after each event (./view-texts.ts), the table's own. */
  readonly views: TableViews;
}

/** The join code's alphabet: no 0/O, 1/I/L. */
export const JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_LENGTH = 6;

function newJoinCode(): string {
  let code = "";
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_ALPHABET[randomInt(JOIN_ALPHABET.length)];
  return code;
}

/** The stored answer to a command, given again to a repeated command id. */
export interface CommandAnswer {
  readonly seq: number;
  readonly events: readonly GameEvent[];
}

/** Told of a change: the table after it, whose views changed, and the table before (what its viewers hold). */
export type ChangeListener = (
  table: LiveTable,
  publicChanged: boolean,
  changedSeats: ReadonlySet<Seat>,
  before: LiveTable,
) => void;

function status(state: Game): { phase: string; winner: string | null } {
  return { phase: phaseOf(state).kind, winner: resultOf(state)?.winner ?? null };
}

/** Who sent a command (for /metrics): the host's console, a seat's phone, or the server (online tables). */
export type CommandSource = "host" | "seat" | "server";

/** Told of each command once answered: its source, how long it took, and its refusal (null: accepted). */
export type CommandObserver = (source: CommandSource, ms: number, refusal: unknown) => void;

export interface TableServiceOptions {
  /**
   * Other server processes append to the same store (PostgreSQL with Redis, docs/operations.md):
   * each use of a live table first reads the events stored after it, so no answer is built on a
   * state another process has moved on from.
   */
  readonly shared?: boolean;
  /** Told of every command's outcome and time (/metrics, src/observe). */
  readonly observe?: CommandObserver;
}

export class TableService {
  private readonly live = new Map<string, LiveTable>();
  /** Tables whose last append failed without saying whether it was stored: the store is read again. */
  private readonly unsure = new Set<string>();
  /** The latest seq other processes said they stored, by table (`advancedElsewhere`). */
  private readonly announced = new Map<string, number>();
  private readonly lock = new KeyedMutex();
  private readonly listeners = new Set<ChangeListener>();
  private readonly loadListeners = new Set<(table: LiveTable) => void>();
  private readonly appendListeners = new Set<(id: string, seq: number) => void>();
  private readonly shared: boolean;
  private readonly observe: CommandObserver;

  constructor(
    private readonly store: Store,
    options: TableServiceOptions = {},
  ) {
    this.shared = options.shared === true;
    this.observe = options.observe ?? (() => undefined);
  }

  /** The tables held in memory now. */
  get liveCount(): number {
    return this.live.size;
  }

  /** Runs a command's whole answer, telling the observer how it ended and how long it took. */
  private async observed<T>(source: CommandSource, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const answer = await work();
      this.observe(source, performance.now() - started, null);
      return answer;
    } catch (error) {
      this.observe(source, performance.now() - started, error);
      throw error;
    }
  }

  /** Told of every change, whether this process stored it or read it back from the store. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told of each append this process stored (the fan-out tells the other processes of it). */
  onAppend(listener: (id: string, seq: number) => void): () => void {
    this.appendListeners.add(listener);
    return () => this.appendListeners.delete(listener);
  }

  /** The seq of the table as this process holds it in memory, or null when it holds none. */
  heldSeq(id: string): number | null {
    return this.live.get(id)?.seq ?? null;
  }

  /** Told of each table read from the store into memory (an online table's runner resumes then). */
  onLoad(listener: (table: LiveTable) => void): () => void {
    this.loadListeners.add(listener);
    return () => this.loadListeners.delete(listener);
  }

  /** Seats the players and deals: the table's first event, stored before it is answered. */
  async create(
    host: HostRow,
    body: NewTableBody,
  ): Promise<{ id: string; seq: number; events: GameEvent[]; code: string }> {
    const at = Date.now();
    const deal =
      "random" in body.deal
        ? { seed: randomBytes(16).toString("base64url") }
        : "seed" in body.deal
          ? { seed: body.deal.seed }
          : { cards: body.deal.cards as never };
    // The setup is checked before anyone is seated: a refused table makes no guests.
    const onlineSettings = onlineSettingsJson(body);
    setupOk(createGame({ settings: body.settings, seats: body.seats, deal, at }));
    const seating = await seatPeople(this.store, body.seats, at);
    const game = setupOk(createGame({ settings: body.settings, seats: seating.seats, deal, at }));
    const id = randomUUID();
    const title = body.title?.trim() || `Game of ${new Date(at).toISOString().slice(0, 10)}`;
    await this.store.createTable(
      {
        id,
        title,
        hostId: host.id,
        createdAt: at,
        online: body.online === true,
        onlineSettings,
        ...status(game.state),
      },
      game.event,
      seating.people,
    );
    const code = await this.joinCode(id);
    // An online table is loaded at once: its runner starts with it.
    if (body.online === true) await this.get(id);
    return { id, seq: 1, events: [game.event], code };
  }

  /** The table's join code, drawn (unique among the tables) on first use. */
  async joinCode(id: string): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const known = await this.store.getJoinCode(id);
      if (known) return known;
      try {
        await this.store.setJoinCode(id, newJoinCode());
      } catch (error) {
        if (!(error instanceof StoreConflict)) throw error;
      }
    }
    throw new Error("no free join code found");
  }

  /** The live table (loaded from the store on first use), or null when there is no such table. */
  get(id: string): Promise<LiveTable | null> {
    return this.lock.run(id, () => this.load(id));
  }

  /**
   * The live table as this process last heard of it: with other processes, read again only when
   * one announced a later seq (their signal) or this process's last append may have been stored
   * unseen. For the callers their signals drive (the hub, the online runner), whose commands the
   * store's seq checks anyway: get() read the store at every call, two or three reads for each
   * event stored elsewhere (bench:server --processes 2). An answer to a client uses get().
   */
  current(id: string): Promise<LiveTable | null> {
    return this.lock.run(id, () => this.loadForCommand(id));
  }

  /** Runs `task` with the table's lock held: nothing changes the table meanwhile. */
  with<T>(id: string, task: (table: LiveTable | null) => T | Promise<T>): Promise<T> {
    return this.lock.run(id, async () => task(await this.load(id)));
  }

  async row(id: string): Promise<TableRow | null> {
    return (await this.store.getTable(id)) ?? null;
  }

  async events(id: string): Promise<GameEvent[]> {
    return (await this.store.readEvents(id)).map((e) => e.event);
  }

  /**
   * POST /api/tables/:id/commands. A known command id gets its first answer again; a stale seq a
   * 409; a rule error a 422; otherwise the events are stored and only then answered.
   */
  command(id: string, body: CommandBody, source: CommandSource = "host"): Promise<CommandAnswer> {
    return this.observed(source, () => this.hostCommand(id, body));
  }

  private hostCommand(id: string, body: CommandBody): Promise<CommandAnswer> {
    return this.lock.run(id, async () => {
      const loaded = await this.loadForCommand(id);
      if (!loaded) throw new HttpError(404, "not_found", "there is no such table");
      const refuse = (now: LiveTable) => this.hostStale(now, body.seq);
      const answered = () => this.store.findCommand(id, body.id) as Promise<CommandAnswer | null>;
      return this.decided(loaded, answered, async (table) => {
        // A repeated command id is looked up only where it can be: its seq is behind, or its
        // decision refused (`decided`); a new id is never stored twice, as the append refuses it.
        if (body.seq !== table.seq) {
          const first = await answered();
          if (first) return first;
          throw await refuse(table);
        }
        return this.apply(table, body.id, toCommand(body), async (fresh) => refuse(fresh ?? table));
      });
    });
  }

  /**
   * Runs `attempt` on the table. Refused by a rule, a command id already stored gets its first
   * answer instead. With other processes, a refusal (by a rule or a seq) may come from this
   * process's copy being behind (their signal still on its way, ../realtime/hub.ts): the table is
   * read again and, when it moved, the command attempted once more on it.
   */
  private async decided<T>(
    table: LiveTable,
    answered: () => Promise<T | null>,
    attempt: (table: LiveTable) => Promise<T>,
  ): Promise<T> {
    try {
      return await attempt(table);
    } catch (error) {
      if (!(error instanceof HttpError) || (error.status !== 422 && error.status !== 409)) throw error;
      if (error.status === 422) {
        const first = await answered();
        if (first !== null) return first;
      }
      if (!this.shared) throw error;
      const fresh = await this.catchUp(this.live.get(table.id) ?? table);
      if (fresh.seq === table.seq) throw error;
      return attempt(fresh);
    }
  }

  /**
   * A host's stale command is refused with the table as it is now: its seq, the host's view, and
   * the events after the command's seq (what the console lacks), up to that seq.
   */
  private async hostStale(table: LiveTable, since: number): Promise<HttpError> {
    const missing = since < table.seq ? await this.store.readEvents(table.id, since) : [];
    return stale(table.seq, {
      view: viewFor(table.state, "host"),
      events: missing.filter((e) => e.seq <= table.seq).map((e) => e.event),
    });
  }

  /**
   * A phone's command for its own seat: the actor is the seat whatever was sent, the time is the
   * server's, only seat commands pass, and `seq` is the seat's seq (what its view was built at).
   * Its command ids live apart from the host's ("s<seat>:<id>"). Answers the seat's seq after it.
   */
  seatCommand(
    id: string,
    /** Checks the phone's token with the table's lock held (a freed seat fails at once): its seat. */
    authorize: () => Promise<Seat>,
    body: { id: string; seq: number; command: Record<string, unknown> },
  ): Promise<{ seq: number }> {
    return this.observed("seat", () => this.phoneCommand(id, authorize, body));
  }

  private phoneCommand(
    id: string,
    authorize: () => Promise<Seat>,
    body: { id: string; seq: number; command: Record<string, unknown> },
  ): Promise<{ seq: number }> {
    return this.lock.run(id, async () => {
      const seat = await authorize();
      const loaded = await this.loadForCommand(id);
      if (!loaded) throw new HttpError(404, "not_found", "there is no such table");
      const commandId = `s${seat}:${body.id}`;
      const seatSeq = (t: LiveTable | null) => t?.seatSeqs[seat - 1] ?? 0;
      // Refused with the seat's view now (its own view only: the JSON its phone is pushed).
      const refuse = (t: LiveTable) =>
        stale(seatSeq(t), { view: JSON.parse(t.seatTexts[seat - 1]?.json ?? "null") });
      // A repeated command id gets the seat's seq now: looked up only where it can be (see hostCommand).
      const answered = async () =>
        (await this.store.findCommand(id, commandId)) ? { seq: seatSeq(this.live.get(id) ?? loaded) } : null;
      const type = body.command.type;
      // A line of speech is judged by the rules as they stand when it arrives, not by the view it
      // was typed against: in the discussion every line moves every seat's seq.
      const behind = (t: LiveTable) => type !== "speak" && body.seq !== seatSeq(t);
      return this.decided(loaded, answered, async (table) => {
        if (behind(table)) {
          const first = await answered();
          if (first) return first;
        }
        if (typeof type !== "string" || !seatMaySend(type)) {
          throw new HttpError(403, "forbidden", `a seat may not send ${String(type)}: only the host may`);
        }
        if (behind(table)) throw refuse(table);
        const command = { ...body.command, actor: seat, at: Date.now() } as Command;
        await this.apply(table, commandId, command, async (fresh) => refuse(fresh ?? table));
        return { seq: seatSeq(this.live.get(id) ?? null) };
      });
    });
  }

  /** Decides, stores, then updates the live table and tells the listeners (caller holds the lock). */
  private async apply(
    table: LiveTable,
    commandId: string,
    command: Command,
    /** The refusal when another writer took the seq first, from the table as now stored. */
    staleError: (fresh: LiveTable | null) => Promise<HttpError>,
  ): Promise<CommandAnswer> {
    const id = table.id;
    let result: ReturnType<typeof execute>;
    try {
      result = execute(table.state, command);
    } catch {
      throw new HttpError(422, "rule", "the command is malformed", { rule: "COMMAND" });
    }
    if (!result.ok) throw new HttpError(422, "rule", result.error.message, { rule: result.error.rule });
    const answer: CommandAnswer = { seq: table.seq + result.events.length, events: result.events };
    // The rating closes: the game's result is stored with these events, in the same transaction.
    const finished =
      phaseOf(result.state).kind === "closed" && phaseOf(table.state).kind !== "closed"
        ? gameResult([...(await this.events(id)), ...result.events])
        : null;
    let appended: Awaited<ReturnType<Store["append"]>>;
    try {
      appended = await this.store.append(
        id,
        table.seq,
        result.events,
        { id: commandId, answer },
        status(result.state),
        finished ?? undefined,
      );
    } catch (error) {
      // Whether it was stored is unknown: the next use reads what was stored after it (and pushes it).
      this.unsure.add(id);
      throw error;
    }
    if (!appended.ok) {
      // Another writer (another process sharing the database) got there first: its events are
      // read back and pushed to this process's subscribers like any change.
      const fresh = await this.catchUp(table);
      if (appended.conflict === "command") {
        const first = await this.store.findCommand(id, commandId);
        if (first) return first as CommandAnswer;
      }
      throw await staleError(fresh);
    }
    this.advance(table, result.events, appended.seq);
    for (const listener of this.appendListeners) listener(id, appended.seq);
    return { seq: appended.seq, events: answer.events };
  }

  /**
   * The table after `events`, which end at `seq` (stored by this process, or read back from the
   * store): the views are built, and the listeners told which changed (caller holds the lock).
   */
  private advance(table: LiveTable, events: readonly GameEvent[], seq: number): LiveTable {
    const { next, publicChanged, changedSeats } = afterEvents(table, events, seq);
    this.live.set(table.id, next);
    for (const listener of this.listeners) listener(next, publicChanged, changedSeats, table);
    return next;
  }

  /** Applies the events stored after the live table's seq (another process's), if any (caller holds the lock). */
  private async catchUp(table: LiveTable): Promise<LiveTable> {
    const stored = await this.store.readEvents(table.id, table.seq);
    this.unsure.delete(table.id);
    if (stored.length === 0) return table;
    return this.advance(
      table,
      stored.map((e) => e.event),
      (stored.at(-1) as { seq: number }).seq,
    );
  }

  /**
   * Another process stored the table's events up to `seq` (its signal, ../realtime/hub.ts): the
   * next command here reads them first.
   */
  advancedElsewhere(id: string, seq: number): void {
    if (seq > (this.announced.get(id) ?? 0)) this.announced.set(id, seq);
  }

  /**
   * The live table a command is decided on. With other processes it is read again only when one
   * announced a later seq: a signal still on its way costs nothing, as the append of a command
   * decided on a state gone by is refused by the store (its seq is taken) and a rule's refusal
   * is checked again on the table as stored (`decided`). Saves a read of the store per command.
   */
  private async loadForCommand(id: string): Promise<LiveTable | null> {
    const cached = this.live.get(id);
    if (!cached || !this.shared || this.unsure.has(id)) return this.load(id);
    return (this.announced.get(id) ?? 0) > cached.seq ? this.catchUp(cached) : cached;
  }

  /** Replays the stored events with the engine (caller holds the lock). */
  private async load(id: string): Promise<LiveTable | null> {
    const cached = this.live.get(id);
    if (cached) return this.shared || this.unsure.has(id) ? this.catchUp(cached) : cached;
    const row = await this.store.getTable(id);
    if (!row) return null;
    const stored = await this.store.readEvents(id);
    const first = stored[0];
    if (!first) return null;
    const opened = openTable(row, evolve(null, first.event), first.seq);
    const rest = stored.slice(1);
    const table =
      rest.length === 0
        ? opened
        : afterEvents(
            opened,
            rest.map((e) => e.event),
            (rest.at(-1) as { seq: number }).seq,
          ).next;
    this.live.set(id, table);
    for (const listener of this.loadListeners) listener(table);
    return table;
  }
}

/** A live table at its first stored event(s): its views built, each viewer's seq at 1. */
export function openTable(
  row: Pick<TableRow, "id" | "title" | "online" | "onlineSettings">,
  state: Game,
  seq: number,
): LiveTable {
  const views = new TableViews();
  return {
    id: row.id,
    title: row.title,
    online: row.online,
    onlineSettings: row.onlineSettings ?? null,
    state,
    seq,
    publicSeq: 1,
    publicText: views.spectator(state),
    seatTexts: views.seats(state),
    seatSeqs: ALL_SEATS.map(() => 1),
    views,
  };
}

/**
 * The live table after `events` (which end at `seq`), and which views changed. Each viewer's seq
 * counts its view's changes event by event, so it comes out the same whether the events were
 * applied live, read back from another process's appends, or replayed on load.
 */
export function afterEvents(
  table: LiveTable,
  events: readonly GameEvent[],
  seq: number,
): { next: LiveTable; publicChanged: boolean; changedSeats: Set<Seat> } {
  let state = table.state;
  let publicText = table.publicText;
  let publicSeq = table.publicSeq;
  const seatTexts = table.seatTexts.slice();
  const seatSeqs = table.seatSeqs.slice();
  const changedSeats = new Set<Seat>();
  for (const event of events) {
    state = evolve(state, event);
    const text = table.views.spectator(state);
    if (!sameText(text, publicText)) {
      publicText = text;
      publicSeq++;
    }
    for (const [i, seatText] of table.views.seats(state).entries()) {
      const held = seatTexts[i];
      if (held && sameText(seatText, held)) continue;
      seatTexts[i] = seatText;
      seatSeqs[i] = (seatSeqs[i] as number) + 1;
      changedSeats.add((i + 1) as Seat);
    }
  }
  const publicChanged = publicSeq !== table.publicSeq;
  return {
    next: { ...table, state, seq, publicSeq, publicText, seatTexts, seatSeqs },
    publicChanged,
    changedSeats,
  };
}

/** The online settings a new table is made with, checked (422 bad_setting), as stored: only those given. */
function onlineSettingsJson(body: NewTableBody): string | null {
  if (body.onlineSettings === undefined) return null;
  if (body.online !== true)
    throw new HttpError(422, "bad_setting", "onlineSettings are for an online table (online: true)", {
      setting: "onlineSettings",
    });
  onlineSettingsOf(body.onlineSettings, ONLINE_DEFAULTS);
  return JSON.stringify(body.onlineSettings);
}

function setupOk(game: ReturnType<typeof createGame>): Extract<ReturnType<typeof createGame>, { ok: true }> {
  if (game.ok) return game;
  throw new HttpError(422, "bad_setup", game.error.problems.join("; ") || game.error.message, {
    rule: game.error.rule,
  });
}

function stale(seq: number, now: Record<string, unknown>): HttpError {
  return new HttpError(409, "stale", `the table has moved on to seq ${seq}: reload and try again`, {
    seq,
    ...now,
  });
}

/**
 * The engine's command from the body: the host's session may act for any seat (it records the
 * players' choices), so the actor is taken as given ("host" when absent) and checked by the engine.
 * The time is the server's unless the client sent its own (an offline console catching up); the
 * engine checks both.
 */
function toCommand(body: CommandBody): Command {
  const raw = body.command as Record<string, unknown>;
  const actor = raw.actor === undefined ? "host" : raw.actor;
  const at = raw.at === undefined ? Date.now() : raw.at;
  return { ...raw, actor, at } as Command;
}
