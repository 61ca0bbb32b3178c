// A player's page (/players/:id): his story in numbers and charts — totals, wins by team and by card,
// points per game, the skill rating's history, how he left games, and his games: the server sends
// the latest page of them; "Earlier games" asks for the page before and adds it (and its skill).

import { useState } from "preact/hooks";
import type { PersonStats } from "../api/club.js";
import { ErrorLine, errorText, Link, Loading } from "../app/ui.js";
import { type Language, t, tn } from "../i18n/index.js";
import { Figure, LineChart } from "./Charts.js";
import { PersonGames } from "./PersonGames.js";
import { CouncilBadge } from "./parts.js";
import { clubApi } from "./session.js";
import { useLoad } from "./useLoad.js";
import { cardRows, formatNumber, formatPercent, pointsSeries, share, skillSeries } from "./view.js";

export function PlayerPage(props: { id: string; lang: Language }) {
  const stats = useLoad(() => clubApi.person(props.id), `person:${props.id}`);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (stats.error) return <ErrorLine text={stats.error} />;
  if (!stats.value) return <Loading />;
  const shown = stats.value;
  const earlier = () => {
    if (!shown.before || loading) return;
    setLoading(true);
    void clubApi.person(props.id, shown.before).then((answer) => {
      setLoading(false);
      if (!answer.ok) return setError(errorText(answer.error));
      // The earlier page goes before the games shown, oldest first as the answer keeps them.
      stats.set({
        ...shown,
        before: answer.value.before,
        games: [...answer.value.games, ...shown.games],
        skill: [...answer.value.skill, ...shown.skill],
      });
    });
  };
  return (
    <>
      <PersonStory stats={shown} lang={props.lang} />
      <ErrorLine text={error} />
      {shown.before && (
        <p>
          <span class="help">{tn("club.person.latest", shown.games.length)}</span>{" "}
          <button type="button" class="secondary" disabled={loading} onClick={earlier}>
            {loading ? t("club.archive.loading") : t("club.person.earlier")}
          </button>
        </p>
      )}
    </>
  );
}

