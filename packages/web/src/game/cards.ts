// A card's name when the server names the card as a plain string (club pages read stored games).

import { CARDS } from "@misto/engine";
import { t } from "../i18n/index.js";
import { oneOf } from "../i18n/text.js";

/** The card's words; a card no language names (none comes) as the server spelt it. */
export function cardName(card: string): string {
  return oneOf(CARDS, card) ? t(`card.${card}`) : card;
}
