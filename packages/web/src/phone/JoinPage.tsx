// /join and /join/:code: the player types the table's code (or it comes in the link), picks his
// seat (1–12, each with its player's name once the code is known), and joins; the seat's token is kept on the phone and the phone goes to /seat/:table.
// An online table whose game has begun admits nobody: the page links to where it can be followed.

import { useEffect, useState } from "preact/hooks";
import { LanguageSwitch } from "../app/LanguageSwitch.js";
import { navigate } from "../app/router.js";
import { Link } from "../app/ui.js";
import { t } from "../i18n/index.js";
import type { Language } from "../i18n/types.js";
import { cleanCode } from "./join.js";
import { phoneApi } from "./phoneApi.js";
import { rememberSeat } from "./seatStore.js";
import "./phone.css";

const SEATS = Array.from({ length: 12 }, (_, i) => i + 1);
/** A join code's length (docs/api.md, "Phones"). */
const CODE_LENGTH = 6;

/** The seats' players' public names for a whole code, or none (a code half typed, or unknown). */
function useSeatNames(code: string): readonly string[] {
  const [names, setNames] = useState<readonly string[]>([]);
  useEffect(() => {
    setNames([]);
    if (code.length !== CODE_LENGTH) return;
    let live = true;
    void phoneApi.seatsByCode(code).then((answer) => {
      if (live && answer.ok)
        setNames(SEATS.map((n) => answer.value.seats.find((s) => s.seat === n)?.name ?? ""));
    });
    return () => {
      live = false;
    };
  }, [code]);
  return names;
}

export function JoinPage(props: { code: string | null; lang: Language }) {
  const [code, setCode] = useState(props.code ?? "");
  const [seat, setSeat] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; follow?: string } | null>(null);
  const names = useSeatNames(cleanCode(code));
  const nameOf = (n: number) => names[n - 1] ?? "";
  const join = async (e: Event) => {
    e.preventDefault();
    if (seat === null || !cleanCode(code)) return;
    setBusy(true);
    setProblem(null);
    const answer = await phoneApi.join(cleanCode(code), seat);
    setBusy(false);
    if (!answer.ok) {
      const { follow, message, error } = answer.error;
      if (follow) return setProblem({ text: t("phone.join.started"), follow });
      return setProblem({ text: error === "bot_seat" ? t("phone.join.botSeat", { n: seat }) : message });
    }
    rememberSeat(answer.value);
    navigate(`/seat/${encodeURIComponent(answer.value.table)}`);
  };
  return (
    <main class="phone" lang={props.lang}>
      <form class="phone-body" onSubmit={join} aria-labelledby="join-title">
        <LanguageSwitch class="phone-lang" />
        <h1 class="phone-title" id="join-title">
          {t("phone.join.title")}
        </h1>
        <label class="phone-field">
          <span>{t("phone.join.code")}</span>
          <input
            name="code"
            value={code}
            autocomplete="off"
            autocapitalize="characters"
            inputMode="text"
            onInput={(e) => setCode(e.currentTarget.value)}
          />
        </label>
        <fieldset class="phone-seats">
          <legend>{t("phone.join.seat")}</legend>
          {SEATS.map((n) => (
            <button
              type="button"
              key={n}
              class={`btn phone-option${seat === n ? " btn-primary" : ""}`}
              aria-pressed={seat === n}
              onClick={() => setSeat(n)}
            >
              <span class="join-seat-n">{n}</span>
              {nameOf(n) && <span class="join-seat-name"> {nameOf(n)}</span>}
            </button>
          ))}
        </fieldset>
        {problem && (
          <p class="phone-error" role="alert">
            {problem.text}
          </p>
        )}
        {problem?.follow && (
          <p>
            <Link href={problem.follow}>{t("phone.join.follow")}</Link>
          </p>
        )}
        <button
          type="submit"
          class="btn btn-primary phone-wide"
          disabled={busy || seat === null || !cleanCode(code)}
        >
          {seat === null
            ? t("phone.join.pickSeat")
            : nameOf(seat)
              ? t("phone.join.goNamed", { n: seat, name: nameOf(seat) })
              : t("phone.join.go", { n: seat })}
        </button>
      </form>
    </main>
  );
}
