// The club's page: who wins (red, black, draw) season by season, how long games last, how players
// leave the game, and how often the commissar's note is read (NIGHT-12). Every chart has its table.

import type { ClubStats } from "../api/club.js";
import { ErrorLine, Loading } from "../app/ui.js";
import { type Language, t, tn } from "../i18n/index.js";
import { Bars, Figure } from "./Charts.js";
import { clubApi } from "./session.js";
import { useLoad } from "./useLoad.js";
import { eliminationBars, formatNumber, formatPercent, resultBars, seasonsInOrder, share } from "./view.js";

export function ClubPage(props: { lang: Language }) {
  const stats = useLoad(() => clubApi.clubStats(), "club");
  return (
    <section class="club-page">
      <h1>{t("club.stats.title")}</h1>
      <ErrorLine text={stats.error} />
      {!stats.value && !stats.error && <Loading />}
      {stats.value && <ClubFigures stats={stats.value} lang={props.lang} />}
    </section>
  );
}

const seasonName = (s: ClubStats["seasons"][number]) => s.season?.name ?? t("club.rating.allTime");

function ClubFigures(props: { stats: ClubStats; lang: Language }) {
  const { stats, lang } = props;
  const pct = (n: number) => formatPercent(n, lang);
  const num = (n: number) => formatNumber(n, lang, 1);
  const seasons = seasonsInOrder(stats.seasons);
  const causes = eliminationBars(stats.eliminations);
  const noteShare = share(stats.note.read, stats.note.games);
  return (
    <>
      <Figure
        id="wins-chart"
        title={t("club.stats.wins")}
        summary={seasons
          .map((s) => {
            const [red, black, draw] = resultBars(s).map((b) => pct(b.share));
            return tn("club.stats.winsSummary", s.games, {
              season: seasonName(s),
              red: red ?? "",
              black: black ?? "",
              draw: draw ?? "",
            });
          })
          .join("; ")}
        table={
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t("club.stats.season")}</th>
                <th scope="col" class="num">
                  {t("club.stats.games")}
                </th>
                <th scope="col" class="num">
                  {t("club.winner.red")}
                </th>
                <th scope="col" class="num">
                  {t("club.winner.black")}
                </th>
                <th scope="col" class="num">
                  {t("club.winner.draw")}
                </th>
              </tr>
            </thead>
            <tbody>
              {seasons.map((s) => (
                <tr key={s.season?.id ?? "all"}>
                  <th scope="row">{seasonName(s)}</th>
                  <td class="num">{s.games}</td>
                  {resultBars(s).map((b) => (
                    <td key={b.key} class="num">
                      {b.count} ({pct(b.share)})
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        {seasons.map((s) => (
          <div key={s.season?.id ?? "all"} class="season-bars">
            <p class="season-bars-name">
              {seasonName(s)} · {tn("club.stats.gamesCount", s.games)}
            </p>
            <Bars
              format={pct}
              bars={resultBars(s).map((b) => ({
                ...b,
                label: t(`club.winner.${b.key}`),
                class: `fill-${b.key}`,
              }))}
            />
          </div>
        ))}
      </Figure>

      <section class="club-section" aria-labelledby="length-title">
        <h2 id="length-title">{t("club.stats.length")}</h2>
        <dl class="totals">
          <div class="total">
            <dt>{t("club.stats.games")}</dt>
            <dd>{stats.length.games}</dd>
          </div>
          <div class="total">
            <dt>{t("club.stats.meanDays")}</dt>
            <dd>{num(stats.length.meanDays)}</dd>
          </div>
          <div class="total">
            <dt>{t("club.stats.meanNights")}</dt>
            <dd>{num(stats.length.meanNights)}</dd>
          </div>
          <div class="total">
            <dt>{t("club.stats.meanMinutes")}</dt>
            <dd>{formatNumber(stats.length.meanMinutes, lang, 0)}</dd>
          </div>
        </dl>
      </section>

      <Figure
        id="causes-chart"
        title={t("club.stats.causes")}
        summary={causes.map((c) => `${t(`club.cause.${c.key}`)}: ${c.count} (${pct(c.share)})`).join(", ")}
        table={
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t("club.stats.cause")}</th>
                <th scope="col" class="num">
                  {t("club.stats.count")}
                </th>
                <th scope="col" class="num">
                  {t("club.stats.share")}
                </th>
              </tr>
            </thead>
            <tbody>
              {causes.map((c) => (
                <tr key={c.key}>
                  <th scope="row">{t(`club.cause.${c.key}`)}</th>
                  <td class="num">{c.count}</td>
                  <td class="num">{pct(c.share)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <Bars
          format={pct}
          bars={causes.map((c) => ({ ...c, label: t(`club.cause.${c.key}`), class: "fill-accent" }))}
        />
      </Figure>

      <Figure
        id="note-chart"
        title={t("club.stats.note")}
        summary={tn("club.stats.noteSummary", stats.note.games, {
          read: stats.note.read,
          share: pct(noteShare),
        })}
        table={
          <table class="data">
            <tbody>
              <tr>
                <th scope="row">{t("club.stats.games")}</th>
                <td class="num">{stats.note.games}</td>
              </tr>
              <tr>
                <th scope="row">{t("club.stats.noteRead")}</th>
                <td class="num">
                  {stats.note.read} ({pct(noteShare)})
                </td>
              </tr>
            </tbody>
          </table>
        }
      >
        <Bars
          format={pct}
          bars={[
            {
              key: "read",
              label: t("club.stats.noteRead"),
              count: stats.note.read,
              share: noteShare,
              class: "fill-accent",
            },
          ]}
        />
      </Figure>
    </>
  );
}
