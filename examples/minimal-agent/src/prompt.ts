import {
  type PromptBucket,
  type PromptContributionView,
  TOKEN_BUDGET_BUCKETS,
  type TokenBudgetBucket,
  type TokenUsageEvent,
} from '@aalis/api-agent';
import type { ChatMessage, ChatResponse, ResolvedModel } from '@aalis/api-llm';
import type { ToolDefinition } from '@aalis/api-tools';
import type { Contributions } from '@aalis/core';
import type { Message } from '@aalis/schema-message';

/** A message built by an `agent:prompt` contribution, with where its tokens count ([PRM-3]). */
interface Block {
  readonly key: string;
  readonly bucket: PromptBucket;
  readonly message: ChatMessage;
}

/** The parts of one model request, before and after fitting it into the budget. */
export interface Prompt {
  readonly blocks: readonly Block[];
  readonly tools: readonly ToolDefinition[];
  /** Stored history before this turn's inputs, oldest first: what trimming may drop. */
  readonly earlier: readonly ChatMessage[];
  /** This turn's inputs, tool-call groups, joined inputs and retry feedback: never dropped. */
  readonly current: readonly ChatMessage[];
  readonly model: ResolvedModel;
}

/** A prompt fitted into the model's budget: what is sent, and whether anything had to give ([USG-3]). */
export interface FittedPrompt extends Prompt {
  readonly messages: ChatMessage[];
  readonly trimmed: boolean;
}

/** A stored message as the model takes it. */
export const asChat = (
  message: Pick<Message, 'role' | 'content' | 'toolCalls' | 'toolCallId'>,
): ChatMessage => ({
  role: message.role,
  content: message.content,
  ...(message.toolCalls === undefined ? {} : { toolCalls: message.toolCalls }),
  ...(message.toolCallId === undefined ? {} : { toolCallId: message.toolCallId }),
});

/** About four characters a token: an estimate, which [USG-2] allows when the model reports no figure. */
function estimate(message: ChatMessage): number {
  const calls = message.toolCalls === undefined ? '' : JSON.stringify(message.toolCalls);
  return 4 + Math.ceil((message.content.length + calls.length) / 4);
}

function estimateAll(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, message) => sum + estimate(message), 0);
}

function estimateTools(tools: readonly ToolDefinition[]): number {
  return tools.length === 0 ? 0 : Math.ceil(JSON.stringify(tools).length / 4);
}

/** What one call may send: the context window less the room kept for the reply. */
function budgetOf(model: ResolvedModel): number {
  return model.capabilities.contextWindow - model.capabilities.maxOutputTokens;
}

/** Builds the `agent:prompt` contributions for one call or one estimate ([PRM-1], [PRM-2]). */
export async function buildContributions(
  contributions: Contributions,
  view: PromptContributionView,
): Promise<Block[]> {
  const listed = [...contributions.list('agent:prompt')].sort(
    (left, right) => (left.spec.order ?? 0) - (right.spec.order ?? 0),
  );
  const blocks: Block[] = [];
  for (const { key, spec } of listed) {
    // A contribution that fails is left out of this call rather than failing the turn.
    const built = await Promise.resolve()
      .then(() => spec.build(view))
      .catch(() => undefined);
    const messages =
      typeof built === 'string' ? [{ role: 'system' as const, content: built }] : (built ?? []);
    for (const message of messages)
      if (message.content !== '') blocks.push({ key, bucket: spec.bucket, message });
  }
  return blocks;
}

/**
 * Drops the oldest stored history until the request fits the budget, never a message of
 * the turn itself, and never leaving a tool result whose tool call was dropped.
 */
export function fit(prompt: Prompt): FittedPrompt {
  const fixed = estimateAll(prompt.blocks.map((block) => block.message));
  let size = fixed + estimateTools(prompt.tools) + estimateAll(prompt.earlier) + estimateAll(prompt.current);
  const overBudget = size > budgetOf(prompt.model);
  let start = 0;
  while (start < prompt.earlier.length && size > budgetOf(prompt.model)) {
    size -= estimate(prompt.earlier[start]!);
    start += 1;
  }
  while (prompt.earlier[start]?.role === 'tool') start += 1;
  const sentHistory = [...prompt.earlier.slice(start), ...prompt.current];
  return {
    ...prompt,
    messages: [...prompt.blocks.map((block) => block.message), ...sentHistory],
    trimmed: overBudget || start > 0,
  };
}

const LABELS: Readonly<Record<TokenBudgetBucket, string>> = {
  system: 'System prompt',
  persona: 'Persona',
  memorySummary: 'Summary',
  memoryVector: 'Recalled memory',
  skills: 'Skills',
  platform: 'Platform',
  subtask: 'Subtask',
  systemOther: 'Other instructions',
  history: 'History',
  toolResults: 'Tool calls and results',
  toolDefs: 'Tool definitions',
  reservedForReply: 'Reserved for the reply',
};

type UsageFigures = Pick<
  TokenUsageEvent,
  'used' | 'contextWindow' | 'usageRatio' | 'tokenBudget' | 'untrimmedHistory' | 'breakdown' | 'parts'
>;

/**
 * The figures of `token:usage` for a fitted prompt ([USG-2], [USG-4], [USG-7]): `used` is the
 * model's own count when it gave a positive one, else the estimate of what was sent.
 */
export function usageFigures(prompt: FittedPrompt, response: ChatResponse | undefined): UsageFigures {
  const breakdown = Object.fromEntries(TOKEN_BUDGET_BUCKETS.map((bucket) => [bucket, 0])) as Record<
    TokenBudgetBucket,
    number
  >;
  const injectors: Partial<Record<TokenBudgetBucket, Record<string, number>>> = {};
  // Of the messages as sent ([USG-4]): a contribution's own message goes to its bucket, any other
  // (history, or what agent:llm:before added) by its role.
  const blockOf = new Map(prompt.blocks.map((block) => [block.message, block]));
  for (const message of prompt.messages) {
    const tokens = estimate(message);
    const block = blockOf.get(message);
    if (block === undefined) {
      const isTool = message.role === 'tool' || (message.toolCalls?.length ?? 0) > 0;
      breakdown[isTool ? 'toolResults' : message.role === 'system' ? 'systemOther' : 'history'] += tokens;
      continue;
    }
    breakdown[block.bucket] += tokens;
    const figures = injectors[block.bucket] ?? {};
    injectors[block.bucket] = figures;
    figures[block.key] = (figures[block.key] ?? 0) + tokens;
  }
  breakdown.toolDefs = estimateTools(prompt.tools);
  breakdown.reservedForReply = prompt.model.capabilities.maxOutputTokens;
  const reported = response?.usage?.promptTokens;
  const used =
    reported !== undefined && Number.isFinite(reported) && reported > 0
      ? reported
      : estimateAll(prompt.messages) + breakdown.toolDefs;
  const { contextWindow } = prompt.model.capabilities;
  return {
    used,
    contextWindow,
    usageRatio: used / contextWindow,
    tokenBudget: budgetOf(prompt.model),
    untrimmedHistory: estimateAll([...prompt.earlier, ...prompt.current]),
    breakdown,
    parts: TOKEN_BUDGET_BUCKETS.filter((bucket) => bucket !== 'reservedForReply').map((bucket) => ({
      label: LABELS[bucket],
      tokens: breakdown[bucket],
      ...(injectors[bucket] === undefined ? {} : { injectors: injectors[bucket] }),
    })),
  };
}
