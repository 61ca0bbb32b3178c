// The language choice: in the shell's top bar, and on the phone and join pages (which have none);
// remembered on the device.

import { LANGUAGES, t, useLang } from "../i18n/index.js";
import type { Language } from "../i18n/types.js";

export function LanguageSwitch(props: { class: string }) {
  const [lang, setLang] = useLang();
  return (
    <label class={props.class}>
      <span class="visually-hidden">{t("app.nav.language")}</span>
      <select value={lang} onChange={(e) => setLang(e.currentTarget.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`app.lang.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
