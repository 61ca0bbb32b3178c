// The archive's filters form: dates, host, player (found by name through the people search), winner.
// Applying writes them into the address; the page reads them back from there.

import { useEffect, useState } from "preact/hooks";
import type { ArchivedGame, GameFilters, PersonFound, PersonRef } from "../api/club.js";
import { Field } from "../app/ui.js";
import { t } from "../i18n/index.js";
import { datesProblem } from "./filters.js";
import { clubApi } from "./session.js";

export function ArchiveFilters(props: {
  filters: GameFilters;
  hosts: readonly PersonRef[];
  /** Games whose players name the chosen player when the address gives only an id. */
  players: readonly ArchivedGame[];
  onApply: (filters: GameFilters) => void;
}) {
  const [draft, setDraft] = useState<GameFilters>(props.filters);
  const [q, setQ] = useState("");
  const [found, setFound] = useState<PersonFound[]>([]);
  const [chosen, setChosen] = useState<PersonFound | null>(null);
  // The draft follows the filters when they change in value (a new object each render is the same filters).
  const applied = JSON.stringify(props.filters);
  useEffect(() => setDraft(JSON.parse(applied)), [applied]);

  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) return setFound([]);
    let live = true;
    const timer = setTimeout(() => {
      void clubApi.searchPeople(text).then((answer) => {
        if (live && answer.ok) setFound(answer.value.people.slice(0, 8));
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);

  const set = (name: keyof GameFilters, value: string) => {
    const next: Record<string, string> = { ...draft };
    if (value) next[name] = value;
    else delete next[name];
    setDraft(next as GameFilters);
  };
  const named = props.players.flatMap((g) => g.players).find((p) => p.person.id === draft.player);
  const playerName =
    chosen && chosen.id === draft.player ? chosen.name : (named?.person.name ?? draft.player);
  const problem = datesProblem(draft) ? t("club.archive.datesOrder") : null;

  const submit = (event: Event) => {
    event.preventDefault();
    if (!problem) props.onApply(draft);
  };

  return (
    <form class="archive-filters" onSubmit={submit} aria-label={t("club.archive.filters")}>
      <Field id="filter-from" label={t("club.archive.from")}>
        <input
          id="filter-from"
          type="date"
          value={draft.from ?? ""}
          onInput={(e) => set("from", e.currentTarget.value)}
        />
      </Field>
      <Field id="filter-until" label={t("club.archive.until")} problem={problem}>
        <input
          id="filter-until"
          type="date"
          value={draft.until ?? ""}
          aria-describedby={problem ? "filter-until-problem" : undefined}
          onInput={(e) => set("until", e.currentTarget.value)}
        />
      </Field>
      <Field id="filter-host" label={t("club.archive.host")}>
        {/* Options mark themselves selected: the hosts arrive after the address's filter is set. */}
        <select id="filter-host" onChange={(e) => set("host", e.currentTarget.value)}>
          <option value="" selected={!draft.host}>
            {t("club.archive.anyHost")}
          </option>
          {props.hosts.map((h) => (
            <option key={h.id} value={h.id} selected={h.id === draft.host}>
              {h.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="filter-winner" label={t("club.archive.winner")}>
        <select
          id="filter-winner"
          value={draft.winner ?? ""}
          onChange={(e) => set("winner", e.currentTarget.value)}
        >
          <option value="">{t("club.archive.anyWinner")}</option>
          {(["red", "black", "draw"] as const).map((w) => (
            <option key={w} value={w}>
              {t(`club.winner.${w}`)}
            </option>
          ))}
        </select>
      </Field>
      <div class="field player-filter">
        {draft.player ? (
          <>
            <span class="field-label" id="filter-player-label">
              {t("club.archive.player")}
            </span>
            <span class="chosen">
              {playerName}
              <button type="button" class="secondary" onClick={() => set("player", "")}>
                {t("club.archive.clearPlayer")}
              </button>
            </span>
          </>
        ) : (
          <>
            <label for="filter-player">{t("club.archive.player")}</label>
            <input
              id="filter-player"
              type="search"
              value={q}
              autoComplete="off"
              placeholder={t("club.archive.playerHint")}
              onInput={(e) => setQ(e.currentTarget.value)}
            />
            {found.length > 0 && (
              <ul class="found" aria-label={t("club.archive.playersFound")} aria-live="polite">
                {found.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      class="secondary"
                      onClick={() => {
                        set("player", p.id);
                        setChosen(p);
                        setQ("");
                      }}
                    >
                      {p.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <div class="filter-actions">
        <button type="submit" class="primary">
          {t("club.archive.apply")}
        </button>
        <button type="button" class="secondary" onClick={() => props.onApply({})}>
          {t("club.archive.reset")}
        </button>
      </div>
    </form>
  );
}
