// The stream part's words in Russian: exactly the keys of ../en/stream.ts (tsc checks).

import type { STREAM as EN } from "../en/stream.js";
import type { Words } from "../types.js";

export const STREAM: Words<keyof typeof EN> = {
  "board.open": "Табло вечера для телевизора",
  "overlay.open": "Оверлей для трансляции",
  "broadcast.open": "Трансляция с картами",
  "board.now": "Сейчас играют",
  "board.round": "Раунд {n}: сейчас играют",
  "board.noRound": "Ни один раунд ещё не начат.",
  "board.noNight": "Такого вечера нет.",
  "board.host": "Ведущий: {name}",
  "board.next": "Следующий раунд",
  "board.nextRound": "Следующий раунд ({n}): рассадка",
  "board.notDrawn": "Следующий раунд ещё не рассажен.",
  "board.out": "Пропускают раунд: {list}",
  "board.standings": "Итоги вечера",
  "board.noStandings": "Ни одна игра ещё не закончена.",
  "board.place": "№",
  "board.player": "Игрок",
  "board.games": "Игр",
  "board.wins": "Побед",
  "overlay.title": "Оверлей стола",
  "overlay.phase": "Фаза и время",
  "broadcast.title": "Трансляция с картами",
  "broadcast.behind": "Трансляция с картами: задержка {delay}",
  "broadcast.waiting": "Пока нечего показать: стол виден с задержкой {delay}.",
  "broadcast.signIn": "Трансляцию с картами открывает ведущий, войдя в систему.",
  "broadcast.signInLink": "Войти",
  "broadcast.refused": "Трансляцию с картами видят только ведущие и администрация.",
  "broadcast.online": "У онлайн-стола нет трансляции с картами.",
  "broadcast.noTable": "Такого стола нет.",
};
