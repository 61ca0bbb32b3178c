// The administration imports games (POST /api/games/import): a record or an archive JSON file.
// The server checks every record with the engine; the page shows the imported games, or every
// problem it named (e.g. "records/3/events/12: DAY-3 …").

import { useState } from "preact/hooks";
import { ErrorLine, errorText, Field } from "../app/ui.js";
import { t, tn } from "../i18n/index.js";
import { type ImportFile, readImportFile } from "./forms.js";
import { GameLink } from "./parts.js";
import { clubApi } from "./session.js";

type Outcome =
  | { readonly kind: "imported"; readonly ids: readonly string[] }
  | { readonly kind: "problems"; readonly problems: readonly string[] };

export function ImportPage() {
  const [file, setFile] = useState<ImportFile | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (input: HTMLInputElement) => {
    setOutcome(null);
    setError(null);
    const chosen = input.files?.[0];
    setFile(chosen ? readImportFile(await chosen.text()) : null);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!file?.ok) return;
    setBusy(true);
    const answer = await clubApi.importRecords(file.body);
    setBusy(false);
    if (answer.ok) return setOutcome({ kind: "imported", ids: answer.value.imported });
    const problems = answer.error.problems;
    if (problems) return setOutcome({ kind: "problems", problems });
    setError(errorText(answer.error));
  };

  const fileProblem = file && !file.ok ? t(`club.import.problem.${file.problem}`) : null;
  return (
    <section class="club-page narrow">
      <h1>{t("club.import.title")}</h1>
      <form class="stack" onSubmit={submit}>
        <Field
          id="import-file"
          label={t("club.import.file")}
          help={t("club.import.help")}
          problem={fileProblem}
        >
          <input
            id="import-file"
            type="file"
            accept="application/json,.json"
            aria-describedby={fileProblem ? "import-file-help import-file-problem" : "import-file-help"}
            onChange={(e) => void choose(e.currentTarget)}
          />
        </Field>
        {file?.ok && (
          <p>
            {file.kind === "record"
              ? t("club.import.oneRecord", { n: file.games })
              : tn("club.import.archive", file.games)}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy || !file?.ok}>
          {t("club.import.submit")}
        </button>
      </form>
      <ErrorLine text={error} />
      {outcome?.kind === "imported" && (
        <section class="club-section" aria-labelledby="imported-title">
          <h2 id="imported-title" class="ok">
            {t("club.import.imported", { n: outcome.ids.length })}
          </h2>
          <ul class="plain-list">
            {outcome.ids.map((id) => (
              <li key={id}>
                <GameLink id={id} title={id} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {outcome?.kind === "problems" && (
        <section class="club-section" aria-labelledby="problems-title" role="alert">
          <h2 id="problems-title" class="problem">
            {t("club.import.problems", { n: outcome.problems.length })}
          </h2>
          <ul class="problem-list">
            {outcome.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
