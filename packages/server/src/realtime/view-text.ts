// A viewer's view as the text it is sent: its JSON, each top-level member's JSON, and for a member
// that is an array or an object, each element's JSON; from these a change is told as a patch (the
// members, or elements of members, whose JSON changed) instead of the whole view. Built once per
// change per viewer (tables/service.ts); comparing them is comparing strings.

/** A member's JSON and, for an array or an object, its elements' (by index or key), else null. */
interface MemberText {
  readonly json: string;
  readonly array: boolean;
  readonly parts: ReadonlyMap<string, string> | null;
}

/** A view's JSON and its members' text (the same text, cut at its members and their elements). */
export interface ViewText {
  /** The whole view's JSON: joined on first read, as most views are only ever sent as patches. */
  readonly json: string;
  readonly members: ReadonlyMap<string, MemberText>;
}

/**
 * A ViewText whose JSON is joined from its members when first read. Thirteen views a change, each
 * joined at once and kept with the live table until the next, were a good part of what the
 * garbage collector moved (bench:server's profile, 200 tables).
 */
class JoinedText implements ViewText {
  private joined: string | undefined;

  constructor(readonly members: ReadonlyMap<string, MemberText>) {}

  get json(): string {
    if (this.joined === undefined) {
      const parts: string[] = [];
      for (const [key, text] of this.members) parts.push(`${JSON.stringify(key)}:${text.json}`);
      this.joined = `{${parts.join(",")}}`;
    }
    return this.joined;
  }
}

/** Whether two texts of one viewer's views are the same JSON, member by member (views keep their members' order). */
export function sameText(a: ViewText, b: ViewText): boolean {
  if (a.members.size !== b.members.size) return false;
  for (const [key, text] of a.members) if (b.members.get(key)?.json !== text.json) return false;
  return true;
}

/** The last object seen in one place of a view, and its text. */
interface Seen<T> {
  value: object;
  text: T;
}

/**
 * The text of a table's views, kept for the object it was made from, one per place (a member, or
 * an element of a member): the engine's ViewMemo hands the thirteen views of a state, and the next
 * state when a record is unchanged, the same objects for what they share (votings, speeches, the
 * seats the spectators see), so a place whose object is the one last seen there reuses its text.
 * Identity, not a WeakMap: a miss costs one comparison, and nothing grows. Right only for objects
 * nobody changes once made, as views are.
 */
export class TextMemo {
  private readonly members = new Map<string, Seen<MemberText>>();
  private readonly elements = new Map<string, Map<string, Seen<string>>>();

  /**
   * Each viewer's last text at each member, for a member made anew for that viewer: its list of
   * seats (where its own seat differs from everyone's), the same elements as last time giving the
   * same text; its own part (`you`), made anew at every change, the same JSON giving the same text.
   * One JSON.stringify of `you` costs a quarter of cutting it into its elements again (bench:
   * 12 seats' `you` were 50 of a change's 120 µs of text).
   */
  private readonly own = new Map<string | number, Map<string, Seen<MemberText>>>();

  /** The text of the member `name` of a view, `viewer` naming whose view it is. */
  member(name: string, value: object, viewer?: string | number): MemberText {
    const seen = this.members.get(name);
    if (seen?.value === value) return seen.text;
    const own = viewer === undefined ? undefined : this.ownOf(viewer);
    const mine = own?.get(name);
    if (mine && sameJson(mine.value, value)) {
      mine.value = value;
      return mine.text;
    }
    const text = objectText(value, this.placesOf(name));
    if (seen) {
      seen.value = value;
      seen.text = text;
    } else this.members.set(name, { value, text });
    if (mine) {
      mine.value = value;
      mine.text = text;
    } else own?.set(name, { value, text });
    return text;
  }

  private ownOf(viewer: string | number): Map<string, Seen<MemberText>> {
    let own = this.own.get(viewer);
    if (own === undefined) {
      own = new Map();
      this.own.set(viewer, own);
    }
    return own;
  }

  private placesOf(name: string): Map<string, Seen<string>> {
    let places = this.elements.get(name);
    if (places === undefined) {
      places = new Map();
      this.elements.set(name, places);
    }
    return places;
  }
}

