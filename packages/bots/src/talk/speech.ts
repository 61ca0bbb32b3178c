// A bot's lines in the city: its claim, a doctor's heal, a suspicion, a defence, or nothing. The
// generator's only inputs are the seat's View and its voice (seed, language): the same view and
// voice give the same line, whatever the hidden cards of the other seats are.

import { type Random, type Seat, seededRandom, type View } from "@misto/engine";
import { pickOrNull } from "../bot.js";
import { formatClaims } from "../claims.js";
import { PHRASES, type Phrases, type TalkLanguage } from "./phrases.js";
import { dayBefore, type Reading, read } from "./reading.js";

/** Who speaks: the bot's own seed (its seat's in the game) and the table's language. */
export interface Voice {
  readonly seed: string;
  readonly language: TalkLanguage;
}

/** A fact a line states: the test of bot speech checks every one against the speaker's view. */
export type Said =
  /** The speaker's own check, as the commissar (or a Don's bluff: he claims the commissar). */
  | { readonly kind: "check"; readonly target: Seat; readonly black: boolean }
  /** The speaker's own heal, as the doctor, on a night nobody died. */
  | { readonly kind: "heal"; readonly night: number; readonly target: Seat }
  /** A public ballot. */
  | { readonly kind: "ballot"; readonly day: number; readonly voter: Seat; readonly target: Seat }
  /** A public night death. */
  | { readonly kind: "death"; readonly night: number; readonly seat: Seat }
  /** A claim made in the city by another seat. */
  | { readonly kind: "claim"; readonly by: Seat; readonly target: Seat; readonly black: boolean }
  /** The speaker says he is red (true for a red seat; a black seat's lie, by his own card). */
  | { readonly kind: "red" };

export interface Line {
  readonly text: string;
  readonly said: readonly Said[];
}

/** How likely a bot with something to say speaks up in the discussion (the rest keep quiet). */
const DISCUSSION_CHANCE = 0.5;
/** How likely the Don counter-claims the commissar when a claim names one of his mafiosi black. */
const BLUFF_CHANCE = 0.5;

/**
 * The line the seat says now, or null when it has nothing to say or may not speak: its accusation
 * or split speech (DAY-2, DAY-6), a commissar's last word (DAY-7), or one line a day in the
 * discussion (DAY-1).
 */
export function lineFor(view: View, voice: Voice): Line | null {
  const phase = view.phase;
  const r = read(view);
  if (r === null || phase.kind !== "day" || r.you.silenced !== null) return null;
  const random = seededRandom(`${voice.seed}/talk/${phase.n}/${phase.step}`);
  const words = PHRASES[voice.language];
  // The engine says whose floor it is and why (view.phase.floor).
  const floor = phase.floor;
  if (floor?.seat === r.me) {
    if (floor.why === "accusation" || floor.why === "splitSpeech") return accusation(view, r, words, random);
    // DAY-7: a commissar voted out leaves his checks to the city.
    if (floor.why === "lastWord" && r.you.card === "commissar" && r.you.checks.length > 0)
      return commissar(r, words, random);
    return null;
  }
  if (phase.step === "discussion" && r.saidToday === 0 && random() < DISCUSSION_CHANCE)
    return argue(view, r, words, random);
  return null;
}

/** DAY-2: the commissar claims; the Don may counter-claim; the doctor vouches; the others defend or accuse. */
function accusation(view: View, r: Reading, words: Phrases, random: Random): Line | null {
  if (r.you.card === "commissar" && r.you.checks.length > 0) return commissar(r, words, random);
  const bluff = r.you.card === "don" ? counterClaim(r, random) : null;
  if (bluff) return claim(bluff, words, random);
  return heal(r, words, random) ?? argue(view, r, words, random);
}

/** The commissar's claim of every check he made. */
function commissar(r: Reading, words: Phrases, random: Random): Line {
  return claim(
    r.you.checks.map((c) => ({ target: c.target, black: c.black })),
    words,
    random,
  );
}

/** The commissar's claim: a sentence for the city, and the claim grammar's lines for the bots. */
function claim(checks: readonly { target: Seat; black: boolean }[], words: Phrases, random: Random): Line {
  const sentences = [pick(words.commissar, random)];
  for (const c of checks) sentences.push(pick(c.black ? words.checkBlack : words.checkRed, random)(c.target));
  const said: Said[] = checks.map((c) => ({ kind: "check", target: c.target, black: c.black }));
  return { text: `${sentences.join(" ")}\n${formatClaims(checks)}`, said };
}

