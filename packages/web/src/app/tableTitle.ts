// A table's title: the one typed, or, untitled, "Game of <date>" in the host's language (the
// server's own default is English).

import type { Key, Language } from "../i18n/index.js";

type Say = (key: Key, params: { date: string }) => string;

export function tableTitle(typed: string, lang: Language, date: Date, say: Say): string {
  return typed.trim() || say("app.new.defaultTitle", { date: date.toLocaleDateString(lang) });
}
