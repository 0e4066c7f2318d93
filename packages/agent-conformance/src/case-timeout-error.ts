import { ConformanceError } from './conformance-error';

/** The phases of a case that have a time limit. */
export type CasePhase = 'factory' | 'case' | 'teardown';

/** Options of {@link CaseTimeoutError}. */
export interface CaseTimeoutErrorOptions {
  readonly caseId: string;
  /** What did not finish: building the agent, the case itself, or stopping the app after it. */
  readonly phase: CasePhase;
  readonly timeoutMs: number;
  /** What the case was awaiting when time ran out, oldest first (`handleMessage of "hi" (session s1) to settle`). */
  readonly waitingFor?: readonly string[];
  /** Calls still running then: unsettled `handleMessage`, open model and tool calls, … */
  readonly open?: readonly string[];
  /** Scripted model steps no call had taken: calls the case still expected. */
  readonly neverCalled?: readonly string[];
  /** What the implementation had done by then (`it made 1 model call(s) and 0 tool call(s)`). */
  readonly progress?: string;
}

const SUBJECTS: Readonly<Record<CasePhase, (caseId: string) => string>> = {
  factory: (caseId) => `the factory of case ${caseId}`,
  case: (caseId) => `case ${caseId}`,
  teardown: (caseId) => `stopping the app after case ${caseId}`,
};

/** How many items of each list the message names, oldest first; the rest are counted (`open` and `waitingFor` keep all). */
const LISTED_ITEMS = 8;

function listed(heading: string, items: readonly string[] | undefined): string | undefined {
  if (items === undefined || items.length === 0) return undefined;
  const shown = items.slice(0, LISTED_ITEMS).join('; ');
  const more = items.length - LISTED_ITEMS;
  return `${heading}: ${shown}${more > 0 ? `; and ${more} more` : ''}.`;
}

function timeoutMessage(options: CaseTimeoutErrorOptions): string {
  const head = `${SUBJECTS[options.phase](options.caseId)} did not finish within ${options.timeoutMs} ms.`;
  const waiting =
    options.waitingFor === undefined
      ? undefined
      : (listed('It was waiting for', options.waitingFor) ??
        'It was waiting for something of its own (no promise of the harness was pending).');
  return [
    head,
    waiting,
    listed('Still open', options.open),
    listed('Scripted but never called', options.neverCalled),
    options.progress === undefined ? undefined : `By then ${options.progress}.`,
  ]
    .filter((part) => part !== undefined)
    .join(' ');
}

/**
 * A phase of a case did not finish within its time limit (code `CASE_TIMEOUT`): the case is
 * recorded as a `timeout` (or, for teardown, a leak) instead of hanging the runner. The
 * message says what the case was waiting for and which calls were still open.
 */
export class CaseTimeoutError extends ConformanceError {
  static override readonly code = 'CASE_TIMEOUT';
  readonly caseId: string;
  readonly phase: CasePhase;
  readonly timeoutMs: number;
  /** What the case was awaiting when time ran out. */
  readonly waitingFor: readonly string[];
  /** Calls still running then. */
  readonly open: readonly string[];

  constructor(options: CaseTimeoutErrorOptions) {
    super(timeoutMessage(options), { code: CaseTimeoutError.code });
    this.caseId = options.caseId;
    this.phase = options.phase;
    this.timeoutMs = options.timeoutMs;
    this.waitingFor = options.waitingFor ?? [];
    this.open = options.open ?? [];
  }
}
