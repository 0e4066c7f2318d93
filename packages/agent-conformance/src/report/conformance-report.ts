import type { Capabilities } from '../capabilities';
import type { RequirementFamily } from '../requirement-families';
import type { RequirementBasis } from '../requirements';
import type { CaseResult, CaseStatus } from '../runner/case-result';
import type { ExpectedFailure } from '../runner/expected-failure';
import type { ImplementationInfo } from '../runner/implementation-info';

/** The format name every report carries. */
export const REPORT_FORMAT = 'aalis-agent-conformance-report';

/**
 * Where a requirement stands after a run:
 * - `satisfied`: every case naming it that applies ran and passed;
 * - `violated`: a case found it broken (and no waiver covers that);
 * - `waived`: only waived failures found it broken;
 * - `not-applicable`: every case naming it needs a capability the implementation lacks;
 * - `untested`: cases naming it ran but none reached a conclusion (stopped by another failure);
 * - `not-run`: no case naming it ran (outside an `only` selection, or left out of `cases`).
 */
export type RequirementStatus =
  | 'satisfied'
  | 'violated'
  | 'waived'
  | 'not-applicable'
  | 'untested'
  | 'not-run';

/** One requirement in a report. */
export interface RequirementResult {
  readonly id: string;
  readonly family: RequirementFamily;
  readonly decided: boolean;
  /**
   * Where the obligation comes from: `contract` (asked of every implementation), `decided`,
   * `reference` (the contract text attributes it to the reference implementation) or `beyond`.
   * Any but `contract` is a capability: declared `false`, the requirement is `not-applicable`
   * (not claimed), never `violated`.
   */
  readonly basis: RequirementBasis;
  /**
   * The part of a `contract` requirement that is the reference implementation's, when only a
   * part is ([OUT-2]'s wording): gated by the capability of the requirement's id.
   */
  readonly referencePart?: string;
  readonly text: string;
  readonly status: RequirementStatus;
  /** The ids of the cases naming it. */
  readonly cases: readonly string[];
}

/**
 * The outcome of a run: `pass` when no case failed, timed out or leaked, no waiver is stale, and
 * no requirement is violated, untested or — unless the run was limited with `only` — not run.
 */
export type Verdict = 'pass' | 'fail';

/** A conformance report, as JSON-serializable data. */
export interface ConformanceReport {
  readonly format: typeof REPORT_FORMAT;
  readonly formatVersion: 1;
  /** The kit that produced it. */
  readonly kit: { readonly name: string; readonly version: string };
  /** The requirement set: contract package, number of requirements and their digest. */
  readonly contract: {
    readonly name: '@aalis/api-agent';
    readonly requirements: number;
    readonly digest: string;
  };
  readonly implementation: ImplementationInfo;
  /**
   * The case and requirement ids the run was limited to (`only`, the CLI's `--only`); absent
   * for a full run. A limited run judges only what it ran: its `not-run` requirements are
   * outside the verdict.
   */
  readonly only?: readonly string[];
  readonly capabilities: Capabilities;
  readonly expectedFailures: readonly ExpectedFailure[];
  /** When the run started (ISO 8601) and how long it took (informative only). */
  readonly startedAt: string;
  readonly durationMs: number;
  readonly cases: readonly CaseResult[];
  readonly requirements: readonly RequirementResult[];
  readonly summary: {
    readonly requirements: Readonly<Record<RequirementStatus, number>>;
    readonly cases: Readonly<Record<CaseStatus, number>>;
  };
  /** Waivers that waived nothing; each fails the run. */
  readonly staleWaivers: readonly ExpectedFailure[];
  readonly verdict: Verdict;
}
