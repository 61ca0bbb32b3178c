// The night's board for a TV (/board/<night>), 1920×1080 landscape: every table of the round being
// played, live over the spectators' channel (phase, clock, who acts, the seats' public facts), the
// next round's seating once it is drawn, and the evening's standings. Public facts only.

import type { RoundInfo, StandingRow } from "@misto/protocol";
import { useEffect } from "preact/hooks";
import { keepAwake } from "../app/wakeLock.js";
import { Clock } from "../display/DisplayScreen.js";
import { useSpectatorView } from "../display/useSpectatorView.js";
import { phaseTitle } from "../game/steps.js";
import { t } from "../i18n/index.js";
import type { Language } from "../i18n/types.js";
import { streamApi } from "./api.js";
import { usePolled } from "./usePolled.js";
import "./stream.css";

/** The rounds and standings change between games: asked again every few seconds. */
const POLL_MS = 5000;
/** As many standings as a TV shows legibly. */
const STANDINGS_SHOWN = 16;

export function BoardScreen(props: { nightId: string; lang: Language }) {
  const { value: board, error } = usePolled(() => streamApi.board(props.nightId), POLL_MS, props.nightId);
  useEffect(() => keepAwake(), []);
  useEffect(() => {
    if (board) document.title = board.night.title;
  }, [board]);
  return (
    <main class="board" lang={props.lang}>
      {!board && (
        <p class="board-status">{error?.status === 404 ? t("board.noNight") : t("display.waiting")}</p>
      )}
      {board && (
        <>
          <header class="board-head">
            <h1>{board.night.title}</h1>
            <p>{board.night.place}</p>
          </header>
          <section class="board-tables" aria-label={t("board.now")}>
            <h2>{board.current ? t("board.round", { n: board.current.n }) : t("board.noRound")}</h2>
            <div class="board-grid">
              {board.current?.tables.map((table) =>
                table.table ? <BoardTable key={table.table} table={table} /> : null,
              )}
            </div>
          </section>
          <aside class="board-side">
            <Standings rows={board.standings} />
            <NextRound round={board.next} />
          </aside>
        </>
      )}
    </main>
  );
}

function BoardTable(props: { table: RoundInfo["tables"][number] }) {
  const { table } = props;
  const { view } = useSpectatorView(table.table as string);
  const title = view ? phaseTitle(view) : null;
  const current = view && view.phase.kind !== "night" ? view.phase.current : null;
  return (
    <article class="board-table" aria-label={t("nights.table", { n: table.n })}>
      <header class="board-table-head">
        <h3>{t("nights.table", { n: table.n })}</h3>
        {table.host && <p>{t("board.host", { name: table.host.name })}</p>}
      </header>
      {view && title ? (
        <>
          <div class="board-table-phase">
            <p class="board-table-title">{t(title.key, title.params)}</p>
            <Clock seconds={view.phase.seconds} since={view.phase.since} />
          </div>
          {view.result?.announced && (
            <p class={`board-winner winner-${view.result.winner}`}>{t(`winner.${view.result.winner}`)}</p>
          )}
          <ol class="board-seats">
            {view.seats.map((s) => (
              <li
                key={s.seat}
                class={[s.out ? "board-seat-out" : "", current === s.seat ? "board-seat-now" : ""]
                  .filter(Boolean)
                  .join(" ")}
              >
                <span class="board-seat-number">{s.seat}</span> <span class="board-seat-name">{s.name}</span>
                {s.card && <span class="board-seat-card"> {t(`card.${s.card}`)}</span>}
                {s.out && <span class="board-seat-cause"> {t(`cause.${s.out.cause}`)}</span>}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p class="board-status">{t("display.waiting")}</p>
      )}
    </article>
  );
}

function Standings(props: { rows: readonly StandingRow[] }) {
  return (
    <section class="board-standings" aria-label={t("board.standings")}>
      <h2>{t("board.standings")}</h2>
      {props.rows.length === 0 ? (
        <p>{t("board.noStandings")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t("board.place")}</th>
              <th scope="col">{t("board.player")}</th>
              <th scope="col">{t("board.games")}</th>
              <th scope="col">{t("board.wins")}</th>
              <th scope="col">{t("tournaments.col.score")}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.slice(0, STANDINGS_SHOWN).map((row) => (
              <tr key={row.person.id}>
                <td>{row.place}</td>
                <th scope="row">{row.person.name}</th>
                <td>{row.games}</td>
                <td>{row.wins}</td>
                <td>{row.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function NextRound(props: { round: RoundInfo | null }) {
  const { round } = props;
  return (
    <section class="board-next" aria-label={t("board.next")}>
      <h2>{round ? t("board.nextRound", { n: round.n }) : t("board.next")}</h2>
      {!round && <p>{t("board.notDrawn")}</p>}
      {round?.tables.map((table) => (
        <div key={table.n} class="board-next-table">
          <h3>{t("nights.table", { n: table.n })}</h3>
          <p>{table.seats.map((s) => `${s.seat}. ${s.person.name}`).join(" · ")}</p>
        </div>
      ))}
      {round && round.out.length > 0 && (
        <p class="board-next-out">{t("board.out", { list: round.out.map((p) => p.name).join(", ") })}</p>
      )}
    </section>
  );
}
