// @misto/server: the HTTP API, realtime channel and web app of one Misto club.

export { BODY_LIMIT, buildServer, REDIS_NEEDS_POSTGRES, type ServerOptions } from "./app.js";
export { prepareSetup, setupLink } from "./auth/setup.js";
export { type Archive, exportClubArchive } from "./games/archive.js";
export { SERVER_NODE_FLAGS } from "./node-flags.js";
export type { RedisOptions } from "./realtime/redis.js";
export { type RunningServer, type StartOptions, startServer } from "./serve.js";
export { openStore, type Store } from "./store/index.js";
export { isPostgresUrl } from "./store/postgres.js";
export type { OnlineOptions } from "./tables/online.js";
