// Every rules setting of the engine (SETTING_NAMES), each with its control and limits from its
// schema (SETTING_SHAPES), a line saying what it does, and its problem from the engine's own
// validateSettings, shown as the host types.

import { SETTING_NAMES, SETTING_SHAPES, type Settings } from "@misto/engine";
import { has, t } from "../../i18n/index.js";
import type { SettingProblem, SettingsDraft } from "../forms.js";
import { describedBy, Field } from "../ui.js";

export function SettingsEditor(props: {
  draft: SettingsDraft;
  problems: Partial<Record<string, SettingProblem>>;
  onChange: (draft: SettingsDraft) => void;
}) {
  const { draft, problems } = props;
  const set = (name: keyof Settings, value: string | boolean) => props.onChange({ ...draft, [name]: value });
  return (
    <div class="settings-grid">
      {SETTING_NAMES.map((name) => {
        const id = `setting-${name}`;
        const value = draft[name];
        const label = t(`app.setting.${name}.label`);
        const help = t(`app.setting.${name}.help`);
        const shape = SETTING_SHAPES[name];
        const found = problems[name];
        const problem = !found
          ? null
          : found.kind === "list"
            ? t("app.settings.badList")
            : found.range && found.list
              ? t("app.settings.listRange", { ...found.range, ...found.list })
              : found.range
                ? t("app.settings.range", found.range)
                : t("app.settings.invalid", { detail: found.detail });
        const described = describedBy(id, true, !!problem);
        const invalid = problem ? true : undefined;
        if (shape.kind === "boolean" && typeof value === "boolean") {
          return (
            <div key={name} class="field toggle-field">
              <label class="toggle" for={id}>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  checked={value}
                  aria-checked={value}
                  aria-describedby={described}
                  onChange={(e) => set(name, e.currentTarget.checked)}
                />
                <span class="toggle-track" aria-hidden="true" />
                <span class="toggle-label">{label}</span>
                <span class="toggle-state" aria-hidden="true">
                  {value ? t("app.settings.on") : t("app.settings.off")}
                </span>
              </label>
              <p class="help" id={`${id}-help`}>
                {help}
              </p>
            </div>
          );
        }
        return (
          <Field key={name} id={id} label={label} help={help} problem={problem}>
            {shape.kind === "choice" ? (
              <select
                id={id}
                value={String(value)}
                aria-describedby={described}
                onChange={(e) => set(name, e.currentTarget.value)}
              >
                {shape.options.map((option) => (
                  <option key={option} value={option}>
                    {optionText(`app.option.${name}.${option}`, option)}
                  </option>
                ))}
              </select>
            ) : shape.kind === "list" ? (
              <input
                id={id}
                inputMode="numeric"
                value={String(value)}
                aria-invalid={invalid}
                aria-describedby={described}
                onInput={(e) => set(name, e.currentTarget.value)}
              />
            ) : (
              <input
                id={id}
                type="number"
                inputMode="numeric"
                step={1}
                min={shape.kind === "number" ? shape.min : undefined}
                max={shape.kind === "number" ? shape.max : undefined}
                value={String(value)}
                placeholder={
                  shape.kind === "number" && shape.nullable ? t("app.settings.emptyIsOff") : undefined
                }
                aria-invalid={invalid}
                aria-describedby={described}
                onInput={(e) => set(name, e.currentTarget.value)}
              />
            )}
          </Field>
        );
      })}
    </div>
  );
}

/** An option's words; one no language names yet (a newer engine's) as the engine spells it. */
function optionText(key: string, option: string): string {
  return has(key) ? t(key) : option;
}
