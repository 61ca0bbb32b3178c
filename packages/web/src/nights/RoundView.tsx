// One round of a night: each table with its host and seats in order, who sits out, the round's
// seating sheet; before the deal a host swaps two players by hand and creates the tables, after it
// each table's link, and once its game is over the game's protocol.

import type { NightPage, RoundInfo } from "@misto/protocol";
import { useState } from "preact/hooks";
import type { Result } from "../api/client.js";
import { Link } from "../app/ui.js";
import { t } from "../i18n/index.js";
import { nightsApi } from "./api.js";
import { printLinks } from "./print.js";

export function RoundView(props: {
  night: NightPage;
  round: RoundInfo;
  runs: boolean;
  shown: (call: Promise<Result<NightPage>>) => Promise<void>;
}) {
  const { round, runs, shown } = props;
  const id = props.night.night.id;
  const players = [...round.tables.flatMap((tb) => tb.seats.map((s) => s.person)), ...round.out];
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  return (
    <section class="night-card stack" aria-labelledby={`round-${round.n}`}>
      <h2 id={`round-${round.n}`}>{t("nights.round", { n: round.n })}</h2>
      <p>
        <a href={printLinks.nightSeating(id, round.n)}>{t("print.seating")}</a>
      </p>
      <div class="night-tables">
        {round.tables.map((table) => (
          <div key={table.n} class="night-table">
            <h3>
              {t("nights.table", { n: table.n })}
              {table.host && <small> · {t("nights.tableHost", { name: table.host.name })}</small>}
            </h3>
            <ol>
              {table.seats.map((s) => (
                <li key={s.seat}>{s.person.name}</li>
              ))}
            </ol>
            {table.table && runs && (
              <p class="night-row">
                <Link href={`/tables/${encodeURIComponent(table.table)}`}>{t("nights.openTable")}</Link>
                <a href={`/overlay/${encodeURIComponent(table.table)}`}>{t("overlay.open")}</a>
                <a href={`/broadcast/${encodeURIComponent(table.table)}`}>{t("broadcast.open")}</a>
              </p>
            )}
            {table.table && table.over && (
              <p>
                <a href={printLinks.protocol(table.table)}>{t("print.protocol")}</a>
              </p>
            )}
          </div>
        ))}
      </div>
      {round.out.length > 0 && <p>{t("nights.out", { names: round.out.map((p) => p.name).join(", ") })}</p>}
      {runs && !round.dealt && (
        <>
          <div class="night-row">
            <PlayerPick label={t("nights.swap.a")} players={players} value={a} set={setA} />
            <PlayerPick label={t("nights.swap.b")} players={players} value={b} set={setB} />
            <button
              type="button"
              class="secondary"
              disabled={!a || !b || a === b}
              onClick={() => shown(nightsApi.swap(id, round.n, a, b))}
            >
              {t("nights.swap")}
            </button>
          </div>
          <button type="button" onClick={() => shown(nightsApi.deal(id, round.n))}>
            {t("nights.deal")}
          </button>
        </>
      )}
    </section>
  );
}

export function PlayerPick(props: {
  label: string;
  players: readonly { id: string; name: string }[];
  value: string;
  set: (id: string) => void;
}) {
  return (
    <label>
      {props.label}{" "}
      <select aria-label={props.label} value={props.value} onChange={(e) => props.set(e.currentTarget.value)}>
        <option value="">—</option>
        {props.players.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
