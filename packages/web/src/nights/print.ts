// The printed documents' links (docs/api.md "Printing"): a round's seating sheet, the standings and
// a finished game's protocol, as PDFs in the app's language.

import { getLang } from "../i18n/index.js";

const enc = encodeURIComponent;
const lang = () => `?lang=${getLang()}`;

export const printLinks = {
  protocol: (game: string) => `/api/games/${enc(game)}/protocol.pdf${lang()}`,
  nightSeating: (night: string, n: number) => `/api/nights/${enc(night)}/rounds/${n}/seating.pdf${lang()}`,
  nightStandings: (night: string) => `/api/nights/${enc(night)}/standings.pdf${lang()}`,
  tournamentSeating: (id: string, n: number) =>
    `/api/tournaments/${enc(id)}/rounds/${n}/seating.pdf${lang()}`,
  tournamentStandings: (id: string) => `/api/tournaments/${enc(id)}/standings.pdf${lang()}`,
};
