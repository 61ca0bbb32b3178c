// The host console's "Players' phones" sheet: the table's join code, a QR code of the join link
// (the QR library is loaded only when the sheet opens), who has joined, and "free this seat".

import { useCallback, useEffect, useState } from "preact/hooks";
import { Sheet } from "../game/Sheet.js";
import { t } from "../i18n/index.js";
import { JoinCode } from "./JoinCode.js";
import { phoneApi, type SeatsInfo } from "./phoneApi.js";

export function PhonesPanel(props: { tableId: string; onClose: () => void }) {
  const [info, setInfo] = useState<SeatsInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const { tableId } = props;
  const load = useCallback(async () => {
    const answer = await phoneApi.seats(tableId);
    if (answer.ok) {
      setInfo(answer.value);
      setProblem(null);
    } else setProblem(answer.error.message);
  }, [tableId]);
  useEffect(() => {
    void load();
    const id = setInterval(() => void load(), 5000);
    return () => clearInterval(id);
  }, [load]);

  const code = info?.code ?? null;

  const free = async (seat: number) => {
    if (!confirm(t("phones.freeConfirm", { n: seat }))) return;
    const answer = await phoneApi.free(props.tableId, seat);
    if (!answer.ok) setProblem(answer.error.message);
    await load();
  };

  const joined = info?.seats.filter((s) => s.phone) ?? [];
  return (
    <Sheet labelledBy="phones-title" class="sheet-phones" onClose={props.onClose}>
      <h2 id="phones-title">{t("phones.title")}</h2>
      {problem && (
        <p class="problem" role="alert">
          {t("phones.error", { message: problem })}
        </p>
      )}
      {!info && !problem && <p>{t("phones.loading")}</p>}
      {code && <JoinCode code={code} />}
      {info && joined.length === 0 && <p>{t("phones.none")}</p>}
      <ul class="phones-seats">
        {joined.map((s) => (
          <li key={s.seat}>
            <span>
              {t("phones.joined", { n: s.seat })} · {s.name}
            </span>
            <button type="button" class="btn btn-danger-outline" onClick={() => void free(s.seat)}>
              {t("phones.free", { n: s.seat })}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="btn btn-big" onClick={props.onClose}>
        {t("phones.close")}
      </button>
    </Sheet>
  );
}
