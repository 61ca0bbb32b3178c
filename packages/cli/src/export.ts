// `misto export`: every finished game of the club as one misto-archive, written by the server's own
// archive code (the admin's "export records" download), to a file or to stdout.

import { existsSync, writeFileSync } from "node:fs";
import { exportClubArchive, isPostgresUrl, openStore } from "@misto/server";
import { DB_FLAG, parseFlags } from "./args.js";
import { type Io, UsageError } from "./io.js";

export async function exportCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseFlags("export", argv, { db: DB_FLAG, out: { type: "string" } }, 0);
  const db = values.db;
  // Opening a SQLite path creates the file: an export must not make an empty club by mistake.
  if (!isPostgresUrl(db) && !existsSync(db)) {
    throw new UsageError(`misto export: no database at ${db} (give --db FILE or --db postgres://…)`);
  }
  const store = await openStore(db);
  let text: string;
  let games: number;
  try {
    const archive = await exportClubArchive(store);
    // The same text as the server's GET /api/export/records, with a final newline.
    text = `${JSON.stringify(archive)}\n`;
    games = archive.records.length;
  } finally {
    await store.close();
  }
  if (values.out === undefined) {
    io.stdout.write(text);
    return 0;
  }
  try {
    writeFileSync(values.out, text);
  } catch (error) {
    io.stderr.write(
      `misto export: cannot write ${values.out}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  io.stderr.write(`misto export: ${games} ${games === 1 ? "game" : "games"} written to ${values.out}\n`);
  return 0;
}
