// The player's phone at /seat/:table (portrait, one hand): the seat number always on top, the held
// card (shown only while the button is held), and one thing at a time below: the step, the timer,
// and the player's own answer with a confirmation before it is sent. Silent: no sound, no
// vibration, no animation; the night screen is the same for every living player (screen.ts): a
// pick that counts for nothing is confirmed like any other and sends nothing (docs/api.md "Phones").
// At an online table the phone shows the city too (CityPanel.tsx): the step and its deadlines at
// the top, the seats, the host's log and the chat; at a live club table it keeps its calm screen.

import { useEffect, useState } from "preact/hooks";
import { LanguageSwitch } from "../app/LanguageSwitch.js";
import { keepAwake } from "../app/wakeLock.js";
import { t } from "../i18n/index.js";
import type { Language } from "../i18n/types.js";
import { AwayNotice } from "./AwayNotice.js";
import { ChatPanel } from "./ChatPanel.js";
import { AnnouncementLog, CitySeats, StepBar } from "./CityPanel.js";
import { DeadlineClock } from "./DeadlineClock.js";
import { type Deadline, deadlinesOf } from "./deadline.js";
import { tr } from "./lineText.js";
import { StepClock } from "./StepClock.js";
import { type CardFacts, cardFacts, type PhoneScreen, phoneScreen } from "./screen.js";
import { joinedSeat } from "./seatStore.js";
import { type PhoneSocket, usePhoneSocket } from "./usePhoneSocket.js";
import { useSeatOnline } from "./useSeatOnline.js";
import "./phone.css";

export { tr };

export function SeatPage(props: { tableId: string; lang: Language }) {
  const seat = joinedSeat(props.tableId);
  if (!seat) {
    return (
      <div class="phone" lang={props.lang}>
        <p class="phone-line">{t("phone.notJoined")}</p>
        <a class="btn btn-primary phone-wide" href="/join">
          {t("phone.join.title")}
        </a>
      </div>
    );
  }
  return <SeatScreen tableId={props.tableId} seat={seat.seat} token={seat.token} lang={props.lang} />;
}

function SeatScreen(props: { tableId: string; seat: number; token: string; lang: Language }) {
  const socket = usePhoneSocket(props.tableId, props.token);
  const online = useSeatOnline(props.token, socket.connected);
  useEffect(() => keepAwake(), []);
  const view = socket.view;
  const screen = view ? phoneScreen(view) : null;
  const deadlines = view ? deadlinesOf(view, online ?? null) : [];
  // At night the seat woken sees its deadline on the held card only (the equal night screen).
  const secret = deadlines.find((d) => d.secret) ?? null;
  const strikes = online?.missedDeadlines ?? null;
  // A night answer the server refused is told on the held card only: on the screen it would show
  // a called phone (uncalled phones send nothing, so nothing of theirs is ever refused).
  const [nightRefusal, setNightRefusal] = useState<string | null>(null);
  return (
    <div class={online ? "phone phone-online" : "phone"} lang={props.lang}>
      <header class="phone-head">
        <p class="phone-seat">
          <span class="visually-hidden">{t("phone.seatLabel", { n: props.seat })}</span>
          <span aria-hidden="true">{props.seat}</span>
        </p>
        <span class={`phone-conn${socket.connected ? "" : " phone-conn-off"}`} role="status">
          {socket.connected ? t("phone.online") : t("phone.reconnecting")}
        </span>
        <LanguageSwitch class="phone-lang" />
      </header>
      {socket.refused && (
        <p class="phone-error" role="alert">
          {socket.refused}
        </p>
      )}
      {online && view && screen && (
        <StepBar view={view} title={screen.title} deadlines={deadlines} strikes={online.missedDeadlines} />
      )}
      <AwayNotice away={socket.away} seat={props.seat} onTakeBack={socket.reconnect} />
      {view && screen ? (
        <>
          <HeldCard facts={cardFacts(view)} refusal={nightRefusal} deadline={secret} strikes={strikes} />
          <ScreenBody screen={screen} socket={socket} onNightRefusal={setNightRefusal} clock={!online} />
          {online && (
            <>
              <CitySeats view={view} />
              <AnnouncementLog view={view} />
              <ChatPanel view={view} socket={socket} />
            </>
          )}
        </>
      ) : (
        <p class="phone-line">{t("phone.waiting")}</p>
      )}
    </div>
  );
}

