// The club's nights (`/nights`): upcoming first, each with its counts and the viewer's place; a
// host announces a new one here. The calendar feed's link for a phone to subscribe to.

import type { HostInfo, NightSummary } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import { useHosts } from "../app/hosts.js";
import { navigate } from "../app/router.js";
import { ErrorLine, errorText, Link, Loading, TextField } from "../app/ui.js";
import { type Language, t } from "../i18n/index.js";
import { CALENDAR_URL, nightsApi } from "./api.js";
import { placeLine, whenLine } from "./lines.js";
import "./nights.css";

export function NightsPage(props: { me: HostInfo; lang: Language }) {
  const [nights, setNights] = useState<NightSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void nightsApi.list().then((answer) => {
      if (answer.ok) setNights(answer.value.nights);
      else setError(errorText(answer.error));
    });
  }, []);
  const runs = props.me.role !== "member";
  return (
    <section class="stack">
      <h1>{t("nights.title")}</h1>
      <ErrorLine text={error} />
      <p>
        <a href={CALENDAR_URL}>{t("nights.calendar")}</a>
      </p>
      {nights === null && !error && <Loading />}
      {nights?.length === 0 && <p>{t("nights.none")}</p>}
      <ul class="night-list">
        {nights?.map((n) => (
          <li key={n.id}>
            <Link href={`/nights/${encodeURIComponent(n.id)}`}>{n.title}</Link>{" "}
            <span>{whenLine(n, props.lang)}</span> ·{" "}
            <span>{t("nights.counts", { going: n.going, capacity: n.capacity, waiting: n.waiting })}</span> ·{" "}
            <strong>{placeLine(n.me)}</strong>
          </li>
        ))}
      </ul>
      {runs && <NewNight me={props.me} />}
    </section>
  );
}

/** The host's form: a night starting at a local date and time, with the hosts picked from the club. */
function NewNight(props: { me: HostInfo }) {
  const [title, setTitle] = useState("");
  const [startsAt, setStartsAt] = useState("");
  const [place, setPlace] = useState("");
  const [capacity, setCapacity] = useState("36");
  const [tables, setTables] = useState("3");
  const hosts = useHosts(props.me);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set([props.me.id]));
  const [error, setError] = useState<string | null>(null);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    const answer = await nightsApi.create({
      title,
      startsAt: new Date(startsAt).getTime() || 0,
      place,
      capacity: Number(capacity),
      tables: Number(tables),
      hosts: [...chosen],
    });
    if (!answer.ok) return setError(errorText(answer.error));
    navigate(`/nights/${encodeURIComponent(answer.value.night.id)}`);
  };
  return (
    <form class="night-card stack" onSubmit={submit}>
      <h2>{t("nights.new")}</h2>
      <TextField id="night-title" label={t("nights.new.title")} max={80} value={title} set={setTitle} />
      <TextField
        id="night-starts"
        label={t("nights.new.startsAt")}
        type="datetime-local"
        value={startsAt}
        set={setStartsAt}
      />
      <TextField id="night-place" label={t("nights.new.place")} max={120} value={place} set={setPlace} />
      <TextField
        id="night-capacity"
        label={t("nights.new.capacity")}
        type="number"
        min={1}
        max={240}
        value={capacity}
        set={setCapacity}
      />
      <TextField
        id="night-tables"
        label={t("nights.new.tables")}
        type="number"
        min={1}
        max={20}
        value={tables}
        set={setTables}
      />
      <fieldset>
        <legend>{t("nights.new.hosts")}</legend>
        {hosts.map((h) => (
          <label key={h.id} class="check">
            <input type="checkbox" checked={chosen.has(h.id)} onChange={() => toggle(h.id)} /> {h.name}
          </label>
        ))}
      </fieldset>
      <ErrorLine text={error} />
      <button type="submit">{t("nights.new.create")}</button>
    </form>
  );
}
