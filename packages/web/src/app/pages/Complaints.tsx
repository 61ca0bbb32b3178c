// Complaints (CLUB-2): a finished game's complaints, and the form to file one (after the game
// only); the administration answers each once, here or in the list of those not answered, and
// may decide it (upheld or rejected) with the answer as its reason.

import type { ComplaintInfo, Decision } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import { type Language, t } from "../../i18n/index.js";
import { api } from "../session.js";
import { ErrorLine, errorText, Field, Link, Loading } from "../ui.js";

function when(at: number, lang: Language): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(at));
}

/** One game's complaints (`/tables/:id/complaints`), or every open one (`/complaints`, admin) when `table` is null. */
export function ComplaintsPage(props: { table: string | null; admin: boolean; lang: Language }) {
  const [complaints, setComplaints] = useState<ComplaintInfo[] | null>(null);
  const [title, setTitle] = useState("");
  /** The game is over: a complaint may be filed (CLUB-2). */
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = () => {
    if (!props.table) {
      void api.openComplaints().then((answer) => {
        if (answer.ok) setComplaints(answer.value.complaints);
        else setError(errorText(answer.error));
      });
      return;
    }
    void api.complaints(props.table).then((answer) => {
      if (!answer.ok) return setError(errorText(answer.error));
      setComplaints(answer.value.complaints);
      setTitle(answer.value.table.title);
      setOver(answer.value.table.over);
    });
  };
  useEffect(load, [props.table]);

  return (
    <section class="stack">
      <h1>{props.table ? t("app.complaints.title", { title: title || "…" }) : t("app.complaints.open")}</h1>
      <ErrorLine text={error} />
      {complaints === null && !error && <Loading />}
      {complaints?.length === 0 && <p>{t("app.complaints.none")}</p>}
      <ul class="complaint-list">
        {complaints?.map((c) => (
          <li key={c.id} class="stack">
            <p>
              <strong>
                {t(c.about === "host" ? "app.complaints.aboutHost" : "app.complaints.aboutGame")}
              </strong>
              : {c.text}{" "}
              <small>{t("app.complaints.by", { by: c.by.name, at: when(c.at, props.lang) })}</small>
            </p>
            {!props.table && (
              <Link href={`/tables/${encodeURIComponent(c.table)}/complaints`}>
                {t("app.complaints.toGame")}
              </Link>
            )}
            {c.answer ? (
              <p class="ok">
                {c.answer.decision
                  ? t("app.complaints.decided", {
                      by: c.answer.by.name,
                      at: when(c.answer.at, props.lang),
                      decision: t(`app.complaints.decision.${c.answer.decision}`),
                      text: c.answer.text,
                    })
                  : t("app.complaints.answered", {
                      by: c.answer.by.name,
                      at: when(c.answer.at, props.lang),
                      text: c.answer.text,
                    })}
              </p>
            ) : props.admin ? (
              <AnswerForm id={c.id} onDone={load} />
            ) : (
              <p>{t("app.complaints.waiting")}</p>
            )}
          </li>
        ))}
      </ul>
      {props.table && over && <FileComplaint table={props.table} onDone={load} />}
      {props.table && complaints !== null && !over && <p>{t("app.complaints.afterGame")}</p>}
    </section>
  );
}

function AnswerForm(props: { id: string; onDone: () => void }) {
  const [text, setText] = useState("");
  const [decision, setDecision] = useState<Decision | "">("");
  const [error, setError] = useState<string | null>(null);
  const field = `answer-${props.id}`;
  return (
    <form
      class="stack narrow"
      onSubmit={async (e) => {
        e.preventDefault();
        const answer = await api.answerComplaint(props.id, text.trim(), decision || undefined);
        if (!answer.ok) return setError(errorText(answer.error));
        props.onDone();
      }}
    >
      <Field id={`${field}-decision`} label={t("app.complaints.decision")}>
        <select
          id={`${field}-decision`}
          value={decision}
          onChange={(e) => setDecision(e.currentTarget.value as Decision | "")}
        >
          <option value="">{t("app.complaints.decision.none")}</option>
          <option value="upheld">{t("app.complaints.decision.upheld")}</option>
          <option value="rejected">{t("app.complaints.decision.rejected")}</option>
        </select>
      </Field>
      <Field id={field} label={t("app.complaints.answer")}>
        <textarea
          id={field}
          rows={2}
          maxLength={2000}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
        />
      </Field>
      <ErrorLine text={error} />
      <div class="actions">
        <button type="submit" class="secondary">
          {t("app.complaints.answerDo")}
        </button>
      </div>
    </form>
  );
}

function FileComplaint(props: { table: string; onDone: () => void }) {
  const [about, setAbout] = useState<"game" | "host">("game");
  const [text, setText] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      class="stack narrow"
      aria-labelledby="file-complaint"
      onSubmit={async (e) => {
        e.preventDefault();
        setNote(null);
        setError(null);
        const answer = await api.fileComplaint(props.table, { about, text: text.trim() });
        if (!answer.ok) {
          return setError(
            answer.error.rule === "CLUB-2" && answer.error.status === 409
              ? t("app.complaints.afterGame")
              : errorText(answer.error),
          );
        }
        setText("");
        setNote(t("app.complaints.filed"));
        props.onDone();
      }}
    >
      <h2 id="file-complaint">{t("app.complaints.file")}</h2>
      <fieldset class="segmented">
        <legend>{t("app.complaints.about")}</legend>
        {(["game", "host"] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="complaint-about"
              value={value}
              checked={about === value}
              onChange={() => setAbout(value)}
            />
            <span>{t(value === "host" ? "app.complaints.aboutHost" : "app.complaints.aboutGame")}</span>
          </label>
        ))}
      </fieldset>
      <Field id="complaint-text" label={t("app.complaints.text")}>
        <textarea
          id="complaint-text"
          rows={4}
          maxLength={2000}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
        />
      </Field>
      <ErrorLine text={error} />
      {note && (
        <p class="ok" role="status">
          {note}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary">
          {t("app.complaints.file")}
        </button>
      </div>
    </form>
  );
}
