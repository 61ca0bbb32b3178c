// The language on a phone or the join page, which have no top bar: the same choice as the shell's,
// remembered on the phone.

import { LANGUAGES, t, useLang } from "../i18n/index.js";
import type { Language } from "../i18n/types.js";

export function LanguageSwitch() {
  const [lang, setLang] = useLang();
  return (
    <label class="phone-lang">
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
