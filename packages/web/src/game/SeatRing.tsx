// The table as the main picture: twelve seats in a ring in their real order, seat 1 at the top,
// clockwise. Tapping a seat opens its menu.

import type { Seat, SeatView, View } from "@misto/engine";
import { t } from "../i18n/index.js";
import { badgesOf, currentSeat, foulDots } from "./seatFacts.js";

export function SeatRing(props: { view: View; hideCards: boolean; onSeat: (seat: Seat) => void }) {
  const current = currentSeat(props.view);
  return (
    <section class="ring" aria-label={t("ring.label")}>
      {props.view.seats.map((s) => {
        const angle = ((s.seat - 1) * 30 - 90) * (Math.PI / 180);
        const style = { left: `${50 + 41 * Math.cos(angle)}%`, top: `${50 + 42 * Math.sin(angle)}%` };
        return (
          <SeatChip
            key={s.seat}
            seat={s}
            style={style}
            current={current === s.seat}
            showCard={!props.hideCards || s.cardPublic}
            removed={props.view.foulLimits.removed}
            onTap={() => props.onSeat(s.seat)}
          />
        );
      })}
    </section>
  );
}

function SeatChip(props: {
  seat: SeatView;
  style: Record<string, string>;
  current: boolean;
  showCard: boolean;
  /** FOUL-5: the foul that removes, the last dot. */
  removed: number;
  onTap: () => void;
}) {
  const s = props.seat;
  const badges = badgesOf(s);
  const card = props.showCard && s.card ? t(`card.${s.card}`) : null;
  const cause = s.out ? t(`cause.${s.out.cause}`) : null;
  const classes = [
    "seat",
    s.out ? "seat-out" : "",
    props.current ? "seat-current" : "",
    s.card ? `card-${s.card}` : "",
  ];
  return (
    <button
      type="button"
      class={classes.filter(Boolean).join(" ")}
      style={props.style}
      onClick={props.onTap}
      aria-current={props.current ? "true" : undefined}
    >
      {/* The accessible name is the chip's own text (axe: label-content-name-mismatch), with the
          facts only the eye gets (the seat word, the foul dots, "now") in visually hidden text. */}
      <span class="sr-only">{`${t("seat.n", { n: s.seat })}, `}</span>
      <span class="seat-number" aria-hidden="true">
        {s.seat}
      </span>
      <span class="seat-name">{s.name}</span>
      {card && <span class="seat-card">{card}</span>}
      {/* FOUL-2: remarks count toward a foul (every third), so they sit beside the foul dots. */}
      <span class="seat-fouls" aria-hidden="true">
        {foulDots(s.fouls, props.removed)}
        {s.remarks > 0 && <span class="seat-remarks"> ✎{s.remarks}</span>}
      </span>
      <span class="sr-only">
        {`, ${t("seat.fouls", { n: s.fouls })}`}
        {s.remarks > 0 ? `, ${t("seat.remarks", { n: s.remarks })}` : ""}
        {props.current ? `, ${t("seat.now")}` : ""}
      </span>
      {cause && <span class="seat-cause">{cause}</span>}
      {badges.muted && <span class="badge badge-muted">{t("seat.muted")}</span>}
      {badges.noVote && <span class="badge badge-novote">{t("seat.noVote")}</span>}
      {badges.foulVotes > 0 && s.out === null && (
        <span class="badge badge-foulvotes">{t("seat.foulVotes", { n: badges.foulVotes })}</span>
      )}
    </button>
  );
}
