// A club night (`/nights/:id`): the viewer's place (sign up or cancel in one tap, the waiting list's
// number, "table 2, seat 7"), and for a host the door, check-in and the rounds (RoundView).

import type { NightPage as Night, StandingRow } from "@misto/protocol";
import { useCallback, useEffect, useState } from "preact/hooks";
import type { Result } from "../api/client.js";
import { ErrorLine, errorText, Field, Loading } from "../app/ui.js";
import { type Language, t } from "../i18n/index.js";
import { tournamentsApi } from "../tournaments/api.js";
import { Standings } from "../tournaments/Standings.js";
import { nightsApi } from "./api.js";
import { placeLine, whenLine } from "./lines.js";
import { Pairs } from "./Pairs.js";
import { printLinks } from "./print.js";
import { RoundView } from "./RoundView.js";
import "./nights.css";

export function NightPage(props: { id: string; lang: Language }) {
  const [night, setNight] = useState<Night | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Every change answers the night as now: shown at once, or its refusal in words. */
  const shown = useCallback(async (call: Promise<Result<Night>>) => {
    const answer = await call;
    if (answer.ok) {
      setNight(answer.value);
      setError(null);
    } else setError(errorText(answer.error));
  }, []);
  useEffect(() => void shown(nightsApi.night(props.id)), [shown, props.id]);
  const [standings, setStandings] = useState<StandingRow[]>([]);
  // The evening's standings, by the same scoring as a tournament's, read again with the night.
  useEffect(() => {
    if (!night?.rounds.some((r) => r.dealt)) return;
    void tournamentsApi.nightStandings(props.id).then((answer) => {
      if (answer.ok) setStandings(answer.value.standings);
    });
  }, [night, props.id]);
  if (!night) return error ? <ErrorLine text={error} /> : <Loading />;
  const { me } = night.night;
  return (
    <section class="stack">
      <h1>{night.night.title}</h1>
      <p>
        {whenLine(night.night, props.lang)} ·{" "}
        {t("nights.counts", {
          going: night.night.going,
          capacity: night.night.capacity,
          waiting: night.night.waiting,
        })}
      </p>
      <p>
        <a href={`/board/${encodeURIComponent(night.night.id)}`}>{t("board.open")}</a>
      </p>
      <ErrorLine text={error} />
      <div class="night-card stack">
        <p class={me.seat ? "night-seat" : undefined} aria-live="polite">
          <strong>{placeLine(me)}</strong>
        </p>
        {me.checkedIn && <p>{t("nights.me.checkedIn")}</p>}
        {me.status === null ? (
          <button type="button" onClick={() => shown(nightsApi.signUp(props.id))}>
            {t("nights.signUp")}
          </button>
        ) : (
          <button type="button" class="secondary" onClick={() => shown(nightsApi.cancel(props.id))}>
            {t("nights.cancel")}
          </button>
        )}
      </div>
      {standings.some((r) => r.games > 0) && (
        <>
          <Standings rows={standings} title={t("tournaments.nightStandings")} final={false} />
          <p>
            <a href={printLinks.nightStandings(night.night.id)}>{t("print.standings")}</a>
          </p>
        </>
      )}
      {night.runs && <HostPanel night={night} shown={shown} />}
      {night.rounds.map((round) => (
        <RoundView key={round.n} night={night} round={round} runs={night.runs} shown={shown} />
      ))}
    </section>
  );
}

function HostPanel(props: { night: Night; shown: (call: Promise<Result<Night>>) => Promise<void> }) {
  const { night, shown } = props;
  const id = night.night.id;
  const [guest, setGuest] = useState("");
  const [balance, setBalance] = useState(false);
  const last = night.rounds[night.rounds.length - 1];
  const checkedIn = night.entries.filter((e) => e.checkedIn).length;
  const addGuest = async (event: Event) => {
    event.preventDefault();
    if (!guest.trim()) return;
    await shown(nightsApi.addAtDoor(id, { name: guest.trim() }));
    setGuest("");
  };
  return (
    <section class="night-card stack" aria-labelledby="night-host">
      <h2 id="night-host">{t("nights.host")}</h2>
      <form class="night-row" onSubmit={addGuest}>
        <Field id="night-door" label={t("nights.door")}>
          <input
            id="night-door"
            maxLength={60}
            value={guest}
            onInput={(e) => setGuest(e.currentTarget.value)}
          />
        </Field>
        <button type="submit">{t("nights.door.add")}</button>
      </form>
      <h3>{t("nights.entries")}</h3>
      <p>{t("nights.checkedIn", { n: checkedIn })}</p>
      <ul class="night-entries">
        {night.entries.map((e) => (
          <li key={e.person.id}>
            <label class="check">
              <input
                type="checkbox"
                checked={e.checkedIn}
                onChange={(ev) =>
                  shown(nightsApi.checkIn(id, { person: e.person.id, present: ev.currentTarget.checked }))
                }
              />{" "}
              {e.person.name} <small>({t("nights.entry.came")})</small>
            </label>{" "}
            {e.waiting !== null && <small>{t("nights.entry.waiting", { n: e.waiting })}</small>}
            {e.door && <small> {t("nights.entry.door")}</small>}
          </li>
        ))}
      </ul>
      <Pairs night={night} shown={shown} />
      <label class="check">
        <input type="checkbox" checked={balance} onChange={(e) => setBalance(e.currentTarget.checked)} />{" "}
        {t("nights.balance")}
      </label>
      <button type="button" onClick={() => shown(nightsApi.draw(id, balance))}>
        {last && !last.dealt ? t("nights.redraw") : t("nights.draw")}
      </button>
    </section>
  );
}
