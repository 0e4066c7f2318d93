import type { SharedV3ProviderOptions } from '@ai-sdk/provider';

/** The thinking budget, in tokens, of the default thinking options. */
export const THINKING_BUDGET_TOKENS = 8_192;

const byProvider: Readonly<Record<string, SharedV3ProviderOptions>> = {
  anthropic: { anthropic: { thinking: { type: 'enabled', budgetTokens: THINKING_BUDGET_TOKENS } } },
  google: { google: { thinkingConfig: { includeThoughts: true, thinkingBudget: THINKING_BUDGET_TOKENS } } },
};

/**
 * The `providerOptions` that switch deep thinking on for a model of `provider` (the model's
 * `provider` field, e.g. `anthropic.messages`, `google.generative-ai`), chosen by its first
 * dot-separated part; `undefined` for providers without a default.
 */
export function defaultThinkingOptions(provider: string): SharedV3ProviderOptions | undefined {
  return byProvider[provider.split('.')[0] ?? ''];
}
