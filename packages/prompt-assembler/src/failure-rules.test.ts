import { afterEach, describe, expect, it, vi } from 'vitest';
import { assemblerApp, controlledSpec, promptPlugin, textSpec, turnInput } from '../test/fixtures';
import {
  DEFAULT_CONTRIBUTION_TIMEOUT_MS,
  InvalidPromptContributionError,
  PromptAssemblyAbortedError,
  PromptContributionFailedError,
  PromptContributionTimeoutError,
} from './index';

afterEach(() => {
  vi.useRealTimers();
});

describe('a contribution that throws', () => {
  it('is left out of this call, reported with its key, and the others still arrive', async () => {
    const { app, assembler, warnings } = assemblerApp();
    const broken = new Error('vector store offline');
    app.plugin(
      promptPlugin('@acme/plugin-memory', [
        {
          localId: 'recall',
          bucket: 'memoryVector',
          label: 'Recall',
          build: () => {
            throw broken;
          },
        },
        textSpec('summary', 'Summary.'),
      ]),
    );
    const assembly = await assembler.assemble({ sessionId: 's1' });
    expect(assembly.blocks.map((block) => block.localId)).toEqual(['summary']);
    expect(assembly.failures).toHaveLength(1);
    const [failure] = assembly.failures;
    expect(failure).toMatchObject({ key: '@acme/plugin-memory#1/recall', reason: 'error' });
    expect(PromptContributionFailedError.isInstance(failure?.error)).toBe(true);
    expect(failure?.error.cause).toBe(broken);
    expect(warnings).toEqual([
      {
        message: expect.stringContaining('@acme/plugin-memory#1/recall'),
        details: { key: '@acme/plugin-memory#1/recall', reason: 'error', error: failure?.error },
      },
    ]);
  });

  it('is left out when its build rejects, and the call still resolves', async () => {
    const { app, assembler } = assemblerApp();
    const failing = controlledSpec('failing');
    app.plugin(promptPlugin('@acme/plugin-a', [failing.spec, textSpec('kept', 'Kept.')]));
    const call = assembler.assemble({ sessionId: 's1' });
    failing.pending[0]?.reject(new Error('timeout talking to the profile service'));
    const assembly = await call;
    expect(assembly.blocks.map((block) => block.localId)).toEqual(['kept']);
    expect(assembly.failures.map((failure) => [failure.key, failure.reason])).toEqual([
      ['@acme/plugin-a#1/failing', 'error'],
    ]);
  });

  it('does not fail the call when the logger itself throws', async () => {
    const { app, assembler } = assemblerApp({
      logger: {
        warn: () => {
          throw new Error('log sink down');
        },
      },
    });
    app.plugin(promptPlugin('@acme/plugin-a', [{ ...textSpec('bad', ''), build: () => Promise.reject(1) }]));
    await expect(assembler.assemble({ sessionId: 's1' })).resolves.toMatchObject({
      failures: [{ reason: 'error' }],
    });
  });
});

