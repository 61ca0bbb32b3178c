// The host console's game screen: the phase bar on top, the table as a ring, and one panel with the
// step's content and its ONE primary button, always in the same place. Keyboard: space starts or
// pauses the timer, → is the primary action, Ctrl+Z undoes.

import type { Action, RuleError, Seat } from "@misto/engine";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../app/session.js";
import { keepAwake } from "../app/wakeLock.js";
import { t } from "../i18n/index.js";
import type { Key, Language } from "../i18n/types.js";
import { PhonesPanel } from "../phone/PhonesPanel.js";
import { CheckOverlay } from "./CheckOverlay.js";
import { DayPanel } from "./DayPanel.js";
import { DealPanel } from "./DealPanel.js";
import { EndPanel } from "./EndPanel.js";
import type { TableHandle } from "./handle.js";
import { MorningCard } from "./MorningCard.js";
import { NightPanel } from "./NightPanel.js";
import { PhaseBar } from "./PhaseBar.js";
import { RuleErrorBanner } from "./RuleErrorBanner.js";
import { ScrollCue } from "./ScrollCue.js";
import { SeatMenu } from "./SeatMenu.js";
import { SeatRing } from "./SeatRing.js";
import { unlockAudio } from "./sound.js";
import { primaryOf } from "./steps.js";
import { useStepTimer } from "./useStepTimer.js";
import { VotingPanel } from "./VotingPanel.js";
import "./game.css";

export function GameScreen(props: { table: TableHandle; lang: Language }) {
  const { table } = props;
  const view = table.view;
  const [hideCards, setHideCards] = useState(true);
  const [menuSeat, setMenuSeat] = useState<Seat | null>(null);
  const [error, setError] = useState<RuleError | null>(null);
  // NIGHT-11: the commissar is shown his answer the moment he checks (the engine's view.host.answered),
  // in the same frame as the step it opens on, so nothing behind it can be tapped first. Closing it
  // leaves it closed until the table moves on.
  const answered = view.host?.answered ?? null;
  const [checkClosedAt, setCheckClosedAt] = useState<number | null>(null);
  const check = answered && checkClosedAt !== view.version ? answered : null;
  const [phones, setPhones] = useState(false);
  // While a sheet is open it owns the keys (Escape closes it) and the primary button is covered.
  const sheetOpen = menuSeat !== null || check !== null || phones;
  // The host's pause and extra time reach the display (docs/api.md "The clock"); offline, the
  // display keeps counting from the step's start.
  const clock = useStepTimer(view.phase.seconds, view.phase.since, (c) => void api.clock(table.id, c));
  const panelBody = useRef<HTMLDivElement>(null);

  useEffect(() => keepAwake(), []);
  // A refusal belongs to the step it was made in.
  useEffect(() => setError(null), [view.phase.since, view.phase.kind]);

  const send = (action: Action): boolean => {
    const problem = table.send(action);
    setError(problem);
    return problem === null;
  };
  const primary = primaryOf(view);
  const undo = () => send({ actor: "host", type: "undo" });

  const keys = useRef({ primary, undo, toggle: clock.toggle, sheetOpen });
  keys.current = { primary, undo, toggle: clock.toggle, sheetOpen };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]")) return;
      const k = keys.current;
      // Any sheet, the step panel's own included (the deal on this screen), owns the keys.
      const covered = k.sheetOpen || document.querySelector(".sheet-layer") !== null;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") {
        e.preventDefault();
        k.undo();
      } else if (e.key === " " && !covered) {
        e.preventDefault();
        k.toggle();
      } else if (e.key === "ArrowRight" && !covered && k.primary?.enabled) {
        e.preventDefault();
        send(k.primary.action);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <div class={`game game-${view.phase.kind}`} lang={props.lang} onPointerDown={unlockAudio}>
      <PhaseBar
        table={table}
        clock={clock}
        hideCards={hideCards}
        onHideCards={setHideCards}
        onUndo={undo}
        onPhones={() => setPhones(true)}
      />
      {/* Not a <main>: the shell's <main> already holds the game (one main landmark per page). */}
      <div class="game-main">
        <SeatRing view={view} hideCards={hideCards} onSeat={setMenuSeat} />
        <section class="game-panel" aria-label={t("panel.label")}>
          <RuleErrorBanner error={error} onDismiss={() => setError(null)} />
          <div class="panel-body" ref={panelBody}>
            <StepPanel table={table} send={send} clock={clock} />
          </div>
          <ScrollCue box={panelBody} />
          <div class="primary-slot">
            {primary ? (
              <button
                type="button"
                class="btn btn-primary"
                disabled={!primary.enabled}
                onClick={() => send(primary.action)}
                title={`${t(primary.key)} (→)`}
              >
                {t(primary.key)}
              </button>
            ) : (
              <p class="primary-wait">{t(waitingKey(view.phase.kind, view.phase.step))}</p>
            )}
          </div>
        </section>
      </div>
      {menuSeat !== null && (
        <SeatMenu view={view} seat={menuSeat} send={send} onClose={() => setMenuSeat(null)} />
      )}
      {check && <CheckOverlay check={check} onClose={() => setCheckClosedAt(view.version)} />}
      {phones && <PhonesPanel tableId={table.id} onClose={() => setPhones(false)} />}
    </div>
  );
}

function StepPanel(props: {
  table: TableHandle;
  send: (a: Action) => boolean;
  clock: ReturnType<typeof useStepTimer>;
}) {
  const { table, send } = props;
  const view = table.view;
  const p = view.phase;
  switch (p.kind) {
    case "deal":
      return <DealPanel view={view} send={send} />;
    case "night":
      return <NightPanel view={view} send={send} />;
    case "day":
      if (p.step === "morning")
        return view.host?.announce ? (
          <MorningCard report={view.host.announce} names={view.seats.map((s) => s.name)} />
        ) : null;
      if (p.step === "voting" || p.step === "liftAll") return <VotingPanel view={view} send={send} />;
      return <DayPanel view={view} clock={props.clock} send={send} />;
    default:
      return <EndPanel table={table} send={send} />;
  }
}

/** What the panel waits for when the step has no primary button. */
function waitingKey(kind: string, step: string | null): Key {
  if (kind === "night") return "wait.night";
  if (step === "voting" || step === "liftAll") return "wait.vote";
  if (kind === "rating") return "wait.rating";
  if (kind === "closed") return "wait.closed";
  return "wait.other";
}
