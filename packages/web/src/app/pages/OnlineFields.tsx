// The online-table form's own settings: the bots' language, how many seats are for people, the
// deadlines and when a bot takes an absent player's seat; each with its range (./onlineDraft.ts).

import { ONLINE_LANGUAGES, type OnlineLanguage, type OnlineNumber } from "@misto/protocol";
import { t } from "../../i18n/index.js";
import { describedBy, Field } from "../ui.js";
import { ONLINE_FIELDS, type OnlineDraft, onlineRange } from "./onlineDraft.js";

export function OnlineFields(props: {
  draft: OnlineDraft;
  problems: Partial<Record<OnlineNumber, true>>;
  tried: boolean;
  onChange: (draft: OnlineDraft) => void;
}) {
  const { draft, problems, tried, onChange } = props;
  return (
    <section aria-labelledby="online-settings-heading" class="stack">
      <h2 id="online-settings-heading">{t("app.online.settings")}</h2>
      <Field id="online-language" label={t("app.online.language")}>
        <select
          id="online-language"
          value={draft.language}
          onChange={(e) => onChange({ ...draft, language: e.currentTarget.value as OnlineLanguage })}
        >
          {ONLINE_LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {t(`app.lang.${lang}`)}
            </option>
          ))}
        </select>
      </Field>
      {ONLINE_FIELDS.map(({ key, ms }) => {
        const id = `online-${key}`;
        const { min, max } = onlineRange(key);
        const problem = tried && problems[key] ? t("app.online.range", { min, max }) : null;
        const help = key === "humanSeats" ? t("app.online.humanSeatsHelp") : undefined;
        const name = t(`app.online.${key}`);
        return (
          <Field
            key={key}
            id={id}
            label={ms ? t("app.online.inSeconds", { name }) : name}
            help={help}
            problem={problem}
          >
            <input
              id={id}
              type="number"
              inputMode={ms ? "decimal" : "numeric"}
              min={min}
              max={max}
              step={ms ? "any" : 1}
              value={draft.numbers[key]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={describedBy(id, help !== undefined, problem !== null)}
              onInput={(e) =>
                onChange({ ...draft, numbers: { ...draft.numbers, [key]: e.currentTarget.value } })
              }
            />
          </Field>
        );
      })}
    </section>
  );
}
