/**
 * What the minimal agent claims, as `@aalis/agent-conformance` takes it (`Capabilities`). The
 * rules the contract asks of every agent are checked whatever this says; these keys are the
 * optional parts. Declared `false`, a rule is reported not claimed, never violated. Why each
 * `false`: see the README.
 */
export const capabilities = {
  /** `registerPreprocessor`: preprocessors run on `agent:input:before` ([BND-1], [PRE-1]). */
  preprocessors: true,
  // The [decided] rules it meets on the way.
  'SVC-3': true,
  'SCH-3': true,
  'SCH-6': true,
  'CLR-6': true,
  'CLR-7': true,
  'OUT-3': true,
  /** It trims whole messages, not token-sized chunks. */
  'USG-9': false,
  // What the contract text leaves to the reference implementation: the stop marker,
  // historyLimit, per-session settings and the [错误]/[系统] wording.
  'ARC-9': false,
  'USG-6': false,
  'SET-2': false,
  'OUT-2': false,
  // Liveness and durability past the contract.
  'LIV-1': false,
  'LIV-2': false,
  'LIV-3': false,
  'LIV-4': false,
  'DUR-1': false,
  'DUR-2': false,
  'DUR-3': false,
} as const;
