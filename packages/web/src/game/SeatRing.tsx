// The table as the main picture: twelve seats in a ring in their real order, seat 1 at the top,
// clockwise. Tapping a seat opens its menu. Each seat has its own cell of a 5 × 5 grid around the
// table (game.css, .seat-at-N), so chips of one fixed size can never overlap however many badges
// they carry.

import type { Seat, SeatView, View } from "@misto/engine";
import { t, tn } from "../i18n/index.js";
import { badgesOf, currentSeat, foulDots } from "./seatFacts.js";

export function SeatRing(props: { view: View; hideCards: boolean; onSeat: (seat: Seat) => void }) {
  const current = currentSeat(props.view);
  return (
    <section class="ring" aria-label={t("ring.label")}>
      {props.view.seats.map((s) => {
        return (
          <SeatChip
            key={s.seat}
            seat={s}
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
    `seat-at-${s.seat}`,
    s.out ? "seat-out" : "",
    props.current ? "seat-current" : "",
    s.card ? `card-${s.card}` : "",
  ];
  return (
    <button
      type="button"
      class={classes.filter(Boolean).join(" ")}
      onClick={props.onTap}
      aria-current={props.current ? "true" : undefined}
    >
      {/* The accessible name is the chip's own text (axe: label-content-name-mismatch), with the
          facts only the eye gets (the seat word, the foul dots, "now") in visually hidden text. */}
      <span class="sr-only">{`${t("seat.n", { n: s.seat })}, `}</span>
      <span class="seat-head">
        <span class="seat-number" aria-hidden="true">
          {s.seat}
        </span>
        <span class="seat-name">{s.name}</span>
      </span>
      {card && <span class="seat-card">{card}</span>}
      {/* FOUL-2: remarks count toward a foul (every third), so they sit beside the foul dots. */}
      <span class="seat-fouls" aria-hidden="true">
        {foulDots(s.fouls, props.removed)}
        {s.remarks > 0 && <span class="seat-remarks"> ✎{s.remarks}</span>}
        {/* FOUL-3: the foul votes as a number beside the dots (the words are in the label below). */}
        {badges.foulVotes > 0 && s.out === null && <span class="seat-foulvotes"> +{badges.foulVotes}</span>}
      </span>
      <span class="sr-only">
        {`, ${t("seat.fouls", { n: s.fouls })}`}
        {s.remarks > 0 ? `, ${t("seat.remarks", { n: s.remarks })}` : ""}
        {badges.foulVotes > 0 && s.out === null ? `, ${tn("seat.foulVotes", badges.foulVotes)}` : ""}
        {props.current ? `, ${t("seat.now")}` : ""}
      </span>
      {cause && <span class="seat-cause">{cause}</span>}
      {badges.muted && <span class="badge badge-muted">{t("seat.muted")}</span>}
      {badges.noVote && <span class="badge badge-novote">{t("seat.noVote")}</span>}
    </button>
  );
}
