import { describe, expect, test } from 'vitest';
import { describeProgram, generateProgram } from './explore-program';
import { EXPLORED_SEEDS } from './svc-explored';

describe('the explored programs', () => {
  const programs = EXPLORED_SEEDS.map(generateProgram);

  test('are the same for the same seed, and differ between seeds', () => {
    expect(generateProgram(7)).toEqual(generateProgram(7));
    expect(new Set(programs.map(describeProgram)).size).toBe(programs.length);
  });

  test('each open with an input, in a session of their own', () => {
    expect(programs.every((program) => ['human', 'injection'].includes(program.ops[0]!.kind))).toBe(true);
    expect(new Set(programs.map((program) => program.sessionId)).size).toBe(programs.length);
  });

  test('together take every move and every kind of answer', () => {
    const moves = new Set(
      programs.flatMap((program) =>
        program.ops.map((op) => (op.kind === 'abort' ? `abort ${op.queued} ${op.quiet}` : op.kind)),
      ),
    );
    expect([...moves].sort()).toEqual(
      [
        'human',
        'injection',
        'settle',
        'open',
        'abort-stale',
        'abort true true',
        'abort true false',
        'abort false true',
        'abort false false',
      ].sort(),
    );
    expect(new Set(programs.flatMap((program) => program.model))).toEqual(
      new Set(['reply', 'held-reply', 'tool-call', 'silent', 'fails']),
    );
    expect(new Set(programs.flatMap((program) => program.tool))).toEqual(
      new Set(['instant', 'held', 'fails']),
    );
  });
});
