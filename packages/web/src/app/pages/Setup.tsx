// First run: the setup link's token creates the club and its administrator (POST /api/setup).

import type { HostInfo } from "@misto/protocol";
import { useState } from "preact/hooks";
import { t } from "../../i18n/index.js";
import { LIMITS, loginOk } from "../limits.js";
import { navigate } from "../router.js";
import { api } from "../session.js";
import { describedBy, ErrorLine, errorText, Field } from "../ui.js";

export function SetupPage(props: { token: string | null; onDone: (host: HostInfo) => void }) {
  const [club, setClub] = useState("");
  const [name, setName] = useState("");
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  if (!props.token) {
    return (
      <section class="narrow">
        <h1>{t("app.setup.title")}</h1>
        <p>{t("app.setup.noToken")}</p>
      </section>
    );
  }
  const token = props.token;
  const loginProblem = tried && !loginOk(login) ? t("app.setup.badLogin") : null;
  const passwordProblem = tried && password.length < LIMITS.passwordMin ? t("app.setup.shortPassword") : null;
  const againProblem = tried && again !== password ? t("app.setup.mismatch") : null;

  const submit = async (event: Event) => {
    event.preventDefault();
    setTried(true);
    if (!loginOk(login) || password.length < LIMITS.passwordMin || again !== password) return;
    setBusy(true);
    setError(null);
    const answer = await api.setup({
      token,
      club: { name: club.trim() },
      admin: { name: name.trim(), login, password },
    });
    setBusy(false);
    if (answer.ok) {
      props.onDone(answer.value.host);
      navigate("/", { replace: true });
      return;
    }
    const code = answer.error.error;
    setError(
      code === "bad_token"
        ? t("app.setup.badToken")
        : code === "already_set_up"
          ? t("app.setup.already")
          : errorText(answer.error),
    );
  };

  return (
    <section class="narrow">
      <h1>{t("app.setup.title")}</h1>
      <p>{t("app.setup.intro")}</p>
      <form onSubmit={submit} class="stack">
        <Field id="club" label={t("app.setup.club")}>
          <input
            id="club"
            required
            maxLength={LIMITS.clubName}
            value={club}
            onInput={(e) => setClub(e.currentTarget.value)}
          />
        </Field>
        <Field id="admin-name" label={t("app.setup.adminName")}>
          <input
            id="admin-name"
            required
            maxLength={LIMITS.personName}
            autoComplete="name"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </Field>
        <Field id="login" label={t("app.setup.login")} help={t("app.setup.loginHelp")} problem={loginProblem}>
          <input
            id="login"
            required
            autoComplete="username"
            autoCapitalize="none"
            spellcheck={false}
            value={login}
            aria-invalid={loginProblem ? true : undefined}
            aria-describedby={describedBy("login", true, !!loginProblem)}
            onInput={(e) => setLogin(e.currentTarget.value)}
          />
        </Field>
        <Field
          id="password"
          label={t("app.setup.password")}
          help={t("app.setup.passwordHelp")}
          problem={passwordProblem}
        >
          <input
            id="password"
            type="password"
            required
            autoComplete="new-password"
            value={password}
            aria-invalid={passwordProblem ? true : undefined}
            aria-describedby={describedBy("password", true, !!passwordProblem)}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </Field>
        <Field id="password2" label={t("app.setup.password2")} problem={againProblem}>
          <input
            id="password2"
            type="password"
            required
            autoComplete="new-password"
            value={again}
            aria-invalid={againProblem ? true : undefined}
            aria-describedby={describedBy("password2", false, !!againProblem)}
            onInput={(e) => setAgain(e.currentTarget.value)}
          />
        </Field>
        <ErrorLine text={error} />
        <button type="submit" class="primary" disabled={busy}>
          {t("app.setup.submit")}
        </button>
      </form>
    </section>
  );
}
