// A tournament (`/tournaments/:id`): its standings (reloaded every few seconds: live as each game
// ends), the rounds' seating and the final, their print links; to its referee the draw, the deals, the final, a
// correction of a game's points and the objections to decide (docs/tournaments.md).

import type { RoundInfo, TournamentPage as Tournament } from "@misto/protocol";
import { useCallback, useEffect, useState } from "preact/hooks";
import type { Result } from "../api/client.js";
import { ErrorLine, errorText, Link, Loading } from "../app/ui.js";
import { t } from "../i18n/index.js";
import { printLinks } from "../nights/print.js";
import { tournamentsApi } from "./api.js";
import { Referee } from "./Referee.js";
import { Standings } from "./Standings.js";
import { summaryLine } from "./TournamentsPage.js";
import "../nights/nights.css";

/** How often the page reads the standings again. */
const LIVE_MS = 5000;

export type Shown = (call: Promise<Result<Tournament>>) => Promise<void>;

export function TournamentPage(props: { id: string }) {
  const [page, setPage] = useState<Tournament | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = useCallback<Shown>(async (call) => {
    const answer = await call;
    if (answer.ok) {
      setPage(answer.value);
      setError(null);
    } else setError(errorText(answer.error));
  }, []);
  useEffect(() => {
    void shown(tournamentsApi.tournament(props.id));
    const timer = setInterval(() => void shown(tournamentsApi.tournament(props.id)), LIVE_MS);
    return () => clearInterval(timer);
  }, [shown, props.id]);
  if (!page) return error ? <ErrorLine text={error} /> : <Loading />;
  return (
    <section class="stack">
      <h1>{page.tournament.title}</h1>
      <p>{summaryLine(page.tournament)}</p>
      <ErrorLine text={error} />
      <Standings rows={page.standings} title={t("tournaments.standings")} final={page.final !== null} />
      <p>
        <a href={printLinks.tournamentStandings(page.tournament.id)}>{t("print.standings")}</a>
      </p>
      {page.referee && <Referee page={page} shown={shown} />}
      {page.final && <Round id={page.tournament.id} round={page.final} title={t("tournaments.final")} />}
      {page.rounds.map((r) => (
        <Round key={r.n} id={page.tournament.id} round={r} title={t("tournaments.round", { n: r.n })} />
      ))}
    </section>
  );
}

function Round(props: { id: string; round: RoundInfo; title: string }) {
  const { round } = props;
  return (
    <section class="night-card stack" aria-labelledby={`round-${round.n}`}>
      <h2 id={`round-${round.n}`}>{props.title}</h2>
      <p>
        <a href={printLinks.tournamentSeating(props.id, round.n)}>{t("print.seating")}</a>
      </p>
      <div class="night-tables">
        {round.tables.map((table) => (
          <div key={table.n} class="night-table">
            <h3>
              {t("tournaments.table", { n: table.n })}
              {table.host && <small> · {t("tournaments.host", { name: table.host.name })}</small>}
            </h3>
            <ol>
              {table.seats.map((s) => (
                <li key={s.seat}>{s.person.name}</li>
              ))}
            </ol>
            {table.table && (
              <Link href={`/games/${encodeURIComponent(table.table)}`}>{t("tournaments.openTable")}</Link>
            )}
            {table.table && table.over && (
              <p>
                <a href={printLinks.protocol(table.table)}>{t("print.protocol")}</a>
              </p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
