import type { PromptBlock } from '@aalis/api-agent';
import type { ChatMessage, ResolvedModel } from '@aalis/api-llm';
import type { ToolDefinition } from '@aalis/api-tools';
import {
  classifyMessageByRole,
  type MessageAttribution,
  type MessageClassifier,
  planTokenBudget,
  type TokenBudgetPlan,
  type TokenCounter,
} from '@aalis/token-budget';

/** How a prompt's fixed part shares the model's window out, and whose each block is. */
export interface PromptPlan {
  /** The blocks' messages, in order: what goes before the conversation. */
  readonly blockMessages: ChatMessage[];
  readonly plan: TokenBudgetPlan;
  /** The bucket (and injector) of each block message ([USG-7], [PRM-3]). */
  readonly attribution: Map<ChatMessage, MessageAttribution>;
}

/** Options of {@link planPrompt}. */
export interface PlanPromptOptions {
  readonly counter: TokenCounter;
  readonly model: ResolvedModel;
  /** The blocks, each with its tokens already counted (with `counter`). */
  readonly blocks: readonly PromptBlock[];
  readonly tools: readonly ToolDefinition[];
  /** The tokens of `tools` when already counted. Default: counted here. */
  readonly toolTokens?: number;
  /** A prompt ceiling lower than the model's window leaves. */
  readonly maxTokenBudget?: number | undefined;
}

/**
 * Plans the budget of one prompt from its fixed part (blocks and tool definitions) and tags
 * each block message with its bucket and injector. The blocks' own token figures are summed,
 * not counted again. A model call trims against this plan; a `token:request` snapshot
 * estimates with it ([USG-8]).
 */
export function planPrompt(options: PlanPromptOptions): PromptPlan {
  const { counter, model, blocks, tools } = options;
  const blockMessages: ChatMessage[] = [];
  const attribution = new Map<ChatMessage, MessageAttribution>();
  let fixedTokens = counter.countMessages([]) + (options.toolTokens ?? counter.countTools(tools));
  for (const block of blocks) {
    blockMessages.push(block.message);
    fixedTokens += block.tokens;
    attribution.set(block.message, {
      bucket: block.bucket,
      ...(block.injector === undefined ? {} : { injector: block.injector }),
    });
  }
  const plan = planTokenBudget({
    contextWindow: model.capabilities.contextWindow,
    maxOutput: model.capabilities.maxOutputTokens,
    fixedTokens,
    ...(options.maxTokenBudget === undefined ? {} : { maxTokenBudget: options.maxTokenBudget }),
  });
  return { blockMessages, plan, attribution };
}

/** Classifies by the attribution, else by role (conversation, tool calls and results). */
export function classifyByAttribution(
  attribution: ReadonlyMap<ChatMessage, MessageAttribution>,
): MessageClassifier<ChatMessage> {
  return (message) => attribution.get(message) ?? classifyMessageByRole(message);
}
