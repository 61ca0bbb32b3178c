// One request a page shows: its answer, or its problem in words, asked again when `key` changes.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Result } from "../api/client.js";
import { errorText } from "../app/ui.js";

export interface Loaded<T> {
  readonly value: T | null;
  readonly error: string | null;
  /** Replaces the value (after a change the server answered with the new one). */
  set(value: T): void;
  /** Asks again. */
  reload(): void;
}

export function useLoad<T>(ask: () => Promise<Result<T>>, key: string): Loaded<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  // The page's newest `ask` (a new closure each render); `key` and `round` say when to ask again.
  const latest = useRef(ask);
  latest.current = ask;
  useEffect(() => {
    let live = true;
    setError(null);
    void latest.current().then((answer) => {
      if (!live) return;
      if (answer.ok) setValue(answer.value);
      else setError(errorText(answer.error));
    });
    return () => {
      live = false;
    };
  }, [key, round]);
  return { value, error, set: setValue, reload: () => setRound((r) => r + 1) };
}
