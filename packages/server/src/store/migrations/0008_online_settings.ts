// An online table's own settings (tables/online-settings.ts), as JSON. Older tables have none
// (null) and take the server's defaults.

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tables").addColumn("online_settings", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tables").dropColumn("online_settings").execute();
}
