import { llm } from '@aalis/api-llm';
import { definePlugin, type PluginContext } from '@aalis/core';
import type { AiSdkModelProviderOptions } from './ai-sdk-model-provider-options';
import { createAiSdkModelProvider } from './create-ai-sdk-model-provider';

/**
 * A plugin that provides the `llm` model service from AI SDK language models. Its
 * configuration is {@link AiSdkModelProviderOptions}; the provider is registered under the
 * provider's `name`, so `app.select(llm, 'google')` picks among several instances. Loading it
 * with invalid options leaves the instance `failed` (the `TypeError` is its error).
 */
export const aiSdkModelPlugin = definePlugin({
  name: '@aalis/model-ai-sdk',
  apply(_services, context: PluginContext<AiSdkModelProviderOptions>) {
    const provider = createAiSdkModelProvider(context.config);
    context.provide(llm, provider, { name: provider.name });
  },
});
