/**
 * The floor of the per-turn suite: a hand-written tool loop over plain arrays, with the same
 * history, system text, script and tools, and nothing else (no validation, no hooks, no
 * persistence, no token accounting).
 */
import type { ModelCallRecord } from './aalis-turn';
import {
  history,
  nextCallId,
  scriptStep,
  systemText,
  toolNames,
  toolResult,
  toolResultsSinceLastUser,
  userInput,
} from './turn-workload';

interface LoopMessage {
  readonly role: string;
  readonly content: string;
  readonly toolCall?: { readonly id: string; readonly name: string; readonly arguments: string };
}

type LoopTool = (args: { readonly query: string }) => Promise<string>;

/** Options of {@link createBareLoopTurn}. */
export interface BareLoopTurnOptions {
  readonly onModelCall?: (record: ModelCallRecord) => void;
  readonly onToolCall?: (name: string) => void;
}

/** One turn through a bare loop; resolves with the final text. */
export function createBareLoopTurn(options: BareLoopTurnOptions = {}): () => Promise<string> {
  const tools = new Map<string, LoopTool>(
    toolNames.map((name) => [
      name,
      async ({ query }) => {
        options.onToolCall?.(name);
        return toolResult(name, query);
      },
    ]),
  );
  const model = async (messages: readonly LoopMessage[]): Promise<LoopMessage> => {
    const roles = messages.map((message) => message.role);
    options.onModelCall?.({ systemMessages: 1, conversationMessages: roles.length - 1, tools: tools.size });
    const step = scriptStep(toolResultsSinceLastUser(roles));
    if (step.kind === 'answer') return { role: 'assistant', content: step.text };
    const toolCall = {
      id: nextCallId(),
      name: step.toolName,
      arguments: JSON.stringify({ query: step.query }),
    };
    return { role: 'assistant', content: '', toolCall };
  };
  return async () => {
    const messages: LoopMessage[] = [
      { role: 'system', content: systemText },
      ...history,
      { role: 'user', content: userInput },
    ];
    for (let step = 0; step < 10; step += 1) {
      const reply = await model(messages);
      messages.push(reply);
      if (reply.toolCall === undefined) return reply.content;
      const run = tools.get(reply.toolCall.name);
      const result = run === undefined ? 'unknown tool' : await run(JSON.parse(reply.toolCall.arguments));
      messages.push({ role: 'tool', content: result });
    }
    return '';
  };
}
