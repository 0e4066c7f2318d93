import { WellKnownMetadataKeys as Keys, type Message, type ToolCall } from '@aalis/schema-message';
import type { ActivityTurn } from './activity-turn';
import type { TerminalOutput } from './terminal-output';
import { toolCallLine, toolResultLine } from './tool-call-lines';

function callsById(messages: readonly Message[]): Map<string, ToolCall> {
  const calls = new Map<string, ToolCall>();
  for (const message of messages) for (const call of message.toolCalls ?? []) calls.set(call.id, call);
  return calls;
}

/**
 * Prints, from a stored tool-call group (the assistant message with its calls and one tool
 * message per call, each with its turn id and call id), every call and result of a known turn
 * that no hook or event showed yet: a call that never ran — an unknown tool, invalid
 * arguments, a call blocked in `agent:tool:before` — gets its `⚙` line and its result as a
 * failure.
 */
export function printToolGroup(
  output: TerminalOutput,
  turns: ReadonlyMap<string, ActivityTurn>,
  messages: readonly Message[],
): void {
  const calls = callsById(messages);
  for (const message of messages) {
    const turnId = message.metadata[Keys.TurnId];
    const callId = message.metadata[Keys.CallId];
    const turn = typeof turnId === 'string' ? turns.get(turnId) : undefined;
    if (message.role !== 'tool' || turn === undefined || typeof callId !== 'string') continue;
    const ran = turn.shownCalls.has(callId);
    if (!ran) {
      const call = message.toolCallId === undefined ? undefined : calls.get(message.toolCallId);
      const argumentsText = call?.arguments ?? '';
      output.line(toolCallLine(output.style, { name: call?.name ?? '?', argumentsText, callId }));
      turn.shownCalls.add(callId);
      turn.stream = undefined;
    }
    if (!turn.shownResults.has(callId)) {
      output.line(toolResultLine(output.style, { callId, content: message.content, isError: !ran }));
      turn.shownResults.add(callId);
      turn.stream = undefined;
    }
  }
}
