// @misto/protocol: the contract between the server and its clients (HTTP bodies, realtime messages).

export * from "./clock.js";
export * from "./club.js";
export * from "./deadline.js";
export * from "./http.js";
export * from "./lobby.js";
export * from "./nights.js";
export * from "./online.js";
export * from "./patch.js";
export * from "./print.js";
export * from "./rating.js";
export * from "./realtime.js";
export * from "./stream.js";
export * from "./tables.js";
export * from "./tournaments.js";
