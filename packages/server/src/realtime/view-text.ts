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
  readonly json: string;
  readonly members: ReadonlyMap<string, MemberText>;
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

  member(name: string, value: object): MemberText {
    const seen = this.members.get(name);
    if (seen?.value === value) return seen.text;
    const text = objectText(value, this.placesOf(name));
    if (seen) {
      seen.value = value;
      seen.text = text;
    } else this.members.set(name, { value, text });
    return text;
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

function memberText(name: string, value: unknown, memo: TextMemo | undefined): MemberText | null {
  if (value === null || typeof value !== "object") {
    const json = JSON.stringify(value);
    return json === undefined ? null : { json, array: false, parts: null };
  }
  return memo ? memo.member(name, value) : objectText(value, undefined);
}

/** The view's text: exactly JSON.stringify(view), built member by member (through `memo`, when given). */
export function viewText(view: object, memo?: TextMemo): ViewText {
  const members = new Map<string, MemberText>();
  const parts: string[] = [];
  for (const [key, value] of Object.entries(view)) {
    const text = memberText(key, value, memo);
    if (text === null) continue;
    members.set(key, text);
    parts.push(`${JSON.stringify(key)}:${text.json}`);
  }
  return { json: `{${parts.join(",")}}`, members };
}

/**
 * The elements of `to` that differ from `from`'s, when the member may be patched element by
 * element: both arrays of one length, or both objects with the same keys. Null otherwise.
 */
function elementChanges(from: MemberText, to: MemberText): string[] | null {
  if (!from.parts || !to.parts || from.array !== to.array || from.parts.size !== to.parts.size) return null;
  const changed: string[] = [];
  for (const [key, json] of to.parts) {
    const before = from.parts.get(key);
    if (before === undefined) return null;
    if (before !== json) changed.push(`${JSON.stringify(key)}:${json}`);
  }
  return changed;
}

/**
 * The patch from `from` to `to` as the JSON of its `set`, `sub` and `unset` members (a patch
 * message's tail): `set` the members of `to` that changed, whole; `sub` the changed elements of a
 * member that kept its shape (an array its length, an object its keys); `unset` the members `from`
 * had and `to` has not. Every value is `to`'s own: a patch carries nothing the full view would not.
 */
export function patchText(from: ViewText, to: ViewText): string {
  const set: string[] = [];
  const sub: string[] = [];
  for (const [key, text] of to.members) {
    const before = from.members.get(key);
    if (before?.json === text.json) continue;
    const changed = before ? elementChanges(before, text) : null;
    // Element by element only when that is shorter than the member whole.
    const elements = changed === null ? null : `{${changed.join(",")}}`;
    if (elements !== null && elements.length < text.json.length)
      sub.push(`${JSON.stringify(key)}:${elements}`);
    else set.push(`${JSON.stringify(key)}:${text.json}`);
  }
  const unset = [...from.members.keys()].filter((key) => !to.members.has(key));
  return `"set":{${set.join(",")}}${sub.length > 0 ? `,"sub":{${sub.join(",")}}` : ""}${
    unset.length > 0 ? `,"unset":${JSON.stringify(unset)}` : ""
  }`;
}
