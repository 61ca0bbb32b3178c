// The HTTP server: the API under /api, realtime at /ws, the web app everywhere else.

import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import fastifyWebsocket from "@fastify/websocket";
import { Health } from "@misto/protocol";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { installAccess } from "./auth/access.js";
import { MemoryCounts } from "./auth/memory-counts.js";
import { authRoutes } from "./auth/routes.js";
import { complaintRoutes } from "./club/complaint-routes.js";
import { peopleRoutes } from "./club/people-routes.js";
import { installErrorHandler } from "./errors.js";
import { gameRoutes } from "./games/routes.js";
import { browserHeaders } from "./headers.js";
import { roundRoutes } from "./nights/round-routes.js";
import { nightRoutes } from "./nights/routes.js";
import { nightStandingsRoute } from "./nights/standings-route.js";
import { Metrics } from "./observe/metrics.js";
import { metricsRoute, outcomeOf } from "./observe/metrics-route.js";
import { tableChildLogger } from "./observe/table-logs.js";
import { openApiRoute, SWAGGER_OPTIONS } from "./openapi.js";
import { printRoutes } from "./print/routes.js";
import { ratingRoutes } from "./rating/routes.js";
import { socketError } from "./realtime/bad-frames.js";
import { Hub } from "./realtime/hub.js";
import { OutChat } from "./realtime/out-chat.js";
import { openRedis, type RedisLink, type RedisOptions } from "./realtime/redis.js";
import { realtimeRoute } from "./realtime/socket.js";
import type { Store } from "./store/index.js";
import { BROADCAST_DELAY_MS, Broadcast } from "./stream/broadcast.js";
import { streamRoutes } from "./stream/routes.js";
import { clockRoute } from "./tables/clock-route.js";
import { lobbyRoutes } from "./tables/lobby.js";
import { type OnlineOptions, OnlineRunner } from "./tables/online.js";
import { phoneRoutes } from "./tables/phones.js";
import { tableRoutes } from "./tables/routes.js";
import { TableService } from "./tables/service.js";
import { refereeRoutes } from "./tournaments/referee-routes.js";
import { tournamentRoutes } from "./tournaments/routes.js";
import { DEFAULT_WEB_ROOT, webApp } from "./web.js";

/** The largest request body, in bytes; a larger one is refused with 413. */
export const BODY_LIMIT = 64 * 1024;

export interface ServerOptions {
  readonly store: Store;
  /** The built web app's folder (default: packages/web/dist). */
  readonly webRoot?: string;
  /** Fastify's logger option (default: off). */
  readonly log?: FastifyServerOptions["logger"];
  /** The online tables' timers and bot delays (docs/api.md "Online tables"). */
  readonly online?: OnlineOptions;
  /**
   * The reverse proxies (addresses or CIDRs, comma-separated) whose X-Forwarded-For and
   * X-Forwarded-Proto are believed: the client's address (sign-in throttle) and https (the
   * cookie's Secure flag) are then read from them. Default: none, the socket's own are used.
   */
  readonly trustProxy?: string;
  /**
   * Several server processes share the PostgreSQL store: Redis carries their fan-out and the online
   * tables' leases (docs/operations.md "Several processes"). Refused with SQLite.
   */
  readonly redis?: RedisOptions;
  /** The bearer token GET /metrics wants (docs/operations.md "Metrics"); without it /metrics is off. */
  readonly metricsToken?: string;
  /** How long the broadcast view holds a table back, in ms (default 5 minutes; docs/club-nights.md). */
  readonly broadcastDelayMs?: number;
}

/** Why `--redis` is refused with SQLite. */
export const REDIS_NEEDS_POSTGRES =
  "--redis needs --db postgres://…: Redis links several server processes sharing one PostgreSQL database, and several processes cannot share an SQLite file";

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { store } = options;
  if (options.redis && store.kind !== "postgres") throw new Error(REDIS_NEEDS_POSTGRES);
  // Connected before anything else: a server that cannot reach Redis refuses to start.
  const redis = options.redis ? await openRedis(options.redis) : null;
  try {
    return await build(options, redis);
  } catch (error) {
    await redis?.close();
    throw error;
  }
}

