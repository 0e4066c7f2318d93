import type { LlmService } from '@aalis/api-llm';
import type { Plugin } from '@aalis/core';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  createOpenAIModelProvider,
  fromEnvironment,
  ModelProviderErrorCode,
  OpenAIModelProvider,
  OpenAIModelProviderOptions,
  openAIModelPlugin,
} from './index';

describe('public types', () => {
  it('returns an api-llm model service', () => {
    expectTypeOf<ReturnType<typeof createOpenAIModelProvider>>().toEqualTypeOf<OpenAIModelProvider>();
    expectTypeOf<OpenAIModelProvider>().toExtend<LlmService>();
  });

  it('configures the plugin with the provider options', () => {
    expectTypeOf<typeof openAIModelPlugin>().toExtend<Plugin<OpenAIModelProviderOptions, {}>>();
  });

  it('reads the environment into provider options or nothing', () => {
    expectTypeOf<ReturnType<typeof fromEnvironment>>().toEqualTypeOf<
      OpenAIModelProviderOptions | undefined
    >();
    expectTypeOf(process.env).toExtend<Parameters<typeof fromEnvironment>[0]>();
  });

  it('takes the idle timeout of a streamed body in milliseconds', () => {
    expectTypeOf<OpenAIModelProviderOptions['idleTimeout']>().toEqualTypeOf<number | undefined>();
  });

  it('has a closed set of error codes', () => {
    expectTypeOf<'MODEL_RATE_LIMITED'>().toExtend<ModelProviderErrorCode>();
    expectTypeOf<'CHAT_FAILED'>().not.toExtend<ModelProviderErrorCode>();
  });
});
