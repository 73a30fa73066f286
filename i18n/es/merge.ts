/**
 * Joins message sets that share a namespace (`validation` and `resources` have texts in several area files): objects are merged key by key at every level; a text in `extra` wins over one in `base`.
 */
type Tree = { readonly [key: string]: unknown };

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergeMessages<A extends Tree, B extends Tree>(base: A, extra: B): A & B {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] = isTree(current) && isTree(value) ? mergeMessages(current, value) : value;
  }
  return merged as A & B;
}
