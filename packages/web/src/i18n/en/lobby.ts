// The lobby of online tables (app/pages/Lobby.tsx) and the spectator's delay, in every language.
// English: the source of the keys; the other languages must have exactly these.

export const LOBBY = {
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
};
