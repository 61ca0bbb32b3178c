// Online tables: a seat a bot plays for its absent player, told to everybody, and how its player
// takes it back, in every language.

import type { Strings } from "./types.js";

export const AWAY_STRINGS: Strings = {
  ru: {
    "away.title": "Кто отсутствует",
    "away.bot.deadlines": "За место {n} играет бот: пропущены сроки",
    "away.bot.dropped": "За место {n} играет бот: телефон не на связи",
    "away.back": "Место {n} вернулось за стол",
    "away.list": "Боты играют за места: {list}",
    "away.mine":
      "За ваше место играет бот. Вернуть его можно в любой момент: телефон переподключится с вашим ключом места.",
    "away.takeBack": "Вернуть моё место",
  },
  uk: {
    "away.title": "Хто відсутній",
    "away.bot.deadlines": "За місце {n} грає бот: пропущено терміни",
    "away.bot.dropped": "За місце {n} грає бот: телефон не на зв'язку",
    "away.back": "Місце {n} повернулося за стіл",
    "away.list": "Боти грають за місця: {list}",
    "away.mine":
      "За ваше місце грає бот. Повернути його можна будь-коли: телефон перепідключиться з вашим ключем місця.",
    "away.takeBack": "Повернути моє місце",
  },
  en: {
    "away.title": "Who is away",
    "away.bot.deadlines": "Seat {n} is played by a bot: missed deadlines",
    "away.bot.dropped": "Seat {n} is played by a bot: phone away",
    "away.back": "Seat {n} is back",
    "away.list": "Bots play seats: {list}",
    "away.mine":
      "A bot plays your seat. Take it back at any moment: your phone reconnects with your seat token.",
    "away.takeBack": "Take my seat back",
  },
};
