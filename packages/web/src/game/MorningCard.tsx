// The morning card (DAY-8, NIGHT-14, NIGHT-12): exactly what to announce, in order, large enough to
// read aloud: the city wakes, who died and their cards, then the commissar's note if it is read.

import type { NightReport } from "@misto/engine";
import { t } from "../i18n/index.js";

export function MorningCard(props: { report: NightReport; names: readonly string[] }) {
  const { report } = props;
  return (
    <article class="morning-card" aria-labelledby="morning-title">
      <h2 id="morning-title">{t("morning.title", { n: report.n })}</h2>
      <p class="say">{t("morning.cityWakes")}</p>
      {report.deaths.length === 0 ? (
        <p class="say say-big">{t("morning.nobodyDied")}</p>
      ) : (
        <>
          <p class="say">{t(report.deaths.length === 1 ? "morning.diedOne" : "morning.diedMany")}</p>
          <ul class="morning-deaths">
            {report.deaths.map((d) => (
              <li key={d.seat} class="say-big">
                {t("seat.n", { n: d.seat })} · {props.names[d.seat - 1]}
                {d.card && <span class={`card-tag card-${d.card}`}> — {t(`card.${d.card}`)}</span>}
              </li>
            ))}
          </ul>
          <p class="muted">{t("morning.silence")}</p>
        </>
      )}
      {report.note && (
        <p class="say say-note">
          {t("morning.note", {
            commissar: report.note.commissar,
            target: report.note.target,
            color: t(report.note.black ? "color.black" : "color.red"),
          })}
        </p>
      )}
    </article>
  );
}
