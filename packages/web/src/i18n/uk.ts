// Every word in Ukrainian, one chunk of its own: the app loads only the language the reader chose.

import type { Pack } from "./types.js";
import { APP } from "./uk/app.js";
import { AWAY } from "./uk/away.js";
import { CHAT } from "./uk/chat.js";
import { CITY } from "./uk/city.js";
import { CLUB } from "./uk/club.js";
import { GAME } from "./uk/game.js";
import { LOBBY } from "./uk/lobby.js";
import { NIGHTS } from "./uk/nights.js";
import { PEOPLE } from "./uk/people.js";
import { PHONE } from "./uk/phone.js";
import { PLURALS } from "./uk/plurals.js";
import { STREAM } from "./uk/stream.js";
import { TOURNAMENTS } from "./uk/tournaments.js";

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
