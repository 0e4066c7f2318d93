/**
 * A deep copy of a plain value as it is now, so later changes by the implementation do not
 * rewrite what the harness recorded. Values that cannot be cloned are copied shallowly.
 */
export function snapshot<TValue>(value: TValue): TValue {
  try {
    return structuredClone(value);
  } catch {
    if (Array.isArray(value)) return value.map((item) => snapshotShallow(item)) as TValue;
    return snapshotShallow(value);
  }
}

function snapshotShallow<TValue>(value: TValue): TValue {
  return typeof value === 'object' && value !== null ? ({ ...value } as TValue) : value;
}
