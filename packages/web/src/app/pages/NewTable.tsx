// A new table: twelve players in seat order (picked from the club's directory, or guests by name),
// the rules settings, the deal; POST /api/tables and on to the table (its first events are kept on
// this device at once, so it opens even offline). An online table (the server is its host) asks
// only what it needs: no names (its seats are "Player n" for people joining by the code and "Bot n"
// for the rest), how many seats are for people, and its own settings (./OnlineFields.tsx); it is
// always dealt at random and opens its follower page.

import { useMemo, useState } from "preact/hooks";
import { getLang, t, tn } from "../../i18n/index.js";
import { keepTable } from "../../sync/store.js";
import {
  type DealDraft,
  defaultDraft,
  namesFromList,
  readDeal,
  readDraft,
  type SettingsDraft,
} from "../forms.js";
import { LIMITS } from "../limits.js";
import { navigate } from "../router.js";
import { api } from "../session.js";
import { tableTitle } from "../tableTitle.js";
import { describedBy, ErrorLine, errorText, Field } from "../ui.js";
import { browserStorage } from "../useTable.js";
import { DealEditor } from "./DealEditor.js";
import { OnlineFields } from "./OnlineFields.js";
import { defaultOnlineDraft, type OnlineDraft, readOnlineDraft } from "./onlineDraft.js";
import { type SeatChoice, SeatPicker } from "./SeatPicker.js";
import { SettingsEditor } from "./SettingsEditor.js";

const SEATS = 12;

