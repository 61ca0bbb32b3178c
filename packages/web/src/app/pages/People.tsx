// The club's members (GET /api/people): search as you type; the administration adds a member,
// with an account to sign in with if wanted. Each person opens their own page.

import type { PersonInfo, Role } from "@misto/protocol";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { ApiError } from "../../api/client.js";
import { type Key, t } from "../../i18n/index.js";
import { api } from "../session.js";
import { ErrorLine, errorText, Field, Link, Loading, NewPasswordField } from "../ui.js";
import { banText } from "./SeatPicker.js";

const ROLES: readonly Role[] = ["member", "host", "admin"];

/** A person's kind, council and ban in words. */
export function personFacts(person: PersonInfo): string {
  const facts = [t(person.kind === "member" ? "app.people.member" : "app.people.guest")];
  if (person.account) facts.push(t(`app.role.${person.account.role}`));
  if (person.council) facts.push(t("app.people.council"));
  if (person.ban) facts.push(banText(person.ban));
  return facts.join(" · ");
}

export function PeoplePage(props: { admin: boolean }) {
  const [q, setQ] = useState("");
  const [people, setPeople] = useState<PersonInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);

  // The newest search wins: an answer to an older one (a slower request) is dropped.
  const search = useCallback((text: string) => {
    const n = ++asked.current;
    void api.people(text.trim(), 50).then((answer) => {
      if (n !== asked.current) return;
      if (answer.ok) setPeople(answer.value.people);
      else setError(errorText(answer.error));
    });
  }, []);
  useEffect(() => search(q), [search, q]);

  return (
    <section class="stack">
      <h1>{t("app.people.title")}</h1>
      <Field id="people-search" label={t("app.people.search")}>
        <input id="people-search" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
      </Field>
      <ErrorLine text={error} />
      {people === null && !error && <Loading />}
      {people?.length === 0 && <p>{t("app.people.none")}</p>}
      {people && people.length > 0 && (
        <ul class="people-list" aria-live="polite">
          {people.map((person) => (
            <li key={person.id}>
              <Link href={`/people/${encodeURIComponent(person.id)}`}>{person.name}</Link>{" "}
              <span class={person.ban ? "person-facts banned" : "person-facts"}>{personFacts(person)}</span>
            </li>
          ))}
        </ul>
      )}
      {props.admin && <AddMember onAdded={() => search(q)} />}
    </section>
  );
}

/** A refusal that belongs to one field of the form, said in the user's language beside it. */
interface FieldProblem {
  readonly field: "name" | "login" | "password";
  readonly key: Key;
}

/** The field the server's refusal names ("body/account/login must NOT have …", a taken login). */
export function fieldProblem(error: ApiError): FieldProblem | null {
  if (error.error === "login_taken") return { field: "login", key: "app.people.problem.loginTaken" };
  const named = /^body\/(?:account\/)?(name|login|password)\b/.exec(error.message)?.[1];
  if (named === "name" || named === "login" || named === "password")
    return { field: named, key: `app.people.problem.${named}` };
  return null;
}

function AddMember(props: { onAdded: () => void }) {
  const [name, setName] = useState("");
  const [council, setCouncil] = useState(false);
  const [withAccount, setWithAccount] = useState(false);
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);

  // A refused field is scrolled to and focused, its problem beside it.
  useEffect(() => {
    if (!problem) return;
    const field = document.getElementById(`member-${problem.field}`);
    field?.scrollIntoView({ block: "center" });
    field?.focus({ preventScroll: true });
  }, [problem]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setNote(null);
    setError(null);
    setProblem(null);
    const answer = await api.addPerson({
      name: name.trim(),
      council,
      ...(withAccount ? { account: { login: login.trim(), password, role } } : {}),
    });
    if (!answer.ok) {
      const field = fieldProblem(answer.error);
      return field ? setProblem(field) : setError(errorText(answer.error));
    }
    setNote(t("app.people.added", { name: answer.value.person.name }));
    // Everything back to the start: the next member must not inherit this one's account or role.
    setName("");
    setCouncil(false);
    setWithAccount(false);
    setLogin("");
    setPassword("");
    setRole("member");
    props.onAdded();
  };
  const problemOf = (field: FieldProblem["field"]) => (problem?.field === field ? t(problem.key) : null);

  return (
    <form class="stack narrow" onSubmit={submit} aria-labelledby="add-member">
      <h2 id="add-member">{t("app.people.add")}</h2>
      <Field id="member-name" label={t("app.people.name")} problem={problemOf("name")}>
        <input
          id="member-name"
          required
          maxLength={60}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
      </Field>
      <label class="check">
        <input type="checkbox" checked={council} onChange={(e) => setCouncil(e.currentTarget.checked)} />{" "}
        {t("app.person.councilLabel")}
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={withAccount}
          onChange={(e) => setWithAccount(e.currentTarget.checked)}
        />{" "}
        {t("app.people.withAccount")}
      </label>
      {withAccount && (
        <>
          <Field
            id="member-login"
            label={t("app.people.login")}
            help={t("app.setup.loginHelp")}
            problem={problemOf("login")}
          >
            <input
              id="member-login"
              autoComplete="off"
              value={login}
              aria-describedby="member-login-help"
              onInput={(e) => setLogin(e.currentTarget.value)}
            />
          </Field>
          <NewPasswordField
            id="member-password"
            label={t("app.people.password")}
            value={password}
            onInput={setPassword}
            problem={problemOf("password")}
          />
          <Field id="member-role" label={t("app.people.role")}>
            <select id="member-role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`app.role.${r}`)}
                </option>
              ))}
            </select>
          </Field>
        </>
      )}
      <ErrorLine text={error} />
      {note && (
        <p class="ok" role="status">
          {note}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary">
          {t("app.people.create")}
        </button>
      </div>
    </form>
  );
}
