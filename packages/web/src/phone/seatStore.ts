// The seats this phone has joined, kept in localStorage by table: { table, seat, token }. The token
// identifies the player on reconnect; nothing else about the game is stored on the phone.

export interface JoinedSeat {
  readonly table: string;
  readonly seat: number;
  readonly token: string;
}

const KEY = "misto.seats";

/** Reads the stored seats from a raw localStorage value (bad data counts as none). */
export function parseSeats(raw: string | null): Record<string, JoinedSeat> {
  if (!raw) return {};
  try {
    const data = JSON.parse(raw) as Record<string, Partial<JoinedSeat>>;
    const out: Record<string, JoinedSeat> = {};
    for (const [table, s] of Object.entries(data ?? {})) {
      if (typeof s?.seat === "number" && typeof s.token === "string" && s.table === table)
        out[table] = { table, seat: s.seat, token: s.token };
    }
    return out;
  } catch {
    return {};
  }
}

function read(): Record<string, JoinedSeat> {
  try {
    return parseSeats(localStorage.getItem(KEY));
  } catch {
    return {};
  }
}

export function joinedSeat(table: string): JoinedSeat | null {
  return read()[table] ?? null;
}

export function rememberSeat(seat: JoinedSeat): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...read(), [seat.table]: seat }));
  } catch {
    // Storage off: the seat lasts as long as the page.
  }
}

export function forgetSeat(table: string): void {
  const all = read();
  delete all[table];
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Nothing to forget.
  }
}
