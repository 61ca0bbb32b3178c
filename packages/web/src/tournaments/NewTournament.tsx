// The host's form for a new tournament: rounds, tables, final, chief referee, hosts and the
// scoring's settings, each shown at its documented default (docs/tournaments.md "Scoring").

import { type FinalKind, type HostInfo, SCORING_DEFAULTS, type Scoring } from "@misto/protocol";
import { useState } from "preact/hooks";
import { useHosts } from "../app/hosts.js";
import { navigate } from "../app/router.js";
import { ErrorLine, errorText, Field, TextField } from "../app/ui.js";
import { t } from "../i18n/index.js";
import { tournamentsApi } from "./api.js";

const NUMBERS = ["win", "draw", "foulRemoval", "disqualification", "finalMultiplier"] as const;

/** Only the settings that differ from the defaults go to the server. */
function changedScoring(values: Record<string, string>, ratingPoints: boolean): Partial<Scoring> {
  const out: Partial<Scoring> = {};
  for (const key of NUMBERS) {
    const n = Number(values[key]);
    if (n !== SCORING_DEFAULTS[key]) out[key] = n;
  }
  if (ratingPoints !== SCORING_DEFAULTS.ratingPoints) out.ratingPoints = ratingPoints;
  return out;
}

export function NewTournament(props: { me: HostInfo }) {
  const hosts = useHosts(props.me);
  const [title, setTitle] = useState("");
  const [startsAt, setStartsAt] = useState("");
  const [rounds, setRounds] = useState("6");
  const [tables, setTables] = useState("3");
  const [final, setFinal] = useState<FinalKind>("best");
  const [chief, setChief] = useState(props.me.id);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set([props.me.id]));
  const [scoring, setScoring] = useState<Record<string, string>>(
    Object.fromEntries(NUMBERS.map((k) => [k, String(SCORING_DEFAULTS[k])])),
  );
  const [ratingPoints, setRatingPoints] = useState(SCORING_DEFAULTS.ratingPoints);
  const [hostsProblem, setHostsProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (chosen.size < Number(tables)) {
      return setHostsProblem(t("tournaments.new.tooFewHosts", { tables: Number(tables) }));
    }
    setHostsProblem(null);
    const answer = await tournamentsApi.create({
      title,
      startsAt: new Date(startsAt).getTime() || 0,
      rounds: Number(rounds),
      tables: Number(tables),
      final,
      chief,
      hosts: [...chosen],
      scoring: changedScoring(scoring, ratingPoints),
    });
    if (!answer.ok) return setError(errorText(answer.error));
    navigate(`/tournaments/${encodeURIComponent(answer.value.tournament.id)}`);
  };
  return (
    <form class="night-card stack" onSubmit={submit}>
      <h2>{t("tournaments.new")}</h2>
      <TextField
        id="tournament-title"
        label={t("tournaments.new.title")}
        max={80}
        value={title}
        set={setTitle}
      />
      <TextField
        id="tournament-starts"
        label={t("tournaments.new.startsAt")}
        type="datetime-local"
        value={startsAt}
        set={setStartsAt}
      />
      <TextField
        id="tournament-rounds"
        label={t("tournaments.new.rounds")}
        type="number"
        min={1}
        max={20}
        value={rounds}
        set={setRounds}
      />
      <TextField
        id="tournament-tables"
        label={t("tournaments.new.tables")}
        type="number"
        min={1}
        max={20}
        value={tables}
        set={setTables}
      />
      <Field id="tournament-final" label={t("tournaments.new.final")}>
        <select
          id="tournament-final"
          value={final}
          onChange={(e) => setFinal(e.currentTarget.value as FinalKind)}
        >
          {(["best", "fixed", "none"] as const).map((k) => (
            <option key={k} value={k}>
              {t(`tournaments.new.final.${k}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="tournament-chief" label={t("tournaments.new.chief")}>
        <select id="tournament-chief" value={chief} onChange={(e) => setChief(e.currentTarget.value)}>
          {hosts.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </select>
      </Field>
      <fieldset aria-describedby={hostsProblem ? "tournament-hosts-problem" : undefined}>
        <legend>{t("tournaments.new.hosts")}</legend>
        {hosts.map((h) => (
          <label key={h.id} class="check">
            <input type="checkbox" checked={chosen.has(h.id)} onChange={() => toggle(h.id)} /> {h.name}
          </label>
        ))}
        {hostsProblem && (
          <p class="problem" id="tournament-hosts-problem" role="alert">
            {hostsProblem}
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>{t("tournaments.new.scoring")}</legend>
        {NUMBERS.map((k) => (
          <TextField
            key={k}
            id={`scoring-${k}`}
            label={t(`tournaments.scoring.${k}`)}
            help={t("tournaments.new.default", { value: String(SCORING_DEFAULTS[k]) })}
            type="number"
            min={k === "finalMultiplier" ? 1 : 0}
            max={k === "finalMultiplier" ? 5 : 10}
            step={0.25}
            value={scoring[k] ?? ""}
            set={(v) => setScoring({ ...scoring, [k]: v })}
          />
        ))}
        <label class="check">
          <input
            type="checkbox"
            checked={ratingPoints}
            onChange={(e) => setRatingPoints(e.currentTarget.checked)}
          />{" "}
          {t("tournaments.scoring.ratingPoints")}
        </label>
      </fieldset>
      <ErrorLine text={error} />
      <button type="submit">{t("tournaments.new.create")}</button>
    </form>
  );
}
