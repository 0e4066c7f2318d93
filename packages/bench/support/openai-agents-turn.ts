/**
 * The per-turn workload through the OpenAI Agents SDK (`@openai/agents-core`): an `Agent`
 * with the five system blocks as its instructions and the three tools (zod parameters), a
 * scripted `Model` answering from the shared script, the history as prior input items, run
 * with `run()` and its defaults (tracing included, as an application gets it).
 */
import {
  Agent,
  type AgentInputItem,
  assistant,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  tool,
  Usage,
  user,
} from '@openai/agents-core';
import { z } from 'zod';
import type { ModelCallRecord } from './aalis-turn';
import {
  history,
  nextCallId,
  reportedUsage,
  scriptStep,
  systemText,
  toolDescription,
  toolNames,
  toolResult,
  toolResultsSinceLastUser,
  userInput,
} from './turn-workload';

function rolesOf(input: ModelRequest['input']): string[] {
  if (typeof input === 'string') return ['user'];
  return input.map((item) => {
    if (item.type === 'function_call_result') return 'tool';
    if (item.type === 'message' || item.type === undefined)
      return 'role' in item ? String(item.role) : 'user';
    return item.type;
  });
}

/** The instant model of the script as an Agents SDK `Model`. */
function scriptedModel(onCall?: (record: ModelCallRecord) => void): Model {
  const usage = () =>
    new Usage({
      requests: 1,
      inputTokens: reportedUsage.inputTokens,
      outputTokens: reportedUsage.outputTokens,
      totalTokens: reportedUsage.inputTokens + reportedUsage.outputTokens,
    });
  return {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const roles = rolesOf(request.input);
      onCall?.({
        systemMessages: request.systemInstructions === undefined ? 0 : 1,
        conversationMessages: roles.length,
        tools: request.tools.length,
      });
      const step = scriptStep(toolResultsSinceLastUser(roles));
      if (step.kind === 'answer') {
        return {
          usage: usage(),
          output: [
            {
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: step.text }],
            },
          ],
        };
      }
      return {
        usage: usage(),
        output: [
          {
            type: 'function_call',
            callId: nextCallId(),
            name: step.toolName,
            arguments: JSON.stringify({ query: step.query }),
            status: 'completed',
          },
        ],
      };
    },
    getStreamedResponse() {
      throw new Error('the scripted model does not stream');
    },
  };
}

const historyItems: AgentInputItem[] = history.map((message) =>
  message.role === 'user' ? user(message.content) : assistant(message.content),
);

/** Options of {@link createOpenAiAgentsTurn}. */
export interface OpenAiAgentsTurnOptions {
  readonly onModelCall?: (record: ModelCallRecord) => void;
  readonly onToolCall?: (name: string) => void;
}

/** One turn through `run()`; resolves with the final text. */
export function createOpenAiAgentsTurn(options: OpenAiAgentsTurnOptions = {}): () => Promise<string> {
  const agent = new Agent({
    name: 'bench',
    instructions: systemText,
    model: scriptedModel(options.onModelCall),
    tools: toolNames.map((name) =>
      tool({
        name,
        description: toolDescription,
        parameters: z.object({ query: z.string() }),
        execute: async ({ query }) => {
          options.onToolCall?.(name);
          return toolResult(name, query);
        },
      }),
    ),
  });
  // The default trace exporter of the core package prints to the console; an application
  // exports elsewhere or not at all, so tracing is off here, as it is for the other columns.
  const runner = new Runner({ tracingDisabled: true });
  return async () => {
    const result = await runner.run(agent, [...historyItems, user(userInput)], { maxTurns: 10 });
    return String(result.finalOutput);
  };
}
