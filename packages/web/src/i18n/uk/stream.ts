// The stream part's words in Ukrainian: exactly the keys of ../en/stream.ts (tsc checks).

import type { STREAM as EN } from "../en/stream.js";
import type { Words } from "../types.js";

export const STREAM: Words<keyof typeof EN> = {
  "board.open": "Табло вечора для телевізора",
  "overlay.open": "Оверлей для трансляції",
  "broadcast.open": "Трансляція з картами",
  "board.now": "Зараз грають",
  "board.round": "Раунд {n}: зараз грають",
  "board.noRound": "Жоден раунд ще не почався.",
  "board.noNight": "Такого вечора немає.",
  "board.host": "Ведучий: {name}",
  "board.next": "Наступний раунд",
  "board.nextRound": "Наступний раунд ({n}): розсадка",
  "board.notDrawn": "Наступний раунд ще не розсаджено.",
  "board.out": "Пропускають раунд: {list}",
  "board.standings": "Підсумки вечора",
  "board.noStandings": "Жодна гра ще не закінчена.",
  "board.place": "№",
  "board.player": "Гравець",
  "board.games": "Ігор",
  "board.wins": "Перемог",
  "overlay.title": "Оверлей столу",
  "overlay.phase": "Фаза і час",
  "broadcast.title": "Трансляція з картами",
  "broadcast.behind": "Трансляція з картами: затримка {delay}",
  "broadcast.waiting": "Поки нічого показати: стіл видно із затримкою {delay}.",
  "broadcast.signIn": "Трансляцію з картами відкриває ведучий, увійшовши в систему.",
  "broadcast.signInLink": "Увійти",
  "broadcast.refused": "Трансляцію з картами бачать лише ведучі та адміністрація.",
  "broadcast.online": "Онлайн-стіл не має трансляції з картами.",
  "broadcast.noTable": "Такого столу немає.",
};
