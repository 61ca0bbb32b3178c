// A host signs in (POST /api/session); the session cookie does the rest.

import type { HostInfo } from "@misto/protocol";
import { useState } from "preact/hooks";
import { t } from "../../i18n/index.js";
import { navigate } from "../router.js";
import { api } from "../session.js";
import { ErrorLine, errorText, Field } from "../ui.js";

export function SignInPage(props: { onDone: (host: HostInfo) => void }) {
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await api.signIn({ login: login.trim(), password });
    setBusy(false);
    if (answer.ok) {
      props.onDone(answer.value.host);
      navigate("/", { replace: true });
    } else {
      const status = answer.error.status;
      setError(status === 401 || status === 400 ? t("app.signin.bad") : errorText(answer.error));
    }
  };

  return (
    <section class="narrow">
      <h1>{t("app.signin.title")}</h1>
      <form onSubmit={submit} class="stack">
        <Field id="signin-login" label={t("app.signin.login")}>
          <input
            id="signin-login"
            required
            autoComplete="username"
            autoCapitalize="none"
            spellcheck={false}
            value={login}
            onInput={(e) => setLogin(e.currentTarget.value)}
          />
        </Field>
        <Field id="signin-password" label={t("app.signin.password")}>
          <input
            id="signin-password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </Field>
        <ErrorLine text={error} />
        <button type="submit" class="primary" disabled={busy}>
          {t("app.signin.submit")}
        </button>
      </form>
    </section>
  );
}
