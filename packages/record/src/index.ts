// @misto/record: the game record format, its JSON Schema, validation and replay.

export * from "./types.js";