export function NewTablePage() {
  const [title, setTitle] = useState("");
  const [seats, setSeats] = useState<SeatChoice[]>(() =>
    Array.from({ length: SEATS }, () => ({ name: "", person: null })),
  );
  const names = seats.map((s) => s.name);
  const [paste, setPaste] = useState("");
  const [pasteNote, setPasteNote] = useState<string | null>(null);
  const [draft, setDraft] = useState<SettingsDraft>(defaultDraft);
  const [deal, setDeal] = useState<DealDraft>({ mode: "random" });
  const [online, setOnline] = useState(false);
  const [onlineDraft, setOnlineDraft] = useState<OnlineDraft>(defaultOnlineDraft);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const settings = useMemo(() => readDraft(draft), [draft]);
  const settingsOk = Object.keys(settings.problems).length === 0;
  const onlineRead = useMemo(() => readOnlineDraft(onlineDraft), [onlineDraft]);
  const onlineOk = !online || Object.keys(onlineRead.problems).length === 0;
  // Online, nobody is named: the seats are the people's who join by the code, and the bots'.
  const unnamed = online ? [] : names.map((n, i) => (n.trim() === "" ? i + 1 : 0)).filter((n) => n > 0);
  // Online, nobody may know the cards: not a seed, not cards entered by hand, only the server's draw.
  const dealBody = online ? { random: true as const } : readDeal(deal);

  const applyPaste = () => {
    const list = namesFromList(paste);
    // A pasted name is a guest until picked from the directory.
    setSeats(seats.map((seat, i) => (list[i] ? { name: list[i], person: null } : seat)));
    setPasteNote(list.length === SEATS ? null : tn("app.new.pasteCount", list.length));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setTried(true);
    if (unnamed.length > 0 || !settingsOk || !onlineOk || !dealBody) return;
    setBusy(true);
    setError(null);
    const answer = await api.createTable({
      title: tableTitle(title, getLang(), new Date(), t),
      settings: settings.settings,
      seats: online
        ? onlineSeats(onlineRead.humanSeats)
        : seats.map((s) => ({ name: s.name.trim(), ...(s.person ? { person: s.person.id } : {}) })),
      deal: dealBody,
      ...(online ? { online: true, onlineSettings: onlineRead.settings } : {}),
    });
    setBusy(false);
    if (!answer.ok) return setError(errorText(answer.error));
    const { id, seq, events } = answer.value;
    if (online) return navigate(`/online/${encodeURIComponent(id)}`);
    try {
      const storage = browserStorage();
      if (storage) keepTable(storage, { id, title: title.trim(), seq, events });
    } catch {
      // Storage full or off: the table page fetches it instead.
    }
    navigate(`/tables/${encodeURIComponent(id)}`);
  };

  return (
    <form class="new-table stack" onSubmit={submit} noValidate>
      <h1>{t("app.new.title")}</h1>
      <Field id="table-title" label={t("app.new.tableTitle")}>
        <input
          id="table-title"
          maxLength={LIMITS.tableTitle}
          value={title}
          onInput={(e) => setTitle(e.currentTarget.value)}
        />
      </Field>

      <div class="field toggle-field">
        <label class="toggle" for="table-online">
          <input
            id="table-online"
            type="checkbox"
            role="switch"
            checked={online}
            aria-checked={online}
            aria-describedby="table-online-help"
            onChange={(e) => setOnline(e.currentTarget.checked)}
          />
          <span class="toggle-track" aria-hidden="true" />
          <span class="toggle-label">{t("app.new.online")}</span>
          <span class="toggle-state" aria-hidden="true">
            {online ? t("app.settings.on") : t("app.settings.off")}
          </span>
        </label>
        <p class="help" id="table-online-help">
          {t("app.new.onlineHelp")}
        </p>
      </div>

      {online ? (
        <OnlineFields
          draft={onlineDraft}
          problems={onlineRead.problems}
          tried={tried}
          onChange={setOnlineDraft}
        />
      ) : (
        <section aria-labelledby="seats-heading" class="stack">
          <h2 id="seats-heading">{t("app.new.seats")}</h2>
          <details class="paste">
            <summary>{t("app.new.paste")}</summary>
            <Field id="paste-list" label={t("app.new.pasteLabel")} problem={pasteNote}>
              <textarea
                id="paste-list"
                rows={6}
                value={paste}
                aria-describedby={describedBy("paste-list", false, !!pasteNote)}
                onInput={(e) => setPaste(e.currentTarget.value)}
              />
            </Field>
            <button type="button" class="secondary" onClick={applyPaste}>
              {t("app.new.pasteApply")}
            </button>
          </details>
          <ol class="seat-grid">
            {seats.map((seat, i) => {
              const id = `seat-${i + 1}`;
              const missing = tried && seat.name.trim() === "";
              return (
                <li key={id} class={missing ? "field has-problem" : "field"}>
                  <label for={id}>{t("app.new.seat", { n: i + 1 })}</label>
                  <SeatPicker
                    id={id}
                    value={seat}
                    invalid={missing}
                    onChange={(choice) => setSeats((all) => all.map((s, j) => (j === i ? choice : s)))}
                  />
                </li>
              );
            })}
          </ol>
          {tried && unnamed.length > 0 && (
            <p class="problem" role="alert">
              {t("app.new.nameMissing", { seats: unnamed.join(", ") })}
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="settings-heading" class="stack">
        <div class="page-head">
          <h2 id="settings-heading">{t("app.new.settings")}</h2>
          <button type="button" class="secondary" onClick={() => setDraft(defaultDraft())}>
            {t("app.new.resetSettings")}
          </button>
        </div>
        <SettingsEditor draft={draft} problems={settings.problems} onChange={setDraft} />
      </section>

      <section aria-labelledby="deal-heading" class="stack">
        <h2 id="deal-heading">{t("app.new.deal")}</h2>
        {online ? (
          <p>{t("app.new.onlineDeal")}</p>
        ) : (
          <DealEditor deal={deal} names={names} onChange={setDeal} />
        )}
      </section>

      {tried && (unnamed.length > 0 || !settingsOk || !onlineOk || !dealBody) && (
        <p class="problem" role="alert">
          {t("app.new.fix")}
        </p>
      )}
      <ErrorLine text={error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t("app.new.creating") : t("app.new.create")}
        </button>
      </div>
    </form>
  );
}

/** An online table's seats: "Player n" for the people's seats (1 to `humans`), "Bot n" for the rest. */
function onlineSeats(humans: number): { name: string }[] {
  return Array.from({ length: SEATS }, (_, i) => ({
    name: t(i < humans ? "app.online.player" : "app.online.bot", { n: i + 1 }),
  }));
}
