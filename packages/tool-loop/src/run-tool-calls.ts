import type { ChatMessage, ChatResponse } from '@aalis/api-llm';
import type { ToolDefinition } from '@aalis/api-tools';
import { appendToConversation } from './append-to-conversation';
import { mapWithConcurrency } from './map-with-concurrency';
import { persistWrite } from './persist';
import { publish } from './publish';
import { runOneToolCall } from './run-one-tool-call';
import { throwIfAborted } from './throw-if-aborted';
import type { TurnRun } from './turn-run';
import { uniqueToolCalls } from './unique-tool-calls';

/**
 * Runs the tool calls of one model response, at most `toolConcurrency` at a time, results in
 * call order; then persists the group in one write with the turn id and call ids ([ARC-1],
 * [ARC-2], [ARC-4]) and adds it to what later calls see. Text the model said alongside the
 * calls goes out at once outside `room` sessions; in rooms it is persisted as not sent
 * ([ARC-5]). After an abort no call starts and the unfinished group is not persisted.
 */
export async function runToolCalls(
  run: TurnRun,
  response: ChatResponse,
  offered: readonly ToolDefinition[],
): Promise<void> {
  const calls = uniqueToolCalls(response.toolCalls);
  run.state.counts.toolCalls += calls.length;
  const said = response.content.trim() !== '';
  const sent = !said || run.session.kind !== 'room';
  if (said && sent) await sayNow(run, response.content);
  const outcomes = await mapWithConcurrency({
    items: calls,
    limit: run.limits.toolConcurrency,
    signal: run.signal,
    map: (call) => runOneToolCall(run, call, offered),
  });
  throwIfAborted(run.signal);
  await persistWrite(run, 'persistToolGroup', () =>
    run.persistence.persistToolGroup({
      assistant: { content: response.content, toolCalls: calls, sent },
      results: outcomes.map(({ toolCallId, callId, content, metadata }) => ({
        toolCallId,
        callId,
        content,
        metadata,
      })),
    }),
  );
  const assistant: ChatMessage = { role: 'assistant', content: response.content, toolCalls: calls };
  appendToConversation(run, [assistant, ...outcomes.map((outcome) => outcome.message)], {
    protect: false,
    countAsHistory: true,
  });
  throwIfAborted(run.signal);
}

async function sayNow(run: TurnRun, content: string): Promise<void> {
  await publish(run, 'outbound:message', {
    message: {
      sessionId: run.turn.sessionId,
      turnId: run.turn.turnId,
      content,
      kind: 'reply',
      platform: run.platform,
    },
  });
  throwIfAborted(run.signal);
}
