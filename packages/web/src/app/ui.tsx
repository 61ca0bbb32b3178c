// Small building blocks shared by the shell's pages: a labelled field, an error line, an in-app link.

import type { ComponentChildren } from "preact";
import type { ApiError } from "../api/client.js";
import { t } from "../i18n/index.js";
import { onLinkClick } from "./router.js";

export function Link(props: {
  href: string;
  class?: string;
  children: ComponentChildren;
  "aria-label"?: string;
  "aria-current"?: "page" | undefined;
}) {
  return (
    <a
      href={props.href}
      class={props.class}
      onClick={onLinkClick}
      aria-label={props["aria-label"]}
      aria-current={props["aria-current"]}
    >
      {props.children}
    </a>
  );
}

/** A control with its label above, a help line and its problem below (both tied to it for screen readers). */
export function Field(props: {
  id: string;
  label: string;
  help?: string | undefined;
  problem?: string | null | undefined;
  children: ComponentChildren;
}) {
  return (
    <div class={props.problem ? "field has-problem" : "field"}>
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.help && (
        <p class="help" id={`${props.id}-help`}>
          {props.help}
        </p>
      )}
      {props.problem && (
        <p class="problem" id={`${props.id}-problem`} role="alert">
          {props.problem}
        </p>
      )}
    </div>
  );
}

/** A required text, date-time or number input in its labelled field (the club's event forms). */
export function TextField(props: {
  id: string;
  label: string;
  help?: string;
  type?: "datetime-local" | "number";
  min?: number;
  max?: number;
  step?: number;
  value: string;
  set: (value: string) => void;
}) {
  const number = props.type === "number";
  return (
    <Field id={props.id} label={props.label} help={props.help}>
      <input
        id={props.id}
        type={(props.type ?? "text") as "text"}
        required
        min={number ? props.min : undefined}
        max={number ? props.max : undefined}
        step={props.step}
        maxLength={number ? undefined : props.max}
        aria-describedby={props.help ? `${props.id}-help` : undefined}
        value={props.value}
        onInput={(e) => props.set(e.currentTarget.value)}
      />
    </Field>
  );
}

/** aria-describedby for a Field's control. */
export function describedBy(id: string, help: boolean, problem: boolean): string | undefined {
  const ids = [help ? `${id}-help` : "", problem ? `${id}-problem` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

/** A server error in words: "offline" is ours; anything else the server's own sentence. */
export function errorText(error: ApiError): string {
  return error.status === 0 ? t("app.error.offline") : t("app.error.server", { message: error.message });
}

export function ErrorLine(props: { text: string | null }) {
  return props.text ? (
    <p class="problem banner" role="alert">
      {props.text}
    </p>
  ) : null;
}

export function Loading() {
  return (
    <p class="loading" aria-live="polite">
      {t("app.loading")}
    </p>
  );
}

/** A field for a new password the admin sets for someone (with the length help under it). */
export function NewPasswordField(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  problem?: string | null;
}) {
  return (
    <Field id={props.id} label={props.label} help={t("app.setup.passwordHelp")} problem={props.problem}>
      <input
        id={props.id}
        type="password"
        autoComplete="new-password"
        value={props.value}
        aria-describedby={`${props.id}-help`}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </Field>
  );
}
