// One seat of a new table: type a name, and the club's directory offers the people it matches
// (search as you type, docs/club.md). Picking one seats that person; a name not picked seats a
// guest by that name, unless the name typed or pasted in full is exactly one person's: that person
// is seated (a second guest of his name would split his games and rating); two such people ask which.
// A banned person is shown with the ban's end and reason, and cannot be picked.

import type { PersonInfo } from "@misto/protocol";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../../i18n/index.js";
import { LIMITS } from "../limits.js";
import { api } from "../session.js";

/** A seat as the host filled it: the name, and the person picked from the directory (null: a guest). */
export interface SeatChoice {
  readonly name: string;
  readonly person: PersonInfo | null;
}

/** How long typing pauses before the directory is asked. */
const PAUSE_MS = 150;
const SHOWN = 6;

export function banText(ban: NonNullable<PersonInfo["ban"]>): string {
  return t("app.people.bannedUntil", { until: new Date(ban.until).toLocaleDateString(), reason: ban.reason });
}

/** The same name, as a host would read it: case and spacing aside. */
function sameName(a: string, b: string): boolean {
  const norm = (x: string) => x.trim().replace(/\s+/g, " ").toLocaleLowerCase();
  return norm(a) === norm(b);
}

export function SeatPicker(props: {
  id: string;
  value: SeatChoice;
  invalid: boolean;
  onChange: (choice: SeatChoice) => void;
}) {
  const { id, value, invalid, onChange } = props;
  const [options, setOptions] = useState<PersonInfo[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [several, setSeveral] = useState(false);
  const asked = useRef(0);
  const changed = useRef(onChange);
  changed.current = onChange;
  const listId = `${id}-people`;

  // Asks the directory for what is typed; a slower, older answer never replaces a newer one.
  useEffect(() => {
    const q = value.name.trim();
    if (value.person || q === "") {
      setOptions([]);
      setSeveral(false);
      return;
    }
    const n = ++asked.current;
    const timer = setTimeout(() => {
      void api.people(q, SHOWN).then((answer) => {
        if (n !== asked.current || !answer.ok) return;
        const exact = answer.value.people.filter((p) => !p.ban && sameName(p.name, q));
        const only = exact.length === 1 ? exact[0] : undefined;
        if (only) {
          changed.current({ name: only.name, person: only });
          return;
        }
        setSeveral(exact.length > 1);
        if (exact.length > 1) setOpen(true);
        setOptions(answer.value.people);
        setActive(-1);
      });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value.name, value.person]);

  const pick = (person: PersonInfo) => {
    if (person.ban) return;
    onChange({ name: person.name, person });
    setOpen(false);
  };

  const shown = open && options.length > 0;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" && options.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % options.length);
    } else if (e.key === "ArrowUp" && options.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
    } else if (e.key === "Enter" && shown && active >= 0) {
      e.preventDefault();
      const person = options[active];
      if (person) pick(person);
    } else if (e.key === "Escape") setOpen(false);
  };

  return (
    <div class="seat-picker">
      <input
        id={id}
        maxLength={LIMITS.seatName}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-who`}
        value={value.name}
        onInput={(e) => {
          onChange({ name: e.currentTarget.value, person: null });
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <span id={`${id}-who`} class={value.person ? "seat-who seat-member" : "seat-who"}>
        {value.person
          ? t(value.person.kind === "member" ? "app.people.member" : "app.people.guest")
          : several
            ? t("app.people.pickWhich")
            : value.name.trim()
              ? t("app.people.newGuest")
              : ""}
      </span>
      <div
        id={listId}
        role="listbox"
        class="seat-options"
        hidden={!shown}
        aria-label={t("app.people.directory")}
      >
        {options.map((person, i) => (
          <div
            key={person.id}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            aria-disabled={person.ban ? true : undefined}
            class={person.ban ? "banned" : undefined}
            onMouseDown={(e) => {
              // Keeps the focus in the field: the pick happens before the blur closes the list.
              e.preventDefault();
              pick(person);
            }}
          >
            <span>{person.name}</span>{" "}
            <small>
              {person.ban
                ? banText(person.ban)
                : t(person.kind === "member" ? "app.people.member" : "app.people.guest")}
            </small>
          </div>
        ))}
      </div>
    </div>
  );
}
