import { describe, expect, it } from 'vitest';
import { RUN_KINDS } from '../test/support/long-runs';
import { mixedHistory, seededRandom } from '../test/support/mixed-corpus';
import { type ChatMessageLike, createTokenCounter, TOKEN_ENCODINGS } from './index';

const randomCjk = (length: number, seed = 1) => RUN_KINDS.cjk(seededRandom(seed), length);

/** Resolves on the next turn of the event loop, after pending I/O and timers of this turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe.each(TOKEN_ENCODINGS)('asynchronous counting with %s', (encoding) => {
  it('gives the same figures as the synchronous methods', async () => {
    const texts = [
      '',
      'Hello, 世界!',
      `intro ${'x'.repeat(5_000)} outro`,
      randomCjk(3_000),
      '\n'.repeat(2_000),
    ];
    const history: ChatMessageLike[] = [...mixedHistory(4, 40), { role: 'user', content: texts[2]! }];
    const sync = createTokenCounter({ encoding });
    const sliced = createTokenCounter({ encoding });
    for (const text of texts)
      expect(await sliced.countTextAsync(text, { sliceMs: 0 })).toBe(sync.countText(text));
    expect(await sliced.countMessageAsync(history[0]!, { sliceMs: 0 })).toBe(sync.countMessage(history[0]!));
    expect(await sliced.countMessagesAsync(history, { sliceMs: 0 })).toBe(sync.countMessages(history));
  });
});

describe('asynchronous counting', () => {
  it('settles without a turn of the event loop when every message is remembered or small', async () => {
    const counter = createTokenCounter();
    const history = mixedHistory(5, 30);
    counter.countMessages(history);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    await counter.countMessagesAsync(history);
    await counter.countTextAsync('a small text, 一段短文本');
    expect(turned).toBe(false);
  });

  it('releases the event loop while it counts one long text', async () => {
    const counter = createTokenCounter();
    const text = randomCjk(512 * 1_024);
    const controller = new AbortController();
    let settled = false;
    let settledWhenTimerFired: boolean | undefined;
    // A timer can only fire when the count hands the loop back; it then stops the count, which
    // would otherwise take seconds.
    setTimeout(() => {
      settledWhenTimerFired = settled;
      controller.abort(new Error('enough'));
    }, 20);
    const counting = counter.countTextAsync(text, { signal: controller.signal }).finally(() => {
      settled = true;
    });
    await expect(counting).rejects.toThrow('enough');
    expect(settledWhenTimerFired).toBe(false);
  });

  it('[LIV-3] yields after every slice, not only the first, and counts the text to the end', async () => {
    const counter = createTokenCounter();
    // Long enough for many 1 ms slices on any machine: a count that yields once and then runs
    // to the end shows two turns of the event loop at most.
    const text = randomCjk(65_536, 2);
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const tokens = await counter.countTextAsync(text, { sliceMs: 1 });
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(4);
    expect(tokens).toBe(createTokenCounter().countText(text));
  });

  it('rejects with the reason of an already aborted signal without counting', async () => {
    const counter = createTokenCounter();
    const reason = new Error('stopped');
    await expect(
      counter.countMessagesAsync([{ role: 'user', content: 'hi' }], { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(counter.stats()).toMatchObject({ messageMisses: 0, textMisses: 0 });
  });

  it('rejects with the reason when aborted between two slices', async () => {
    const counter = createTokenCounter();
    const controller = new AbortController();
    const counting = counter.countTextAsync('x'.repeat(200_000), { signal: controller.signal, sliceMs: 0 });
    await nextTurn();
    controller.abort('changed my mind');
    await expect(counting).rejects.toBe('changed my mind');
  });

  it('remembers messages it counted, even a text too long for the text cache', async () => {
    const counter = createTokenCounter({ textCacheCharacters: 1_000 });
    const history = [...mixedHistory(6, 20), { role: 'user', content: 'long '.repeat(20_000) }];
    const asynchronous = await counter.countMessagesAsync(history);
    const before = counter.stats();
    expect(counter.countMessages(history)).toBe(asynchronous);
    const after = counter.stats();
    expect(after.messageHits - before.messageHits).toBe(history.length);
    expect(after.textMisses).toBe(before.textMisses);
  });

  it('rejects a bad slice length and a non-string text with a TypeError', async () => {
    const counter = createTokenCounter();
    await expect(counter.countTextAsync('text', { sliceMs: -1 })).rejects.toThrow(TypeError);
    await expect(counter.countTextAsync('text', { sliceMs: Number.NaN })).rejects.toThrow(TypeError);
    await expect(counter.countTextAsync(42 as unknown as string)).rejects.toThrow(TypeError);
  });
});
