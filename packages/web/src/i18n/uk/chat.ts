// The chat part's words in Ukrainian: exactly the keys of ../en/chat.ts (tsc checks).

import type { CHAT as EN } from "../en/chat.js";
import type { Words } from "../types.js";

export const CHAT: Words<keyof typeof EN> = {
  "chat.title": "Чат",
  "chat.tab.city": "Місто",
  "chat.tab.out": "Вибулі",
  "chat.city.empty": "У місті поки тихо.",
  "chat.out.empty": "Тут пишуть лише вибулі. Живі цього не бачать.",
  "chat.who": "{n} · {name}:",
  "chat.label": "Ваше повідомлення",
  "chat.placeholder": "Ваше слово…",
  "chat.send": "Надіслати",
  "chat.offline": "Немає зв'язку: надіслати можна після перепідключення.",
  "chat.silenced.deal": "Під час роздачі ніхто не говорить.",
  "chat.silenced.night": "Ніч: місто спить, ніхто не говорить.",
  "chat.silenced.vote": "Під час оголошення й голосування ніхто не говорить.",
  "chat.silenced.turn": "Зараз говорить місце {n}.",
  "chat.silenced.muted": "Вас позбавлено слова (3 фоли).",
  "chat.silenced.out": "Ви вибули: у місті ви не говорите.",
  "chat.silenced.other": "Зараз ви не можете говорити.",
  "chat.out.living": "Цей чат — лише для вибулих.",
  "chat.out.over": "Гру закінчено: говоріть у місті.",
  "chat.floor.night": "Ніч. Ніхто не говорить.",
  "chat.floor.deal": "Роздача. Ніхто не говорить.",
  "chat.floor.discussion": "Загальне обговорення: говорять усі живі.",
  "chat.floor.seat": "Слово в місця {n}.",
  "chat.floor.you": "Ваше слово.",
  "chat.floor.vote": "Голосує місце {n}.",
  "chat.floor.nobody": "Зараз ніхто не говорить.",
  "chat.floor.open": "Гру закінчено: говорять усі.",
};
