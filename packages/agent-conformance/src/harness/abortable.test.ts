import { ChatAbortedError } from '@aalis/api-llm';
import { afterEach, describe, expect, test } from 'vitest';
import { abortable } from './abortable';

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);

afterEach(() => {
  process.off('unhandledRejection', record);
  unhandled.length = 0;
});

/** Lets pending rejections surface as `unhandledRejection` events. */
async function flush(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('abortable', () => {
  test('resolves with the work when the signal does not abort', async () => {
    await expect(abortable(Promise.resolve('done'), new AbortController().signal)).resolves.toBe('done');
  });

  test('rejects with ChatAbortedError as soon as the signal aborts, before the work ends', async () => {
    const controller = new AbortController();
    const waiting = abortable(new Promise<never>(() => undefined), controller.signal);
    controller.abort('stop');
    await expect(waiting).rejects.toBeInstanceOf(ChatAbortedError);
  });

  test('leaves no unhandled rejection of work that fails after an abort that came first', async () => {
    process.on('unhandledRejection', record);
    const controller = new AbortController();
    controller.abort('stop');
    let fail: (error: Error) => void = () => undefined;
    const work = new Promise<never>((_resolve, reject) => {
      fail = reject;
    });
    await expect(abortable(work, controller.signal)).rejects.toBeInstanceOf(ChatAbortedError);
    fail(new Error('the work failed after the abort'));
    await flush();
    expect(unhandled).toEqual([]);
  });
});
