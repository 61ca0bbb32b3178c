// The leak test (issue 4): whole games where every seat is a phone on a real WebSocket, plus two
// spectators, the host advancing over HTTP. Every message each socket received (reconnect
// snapshots included) is scanned against the game its view was built from (a viewer's seq counts
// its own view's changes, so it tells nothing of the night's events): a phone may
// hold no card it may not know and no other seat's night choice; a spectator no unrevealed card
// and no night choice. Phones also talk: in the city when their view lets them (speak), and, once
// out of the game, in the out chat (say), each out-chat line carrying a marker; no living seat and
// no spectator may receive a marker before the result is announced, in any message. The scan is
// also shown to catch planted leaks. The HTTP scan (issue 9) is leak-http.test.ts: two files, so
// the suite's two workers share the scans.

import {
  type Action,
  awaiting,
  evolve,
  type GameState,
  type Seat,
  seededRandom,
  type View,
  viewFor,
} from "@misto/engine/testing";
import type { ServerMessage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addHost,
  commandId,
  type Harness,
  harness,
  listening,
  newTable,
  send,
  setUpClub,
  tableState,
} from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import {
  gamesOfViews,
  hostCommand,
  leaksIn,
  mayKnowCard,
  OUT_MARK,
  outChatLeaksIn,
  pick,
  type Receiver,
} from "./helpers/leaks.js";
import { joinSeat, seatsOf, type ViewMsg } from "./helpers/phones.js";
import { type Client, Clients } from "./helpers/ws.js";

const GAMES = 5;
/** A game that has not ended after this many commands fails the test (bounded loop). */
const MAX_COMMANDS = 1500;

