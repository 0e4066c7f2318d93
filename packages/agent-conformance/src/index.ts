export type { Capabilities, CapabilityKey } from './capabilities';
export { CapabilitiesError } from './capabilities-error';
export type { AdapterModule } from './cli/load-adapter';
export { ConformanceError, type ConformanceErrorOptions } from './conformance-error';
export { ExpectedFailuresError } from './expected-failures-error';
export type { Harness } from './harness/harness';
export type {
  ConformanceReport,
  RequirementResult,
  RequirementStatus,
  Verdict,
} from './report/conformance-report';
export type { AgentFactory } from './runner/agent-factory';
export type { CaseOutcome, CaseResult, CaseStatus, Leak } from './runner/case-result';
export type { ConformanceOptions } from './runner/conformance-options';
export { type DescribeConformanceOptions, describeConformance } from './runner/describe-conformance';
export type { ExpectedFailure } from './runner/expected-failure';
export type { ImplementationInfo } from './runner/implementation-info';
export { type RunConformanceOptions, runConformance } from './runner/run-conformance';
export type { SkipRunningTest, TestRunner } from './runner/test-runner';
export { SelectionError } from './selection-error';
