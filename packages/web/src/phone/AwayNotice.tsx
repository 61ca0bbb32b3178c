// The notice everybody at an online table sees when a bot takes an absent player's seat or he takes
// it back; the player whose seat a bot plays is told how to take it back, with a button that does
// (a reconnect with his seat token, docs/api.md "Absence").

import { t } from "../i18n/index.js";
import { type Away, awayNotice, isAway } from "./away.js";
import "./away.css";

export function AwayNotice(props: { away: Away; seat?: number; onTakeBack?: () => void }) {
  const { away, seat, onTakeBack } = props;
  const notice = away.change ? awayNotice(away.change) : null;
  const mine = seat !== undefined && isAway(away, seat);
  const others = away.seats.map((s) => s.seat);
  if (!notice && others.length === 0) return null;
  return (
    <section class="away" aria-label={t("away.title")}>
      <p class="away-notice" role="status">
        {notice ? t(notice.key, notice.params) : ""}
      </p>
      {others.length > 0 && <p class="away-list">{t("away.list", { list: others.join(", ") })}</p>}
      {mine && onTakeBack && (
        <div class="away-mine">
          <p>{t("away.mine")}</p>
          <button type="button" class="btn btn-primary phone-wide" onClick={onTakeBack}>
            {t("away.takeBack")}
          </button>
        </div>
      )}
    </section>
  );
}
