import { describe, expect, it } from 'vitest';
import { filesRun } from '../support/files-run';
import { flattenFigures } from '../support/flatten-figures';
import { lastJsonObject } from '../support/run-suite-process';
import { median, percentile, spread } from '../support/statistics';
import { scriptStep, toolResultsSinceLastUser } from '../support/turn-workload';

describe('statistics of the suites', () => {
  it('median and percentiles interpolate between the sorted samples', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(percentile([0, 10, 20, 30, 40], 0.95)).toBe(38);
    expect(spread([3, 9, 1])).toEqual({ min: 1, median: 3, max: 9 });
  });

  it('refuses to summarize no samples', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('the shared model script', () => {
  it('counts tool results only after the last user message', () => {
    expect(toolResultsSinceLastUser(['user', 'tool', 'assistant', 'user', 'assistant', 'tool'])).toBe(1);
    expect(toolResultsSinceLastUser(['system', 'user'])).toBe(0);
  });

  it('calls the three tools in order, then answers', () => {
    expect([0, 1, 2, 3].map((step) => scriptStep(step).kind)).toEqual([
      'tool-call',
      'tool-call',
      'tool-call',
      'answer',
    ]);
  });
});

describe('collecting the suites', () => {
  it('takes the last JSON object a suite printed, past log lines', () => {
    expect(lastJsonObject('starting\n{"a":1}\n{"b":2}\ndone\n')).toEqual({ b: 2 });
    expect(lastJsonObject('no object here\n[1,2]\n')).toBeUndefined();
  });

  it('flattens figures with their noise and targets, leaving settings out', () => {
    const figures = flattenFigures({
      rounds: 6,
      columns: { ours: { medianMs: 0.8, medianMsAcrossRounds: { min: 0.7, median: 0.8, max: 1.1 } } },
      perTurnVsAiSdkRatio: 0.9,
      inputsPerSecond: 500_000,
      targets: { perTurnVsAiSdkRatio: 0.5, inputsPerSecond: 400_000 },
    });
    expect(figures).toEqual([
      { path: 'columns.ours.medianMs', value: 0.8, noise: { min: 0.7, max: 1.1 } },
      { path: 'perTurnVsAiSdkRatio', value: 0.9, target: { limit: 0.5, atLeast: false, met: false } },
      { path: 'inputsPerSecond', value: 500_000, target: { limit: 400_000, atLeast: true, met: true } },
    ]);
  });
});

describe('the walk of a turn', () => {
  const root = '/repo/packages/';
  const called = [{ ranges: [{ count: 2 }] }];
  const idle = [{ ranges: [{ count: 0 }] }];

  it('lists the package sources with a function called, sorted, and nothing else', () => {
    expect(
      filesRun(
        [
          { url: 'file:///repo/packages/tool-loop/src/call-model.ts', functions: called },
          { url: 'file:///repo/packages/core/src/events.ts', functions: called },
          { url: 'file:///repo/packages/tool-loop/src/idle.ts', functions: idle },
          { url: 'file:///repo/packages/bench/support/aalis-turn.ts', functions: called },
          { url: 'file:///repo/packages/tool-loop/test/harness.ts', functions: called },
          { url: 'file:///repo/node_modules/zod/index.js', functions: called },
          { url: 'node:internal/timers', functions: called },
        ],
        root,
      ),
    ).toEqual(['packages/core/src/events.ts', 'packages/tool-loop/src/call-model.ts']);
  });
});
