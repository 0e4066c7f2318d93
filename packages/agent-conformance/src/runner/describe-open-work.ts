import { describeModelStep } from '../harness/describe-model-step';
import type { Harness } from '../harness/harness';
import { lastUserMessage } from '../harness/last-user-message';
import type { ModelCallRecord } from '../harness/model-call-record';
import { quote } from '../harness/quote';
import type { ToolCallRecord } from '../harness/tool-call-record';
import { type AgentUnderTest, describeInput } from './agent-under-test';

/** What is still running around a case, in words, by kind (see {@link describeOpenWork}). */
export interface OpenWork {
  /** `handleMessage` calls that have not settled. */
  readonly inputs: readonly string[];
  /** `clearing` and `assignModel` calls that have not settled. */
  readonly calls: readonly string[];
  /** Model calls that have not ended. */
  readonly modelCalls: readonly string[];
  /** Tool calls that have not ended. */
  readonly toolCalls: readonly string[];
  /** Scripted model steps no call has taken: calls the case still expects. */
  readonly waitingSteps: readonly string[];
}

function describeModelCall(call: ModelCallRecord): string {
  const last = lastUserMessage(call.messages);
  const details = [
    last === undefined ? 'no user message' : `last user message ${quote(last)}`,
    call.step === undefined ? undefined : `scripted to: ${describeModelStep(call.step)}`,
    call.aborted ? 'its signal is aborted' : undefined,
  ].filter((detail) => detail !== undefined);
  return `model call #${call.index + 1} (${details.join('; ')})`;
}

function describeToolCall(call: ToolCallRecord): string {
  const aborted = call.context.signal?.aborted === true ? '; its signal is aborted' : '';
  return `tool call #${call.index + 1}, ${call.name} (session ${call.context.sessionId}, turn ${call.context.turnId}${aborted})`;
}

/**
 * Describes what is still running in a harness and the implementation built on it: unsettled
 * `handleMessage`, `clearing` and `assignModel` calls, open model and tool calls (by session
 * and content), and scripted steps no call took. Timeouts and leaks are reported with it.
 */
export function describeOpenWork(harness: Harness, agent: AgentUnderTest | undefined): OpenWork {
  return {
    inputs: (agent?.inputs ?? [])
      .filter((input) => !input.settled)
      .map((input) => describeInput(input.message)),
    calls: agent?.unsettledCalls() ?? [],
    modelCalls: harness.model.requests.filter((call) => call.state === 'open').map(describeModelCall),
    toolCalls: harness.tools.calls.filter((call) => call.state === 'open').map(describeToolCall),
    waitingSteps: harness.model
      .waitingSteps()
      .map((handle) => `scripted model step ${handle.number} (${describeModelStep(handle.step)})`),
  };
}
