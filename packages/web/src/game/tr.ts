// The translator the game screens' pure helpers take: `t` from the i18n core in the app, a plain
// dictionary lookup in tests. Its keys are typed: a helper naming a key no language has fails tsc.

import type { Dictionary, Key } from "../i18n/types.js";

export type Tr = (key: Key, params?: Readonly<Record<string, string | number>>) => string;

/** A translator over one dictionary: "{name}" marks a parameter; a missing key comes back as itself. */
export function translator(dict: Dictionary): Tr {
  return (key, params) => {
    const text = dict[key];
    if (text === undefined) return key;
    return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : text;
  };
}
