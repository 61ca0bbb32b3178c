// The events stored so far in the bench's database (every table's), read from the bench's own
// connection: CPU per stored event is the server's CPU over the window divided by the events the
// window stored (./load.ts).

import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl } from "../store/postgres.js";

export async function storedEvents(db: string): Promise<number> {
  if (isPostgresUrl(db)) {
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from events");
      return Number(rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  }
  const sqlite = new BetterSqlite3(db, { readonly: true, fileMustExist: true });
  try {
    return (sqlite.prepare("select count(*) as n from events").get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}