async function build(options: ServerOptions, redis: RedisLink | null): Promise<FastifyInstance> {
  const { store } = options;
  const app = Fastify({
    logger: options.log ?? false,
    childLoggerFactory: tableChildLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    // Validation refuses, never repairs: no extra fields silently dropped, no strings turned into numbers.
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandler(app);
  // Before every route: each route's declared access is checked by one hook (auth/access.ts).
  installAccess(app, store);
  // Bodies are JSON only (docs/api.md): Fastify's own text/plain parser would let a plain HTML
  // form's body through to the schema (a 400) instead of the promised 415.
  app.removeContentTypeParser("text/plain");
  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "no-referrer");
  });

  // Registered before every route: it collects each route's schema into the OpenAPI document.
  await app.register(fastifySwagger, SWAGGER_OPTIONS);
  await browserHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 }, errorHandler: socketError });

  const metrics = new Metrics();
  const tables = new TableService(store, {
    shared: redis !== null,
    observe: (source, ms, refusal) => {
      const { outcome, rule } = outcomeOf(refusal);
      metrics.command(source, outcome, ms / 1000, rule);
    },
  });
  // The server is the host of every online table: live ones resume at start, all stop on close
  // (with several processes, each table runs in the one holding its lease, which keeps up with it).
  let runner: OnlineRunner | null = null;
  const hub = new Hub(tables, redis?.fanout ?? null, (id) => runner?.running(id) === true);
  const outChat = new OutChat(store, tables, hub, redis?.fanout ?? null);
  runner = new OnlineRunner(tables, store, { log: app.log, ...options.online }, redis?.leases);
  const online = runner;
  // Absence (tables/absence.ts): the hub tells the runner who is connected; the runner tells everyone
  // who a bot plays for.
  hub.watchPresence(online);
  // Spectators of an online table see it as it was `spectatorDelayMs` ago (realtime/delay.ts).
  hub.delaySpectators((table) => (table.online ? online.settingsOf(table).spectatorDelayMs : 0));
  online.onAnnounce((id, message) => hub.tell(id, message));
  metrics.watch(store.gauges, {
    sockets: () => app.websocketServer?.clients.size ?? 0,
    liveTables: () => tables.liveCount,
    watchedTables: () => hub.watchedTables().length,
    onlineTables: () => online.size,
  });
  app.addHook("onReady", async () => {
    void online.resume().catch(() => undefined);
  });
  app.addHook("onClose", async () => {
    await online.stop();
    hub.stop();
    await redis?.close();
  });

  // Live: the process answers, whatever its database. Ready: the database answers too (503 if not).
  app.get(
    "/api/health",
    { schema: { summary: "The server is live", tags: ["setup"], response: { 200: Health } } },
    async () => ({ ok: true as const }),
  );
  app.get(
    "/api/ready",
    { schema: { summary: "The database answers", tags: ["setup"], response: { 200: Health } } },
    async () => {
      await store.ping();
      return { ok: true as const };
    },
  );
  const onSignOut = (sessionHash: string) => void hub.endSession(sessionHash);
  // Wrong sign-ins and join codes: counted in Redis when several processes share the club.
  const counts = redis?.counts ?? new MemoryCounts();
  await app.register(authRoutes(store, counts, onSignOut));
  await app.register(peopleRoutes(store, tables, onSignOut));
  await app.register(complaintRoutes(store, tables));
  await app.register(tableRoutes(store, tables, (table) => hub.spectatorView(table)));
  await app.register(clockRoute(tables, hub));
  await app.register(phoneRoutes(store, tables, hub, counts, (table) => online.settingsOf(table)));
  await app.register(lobbyRoutes(store, tables, (table) => online.settingsOf(table)));
  await app.register(ratingRoutes(store));
  await app.register(gameRoutes(store));
  await app.register(nightRoutes(store));
  await app.register(roundRoutes(store, tables));
  const broadcast = new Broadcast(tables, store, options.broadcastDelayMs ?? BROADCAST_DELAY_MS);
  await app.register(streamRoutes(store, broadcast));
  await app.register(printRoutes(store));
  await app.register(nightStandingsRoute(store));
  await app.register(tournamentRoutes(store, tables));
  await app.register(refereeRoutes(store));
  metricsRoute(app, metrics, options.metricsToken);
  openApiRoute(app);
  realtimeRoute(app, store, tables, hub, outChat);
  await webApp(app, options.webRoot ?? DEFAULT_WEB_ROOT);
  return app;
}
