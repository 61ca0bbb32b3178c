// The engine's refusal, shown where the host looks: the rule, in words, and the engine's sentence.

import type { RuleError } from "@misto/engine";
import { t } from "../i18n/index.js";
import { ruleText } from "./ruleText.js";

export function RuleErrorBanner(props: { error: RuleError | null; onDismiss?: () => void }) {
  if (!props.error) return null;
  const text = ruleText(props.error, t);
  return (
    <div class="rule-error" role="alert">
      <strong>{text.title}</strong>
      <small lang="en">{text.detail}</small>
      {props.onDismiss && (
        <button type="button" class="btn btn-icon" onClick={props.onDismiss} aria-label={t("common.close")}>
          ✕
        </button>
      )}
    </div>
  );
}
