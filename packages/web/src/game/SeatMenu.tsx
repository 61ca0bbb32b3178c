// A seat's menu: the step's action on this seat when legal (vote for, choose as target, grave),
// then fouls with their reasons (FOUL-1), remarks in the discussion (FOUL-2), disqualification (FOUL-6).

import {
  type Action,
  FOUL_REASONS,
  type FoulReason,
  REMARK_REASONS,
  type Seat,
  type View,
} from "@misto/engine";
import { useState } from "preact/hooks";
import { t } from "../i18n/index.js";
import { Sheet } from "./Sheet.js";
import { discipline, seatActions } from "./seatActions.js";
import { foulDots } from "./seatFacts.js";

export function SeatMenu(props: {
  view: View;
  seat: Seat;
  send: (a: Action) => boolean;
  onClose: () => void;
}) {
  const { view, seat } = props;
  const s = view.seats[seat - 1];
  const [confirm, setConfirm] = useState(false);
  const [note, setNote] = useState("");
  // FOUL-5: the foul that makes five removes the player at once: the host confirms it first.
  const [fifth, setFifth] = useState<FoulReason | null>(null);
  if (!s) return null;
  const act = (a: Action) => {
    if (props.send(a)) props.onClose();
  };
  const can = discipline(view, seat);
  const foul = (reason: FoulReason) => {
    const count = reason === "nightTalk" ? 2 : 1; // FOUL-1: talking at night is two fouls
    if (s.fouls + count >= view.foulLimits.removed && fifth !== reason) setFifth(reason);
    else giveFoul(reason);
  };
  const giveFoul = (reason: FoulReason) =>
    act({
      actor: "host",
      type: "foul",
      seat,
      reason,
      ...(reason === "other" && note.trim() ? { note: note.trim() } : {}),
    });
  return (
    <Sheet labelledBy="seat-menu-title" onClose={props.onClose}>
      <header class="sheet-head">
        <h2 id="seat-menu-title">
          {t("seat.n", { n: seat })} · {s.name}
        </h2>
        <span class="seat-fouls">{foulDots(s.fouls, view.foulLimits.removed)}</span>
        <button type="button" class="btn btn-icon" onClick={props.onClose} aria-label={t("common.close")}>
          ✕
        </button>
      </header>
      {seatActions(view, seat).map((x) => (
        <button
          key={`${x.key}-${JSON.stringify(x.params)}`}
          type="button"
          class="btn btn-big btn-accent"
          onClick={() => act(x.action)}
        >
          {t(x.key, x.params)}
        </button>
      ))}
      {can.foul && (
        <section aria-labelledby="menu-foul">
          <h3 id="menu-foul">{t("menu.foul")}</h3>
          {fifth && (
            <div class="confirm confirm-fifth" role="alertdialog" aria-labelledby="fifth-title">
              <p id="fifth-title">{t("menu.fifthConfirm", { n: seat })}</p>
              <button type="button" class="btn btn-danger" onClick={() => giveFoul(fifth)}>
                {t("menu.fifthYes")}
              </button>
              <button type="button" class="btn" onClick={() => setFifth(null)}>
                {t("common.cancel")}
              </button>
            </div>
          )}
          <div class="chips">
            {FOUL_REASONS.map((reason) => (
              <button
                key={reason}
                type="button"
                class="btn"
                // FOUL-1: a foul for another reason carries the host's note.
                disabled={reason === "other" && !note.trim()}
                onClick={() => foul(reason)}
              >
                {t(`foul.${reason}`)}
                {reason === "nightTalk" ? ` (${t("menu.twoFouls")})` : ""}
              </button>
            ))}
          </div>
          <label class="field">
            <span>{t("menu.foulNote")}</span>
            <input
              type="text"
              maxLength={500}
              value={note}
              onInput={(e) => setNote((e.currentTarget as HTMLInputElement).value)}
            />
          </label>
        </section>
      )}
      {can.remark && (
        <section aria-labelledby="menu-remark">
          <h3 id="menu-remark">{t("menu.remark", { n: s.remarks })}</h3>
          <div class="chips">
            {REMARK_REASONS.map((reason) => (
              <button
                key={reason}
                type="button"
                class="btn"
                onClick={() => act({ actor: "host", type: "remark", seat, reason })}
              >
                {t(`remark.${reason}`)}
              </button>
            ))}
          </div>
        </section>
      )}
      {can.disqualify &&
        (confirm ? (
          <div class="confirm" role="alertdialog" aria-label={t("menu.disqualify")}>
            <p>{t("menu.disqualifyConfirm", { n: seat })}</p>
            <button
              type="button"
              class="btn btn-danger"
              onClick={() => act({ actor: "host", type: "disqualify", seat })}
            >
              {t("menu.disqualifyYes")}
            </button>
            <button type="button" class="btn" onClick={() => setConfirm(false)}>
              {t("common.cancel")}
            </button>
          </div>
        ) : (
          <button type="button" class="btn btn-danger-outline" onClick={() => setConfirm(true)}>
            {t("menu.disqualify")}
          </button>
        ))}
      {!can.foul && !can.remark && !can.disqualify && seatActions(view, seat).length === 0 && (
        <p class="muted">{t("menu.nothing")}</p>
      )}
    </Sheet>
  );
}
