let counter = 0;

/**
 * A registration name no caller can pick by accident, for registrations that should never
 * replace one another (listeners, drain callbacks).
 */
export function uniqueRegistrationName(kind: string): string {
  counter += 1;
  return `\u0000${kind}#${counter}`;
}
