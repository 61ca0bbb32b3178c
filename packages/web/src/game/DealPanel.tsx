// The deal (SETUP-3, SETUP-4): players draw their cards; a card seen by another means a new deal.

import type { Action, View } from "@misto/engine";
import { useState } from "preact/hooks";
import { t } from "../i18n/index.js";
import { DealReveal } from "./DealReveal.js";

export function DealPanel(props: { view: View; send: (a: Action) => boolean }) {
  const [confirm, setConfirm] = useState(false);
  const [reveal, setReveal] = useState(false);
  const redeal = () => {
    const seed = Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("-");
    if (props.send({ actor: "host", type: "redeal", seed })) setConfirm(false);
  };
  return (
    <div class="deal-panel">
      <h2>{t("deal.title")}</h2>
      <p class="say">{t("deal.say")}</p>
      <p class="hint">{t("deal.hint")}</p>
      {/* Players without phones see their cards here, one at a time. */}
      <button type="button" class="btn btn-big" onClick={() => setReveal(true)} aria-haspopup="dialog">
        {t("deal.reveal.open")}
      </button>
      {reveal && <DealReveal view={props.view} onClose={() => setReveal(false)} />}
      {confirm ? (
        <div class="confirm" role="alertdialog" aria-label={t("deal.redeal")}>
          <p>{t("deal.redealConfirm")}</p>
          <button type="button" class="btn btn-danger" onClick={redeal}>
            {t("deal.redeal")}
          </button>
          <button type="button" class="btn" onClick={() => setConfirm(false)}>
            {t("common.cancel")}
          </button>
        </div>
      ) : (
        <button type="button" class="btn" onClick={() => setConfirm(true)}>
          {t("deal.redeal")}
        </button>
      )}
    </div>
  );
}
