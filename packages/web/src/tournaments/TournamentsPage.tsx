// The club's tournaments (`/tournaments`): each with its rounds, tables, players and chief referee.
// A host creates one with the form below the list (docs/tournaments.md).

import type { HostInfo, TournamentSummary } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import { ErrorLine, errorText, Link, Loading } from "../app/ui.js";
import { type Language, t } from "../i18n/index.js";
import { tournamentsApi } from "./api.js";
import { NewTournament } from "./NewTournament.js";
import "../nights/nights.css";

export const summaryLine = (s: TournamentSummary) =>
  t("tournaments.summary", { rounds: s.rounds, tables: s.tables, players: s.players, chief: s.chief.name });

export function TournamentsPage(props: { me: HostInfo; lang: Language }) {
  const [list, setList] = useState<TournamentSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void tournamentsApi.list().then((answer) => {
      if (answer.ok) setList(answer.value.tournaments);
      else setError(errorText(answer.error));
    });
  }, []);
  return (
    <section class="stack">
      <h1>{t("tournaments.title")}</h1>
      <ErrorLine text={error} />
      {list === null && !error && <Loading />}
      {list?.length === 0 && <p>{t("tournaments.none")}</p>}
      <ul class="night-list">
        {list?.map((s) => (
          <li key={s.id}>
            <Link href={`/tournaments/${encodeURIComponent(s.id)}`}>{s.title}</Link>{" "}
            <span>
              {new Intl.DateTimeFormat(props.lang, { dateStyle: "medium" }).format(new Date(s.startsAt))}
            </span>{" "}
            · <span>{summaryLine(s)}</span>
          </li>
        ))}
      </ul>
      {props.me.role !== "member" && <NewTournament me={props.me} />}
    </section>
  );
}
