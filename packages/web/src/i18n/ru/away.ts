// The away part's words in Russian: exactly the keys of ../en/away.ts (tsc checks).

import type { AWAY as EN } from "../en/away.js";
import type { Words } from "../types.js";

export const AWAY: Words<keyof typeof EN> = {
  "away.title": "Кто отсутствует",
  "away.bot.deadlines": "За место {n} играет бот: пропущены сроки",
  "away.bot.dropped": "За место {n} играет бот: телефон не на связи",
  "away.back": "Место {n} вернулось за стол",
  "away.list": "Боты играют за места: {list}",
  "away.mine":
    "За ваше место играет бот. Вернуть его можно в любой момент: телефон переподключится с вашим ключом места.",
  "away.takeBack": "Вернуть моё место",
};
