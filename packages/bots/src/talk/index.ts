// A bot's speech in the city: what it says (speech.ts) from its own view only, in the table's
// language (phrases.ts), and how long it takes to type (timing.ts).

export { discussionFloor, speakerOf } from "./floor.js";
export { TALK_LANGUAGES, type TalkLanguage } from "./phrases.js";
export { type Line, lineFor, type Said, type Voice } from "./speech.js";
export { typingMs } from "./timing.js";
