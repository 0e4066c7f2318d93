export { AdapterModuleError } from './adapter-module-error';
export { type Assert, assert, describeValue } from './assert';
export {
  CAPABILITY_DESCRIPTIONS,
  CAPABILITY_KEYS,
  type Capabilities,
  type CapabilityKey,
  validateCapabilities,
} from './capabilities';
export { CapabilitiesError, type CapabilitiesErrorOptions } from './capabilities-error';
export { CaseTimeoutError, type CaseTimeoutErrorOptions } from './case-timeout-error';
export { CASES } from './cases/all-cases';
export type { AdapterModule } from './cli/load-adapter';
export { ConformanceAssertionError } from './conformance-assertion-error';
export { ConformanceError, type ConformanceErrorOptions } from './conformance-error';
export { contractDigest } from './contract-digest';
export {
  type CaseContext,
  type CaseDefinition,
  type CasePeer,
  type ConformanceCase,
  defineCase,
} from './define-case';
export { ExpectedFailuresError } from './expected-failures-error';
export { findRequirement } from './find-requirement';
export type { ArchiveOperation, ArchiveWrite } from './harness/archive-write';
export type { Clock } from './harness/clock';
export type { ContributionProbe } from './harness/contribution-probe';
export { createHarness, HARNESS_PROVIDER } from './harness/create-harness';
export type { FakeSessionManager, SessionSpec, SettingsWrite } from './harness/fake-session-manager';
export { createGate, type Gate } from './harness/gate';
export type {
  Harness,
  HarnessEvents,
  HarnessHooks,
  HarnessOptions,
  HarnessServices,
  InputFields,
} from './harness/harness';
export type { HarnessFault } from './harness/harness-fault';
export type { HookRunRecord } from './harness/hook-run-record';
export type { Ids } from './harness/ids';
export type { ModelCallRecord } from './harness/model-call-record';
export type { ModelStep, ScriptedToolCall } from './harness/model-step';
export type { RecordedEvent } from './harness/recorded-event';
export type { RecordingArchive } from './harness/recording-archive';
export {
  DEFAULT_MODEL_CAPABILITIES,
  DEFAULT_MODEL_REF,
  type ModelDefinition,
  type ScriptedModel,
  type ScriptedStepHandle,
} from './harness/scripted-model';
export type { ScriptedToolDefinition, ScriptedToolHandle, ScriptedTools } from './harness/scripted-tools';
export type { ToolCallRecord } from './harness/tool-call-record';
export type { ToolStep } from './harness/tool-step';
export { InvalidReportError } from './invalid-report-error';
export { KIT } from './kit-version';
export { type BadgeLineOptions, badgeLine } from './report/badge-line';
export { type BuildReportInput, buildReport } from './report/build-report';
export {
  type ConformanceReport,
  REPORT_FORMAT,
  type RequirementResult,
  type RequirementStatus,
  type Verdict,
} from './report/conformance-report';
export { parseReport } from './report/parse-report';
export { renderMarkdown } from './report/render-markdown';
export { type ReportVerification, verifyReport } from './report/verify-report';
export { REQUIREMENT_FAMILIES, type RequirementFamily } from './requirement-families';
export { REQUIREMENTS, type Requirement, type RequirementMarker } from './requirements';
export type { AgentFactory } from './runner/agent-factory';
export { type AgentUnderTest, IMPLEMENTATION_PROVIDER } from './runner/agent-under-test';
export { applyWaiver, staleWaivers } from './runner/apply-waiver';
export type { CaseOutcome, CaseResult, CaseStatus, Leak } from './runner/case-result';
export type { ConformanceOptions } from './runner/conformance-options';
export { type ConformanceRun, createConformanceRun, type PlannedCase } from './runner/conformance-run';
export { type DescribeConformanceOptions, describeConformance } from './runner/describe-conformance';
export type { ExpectedFailure } from './runner/expected-failure';
export type { ImplementationInfo } from './runner/implementation-info';
export type { InputRecord } from './runner/input-record';
export {
  DEFAULT_CASE_TIMEOUT_MS,
  type RunCaseOptions,
  runCase,
  TEARDOWN_TIMEOUT_MS,
} from './runner/run-case';
export { type RunConformanceOptions, runConformance } from './runner/run-conformance';
export type { TestRunner } from './runner/test-runner';
export { validateExpectedFailures } from './runner/validate-expected-failures';
export { UnscriptedCallError } from './unscripted-call-error';
