// The phone's chat (online play): who has the floor and the step's timer, the city's speeches, and,
// for a player out of the game, the out chat in its own tab. The input is open only when the rules
// let this seat write now; otherwise it says why. Silent and still, like the rest of the phone.

import type { View } from "@misto/engine";
import { useEffect, useRef, useState } from "preact/hooks";
import { type Key, t, tn } from "../i18n/index.js";
import {
  type ChatEntry,
  cityEntries,
  cityFloor,
  draftProblem,
  type Floor,
  floorLine,
  floorTimer,
  MAX_SPEECH_LENGTH,
  outEntries,
  outFloor,
  showsOutChat,
} from "./chat.js";
import { StepClock } from "./StepClock.js";
import type { Line } from "./screen.js";
import type { PhoneSocket } from "./usePhoneSocket.js";
import "./chat.css";

const tr = (line: Line) => t(line.key, line.params);

export function ChatPanel(props: { view: View; socket: PhoneSocket }) {
  const { view, socket } = props;
  const [tab, setTab] = useState<"city" | "out">("city");
  const outShown = showsOutChat(view, socket.outChat);
  const current = outShown ? tab : "city";
  const floor = floorLine(view);
  const timer = floorTimer(view);
  return (
    <section class="chat" aria-label={t("chat.title")}>
      <p class="chat-floor" role="status">
        {floor && <span>{tr(floor)}</span>}
        {timer && <StepClock seconds={timer.seconds} since={timer.since} class="chat-clock" inline />}
      </p>
      {outShown && (
        <div class="chat-tabs" role="tablist">
          {(["city", "out"] as const).map((name) => (
            <button
              type="button"
              role="tab"
              key={name}
              class={`btn chat-tab${current === name ? " chat-tab-on" : ""}`}
              aria-selected={current === name}
              onClick={() => setTab(name)}
            >
              {t(`chat.tab.${name}`)}
            </button>
          ))}
        </div>
      )}
      {current === "city" ? (
        <ChatRoom
          entries={cityEntries(view)}
          floor={cityFloor(view)}
          empty="chat.city.empty"
          socket={socket}
          send={(text) => socket.send({ type: "speak", seat: view.you?.seat ?? 0, text })}
        />
      ) : (
        <ChatRoom
          entries={outEntries(view, socket.outChat)}
          floor={outFloor(view)}
          empty="chat.out.empty"
          socket={socket}
          send={(text) => socket.say(text)}
        />
      )}
    </section>
  );
}

function ChatRoom(props: {
  entries: readonly ChatEntry[];
  floor: Floor;
  empty: Key;
  socket: PhoneSocket;
  send: (text: string) => string | null;
}) {
  const { entries, floor, socket } = props;
  const [draft, setDraft] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // The newest line stays in sight (no smooth scrolling: nothing on the phone moves by itself).
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length]);
  const problem = draftProblem(draft);
  const answer = sent ? socket.answers[sent] : undefined;
  const submit = (e: Event) => {
    e.preventDefault();
    if (!floor.may || problem) return;
    const id = props.send(draft.trim());
    if (id) {
      setSent(id);
      setDraft("");
    }
  };
  return (
    <div class="chat-room">
      {/* Focusable: it scrolls, and a keyboard must reach its older lines. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard. */}
      <ol class="chat-lines" ref={list} aria-live="polite" tabIndex={0}>
        {entries.length === 0 && <li class="chat-empty">{t(props.empty)}</li>}
        {entries.map((e) => (
          <li key={e.key} class={e.mine ? "chat-line chat-mine" : "chat-line"}>
            <span class="chat-who">{t("chat.who", { n: e.seat, name: e.name })}</span> {e.text}
          </li>
        ))}
      </ol>
      <form class="chat-form" onSubmit={submit}>
        <label class="visually-hidden" for="chat-draft">
          {t("chat.label")}
        </label>
        <textarea
          id="chat-draft"
          class="chat-input"
          rows={2}
          maxLength={MAX_SPEECH_LENGTH}
          value={draft}
          disabled={!floor.may}
          placeholder={floor.may ? t("chat.placeholder") : ""}
          onInput={(e) => setDraft((e.currentTarget as HTMLTextAreaElement).value)}
        />
        <button type="submit" class="btn btn-primary chat-send" disabled={!floor.may || problem !== null}>
          {t("chat.send")}
        </button>
      </form>
      {!floor.may && <p class="chat-reason">{tr(floor.reason)}</p>}
      {floor.may && problem === "tooLong" && (
        <p class="chat-reason">{tn("chat.tooLong", MAX_SPEECH_LENGTH)}</p>
      )}
      {answer?.state === "rejected" && (
        <p class="phone-error" role="alert">
          {t("phone.rejected", { message: answer.message })}
        </p>
      )}
      {socket.connected ? null : <p class="chat-reason">{t("chat.offline")}</p>}
    </div>
  );
}
