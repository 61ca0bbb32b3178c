// Import checks: a malformed record is refused with problems at JSON-pointer paths; a record whose
// events the engine would not produce is refused at the first such event, with the rule it breaks.

import { commandOf, type GameEvent, SETTING_NAMES } from "@misto/engine";
import { type GameRecord, parseRecord, type RecordProblem, readRecordJson, recordJson } from "@misto/record";
import { describe, expect, it } from "vitest";
import { Play } from "./play.js";

/** A short game: day 1 up to the end of its vote. */
function dayOne(): GameRecord {
  const t = new Play();
  t.advance().toVoting();
  t.vote((voter) => (voter === 7 ? 8 : 7));
  return t.record();
}

/** A deep copy of a record as plain JSON, with its events open to editing. */
function edit(record: GameRecord): {
  format: unknown;
  version: unknown;
  meta?: unknown;
  events: Record<string, unknown>[];
} {
  return JSON.parse(JSON.stringify(record));
}

function problemsOf(data: unknown): RecordProblem[] {
  const result = parseRecord(data);
  if (result.ok) throw new Error("the record was accepted");
  return result.problems;
}

const indexOf = (record: GameRecord, type: GameEvent["type"], nth = 0) => {
  let seen = 0;
  return record.events.findIndex((e) => e.type === type && seen++ === nth);
};

describe("parseRecord: the schema", () => {
  it("a well-formed record passes", () => {
    const result = parseRecord(JSON.parse(recordJson(dayOne())));
    expect(result.ok).toBe(true);
  });

  it("a wrong format and version are reported at /format and /version", () => {
    const data = { ...edit(dayOne()), format: "mafia-log", version: 3 };
    expect(problemsOf(data)).toEqual([
      { path: "/format", message: 'must be "misto-record"' },
      { path: "/version", message: "must be one of 1, 2" },
    ]);
  });

  it("SETUP-1 a seat number out of 1–12 is reported at its field", () => {
    const record = dayOne();
    const i = indexOf(record, "voted", 3);
    const data = edit(record);
    (data.events[i] as Record<string, unknown>).target = 13;
    expect(problemsOf(data)).toEqual([{ path: `/events/${i}/target`, message: "must be <= 12" }]);
  });

  it("a seat that is not a whole number is reported", () => {
    const data = edit(dayOne());
    const i = indexOf(dayOne(), "voted");
    (data.events[i] as Record<string, unknown>).voter = 2.5;
    expect(problemsOf(data)).toEqual([{ path: `/events/${i}/voter`, message: "must be integer" }]);
  });

  it("an unknown event type is reported at its type", () => {
    const data = edit(dayOne());
    data.events.splice(3, 0, { type: "teleported", at: 5, by: "host" });
    expect(problemsOf(data)).toEqual([
      { path: "/events/3/type", message: 'unknown event type "teleported"' },
    ]);
  });

  it("a missing field, an extra field and a bad actor are each reported", () => {
    const data = edit(dayOne());
    const i = indexOf(dayOne(), "voted");
    const event = data.events[i] as Record<string, unknown>;
    delete event.voter;
    event.weight = 2;
    event.by = "guest";
    expect(problemsOf(data)).toEqual(
      expect.arrayContaining([
        { path: `/events/${i}/voter`, message: "is required" },
        { path: `/events/${i}/weight`, message: "is not a field here" },
        { path: `/events/${i}/by`, message: 'must be "host"' },
      ]),
    );
  });

  it("FOUL-1 a foul's reason must be one of the reasons", () => {
    const t = new Play();
    t.advance().do({ type: "foul", seat: 3, reason: "arguing" });
    const data = edit(t.record());
    (data.events[2] as Record<string, unknown>).reason = "rudeness";
    const [problem] = problemsOf(data);
    expect(problem?.path).toBe("/events/2/reason");
    expect(problem?.message).toMatch(/^must be one of "arguing", "outOfTurn"/);
  });

  it("SETUP-1 a created event with eleven seats or an unknown setting is refused by the schema", () => {
    const data = edit(dayOne());
    const created = data.events[0] as { seats: unknown[]; settings: Record<string, unknown> };
    created.seats.pop();
    created.settings.nightLength = 60;
    expect(problemsOf(data)).toEqual([
      { path: "/events/0/settings/nightLength", message: expect.stringMatching(/^is not a setting/) },
      { path: "/events/0/seats", message: "must NOT have fewer than 12 items" },
    ]);
  });

  it("refuses a setting named after what every object inherits, or __proto__, listing the settings", () => {
    for (const key of [...Object.getOwnPropertyNames(Object.prototype), "prototype"]) {
      const text = recordJson(dayOne()).replace('"settings": {', `"settings": {${JSON.stringify(key)}: 1, `);
      const result = readRecordJson(text);
      expect(result.ok, key).toBe(false);
      if (result.ok) continue;
      expect(result.problems, key).toEqual([
        {
          path: `/events/0/settings/${key}`,
          message: `is not a setting (the settings: ${SETTING_NAMES.join(", ")})`,
        },
      ]);
    }
  });

  it("an unknown meta field, and a record with no events, are refused", () => {
    expect(problemsOf({ ...edit(dayOne()), meta: { date: "today" } })).toEqual([
      { path: "/meta/date", message: "is not a field here" },
    ]);
    expect(problemsOf({ format: "misto-record", version: 1, events: [] })).toEqual([
      { path: "/events", message: "must NOT have fewer than 1 items" },
    ]);
    expect(problemsOf(null)).toEqual([{ path: "", message: "must be object" }]);
  });
});