describe('a contribution that exceeds its time limit', () => {
  it('is left out after its own timeoutMs, its signal aborts, and faster ones are kept', async () => {
    vi.useFakeTimers();
    const { app, assembler, warnings } = assemblerApp();
    const slow = controlledSpec('slow', { timeoutMs: 200 });
    app.plugin(promptPlugin('@acme/plugin-a', [slow.spec, textSpec('fast', 'Fast.')]));
    let settled = false;
    const call = assembler.assemble({ sessionId: 's1' }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(199);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const assembly = await call;
    expect(assembly.blocks.map((block) => block.localId)).toEqual(['fast']);
    const [failure] = assembly.failures;
    expect(failure).toMatchObject({ key: '@acme/plugin-a#1/slow', reason: 'timeout' });
    expect(PromptContributionTimeoutError.isInstance(failure?.error)).toBe(true);
    expect(slow.views[0]?.signal.aborted).toBe(true);
    expect(slow.views[0]?.signal.reason).toBe(failure?.error);
    expect(warnings.map((warning) => warning.details.key)).toEqual(['@acme/plugin-a#1/slow']);
  });

  it('ignores what a timed-out build returns later', async () => {
    vi.useFakeTimers();
    const { app, assembler } = assemblerApp({ defaultTimeoutMs: 50 });
    const slow = controlledSpec('slow');
    app.plugin(promptPlugin('@acme/plugin-a', [slow.spec]));
    const call = assembler.assemble({ sessionId: 's1' });
    await vi.advanceTimersByTimeAsync(50);
    slow.pending[0]?.resolve('Too late.');
    const assembly = await call;
    expect(assembly.blocks).toEqual([]);
    expect(assembly.failures.map((failure) => failure.reason)).toEqual(['timeout']);
  });

  it('uses the default time limit when the contribution sets none', async () => {
    vi.useFakeTimers();
    const { app, assembler } = assemblerApp();
    const slow = controlledSpec('slow');
    app.plugin(promptPlugin('@acme/plugin-a', [slow.spec]));
    const call = assembler.assemble({ sessionId: 's1' });
    await vi.advanceTimersByTimeAsync(DEFAULT_CONTRIBUTION_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await call).failures).toMatchObject([
      { reason: 'timeout', error: { timeoutMs: DEFAULT_CONTRIBUTION_TIMEOUT_MS } },
    ]);
  });

  it('leaves no timer behind once every build has settled', async () => {
    vi.useFakeTimers();
    const { app, assembler } = assemblerApp();
    app.plugin(promptPlugin('@acme/plugin-a', [textSpec('fast', 'Fast.')]));
    await assembler.assemble({ sessionId: 's1' });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('an aborted turn', () => {
  it('stops waiting for the contributions at once and rejects with PromptAssemblyAbortedError', async () => {
    vi.useFakeTimers();
    const { app, assembler, warnings } = assemblerApp();
    const slow = controlledSpec('slow');
    app.plugin(promptPlugin('@acme/plugin-a', [slow.spec, textSpec('fast', 'Fast.')]));
    const turn = new AbortController();
    const call = assembler.assemble({ sessionId: 's1', signal: turn.signal });
    const reason = new Error('stopped by /stop');
    turn.abort(reason);
    const rejection = await call.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(PromptAssemblyAbortedError.isInstance(rejection)).toBe(true);
    expect((rejection as Error).cause).toBe(reason);
    expect(slow.views[0]?.signal.aborted).toBe(true);
    expect(slow.views[0]?.signal.reason).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
    expect(warnings).toEqual([]);
    slow.pending[0]?.resolve('Never used.');
  });

  it('builds nothing when the signal is already aborted', async () => {
    const { app, assembler } = assemblerApp();
    const probe = controlledSpec('probe');
    app.plugin(promptPlugin('@acme/plugin-a', [probe.spec]));
    await expect(assembler.assemble({ sessionId: 's1', signal: AbortSignal.abort() })).rejects.toSatisfy(
      PromptAssemblyAbortedError.isInstance,
    );
    expect(probe.views).toEqual([]);
  });

  it('does not surface a build that rejects after the abort as an unhandled rejection', async () => {
    const { app, assembler } = assemblerApp();
    const slow = controlledSpec('slow');
    app.plugin(promptPlugin('@acme/plugin-a', [slow.spec]));
    const turn = new AbortController();
    const call = assembler.assemble({ sessionId: 's1', signal: turn.signal });
    turn.abort();
    await expect(call).rejects.toSatisfy(PromptAssemblyAbortedError.isInstance);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    slow.pending[0]?.reject(new Error('aborted fetch'));
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});

describe('dry runs for token:request', () => {
  it('[USG-8] builds with dryRun true, empty inputs and no turn id', async () => {
    const { app, assembler } = assemblerApp();
    const probe = controlledSpec('probe');
    app.plugin(promptPlugin('@acme/plugin-a', [probe.spec]));
    const call = assembler.assemble({ sessionId: 's1', platform: 'qq', dryRun: true });
    const view = probe.views[0];
    expect(view).toMatchObject({ sessionId: 's1', platform: 'qq', dryRun: true, inputs: [] });
    expect(view !== undefined && 'turnId' in view).toBe(false);
    expect(view?.signal.aborted).toBe(false);
    probe.pending[0]?.resolve('Estimate.');
    expect((await call).blocks.map((block) => block.localId)).toEqual(['probe']);
  });

  it('[USG-8] rejects a dry run given inputs or a turn id with a TypeError', async () => {
    const { assembler } = assemblerApp();
    await expect(
      assembler.assemble({ sessionId: 's1', dryRun: true, inputs: [turnInput('x')] }),
    ).rejects.toThrow(TypeError);
    await expect(assembler.assemble({ sessionId: 's1', dryRun: true, turnId: 't1' })).rejects.toThrow(
      TypeError,
    );
  });
});

describe('contributions that break the contract', () => {
  it('leaves out a spec with an unknown bucket or no build, reported as invalid with its key', async () => {
    const { app, points, assembler, warnings } = assemblerApp();
    const loose = points.use as unknown as { contribute: (point: string, spec: unknown) => void };
    loose.contribute('agent:prompt', { localId: 'odd', bucket: 'history', label: 'x', build: () => 'x' });
    loose.contribute('agent:prompt', { localId: 'lazy', bucket: 'skills', label: 'x' });
    app.plugin(promptPlugin('@acme/plugin-a', [textSpec('fine', 'Fine.')]));
    const assembly = await assembler.assemble({ sessionId: 's1' });
    expect(assembly.blocks.map((block) => block.key)).toEqual(['@acme/plugin-a#1/fine']);
    expect(assembly.failures.map((failure) => failure.reason)).toEqual(['invalid', 'invalid']);
    expect(
      assembly.failures.every((failure) => InvalidPromptContributionError.isInstance(failure.error)),
    ).toBe(true);
    expect(warnings).toHaveLength(2);
  });

  it('leaves out an output that is neither text, messages nor nothing', async () => {
    const { app, assembler } = assemblerApp();
    app.plugin(
      promptPlugin('@acme/plugin-a', [
        { ...textSpec('number', ''), build: () => 42 as unknown as string },
        { ...textSpec('role', ''), build: () => [{ role: 'narrator', content: 'x' }] as unknown as [] },
      ]),
    );
    const assembly = await assembler.assemble({ sessionId: 's1' });
    expect(assembly.blocks).toEqual([]);
    expect(assembly.failures.map((failure) => [failure.key, failure.reason])).toEqual([
      ['@acme/plugin-a#1/number', 'invalid'],
      ['@acme/plugin-a#1/role', 'invalid'],
    ]);
  });

  it('keeps the later of two contributions of one plugin instance with the same local id', async () => {
    const { app, assembler } = assemblerApp();
    app.plugin(promptPlugin('@acme/plugin-a', [textSpec('persona', 'Old.'), textSpec('persona', 'New.')]));
    const assembly = await assembler.assemble({ sessionId: 's1' });
    // The host keys a contribution pluginInstanceId/localId, so the later one replaces the earlier.
    expect(assembly.messages.map((message) => message.content)).toEqual(['New.']);
    expect(assembly.blocks.map((block) => block.key)).toEqual(['@acme/plugin-a#1/persona']);
    expect(assembly.failures).toEqual([]);
  });
});

describe('misuse', () => {
  it('throws a TypeError for malformed options and rejects with one for a request without a session id', async () => {
    const { assembler, counter } = assemblerApp();
    expect(() => assemblerApp({ counter: {} as typeof counter })).toThrow(TypeError);
    expect(() => assemblerApp({ defaultTimeoutMs: 0 })).toThrow(TypeError);
    await expect(assembler.assemble({ sessionId: '' })).rejects.toThrow(TypeError);
  });
});
