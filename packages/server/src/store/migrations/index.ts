// Every migration, by name, in the order they run. Names sort: a new one is "0002_…".
// They are imported (not read from a folder) so they run the same from src/ under the tests and
// from dist/ in production.

import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./0001_initial.js";
import * as seats from "./0002_seats.js";
import * as online from "./0003_online.js";
import * as chat from "./0004_chat.js";
import * as people from "./0005_people.js";
import * as rating from "./0006_rating.js";
import * as hostSteps from "./0007_host_steps.js";
import * as onlineSettings from "./0008_online_settings.js";
import * as nights from "./0009_nights.js";
import * as archiveAggregates from "./0010_archive_aggregates.js";
import * as tournaments from "./0011_tournaments.js";
import * as archiveIndexes from "./0012_archive_indexes.js";
import * as playerTally from "./0013_player_tally.js";

const MIGRATIONS: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_seats": seats,
  "0003_online": online,
  "0004_chat": chat,
  "0005_people": people,
  "0006_rating": rating,
  "0007_host_steps": hostSteps,
  "0008_online_settings": onlineSettings,
  "0009_nights": nights,
  "0010_archive_aggregates": archiveAggregates,
  "0011_tournaments": tournaments,
  "0012_archive_indexes": archiveIndexes,
  "0013_player_tally": playerTally,
};

export const migrations: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
