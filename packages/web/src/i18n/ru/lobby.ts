// The lobby part's words in Russian: exactly the keys of ../en/lobby.ts (tsc checks).

import type { LOBBY as EN } from "../en/lobby.js";
import type { Words } from "../types.js";

export const LOBBY: Words<keyof typeof EN> = {
  "lobby.nav": "Онлайн",
  "lobby.title": "Онлайн-столы",
  "lobby.about":
    "Столы, за которые можно сесть сейчас, и те, где уже идёт игра. Одно касание — и свободное место ваше; за остальные места сядут боты.",
  "lobby.none": "Сейчас открытых онлайн-столов нет.",
  "lobby.seatsFree": "Свободно мест: {n} из {of}",
  "lobby.started": "Игра идёт",
  "lobby.language": "Язык ботов: {lang}",
  "lobby.deadlines": "Ночь {night} с, голос {vote} с",
  "lobby.delay": "Зрители видят игру с задержкой {n} с",
  "lobby.live": "Зрители видят игру без задержки",
  "lobby.join": "Сесть за стол «{title}»",
  "lobby.joining": "Сажусь…",
  "lobby.watch": "Смотреть «{title}»",
  "lobby.full": "Все места заняты: можно смотреть игру.",
  "lobby.startedNow": "Игра уже началась: можно смотреть её.",
  "app.online.spectatorDelayMs": "Задержка для зрителей",
};