describe("parseRecord: the engine re-decides every event", () => {
  it("DAY-3 a vote out of turn is refused at its index with its rule", () => {
    const record = dayOne();
    const i = indexOf(record, "voted");
    const data = edit(record);
    data.events.splice(i, 1); // the first voter's ballot is lost: the next ballot is out of turn
    const problems = problemsOf(data);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe(`/events/${i}`);
    expect(problems[0]?.rule).toBe("DAY-3");
    expect(problems[0]?.message).toMatch(/^DAY-3 the vote is in turn: it is seat 2's turn/);
  });

  it("DAY-3 nobody votes for himself", () => {
    const record = dayOne();
    const i = indexOf(record, "voted");
    const data = edit(record);
    const event = data.events[i] as Record<string, unknown>;
    event.target = event.voter;
    expect(problemsOf(data)).toEqual([
      { path: `/events/${i}`, rule: "DAY-3", message: "DAY-3 nobody may vote for himself" },
    ]);
  });

  it("ACTOR a seat may not vote for another seat", () => {
    const record = dayOne();
    const i = indexOf(record, "voted");
    const data = edit(record);
    (data.events[i] as Record<string, unknown>).by = 9;
    const [problem] = problemsOf(data);
    expect(problem).toMatchObject({ path: `/events/${i}`, rule: "ACTOR" });
  });

  it("TEAM-1 an event after the end of the game is refused", () => {
    const t = new Play();
    t.advance().finish();
    const data = edit(t.record());
    const voter = t.state.seats.find((s) => s.out === null)?.seat as number;
    data.events.push({ type: "voted", at: 1, by: voter, voter, target: voter === 8 ? 9 : 8 });
    expect(problemsOf(data)).toEqual([
      {
        path: `/events/${data.events.length - 1}`,
        rule: "TEAM-1",
        message: "TEAM-1 the game is over: it accepts no further game actions",
      },
    ]);
  });

  it("a derived field the engine would record differently is refused", () => {
    const record = dayOne();
    const data = edit(record);
    (data.events[2] as Record<string, unknown>).from = "accusations"; // the second advance ends the discussion
    expect(problemsOf(data)).toEqual([
      {
        path: "/events/2",
        rule: "COMMAND",
        message:
          'COMMAND the engine records this step differently: "from" is "accusations" in the record, "discussion" by the engine',
      },
    ]);
  });

  it("NIGHT-12 a note where none is due is refused", () => {
    const data = edit(dayOne());
    data.events.push({ type: "noted", at: 1, by: 5, seat: 5, leave: true });
    const [problem] = problemsOf(data);
    expect(problem).toMatchObject({ path: `/events/${data.events.length - 1}`, rule: "NIGHT-12" });
  });

  it("the first event must be created, and only the first", () => {
    const data = edit(dayOne());
    const created = data.events[0] as Record<string, unknown>;
    expect(problemsOf({ ...data, events: data.events.slice(1) })[0]).toMatchObject({
      path: "/events/0/type",
      rule: "COMMAND",
    });
    expect(problemsOf({ ...data, events: [...data.events, created] })[0]).toMatchObject({
      path: `/events/${data.events.length}/type`,
    });
  });

  it("SETUP-2 a deal that is not the deck is refused", () => {
    const data = edit(dayOne());
    const cards = (data.events[0] as { cards: string[] }).cards;
    cards[11] = "mafia";
    expect(problemsOf(data)).toEqual([
      { path: "/events/0/cards", rule: "SETUP-2", message: "SETUP-2 mafia: 3 dealt, the deck has 2" },
      { path: "/events/0/cards", rule: "SETUP-2", message: "SETUP-2 civilian: 4 dealt, the deck has 5" },
    ]);
  });

  it("SETUP-3 cards that are not the seed's deal are refused", () => {
    const t = new Play({ seed: "honest" });
    const data = edit(t.record());
    const cards = (data.events[0] as { cards: string[] }).cards;
    [cards[0], cards[1]] = [cards[1] as string, cards[0] as string];
    if (cards[0] === cards[1]) [cards[0], cards[11]] = [cards[11] as string, cards[0] as string];
    expect(problemsOf(data)).toEqual([
      {
        path: "/events/0/cards",
        rule: "SETUP-3",
        message: 'SETUP-3 the cards are not the deal of seed "honest"',
      },
    ]);
  });

  it("SETUP-1 a name of blanks passes the schema but not createGame's check", () => {
    const data = edit(dayOne());
    (data.events[0] as { seats: { name: string }[] }).seats[4] = { name: "   " };
    expect(problemsOf(data)).toEqual([
      { path: "/events/0", rule: "SETUP-1", message: "SETUP-1 seat 5: a name is 1 to 60 characters" },
    ]);
  });

  it("commandOf turns each event back into the command that made it", () => {
    const record = dayOne();
    const vote = record.events[indexOf(record, "voted")];
    if (vote?.type !== "voted") throw new Error("no vote");
    expect(commandOf(vote)).toEqual({
      at: vote.at,
      actor: vote.by,
      type: "vote",
      voter: vote.voter,
      target: vote.target,
    });
    expect(commandOf({ type: "fouled", at: 3, by: "host", seat: 4, reason: "nightTalk", count: 2 })).toEqual({
      at: 3,
      actor: "host",
      type: "foul",
      seat: 4,
      reason: "nightTalk",
    });
  });
});

describe("readRecordJson", () => {
  it("truncated JSON is a problem at the root", () => {
    const text = recordJson(dayOne());
    const result = readRecordJson(text.slice(0, Math.floor(text.length / 2)));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.path).toBe("");
    expect(result.problems[0]?.message).toMatch(/^not valid JSON: /);
  });

  it("valid text is parsed and checked", () => {
    expect(readRecordJson(recordJson(dayOne())).ok).toBe(true);
    const result = readRecordJson('{"format":"misto-record"}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.path)).toEqual(["/version", "/events"]);
  });
});