function PersonStory(props: { stats: PersonStats; lang: Language }) {
  const { stats, lang } = props;
  const { person, totals } = stats;
  const num = (n: number) => formatNumber(n, lang);
  const pct = (part: number, whole: number) => formatPercent(share(part, whole), lang);
  const kind = person.role === "admin" ? t("club.person.admin") : t(`club.person.${person.kind}`);
  return (
    <section class="club-page">
      <h1>
        {person.name} {person.council && <CouncilBadge />}
      </h1>
      <p class="help">
        {kind} · <Link href={`/people/${encodeURIComponent(person.id)}`}>{t("club.person.page")}</Link>
      </p>
      <dl class="totals">
        <Total label={t("club.person.games")} value={String(totals.games)} />
        <Total label={t("club.person.wins")} value={`${totals.wins} (${pct(totals.wins, totals.games)})`} />
        <Total label={t("club.person.points")} value={num(totals.points)} />
        <Total label={t("club.person.average")} value={num(totals.average)} />
        <Total label={t("club.person.votedOut")} value={String(stats.votedOut)} />
        <Total label={t("club.person.shotAtNight")} value={String(stats.shotAtNight)} />
      </dl>

      <div class="club-grid">
        <section class="club-section" aria-labelledby="by-team">
          <h2 id="by-team">{t("club.person.byTeam")}</h2>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t("club.person.team")}</th>
                <th scope="col" class="num">
                  {t("club.person.games")}
                </th>
                <th scope="col" class="num">
                  {t("club.person.wins")}
                </th>
              </tr>
            </thead>
            <tbody>
              {(["red", "black"] as const).map((team) => (
                <tr key={team}>
                  <th scope="row" class={`team-${team}`}>
                    {t(`club.team.${team}`)}
                  </th>
                  <td class="num">{stats.byTeam[team].games}</td>
                  <td class="num">
                    {stats.byTeam[team].wins} ({pct(stats.byTeam[team].wins, stats.byTeam[team].games)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section class="club-section" aria-labelledby="by-card">
          <h2 id="by-card">{t("club.person.byCard")}</h2>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t("club.person.card")}</th>
                <th scope="col" class="num">
                  {t("club.person.received")}
                </th>
                <th scope="col" class="num">
                  {t("club.person.wins")}
                </th>
              </tr>
            </thead>
            <tbody>
              {cardRows(stats.byCard).map((row) => (
                <tr key={row.card}>
                  <th scope="row">{t(`card.${row.card}`)}</th>
                  <td class="num">{row.games}</td>
                  <td class="num">
                    {row.wins} ({pct(row.wins, row.games)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      {stats.games.length > 0 && <PointsChart stats={stats} lang={lang} />}
      {stats.skill.length > 0 && <SkillChart stats={stats} lang={lang} />}
      <PersonGames games={stats.games} lang={lang} />
    </section>
  );
}

function Total(props: { label: string; value: string }) {
  return (
    <div class="total">
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  );
}

function PointsChart(props: { stats: PersonStats; lang: Language }) {
  const { points, average } = pointsSeries(props.stats.games);
  const num = (n: number) => formatNumber(n, props.lang);
  const last = average[average.length - 1]?.y ?? 0;
  return (
    <Figure
      id="points-chart"
      title={t("club.person.pointsChart")}
      summary={tn("club.person.pointsSummary", points.length, { average: num(last) })}
      table={
        <table class="data">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t("club.person.game")}</th>
              <th scope="col" class="num">
                {t("club.person.points")}
              </th>
              <th scope="col" class="num">
                {t("club.person.average")}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={p.x}>
                <td class="num">{p.x}</td>
                <td>{p.label}</td>
                <td class="num">{num(p.y)}</td>
                <td class="num">{num(average[i]?.y ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <LineChart
        format={num}
        lines={[
          { name: "points", points, class: "chart-line-a" },
          { name: "average", points: average, class: "chart-line-b" },
        ]}
      />
      <Legend items={[t("club.person.points"), t("club.person.average")]} />
    </Figure>
  );
}

function SkillChart(props: { stats: PersonStats; lang: Language }) {
  const series = skillSeries(props.stats.skill);
  const num = (n: number) => formatNumber(n, props.lang, 1);
  const last = props.stats.skill[props.stats.skill.length - 1];
  return (
    <Figure
      id="skill-chart"
      title={t("club.person.skillChart")}
      summary={tn("club.person.skillSummary", series.ordinal.length, {
        skill: num(last?.ordinal ?? 0),
      })}
      table={
        <table class="data">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col" class="num">
                {t("club.person.skill")}
              </th>
              <th scope="col" class="num">
                μ
              </th>
              <th scope="col" class="num">
                σ
              </th>
            </tr>
          </thead>
          <tbody>
            {props.stats.skill.map((s, i) => (
              <tr key={s.table}>
                <td class="num">{i + 1}</td>
                <td class="num">{num(s.ordinal)}</td>
                <td class="num">{num(s.mu)}</td>
                <td class="num">{num(s.sigma)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <LineChart
        format={num}
        band={{ low: series.low, high: series.high }}
        lines={[
          { name: "ordinal", points: series.ordinal, class: "chart-line-a" },
          { name: "mu", points: series.mu, class: "chart-line-b" },
        ]}
      />
      <Legend items={[t("club.person.skill"), t("club.person.skillEstimate")]} />
      <p class="help">{t("club.person.skillHelp")}</p>
    </Figure>
  );
}

function Legend(props: { items: readonly string[] }) {
  return (
    <ul class="legend">
      {props.items.map((item, i) => (
        <li key={item}>
          <span class={`legend-mark chart-line-${i === 0 ? "a" : "b"}`} />
          {item}
        </li>
      ))}
    </ul>
  );
}
