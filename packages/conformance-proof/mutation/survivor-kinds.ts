/**
 * Why a survivor on the accepted list is unobservable through the contract, in a few kinds,
 * so that the mutation check can say what the raw score's gap is made of. Each entry of
 * `accepted-survivors.json` names one kind besides its one-line reason.
 */
export const SURVIVOR_KINDS = {
  equivalent: 'behaves as the original code for every caller: no output of any call differs',
  unreached:
    'runs only for options, calls, states or failures plugin-agent never uses or produces; other callers of the package can reach it',
  'left-open':
    'changes a behaviour the contract leaves to the implementation, or that another contract (api-tools, api-llm, schema-message) fixes',
  wording: 'changes only text whose wording the contract leaves open or to the reference implementation',
  'argument-check': "a check against misuse by the agent's own code or by the application configuring it",
  'error-class': 'codes, names, brands and messages of errors the contract shows only as outcome `error`',
  log: 'changes only a log line, or a figure read only by one',
  harness:
    "differs only without a collaborator or value the kit's harness always provides (a session manager, a platform, the same tools for every session)",
  static:
    'a mutant of code that runs once as the module loads, which Stryker reports survived; applied by hand, the kit kills it',
} as const;

/** One kind of {@link SURVIVOR_KINDS}. */
export type SurvivorKind = keyof typeof SURVIVOR_KINDS;

/** Whether `value` names a kind of {@link SURVIVOR_KINDS}. */
export function isSurvivorKind(value: unknown): value is SurvivorKind {
  return typeof value === 'string' && Object.hasOwn(SURVIVOR_KINDS, value);
}
