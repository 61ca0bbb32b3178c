// @misto/bots: players for simulated games (random and heuristic) and the loop that plays them.

export type { Bot, BotKind, Seen } from "./bot.js";
export { type Claim, claimsIn, formatClaim, formatClaims, parseClaims } from "./claims.js";
export { HeuristicBot } from "./heuristic.js";
export { type HostMove, type HostWait, hostMove, NO_RATING, type RatingHost } from "./host.js";
export { type GameSummary, MAX_COMMANDS, makeBot, type PlayOptions, playGame } from "./play.js";
export { RandomBot } from "./random.js";
export {
  discussionFloor,
  type Line,
  lineFor,
  type Said,
  speakerOf,
  TALK_LANGUAGES,
  type TalkLanguage,
  typingMs,
  type Voice,
} from "./talk/index.js";
