// The console's routes as values, read from a path (no browser here: tests use it).

export type Route =
  | { readonly name: "setup"; readonly token: string | null }
  | { readonly name: "signin" }
  | { readonly name: "tables" }
  | { readonly name: "newTable" }
  | { readonly name: "table"; readonly id: string }
  | { readonly name: "online"; readonly id: string }
  | { readonly name: "display"; readonly id: string }
  | { readonly name: "overlay"; readonly id: string }
  | { readonly name: "broadcast"; readonly id: string }
  | { readonly name: "board"; readonly id: string }
  | { readonly name: "join"; readonly code: string | null }
  | { readonly name: "seat"; readonly id: string }
  | { readonly name: "people" }
  | { readonly name: "person"; readonly id: string }
  | { readonly name: "complaints" }
  | { readonly name: "tableComplaints"; readonly id: string }
  | { readonly name: "nights" }
  | { readonly name: "lobby" }
  | { readonly name: "night"; readonly id: string }
  | { readonly name: "tournaments" }
  | { readonly name: "tournament"; readonly id: string }
  | ClubRoute
  | { readonly name: "notFound" };

/** The club's pages (src/club): the rating, a player, the club, the archive, a game, the import. */
export type ClubRoute =
  | { readonly name: "rating"; readonly season: string | null }
  | { readonly name: "player"; readonly id: string }
  | { readonly name: "club" }
  | { readonly name: "games"; readonly search: string }
  | { readonly name: "game"; readonly id: string }
  | { readonly name: "importGames" };

export const CLUB_ROUTES: ReadonlySet<Route["name"]> = new Set([
  "rating",
  "player",
  "club",
  "games",
  "game",
  "importGames",
]);

/**
 * Reads a route from a path, a hash (the setup link carries its token as #token=…) and a query
 * (the rating's season, the archive's filters).
 */
export function matchRoute(path: string, hash = "", search = ""): Route {
  const clean = path.replace(/\/+$/, "") || "/";
  if (clean === "/") return { name: "tables" };
  if (clean === "/setup") {
    const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
    return { name: "setup", token: token || null };
  }
  if (clean === "/signin") return { name: "signin" };
  if (clean === "/tables/new") return { name: "newTable" };
  if (clean === "/people") return { name: "people" };
  const person = /^\/people\/([^/]+)$/.exec(clean);
  if (person?.[1]) return { name: "person", id: decodeURIComponent(person[1]) };
  if (clean === "/complaints") return { name: "complaints" };
  if (clean === "/nights") return { name: "nights" };
  if (clean === "/lobby") return { name: "lobby" };
  const night = /^\/nights\/([^/]+)$/.exec(clean);
  if (night?.[1]) return { name: "night", id: decodeURIComponent(night[1]) };
  if (clean === "/tournaments") return { name: "tournaments" };
  const tournament = /^\/tournaments\/([^/]+)$/.exec(clean);
  if (tournament?.[1]) return { name: "tournament", id: decodeURIComponent(tournament[1]) };
  const complaints = /^\/tables\/([^/]+)\/complaints$/.exec(clean);
  if (complaints?.[1]) return { name: "tableComplaints", id: decodeURIComponent(complaints[1]) };
  const table = /^\/tables\/([^/]+)$/.exec(clean);
  if (table?.[1]) return { name: "table", id: decodeURIComponent(table[1]) };
  const online = /^\/online\/([^/]+)$/.exec(clean);
  if (online?.[1]) return { name: "online", id: decodeURIComponent(online[1]) };
  const display = /^\/display\/([^/]+)$/.exec(clean);
  if (display?.[1]) return { name: "display", id: decodeURIComponent(display[1]) };
  const stream = /^\/(overlay|broadcast|board)\/([^/]+)$/.exec(clean);
  if (stream?.[2]) {
    const name = stream[1] as "overlay" | "broadcast" | "board";
    return { name, id: decodeURIComponent(stream[2]) };
  }
  if (clean === "/join") return { name: "join", code: null };
  const join = /^\/join\/([^/]+)$/.exec(clean);
  if (join?.[1]) return { name: "join", code: decodeURIComponent(join[1]) };
  const seat = /^\/seat\/([^/]+)$/.exec(clean);
  if (seat?.[1]) return { name: "seat", id: decodeURIComponent(seat[1]) };
  return matchClub(clean, search) ?? { name: "notFound" };
}

function matchClub(clean: string, search: string): ClubRoute | null {
  if (clean === "/rating")
    return { name: "rating", season: new URLSearchParams(search).get("season") || null };
  if (clean === "/club") return { name: "club" };
  if (clean === "/games") return { name: "games", search: search.replace(/^\?/, "") };
  if (clean === "/games/import") return { name: "importGames" };
  const game = /^\/games\/([^/]+)$/.exec(clean);
  if (game?.[1]) return { name: "game", id: decodeURIComponent(game[1]) };
  const player = /^\/players\/([^/]+)$/.exec(clean);
  if (player?.[1]) return { name: "player", id: decodeURIComponent(player[1]) };
  return null;
}
