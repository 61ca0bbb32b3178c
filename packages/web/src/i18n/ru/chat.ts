// The chat part's words in Russian: exactly the keys of ../en/chat.ts (tsc checks).

import type { CHAT as EN } from "../en/chat.js";
import type { Words } from "../types.js";

export const CHAT: Words<keyof typeof EN> = {
  "chat.title": "Чат",
  "chat.tab.city": "Город",
  "chat.tab.out": "Выбывшие",
  "chat.city.empty": "В городе пока тихо.",
  "chat.out.empty": "Здесь пишут только выбывшие. Живые этого не видят.",
  "chat.who": "{n} · {name}:",
  "chat.label": "Ваше сообщение",
  "chat.placeholder": "Ваше слово…",
  "chat.send": "Отправить",
  "chat.offline": "Нет связи: отправить можно после переподключения.",
  "chat.silenced.deal": "Во время раздачи никто не говорит.",
  "chat.silenced.night": "Ночь: город спит, никто не говорит.",
  "chat.silenced.vote": "Во время объявления и голосования никто не говорит.",
  "chat.silenced.turn": "Сейчас говорит место {n}.",
  "chat.silenced.muted": "Вы лишены слова (3 фола).",
  "chat.silenced.out": "Вы выбыли: в городе вы не говорите.",
  "chat.silenced.other": "Сейчас вы не можете говорить.",
  "chat.out.living": "Этот чат — только для выбывших.",
  "chat.out.over": "Игра окончена: говорите в городе.",
  "chat.floor.night": "Ночь. Никто не говорит.",
  "chat.floor.deal": "Раздача. Никто не говорит.",
  "chat.floor.discussion": "Общее обсуждение: говорят все живые.",
  "chat.floor.seat": "Слово у места {n}.",
  "chat.floor.you": "Ваше слово.",
  "chat.floor.vote": "Голосует место {n}.",
  "chat.floor.nobody": "Сейчас никто не говорит.",
  "chat.floor.open": "Игра окончена: говорят все.",
};
