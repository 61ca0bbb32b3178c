// The end (TEAM-1, HOST-2): the night still to announce, the host's announcement of the result,
// then the winner, the rating (RATE-1…7), the recap and the record to download.

import type { Action, GameEvent, View } from "@misto/engine";
import { t } from "../i18n/index.js";
import type { TableHandle } from "./handle.js";
import { MorningCard } from "./MorningCard.js";
import { RatingPanel } from "./RatingPanel.js";
import { Recap } from "./Recap.js";

export function EndPanel(props: { table: TableHandle; send: (a: Action) => boolean }) {
  const { table } = props;
  const view = table.view;
  const names = view.seats.map((s) => s.name);
  if (view.phase.kind === "ended") {
    return (
      <div class="end-panel">
        <h2>{t("end.over")}</h2>
        {/* HOST-2: the host announces the result, so the console tells him what it is. */}
        <Winner view={view} />
        {view.host?.announce && <MorningCard report={view.host.announce} names={names} />}
        <p class="hint">{t("end.announceHint")}</p>
      </div>
    );
  }
  return (
    <div class="end-panel">
      <Winner view={view} />
      <RatingPanel view={view} send={props.send} />
      <Recap events={table.events} />
      <RecordDownload id={table.id} events={table.events} />
    </div>
  );
}

function Winner(props: { view: View }) {
  const winner = props.view.result?.winner;
  if (!winner) return null;
  return (
    <p class={`winner winner-${winner}`} role="status">
      {t(`winner.${winner}`)}
    </p>
  );
}

function RecordDownload(props: { id: string; events: readonly GameEvent[] }) {
  const download = () => {
    const record = { format: "misto-record", version: 1, events: props.events };
    const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `misto-${props.id}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div class="record-download">
      <button type="button" class="btn" onClick={download}>
        ⬇ {t("end.download")}
      </button>
      <a class="btn btn-link" href={`/api/tables/${encodeURIComponent(props.id)}/record`}>
        {t("end.serverRecord")}
      </a>
    </div>
  );
}
