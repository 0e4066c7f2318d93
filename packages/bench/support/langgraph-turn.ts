/**
 * The per-turn workload through LangGraph: `createReactAgent` with a fake chat model that
 * answers from the shared script (a small `BaseChatModel` whose `bindTools` keeps it), the
 * five system blocks as its prompt, the three tools (zod schemas) and the history as prior
 * messages, with a recursion limit as the step limit.
 */
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { BaseChatModel, type BaseChatModelCallOptions } from '@langchain/core/language_models/chat_models';
import { AIMessage, type AIMessageChunk, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
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

const roleOf: Record<string, string> = { human: 'user', ai: 'assistant', tool: 'tool', system: 'system' };

/** A chat model that answers from the script; binding tools returns the model itself. */
class ScriptedChatModel extends BaseChatModel {
  readonly #onCall: ((record: ModelCallRecord) => void) | undefined;
  #boundTools = 0;

  constructor(onCall?: (record: ModelCallRecord) => void) {
    super({});
    this.#onCall = onCall;
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(
    tools: readonly unknown[],
  ): Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions> {
    this.#boundTools = tools.length;
    return this as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions>;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const roles = messages.map((message) => roleOf[message.getType()] ?? message.getType());
    const systemMessages = roles.filter((role) => role === 'system').length;
    this.#onCall?.({
      systemMessages,
      conversationMessages: roles.length - systemMessages,
      tools: this.#boundTools,
    });
    const step = scriptStep(toolResultsSinceLastUser(roles));
    const usage_metadata = {
      input_tokens: reportedUsage.inputTokens,
      output_tokens: reportedUsage.outputTokens,
      total_tokens: reportedUsage.inputTokens + reportedUsage.outputTokens,
    };
    const message =
      step.kind === 'answer'
        ? new AIMessage({ content: step.text, usage_metadata })
        : new AIMessage({
            content: '',
            tool_calls: [
              { id: nextCallId(), name: step.toolName, args: { query: step.query }, type: 'tool_call' },
            ],
            usage_metadata,
          });
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}

const historyMessages: BaseMessage[] = history.map((message) =>
  message.role === 'user' ? new HumanMessage(message.content) : new AIMessage(message.content),
);

/** Options of {@link createLangGraphTurn}. */
export interface LangGraphTurnOptions {
  readonly onModelCall?: (record: ModelCallRecord) => void;
  readonly onToolCall?: (name: string) => void;
}

/** One turn through the prebuilt ReAct agent; resolves with the final text. */
export function createLangGraphTurn(options: LangGraphTurnOptions = {}): () => Promise<string> {
  const agent = createReactAgent({
    llm: new ScriptedChatModel(options.onModelCall),
    prompt: systemText,
    tools: toolNames.map((name) =>
      tool(
        async ({ query }: { query: string }) => {
          options.onToolCall?.(name);
          return toolResult(name, query);
        },
        { name, description: toolDescription, schema: z.object({ query: z.string() }) },
      ),
    ),
  });
  return async () => {
    const state = await agent.invoke(
      { messages: [...historyMessages, new HumanMessage(userInput)] },
      { recursionLimit: 25 },
    );
    const last = state.messages.at(-1);
    return typeof last?.content === 'string' ? last.content : '';
  };
}
