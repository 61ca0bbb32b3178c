// The club's hosts and admins for an event form's hosts (a night's, a tournament's): the first 50
// accounts that may host, with the viewer first if the search missed him.

import type { HostInfo } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import { api } from "./session.js";

export interface HostRef {
  readonly id: string;
  readonly name: string;
}

export function useHosts(me: HostInfo): HostRef[] {
  const [hosts, setHosts] = useState<HostRef[]>([]);
  useEffect(() => {
    void api.people("", 50).then((answer) => {
      if (!answer.ok) return;
      const found = answer.value.people.flatMap((p) =>
        p.account && p.account.role !== "member" ? [{ id: p.account.id, name: p.name }] : [],
      );
      setHosts(found.some((h) => h.id === me.id) ? found : [{ id: me.id, name: me.name }, ...found]);
    });
  }, [me.id, me.name]);
  return hosts;
}