/**
 * Whether JSON.stringify gives `a` and `b` the same text, for the plain data views are: true only
 * when it does (false for some that it also would, as a member whose value is undefined). Compared
 * part by part, a part that is the same object at once: a fraction of stringifying a viewer's `you`
 * again to compare texts (bench:views).
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== others[i]) return false;
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (x === undefined || y === undefined || !sameJson(x, y)) return false;
  }
  return true;
}

/** An element's JSON, from `places` when its object is the one last seen at its key. */
function elementJson(
  key: string,
  item: unknown,
  places: Map<string, Seen<string>> | undefined,
): string | undefined {
  if (places === undefined || item === null || typeof item !== "object") return JSON.stringify(item);
  const seen = places.get(key);
  if (seen?.value === item) return seen.text;
  const json = JSON.stringify(item);
  if (seen) {
    seen.value = item;
    seen.text = json;
  } else places.set(key, { value: item, text: json });
  return json;
}

/** JSON.stringify's text for an object's entries: a member whose value is undefined is left out. */
function entries(
  value: object,
  array: boolean,
  places: Map<string, Seen<string>> | undefined,
): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, item] of Object.entries(value)) {
    const json = elementJson(key, item, places);
    if (json === undefined) {
      if (array) out.push([key, "null"]);
      continue;
    }
    out.push([key, json]);
  }
  return out;
}

function objectText(value: object, places: Map<string, Seen<string>> | undefined): MemberText {
  const array = Array.isArray(value);
  const parts = entries(value, array, places);
  const json = array
    ? `[${parts.map(([, j]) => j).join(",")}]`
    : `{${parts.map(([k, j]) => `${JSON.stringify(k)}:${j}`).join(",")}}`;
  return { json, array, parts: new Map(parts) };
}

function memberText(
  name: string,
  value: unknown,
  memo: TextMemo | undefined,
  viewer: string | number | undefined,
): MemberText | null {
  if (value === null || typeof value !== "object") {
    const json = JSON.stringify(value);
    return json === undefined ? null : { json, array: false, parts: null };
  }
  return memo ? memo.member(name, value, viewer) : objectText(value, undefined);
}

/**
 * The view's text: exactly JSON.stringify(view), built member by member (through `memo`, when
 * given, for the view of `viewer`).
 */
export function viewText(view: object, memo?: TextMemo, viewer?: string | number): ViewText {
  const members = new Map<string, MemberText>();
  // for…in, not Object.entries: no pair allocated per member (a view is a plain object).
  for (const key in view) {
    const text = memberText(key, (view as Record<string, unknown>)[key], memo, viewer);
    if (text !== null) members.set(key, text);
  }
  return new JoinedText(members);
}

/** Whether `from` and `to` are JSON of the same kind of container (both objects or both arrays). */
function containers(from: string, to: string): boolean {
  const c = to[0];
  return (c === "{" || c === "[") && from[0] === c;
}

/**
 * Which keys of `to` differ from `from`'s or are new, when `to` only grew or changed in place: both
 * arrays, `to` as long or longer (a speech or a voting appended: the client's Object.assign onto its
 * copy extends the array), or both objects, `to` with every key `from` had. Null otherwise (an
 * array that shrank, a key gone: sent whole).
 */
function changedKeys(from: ReadonlyMap<string, string>, to: ReadonlyMap<string, string>): string[] | null {
  if (to.size < from.size) return null;
  const changed: string[] = [];
  let kept = 0;
  for (const [key, json] of to) {
    const before = from.get(key);
    if (before !== undefined) kept++;
    if (before !== json) changed.push(key);
  }
  return kept === from.size ? changed : null;
}

/**
 * The children cut from each element text lately patched by its children: an element's text before
 * a change is the one it had after the last, so cutting it again (a parse and a stringify per
 * child) is mostly saved. Shared by every table; emptied when full, so it never holds more than
 * CHILD_TEXTS elements (a few hundred bytes each).
 */
const childCache = new Map<string, ReadonlyMap<string, string>>();
const CHILD_TEXTS = 16_384;

