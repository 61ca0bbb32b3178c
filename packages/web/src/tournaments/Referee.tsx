// The chief referee's tools on a tournament's page: draw every round, deal each, seat the final,
// correct a seat's points in one of its games (with the reason), decide the objections.

import type { Decision, TournamentPage } from "@misto/protocol";
import { useState } from "preact/hooks";
import { Field } from "../app/ui.js";
import { t } from "../i18n/index.js";
import { tournamentsApi } from "./api.js";
import type { Shown } from "./TournamentPage.js";

export function Referee(props: { page: TournamentPage; shown: Shown }) {
  const { page, shown } = props;
  const id = page.tournament.id;
  const rounds = page.final ? [...page.rounds, page.final] : page.rounds;
  const undealt = rounds.filter((r) => !r.dealt);
  const canFinal =
    page.tournament.final !== "none" && !page.final && rounds.length > 0 && undealt.length === 0;
  return (
    <section class="night-card stack" aria-labelledby="referee">
      <h2 id="referee">{t("tournaments.referee")}</h2>
      <div class="night-row">
        {!rounds.some((r) => r.dealt) && (
          <button type="button" class="secondary" onClick={() => shown(tournamentsApi.draw(id))}>
            {t("tournaments.draw")}
          </button>
        )}
        {undealt[0] && (
          <button type="button" onClick={() => shown(tournamentsApi.deal(id, undealt[0]?.n ?? 1))}>
            {t("tournaments.deal", { n: undealt[0].n })}
          </button>
        )}
        {canFinal && (
          <button type="button" onClick={() => shown(tournamentsApi.final(id))}>
            {t("tournaments.seatFinal")}
          </button>
        )}
      </div>
      <Correction page={page} shown={shown} />
      <Objections page={page} shown={shown} />
    </section>
  );
}

function Correction(props: { page: TournamentPage; shown: Shown }) {
  const { page, shown } = props;
  const games = [...page.rounds, ...(page.final ? [page.final] : [])].flatMap((r) =>
    r.tables.flatMap((tb) => (tb.table ? [{ id: tb.table, label: `${r.n}.${tb.n}` }] : [])),
  );
  const [game, setGame] = useState("");
  const [seat, setSeat] = useState("1");
  const [points, setPoints] = useState("0");
  const [reason, setReason] = useState("");
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!game || !reason.trim()) return;
    await shown(
      tournamentsApi.correct(page.tournament.id, game, {
        seat: Number(seat),
        points: Number(points),
        reason: reason.trim(),
      }),
    );
    setReason("");
  };
  return (
    <form class="stack" onSubmit={submit} aria-labelledby="correct">
      <h3 id="correct">{t("tournaments.correct")}</h3>
      <div class="night-row">
        <Field id="correct-game" label={t("tournaments.correct.game")}>
          <select id="correct-game" value={game} onChange={(e) => setGame(e.currentTarget.value)}>
            <option value="">—</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="correct-seat" label={t("tournaments.correct.seat")}>
          <input
            id="correct-seat"
            type="number"
            min={1}
            max={12}
            value={seat}
            onInput={(e) => setSeat(e.currentTarget.value)}
          />
        </Field>
        <Field id="correct-points" label={t("tournaments.correct.points")}>
          <input
            id="correct-points"
            type="number"
            min={0}
            max={5}
            value={points}
            onInput={(e) => setPoints(e.currentTarget.value)}
          />
        </Field>
        <Field id="correct-reason" label={t("tournaments.correct.reason")}>
          <input
            id="correct-reason"
            maxLength={500}
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
        </Field>
        <button type="submit">{t("tournaments.correct.save")}</button>
      </div>
    </form>
  );
}

function Objections(props: { page: TournamentPage; shown: Shown }) {
  const { page } = props;
  return (
    <section class="stack" aria-labelledby="objections">
      <h3 id="objections">{t("tournaments.objections")}</h3>
      {page.objections.length === 0 && <p>{t("tournaments.objections.none")}</p>}
      <ul class="night-entries">
        {page.objections.map((o) => (
          <li key={o.id} class="stack">
            <p>
              <strong>{o.by.name}</strong>: {o.text}
            </p>
            {o.decision ? (
              <p class="decided">
                {t("tournaments.objection.decided", {
                  decision: o.decision.decision ? t(`tournaments.decided.${o.decision.decision}`) : "",
                  reason: o.decision.reason,
                })}
              </p>
            ) : (
              <Decide id={page.tournament.id} complaint={o.id} shown={props.shown} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Decide(props: { id: string; complaint: string; shown: Shown }) {
  const [decision, setDecision] = useState<Decision>("upheld");
  const [reason, setReason] = useState("");
  const field = `decide-${props.complaint}`;
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!reason.trim()) return;
    await props.shown(tournamentsApi.decide(props.id, props.complaint, { decision, reason: reason.trim() }));
  };
  return (
    <form class="night-row" onSubmit={submit}>
      <Field id={`${field}-decision`} label={t("tournaments.objection.decision")}>
        <select
          id={`${field}-decision`}
          value={decision}
          onChange={(e) => setDecision(e.currentTarget.value as Decision)}
        >
          <option value="upheld">{t("tournaments.objection.upheld")}</option>
          <option value="rejected">{t("tournaments.objection.rejected")}</option>
        </select>
      </Field>
      <Field id={`${field}-reason`} label={t("tournaments.objection.reason")}>
        <input
          id={`${field}-reason`}
          maxLength={2000}
          value={reason}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
      </Field>
      <button type="submit">{t("tournaments.objection.decide")}</button>
    </form>
  );
}
