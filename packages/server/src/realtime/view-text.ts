// A viewer's view as the text it is sent: its JSON, and each top-level member's JSON, from which a
// change is told as a patch (the members whose JSON changed) instead of the whole view. Built once
// per change per viewer (tables/service.ts); comparing members is comparing strings.

/** A view's JSON and, by top-level member, that member's JSON (the same text, cut at its members). */
export interface ViewText {
  readonly json: string;
  readonly members: ReadonlyMap<string, string>;
}

/** The view's text: exactly JSON.stringify(view), built member by member. */
export function viewText(view: object): ViewText {
  const members = new Map<string, string>();
  const parts: string[] = [];
  for (const [key, value] of Object.entries(view)) {
    const json = JSON.stringify(value);
    // JSON.stringify leaves out a member whose value is undefined (or a function): so does this.
    if (json === undefined) continue;
    members.set(key, json);
    parts.push(`${JSON.stringify(key)}:${json}`);
  }
  return { json: `{${parts.join(",")}}`, members };
}

/**
 * The patch from `from` to `to` as the JSON of its `set` and `unset` members (a patch message's
 * tail): the members of `to` whose JSON differs from `from`'s, and the members `from` had and `to`
 * has not. Every member set is `to`'s own: a patch carries nothing the full view would not.
 */
export function patchText(from: ViewText, to: ViewText): string {
  const set: string[] = [];
  for (const [key, json] of to.members) {
    if (from.members.get(key) !== json) set.push(`${JSON.stringify(key)}:${json}`);
  }
  const unset = [...from.members.keys()].filter((key) => !to.members.has(key));
  return `"set":{${set.join(",")}}${unset.length > 0 ? `,"unset":${JSON.stringify(unset)}` : ""}`;
}
