// Online tables: a seat a bot plays for its absent player, told to everybody, and how its player
// takes it back,.
// English: the source of the keys; the other languages must have exactly these.

export const AWAY = {
  "away.title": "Who is away",
  "away.bot.deadlines": "Seat {n} is played by a bot: missed deadlines",
  "away.bot.dropped": "Seat {n} is played by a bot: phone away",
  "away.back": "Seat {n} is back",
  "away.list": "Bots play seats: {list}",
  "away.mine":
    "A bot plays your seat. Take it back at any moment: your phone reconnects with your seat token.",
  "away.takeBack": "Take my seat back",
};
