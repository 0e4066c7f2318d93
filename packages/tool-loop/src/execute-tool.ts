import { type ToolInvocation, type ToolResult, ToolsError, toToolResult } from '@aalis/api-tools';
import { publish } from './publish';
import { throwIfAborted } from './throw-if-aborted';
import { ToolServiceError } from './tool-service-error';
import { TurnAbortedError } from './turn-aborted-error';
import type { TurnRun } from './turn-run';
import { untilAborted } from './until-aborted';

/**
 * Emits `tool:execute` ([TID-2]) and runs the call through the tool service. A tool's own
 * failure (any `ToolsError`: unknown tool, bad arguments, the tool threw) becomes a failed
 * result the model reads; any other rejection of the service is a `ToolServiceError` that
 * ends the turn. The call gets the turn's signal and is no longer waited for once it aborts.
 */
export async function executeTool(run: TurnRun, invocation: ToolInvocation): Promise<ToolResult> {
  const tools = run.tools;
  if (tools === undefined)
    return { content: `Error: no tool service runs ${invocation.name}.`, isError: true };
  await publish(run, 'tool:execute', invocation);
  throwIfAborted(run.signal);
  try {
    const output = await untilAborted(
      Promise.resolve().then(() => {
        // An abort that landed in the microtask before this call starts no tool ([ABT-1]).
        throwIfAborted(run.signal);
        return tools.execute(invocation);
      }),
      run.abortRace,
    );
    const result = toToolResult(output);
    return typeof result?.content === 'string'
      ? result
      : { ...result, content: String(result?.content ?? '') };
  } catch (error) {
    if (run.signal.aborted)
      throw TurnAbortedError.isInstance(error) ? error : new TurnAbortedError({ cause: error });
    if (ToolsError.isInstance(error)) return { content: `Error: ${error.message}`, isError: true };
    throw new ToolServiceError({ toolName: invocation.name, cause: error });
  }
}
