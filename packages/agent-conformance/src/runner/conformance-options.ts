import type { Capabilities } from '../capabilities';
import type { ConformanceCase } from '../define-case';
import type { AgentFactory } from './agent-factory';
import type { ExpectedFailure } from './expected-failure';
import type { ImplementationInfo } from './implementation-info';

/** What every runner of the kit (standalone, vitest, node:test) takes. */
export interface ConformanceOptions {
  /** The implementation under test: a name, or name and version. */
  readonly implementation: ImplementationInfo | string;
  /** Builds the implementation on each case's fresh harness. */
  readonly factory: AgentFactory;
  /**
   * Every capability key, `true` or `false` (see `CAPABILITY_KEYS`); an unknown or missing
   * key throws `CapabilitiesError` before any case runs.
   */
  readonly capabilities: Capabilities;
  /** Known failures with reasons; a stale one fails the run. */
  readonly expectedFailures?: readonly ExpectedFailure[];
  /** Time limit of each case phase in milliseconds (default 2000). */
  readonly timeoutMs?: number;
  /** The cases to run, default all (`CASES`); requirements none of them names are `not-run` and fail the verdict. */
  readonly cases?: readonly ConformanceCase[];
  /**
   * Runs only the cases these ids pick: case ids, or requirement ids (every case naming one).
   * The report then judges only what ran: requirements no picked case names are `not-run`,
   * outside the verdict. An id that picks nothing throws `SelectionError` before any case runs.
   */
  readonly only?: readonly string[];
}
