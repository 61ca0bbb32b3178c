// A memo of the parts of views that are made from one record of the state alone, for a caller
// that builds many views (a server: every seat's and the spectators' after each change). A part is
// made once per record and handed to every view that shows it, so thirteen views of one state
// share their votings, speeches and the seats the spectators see, and a later state that kept a
// record (evolve copies on write, so an unchanged voting is the same object) gets the same part
// again: a caller that keeps each part's JSON by identity stringifies it once.
//
// It is right because the engine never changes a record once made, and each part is a pure
// function of its key: the view of a voting is made from that voting only, the spectators' seats
// from that state only. WeakMaps let a part go with its record.

/** One kind of part: made from its key by the caller's function, once per key. */
export class Parts<K extends object, V> {
  private readonly made = new WeakMap<K, V>();

  of(key: K, make: (key: K) => V): V {
    let part = this.made.get(key);
    if (part === undefined) {
      part = make(key);
      this.made.set(key, part);
    }
    return part;
  }
}

/** The parts a caller keeps across the views it builds (viewFor's last argument). */
export class ViewMemo {
  /** Keyed by the state's votings (the list, then each voting). */
  readonly votings = new Parts<object, unknown>();
  readonly voting = new Parts<object, unknown>();
  readonly speeches = new Parts<object, unknown>();
  readonly speech = new Parts<object, unknown>();
  readonly settings = new Parts<object, unknown>();
  readonly rating = new Parts<object, unknown>();
  /** Keyed by a seat's record: its views for players and spectators (view.ts seatPart). */
  readonly seat = new Parts<object, unknown>();
  /** Keyed by the state: what every viewer but the host is shown alike of it. */
  readonly common = new Parts<object, unknown>();
}

/** `make(key)`, through `parts` when there is a memo. */
export function part<K extends object, V>(
  parts: Parts<object, unknown> | undefined,
  key: K,
  make: (key: K) => V,
): V {
  return parts ? (parts.of(key, make as (key: object) => unknown) as V) : make(key);
}
