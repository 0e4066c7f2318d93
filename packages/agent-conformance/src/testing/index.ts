export { type Activity, createActivity } from '../harness/activity';
export type { ArchiveOperation, ArchiveWrite } from '../harness/archive-write';
export {
  createFakeSessionManager,
  type DeleteFlowDependencies,
  type FakeSessionManager,
  type FakeSessionManagerOptions,
  type SessionSpec,
  type SettingsWrite,
} from '../harness/fake-session-manager';
export { createGate, type Gate } from '../harness/gate';
export type { HarnessFault } from '../harness/harness-fault';
export type { HookRunRecord } from '../harness/hook-run-record';
export type { ModelCallRecord } from '../harness/model-call-record';
export type { ModelStep, ScriptedToolCall } from '../harness/model-step';
export type { RecordedEvent } from '../harness/recorded-event';
export {
  createRecordingArchive,
  type RecordingArchive,
  type RecordingArchiveOptions,
} from '../harness/recording-archive';
export {
  createRecordingEventBus,
  type RecordingEventBus,
  type RecordingEventBusOptions,
} from '../harness/recording-event-bus';
export {
  createRecordingHooks,
  type RecordingHooks,
  type RecordingHooksOptions,
} from '../harness/recording-hooks';
export {
  createScriptedModel,
  DEFAULT_MODEL_CAPABILITIES,
  DEFAULT_MODEL_REF,
  type ModelDefinition,
  type ScriptedModel,
  type ScriptedModelOptions,
  type ScriptedStepHandle,
} from '../harness/scripted-model';
export {
  createScriptedTools,
  type ScriptedToolDefinition,
  type ScriptedToolHandle,
  type ScriptedTools,
  type ScriptedToolsOptions,
} from '../harness/scripted-tools';
export type { ToolCallRecord } from '../harness/tool-call-record';
export type { ToolStep } from '../harness/tool-step';
export { UnscriptedCallError, type UnscriptedCallErrorOptions } from '../unscripted-call-error';
