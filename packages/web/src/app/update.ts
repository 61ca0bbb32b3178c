// A new version of the app (a new build's service worker, installed and waiting): announced to the
// host, applied only on his tap and only between games. Nothing here reloads by itself: a waiting
// worker takes over the console only when the host taps "Reload" while no game runs on it.

import { useEffect, useState } from "preact/hooks";

export interface UpdateState {
  /** A new version is installed and waits for a reload. */
  readonly ready: boolean;
  /** A game is being played on this console (its screen is open and the game is not over). */
  readonly playing: boolean;
}

let state: UpdateState = { ready: false, playing: false };
let apply: (() => Promise<void>) | null = null;
const listeners = new Set<(next: UpdateState) => void>();

function set(next: Partial<UpdateState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener(state);
}

/** The service worker's registration found a waiting version; `reload` activates it and reloads. */
export function updateReady(reload: () => Promise<void>): void {
  apply = reload;
  set({ ready: true });
}

/** The game screen says whether a game runs on this console now. */
export function setPlaying(playing: boolean): void {
  if (state.playing !== playing) set({ playing });
}

/** Applies the waiting version: refused (false) while a game runs on this console. */
export async function applyUpdate(): Promise<boolean> {
  if (!state.ready || state.playing || !apply) return false;
  await apply();
  return true;
}

export function useUpdate(): UpdateState {
  const [now, setNow] = useState(state);
  useEffect(() => {
    listeners.add(setNow);
    setNow(state);
    return () => {
      listeners.delete(setNow);
    };
  }, []);
  return now;
}
