// The day's vote in turn (DAY-3…6): NOW who votes, one tap records one vote, the running tally with
// foul votes apart (FOUL-3), the re-vote among the tied and the lift-all yes/no appear by themselves.

import type { Action, View } from "@misto/engine";
import { t } from "../i18n/index.js";
import { isRevote, seatOf } from "./steps.js";
import { liftCount, tallyOf, votersAfter } from "./tally.js";

export function VotingPanel(props: { view: View; send: (a: Action) => boolean }) {
  const { view } = props;
  const p = view.phase;
  const voter = p.current;
  const lift = p.step === "liftAll";
  const heading = lift
    ? t("vote.liftAll", { list: p.candidates.join(", ") })
    : isRevote(view)
      ? t("vote.revote", { list: p.candidates.join(", ") })
      : t("vote.vote");
  const after = votersAfter(view);
  return (
    <div class="voting-panel">
      <h2>{heading}</h2>
      {voter !== null && (
        <p class="now" aria-live="polite">
          {t("vote.nowVotes", { n: voter })}
          <span class="now-name"> {seatOf(view, voter).name}</span>
        </p>
      )}
      {after.length > 0 && <p class="queue">{t("day.next", { list: after.join(", ") })}</p>}
      {lift ? <LiftAll view={view} send={props.send} /> : <Targets view={view} send={props.send} />}
      {lift ? <LiftCount view={view} /> : <Tally view={view} />}
    </div>
  );
}

function Targets(props: { view: View; send: (a: Action) => boolean }) {
  const votes = props.view.actions.filter((a) => a.type === "vote");
  return (
    <fieldset class="seat-buttons plain">
      <legend class="sr-only">{t("vote.targets")}</legend>
      {votes.map((a) =>
        a.type === "vote" ? (
          <button
            key={a.target}
            type="button"
            class="btn btn-seat"
            onClick={() => props.send(a)}
            aria-label={t("menu.voteFor", { voter: a.voter, seat: a.target })}
          >
            {a.target}
          </button>
        ) : null,
      )}
    </fieldset>
  );
}

function LiftAll(props: { view: View; send: (a: Action) => boolean }) {
  const voter = props.view.phase.current;
  if (voter === null) return null;
  return (
    <div class="yes-no">
      <button
        type="button"
        class="btn btn-big btn-accent"
        onClick={() => props.send({ actor: "host", type: "liftVote", voter, yes: true })}
      >
        {t("vote.liftYes")}
      </button>
      <button
        type="button"
        class="btn btn-big"
        onClick={() => props.send({ actor: "host", type: "liftVote", voter, yes: false })}
      >
        {t("vote.liftNo")}
      </button>
    </div>
  );
}

function Tally(props: { view: View }) {
  const rows = tallyOf(props.view);
  if (rows.length === 0) return <p class="hint">{t("vote.noVotesYet")}</p>;
  return (
    <table class="tally">
      <caption>{t("vote.tally")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("vote.seat")}</th>
          <th scope="col">{t("vote.ballots")}</th>
          <th scope="col">{t("vote.foulVotes")}</th>
          <th scope="col">{t("vote.total")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.seat} class={r.void ? "void" : undefined}>
            <th scope="row">{r.seat}</th>
            <td>
              {r.voters.length} <small>({r.voters.join(", ") || "—"})</small>
            </td>
            <td class="foul-votes">{r.foulVotes > 0 ? `+${r.foulVotes}` : ""}</td>
            <td class="total">{r.void ? t("vote.void") : r.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LiftCount(props: { view: View }) {
  const c = liftCount(props.view);
  return (
    <p class="lift-count" role="status">
      {t("vote.liftCount", { yes: c.yes, no: c.no, needed: c.needed })}
    </p>
  );
}
