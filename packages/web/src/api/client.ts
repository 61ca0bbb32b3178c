// The server's HTTP API (docs/api.md) as typed calls. Every call answers a Result: the body, or the
// server's { error, message, rule? } — a network failure is the error "offline" with status 0.

import type {
  ClockBody,
  CommandBody,
  Committed,
  ComplaintAnswer,
  ComplaintBody,
  ComplaintsAnswer,
  Decision,
  DisplayAnswer,
  EndedAnswer,
  ErrorBody,
  Health,
  HostAnswer,
  NewHostBody,
  NewPersonBody,
  NewTableAnswer,
  NewTableBody,
  PeopleAnswer,
  PersonAnswer,
  PersonPage,
  PersonPatchBody,
  SanctionAnswer,
  SanctionBody,
  SetupBody,
  SetupState,
  SignInBody,
  TableComplaints,
  TableEvents,
  TablesAnswer,
} from "@misto/protocol";

/** The server's refusal (the protocol's ErrorBody), with its status and some codes' own fields. */
export interface ApiError extends Readonly<ErrorBody> {
  /** The HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** 409 stale: the table's sequence number now. */
  readonly seq?: number;
  /** 400 invalid_record (an import): each record's problem, "records/3/events/12: DAY-3 …". */
  readonly problems?: readonly string[];
  /** 409 started (a join after an online table's deal): the page where anyone may follow it. */
  readonly follow?: string;
}

export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ApiError };

/** The subset of `fetch` the client uses: tests hand in a fake. */
export type Fetch = (
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; credentials: "same-origin" },
) => Promise<{ status: number; ok: boolean; json(): Promise<unknown> }>;

// The table routes' answers are the protocol's schemas (the server's response schemas).
export type { Committed, TableEvents, TableSummary } from "@misto/protocol";

export interface Api {
  health(): Promise<Result<Health>>;
  setupNeeded(): Promise<Result<SetupState>>;
  setup(body: SetupBody): Promise<Result<HostAnswer>>;
  signIn(body: SignInBody): Promise<Result<HostAnswer>>;
  signOut(): Promise<Result<null>>;
  me(): Promise<Result<HostAnswer>>;
  addHost(body: NewHostBody): Promise<Result<HostAnswer>>;
  tables(): Promise<Result<TablesAnswer>>;
  createTable(body: NewTableBody): Promise<Result<NewTableAnswer>>;
  table(id: string): Promise<Result<TableEvents>>;
  command(id: string, body: CommandBody): Promise<Result<Committed>>;
  /** The address of the game record's download (a plain link: the browser saves it). */
  recordUrl(id: string): string;
  display(id: string): Promise<Result<DisplayAnswer>>;
  /** The host's step clock, told to the table's display (docs/api.md "The clock"). */
  clock(id: string, body: ClockBody): Promise<Result<null>>;
  /** Every session of this account ends (docs/api.md "People"). */
  signOutEverywhere(): Promise<Result<EndedAnswer>>;
  /** The club's directory: search as you type. */
  people(q: string, limit?: number): Promise<Result<PeopleAnswer>>;
  person(id: string): Promise<Result<PersonPage>>;
  addPerson(body: NewPersonBody): Promise<Result<PersonAnswer>>;
  patchPerson(id: string, body: PersonPatchBody): Promise<Result<PersonAnswer>>;
  merge(guest: string, into: string): Promise<Result<PersonAnswer>>;
  resetPassword(id: string, password: string): Promise<Result<null>>;
  signOutPerson(id: string): Promise<Result<EndedAnswer>>;
  addSanction(id: string, body: SanctionBody): Promise<Result<SanctionAnswer>>;
  complaints(table: string): Promise<Result<TableComplaints>>;
  fileComplaint(table: string, body: ComplaintBody): Promise<Result<ComplaintAnswer>>;
  openComplaints(): Promise<Result<ComplaintsAnswer>>;
  /** The answer's words, and on an objection its decision (upheld or rejected). */
  answerComplaint(id: string, text: string, decision?: Decision): Promise<Result<ComplaintAnswer>>;
}

function asError(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as Partial<ApiError>;
  return {
    status,
    error: typeof b.error === "string" ? b.error : `http_${status}`,
    message: typeof b.message === "string" ? b.message : `HTTP ${status}`,
    ...(typeof b.rule === "string" ? { rule: b.rule } : {}),
    ...(typeof b.seq === "number" ? { seq: b.seq } : {}),
    ...(Array.isArray(b.problems) ? { problems: b.problems.map(String) } : {}),
  };
}

export const OFFLINE: ApiError = { status: 0, error: "offline", message: "The server cannot be reached." };

/** The one request the clients make: JSON in and out, every answer a Result. */
export function createCaller(fetcher: Fetch = (url, init) => fetch(url, init)) {
  return async function call<T>(method: string, url: string, body?: unknown): Promise<Result<T>> {
    let response: Awaited<ReturnType<Fetch>>;
    try {
      response = await fetcher(url, {
        method,
        credentials: "same-origin",
        ...(body === undefined
          ? {}
          : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      });
    } catch {
      return { ok: false, error: OFFLINE };
    }
    let parsed: unknown = null;
    if (response.status !== 204) {
      try {
        parsed = await response.json();
      } catch {
        parsed = null;
      }
    }
    return response.ok
      ? { ok: true, value: parsed as T }
      : { ok: false, error: asError(response.status, parsed) };
  };
}

/** Builds the client over a fetch (the browser's by default). */
export function createApi(fetcher?: Fetch): Api {
  const call = createCaller(fetcher);
  const table = (id: string) => `/api/tables/${encodeURIComponent(id)}`;
  const person = (id: string) => `/api/people/${encodeURIComponent(id)}`;
  return {
    health: () => call("GET", "/api/health"),
    setupNeeded: () => call("GET", "/api/setup"),
    setup: (body) => call("POST", "/api/setup", body),
    signIn: (body) => call("POST", "/api/session", body),
    signOut: () => call("DELETE", "/api/session"),
    me: () => call("GET", "/api/me"),
    addHost: (body) => call("POST", "/api/hosts", body),
    tables: () => call("GET", "/api/tables"),
    createTable: (body) => call("POST", "/api/tables", body),
    table: (id) => call("GET", table(id)),
    command: (id, body) => call("POST", `${table(id)}/commands`, body),
    recordUrl: (id) => `${table(id)}/record`,
    display: (id) => call("GET", `${table(id)}/display`),
    clock: (id, body) => call("POST", `${table(id)}/clock`, body),
    signOutEverywhere: () => call("DELETE", "/api/sessions"),
    people: (q, limit = 20) => call("GET", `/api/people?q=${encodeURIComponent(q)}&limit=${limit}`),
    person: (id) => call("GET", person(id)),
    addPerson: (body) => call("POST", "/api/people", body),
    patchPerson: (id, body) => call("PATCH", person(id), body),
    merge: (guest, into) => call("POST", `${person(guest)}/merge`, { into }),
    resetPassword: (id, password) => call("POST", `${person(id)}/password`, { password }),
    signOutPerson: (id) => call("DELETE", `${person(id)}/sessions`),
    addSanction: (id, body) => call("POST", `${person(id)}/sanctions`, body),
    complaints: (id) => call("GET", `${table(id)}/complaints`),
    fileComplaint: (id, body) => call("POST", `${table(id)}/complaints`, body),
    openComplaints: () => call("GET", "/api/complaints"),
    answerComplaint: (id, text, decision) =>
      call("POST", `/api/complaints/${encodeURIComponent(id)}/answer`, {
        text,
        ...(decision ? { decision } : {}),
      }),
  };
}
