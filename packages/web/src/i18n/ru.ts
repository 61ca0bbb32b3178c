// Every word in Russian, one chunk of its own: the app loads only the language the reader chose.

import { APP } from "./ru/app.js";
import { AWAY } from "./ru/away.js";
import { CHAT } from "./ru/chat.js";
import { CITY } from "./ru/city.js";
import { CLUB } from "./ru/club.js";
import { GAME } from "./ru/game.js";
import { LOBBY } from "./ru/lobby.js";
import { NIGHTS } from "./ru/nights.js";
import { PEOPLE } from "./ru/people.js";
import { PHONE } from "./ru/phone.js";
import { PLURALS } from "./ru/plurals.js";
import { STREAM } from "./ru/stream.js";
import { TOURNAMENTS } from "./ru/tournaments.js";
import type { Pack } from "./types.js";

/** The parts merged; a key two parts define is a mistake the i18n test reports. */
export const WORDS: Pack["words"] = {
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
