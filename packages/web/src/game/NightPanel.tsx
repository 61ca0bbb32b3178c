// The night script card (FLOW-3, FLOW-4): the words to say, whom to wake, the freeze gesture
// (NIGHT-2), the legal targets as big seat buttons plus skip, the check to show and the note
// (NIGHT-11, NIGHT-12). Tonight's choices stay hidden until the host taps to see them.

import type { Action, NightScript, View } from "@misto/engine";
import { useState } from "preact/hooks";
import { t } from "../i18n/index.js";
import { scriptWords } from "./script.js";

export function NightPanel(props: { view: View; send: (a: Action) => boolean }) {
  const { view } = props;
  const script = view.host?.script;
  if (!script) return <p class="hint">{t("night.resolving")}</p>;
  if (script.role === "dawn") {
    // HOST-4: every choice is made; the night ends with the host's primary button.
    return (
      <div class="night-panel">
        <article class="script-card" aria-labelledby="script-title">
          <header class="script-head">
            <h2 id="script-title">{t("night.step.dawn")}</h2>
            <Tonight key={view.phase.since} view={view} />
          </header>
          <p class="say say-big">{t("night.say.dawn")}</p>
        </article>
      </div>
    );
  }
  const words = scriptWords(view, script);
  return (
    <div class="night-panel">
      <article class="script-card" aria-labelledby="script-title">
        {/* Tonight's choices (hidden until tapped) beside the step's name: in sight, taking no row. */}
        <header class="script-head">
          <h2 id="script-title">{t(`night.step.${script.role}`)}</h2>
          <Tonight key={view.phase.since} view={view} />
        </header>
        {words.opening && <p class="say">{t(words.opening)}</p>}
        <p class="say say-big">{t(words.wake)}</p>
        {words.ask && <p class="say">{t(words.ask)}</p>}
        <p class="wake-seats">
          {script.wake.length
            ? t("night.wakeSeats", { list: script.wake.join(", ") })
            : t("night.nobodyWakes")}
        </p>
        {script.gesture.length > 0 && (
          <p class="gesture" role="alert">
            {t("night.gesture", { list: script.gesture.join(", ") })}
          </p>
        )}
        {script.role === "note" ? (
          <Note script={script} send={props.send} />
        ) : (
          <Choosers key={view.phase.since} view={view} script={script} send={props.send} />
        )}
        {words.sleep && <p class="say say-sleep">{t(words.sleep)}</p>}
      </article>
    </div>
  );
}

function Choosers(props: { view: View; script: NightScript; send: (a: Action) => boolean }) {
  const { script } = props;
  // ACTING-DON: mafiosi shooting together must show one target; a second choice that differs from
  // the first means no shot tonight, so the host confirms it before it is recorded.
  const [split, setSplit] = useState<{ seat: number; target: number | null; other: number | null } | null>(
    null,
  );
  const together = script.role === "mafia" && script.wake.length > 1;
  const tonight = props.view.host?.nights.at(-1)?.choices ?? [];
  const choose = (seat: number, target: number | null) => {
    const first = together ? tonight.find((c) => c.role === "mafia" && c.seat !== seat) : undefined;
    if (first && first.target !== target) setSplit({ seat, target, other: first.target });
    else props.send({ actor: "host", type: "choose", seat, target });
  };
  if (split)
    return (
      <div class="confirm confirm-split" role="alertdialog" aria-labelledby="split-title">
        <p id="split-title" class="say say-note">
          {t("night.splitWarning", {
            list: script.wake.join(", "),
            a: split.other === null ? t("night.skipped") : split.other,
            b: split.target === null ? t("night.skipped") : split.target,
          })}
        </p>
        <button
          type="button"
          class="btn btn-accent"
          onClick={() => {
            setSplit(null);
            props.send({ actor: "host", type: "choose", seat: split.seat, target: split.target });
          }}
        >
          {t("night.splitRecord")}
        </button>
        <button type="button" class="btn" onClick={() => setSplit(null)}>
          {t("night.splitBack")}
        </button>
      </div>
    );
  return (
    <>
      {script.choosers.map((c) => (
        <section key={c.seat} class="chooser" aria-labelledby={`chooser-${c.seat}`}>
          {/* Always labelled: once one mafioso has chosen, the other's row still says whose it is. */}
          <h3 id={`chooser-${c.seat}`}>{t("night.chooser", { n: c.seat })}</h3>
          {c.onlySkip && <p class="hint">{t("night.onlySkip")}</p>}
          <div class="seat-buttons">
            {!c.onlySkip &&
              c.targets.map((target) => (
                <button
                  key={target}
                  type="button"
                  class="btn btn-seat"
                  onClick={() => choose(c.seat, target)}
                  aria-label={t("menu.chooseFor", { chooser: c.seat, seat: target })}
                >
                  {target}
                </button>
              ))}
            {/* Skip ends the grid's last row: one row less above the primary button. */}
            <button type="button" class="btn btn-skip" onClick={() => choose(c.seat, null)}>
              {t("night.skip")}
            </button>
          </div>
        </section>
      ))}
    </>
  );
}

function Note(props: { script: NightScript; send: (a: Action) => boolean }) {
  const seat = props.script.wake[0];
  if (seat === undefined) return null;
  return (
    <section class="note">
      {props.script.check && (
        <CheckResult black={props.script.check.black} target={props.script.check.target} />
      )}
      <p class="say">{t("night.noteQuestion")}</p>
      <div class="yes-no">
        <button
          type="button"
          class="btn btn-big btn-accent"
          onClick={() => props.send({ actor: "host", type: "note", seat, leave: true })}
        >
          {t("night.noteLeave")}
        </button>
        <button
          type="button"
          class="btn btn-big"
          onClick={() => props.send({ actor: "host", type: "note", seat, leave: false })}
        >
          {t("night.noteNone")}
        </button>
      </div>
    </section>
  );
}

/** NIGHT-11: thumb up is black, thumb down is red. */
export function CheckResult(props: { target: number; black: boolean }) {
  return (
    <p class={`check check-${props.black ? "black" : "red"}`} role="status">
      <Thumb up={props.black} />
      {t("night.checkShow", { n: props.target, color: t(props.black ? "color.black" : "color.red") })}
    </p>
  );
}

/**
 * The thumb the host shows, drawn (an emoji is an empty box where the tablet has no emoji font).
 * The path is Material Design's "thumb_up" (Apache 2.0); down is the same thumb turned over.
 */
function Thumb(props: { up: boolean }) {
  return (
    <svg
      class={`check-thumb${props.up ? "" : " check-thumb-down"}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z"
      />
    </svg>
  );
}

function Tonight(props: { view: View }) {
  const [shown, setShown] = useState(false);
  const night = props.view.host?.nights.at(-1);
  const choices = night?.choices ?? [];
  return (
    <section class="tonight">
      <button type="button" class="btn" aria-expanded={shown} onClick={() => setShown(!shown)}>
        {shown ? t("night.hideChoices") : t("night.showChoices", { n: choices.length })}
      </button>
      {shown && (
        <ul>
          {choices.map((c) => (
            <li key={`${c.role}-${c.seat}`}>
              {t(`role.${c.role}`)} ({c.seat}): {c.target === null ? t("night.skipped") : c.target}
            </li>
          ))}
          {night?.note && <li>{t("night.noteLeft")}</li>}
        </ul>
      )}
    </section>
  );
}
