// A phone's line of text in the current language: its key, its parameters, and a card's name for
// its "{card}" parameter.

import { t } from "../i18n/index.js";
import type { Line } from "./screen.js";

export function tr(line: Line): string {
  const params = line.card ? { ...line.params, card: t(`card.${line.card}`) } : line.params;
  return t(line.key, params);
}
