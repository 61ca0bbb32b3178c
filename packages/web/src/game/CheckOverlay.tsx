// NIGHT-11: the commissar's answer, shown the moment he checks (thumb up black, down red), even when
// the night resolves right after; the host shows the gesture, then closes it.

import type { Seat } from "@misto/engine";
import { t } from "../i18n/index.js";
import { CheckResult } from "./NightPanel.js";
import { Sheet } from "./Sheet.js";

export function CheckOverlay(props: { check: { target: Seat; black: boolean }; onClose: () => void }) {
  return (
    <Sheet labelledBy="check-title" class="sheet-check" onClose={props.onClose}>
      <h2 id="check-title">{t("night.checkTitle")}</h2>
      <CheckResult target={props.check.target} black={props.check.black} />
      <button type="button" class="btn btn-big btn-accent" onClick={props.onClose}>
        {t("common.done")}
      </button>
    </Sheet>
  );
}
