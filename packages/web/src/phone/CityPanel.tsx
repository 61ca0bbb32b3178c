// The city on a phone at an online table (docs/api.md "Online tables"): the step and its deadlines,
// large and always in sight; the twelve seats with their public facts (alive, out and how, a
// revealed card, fouls, muted, no vote) and who has the floor; and the log of the host's
// announcements, newest in sight. All from the seat's own view; a card is shown only once public.

import type { SeatView, View } from "@misto/engine";
import { useEffect, useRef } from "preact/hooks";
import { badgesOf, foulDots } from "../game/seatFacts.js";
import { type Key, t } from "../i18n/index.js";
import { announcements } from "./announcements.js";
import { floorLine } from "./chat.js";
import { DeadlineClock } from "./DeadlineClock.js";
import type { Deadline } from "./deadline.js";
import { tr } from "./lineText.js";
import type { Line } from "./screen.js";
import "./city.css";

/** The step, who has the floor, and every deadline an onlooker may see, at the top of the screen. */
export function StepBar(props: { view: View; title: Line; deadlines: readonly Deadline[]; strikes: number }) {
  const floor = floorLine(props.view);
  const shown = props.deadlines.filter((d) => !d.secret);
  return (
    <section class="city-step" aria-label={t("city.step")}>
      <p class="city-step-title">{tr(props.title)}</p>
      {floor && <p class="city-step-floor">{tr(floor)}</p>}
      {shown.map((d) => (
        <DeadlineClock key={`${d.kind}-${d.at}`} deadline={d} strikes={props.strikes} />
      ))}
    </section>
  );
}

/** Who acts now, and how: the floor's speaker, or the day's (or rating's) voter. */
function actingNow(view: View): { seat: number; key: Key } | null {
  const p = view.phase;
  if (p.kind === "night") return null;
  if (p.floor) return { seat: p.floor.seat, key: "city.speaks" };
  if (p.current === null) return null;
  return { seat: p.current, key: p.step === "voting" || p.step === "liftAll" ? "city.votes" : "city.speaks" };
}

export function CitySeats(props: { view: View }) {
  const { view } = props;
  const now = actingNow(view);
  return (
    <section class="city-seats" aria-label={t("city.seats")}>
      <ol class="city-ring">
        {view.seats.map((s) => (
          <CitySeat
            key={s.seat}
            seat={s}
            removed={view.foulLimits.removed}
            now={now?.seat === s.seat ? now.key : null}
            you={view.you?.seat === s.seat}
          />
        ))}
      </ol>
    </section>
  );
}

function CitySeat(props: { seat: SeatView; removed: number; now: Key | null; you: boolean }) {
  const { seat: s, now } = props;
  const badges = badgesOf(s);
  // Only a public card: a partner's card is the held card's to tell, never the screen's.
  const card = s.cardPublic ? s.card : null;
  const classes = ["city-seat", s.out ? "city-seat-out" : "", now ? "city-seat-now" : ""];
  return (
    <li class={classes.filter(Boolean).join(" ")} aria-current={now ? "true" : undefined} data-seat={s.seat}>
      <span class="city-seat-n">{props.you ? t("city.you", { n: s.seat }) : s.seat}</span>
      <span class="city-seat-state">{s.out ? t(`cause.${s.out.cause}`) : t("city.alive")}</span>
      {card && <span class="city-seat-card">{t(`card.${card}`)}</span>}
      {!s.out && (
        <span class="city-seat-fouls">
          <span aria-hidden="true">{foulDots(s.fouls, props.removed)}</span>
          <span class="visually-hidden">{t("city.fouls", { n: s.fouls })}</span>
        </span>
      )}
      {badges.muted && <span class="city-seat-mark">{t("seat.muted")}</span>}
      {badges.noVote && <span class="city-seat-mark">{t("seat.noVote")}</span>}
      {now && <span class="city-seat-mark city-seat-acting">{t(now)}</span>}
    </li>
  );
}

/** The host's announcements so far, oldest first; the newest stays in sight. */
export function AnnouncementLog(props: { view: View }) {
  const entries = announcements(props.view);
  const list = useRef<HTMLDivElement>(null);
  // No smooth scrolling: nothing on the phone moves by itself.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length]);
  return (
    <section class="city-log" aria-labelledby="city-log-title">
      <h2 id="city-log-title" class="city-log-title">
        {t("city.log.title")}
      </h2>
      {/* Focusable: it scrolls, and a keyboard must reach its older lines. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard. */}
      <div class="city-log-lines" role="log" ref={list} tabIndex={0}>
        <ol>
          {entries.length === 0 && <li class="city-log-empty">{t("city.log.empty")}</li>}
          {entries.map((e) => (
            <li key={e.key} data-key={e.key}>
              {tr(e.line)}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
