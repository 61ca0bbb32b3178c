// Round trips: a live game's events, written as a record and read back, replay to the same state.

import { readFileSync } from "node:fs";
import { createGame, type EventType, type GameState, SETTING_NAMES, stateOf } from "@misto/engine/testing";
import {
  EVENT_TYPES,
  parseRecord,
  RECORD_SCHEMA,
  readRecordJson,
  recordJson,
  recordSchemaJson,
  replayRecord,
  SETTINGS_SCHEMA,
  toRecord,
} from "@misto/record";
import { describe, expect, it } from "vitest";
import { Play, randomGame } from "./play.js";

const same = (a: GameState, b: GameState) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

/** Every engine event type: the compiler fails here when the engine adds one the schema lacks. */
const ENGINE_EVENT_TYPES: Record<EventType, true> = {
  created: true,
  redealt: true,
  advanced: true,
  chose: true,
  noted: true,
  voted: true,
  liftVoted: true,
  graveChosen: true,
  fouled: true,
  remarked: true,
  disqualified: true,
  spoke: true,
  undone: true,
  resultAnnounced: true,
  nominated: true,
  nominationsClosed: true,
  ratingVoted: true,
  splitSet: true,
  bonusGiven: true,
  contestOpened: true,
  contestVoted: true,
  ratingClosed: true,
};

describe("the record round trip", () => {
  it("HOST-3 a scripted game with fouls, a grave, an undo and the rating: toRecord → JSON → parseRecord → replayRecord", () => {
    const t = new Play();
    t.advance();
    t.do({ type: "remark", seat: 3, reason: "loud" });
    t.do({ type: "foul", seat: 4, reason: "nightTalk" });
    t.do({ type: "speak", seat: 9, text: "I am red, believe me" });
    t.toVoting();
    t.vote((voter) => (voter === 1 ? 2 : 1));
    t.do({ type: "grave", seat: 1, target: 12 });
    t.do({ type: "undo" });
    t.do({ type: "grave", seat: 1, target: 11 });
    t.endSpeeches("lastWords");
    t.finish().rate([5, 6]);
    const live = t.state;
    const record = toRecord(t.events, { title: "Table 2", host: "Natalka", club: "Misto" });
    const parsed = readRecordJson(JSON.stringify(record));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.record).toEqual(record);
    same(stateOf(replayRecord(parsed.record)), live);
  });

  it("SETUP-3 an unfinished game from a seed round-trips too (the record holds the state so far)", () => {
    const t = new Play({ seed: "round trip" });
    t.advance().toVoting();
    const parsed = readRecordJson(recordJson(t.record()));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    same(stateOf(replayRecord(parsed.record)), t.state);
  });

  it("SETUP-4 a redeal by seed and by hand round-trips", () => {
    const t = new Play({ seed: "first" });
    t.do({ type: "redeal", seed: "second" });
    t.do({ type: "redeal", cards: [...t.state.seats.map((s) => s.card)].reverse() });
    t.advance();
    const parsed = parseRecord(JSON.parse(recordJson(t.record())));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    same(stateOf(replayRecord(parsed.record)), t.state);
  });

  for (const seed of ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]) {
    it(`random game "${seed}": every event is accepted and the replay equals the live state`, () => {
      const settings = seed === "golf" ? { firstPhase: "night" as const, tieRule: "allTied" as const } : {};
      const t = randomGame(seed, { settings });
      const parsed = readRecordJson(recordJson(t.record()));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
      same(stateOf(replayRecord(parsed.record)), t.state);
    });
  }

  it("toRecord leaves out meta when none is given, and copies the events", () => {
    const made = createGame({
      seats: Array.from({ length: 12 }, (_, i) => ({ name: `P${i + 1}` })),
      deal: { seed: "x" },
      at: 0,
    });
    if (!made.ok) throw new Error(made.error.message);
    const events = [made.event];
    const record = toRecord(events);
    expect(record).toEqual({ format: "misto-record", version: 2, events: [made.event] });
    expect("meta" in record).toBe(false);
    expect(record.events).not.toBe(events);
  });
});

describe("the schema", () => {
  it("names every event type of the engine", () => {
    expect([...EVENT_TYPES].sort()).toEqual(Object.keys(ENGINE_EVENT_TYPES).sort());
  });

  it("names every setting of the engine, all required", () => {
    const props = Object.keys(SETTINGS_SCHEMA.properties as object).sort();
    expect(props).toEqual([...SETTING_NAMES].sort());
    expect([...(SETTINGS_SCHEMA.required as string[])].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it("is published as docs/record.schema.json, for tools outside Misto (`npm run schema` writes it)", () => {
    const file = new URL("../../../docs/record.schema.json", import.meta.url);
    // The text itself, not only its meaning: the committed file is exactly what the script writes.
    expect(readFileSync(file, "utf8"), "docs/record.schema.json is not current: npm run schema").toBe(
      recordSchemaJson(),
    );
  });

  it("is a draft-07 schema for format misto-record, version 2 (version 1 read and migrated)", () => {
    expect(RECORD_SCHEMA.$schema).toBe("http://json-schema.org/draft-07/schema#");
    const props = RECORD_SCHEMA.properties as Record<string, { const?: unknown; enum?: unknown }>;
    expect(props.format?.const).toBe("misto-record");
    expect(props.version?.enum).toEqual([1, 2]);
  });
});
