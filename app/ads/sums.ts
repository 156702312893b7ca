/**
 * Adding up figures kept as named numbers (totals of rows, days, campaigns). Pure TypeScript.
 */

type Figures<K extends string> = Record<K, number>;

/** A function adding the named figures of one record to another's (other fields untouched); it answers the first. */
export function figureAdder<K extends string>(keys: readonly K[]) {
  return <T extends Figures<K>>(into: T, more: Figures<K>): T => {
    for (const key of keys) (into as Figures<K>)[key] += more[key];
    return into;
  };
}
