// The away part's words in Ukrainian: exactly the keys of ../en/away.ts (tsc checks).

import type { AWAY as EN } from "../en/away.js";
import type { Words } from "../types.js";

export const AWAY: Words<keyof typeof EN> = {
  "away.title": "Хто відсутній",
  "away.bot.deadlines": "За місце {n} грає бот: пропущено терміни",
  "away.bot.dropped": "За місце {n} грає бот: телефон не на зв'язку",
  "away.back": "Місце {n} повернулося за стіл",
  "away.list": "Боти грають за місця: {list}",
  "away.mine":
    "За ваше місце грає бот. Повернути його можна будь-коли: телефон перепідключиться з вашим ключем місця.",
  "away.takeBack": "Повернути моє місце",
};
