// Small pieces the club pages share: the council badge, a winner's words, a game's link.

import type { Winner } from "@misto/engine";
import { Link } from "../app/ui.js";
import { t } from "../i18n/index.js";

/** CLUB-1: a member of the club council, shown as such beside the name. */
export function CouncilBadge() {
  return (
    <span class="badge council" title={t("club.council")}>
      {t("club.councilShort")}
    </span>
  );
}

export function WinnerMark(props: { winner: Winner }) {
  return <span class={`winner winner-${props.winner}`}>{t(`club.winner.${props.winner}`)}</span>;
}

export function GameLink(props: { id: string; title: string }) {
  return (
    <Link href={`/games/${encodeURIComponent(props.id)}`}>{props.title || t("club.game.untitled")}</Link>
  );
}
