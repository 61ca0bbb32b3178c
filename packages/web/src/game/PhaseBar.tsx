// The phase bar: what phase it is, the step's timer, sync status, the cards toggle and undo.

import { useState } from "preact/hooks";
import { t } from "../i18n/index.js";
import type { TableHandle } from "./handle.js";
import { Sheet } from "./Sheet.js";
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
  /** Opens the "Players' phones" sheet (drawn by the game screen, above everything, the primary button included). */
  onPhones: () => void;
}) {
  const { table, clock } = props;
  const view = table.view;
  const title = phaseTitle(view);
  const [more, setMore] = useState(false);
  return (
    <header class={`phase-bar phase-${view.phase.kind}`}>
      <div class="phase-title">
        <span class="phase-table">{table.title}</span>
        <h1>{t(title.key, title.params)}</h1>
      </div>
      <Timer clock={clock} size="bar" />
      <SyncStatus table={table} />
      {/* On a phone the cards toggle and the phones sheet wait behind "More" (CSS shows one or the other). */}
      <div class="bar-tools">
        <BarTools {...props} />
      </div>
      <button
        type="button"
        class="btn btn-icon bar-more"
        onClick={() => setMore(true)}
        aria-haspopup="dialog"
        aria-label={t("bar.more")}
      >
        ☰
      </button>
      <UndoLog
        state={table.state}
        canUndo={view.host?.canUndo ?? false}
        onUndo={props.onUndo}
        hideRoles={props.hideCards}
      />
      {more && (
        <Sheet labelledBy="bar-more-title" class="sheet-more" onClose={() => setMore(false)}>
          <header class="sheet-head">
            <h2 id="bar-more-title">{t("bar.more")}</h2>
            <button
              type="button"
              class="btn btn-icon"
              onClick={() => setMore(false)}
              aria-label={t("common.close")}
            >
              ✕
            </button>
          </header>
          <BarTools
            {...props}
            onPhones={() => {
              setMore(false);
              props.onPhones();
            }}
          />
        </Sheet>
      )}
    </header>
  );
}

/** The cards toggle and the phones sheet's button: in the bar on a tablet, behind "More" on a phone. */
function BarTools(props: { hideCards: boolean; onHideCards: (hide: boolean) => void; onPhones: () => void }) {
  return (
    <>
      <label class="toggle">
        <input
          type="checkbox"
          checked={props.hideCards}
          onChange={(e) => props.onHideCards((e.currentTarget as HTMLInputElement).checked)}
        />
        <span class="toggle-track" aria-hidden="true" />
        <span>{t("seat.hideCards")}</span>
      </label>
      <button type="button" class="btn" onClick={props.onPhones} aria-haspopup="dialog">
        {t("phones.show")}
      </button>
    </>
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
