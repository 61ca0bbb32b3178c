// The club's pages by route: the one chunk the shell loads when a club page is first opened.

import type { HostInfo } from "@misto/protocol";
import type { ClubRoute } from "../app/routes.js";
import { type Language, t } from "../i18n/index.js";
import { ArchivePage } from "./ArchivePage.js";
import { ClubPage } from "./ClubPage.js";
import { GamePage } from "./GamePage.js";
import { ImportPage } from "./ImportPage.js";
import { PlayerPage } from "./PlayerPage.js";
import { RatingPage } from "./RatingPage.js";
import "./club.css";

export function ClubPageFor(props: { route: ClubRoute; me: HostInfo | null | undefined; lang: Language }) {
  const { route, me, lang } = props;
  switch (route.name) {
    case "rating":
      return <RatingPage season={route.season} me={me} lang={lang} />;
    case "player":
      return <PlayerPage key={route.id} id={route.id} lang={lang} />;
    case "club":
      return <ClubPage lang={lang} />;
    case "games":
      return <ArchivePage search={route.search} me={me} lang={lang} />;
    case "game":
      return <GamePage key={route.id} id={route.id} me={me} lang={lang} />;
    case "importGames":
      return me?.role === "admin" ? <ImportPage /> : <p>{t("club.adminOnly")}</p>;
  }
}
