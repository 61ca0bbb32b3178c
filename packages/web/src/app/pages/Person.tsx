// One person of the club (GET /api/people/:id). The administration sets the council and the role,
// sets a new password, ends every session, merges a guest into a member, and records sanctions
// (CLUB-3). A member sees their own sanctions.

import type { PersonGame, PersonInfo, Role, SanctionInfo } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import type { Result } from "../../api/client.js";
import { type Language, t } from "../../i18n/index.js";
import { navigate } from "../router.js";
import { api } from "../session.js";
import { ErrorLine, errorText, Field, Link, Loading, NewPasswordField } from "../ui.js";
import { personFacts } from "./People.js";

const ROLES: readonly Role[] = ["member", "host", "admin"];
/** Phases after the game: complaints may be filed (CLUB-2). */
const OVER: ReadonlySet<string> = new Set(["ended", "rating", "closed"]);

function day(at: number, lang: Language): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium" }).format(new Date(at));
}

export function PersonPage(props: {
  id: string;
  admin: boolean;
  /** The signed-in account's own person: it may sign out everywhere here. */
  mine: boolean;
  onSignedOut: () => void;
  lang: Language;
}) {
  const [person, setPerson] = useState<PersonInfo | null>(null);
  const [sanctions, setSanctions] = useState<SanctionInfo[]>([]);
  const [games, setGames] = useState<PersonGame[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const load = () =>
    void api.person(props.id).then((answer) => {
      if (!answer.ok) return setError(errorText(answer.error));
      setPerson(answer.value.person);
      setSanctions(answer.value.sanctions);
      setGames(answer.value.games);
    });
  useEffect(load, [props.id]);

  /** Runs an admin's change: its error, or its note and a fresh page. */
  const act: Act = async (run, done) => {
    setNote(null);
    setError(null);
    const answer = await run();
    if (!answer.ok) return setError(errorText(answer.error));
    setNote(done(answer.value));
    load();
  };

  if (!person) return error ? <ErrorLine text={error} /> : <Loading />;
  return (
    <section class="stack">
      <h1>{person.name}</h1>
      <p>{personFacts(person)}</p>
      <p>
        <Link href={`/players/${encodeURIComponent(person.id)}`}>{t("app.person.stats")}</Link>
      </p>
      <p>
        {person.account
          ? t("app.person.account", {
              login: person.account.login ?? "—",
              role: t(`app.role.${person.account.role}`),
            })
          : t("app.person.noAccount")}
      </p>
      <ErrorLine text={error} />
      {note && (
        <p class="ok" role="status">
          {note}
        </p>
      )}
      {props.mine && (
        <div class="actions">
          <button
            type="button"
            class="secondary"
            onClick={async () => {
              if (!confirm(t("app.signOutAll.confirm"))) return;
              await api.signOutEverywhere();
              props.onSignedOut();
              navigate("/signin");
            }}
          >
            {t("app.nav.signOutAll")}
          </button>
        </div>
      )}
      {props.admin && (
        <AdminTools
          person={person}
          act={act}
          onMerged={(into) => navigate(`/people/${encodeURIComponent(into)}`)}
        />
      )}
      <section aria-labelledby="games-heading" class="stack">
        <h2 id="games-heading">{t("app.person.games")}</h2>
        {games.length === 0 && <p>{t("app.person.noGames")}</p>}
        <ul class="people-list">
          {games.map((g) => (
            <li key={g.table}>
              <span>
                {g.title}{" "}
                <small>{t("app.person.gameSeat", { seat: g.seat, at: day(g.createdAt, props.lang) })}</small>
              </span>
              {OVER.has(g.phase) && (
                <Link href={`/tables/${encodeURIComponent(g.table)}/complaints`}>
                  {t("app.nav.complaints")}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sanctions-heading" class="stack">
        <h2 id="sanctions-heading">{t("app.sanctions.title")}</h2>
        {sanctions.length === 0 && <p>{t("app.sanctions.none")}</p>}
        <ul class="sanction-list">
          {sanctions.map((s) => (
            <li key={s.id}>
              <strong>{t(s.kind === "ban" ? "app.sanctions.ban" : "app.sanctions.warning")}</strong>
              {s.kind === "ban" && s.from !== null && s.until !== null && (
                <>
                  {" "}
                  (
                  {t("app.sanctions.period", {
                    from: day(s.from, props.lang),
                    until: day(s.until, props.lang),
                  })}
                  )
                </>
              )}
              : {s.reason}{" "}
              <small>{t("app.sanctions.by", { by: s.by.name, at: day(s.at, props.lang) })}</small>
            </li>
          ))}
        </ul>
        {props.admin && <AddSanction id={person.id} act={act} />}
      </section>
    </section>
  );
}

/** A change and the note its answer makes. */
type Act = <T>(run: () => Promise<Result<T>>, done: (value: T) => string) => Promise<void>;

function AdminTools(props: { person: PersonInfo; act: Act; onMerged: (into: string) => void }) {
  const { person, act } = props;
  const [council, setCouncil] = useState(person.council);
  const [role, setRole] = useState<Role>(person.account?.role ?? "member");
  const [password, setPassword] = useState("");
  const [query, setQuery] = useState("");
  const [members, setMembers] = useState<PersonInfo[]>([]);
  const [into, setInto] = useState("");

  useEffect(() => {
    if (person.kind !== "guest" || query.trim() === "") return setMembers([]);
    void api.people(query.trim(), 10).then((answer) => {
      if (answer.ok) setMembers(answer.value.people.filter((p) => p.kind === "member"));
    });
  }, [query, person.kind]);

  const save = (e: Event) => {
    e.preventDefault();
    const body = {
      ...(person.kind === "member" ? { council } : {}),
      ...(person.account ? { role } : {}),
    };
    void act(
      () => api.patchPerson(person.id, body),
      () => t("app.person.saved"),
    );
  };

  return (
    <>
      {person.kind === "member" && (
        <form class="stack narrow" onSubmit={save}>
          <label class="check">
            <input type="checkbox" checked={council} onChange={(e) => setCouncil(e.currentTarget.checked)} />{" "}
            {t("app.person.councilLabel")}
          </label>
          {person.account && (
            <Field id="person-role" label={t("app.people.role")}>
              <select id="person-role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`app.role.${r}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <div class="actions">
            <button type="submit" class="secondary">
              {t("app.person.save")}
            </button>
          </div>
        </form>
      )}
      {person.account && (
        <form
          class="stack narrow"
          onSubmit={(e) => {
            e.preventDefault();
            void act(
              () => api.resetPassword(person.id, password),
              () => t("app.person.passwordSet"),
            );
            setPassword("");
          }}
        >
          <NewPasswordField
            id="person-password"
            label={t("app.person.newPassword")}
            value={password}
            onInput={setPassword}
          />
          <div class="actions">
            <button type="submit" class="secondary">
              {t("app.person.resetPassword")}
            </button>
            <button
              type="button"
              class="secondary"
              onClick={() =>
                void act(
                  () => api.signOutPerson(person.id),
                  (v) => t("app.person.signedOut", { n: v.ended }),
                )
              }
            >
              {t("app.person.signOut")}
            </button>
          </div>
        </form>
      )}
      {person.kind === "guest" && (
        <form
          class="stack narrow"
          aria-labelledby="merge-heading"
          onSubmit={async (e) => {
            e.preventDefault();
            await act(
              () => api.merge(person.id, into),
              (v) => {
                props.onMerged(v.person.id);
                return t("app.person.merged", { name: v.person.name });
              },
            );
          }}
        >
          <h2 id="merge-heading">{t("app.person.merge")}</h2>
          <Field id="merge-search" label={t("app.people.search")}>
            <input
              id="merge-search"
              type="search"
              value={query}
              onInput={(e) => setQuery(e.currentTarget.value)}
            />
          </Field>
          <Field id="merge-into" label={t("app.person.mergeInto")}>
            <select id="merge-into" value={into} onChange={(e) => setInto(e.currentTarget.value)}>
              <option value="">—</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </Field>
          <div class="actions">
            <button type="submit" class="secondary" disabled={into === ""}>
              {t("app.person.mergeDo")}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

function AddSanction(props: { id: string; act: Act }) {
  const [kind, setKind] = useState<"warning" | "ban">("warning");
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");

  const submit = (e: Event) => {
    e.preventDefault();
    // The ban ends at the start of the day after the date given: that whole day is banned.
    const end = until ? new Date(`${until}T00:00`).getTime() + 24 * 60 * 60 * 1000 : Number.NaN;
    const body =
      kind === "ban"
        ? { kind, reason: reason.trim(), ...(Number.isFinite(end) ? { until: end } : {}) }
        : { kind, reason: reason.trim() };
    void props.act(
      () => api.addSanction(props.id, body),
      () => t("app.person.saved"),
    );
    setReason("");
  };

  return (
    <form class="stack narrow" onSubmit={submit}>
      <Field id="sanction-kind" label={t("app.sanctions.kind")}>
        <select
          id="sanction-kind"
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as "warning" | "ban")}
        >
          <option value="warning">{t("app.sanctions.warning")}</option>
          <option value="ban">{t("app.sanctions.ban")}</option>
        </select>
      </Field>
      <Field id="sanction-reason" label={t("app.sanctions.reason")}>
        <textarea
          id="sanction-reason"
          rows={2}
          maxLength={500}
          value={reason}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
      </Field>
      {kind === "ban" && (
        <Field id="sanction-until" label={t("app.sanctions.until")}>
          <input
            id="sanction-until"
            type="date"
            value={until}
            onInput={(e) => setUntil(e.currentTarget.value)}
          />
        </Field>
      )}
      <div class="actions">
        <button type="submit" class="secondary">
          {t("app.sanctions.add")}
        </button>
      </div>
    </form>
  );
}
