// Keeps the screen awake while a game screen is shown (UX: timers run on a tablet left on the table).
// A wake lock is dropped by the browser whenever the page is hidden, so it is asked for again on return.

import { useEffect } from "preact/hooks";

/** Holds a screen wake lock until the returned release is called; silently does nothing where unsupported. */
export function keepAwake(): () => void {
  let sentinel: WakeLockSentinel | null = null;
  let released = false;
  const acquire = async () => {
    if (released || document.visibilityState !== "visible" || !("wakeLock" in navigator)) return;
    try {
      sentinel = await navigator.wakeLock.request("screen");
      if (released) void sentinel.release();
    } catch {
      // Refused (battery saver, no permission): the screen may dim; nothing else to do.
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === "visible" && (sentinel === null || sentinel.released)) void acquire();
  };
  document.addEventListener("visibilitychange", onVisibility);
  void acquire();
  return () => {
    released = true;
    document.removeEventListener("visibilitychange", onVisibility);
    void sentinel?.release().catch(() => undefined);
    sentinel = null;
  };
}

/** The hook form: the screen stays awake while the component is mounted and `active` is true. */
export function useWakeLock(active = true): void {
  useEffect(() => (active ? keepAwake() : undefined), [active]);
}
