// Every word in English, one chunk of its own: the app loads only the language the reader chose.

import { APP } from "./en/app.js";
import { AWAY } from "./en/away.js";
import { CHAT } from "./en/chat.js";
import { CITY } from "./en/city.js";
import { CLUB } from "./en/club.js";
import { GAME } from "./en/game.js";
import { LOBBY } from "./en/lobby.js";
import { NIGHTS } from "./en/nights.js";
import { PEOPLE } from "./en/people.js";
import { PHONE } from "./en/phone.js";
import { PLURALS } from "./en/plurals.js";
import { STREAM } from "./en/stream.js";
import { TOURNAMENTS } from "./en/tournaments.js";
import type { Pack } from "./types.js";

/** The parts merged; a key two parts define is a mistake the i18n test reports. */
export const WORDS = {
  ...APP,
  ...AWAY,
  ...CHAT,
  ...CITY,
  ...CLUB,
  ...GAME,
  ...LOBBY,
  ...NIGHTS,
  ...PEOPLE,
  ...PHONE,
  ...STREAM,
  ...TOURNAMENTS,
};

export const PACK: Pack = { words: WORDS, plurals: PLURALS };
