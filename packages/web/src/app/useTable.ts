// Wires a TableStore (src/sync) to the browser: localStorage, fetch, timers, the online/offline
// events and the realtime channel; the component sees each new snapshot.

import { useEffect, useMemo, useState } from "preact/hooks";
import { createApi } from "../api/client.js";
import { mergeOutChat, type OutLine } from "../phone/chat.js";
import { watchTable } from "../sync/socket.js";
import { type KeyValue, type StoreDeps, type TableSnapshot, TableStore } from "../sync/store.js";

/** localStorage, or nothing when the browser refuses it (private mode): the store then keeps memory only. */
export function browserStorage(): KeyValue | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A command id: crypto.getRandomValues works on a plain-http club network too (randomUUID needs https). */
export function newCommandId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function browserDeps(): StoreDeps {
  return {
    api: createApi(),
    storage: browserStorage(),
    newId: newCommandId,
    now: () => Date.now(),
    later: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
    networkUp: () => navigator.onLine,
  };
}

export function useTable(id: string): {
  snapshot: TableSnapshot;
  dismissProblem: () => void;
  /** The out chat (players out of the game), as pushed to the host. */
  outChat: readonly OutLine[];
} {
  const store = useMemo(() => new TableStore(id, browserDeps()), [id]);
  const [snapshot, setSnapshot] = useState(() => store.snapshot());
  const [outChat, setOutChat] = useState<readonly OutLine[]>([]);
  useEffect(() => {
    setSnapshot(store.snapshot());
    const unsubscribe = store.subscribe(() => setSnapshot(store.snapshot()));
    store.start();
    const online = () => store.networkChanged(true);
    const offline = () => store.networkChanged(false);
    const visible = () => document.visibilityState === "visible" && store.networkChanged(navigator.onLine);
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    document.addEventListener("visibilitychange", visible);
    const watch = watchTable(
      id,
      (seq) => store.remoteSeq(seq),
      () => store.networkChanged(true),
      (push) => setOutChat((held) => mergeOutChat(held, push)),
    );
    return () => {
      unsubscribe();
      watch.close();
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      document.removeEventListener("visibilitychange", visible);
      store.dispose();
    };
  }, [store, id]);
  return { snapshot, dismissProblem: () => store.dismissProblem(), outChat };
}

/** Steps still waiting in this browser, over every table (a sign-out warns about them). */
export function unsentSteps(): number {
  const storage = browserStorage();
  if (!storage) return 0;
  let n = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith("misto.table.")) continue;
    try {
      n += (JSON.parse(storage.getItem(key) ?? "{}") as { queue?: unknown[] }).queue?.length ?? 0;
    } catch {
      // Not ours to judge.
    }
  }
  return n;
}