/**
 * The Don's bluff, decided on what he knows: a claim names one of his mafiosi black, so he claims
 * the commissar himself, that mafioso red and the claimer black. Once: not after his own claim.
 */
function counterClaim(r: Reading, random: Random): { target: Seat; black: boolean }[] | null {
  if (r.claims.some((c) => c.by === r.me)) return null;
  const hit = r.claims.find(
    (c) => c.black && r.allies.has(c.target) && !r.allies.has(c.by) && r.living.has(c.by),
  );
  if (!hit || random() >= BLUFF_CHANCE) return null;
  const checks = [{ target: hit.by, black: true }];
  if (hit.target !== r.me) checks.push({ target: hit.target, black: false });
  return checks;
}

/** NIGHT-6: the doctor tells whom he healed on a night nobody died (it vouches for that seat). */
function heal(r: Reading, words: Phrases, random: Random): Line | null {
  if (r.you.card !== "doctor" || r.quietNight === null) return null;
  const night = r.quietNight;
  const choice = r.you.choices.find((c) => c.night === night && c.role === "doctor");
  const target = choice?.target ?? null;
  if (target === null || target === r.me || !r.living.has(target)) return null;
  return { text: pick(words.heal, random)(target), said: [{ kind: "heal", night, target }] };
}

/**
 * A defence or a suspicion, from the strongest reason down: a claim against the speaker (he calls
 * the claimer a liar), a claim against another seat, a vote against a cleared seat, an accuser killed
 * the night after his vote, then a plain vote; black seats never point at their own.
 */
function argue(view: View, r: Reading, words: Phrases, random: Random): Line | null {
  const fair = (seat: Seat) => seat !== r.me && r.living.has(seat) && !r.allies.has(seat);
  const claimers = new Set(r.claims.map((c) => c.by));

  const against = r.claims.filter((c) => c.black && c.target === r.me && fair(c.by));
  const accuser = pickOrNull(against, random);
  if (accuser) {
    const said: Said[] = [{ kind: "red" }, { kind: "claim", ...accuser }];
    return { text: pick(words.liar, random)(accuser.by), said };
  }

  const named = r.claims.filter((c) => c.black && c.by !== r.me && fair(c.target) && !r.allies.has(c.by));
  const followed = pickOrNull(named, random);
  if (followed) {
    const said: Said[] = [{ kind: "claim", ...followed }];
    return { text: pick(words.claimedBlack, random)(followed.target, followed.by), said };
  }

  const cleared = new Set<Seat>();
  for (const c of r.claims) if (!c.black) cleared.add(c.target);
  for (const seat of claimers) cleared.add(seat);
  const intoCleared = r.ballots.filter(
    (b) => cleared.has(b.target) && fair(b.voter) && !claimers.has(b.voter) && !r.allies.has(b.target),
  );
  const odd = pickOrNull(intoCleared, random);
  if (odd) {
    const said: Said[] = [{ kind: "ballot", ...odd }];
    return { text: pick(words.votedCleared, random)(odd.voter, odd.target), said };
  }

  const killed: { ballot: (typeof r.ballots)[number]; night: number }[] = [];
  for (const d of r.deaths)
    for (const b of r.ballots)
      if (b.voter === d.seat && b.day === dayBefore(view, d.night) && fair(b.target))
        killed.push({ ballot: b, night: d.night });
  const revenge = pickOrNull(killed, random);
  if (revenge) {
    const { ballot, night } = revenge;
    const said: Said[] = [
      { kind: "ballot", ...ballot },
      { kind: "death", night, seat: ballot.voter },
    ];
    return { text: pick(words.accuserKilled, random)(ballot.target, ballot.voter), said };
  }

  // A vote against the speaker (or, for a black seat, against one of his own) is the last reason.
  const lastDay = r.ballots[r.ballots.length - 1]?.day;
  const mine = r.ballots.filter(
    (b) => b.day === lastDay && (b.target === r.me || r.allies.has(b.target)) && fair(b.voter),
  );
  const vote = pickOrNull(mine, random);
  if (vote && vote.target === r.me && random() < 0.5)
    return { text: pick(words.defence, random), said: [{ kind: "red" }, { kind: "ballot", ...vote }] };
  if (vote)
    return {
      text: pick(words.votedAgainst, random)(vote.voter, vote.target),
      said: [{ kind: "ballot", ...vote }],
    };
  return null;
}

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)] as T;
}
