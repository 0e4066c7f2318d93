import { llm } from '@aalis/api-llm';
import { definePlugin, type PluginContext } from '@aalis/core';
import { createOpenAIModelProvider } from './create-openai-model-provider';
import type { OpenAIModelProviderOptions } from './openai-model-provider-options';

/**
 * A plugin that provides the `llm` model service from an OpenAI-compatible endpoint. Its
 * configuration is {@link OpenAIModelProviderOptions}; the provider is registered under the
 * provider's `name` (default `openai`), so `app.select(llm, 'deepseek')` picks among several
 * instances. Loading it with invalid options leaves the instance `failed` (the `TypeError`
 * is its error).
 */
export const openAIModelPlugin = definePlugin({
  name: '@aalis/model-openai',
  apply(_services, context: PluginContext<OpenAIModelProviderOptions>) {
    const provider = createOpenAIModelProvider(context.config);
    context.provide(llm, provider, { name: provider.name });
  },
});
