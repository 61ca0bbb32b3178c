// Online tables: the server is the host. Older tables read as not online (null).

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tables").addColumn("online", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tables").dropColumn("online").execute();
}
