import type { LlmService } from '@aalis/api-llm';
import type { Plugin } from '@aalis/core';
import type { RetryOptions } from '@aalis/model-provider-utils';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AiSdkModelConfig,
  AiSdkModelProvider,
  AiSdkModelProviderOptions,
  aiSdkModelPlugin,
  createAiSdkModelProvider,
} from './index';

describe('public types', () => {
  it('returns an api-llm model service', () => {
    expectTypeOf<ReturnType<typeof createAiSdkModelProvider>>().toEqualTypeOf<AiSdkModelProvider>();
    expectTypeOf<AiSdkModelProvider>().toExtend<LlmService>();
  });

  it('takes any LanguageModelV3 and the shared retry options', () => {
    expectTypeOf<LanguageModelV3>().toExtend<AiSdkModelConfig['model']>();
    expectTypeOf<AiSdkModelProviderOptions>().toExtend<RetryOptions>();
    expectTypeOf<AiSdkModelProviderOptions['name']>().toEqualTypeOf<string>();
  });

  it('configures the plugin with the provider options', () => {
    expectTypeOf<typeof aiSdkModelPlugin>().toExtend<Plugin<AiSdkModelProviderOptions, {}>>();
  });
});
