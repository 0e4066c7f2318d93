/** Counts `items` by `key`, with every name of `names` present (0 when absent). */
export function countBy<TName extends string, TItem>(
  names: readonly TName[],
  items: readonly TItem[],
  key: (item: TItem) => TName,
): Record<TName, number> {
  const counts = Object.fromEntries(names.map((name) => [name, 0])) as Record<TName, number>;
  for (const item of items) counts[key(item)] += 1;
  return counts;
}
