import type { AgentToolAfterPayload, AgentToolBeforePayload } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import type { ToolCallContext, ToolDefinition, ToolResult } from '@aalis/api-tools';
import type { ToolCall } from '@aalis/schema-message';
import { createToolCallContext } from './create-tool-call-context';
import { executeTool } from './execute-tool';
import { imagesOf } from './images-of';
import { runHook } from './run-hook';
import { throwIfAborted } from './throw-if-aborted';
import type { ToolCallOutcome } from './tool-call-outcome';
import { truncateToolResult } from './truncate-tool-result';
import type { TurnRun } from './turn-run';
import { validateToolArguments } from './validate-tool-arguments';

/**
 * One tool call ([HK-5], [HK-6], [TID-3], [ARC-2]): it gets its own `callId`; an unknown tool,
 * unparsable or invalid arguments and a call blocked in `agent:tool:before` become failed
 * results saying so; a valid call runs with its `ToolCallContext`, then `agent:tool:after` may
 * rewrite the result and add metadata; the result is truncated to the configured size.
 */
export async function runOneToolCall(
  run: TurnRun,
  call: ToolCall,
  offered: readonly ToolDefinition[],
): Promise<ToolCallOutcome> {
  const callId = run.createCallId();
  if (typeof callId !== 'string' || callId === '')
    throw new TypeError('createCallId() must return a non-empty string');
  const definition = offered.find((tool) => tool.name === call.name);
  if (definition === undefined) {
    const names = offered.map((tool) => tool.name).join(', ') || 'none';
    return failedCall(
      run,
      call,
      callId,
      `Error: there is no tool named "${call.name}" (available: ${names}).`,
    );
  }
  const checked = validateToolArguments(call.arguments, definition.parameters);
  if (!checked.ok) {
    const problems = checked.problems.join('; ');
    return failedCall(run, call, callId, `Error: invalid arguments for tool "${call.name}": ${problems}.`);
  }
  const toolCallContext = createToolCallContext(run, callId);
  const before: AgentToolBeforePayload = { name: call.name, args: checked.args, toolCallContext };
  if ((await runHook(run, 'agent:tool:before', before)).blocked) {
    return failedCall(
      run,
      call,
      callId,
      `Error: the call of tool "${call.name}" was blocked and did not run.`,
    );
  }
  throwIfAborted(run.signal);
  const result = await executeTool(run, { name: call.name, args: before.args, toolCallContext });
  return finishToolCall(run, { call, callId, toolCallContext, result });
}

interface FinishedCall {
  readonly call: ToolCall;
  readonly callId: string;
  readonly toolCallContext: ToolCallContext;
  readonly result: ToolResult;
}

async function finishToolCall(run: TurnRun, finished: FinishedCall): Promise<ToolCallOutcome> {
  const { call, callId, toolCallContext } = finished;
  const after: AgentToolAfterPayload = {
    name: call.name,
    result: finished.result,
    toolCallContext,
    metadata: {},
  };
  await runHook(run, 'agent:tool:after', after);
  const content = truncateToolResult(String(after.result.content), run.limits.maxToolResultChars);
  const images = run.acceptsImages ? imagesOf(after.result.attachments) : [];
  const message: ChatMessage = {
    role: 'tool',
    content,
    toolCallId: call.id,
    ...(images.length === 0 ? {} : { images }),
  };
  return { toolCallId: call.id, callId, content, metadata: { ...after.metadata }, message };
}

function failedCall(run: TurnRun, call: ToolCall, callId: string, text: string): ToolCallOutcome {
  const content = truncateToolResult(text, run.limits.maxToolResultChars);
  return {
    toolCallId: call.id,
    callId,
    content,
    metadata: {},
    message: { role: 'tool', content, toolCallId: call.id },
  };
}
