import { describe, expect, it } from 'vitest';
import { raceAbort } from './race-abort';

describe('raceAbort', () => {
  it('settles like the promise while the signal does not abort', async () => {
    expect(await raceAbort(Promise.resolve(1), new AbortController().signal, () => 'aborted')).toBe(1);
  });

  it('rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const raced = raceAbort(new Promise(() => {}), controller.signal, () => 'aborted');
    controller.abort();
    await expect(raced).rejects.toBe('aborted');
  });

  it('rejects at once for a signal that already aborted', async () => {
    await expect(raceAbort(Promise.resolve(1), AbortSignal.abort(), () => 'aborted')).rejects.toBe('aborted');
  });
});
