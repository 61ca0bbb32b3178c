// A player's page sums his seats by team, card, result and how he left (archive-queries.ts
// selectPlayerGroups). 0012's covering index game_seats_groups leads with the game, so that the
// "first seat of the person in the game" test reads it: SQLite then probed it again for every seat
// (his 4,000 at 100,000 games) and sorted the seats into groups. This index holds them in the
// groups' order: the sums read it once, in order, and the test reads 0012's index only for the
// games where he sat twice (a merged guest and his member), found in one pass of it.

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("game_seats_tally")
    .on("game_seats")
    .columns(["player_id", "team", "card", "result", "out_cause", "points"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("game_seats_tally").execute();
}
