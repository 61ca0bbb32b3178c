// The standings as a table (a tournament's, and a night's): place, player, score and the
// tie-breaks' figures (docs/tournaments.md "Standings").

import type { StandingRow } from "@misto/protocol";
import { t } from "../i18n/index.js";

export function Standings(props: { rows: readonly StandingRow[]; title: string; final: boolean }) {
  return (
    <section class="night-card stack" aria-labelledby="standings">
      <h2 id="standings">{props.title}</h2>
      <div class="table-scroll">
        <table class="data standings">
          <thead>
            <tr>
              <th scope="col">{t("tournaments.col.place")}</th>
              <th scope="col">{t("tournaments.col.player")}</th>
              <th scope="col">{t("tournaments.col.score")}</th>
              <th scope="col">{t("tournaments.col.games")}</th>
              <th scope="col">{t("tournaments.col.wins")}</th>
              <th scope="col">{t("tournaments.col.points")}</th>
              <th scope="col">{t("tournaments.col.penalties")}</th>
              {props.final && <th scope="col">{t("tournaments.col.final")}</th>}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.person.id} data-person={r.person.id}>
                <td>{r.place}</td>
                <th scope="row">
                  {r.person.name}
                  {r.dropped && <small> ({t("tournaments.dropped")})</small>}
                </th>
                <td class="score">{r.score}</td>
                <td>{r.games}</td>
                <td>{r.wins}</td>
                <td>{r.ratingPoints}</td>
                <td>{r.penalties}</td>
                {props.final && <td>{r.final}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
