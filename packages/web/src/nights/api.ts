// Club nights' API (docs/api.md "Club nights") as typed calls over the tables' client's Result.

import type { CheckInBody, DoorBody, NewNightBody, NightPage, NightsAnswer, PairBody } from "@misto/protocol";
import { createCaller, type Fetch, type Result } from "../api/client.js";

export interface NightsApi {
  list(): Promise<Result<NightsAnswer>>;
  create(body: NewNightBody): Promise<Result<NightPage>>;
  night(id: string): Promise<Result<NightPage>>;
  signUp(id: string): Promise<Result<NightPage>>;
  cancel(id: string): Promise<Result<NightPage>>;
  addAtDoor(id: string, body: DoorBody): Promise<Result<NightPage>>;
  checkIn(id: string, body: CheckInBody): Promise<Result<NightPage>>;
  keepPair(id: string, body: PairBody): Promise<Result<NightPage>>;
  endPair(id: string, a: string, b: string): Promise<Result<NightPage>>;
  draw(id: string, balance: boolean): Promise<Result<NightPage>>;
  swap(id: string, round: number, a: string, b: string): Promise<Result<NightPage>>;
  deal(id: string, round: number): Promise<Result<NightPage>>;
}

/** The calendar feed a phone subscribes to. */
export const CALENDAR_URL = "/api/nights.ics";

export function createNightsApi(fetcher?: Fetch): NightsApi {
  const call = createCaller(fetcher);
  const night = (id: string) => `/api/nights/${encodeURIComponent(id)}`;
  return {
    list: () => call("GET", "/api/nights"),
    create: (body) => call("POST", "/api/nights", body),
    night: (id) => call("GET", night(id)),
    signUp: (id) => call("POST", `${night(id)}/signup`),
    cancel: (id) => call("DELETE", `${night(id)}/signup`),
    addAtDoor: (id, body) => call("POST", `${night(id)}/guests`, body),
    checkIn: (id, body) => call("POST", `${night(id)}/checkin`, body),
    keepPair: (id, body) => call("POST", `${night(id)}/pairs`, body),
    endPair: (id, a, b) =>
      call("DELETE", `${night(id)}/pairs/${encodeURIComponent(a)}/${encodeURIComponent(b)}`),
    draw: (id, balance) => call("POST", `${night(id)}/rounds`, { balance }),
    swap: (id, round, a, b) => call("POST", `${night(id)}/rounds/${round}/swap`, { a, b }),
    deal: (id, round) => call("POST", `${night(id)}/rounds/${round}/tables`),
  };
}

export const nightsApi = createNightsApi();
