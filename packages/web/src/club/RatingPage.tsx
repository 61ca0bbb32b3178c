// The rating (RATE-*): the season picker, the table of places, the CSV export, and for the
// administration the seasons themselves. Skill stands beside points in its own column: it is an
// estimate from wins and losses, never part of the points.

import type { HostInfo } from "@misto/protocol";
import { clubLinks, query, type Season } from "../api/club.js";
import { navigate } from "../app/router.js";
import { ErrorLine, Link, Loading } from "../app/ui.js";
import { type Language, t } from "../i18n/index.js";
import { CouncilBadge } from "./parts.js";
import { SeasonsAdmin } from "./SeasonsAdmin.js";
import { clubApi } from "./session.js";
import { useLoad } from "./useLoad.js";
import { formatDate, formatNumber } from "./view.js";

export function RatingPage(props: {
  season: string | null;
  me: HostInfo | null | undefined;
  lang: Language;
}) {
  const { season, lang } = props;
  const seasons = useLoad(() => clubApi.seasons(), "seasons");
  const rating = useLoad(() => clubApi.rating(season), `rating:${season ?? ""}`);
  const pick = (id: string) => navigate(`/rating${query({ season: id })}`);
  const list: readonly Season[] = seasons.value?.seasons ?? [];
  const rows = rating.value?.rows ?? null;

  return (
    <section class="club-page">
      <div class="page-head">
        <h1>{t("club.rating.title")}</h1>
        <a class="button secondary" href={clubLinks.ratingCsv(season)} download>
          {t("club.rating.csv")}
        </a>
      </div>
      <div class="field season-pick">
        <label for="season">{t("club.rating.season")}</label>
        {/* Options mark themselves selected: the seasons arrive after the address names one. */}
        <select id="season" onChange={(e) => pick(e.currentTarget.value)}>
          <option value="" selected={season === null}>
            {t("club.rating.allTime")}
          </option>
          {list.map((s) => (
            <option key={s.id} value={s.id} selected={s.id === season}>
              {`${s.name} (${formatDate(s.from, lang)} – ${formatDate(s.until, lang)})`}
            </option>
          ))}
        </select>
      </div>
      <ErrorLine text={rating.error ?? seasons.error} />
      {rows === null && !rating.error && <Loading />}
      {rows?.length === 0 && <p>{t("club.rating.empty")}</p>}
      {rows && rows.length > 0 && (
        <div class="table-scroll">
          <table class="data rating-table">
            <caption class="visually-hidden">
              {rating.value?.season ? rating.value.season.name : t("club.rating.allTime")}
            </caption>
            <thead>
              <tr>
                <th scope="col" class="num">
                  {t("club.rating.place")}
                </th>
                <th scope="col">{t("club.rating.player")}</th>
                <th scope="col" class="num">
                  {t("club.rating.points")}
                </th>
                <th scope="col" class="num">
                  {t("club.rating.games")}
                </th>
                <th scope="col" class="num">
                  {t("club.rating.average")}
                </th>
                <th scope="col" class="num">
                  {t("club.rating.wins")}
                </th>
                <th scope="col" class="num skill-col" aria-describedby="skill-note">
                  {t("club.rating.skill")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.person.id}>
                  <td class="num">{row.place}</td>
                  <th scope="row">
                    <Link href={`/players/${encodeURIComponent(row.person.id)}`}>{row.person.name}</Link>
                    {row.person.council && <CouncilBadge />}
                  </th>
                  <td class="num points">{row.points}</td>
                  <td class="num">{row.games}</td>
                  <td class="num">{formatNumber(row.average, lang)}</td>
                  <td class="num">{row.wins}</td>
                  <td class="num skill-col">{formatNumber(row.skill.ordinal, lang, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p id="skill-note" class="help">
        {t("club.rating.skillNote")}
      </p>
      {props.me?.role === "admin" && (
        <SeasonsAdmin seasons={list} lang={lang} onChange={() => seasons.reload()} />
      )}
    </section>
  );
}