/** The card, shown only while the button is held (pointer, touch or the space bar). */
function HeldCard(props: {
  facts: CardFacts | null;
  refusal: string | null;
  /** The seat's own night deadline, told here only. */
  deadline: Deadline | null;
  strikes: number | null;
}) {
  const [held, setHeld] = useState(false);
  const facts = props.facts;
  if (!facts) return null;
  const show = () => setHeld(true);
  const hide = () => setHeld(false);
  return (
    <section class="phone-card">
      <button
        type="button"
        class="btn phone-hold"
        aria-pressed={held}
        onPointerDown={(e) => {
          (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
          show();
        }}
        onPointerUp={hide}
        onPointerCancel={hide}
        onLostPointerCapture={hide}
        onContextMenu={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (e.key === " " || e.key === "Enter") {
            e.preventDefault();
            show();
          }
        }}
        onKeyUp={(e) => {
          if (e.key === " " || e.key === "Enter") hide();
        }}
        onBlur={hide}
      >
        {t("phone.hold")}
      </button>
      <div class="phone-card-face" hidden={!held} aria-live="polite">
        {held && (
          <>
            <p class="phone-card-name">{t(`card.${facts.card}`)}</p>
            <p class="phone-card-rule">{tr(facts.rule)}</p>
            {facts.lines.map((line) => (
              <p key={`${line.key}-${JSON.stringify(line.params)}`}>{tr(line)}</p>
            ))}
            {props.deadline && <DeadlineClock deadline={props.deadline} strikes={props.strikes} />}
            {props.refusal !== null && <p>{t("phone.rejected", { message: props.refusal })}</p>}
          </>
        )}
      </div>
    </section>
  );
}

interface ScreenProps {
  screen: PhoneScreen;
  socket: PhoneSocket;
  /** Where a refused night answer is told (the held card), or null when a new answer is sent. */
  onNightRefusal: (message: string | null) => void;
  /** Whether the step's timer shows here (at an online table the step bar shows it instead). */
  clock?: boolean;
}

function ScreenBody(props: ScreenProps) {
  const { screen, socket } = props;
  return (
    <main class={`phone-body phone-${screen.kind}`}>
      <h1 class="phone-title">{tr(screen.title)}</h1>
      {screen.timer && props.clock !== false && (
        <StepClock seconds={screen.timer.seconds} since={screen.timer.since} class="phone-clock" />
      )}
      {screen.lines.map((line) => (
        <p class="phone-line" key={`${line.key}-${JSON.stringify(line.params)}`}>
          {tr(line)}
        </p>
      ))}
      {screen.status.length > 0 && (
        <ul class="phone-status">
          {screen.status.map((line) => (
            <li key={line.key}>{tr(line)}</li>
          ))}
        </ul>
      )}
      <ChoiceBlock screen={screen} socket={socket} onNightRefusal={props.onNightRefusal} />
    </main>
  );
}

function ChoiceBlock(props: ScreenProps) {
  const { screen, socket, onNightRefusal } = props;
  const choice = screen.choice;
  // The slot picked, not its command: being called mid-confirm must not change the screen, and the
  // confirmation sends what that slot means when it is confirmed.
  const [picked, setPicked] = useState<number | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [kept, setKept] = useState(false);
  const choiceId = choice?.id ?? null;
  // A new question clears the old pick; the last answer stays until the next one is sent, or the
  // next step begins (a new screen title): "Accepted." belongs to the step it answered.
  const step = JSON.stringify(screen.title);
  useEffect(() => {
    setPicked(null);
    if (choiceId !== null) {
      setSent(null);
      setKept(false);
    }
  }, [choiceId]);
  useEffect(() => {
    if (screen.kind === "night") return;
    setSent(null);
    setKept(false);
  }, [step, screen.kind]);
  const answer = sent ? socket.answers[sent] : undefined;
  const option = picked === null ? undefined : choice?.options[picked];
  const night = screen.kind === "night";
  const refused = answer?.state === "rejected" ? answer.message : null;
  useEffect(() => onNightRefusal(night ? refused : null), [night, refused, onNightRefusal]);
  const confirm = () => {
    setPicked(null);
    if (!option || option.disabled) return;
    // A night pick that counts for nothing is kept here and looks exactly like a sent one.
    setKept(option.command === null);
    setSent(option.command ? socket.send(option.command) : null);
  };
  // At night every confirmed pick looks the same, whatever the server made of it.
  const done = night && (kept || sent !== null);
  return (
    <section class="phone-choice">
      {choice &&
        (option ? (
          <div class="phone-confirm" role="alertdialog" aria-label={tr(option.confirm)}>
            <p class="phone-line">{tr(option.confirm)}</p>
            <button type="button" class="btn btn-primary phone-wide" onClick={confirm}>
              {t("phone.confirm")}
            </button>
            <button type="button" class="btn phone-wide" onClick={() => setPicked(null)}>
              {t("phone.back")}
            </button>
          </div>
        ) : (
          <>
            <p class="phone-prompt">{tr(choice.prompt)}</p>
            <div class="phone-options">
              {choice.options.map((o, i) => (
                <button
                  type="button"
                  class="btn phone-option"
                  key={`${o.label.key}-${JSON.stringify(o.label.params)}`}
                  disabled={o.disabled === true}
                  onClick={() => setPicked(i)}
                >
                  {tr(o.label)}
                </button>
              ))}
            </div>
          </>
        ))}
      {done && <p class="phone-ok">{t("phone.night.done")}</p>}
      {!night && sent !== null && answer?.state === "sent" && <p class="phone-line">{t("phone.sending")}</p>}
      {!night && answer?.state === "ack" && <p class="phone-ok">{t("phone.accepted")}</p>}
      {!night && answer?.state === "rejected" && (
        <p class="phone-error" role="alert">
          {t("phone.rejected", { message: answer.message })}
        </p>
      )}
      {socket.connected ? null : <p class="phone-line">{t("phone.offlineSend")}</p>}
    </section>
  );
}
