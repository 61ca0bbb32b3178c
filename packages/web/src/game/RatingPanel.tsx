// The rating vote (RATE-1…7): nominations by the host and proposals by players, the vote in turn,
// the split of a tie, the host's bonus, contests, and the close. The engine enforces every limit;
// its refusals show in the console's error banner.

import type { Action, Actor, Seat, View } from "@misto/engine";
import { useState } from "preact/hooks";
import { t, tn } from "../i18n/index.js";
import { oneOf } from "../i18n/text.js";

/** The rating's steps, each with its title. */
const RATING_STEPS = ["nominations", "votes", "split", "review", "contest", "closed"] as const;

type Send = (a: Action) => boolean;

export function RatingPanel(props: { view: View; send: Send }) {
  const { view, send } = props;
  const rating = view.rating;
  if (!rating) return null;
  const step = view.phase.kind === "closed" ? "closed" : view.phase.step;
  const title = oneOf(RATING_STEPS, step) ? step : "closed";
  return (
    <section class="rating-panel" aria-labelledby="rating-title">
      <h2 id="rating-title">{t(`rating.step.${title}`)}</h2>
      {step === "nominations" && <Nominations view={view} send={send} />}
      {step === "votes" && <Votes view={view} send={send} />}
      {step === "split" && <Split key={view.phase.since} view={view} send={send} />}
      {step === "review" && <Review view={view} send={send} />}
      {step === "contest" && <ContestVote view={view} send={send} />}
      {rating.candidates.length > 0 && (
        <p>{t("rating.candidates", { list: rating.candidates.map((c) => c.seat).join(", ") })}</p>
      )}
      <Points view={view} />
    </section>
  );
}

const rated = (view: View) => view.seats.filter((s) => !s.admin).map((s) => s.seat);

function Nominations(props: { view: View; send: Send }) {
  const [by, setBy] = useState<Actor>("host");
  const taken = new Set(props.view.rating?.candidates.map((c) => c.seat));
  return (
    <>
      <label class="field">
        <span>{t("rating.proposedBy")}</span>
        <select
          value={String(by)}
          onChange={(e) => {
            const v = (e.currentTarget as HTMLSelectElement).value;
            setBy(v === "host" ? "host" : Number(v));
          }}
        >
          <option value="host">{t("rating.host")}</option>
          {rated(props.view).map((seat) => (
            <option key={seat} value={seat}>
              {t("seat.n", { n: seat })}
            </option>
          ))}
        </select>
      </label>
      <div class="seat-buttons">
        {rated(props.view).map((seat) => (
          <button
            key={seat}
            type="button"
            class={`btn btn-seat${taken.has(seat) ? " btn-on" : ""}`}
            aria-pressed={taken.has(seat)}
            disabled={taken.has(seat) || by === seat}
            aria-label={t("menu.nominate", { seat })}
            onClick={() => props.send({ actor: by, type: "nominate", candidate: seat })}
          >
            {seat}
          </button>
        ))}
      </div>
      <p class="hint">{t("rating.noneHint")}</p>
    </>
  );
}

function Votes(props: { view: View; send: Send }) {
  const voter = props.view.phase.current;
  const votes = props.view.actions.filter((a) => a.type === "ratingVote" && a.voter === voter);
  if (voter === null) return null;
  return (
    <>
      <p class="now">{t("vote.nowVotes", { n: voter })}</p>
      <div class="seat-buttons">
        {votes.map((a) =>
          a.type === "ratingVote" ? (
            <button
              key={String(a.candidate)}
              type="button"
              class="btn btn-seat"
              onClick={() => props.send(a)}
              aria-label={
                a.candidate === null
                  ? t("log.ratingAbstained", { voter: a.voter })
                  : t("menu.ratingVote", { voter: a.voter, seat: a.candidate })
              }
            >
              {a.candidate ?? t("rating.abstain")}
            </button>
          ) : null,
        )}
      </div>
    </>
  );
}

