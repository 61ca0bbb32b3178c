// /lobby: the open online tables (GET /api/lobby, public facts only) for any signed-in account.
// One tap takes a free human seat (POST /api/lobby/:id/join): the seat's token is kept on this
// device as a join code's is, and the phone's page opens. Any table under way can be watched
// (the display, held back by the table's spectator delay).

import type { LobbyTable } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import { navigate } from "../app/router.js";
import { ErrorLine, errorText, Link, Loading } from "../app/ui.js";
import { t } from "../i18n/index.js";
import { rememberSeat } from "../phone/seatStore.js";
import { lobbyApi } from "./lobbyApi.js";
import "./lobby.css";

const seconds = (ms: number) => Math.round(ms / 100) / 10;

export function LobbyPage() {
  const [tables, setTables] = useState<readonly LobbyTable[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    void lobbyApi.list().then((answer) => {
      if (answer.ok) setTables(answer.value.tables);
      else setError(errorText(answer.error));
    });
  }, []);

  const join = async (table: LobbyTable) => {
    setBusy(table.id);
    setError(null);
    const answer = await lobbyApi.join(table.id);
    setBusy(null);
    if (answer.ok) {
      rememberSeat(answer.value);
      return navigate(`/seat/${encodeURIComponent(answer.value.table)}`);
    }
    const { error: code } = answer.error;
    setError(
      code === "full"
        ? t("lobby.full")
        : code === "started"
          ? t("lobby.startedNow")
          : errorText(answer.error),
    );
    // What changed meanwhile (the seat taken, the deal over) is shown as it is now.
    const fresh = await lobbyApi.list();
    if (fresh.ok) setTables(fresh.value.tables);
  };

  return (
    <section class="stack lobby">
      <h1>{t("lobby.title")}</h1>
      <p>{t("lobby.about")}</p>
      <ErrorLine text={error} />
      {tables === null && !error && <Loading />}
      {tables?.length === 0 && <p>{t("lobby.none")}</p>}
      {tables && tables.length > 0 && (
        <ul class="table-list">
          {tables.map((table) => (
            <LobbyRow key={table.id} table={table} busy={busy === table.id} onJoin={() => join(table)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LobbyRow(props: { table: LobbyTable; busy: boolean; onJoin: () => void }) {
  const { table } = props;
  const s = table.settings;
  const title = table.title || t("app.tables.untitled");
  const headingId = `lobby-${table.id}`;
  return (
    <li class="table-card lobby-card" aria-labelledby={headingId}>
      <h2 class="table-title" id={headingId}>
        {title}
      </h2>
      <p class="table-facts">
        <span>
          {table.started
            ? t("lobby.started")
            : t("lobby.seatsFree", { n: table.seatsFree, of: s.humanSeats })}
        </span>
        <span>{t("lobby.language", { lang: t(`app.lang.${table.language}`) })}</span>
        <span>{t("lobby.deadlines", { night: seconds(s.nightMs), vote: seconds(s.voteMs) })}</span>
        <span>
          {s.spectatorDelayMs > 0 ? t("lobby.delay", { n: seconds(s.spectatorDelayMs) }) : t("lobby.live")}
        </span>
      </p>
      <div class="lobby-actions">
        {table.open && (
          <button type="button" class="primary" disabled={props.busy} onClick={props.onJoin}>
            {props.busy ? t("lobby.joining") : t("lobby.join", { title })}
          </button>
        )}
        <Link href={`/display/${encodeURIComponent(table.id)}`} class="button">
          {t("lobby.watch", { title })}
        </Link>
      </div>
    </li>
  );
}
