// A host or an admin corrects one seat's points (PUT /api/games/:id/points) with a reason; the
// server answers the corrected game, which the page shows at once.

import { useState } from "preact/hooks";
import type { GamePage } from "../api/club.js";
import { describedBy, ErrorLine, errorText, Field } from "../app/ui.js";
import { t } from "../i18n/index.js";
import { type CorrectionProblem, MAX_POINTS, readCorrection } from "./forms.js";
import { clubApi } from "./session.js";

export function CorrectPoints(props: { game: GamePage; onDone: (game: GamePage) => void }) {
  const first = props.game.players[0]?.seat ?? 1;
  const [seat, setSeat] = useState(first);
  const [points, setPoints] = useState("");
  const [reason, setReason] = useState("");
  const [problems, setProblems] = useState<CorrectionProblem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const read = readCorrection({ seat, points, reason });
    if (!read.ok) return setProblems(read.problems);
    setProblems([]);
    setBusy(true);
    const answer = await clubApi.correctPoints(props.game.id, read.body);
    // The server answers the correction; the game (points, corrections) is read again.
    const fresh = answer.ok ? await clubApi.game(props.game.id) : answer;
    setBusy(false);
    if (!fresh.ok) return setError(errorText(fresh.error));
    setError(null);
    setPoints("");
    setReason("");
    props.onDone(fresh.value);
  };
  const problem = (p: CorrectionProblem) =>
    problems.includes(p) ? t(`club.correct.problem.${p}`, { max: MAX_POINTS }) : null;

  return (
    <details class="club-section correct-points">
      <summary>{t("club.correct.title")}</summary>
      <form class="correct-form" onSubmit={submit} noValidate>
        <Field id="correct-seat" label={t("club.correct.seat")}>
          <select
            id="correct-seat"
            value={String(seat)}
            onChange={(e) => setSeat(Number(e.currentTarget.value))}
          >
            {props.game.players.map((p) => (
              <option key={p.seat} value={String(p.seat)}>
                {`${p.seat}. ${p.person.name} (${p.points})`}
              </option>
            ))}
          </select>
        </Field>
        <Field id="correct-points" label={t("club.correct.points")} problem={problem("points")}>
          <input
            id="correct-points"
            inputMode="numeric"
            value={points}
            aria-describedby={describedBy("correct-points", false, Boolean(problem("points")))}
            onInput={(e) => setPoints(e.currentTarget.value)}
          />
        </Field>
        <Field id="correct-reason" label={t("club.correct.reason")} problem={problem("reason")}>
          <input
            id="correct-reason"
            value={reason}
            maxLength={200}
            aria-describedby={describedBy("correct-reason", false, Boolean(problem("reason")))}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
        </Field>
        <button type="submit" class="primary" disabled={busy}>
          {t("club.correct.submit")}
        </button>
      </form>
      <ErrorLine text={error} />
    </details>
  );
}
