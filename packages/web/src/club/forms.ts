// The club pages' forms read into request bodies: a new season, a seat's corrected points, an
// imported file. Each answers the body or the problem by name (the page words it).

import { isDay } from "./filters.js";

export type SeasonProblem = "name" | "from" | "until" | "order";

/** A new season from what the admin typed. */
export function readSeason(draft: {
  name: string;
  from: string;
  until: string;
}):
  | { ok: true; body: { name: string; from: string; until: string } }
  | { ok: false; problems: SeasonProblem[] } {
  const name = draft.name.trim();
  const problems: SeasonProblem[] = [];
  if (name.length === 0 || name.length > 60) problems.push("name");
  if (!isDay(draft.from)) problems.push("from");
  if (!isDay(draft.until)) problems.push("until");
  if (problems.length === 0 && draft.until < draft.from) problems.push("order");
  return problems.length
    ? { ok: false, problems }
    : { ok: true, body: { name, from: draft.from, until: draft.until } };
}

/** RATE-4: no player gets more than 5 points for one game. */
export const MAX_POINTS = 5;

export type CorrectionProblem = "points" | "reason";

/** A seat's corrected points: a whole number 0…5, and a reason (said to whoever reads the game). */
export function readCorrection(draft: {
  seat: number;
  points: string;
  reason: string;
}):
  | { ok: true; body: { seat: number; points: number; reason: string } }
  | { ok: false; problems: CorrectionProblem[] } {
  const problems: CorrectionProblem[] = [];
  const text = draft.points.trim();
  const points = Number(text);
  if (!/^\d+$/.test(text) || points > MAX_POINTS) problems.push("points");
  const reason = draft.reason.trim();
  if (reason.length === 0 || reason.length > 200) problems.push("reason");
  return problems.length ? { ok: false, problems } : { ok: true, body: { seat: draft.seat, points, reason } };
}

/** What a chosen file holds: one game record, an archive of records, or neither. */
export type ImportFile =
  | { readonly ok: true; readonly kind: "record" | "archive"; readonly games: number; readonly body: unknown }
  | { readonly ok: false; readonly problem: "json" | "format" };

/** Reads an import file's text; the server checks every record, this only says what was chosen. */
export function readImportFile(text: string): ImportFile {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, problem: "json" };
  }
  if (typeof body !== "object" || body === null) return { ok: false, problem: "format" };
  const format = (body as { format?: unknown }).format;
  if (format === "misto-record") return { ok: true, kind: "record", games: 1, body };
  const records = (body as { records?: unknown }).records;
  if (format === "misto-archive" && Array.isArray(records))
    return { ok: true, kind: "archive", games: records.length, body };
  return { ok: false, problem: "format" };
}
