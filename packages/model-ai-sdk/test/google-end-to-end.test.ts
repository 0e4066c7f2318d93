import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAiSdkModelProvider, type RetryEvent } from '../src/index';
import { expectAbortMidStream } from './abort-mid-stream';
import { SYSTEM_PROMPT, startEndToEndApp } from './end-to-end-app';
import {
  functionCallPart,
  geminiChunk,
  geminiStreamReply,
  googleErrorReply,
  startGoogleWireServer,
  textPart,
  thoughtPart,
} from './google-wire-server';
import { localOnlyFetch } from './local-only-fetch';
import type { ScriptedWireServer } from './scripted-wire-server';

/** What the provider sent in one request, as far as these tests look at it. */
interface GenerateContentBody {
  readonly systemInstruction?: { readonly parts: readonly { readonly text: string }[] };
  readonly tools?: readonly { readonly functionDeclarations: readonly { readonly name: string }[] }[];
  readonly contents: readonly {
    readonly role: string;
    readonly parts: readonly Record<string, Record<string, unknown>>[];
  }[];
}

const STREAM_PATH = '/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse';

describe('end to end: plugin-agent, the AI SDK Google model against a local Gemini API server, the SQLite archive', () => {
  let server: ScriptedWireServer;
  let app: ReturnType<typeof startEndToEndApp>;
  let retries: RetryEvent[];
  beforeEach(async () => {
    retries = [];
    server = await startGoogleWireServer();
    const google = createGoogleGenerativeAI({
      baseURL: server.url,
      apiKey: 'test-key',
      fetch: localOnlyFetch,
    });
    const provider = createAiSdkModelProvider({
      name: 'google',
      models: [{ model: google('gemini-2.5-flash') }],
      retryBaseDelay: 1,
      onRetry: (event) => retries.push(event),
    });
    app = startEndToEndApp({ llm: provider });
  });
  afterEach(async () => {
    await app.close();
    await server.close();
    expect(server.unscripted).toEqual([]);
  });

  it('[TID-2] [TID-3] [ARC-1] [ARC-8] [USG-2] two replies with a function call each, then text: the tools run, each functionResponse carries its call id, the reply persists', async () => {
    server.script(
      geminiStreamReply([
        geminiChunk({ parts: [thoughtPart('The user wants the time.')] }),
        geminiChunk({
          parts: [functionCallPart({ id: 'call-clock', name: 'clock', args: { zone: 'UTC' } })],
          finishReason: 'STOP',
          usage: { prompt: 111, candidates: 7, thoughts: 5 },
        }),
      ]),
      // No `id`: Gemini 2.5 models may leave it out; the SDK then names the call itself.
      geminiStreamReply([
        geminiChunk({
          parts: [functionCallPart({ name: 'weather', args: { city: 'Paris' } })],
          finishReason: 'STOP',
          usage: { prompt: 222, candidates: 6 },
        }),
      ]),
      geminiStreamReply([
        geminiChunk({ parts: [textPart('It is noon ')] }),
        geminiChunk({
          parts: [textPart('and sunny.')],
          finishReason: 'STOP',
          usage: { prompt: 333, candidates: 5 },
        }),
      ]),
    );

    await app.ask('What time is it, and how is the weather in Paris?');
    const stored = await app.stopAndReadBack();

    expect(app.tools.calls.map((call) => [call.name, call.args])).toEqual([
      ['clock', { zone: 'UTC' }],
      ['weather', { city: 'Paris' }],
    ]);
    const callIds = app.tools.calls.map((call) => call.context.callId);
    expect(new Set(callIds).size).toBe(2);
    expect(server.requests.map((request) => request.url)).toEqual([STREAM_PATH, STREAM_PATH, STREAM_PATH]);
    expect(server.requests[0]?.headers['x-goog-api-key']).toBe('test-key');
    const last = server.requests[2]?.body as unknown as GenerateContentBody;
    expect(JSON.stringify(last.systemInstruction)).toContain(SYSTEM_PROMPT);
    expect(
      last.tools?.flatMap((tool) => tool.functionDeclarations.map((declaration) => declaration.name)),
    ).toEqual(['clock', 'weather']);
    expect(last.contents.map((content) => content.role)).toEqual(['user', 'model', 'user', 'model', 'user']);
    const [, firstCall, firstResult, secondCall, secondResult] = last.contents.map((content) =>
      content.parts.find((part) => part.functionCall !== undefined || part.functionResponse !== undefined),
    );
    expect(firstCall?.functionCall).toMatchObject({ id: 'call-clock', name: 'clock', args: { zone: 'UTC' } });
    expect(firstResult?.functionResponse).toMatchObject({ id: 'call-clock', name: 'clock' });
    expect(JSON.stringify(firstResult?.functionResponse?.response)).toContain('12:00');
    const generatedId = secondCall?.functionCall?.id;
    expect(generatedId).toEqual(expect.any(String));
    expect(secondCall?.functionCall).toMatchObject({ name: 'weather', args: { city: 'Paris' } });
    expect(secondResult?.functionResponse).toMatchObject({ id: generatedId, name: 'weather' });
    expect(JSON.stringify(secondResult?.functionResponse?.response)).toContain('sunny');

    const turnId = app.turnsAfter[0]?.turnId;
    expect(app.turnsAfter.map((turn) => turn.outcome)).toEqual(['replied']);
    expect(app.replies.map((reply) => [reply.content, reply.turnId])).toEqual([
      ['It is noon and sunny.', turnId],
    ]);
    expect(app.streamed.map((piece) => piece.text)).toEqual(['It is noon ', 'and sunny.']);
    expect(app.streamed.every((piece) => piece.turnId === turnId)).toBe(true);
    expect(app.usage.map((event) => [event.used, event.turnId])).toEqual([
      [111, turnId],
      [222, turnId],
      [333, turnId],
    ]);
    expect(stored.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(stored.every((message) => message.metadata[Keys.TurnId] === turnId)).toBe(true);
    expect([stored[2], stored[4]].map((message) => message?.metadata[Keys.CallId])).toEqual(callIds);
    expect(stored[5]).toMatchObject({
      content: 'It is noon and sunny.',
      metadata: { [Keys.Model]: 'google/gemini-2.5-flash', [Keys.TurnRecord]: { outcome: 'replied' } },
    });
  });

  it('[ABT-1] [ARC-8] abort while the server holds the stream open after some text closes the connection and ends the turn as aborted', async () => {
    await expectAbortMidStream(app, server, [geminiChunk({ parts: [textPart('Once upon a time')] })]);
  });

  it('[OUT-1] a 429 RESOURCE_EXHAUSTED is retried, and the turn replies', async () => {
    server.script(
      googleErrorReply({
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'You exceeded your current quota, please check your plan and billing details.',
      }),
      geminiStreamReply([
        geminiChunk({
          parts: [textPart('Hello again.')],
          finishReason: 'STOP',
          usage: { prompt: 20, candidates: 3 },
        }),
      ]),
    );

    await app.ask('Hello?');
    const stored = await app.stopAndReadBack();

    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body).toEqual(server.requests[0]?.body);
    expect(retries).toMatchObject([
      { model: 'gemini-2.5-flash', retry: 1, error: { code: 'MODEL_RATE_LIMITED' } },
    ]);
    expect(app.turnsAfter.map((turn) => turn.outcome)).toEqual(['replied']);
    expect(app.replies.map((reply) => reply.content)).toEqual(['Hello again.']);
    expect(stored.at(-1)?.metadata[Keys.TurnRecord]).toEqual({ outcome: 'replied' });
  });
});
