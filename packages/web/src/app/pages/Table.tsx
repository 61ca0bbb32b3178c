// One live table: the offline-first store (src/sync) feeds the game screens (src/game) a TableHandle;
// the game screens show the sync state (PhaseBar); the shell adds any problem the server reported.

import { useEffect } from "preact/hooks";
import { GameScreen } from "../../game/GameScreen.js";
import { OutChatLog } from "../../game/OutChatLog.js";
import { type Language, t } from "../../i18n/index.js";
import type { SyncProblem } from "../../sync/store.js";
import { Link, Loading } from "../ui.js";
import { setPlaying } from "../update.js";
import { useTable } from "../useTable.js";

function problemText(problem: SyncProblem): string {
  switch (problem.kind) {
    case "rule":
      return t("app.sync.rule", { rule: problem.rule ?? "—", message: problem.message });
    case "conflict":
      return t("app.sync.conflict", { message: problem.message });
    case "failed":
      return t("app.sync.failed", { message: problem.message });
    default:
      return t(`app.sync.${problem.kind}`);
  }
}

export function TablePage(props: { id: string; lang: Language }) {
  const { snapshot, dismissProblem, outChat } = useTable(props.id);
  const problem = snapshot.problem;
  // A new version waits while a game runs here (deal to rating): the host reloads between games.
  const phase = snapshot.status === "ready" ? snapshot.table.view.phase.kind : null;
  const playing = phase !== null && phase !== "ended" && phase !== "closed";
  useEffect(() => {
    setPlaying(playing);
    return () => setPlaying(false);
  }, [playing]);
  return (
    <>
      {problem && (
        <div class="sync-problem" role="alert">
          <span class="sync-problem-text">{problemText(problem)}</span>
          {problem.kind === "signedOut" ? (
            <Link href="/signin" class="button secondary">
              {t("app.signin.submit")}
            </Link>
          ) : (
            <button type="button" class="secondary" onClick={dismissProblem}>
              {t("app.sync.dismiss")}
            </button>
          )}
        </div>
      )}
      {snapshot.status === "ready" ? (
        <>
          <GameScreen table={snapshot.table} lang={props.lang} />
          <OutChatLog view={snapshot.table.view} lines={outChat} />
        </>
      ) : problem?.kind === "missing" ? (
        <Link href="/">{t("app.toTables")}</Link>
      ) : problem?.kind === "online" ? (
        <Link href={`/online/${encodeURIComponent(props.id)}`}>{t("app.online.follow")}</Link>
      ) : (
        <>
          {!snapshot.online && <p class="sync-status offline">{t("app.sync.offline")}</p>}
          <Loading />
        </>
      )}
    </>
  );
}
