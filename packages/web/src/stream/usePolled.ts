// An answer asked again every `ms` while the page is open (the board's rounds and standings, the
// broadcast's frames): the last good answer is kept through a failed ask; a refusal is shown.

import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiError, Result } from "../api/client.js";

export function usePolled<T>(
  ask: () => Promise<Result<T>>,
  ms: number,
  key: string,
): { value: T | null; error: ApiError | null } {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  // `ask` is made anew at each render; the latest is asked, and `key` says when it asks anew.
  const latest = useRef(ask);
  latest.current = ask;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const once = async () => {
      const answer = await latest.current();
      if (stopped) return;
      if (answer.ok) {
        setValue(answer.value);
        setError(null);
      } else setError(answer.error);
      // A refusal (signed out, no such night) is not asked again: nothing would change it.
      if (answer.ok || answer.error.status === 0 || answer.error.status >= 500)
        timer = setTimeout(() => void once(), ms);
    };
    void once();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [key, ms]);
  return { value, error };
}
