// The host's tables (GET /api/tables), newest first, and the way to a new one.

import { useEffect, useState } from "preact/hooks";
import type { TableSummary } from "../../api/client.js";
import { has, type Language, t } from "../../i18n/index.js";
import { api } from "../session.js";
import { ErrorLine, errorText, Link, Loading } from "../ui.js";

function when(created: string | number, lang: Language): string {
  const date = new Date(created);
  if (Number.isNaN(date.getTime())) return String(created);
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** The server's phase ("day", "night 2", "rating"…): its first word translated, the rest kept. */
/** The winner's word; a side no language names (none comes) as the server wrote it. */
function winnerText(winner: string | null | undefined): string {
  if (!winner) return t("app.winner.none");
  const key = `app.winner.${winner}`;
  return has(key) ? t(key) : winner;
}

function phaseText(phase: string): string {
  const [kind, ...rest] = phase.split(/[\s:·-]+/);
  const key = `app.phase.${kind}`;
  return has(key) ? [t(key), ...rest].join(" ") : phase;
}

/** Phases after the game: complaints may be filed (CLUB-2). */
const OVER: ReadonlySet<string> = new Set(["ended", "rating", "closed"]);

export function TablesPage(props: { lang: Language }) {
  const [tables, setTables] = useState<TableSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void api.tables().then((answer) => {
      if (answer.ok) {
        const sorted = answer.value.tables.slice();
        sorted.sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
        setTables(sorted);
      } else setError(errorText(answer.error));
    });
  }, []);

  return (
    <section>
      <div class="page-head">
        <h1>{t("app.tables.title")}</h1>
        <Link href="/tables/new" class="button primary">
          {t("app.tables.new")}
        </Link>
      </div>
      <ErrorLine text={error} />
      {tables === null && !error && <Loading />}
      {tables?.length === 0 && <p>{t("app.tables.empty")}</p>}
      {tables && tables.length > 0 && (
        <ul class="table-list">
          {tables.map((table) => {
            const title = table.title || t("app.tables.untitled");
            return (
              <li key={table.id}>
                <Link
                  href={`/${table.online ? "online" : "tables"}/${encodeURIComponent(table.id)}`}
                  class="table-card"
                >
                  <span class="table-title">
                    {title}
                    {table.online && ` · ${t("app.tables.online")}`}
                  </span>
                  <span class="table-facts">
                    <span>
                      <span class="fact-label">{t("app.tables.phase")}: </span>
                      {phaseText(table.phase)}
                    </span>
                    <span>
                      <span class="fact-label">{t("app.tables.winner")}: </span>
                      {winnerText(table.winner)}
                    </span>
                    <span>
                      <span class="fact-label">{t("app.tables.created")}: </span>
                      {when(table.createdAt, props.lang)}
                    </span>
                    {table.host.name && (
                      <span>
                        <span class="fact-label">{t("app.tables.host")}: </span>
                        {table.host.name}
                      </span>
                    )}
                  </span>
                </Link>
                {OVER.has(table.phase) && (
                  <Link href={`/tables/${encodeURIComponent(table.id)}/complaints`} class="table-complaints">
                    {t("app.nav.complaints")}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
