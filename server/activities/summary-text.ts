/** Wording helpers the activities' `describe` share, so summaries read alike. */

const SHOWN = 4;

/** "bob", "bob and carol", "bob, carol and dave", "a, b, c, d and 3 more". */
export function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "nobody";
  if (names.length <= SHOWN) return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${names.slice(0, SHOWN).join(", ")} and ${names.length - SHOWN} more`;
}

/** "1 user", "3 users", "2 policies". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** "Delete 2 users: bob, carol" — a verb, a counted noun, then the names. */
export function counted(verb: string, noun: string, names: readonly string[], plural?: string): string {
  return `${verb} ${count(names.length, noun, plural)}: ${nameList(names)}`;
}

/** A tag update: "Update tag ops: rename to oncall, add alice, remove bob". */
export function tagChange(
  tag: string,
  newName: string | null | undefined,
  added: readonly string[],
  removed: readonly string[],
): string {
  const changes = [
    newName ? `rename to ${newName}` : "",
    added.length ? `add ${nameList(added)}` : "",
    removed.length ? `remove ${nameList(removed)}` : "",
  ].filter(Boolean);
  return `Update tag ${tag}: ${changes.length ? changes.join(", ") : "no change"}`;
}

/** Long identifiers (ids, addresses, keys) cut to their ends: "0xabab…cdcd". */
export function shorten(value: string): string {
  return value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
}
