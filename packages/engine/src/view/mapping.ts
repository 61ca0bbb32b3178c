// The views' copies of the state's records, field by field: a view holds no reference into the
// state, and a field added to the state reaches no viewer until it is written here.

import type { Settings } from "../settings.js";
import type { Ballot, LiftAnswer, NightChoice, NightOutcome, Rating, Speech, Voting } from "../state.js";

const ballot = (b: Ballot): Ballot => ({ voter: b.voter, target: b.target });
const answer = (a: LiftAnswer): LiftAnswer => ({ voter: a.voter, yes: a.yes });
const count = (x: { readonly seat: number; readonly votes: number }) => ({ seat: x.seat, votes: x.votes });

export const ballotsView = (ballots: readonly Ballot[]): Ballot[] => ballots.map(ballot);
export const answersView = (answers: readonly LiftAnswer[]): LiftAnswer[] => answers.map(answer);

/** DAY-3…6: a finished voting, public once it is over. */
export function votingView(v: Voting): Voting {
  return {
    day: v.day,
    round: v.round,
    starter: v.starter,
    ballots: v.ballots.map(ballot),
    answers: v.answers.map(answer),
    foulVotes: v.foulVotes.map(count),
    tally: v.tally.map(count),
    eliminated: [...v.eliminated],
    tied: [...v.tied],
  };
}

export function speechView(s: Speech): Speech {
  return { seat: s.seat, text: s.text, at: s.at, when: s.when && { kind: s.when.kind, n: s.when.n } };
}

/** RATE-1…6: the rating as it stands (public to the table). */
export function ratingView(r: Rating): Rating {
  return {
    candidates: r.candidates.map((c) => ({ seat: c.seat, by: c.by })),
    votes: r.votes.map((v) => ({ voter: v.voter, candidate: v.candidate })),
    points: [...r.points],
    bonuses: r.bonuses.map((b) => ({ seat: b.seat, points: b.points })),
    contests: r.contests.map((c) => ({
      seat: c.seat,
      points: c.points,
      support: [...c.support],
      passed: c.passed,
    })),
  };
}

/** The host's record of a night's choices (never a player's). */
export const choiceView = (c: NightChoice): NightChoice => ({ role: c.role, seat: c.seat, target: c.target });

export function outcomeView(o: NightOutcome): NightOutcome {
  return {
    freeze: o.freeze,
    heal: o.heal,
    shots: o.shots.map((s) => ({ by: s.by, target: s.target })),
    deaths: [...o.deaths],
    noteRead: o.noteRead,
  };
}

/** The rules settings, every one by name. */
export function settingsView(s: Settings): Settings {
  return {
    firstPhase: s.firstPhase,
    firstNightActions: s.firstNightActions,
    prostituteKnowsMafia: s.prostituteKnowsMafia,
    blackWinsAtParity: s.blackWinsAtParity,
    drawAfterQuietPhases: s.drawAfterQuietPhases,
    discussionSeconds: [...s.discussionSeconds],
    speechSeconds: s.speechSeconds,
    lastWordSeconds: s.lastWordSeconds,
    splitSpeechSeconds: s.splitSpeechSeconds,
    tieRule: s.tieRule,
    repeatLimitScope: s.repeatLimitScope,
    revealNightVictims: s.revealNightVictims,
    frozenDonStopsShot: s.frozenDonStopsShot,
    hostBonusPlayers: s.hostBonusPlayers,
  };
}
