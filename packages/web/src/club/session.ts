// The club pages' client, one for the pages (the tables' client is app/session.ts).

import { createClubApi } from "../api/club.js";

export const clubApi = createClubApi();
