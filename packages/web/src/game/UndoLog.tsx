// Undo (HOST-3) in its fixed corner, with the last steps it would take back listed above it.

import { type Game, lastSteps, versionOf } from "@misto/engine";
import { t } from "../i18n/index.js";
import { describeStep } from "./eventLog.js";

export function UndoLog(props: {
  state: Game;
  canUndo: boolean;
  onUndo: () => void;
  /** The cards are hidden from the room: night steps do not name their role. */
  hideRoles: boolean;
}) {
  const steps = lastSteps(props.state, 3);
  return (
    <div class="undo">
      <ol class="undo-log" aria-label={t("undo.log")}>
        {steps.map((event, i) => (
          <li key={`${versionOf(props.state)}-${i}`} class={i === 0 ? "undo-last" : undefined}>
            {describeStep(event, t, props.hideRoles)}
          </li>
        ))}
      </ol>
      <button
        type="button"
        class="btn btn-undo"
        onClick={props.onUndo}
        disabled={!props.canUndo}
        title={`${t("undo.button")} (Ctrl+Z)`}
      >
        ↶ {t("undo.button")}
      </button>
    </div>
  );
}
