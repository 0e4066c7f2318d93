/** A JSON object read from the wire, its fields not yet checked. */
export type WireRecord = Readonly<Record<string, unknown>>;

/** Whether `value` is a JSON object (not `null`, not an array). */
export function isRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
