// A night's pair policies: two people kept apart (a couple, a family) or together at every draw.

import type { NightPage } from "@misto/protocol";
import { useState } from "preact/hooks";
import type { Result } from "../api/client.js";
import { t } from "../i18n/index.js";
import { nightsApi } from "./api.js";
import { PlayerPick } from "./RoundView.js";

export function Pairs(props: {
  night: NightPage;
  shown: (call: Promise<Result<NightPage>>) => Promise<void>;
}) {
  const { night, shown } = props;
  const id = night.night.id;
  const people = night.entries.map((e) => e.person);
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const [kind, setKind] = useState<"apart" | "together">("apart");
  return (
    <div class="stack">
      <h3>{t("nights.pairs")}</h3>
      <ul class="night-entries">
        {night.pairs.map((p) => (
          <li key={`${p.a.id} ${p.b.id}`}>
            {t(`nights.pairs.${p.kind}`, { a: p.a.name, b: p.b.name })}{" "}
            <button
              type="button"
              class="secondary"
              onClick={() => shown(nightsApi.endPair(id, p.a.id, p.b.id))}
            >
              {t("nights.pairs.end")}
            </button>
          </li>
        ))}
      </ul>
      <div class="night-row">
        <PlayerPick label={t("nights.pairs.a")} players={people} value={a} set={setA} />
        <PlayerPick label={t("nights.pairs.b")} players={people} value={b} set={setB} />
        <label>
          {t("nights.pairs.kind")}{" "}
          <select value={kind} onChange={(e) => setKind(e.currentTarget.value as "apart" | "together")}>
            <option value="apart">{t("nights.pairs.kind.apart")}</option>
            <option value="together">{t("nights.pairs.kind.together")}</option>
          </select>
        </label>
        <button
          type="button"
          class="secondary"
          disabled={!a || !b || a === b}
          onClick={() => shown(nightsApi.keepPair(id, { a, b, kind }))}
        >
          {t("nights.pairs.keep")}
        </button>
      </div>
    </div>
  );
}
