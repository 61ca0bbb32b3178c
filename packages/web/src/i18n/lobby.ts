// The lobby of online tables (app/pages/Lobby.tsx) and the spectator's delay, in every language.

import type { Strings } from "./types.js";

export const LOBBY_STRINGS: Strings = {
  ru: {
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
  },
  uk: {
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
  },
  en: {
    "lobby.nav": "Online",
    "lobby.title": "Online tables",
    "lobby.about":
      "Tables you can sit at now, and those where a game is under way. One tap and a free seat is yours; bots take the other seats.",
    "lobby.none": "No online table is open now.",
    "lobby.seatsFree": "Seats free: {n} of {of}",
    "lobby.started": "Game under way",
    "lobby.language": "Bots speak: {lang}",
    "lobby.deadlines": "Night {night} s, vote {vote} s",
    "lobby.delay": "Spectators see the game {n} s late",
    "lobby.live": "Spectators see the game live",
    "lobby.join": "Sit at “{title}”",
    "lobby.joining": "Taking a seat…",
    "lobby.watch": "Watch “{title}”",
    "lobby.full": "Every seat is taken: you can watch the game.",
    "lobby.startedNow": "The game has begun: you can watch it.",
    "app.online.spectatorDelayMs": "Delay for spectators",
  },
};
