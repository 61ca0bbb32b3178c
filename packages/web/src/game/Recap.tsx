// The recap of the whole game (RATE-1) as a timeline: days and nights as a strip, each event an
// icon and a line, in the host's language.

import type { GameEvent } from "@misto/engine";
import { type RecapEntry, recap, recapSections } from "@misto/record/recap";
import { useMemo } from "preact/hooks";
import { t } from "../i18n/index.js";
import { phaseLabel, recapLine } from "./recapLines.js";

export function Recap(props: { events: readonly GameEvent[] }) {
  const entries = useMemo(
    () => recap({ format: "misto-record", version: 2, events: props.events }),
    [props.events],
  );
  return <RecapTimeline entries={entries} />;
}

/** The timeline of a recap already built (the club's game page gets it from the server). */
export function RecapTimeline(props: { entries: readonly RecapEntry[] }) {
  const sections = useMemo(() => recapSections(props.entries), [props.entries]);
  return (
    <section class="recap" aria-labelledby="recap-title">
      <h2 id="recap-title">{t("recap.title")}</h2>
      <nav class="recap-strip" aria-label={t("recap.strip")}>
        {sections.map((s, i) => (
          <a key={i} href={`#recap-${i}`} class={`strip-chip strip-${s.phase.kind}`}>
            {phaseLabel(s.phase, t)}
          </a>
        ))}
      </nav>
      <ol class="recap-sections">
        {sections.map((s, i) => (
          <li key={i} id={`recap-${i}`} class={`recap-section recap-${s.phase.kind}`}>
            <h3>{phaseLabel(s.phase, t)}</h3>
            <ul>
              {s.entries.map((entry, j) => {
                const line = recapLine(entry, t);
                return (
                  <li key={j} class={`recap-entry recap-${entry.kind}`}>
                    <span class="recap-icon" aria-hidden="true">
                      {line.icon}
                    </span>
                    <span>{line.text}</span>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
