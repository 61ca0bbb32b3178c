// A digital deal without phones (SETUP-3): the host's screen shows each seat its card, one seat at a
// time, passed from hand to hand. Between two players the card is covered: the next one taps to
// see his own, and nobody sees another's.

import type { View } from "@misto/engine";
import { useState } from "preact/hooks";
import { t } from "../i18n/index.js";
import { Sheet } from "./Sheet.js";

export function DealReveal(props: { view: View; onClose: () => void }) {
  const seats = props.view.seats;
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const s = seats[index];
  const next = () => {
    setShown(false);
    setIndex(index + 1);
  };
  return (
    <Sheet labelledBy="deal-reveal-title" class="sheet-reveal" onClose={props.onClose}>
      <header class="sheet-head">
        <h2 id="deal-reveal-title">{t("deal.reveal.title")}</h2>
        <button type="button" class="btn btn-icon" onClick={props.onClose} aria-label={t("common.close")}>
          ✕
        </button>
      </header>
      {!s ? (
        <>
          <p class="say">{t("deal.reveal.done")}</p>
          <button type="button" class="btn btn-big btn-accent" onClick={props.onClose}>
            {t("common.done")}
          </button>
        </>
      ) : shown ? (
        <>
          <p class="say">{t("deal.reveal.yours", { n: s.seat })}</p>
          <p class={`reveal-card card-${s.card ?? "none"}`} role="status">
            {s.card ? t(`card.${s.card}`) : ""}
          </p>
          <button type="button" class="btn btn-big btn-accent" onClick={next}>
            {index + 1 < seats.length ? t("deal.reveal.hide", { n: index + 2 }) : t("deal.reveal.hideLast")}
          </button>
        </>
      ) : (
        <>
          <p class="say say-big">{t("deal.reveal.pass", { n: s.seat, name: s.name })}</p>
          <p class="reveal-cover" aria-hidden="true" />
          <button type="button" class="btn btn-big btn-accent" onClick={() => setShown(true)}>
            {t("deal.reveal.show", { n: s.seat })}
          </button>
        </>
      )}
    </Sheet>
  );
}
