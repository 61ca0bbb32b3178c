// The lobby part's words in Ukrainian: exactly the keys of ../en/lobby.ts (tsc checks).

import type { LOBBY as EN } from "../en/lobby.js";
import type { Words } from "../types.js";

export const LOBBY: Words<keyof typeof EN> = {
  "lobby.nav": "Онлайн",
  "lobby.title": "Онлайн-столи",
  "lobby.about":
    "Столи, за які можна сісти зараз, і ті, де вже йде гра. Один дотик — і вільне місце ваше; на решту місць сядуть боти.",
  "lobby.none": "Зараз відкритих онлайн-столів немає.",
  "lobby.seatsFree": "Вільно місць: {n} з {of}",
  "lobby.started": "Гра йде",
  "lobby.language": "Мова ботів: {lang}",
  "lobby.deadlines": "Ніч {night} с, голос {vote} с",
  "lobby.delay": "Глядачі бачать гру із затримкою {n} с",
  "lobby.live": "Глядачі бачать гру без затримки",
  "lobby.join": "Сісти за стіл «{title}»",
  "lobby.joining": "Сідаю…",
  "lobby.watch": "Дивитися «{title}»",
  "lobby.full": "Усі місця зайняті: можна дивитися гру.",
  "lobby.startedNow": "Гра вже почалася: можна дивитися її.",
  "app.online.spectatorDelayMs": "Затримка для глядачів",
};
