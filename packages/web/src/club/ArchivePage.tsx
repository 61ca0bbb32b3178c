// The archive (/games): finished games, newest first, filtered by dates, host, player and winner.
// The filters live in the address (?from=&until=&host=&player=&winner=), so a filtered archive is a
// link; each row opens the game's page; the whole archive exports as CSV or as records.

import type { HostInfo } from "@misto/protocol";
import { useMemo } from "preact/hooks";
import { type ArchivedGame, clubLinks, type GameFilters, type PersonRef } from "../api/club.js";
import { navigate } from "../app/router.js";
import { ErrorLine, Link, Loading } from "../app/ui.js";
import { type Language, t } from "../i18n/index.js";
import { ArchiveFilters } from "./ArchiveFilters.js";
import { filtersQuery, readFilters } from "./filters.js";
import { GameLink, WinnerMark } from "./parts.js";
import { clubApi } from "./session.js";
import { useLoad } from "./useLoad.js";
import { formatDate } from "./view.js";

export function ArchivePage(props: { search: string; me: HostInfo | null | undefined; lang: Language }) {
  const filters = readFilters(props.search);
  const key = filtersQuery(filters);
  const games = useLoad(() => clubApi.games(filters), `games:${key}`);
  // The host filter offers every host of the archive (an unfiltered list, asked once).
  const all = useLoad(() => clubApi.games({}), "games:all");
  const hosts = useMemo(() => uniqueHosts(all.value?.games ?? []), [all.value]);
  const apply = (next: GameFilters) => navigate(`/games${filtersQuery(next)}`);

  return (
    <section class="club-page">
      <div class="page-head">
        <h1>{t("club.archive.title")}</h1>
        <span class="head-links">
          <a class="button secondary" href={clubLinks.gamesCsv()} download>
            {t("club.archive.csv")}
          </a>
          <a class="button secondary" href={clubLinks.records()} download>
            {t("club.archive.records")}
          </a>
          {props.me?.role === "admin" && (
            <Link href="/games/import" class="button secondary">
              {t("club.import.title")}
            </Link>
          )}
        </span>
      </div>
      <ArchiveFilters filters={filters} hosts={hosts} players={all.value?.games ?? []} onApply={apply} />
      <ErrorLine text={games.error} />
      {!games.value && !games.error && <Loading />}
      {games.value?.games.length === 0 && <p>{t("club.archive.empty")}</p>}
      {games.value && games.value.games.length > 0 && (
        <div class="table-scroll">
          <table class="data archive-table">
            <caption class="visually-hidden">
              {t("club.archive.caption", { n: games.value.games.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("club.archive.date")}</th>
                <th scope="col">{t("club.archive.game")}</th>
                <th scope="col">{t("club.archive.host")}</th>
                <th scope="col">{t("club.archive.winner")}</th>
              </tr>
            </thead>
            <tbody>
              {games.value.games.map((g) => (
                <tr key={g.id}>
                  <td class="date">{formatDate(g.endedAt, props.lang)}</td>
                  <td>
                    <GameLink id={g.id} title={g.title} />
                    {g.online && <span class="badge">{t("club.archive.online")}</span>}
                  </td>
                  <td>{g.host.name}</td>
                  <td>
                    <WinnerMark winner={g.winner} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function uniqueHosts(games: readonly ArchivedGame[]): PersonRef[] {
  const seen = new Map<string, PersonRef>();
  for (const g of games) if (!seen.has(g.host.id)) seen.set(g.host.id, g.host);
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}
