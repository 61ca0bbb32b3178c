// The phone's chat (online play): the city's speeches, the out chat, who has the floor, and why a
// player may not write now,.
// English: the source of the keys; the other languages must have exactly these.

export const CHAT = {
  "chat.title": "Chat",
  "chat.tab.city": "City",
  "chat.tab.out": "Out of the game",
  "chat.city.empty": "The city is quiet so far.",
  "chat.out.empty": "Only players out of the game write here. The living never see it.",
  "chat.who": "{n} · {name}:",
  "chat.label": "Your message",
  "chat.placeholder": "Your word…",
  "chat.send": "Send",
  "chat.offline": "Offline: you can send once reconnected.",
  "chat.silenced.deal": "Nobody speaks during the deal.",
  "chat.silenced.night": "Night: the city sleeps, nobody speaks.",
  "chat.silenced.vote": "Nobody speaks during the announcement or the vote.",
  "chat.silenced.turn": "Seat {n} is speaking now.",
  "chat.silenced.muted": "You may not speak (3 fouls).",
  "chat.silenced.out": "You are out of the game: you do not speak in the city.",
  "chat.silenced.other": "You may not speak now.",
  "chat.out.living": "This chat is for players out of the game only.",
  "chat.out.over": "The game is over: speak in the city.",
  "chat.floor.night": "Night. Nobody speaks.",
  "chat.floor.deal": "The deal. Nobody speaks.",
  "chat.floor.discussion": "Open discussion: every living player may speak.",
  "chat.floor.seat": "Seat {n} has the floor.",
  "chat.floor.you": "You have the floor.",
  "chat.floor.vote": "Seat {n} is voting.",
  "chat.floor.nobody": "Nobody speaks now.",
  "chat.floor.open": "The game is over: everyone may speak.",
};
