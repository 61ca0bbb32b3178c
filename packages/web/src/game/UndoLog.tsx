// Undo (HOST-3) in its fixed corner, with the last steps it would take back listed above it.

import type { GameState } from "@misto/engine";
import { t } from "../i18n/index.js";
import { describeStep, lastSteps } from "./eventLog.js";

export function UndoLog(props: {
  state: GameState;
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
          <li key={`${props.state.version}-${i}`} class={i === 0 ? "undo-last" : undefined}>
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
