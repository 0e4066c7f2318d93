import { describe, expect, it } from 'vitest';
import { type MemoryClearHookRunner, type MemoryClearPayload, runMemoryClear } from './index';

type Middleware = (payload: MemoryClearPayload, next: () => Promise<void>) => Promise<void>;

/** An onion runner over a fixed middleware list, the default action innermost. */
function onionHooks(middlewares: readonly Middleware[], log: string[]): MemoryClearHookRunner {
  return {
    async run(name, payload, defaultAction) {
      log.push(`run ${name}`);
      const step = async (index: number): Promise<void> => {
        const middleware = middlewares[index];
        if (middleware === undefined) return defaultAction(payload);
        await middleware(payload, () => step(index + 1));
      };
      await step(0);
    },
  };
}

function recordingMemory(log: string[]) {
  return {
    async clearHistory(sessionIds: readonly string[] | undefined) {
      log.push(`clearHistory ${sessionIds === undefined ? 'all' : sessionIds.join(',')}`);
    },
  };
}

describe('runMemoryClear', () => {
  it('[CLR-1] runs the middlewares around the default action that clears stored history', async () => {
    const log: string[] = [];
    const summary: Middleware = async (payload, next) => {
      log.push(`summary before ${payload.sessionIds?.join(',')}`);
      await next();
      log.push('summary after');
    };
    await runMemoryClear({
      hooks: onionHooks([summary], log),
      memory: recordingMemory(log),
      sessionIds: ['a', 'b'],
    });
    expect(log).toEqual(['run memory:clear', 'summary before a,b', 'clearHistory a,b', 'summary after']);
  });

  it('[CLR-3] passes undefined through to clear every session', async () => {
    const log: string[] = [];
    await runMemoryClear({ hooks: onionHooks([], log), memory: recordingMemory(log), sessionIds: undefined });
    expect(log).toEqual(['run memory:clear', 'clearHistory all']);
  });

  it('runs the middlewares even when no memory is present', async () => {
    const log: string[] = [];
    const middleware: Middleware = async (_payload, next) => {
      log.push('middleware');
      await next();
    };
    await runMemoryClear({ hooks: onionHooks([middleware], log), memory: undefined, sessionIds: ['a'] });
    expect(log).toEqual(['run memory:clear', 'middleware']);
  });

  it('leaves the stored history alone when a middleware does not call next', async () => {
    const log: string[] = [];
    const veto: Middleware = async () => {
      log.push('veto');
    };
    await runMemoryClear({ hooks: onionHooks([veto], log), memory: recordingMemory(log), sessionIds: ['a'] });
    expect(log).toEqual(['run memory:clear', 'veto']);
  });

  it('rejects with the error of the default action', async () => {
    const failure = new Error('disk full');
    const memory = {
      clearHistory: async () => {
        throw failure;
      },
    };
    await expect(runMemoryClear({ hooks: onionHooks([], []), memory, sessionIds: ['a'] })).rejects.toBe(
      failure,
    );
  });
});
