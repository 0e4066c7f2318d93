import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChatFailedError, type ChatResponse } from '@aalis/api-llm';
import { describe, expect, it } from 'vitest';
import { ModelProviderError } from '../src/index';
import { deltaRecorder, modelOf, providerFor, useScriptedChatServer } from './chat-fixture';
import { replayReply } from './scripted-chat-server';

/** What a corpus stream must give: the reply field by field, or the failure. */
interface CorpusExpectation {
  readonly dialect: string;
  readonly checks: string;
  readonly source: string;
  readonly reply?: Omit<ChatResponse, 'toolCalls'> & { readonly toolCalls: ChatResponse['toolCalls'] };
  readonly error?: {
    readonly code: string;
    /** A part of the error message (the server's own words). */
    readonly message: string;
    /** The text reported as content deltas before the failure. */
    readonly contentBefore: string;
    /** The text reported as reasoning deltas before the failure; default none. */
    readonly reasoningBefore?: string;
  };
}

const corpus = join(import.meta.dirname, 'corpus');
const streams = readdirSync(corpus)
  .filter((file) => file.endsWith('.sse'))
  .map((file) => {
    const name = file.slice(0, -'.sse'.length);
    const expectation = JSON.parse(readFileSync(join(corpus, `${name}.json`), 'utf8')) as CorpusExpectation;
    return { name, body: readFileSync(join(corpus, file)), expectation };
  });

const server = useScriptedChatServer();
const user = [{ role: 'user' as const, content: 'hi' }];

/** The deltas of one kind joined, and the tool-call arguments joined per call index. */
function joined(deltas: ReturnType<typeof deltaRecorder>['deltas']) {
  const text = { content: '', reasoning: '' };
  const calls = new Map<number, string>();
  for (const delta of deltas) {
    if (delta.type === 'tool-call')
      calls.set(delta.index, (calls.get(delta.index) ?? '') + (delta.argumentsText ?? ''));
    else text[delta.type] += delta.text;
  }
  return { ...text, calls: [...calls.entries()].sort(([a], [b]) => a - b).map(([, value]) => value) };
}

async function replay(body: Buffer, pieceSize: number | undefined) {
  server().script(replayReply(body, pieceSize === undefined ? {} : { pieceSize }));
  const provider = providerFor(server(), { maxRetries: 0 });
  const recorder = deltaRecorder();
  const outcome = await provider
    .chat({ model: await modelOf(provider), messages: user, onDelta: recorder.onDelta })
    .then(
      (response) => ({ response }),
      (error: unknown) => ({ error }),
    );
  expect(server().requests).toHaveLength(1);
  return { outcome, deltas: joined(recorder.deltas) };
}

describe.each(streams)('the $name stream', ({ body, expectation }) => {
  const { reply, error } = expectation;
  it.each([
    ['whole', undefined],
    ['in 5-byte pieces', 5],
  ])(`gives what ${expectation.dialect} means (%s): ${expectation.checks}`, async (_label, pieceSize) => {
    const { outcome, deltas } = await replay(body, pieceSize);
    if (reply !== undefined) {
      if (!('response' in outcome)) throw outcome.error;
      const { response } = outcome;
      expect(response.content).toBe(reply.content);
      expect(response.reasoning).toBe(reply.reasoning);
      expect(response.toolCalls).toEqual(reply.toolCalls);
      expect(response.usage).toEqual(reply.usage);
      expect(response.finishReason).toBe(reply.finishReason);
      expect(deltas.content).toBe(reply.content);
      expect(deltas.reasoning).toBe(reply.reasoning ?? '');
      expect(deltas.calls).toEqual(reply.toolCalls.map((call) => call.arguments));
    } else if (error !== undefined) {
      if (!('error' in outcome)) throw new Error(`resolved with ${JSON.stringify(outcome.response)}`);
      expect(ChatFailedError.isInstance(outcome.error)).toBe(true);
      const cause = (outcome.error as ChatFailedError).cause;
      expect(ModelProviderError.isInstance(cause)).toBe(true);
      expect((cause as ModelProviderError).code).toBe(error.code);
      expect((cause as ModelProviderError).message).toContain(error.message);
      expect(deltas.content).toBe(error.contentBefore);
      expect(deltas.reasoning).toBe(error.reasoningBefore ?? '');
    } else {
      throw new Error('the expectation names neither a reply nor an error');
    }
  });
});
