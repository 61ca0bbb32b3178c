// The phase bar: what phase it is, the step's timer, sync status, the cards toggle and undo.

import { useState } from "preact/hooks";
import { t } from "../i18n/index.js";
import { PhonesPanel } from "../phone/PhonesPanel.js";
import type { TableHandle } from "./handle.js";
import { phaseTitle } from "./steps.js";
import { Timer } from "./Timer.js";
import { UndoLog } from "./UndoLog.js";
import type { StepTimer } from "./useStepTimer.js";

export function PhaseBar(props: {
  table: TableHandle;
  clock: StepTimer;
  hideCards: boolean;
  onHideCards: (hide: boolean) => void;
  onUndo: () => void;
}) {
  const { table, clock } = props;
  const view = table.view;
  const title = phaseTitle(view);
  const [phones, setPhones] = useState(false);
  return (
    <header class={`phase-bar phase-${view.phase.kind}`}>
      <div class="phase-title">
        <span class="phase-table">{table.title}</span>
        <h1>{t(title.key, title.params)}</h1>
      </div>
      <Timer clock={clock} size="bar" />
      <SyncStatus table={table} />
      <label class="toggle">
        <input
          type="checkbox"
          checked={props.hideCards}
          onChange={(e) => props.onHideCards((e.currentTarget as HTMLInputElement).checked)}
        />
        <span class="toggle-track" aria-hidden="true" />
        <span>{t("seat.hideCards")}</span>
      </label>
      <button type="button" class="btn" onClick={() => setPhones(true)} aria-haspopup="dialog">
        {t("phones.show")}
      </button>
      <UndoLog
        state={table.state}
        canUndo={view.host?.canUndo ?? false}
        onUndo={props.onUndo}
        hideRoles={props.hideCards}
      />
      {phones && <PhonesPanel tableId={table.id} onClose={() => setPhones(false)} />}
    </header>
  );
}

function SyncStatus(props: { table: TableHandle }) {
  const { table } = props;
  const state = !table.online ? "offline" : table.synced ? "synced" : "pending";
  return (
    <span class={`sync sync-${state}`} role="status">
      {state === "offline" ? `⚠ ${t("sync.offline")}` : state === "synced" ? `✓ ${t("sync.online")}` : "⟳"}
      {table.pending > 0 ? ` ${t("sync.pending", { n: table.pending })}` : ""}
    </span>
  );
}