function Split(props: { view: View; send: Send }) {
  const tied = props.view.phase.candidates;
  const [points, setPoints] = useState<Record<number, number>>(() =>
    Object.fromEntries(tied.map((s) => [s, 2])),
  );
  return (
    <>
      <p class="hint">{t("rating.splitHint", { list: tied.join(", ") })}</p>
      {tied.map((seat) => (
        <fieldset key={seat} class="split-row plain">
          <legend>{t("seat.n", { n: seat })}</legend>
          {[1, 2, 3].map((p) => (
            <button
              key={p}
              type="button"
              class={`btn btn-seat${points[seat] === p ? " btn-on" : ""}`}
              aria-pressed={points[seat] === p}
              onClick={() => setPoints({ ...points, [seat]: p })}
            >
              {p}
            </button>
          ))}
        </fieldset>
      ))}
      <button
        type="button"
        class="btn btn-big btn-accent"
        onClick={() =>
          props.send({
            actor: "host",
            type: "split",
            points: tied.map((seat) => ({ seat, points: points[seat] ?? 2 })),
          })
        }
      >
        {t("rating.splitSet")}
      </button>
    </>
  );
}

function SeatSelect(props: { view: View; value: Seat; onChange: (seat: Seat) => void; label: string }) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <select
        value={props.value}
        onChange={(e) => props.onChange(Number((e.currentTarget as HTMLSelectElement).value))}
      >
        {rated(props.view).map((seat) => (
          <option key={seat} value={seat}>
            {t("seat.n", { n: seat })} · {props.view.seats[seat - 1]?.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Review(props: { view: View; send: Send }) {
  const first = rated(props.view)[0] ?? 1;
  const [bonusSeat, setBonusSeat] = useState<Seat>(first);
  const [contestSeat, setContestSeat] = useState<Seat>(first);
  const [contestPoints, setContestPoints] = useState(0);
  const limit = props.view.settings.hostBonusPlayers;
  return (
    <>
      <fieldset class="rating-box">
        <legend>{tn("rating.bonus", limit)}</legend>
        <SeatSelect view={props.view} value={bonusSeat} onChange={setBonusSeat} label={t("rating.seat")} />
        {[1, 2].map((points) => (
          <button
            key={points}
            type="button"
            class="btn"
            onClick={() => props.send({ actor: "host", type: "bonus", seat: bonusSeat, points })}
          >
            +{points}
          </button>
        ))}
      </fieldset>
      <fieldset class="rating-box">
        <legend>{t("rating.contest")}</legend>
        <SeatSelect
          view={props.view}
          value={contestSeat}
          onChange={setContestSeat}
          label={t("rating.seat")}
        />
        <label class="field">
          <span>{t("rating.contestPoints")}</span>
          <input
            type="number"
            min={0}
            max={5}
            value={contestPoints}
            onInput={(e) => setContestPoints(Number((e.currentTarget as HTMLInputElement).value))}
          />
        </label>
        <button
          type="button"
          class="btn"
          onClick={() =>
            props.send({ actor: "host", type: "contest", seat: contestSeat, points: contestPoints })
          }
        >
          {t("rating.contestOpen")}
        </button>
      </fieldset>
    </>
  );
}

function ContestVote(props: { view: View; send: Send }) {
  const voter = props.view.phase.current;
  if (voter === null) return null;
  const contest = props.view.phase.contest;
  return (
    <>
      {contest && (
        <p class="say">
          {tn("rating.contestOn", contest.points, {
            seat: contest.seat,
            support: contest.support.length,
          })}
        </p>
      )}
      <p class="now">{t("rating.contestNow", { n: voter })}</p>
      <div class="yes-no">
        <button
          type="button"
          class="btn btn-big btn-accent"
          onClick={() => props.send({ actor: "host", type: "contestVote", voter, support: true })}
        >
          {t("common.yes")}
        </button>
        <button
          type="button"
          class="btn btn-big"
          onClick={() => props.send({ actor: "host", type: "contestVote", voter, support: false })}
        >
          {t("common.no")}
        </button>
      </div>
    </>
  );
}

function Points(props: { view: View }) {
  const rating = props.view.rating;
  if (!rating) return null;
  const rows = rating.points.map((points, i) => ({ seat: i + 1, points })).filter((r) => r.points > 0);
  if (rows.length === 0) return <p class="hint">{t("rating.noPoints")}</p>;
  return (
    <table class="tally">
      <caption>{t("rating.points")}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.seat}>
            <th scope="row">
              {t("seat.n", { n: r.seat })} · {props.view.seats[r.seat - 1]?.name}
            </th>
            <td class="total">{r.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
