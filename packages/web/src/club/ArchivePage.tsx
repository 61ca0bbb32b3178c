// The archive (/games): finished games, newest first, filtered by dates, host, player and winner.
// The filters live in the address (?from=&until=&host=&player=&winner=), so a filtered archive is a
// link; each row opens the game's page; the whole archive exports as CSV or as records. The server
// answers a page at a time (newest first): "More games" asks for the next and adds it below.

import type { HostInfo } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import { type ArchivedGame, clubLinks, type GameFilters } from "../api/club.js";
import { navigate } from "../app/router.js";
import { ErrorLine, errorText, Link, Loading } from "../app/ui.js";
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
  const more = useMorePages(filters, key, games.value?.next ?? null);
  const shown = games.value ? [...games.value.games, ...more.games] : [];
  // The host filter offers every account that hosted a finished game (the server lists them).
  const hosts = games.value?.hosts ?? [];
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
      <ArchiveFilters filters={filters} hosts={hosts} players={shown} onApply={apply} />
      <ErrorLine text={games.error} />
      {!games.value && !games.error && <Loading />}
      {games.value?.games.length === 0 && <p>{t("club.archive.empty")}</p>}
      {shown.length > 0 && (
        <div class="table-scroll">
          <table class="data archive-table">
            <caption class="visually-hidden">{t("club.archive.caption", { n: shown.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("club.archive.date")}</th>
                <th scope="col">{t("club.archive.game")}</th>
                <th scope="col">{t("club.archive.host")}</th>
                <th scope="col">{t("club.archive.winner")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((g) => (
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
      <ErrorLine text={more.error} />
      {more.next && (
        <button type="button" class="secondary" disabled={more.loading} onClick={more.load}>
          {more.loading ? t("club.archive.loading") : t("club.archive.more")}
        </button>
      )}
    </section>
  );
}

/** The pages after the first: each "more" asks for the one after the last shown (its cursor). */
function useMorePages(filters: GameFilters, key: string, first: string | null) {
  const [games, setGames] = useState<readonly ArchivedGame[]>([]);
  const [next, setNext] = useState<string | null>(first);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // New filters (or the first page arriving): start again from the first page's cursor.
  useEffect(() => {
    setGames([]);
    setNext(first);
    setError(null);
  }, [key, first]);
  const load = () => {
    if (!next || loading) return;
    setLoading(true);
    void clubApi.games(filters, next).then((answer) => {
      setLoading(false);
      if (!answer.ok) return setError(errorText(answer.error));
      setGames((had) => [...had, ...answer.value.games]);
      setNext(answer.value.next);
    });
  };
  return { games, next, loading, error, load };
}
