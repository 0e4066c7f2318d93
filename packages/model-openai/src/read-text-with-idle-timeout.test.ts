import { ModelNetworkError } from '@aalis/model-provider-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTextWithIdleTimeout } from './read-text-with-idle-timeout';

afterEach(() => {
  vi.useRealTimers();
});

const bytes = (text: string) => new TextEncoder().encode(text);

/** A body whose pieces the test pushes, recording whether it was cancelled. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start: (given) => {
      controller = given;
    },
    cancel: () => {
      state.cancelled = true;
    },
  });
  return {
    body,
    state,
    push: (piece: Uint8Array) => controller.enqueue(piece),
    end: () => controller.close(),
  };
}

describe('readTextWithIdleTimeout', () => {
  it('fails with MODEL_NETWORK_ERROR once the body stays silent for idleTimeout, leaves no timer and cancels the body', async () => {
    vi.useFakeTimers();
    const { body, state, push } = controlledBody();
    const texts = readTextWithIdleTimeout(body, { idleTimeout: 1_000 });
    push(bytes('first'));
    expect((await texts.next()).value).toBe('first');
    let failure: unknown;
    const next = texts.next().catch((error: unknown) => {
      failure = error;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(failure).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(ModelNetworkError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('sent nothing for 1 s');
    expect(vi.getTimerCount()).toBe(0);
    expect(state.cancelled).toBe(true);
  });

  it('starts the wait anew with every piece and clears the timer when the body ends', async () => {
    vi.useFakeTimers();
    const { body, state, push, end } = controlledBody();
    const texts = readTextWithIdleTimeout(body, { idleTimeout: 1_000 });
    const read: string[] = [];
    const reading = (async () => {
      for await (const text of texts) read.push(text);
    })();
    for (const piece of ['a', 'b', 'c']) {
      await vi.advanceTimersByTimeAsync(900);
      push(bytes(piece));
    }
    await vi.advanceTimersByTimeAsync(900);
    end();
    await reading;
    expect(read).toEqual(['a', 'b', 'c']);
    expect(vi.getTimerCount()).toBe(0);
    expect(state.cancelled).toBe(false);
  });

  it('sets no timer at all with idleTimeout 0', async () => {
    vi.useFakeTimers();
    const { body, push, end } = controlledBody();
    const texts = readTextWithIdleTimeout(body, { idleTimeout: 0 });
    const next = texts.next();
    expect(vi.getTimerCount()).toBe(0);
    push(bytes('x'));
    expect((await next).value).toBe('x');
    end();
    expect((await texts.next()).done).toBe(true);
  });

  it('decodes a character whose bytes are split between two pieces as one character', async () => {
    const { body, push, end } = controlledBody();
    const encoded = bytes('ä😀');
    push(encoded.subarray(0, 1));
    push(encoded.subarray(1, 4));
    push(encoded.subarray(4));
    end();
    let text = '';
    for await (const piece of readTextWithIdleTimeout(body, { idleTimeout: 1_000 })) text += piece;
    expect(text).toBe('ä😀');
  });

  it('cancels the body when the reader leaves early', async () => {
    const { body, state, push } = controlledBody();
    push(bytes('data: [DONE]\n\n'));
    for await (const _text of readTextWithIdleTimeout(body, { idleTimeout: 1_000 })) break;
    expect(state.cancelled).toBe(true);
  });
});