describe.each(BACKENDS)("leak test on $name", (backend) => {
  let h: Harness;
  let host: string;
  let url: string;
  const clients = new Clients();
  const open = () => clients.open(url);

  beforeAll(async () => {
    h = await harness(backend);
    host = await addHost(h, await setUpClub(h));
    url = await listening(h.app);
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  it(`plays ${GAMES} games with 12 phones and 2 spectators: no message leaks`, async () => {
    let scanned = 0;
    let snapshots = 0;
    let phoneCommands = 0;
    let repeats = 0;
    const talk = { outLines: 0, refusedLiving: 0, cityLines: 0, chatSnapshots: 0, markersRead: 0 };
    const allLeaks: string[] = [];
    let plantable: { receiver: Seat; log: ServerMessage[] } | null = null;
    let sample: { state: GameState; receiver: Seat; view: View } | null = null;

    for (let game = 0; game < GAMES; game++) {
      const seed = `leak-${backend.name}-${game}`;
      const random = seededRandom(`${seed}/driver`);
      const t = await newTable(h, host, { seed });
      const { code } = await seatsOf(h, host, t.id);
      /** Every message each receiver got, across its reconnects, in order. */
      const received = new Map<Receiver | "spectator2", ServerMessage[]>();
      /** Where each reconnect's snapshot starts in its seat's log. */
      const snapshotAt = new Map<Seat, Set<number>>();
      const phones = new Map<Seat, Client>();
      const tokens = new Map<Seat, string>();
      /** Each phone's latest view and its answers by command id, kept as they arrive (not searched for); each message wakes those waiting. */
      const latest = new Map<Seat, ViewMsg>();
      const answers = new Map<string, ServerMessage>();
      const waiting = new Set<() => void>();
      const heard = (seat: Seat, m: ServerMessage) => {
        if (m.type === "view") latest.set(seat, m);
        if (m.type === "ack" || m.type === "rejected") answers.set(`${seat} ${m.id}`, m);
        for (const wake of waiting) wake();
      };
      /** Until the next message to any phone, or `ms`. */
      const nextHeard = (ms: number) =>
        new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, ms);
          waiting.add(wake);
        });
      const connect = async (seat: Seat) => {
        const c = await open();
        const log = received.get(seat) ?? [];
        received.set(seat, log);
        const starts = snapshotAt.get(seat) ?? new Set<number>();
        starts.add(log.length);
        snapshotAt.set(seat, starts);
        c.onMessage((m) => {
          log.push(m);
          heard(seat, m);
        });
        c.send({ type: "subscribe", table: t.id, as: "seat", token: tokens.get(seat) });
        await c.next();
        phones.set(seat, c);
      };
      for (let seat = 1; seat <= 12; seat++) {
        tokens.set(seat, await joinSeat(h, code, seat));
        await connect(seat);
      }
      for (const name of ["spectator", "spectator2"] as const) {
        const c = await open();
        const log: ServerMessage[] = [];
        received.set(name, log);
        c.onMessage((m) => log.push(m));
        c.send({ type: "subscribe", table: t.id, as: "spectator" });
        await c.next();
      }

      const lastView = (seat: Seat) => latest.get(seat) ?? null;
      /** The phone's own answer to command `id` (bounded wait, woken by each answer that arrives). */
      const answerTo = async (seat: Seat, id: string) => {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const m = answers.get(`${seat} ${id}`);
          if (m) return m;
          if (Date.now() > deadline)
            throw new Error(
              `seat ${seat}: no answer to ${id}; state ${phones.get(seat)?.socket.readyState}; last: ${(received.get(seat) ?? []).slice(-8).map((m) => (m.type === "view" ? `view ${m.seq} ${m.view.phase.step}` : JSON.stringify(m)))}`,
            );
          await nextHeard(100);
        }
      };
      /** Each phone's send times: a phone keeps under the server's 20 messages a second, as the app does. */
      const sent = new Map<Seat, number[]>();
      /** How long the seat's phone must wait before it sends again (0: it may send now). */
      const waitOf = (seat: Seat) => {
        const tenth = sent.get(seat)?.at(-10);
        return tenth === undefined ? 0 : Math.max(0, tenth + 1020 - Date.now());
      };
      const pace = async (seat: Seat) => {
        const times = sent.get(seat) ?? [];
        sent.set(seat, times);
        const wait = waitOf(seat);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        times.push(Date.now());
        if (times.length > 10) times.shift();
      };
      /** The phone acts from its own latest view: a random pick from its own legal actions. */
      const phoneActs = async (seat: Seat): Promise<boolean> => {
        // Until its view offers an action (woken by each message, not polled), for 2 s at most.
        for (const deadline = Date.now() + 2000; Date.now() < deadline; ) {
          const last = lastView(seat);
          const actions = (last?.view.actions ?? []).filter((a: Action) => a.type !== "speak");
          if (last && actions.length > 0) {
            const action = pick(actions, random) as Action;
            const id = commandId();
            await pace(seat);
            phones.get(seat)?.send({
              type: "command",
              table: t.id,
              token: tokens.get(seat),
              id,
              seq: last.seq,
              command: action,
            });
            const answer = await answerTo(seat, id);
            phoneCommands++;
            if (answer.type === "ack") return true;
            repeats++;
          }
          await nextHeard(10);
        }
        return false;
      };

      /** A line (out chat) or a speech (city) from a phone, answered before the game goes on. */
      const phoneSays = async (seat: Seat, message: Record<string, unknown>) => {
        const id = commandId();
        await pace(seat);
        phones.get(seat)?.send({ ...message, table: t.id, token: tokens.get(seat), id });
        return answerTo(seat, id);
      };
      let lines = 0;
      /** Out chat lines written at this table (a reconnect expects them back, not another game's). */
      let outLinesHere = 0;
      /**
       * Now and then: an out seat writes in the out chat, a living one tries to, one may speak; each
       * a phone that may send now (waiting out a phone's pace was half the test's time).
       */
      const chatter = async (state: GameState) => {
        if (state.result?.announced || random() > 0.3) return;
        const free = (s: { seat: Seat }) => waitOf(s.seat) === 0;
        const out = state.seats.filter((s) => s.out?.announced === true && free(s)).map((s) => s.seat);
        const living = state.seats.filter((s) => s.out === null && free(s)).map((s) => s.seat);
        const writer = pick(out, random);
        if (writer !== undefined) {
          const text = `${OUT_MARK}${seed}-${++lines} seat ${writer} knows ${state.seats[writer - 1]?.card}`;
          const answer = await phoneSays(writer, { type: "say", text });
          if (answer.type !== "ack")
            throw new Error(`${seed}: seat ${writer}'s line refused: ${JSON.stringify(answer)}`);
          talk.outLines++;
          outLinesHere++;
        }
        const stranger = pick(living, random);
        if (stranger !== undefined) {
          const answer = await phoneSays(stranger, { type: "say", text: `${OUT_MARK}${seed}-living` });
          if (answer.type !== "rejected" || answer.error !== "not_out")
            throw new Error(`${seed}: a living seat's line was not refused`);
          talk.refusedLiving++;
        }
        // Any living seat that may speak (not the first each time: one phone would send most
        // lines and wait out its pace).
        const speaker = pick(
          living.filter((seat) => lastView(seat)?.view.you?.silenced === null),
          random,
        );
        if (speaker !== undefined) {
          const command = { type: "speak", seat: speaker, text: `city line ${seed}-${++lines}` };
          const answer = await phoneSays(speaker, { type: "command", seq: 0, command });
          if (answer.type === "ack") talk.cityLines++;
        }
      };

      let { state, seq } = await tableState(h, host, t.id);
      /** The game as stored now: the events after those seen, applied (not the whole table read and replayed twice a command). */
      const follow = async () => {
        for (const stored of await h.store.readEvents(t.id, seq)) {
          state = evolve(state, stored.event);
          seq = stored.seq;
        }
      };
      let reconnects = 0;
      let outReconnects = 0;
      let graveOffered = -1;
      for (let commands = 0; state.phase.kind !== "closed"; commands++) {
        if (commands >= MAX_COMMANDS) throw new Error(`${seed}: no end after ${MAX_COMMANDS} commands`);
        // Mid-night, a few phones drop and come back: each gets its whole view again.
        if (state.phase.kind === "night" && reconnects < 3 && random() < 0.3) {
          const seat = 1 + ((game + reconnects * 5) % 12);
          const c = phones.get(seat) as Client;
          c.close();
          await c.closed;
          await connect(seat);
          reconnects++;
          snapshots++;
        }
        // By day, an out seat drops and comes back: its view, then the whole out chat.
        const gone = state.seats.find((s) => s.out?.announced === true && outLinesHere > 0);
        if (state.phase.kind === "day" && gone && outReconnects < 2 && random() < 0.2) {
          const c = phones.get(gone.seat) as Client;
          c.close();
          await c.closed;
          const log = received.get(gone.seat) ?? [];
          const from = log.length;
          await connect(gone.seat);
          const deadline = Date.now() + 10_000;
          while (!log.slice(from).some((m) => m.type === "outChat") && Date.now() < deadline)
            await new Promise((r) => setTimeout(r, 10));
          const types = log.slice(from).map((m) => m.type);
          if (types[0] !== "view" || types[1] !== "outChat")
            throw new Error(`${seed}: seat ${gone.seat}'s reconnect got ${types.join(", ")}`);
          outReconnects++;
          talk.chatSnapshots++;
        }
        const actor = awaiting(state)[0];
        let acted = false;
        if (typeof actor === "number") {
          acted = await phoneActs(actor);
          if (!acted) throw new Error(`${seed}: seat ${actor} was awaited but its phone could not act`);
        } else if (state.phase.kind === "day" && state.phase.step.kind === "lastWords") {
          // The Don's grave choice (DON-1), from his phone, once per last word.
          const step = state.phase.step;
          const speaker = step.queue[step.index] as Seat;
          const key = state.phase.n * 100 + step.index;
          if (!step.graveDone && graveOffered !== key && state.seats[speaker - 1]?.card === "don") {
            graveOffered = key;
            await new Promise((r) => setTimeout(r, 20));
            if ((lastView(speaker)?.view.actions ?? []).some((a) => a.type === "grave"))
              acted = await phoneActs(speaker);
          }
        }
        if (!acted) {
          const res = await send(h, host, t.id, {
            id: commandId(),
            seq,
            command: hostCommand(state, random),
          });
          if (res.statusCode !== 200) throw new Error(`${seed}: host ${res.statusCode} ${res.body}`);
        }
        await follow();
        await chatter(state);
        await follow();
      }
      expect(state.result?.announced).toBe(true);
      await new Promise((r) => setTimeout(r, 100));

      // The game each view was built from, to judge each message by what stood then.
      const gameOf = gamesOfViews((await h.store.readEvents(t.id)).map((e) => e.event));
      for (const [who, log] of received) {
        const receiver: Receiver = who === "spectator2" ? "spectator" : who;
        for (const leak of outChatLeaksIn(receiver, log)) allLeaks.push(`${seed} ${String(who)} ${leak}`);
        const marked = log.filter((m) => m.type === "outChat" && JSON.stringify(m).includes(OUT_MARK));
        talk.markersRead += marked.length;
        scanned += log.filter((m) => m.type === "outChat").length;
        if (!plantable && typeof receiver === "number" && state.seats[receiver - 1]?.out === null)
          plantable = { receiver, log };
        let previous: string | null = null;
        for (const [index, m] of log.entries()) {
          if (m.type === "error") allLeaks.push(`${String(who)} got an error ${m.error}`);
          if (m.type !== "view") continue;
          const s = gameOf(receiver, m.seq);
          if (s === undefined) {
            allLeaks.push(`${seed} ${String(who)}: seq ${m.seq} is not a count of its own view's changes`);
            continue;
          }
          // The seq says only how often this viewer's own view changed: the view is exactly the k-th.
          if (JSON.stringify(m.view) !== JSON.stringify(viewFor(s, receiver)))
            allLeaks.push(`${seed} ${String(who)} @${m.seq}: not its view at its own change ${m.seq}`);
          for (const leak of leaksIn(s, receiver, m.view))
            allLeaks.push(`${seed} ${String(who)} @${m.seq}: ${leak}`);
          scanned++;
          // A living seat's: its view tells what the city's does not (its card, its choices).
          const living = typeof receiver === "number" && s.seats[receiver - 1]?.out === null;
          if (living && s.phase.kind === "night" && s.nights.length > 0 && !sample) {
            sample = { state: s, receiver, view: m.view };
          }
          // A phone is pushed only when its own view changed (reconnect snapshots may repeat).
          const json = JSON.stringify(m.view);
          const snapshot = typeof receiver === "number" && snapshotAt.get(receiver)?.has(index) === true;
          if (previous === json && !snapshot)
            allLeaks.push(`${seed} ${String(who)} @${m.seq}: a push without a change`);
          previous = json;
        }
      }
      for (const c of phones.values()) c.close();
    }

    expect(allLeaks.slice(0, 20)).toEqual([]);
    expect(allLeaks.length).toBe(0);
    expect(scanned).toBeGreaterThan(GAMES * 14 * 10);
    expect(snapshots).toBeGreaterThan(0);
    expect(phoneCommands).toBeGreaterThan(GAMES * 10);
    expect(talk.outLines).toBeGreaterThan(GAMES);
    expect(talk.refusedLiving).toBeGreaterThan(GAMES);
    expect(talk.cityLines).toBeGreaterThan(GAMES);
    expect(talk.chatSnapshots).toBeGreaterThan(0);
    expect(talk.markersRead).toBeGreaterThan(talk.outLines);
    console.log(
      `leak test (${backend.name}): ${GAMES} games, ${scanned} views and out-chat messages scanned, ${phoneCommands} phone commands (${repeats} refused and retried), ${snapshots} reconnects: 0 leaks; ${talk.outLines} out-chat lines, ${talk.refusedLiving} refused from the living, ${talk.cityLines} city lines, ${talk.chatSnapshots} out-chat reconnects`,
    );

    // Sanity: the out-chat scan catches a marker sent to a living seat, in any message.
    expect(plantable).not.toBeNull();
    const { receiver: alive, log: living } = plantable as unknown as { receiver: Seat; log: ServerMessage[] };
    const firstView = living.findIndex((m) => m.type === "view");
    const early = living.slice(0, firstView + 1);
    const marked = {
      type: "outChat",
      table: "t",
      full: false,
      lines: [{ n: 1, seat: 9, at: 0, text: `${OUT_MARK}x` }],
    };
    expect(outChatLeaksIn(alive, early)).toEqual([]);
    expect(outChatLeaksIn(alive, [...early, marked as ServerMessage])).toHaveLength(1);
    expect(outChatLeaksIn("spectator", [...early, marked as ServerMessage])).toHaveLength(1);
    expect(
      outChatLeaksIn(alive, [...early, { type: "error", error: "x", message: `${OUT_MARK}x` }]),
    ).toHaveLength(1);

    // Sanity: the scan catches planted leaks (another seat's hidden card, another's night choice, a host view).
    expect(sample).not.toBeNull();
    const { state, receiver, view } = sample as { state: GameState; receiver: Seat; view: View };
    expect(leaksIn(state, receiver, view)).toEqual([]);
    const hidden = state.seats.find((s) => !mayKnowCard(state, receiver, s.seat));
    expect(hidden).toBeDefined();
    const plantedCard = structuredClone(view) as unknown as {
      seats: { seat: number; card: string | null }[];
    };
    const row = plantedCard.seats.find((s) => s.seat === hidden?.seat);
    if (row) row.card = hidden?.card ?? null;
    expect(leaksIn(state, receiver, plantedCard as unknown as View).length).toBeGreaterThan(0);
    const other = state.nights[0]?.choices.find((c) => c.seat !== receiver);
    const plantedChoice = {
      ...view,
      nights: [
        {
          n: 1,
          deaths: [],
          note: null,
          choices: [other ?? { seat: receiver === 1 ? 2 : 1, role: "doctor", target: 3 }],
        },
      ],
    } as unknown as View;
    expect(leaksIn(state, receiver, plantedChoice).length).toBeGreaterThan(0);
    expect(
      leaksIn(state, "spectator", { ...view, viewer: "spectator", you: null } as View).length,
    ).toBeGreaterThan(0);
  }, 240_000);
});
