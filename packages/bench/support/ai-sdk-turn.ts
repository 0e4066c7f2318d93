/**
 * The per-turn workload through the Vercel AI SDK: `generateText` with `MockLanguageModelV3`
 * answering from the shared script, the three tools with zod input schemas (the SDK's usual
 * way, validated like ours are), the history as prior messages and a step limit.
 */
import { generateText, type ModelMessage, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
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

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];

const usage: GenerateResult['usage'] = {
  inputTokens: {
    total: reportedUsage.inputTokens,
    noCache: reportedUsage.inputTokens,
    cacheRead: 0,
    cacheWrite: 0,
  },
  outputTokens: { total: reportedUsage.outputTokens, text: reportedUsage.outputTokens, reasoning: 0 },
};

function respond(options: CallOptions, onCall?: (record: ModelCallRecord) => void): GenerateResult {
  const roles = options.prompt.map((message) => message.role);
  const systemMessages = roles.filter((role) => role === 'system').length;
  onCall?.({
    systemMessages,
    conversationMessages: roles.length - systemMessages,
    tools: options.tools?.length ?? 0,
  });
  const step = scriptStep(toolResultsSinceLastUser(roles));
  if (step.kind === 'answer') {
    return {
      content: [{ type: 'text', text: step.text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    };
  }
  return {
    content: [
      {
        type: 'tool-call',
        toolCallId: nextCallId(),
        toolName: step.toolName,
        input: JSON.stringify({ query: step.query }),
      },
    ],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

const historyMessages: ModelMessage[] = history.map((message) => ({
  role: message.role,
  content: message.content,
}));

/** Options of {@link createAiSdkTurn}. */
export interface AiSdkTurnOptions {
  readonly onModelCall?: (record: ModelCallRecord) => void;
  readonly onToolCall?: (name: string) => void;
}

/** One turn through `generateText`; resolves with the final text. */
export function createAiSdkTurn(options: AiSdkTurnOptions = {}): () => Promise<string> {
  const model = new MockLanguageModelV3({ doGenerate: async (call) => respond(call, options.onModelCall) });
  const toolSet = Object.fromEntries(
    toolNames.map((name) => [
      name,
      tool({
        description: toolDescription,
        inputSchema: z.object({ query: z.string() }),
        execute: async ({ query }) => {
          options.onToolCall?.(name);
          return toolResult(name, query);
        },
      }),
    ]),
  );
  return async () => {
    const result = await generateText({
      model,
      system: systemText,
      messages: [...historyMessages, { role: 'user', content: userInput }],
      tools: toolSet,
      stopWhen: stepCountIs(10),
    });
    // The mock keeps every call's options; dropping them keeps its memory flat across turns.
    model.doGenerateCalls.length = 0;
    return result.text;
  };
}
