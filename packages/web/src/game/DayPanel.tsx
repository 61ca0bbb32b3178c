// The day's speaking steps: the discussion (DAY-1), accusations (DAY-2), split speeches (DAY-6) and
// last words (DAY-7) with the Don's grave (DON-1, DON-2). NOW who speaks, who is next, who is skipped.

import type { Action, Seat, View, Voting } from "@misto/engine";
import { t } from "../i18n/index.js";
import { RuleErrorBanner } from "./RuleErrorBanner.js";
import { nextSpeakers, seatOf, skippedSpeakers } from "./steps.js";
import { Timer } from "./Timer.js";
import type { StepTimer } from "./useStepTimer.js";

export function DayPanel(props: { view: View; clock: StepTimer; send: (a: Action) => boolean }) {
  const { view } = props;
  const p = view.phase;
  const current = p.current;
  const muted = view.seats.filter((s) => s.out === null && s.muted).map((s) => s.seat);
  return (
    <div class={gravePending(view, current) ? "day-panel day-panel-grave" : "day-panel"}>
      <VotingOutcome view={view} />
      {p.step === "discussion" ? (
        <>
          <p class="now">{t("day.discussion")}</p>
          <p class="hint">{t("day.remarkHint")}</p>
          {muted.length > 0 && <p class="hint">{t("day.mutedInDiscussion", { list: muted.join(", ") })}</p>}
        </>
      ) : (
        current !== null && (
          <p class="now" aria-live="polite">
            {t(p.step === "lastWords" ? "day.nowLastWord" : "day.nowSpeaks", { n: current })}
            <span class="now-name"> {seatOf(view, current).name}</span>
          </p>
        )
      )}
      {/* DON-1: the grave comes first, above the timer, so the host cannot end the word without seeing it. */}
      {p.step === "lastWords" && current !== null && <Grave view={view} seat={current} send={props.send} />}
      <Timer clock={props.clock} size="huge" />
      {p.step !== "discussion" && <Queue view={view} />}
    </div>
  );
}

/** DON-1: the Don speaking his last word has not yet made (or lost) his grave choice. */
function gravePending(view: View, current: Seat | null): boolean {
  const grave = view.host?.grave;
  return (
    view.phase.step === "lastWords" &&
    current !== null &&
    grave?.don === current &&
    !grave.chosen &&
    !grave.lost
  );
}

function Queue(props: { view: View }) {
  const next = nextSpeakers(props.view);
  const skipped = skippedSpeakers(props.view);
  return (
    <div class="queue">
      <p>{next.length ? t("day.next", { list: next.join(", ") }) : t("day.lastSpeaker")}</p>
      {skipped.length > 0 && <p class="skipped">{t("day.skipped", { list: skipped.join(", ") })}</p>}
    </div>
  );
}

/** What today's last voting decided, so the tie procedure and eliminations explain themselves. */
function VotingOutcome(props: { view: View }) {
  const p = props.view.phase;
  if (p.step !== "splitSpeeches" && p.step !== "lastWords") return null;
  const voting: Voting | undefined = props.view.votings.filter((v) => v.day === p.n).at(-1);
  if (!voting) return null;
  const tally = voting.tally.map((x) => `${x.seat}: ${x.votes}`).join(", ");
  return (
    <div class="voting-outcome" role="status">
      {tally && <p>{t("vote.result", { list: tally })}</p>}
      {p.step === "splitSpeeches" && (
        <p class="say">{t("vote.tieSplit", { list: voting.tied.join(", ") })}</p>
      )}
      {p.step === "lastWords" && voting.eliminated.length > 0 && (
        <p class="say">{t("vote.eliminated", { list: voting.eliminated.join(", ") })}</p>
      )}
    </div>
  );
}

/** DON-1: the voted-out Don may take a player to the grave during his last word, unless DON-2 says no. */
function Grave(props: { view: View; seat: Seat; send: (a: Action) => boolean }) {
  const { view, seat } = props;
  const grave = view.host?.grave;
  if (grave?.don !== seat) return null;
  // The choice is made: what it was, as a plain fact (not the engine's refusal of a second one).
  if (grave.chosen) {
    const taken = view.seats.find(
      (s) => s.out?.cause === "grave" && s.out.kind === "day" && s.out.n === view.phase.n,
    );
    return (
      <section class="grave">
        <h3>{t("grave.title")}</h3>
        <p class="say" role="status">
          {taken ? t("grave.taken", { don: seat, seat: taken.seat }) : t("grave.tookNobody", { don: seat })}
        </p>
      </section>
    );
  }
  if (grave.lost) {
    return (
      <section class="grave">
        <h3>{t("grave.title")}</h3>
        <RuleErrorBanner error={grave.lost} />
      </section>
    );
  }
  const legal = view.actions.filter((a) => a.type === "grave" && a.seat === seat);
  return (
    <section class="grave" aria-labelledby="grave-title">
      <h3 id="grave-title">{t("grave.title")}</h3>
      <p class="hint">{t("grave.hint", { n: seat })}</p>
      <p class="say say-note">{t("grave.first")}</p>
      <div class="seat-buttons">
        {legal.map((a) =>
          a.type === "grave" && a.target !== null ? (
            <button
              key={a.target}
              type="button"
              class="btn btn-seat"
              onClick={() => props.send(a)}
              aria-label={t("menu.grave", { don: seat, seat: a.target })}
            >
              {a.target}
            </button>
          ) : null,
        )}
        {/* "Nobody" ends the targets' row, as a night's skip does. */}
        <button
          type="button"
          class="btn btn-skip grave-nobody"
          onClick={() => props.send({ actor: "host", type: "grave", seat, target: null })}
        >
          {t("grave.nobody")}
        </button>
      </div>
    </section>
  );
}
