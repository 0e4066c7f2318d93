import type { ChatDelta, ResolvedModel } from '@aalis/api-llm';
import { afterEach, beforeEach, expect } from 'vitest';
import {
  createOpenAIModelProvider,
  type OpenAIModelProvider,
  type OpenAIModelProviderOptions,
} from '../src/index';
import { localOnlyFetch, type ScriptedChatServer, startScriptedChatServer } from './scripted-chat-server';

/** The server of the running test; fresh for each test, checked for unscripted requests after it. */
export function useScriptedChatServer(): () => ScriptedChatServer {
  let server: ScriptedChatServer | undefined;
  beforeEach(async () => {
    server = await startScriptedChatServer();
  });
  afterEach(async () => {
    const current = server;
    server = undefined;
    await current?.close();
    expect(current?.unscripted ?? []).toEqual([]);
  });
  return () => {
    if (server === undefined) throw new Error('no server outside a test');
    return server;
  };
}

/** A provider for `server` with one model `test-model`, 1 ms retry delays and local-only fetch. */
export function providerFor(
  server: ScriptedChatServer,
  options: Partial<OpenAIModelProviderOptions> = {},
): OpenAIModelProvider {
  return createOpenAIModelProvider({
    baseURL: server.baseURL,
    apiKey: 'test-key',
    models: [{ name: 'test-model' }],
    retryBaseDelay: 1,
    retryMaxDelay: 1,
    fetch: localOnlyFetch,
    ...options,
  });
}

/** The resolved model, failing the test when the provider does not know it. */
export async function modelOf(provider: OpenAIModelProvider, ref?: string): Promise<ResolvedModel> {
  const model = await provider.resolveModel(ref);
  if (model === undefined) throw new Error(`no model ${ref ?? '(default)'}`);
  return model;
}

/** Collects deltas in arrival order. */
export function deltaRecorder(): {
  readonly deltas: ChatDelta[];
  readonly onDelta: (delta: ChatDelta) => void;
} {
  const deltas: ChatDelta[] = [];
  return { deltas, onDelta: (delta) => deltas.push(delta) };
}
