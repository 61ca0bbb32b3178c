// The console's routes as values, read from a path (no browser here: tests use it).

export type Route =
  | { readonly name: "setup"; readonly token: string | null }
  | { readonly name: "signin" }
  | { readonly name: "tables" }
  | { readonly name: "newTable" }
  | { readonly name: "table"; readonly id: string }
  | { readonly name: "online"; readonly id: string }
  | { readonly name: "display"; readonly id: string }
  | { readonly name: "join"; readonly code: string | null }
  | { readonly name: "seat"; readonly id: string }
  | { readonly name: "people" }
  | { readonly name: "person"; readonly id: string }
  | { readonly name: "complaints" }
  | { readonly name: "tableComplaints"; readonly id: string }
  | { readonly name: "notFound" };

/** Reads a route from a path and a hash (the setup link carries its token as #token=…). */
export function matchRoute(path: string, hash = ""): Route {
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
  const complaints = /^\/tables\/([^/]+)\/complaints$/.exec(clean);
  if (complaints?.[1]) return { name: "tableComplaints", id: decodeURIComponent(complaints[1]) };
  const table = /^\/tables\/([^/]+)$/.exec(clean);
  if (table?.[1]) return { name: "table", id: decodeURIComponent(table[1]) };
  const online = /^\/online\/([^/]+)$/.exec(clean);
  if (online?.[1]) return { name: "online", id: decodeURIComponent(online[1]) };
  const display = /^\/display\/([^/]+)$/.exec(clean);
  if (display?.[1]) return { name: "display", id: decodeURIComponent(display[1]) };
  if (clean === "/join") return { name: "join", code: null };
  const join = /^\/join\/([^/]+)$/.exec(clean);
  if (join?.[1]) return { name: "join", code: decodeURIComponent(join[1]) };
  const seat = /^\/seat\/([^/]+)$/.exec(clean);
  if (seat?.[1]) return { name: "seat", id: decodeURIComponent(seat[1]) };
  return { name: "notFound" };
}