/** A container's children's JSON by key (JSON.stringify's text: undefined in an array is null). */
function childTexts(json: string): ReadonlyMap<string, string> {
  let children = childCache.get(json);
  if (children === undefined) {
    const value = JSON.parse(json) as object;
    children = new Map(Object.entries(value).map(([key, child]) => [key, JSON.stringify(child) ?? "null"]));
    if (childCache.size >= CHILD_TEXTS) childCache.clear();
    childCache.set(json, children);
  }
  return children;
}

/** How a changed member is sent: whole (`set`), by element (`sub`), and an element by its children (`deep`). */
interface MemberPatch {
  readonly sub: string | null;
  readonly deep: string | null;
}

/**
 * A member's changes element by element, when that is shorter than the member whole: each changed
 * element whole, or, for an element that is itself a container that only grew or changed in place
 * (the phase's ballots as a vote comes in), just its changed children. Null: send it whole.
 */
function memberPatch(from: MemberText, to: MemberText): MemberPatch | null {
  if (!from.parts || !to.parts || from.array !== to.array) return null;
  const keys = changedKeys(from.parts, to.parts);
  if (keys === null) return null;
  const sub: string[] = [];
  const deep: string[] = [];
  for (const key of keys) {
    const json = to.parts.get(key) as string;
    const before = from.parts.get(key);
    const children = before !== undefined && containers(before, json) ? childPatch(before, json) : null;
    if (children !== null) deep.push(`${JSON.stringify(key)}:${children}`);
    else sub.push(`${JSON.stringify(key)}:${json}`);
  }
  const patch = {
    sub: sub.length > 0 ? `{${sub.join(",")}}` : null,
    deep: deep.length > 0 ? `{${deep.join(",")}}` : null,
  };
  return (patch.sub?.length ?? 0) + (patch.deep?.length ?? 0) < to.json.length ? patch : null;
}

/** An element's changed and new children as JSON, when shorter than the element whole; else null. */
function childPatch(from: string, to: string): string | null {
  const after = childTexts(to);
  const keys = changedKeys(childTexts(from), after);
  if (keys === null) return null;
  const text = `{${keys.map((key) => `${JSON.stringify(key)}:${after.get(key)}`).join(",")}}`;
  return text.length < to.length ? text : null;
}

/**
 * Each member's patch kept for the pair of texts it was cut from: the thirteen views of a change
 * share most members' texts (tables/view-texts.ts), so a member's patch is cut once per change.
 */
const memberPatches = new WeakMap<MemberText, { from: MemberText; patch: MemberPatch | null }>();

function memberPatchOf(from: MemberText, to: MemberText): MemberPatch | null {
  const kept = memberPatches.get(to);
  if (kept?.from === from) return kept.patch;
  const patch = memberPatch(from, to);
  memberPatches.set(to, { from, patch });
  return patch;
}

/**
 * The patch from `from` to `to` as the JSON of its `set`, `sub`, `deep` and `unset` members (a patch
 * message's tail): `set` the members of `to` that changed, whole; `sub` the changed and new elements
 * of a member that only grew or changed in place (an array kept or lengthened, an object its keys
 * kept); `deep`, for such an element that is itself a container that only grew or changed in place,
 * its changed and new children; `unset` the members `from` had and `to` has not. Every value is
 * `to`'s own: a patch carries nothing the full view would not.
 */
export function patchText(from: ViewText, to: ViewText): string {
  const set: string[] = [];
  const sub: string[] = [];
  const deep: string[] = [];
  for (const [key, text] of to.members) {
    const before = from.members.get(key);
    if (before?.json === text.json) continue;
    const patch = before ? memberPatchOf(before, text) : null;
    const name = JSON.stringify(key);
    if (patch === null) set.push(`${name}:${text.json}`);
    else {
      if (patch.sub !== null) sub.push(`${name}:${patch.sub}`);
      if (patch.deep !== null) deep.push(`${name}:${patch.deep}`);
    }
  }
  const unset = [...from.members.keys()].filter((key) => !to.members.has(key));
  return `"set":{${set.join(",")}}${sub.length > 0 ? `,"sub":{${sub.join(",")}}` : ""}${
    deep.length > 0 ? `,"deep":{${deep.join(",")}}` : ""
  }${unset.length > 0 ? `,"unset":${JSON.stringify(unset)}` : ""}`;
}
