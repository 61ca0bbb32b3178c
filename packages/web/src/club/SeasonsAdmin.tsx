// The administration's seasons: the list with a delete button each, and a new season's form.

import { useState } from "preact/hooks";
import type { Season } from "../api/club.js";
import { describedBy, ErrorLine, errorText, Field } from "../app/ui.js";
import { type Language, t } from "../i18n/index.js";
import { readSeason, type SeasonProblem } from "./forms.js";
import { clubApi } from "./session.js";
import { formatDate } from "./view.js";

export function SeasonsAdmin(props: { seasons: readonly Season[]; lang: Language; onChange: () => void }) {
  const [name, setName] = useState("");
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState("");
  const [problems, setProblems] = useState<SeasonProblem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (event: Event) => {
    event.preventDefault();
    const read = readSeason({ name, from, until });
    if (!read.ok) return setProblems(read.problems);
    setProblems([]);
    setBusy(true);
    const answer = await clubApi.createSeason(read.body);
    setBusy(false);
    if (!answer.ok) {
      return setError(answer.error.status === 409 ? t("club.seasons.overlap") : errorText(answer.error));
    }
    setError(null);
    setName("");
    setFrom("");
    setUntil("");
    props.onChange();
  };

  const remove = async (season: Season) => {
    if (!confirm(t("club.seasons.confirmDelete", { name: season.name }))) return;
    const answer = await clubApi.deleteSeason(season.id);
    if (answer.ok) props.onChange();
    else setError(errorText(answer.error));
  };

  const problem = (p: SeasonProblem) => (problems.includes(p) ? t(`club.seasons.problem.${p}`) : null);
  const untilProblem = problem("until") ?? problem("order");

  return (
    <section class="club-section" aria-labelledby="seasons-title">
      <h2 id="seasons-title">{t("club.seasons.title")}</h2>
      {props.seasons.length > 0 && (
        <ul class="plain-list">
          {props.seasons.map((s) => (
            <li key={s.id} class="season-row">
              <span>
                {s.name}: {formatDate(s.from, props.lang)} – {formatDate(s.until, props.lang)}
              </span>
              <button
                type="button"
                class="secondary"
                onClick={() => void remove(s)}
                aria-label={t("club.seasons.deleteNamed", { name: s.name })}
              >
                {t("club.seasons.delete")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="season-form" onSubmit={create} noValidate>
        <Field id="season-name" label={t("club.seasons.name")} problem={problem("name")}>
          <input
            id="season-name"
            value={name}
            maxLength={60}
            aria-describedby={describedBy("season-name", false, Boolean(problem("name")))}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </Field>
        <Field id="season-from" label={t("club.seasons.from")} problem={problem("from")}>
          <input
            id="season-from"
            type="date"
            value={from}
            aria-describedby={describedBy("season-from", false, Boolean(problem("from")))}
            onInput={(e) => setFrom(e.currentTarget.value)}
          />
        </Field>
        <Field id="season-until" label={t("club.seasons.until")} problem={untilProblem}>
          <input
            id="season-until"
            type="date"
            value={until}
            aria-describedby={describedBy("season-until", false, Boolean(untilProblem))}
            onInput={(e) => setUntil(e.currentTarget.value)}
          />
        </Field>
        <button type="submit" class="primary" disabled={busy}>
          {t("club.seasons.create")}
        </button>
      </form>
      <ErrorLine text={error} />
    </section>
  );
}
