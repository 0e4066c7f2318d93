import { describe, expect, test } from 'vitest';
import {
  describeProgram,
  generateAssigningProgram,
  generateClearingProgram,
  generateDeletionProgram,
  generateEveryEndProgram,
  generateHookedProgram,
  generatePreprocessedProgram,
  generateProgram,
  generateReplyProgram,
  NO_HOOKS,
} from './explore-program';
import { EVERY_END_SEEDS } from './out-explored';
import { PREPROCESSED_SEEDS } from './pre-explored';
import {
  ASSIGNING_SEEDS,
  CLEARING_SEEDS,
  DELETION_SEEDS,
  EXPLORED_SEEDS,
  HOOKED_SEEDS,
  REPLY_SEEDS,
} from './svc-explored';

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

  test('with middlewares keep the moves of the plain program of their seed, and block turns or drop inputs', () => {
    const hooked = HOOKED_SEEDS.map(generateHookedProgram);
    expect(programs.every((program) => program.hooks === NO_HOOKS)).toBe(true);
    for (const program of hooked) {
      expect({ ...program, hooks: NO_HOOKS }).toEqual(generateProgram(program.seed));
      expect(program.hooks.blockTurns.length + program.hooks.dropInputs.length).toBeGreaterThan(0);
    }
    const plans = hooked.map((program) => program.hooks);
    expect(plans.some((plan) => plan.blockTurns.length === 2)).toBe(true);
    expect(plans.some((plan) => plan.blockTurns.length > 0 && plan.dropInputs.length > 0)).toBe(true);
    expect(plans.some((plan) => plan.blockTurns.length === 0 && plan.dropInputs.length > 0)).toBe(true);
    expect(new Set(plans.flatMap((plan) => plan.blockTurns))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(describeProgram(hooked[0]!)).toMatch(/agent:(turn|input):before (blocks|drops)/);
  });

  test('with clearings clear at once and after quiet, with clear held and not, and only those', () => {
    const clearing = CLEARING_SEEDS.map(generateClearingProgram);
    expect(programs.some((program) => program.ops.some((op) => op.kind === 'clear'))).toBe(false);
    const clears = new Set(
      clearing.flatMap((program) =>
        program.ops.flatMap((op) => (op.kind === 'clear' ? [`${op.quiet} ${op.held}`] : [])),
      ),
    );
    expect([...clears].sort()).toEqual(['false false', 'false true', 'true false', 'true true']);
    expect(
      describeProgram(clearing.find((program) => program.ops.some((op) => op.kind === 'clear'))!),
    ).toMatch(/clear\((held, )?(at once|after quiet)\)/);
  });

  test('with deletions delete at once and after quiet, more than once in some, and only those', () => {
    const deleting = DELETION_SEEDS.map(generateDeletionProgram);
    expect(programs.some((program) => program.ops.some((op) => op.kind === 'delete'))).toBe(false);
    const deletions = deleting.flatMap((program) =>
      program.ops.flatMap((op) => (op.kind === 'delete' ? [op.quiet] : [])),
    );
    expect(new Set(deletions)).toEqual(new Set([true, false]));
    const counts = deleting.map((program) => program.ops.filter((op) => op.kind === 'delete').length);
    expect(Math.max(...counts)).toBeGreaterThan(1);
    expect(counts.filter((count) => count > 0).length).toBeGreaterThan(deleting.length / 2);
    expect(describeProgram(deleting.find((program) => counts[deleting.indexOf(program)]! > 0)!)).toMatch(
      /delete\((at once|after quiet)\)/,
    );
  });

  test('with a reply middleware keep the moves of the plain program of their seed, and pass, retry and hold replies', () => {
    const replying = REPLY_SEEDS.map(generateReplyProgram);
    expect(programs.every((program) => program.replies.length === 0)).toBe(true);
    for (const program of replying) {
      expect({ ...program, replies: [] }).toEqual(generateProgram(program.seed));
      expect(program.replies.length).toBeGreaterThan(0);
    }
    expect(new Set(replying.flatMap((program) => program.replies))).toEqual(
      new Set(['pass', 'retry', 'exhaust', 'held', 'held-retry']),
    );
    expect(describeProgram(replying[0]!)).toMatch(/agent:reply:before runs .* \(room\)/);
  });

  test('with model assignments assign seeing and blind models, at once and after quiet, and only those', () => {
    const assigning = ASSIGNING_SEEDS.map(generateAssigningProgram);
    expect(programs.some((program) => program.ops.some((op) => op.kind === 'assign'))).toBe(false);
    const assigns = new Set(
      assigning.flatMap((program) =>
        program.ops.flatMap((op) => (op.kind === 'assign' ? [`${op.seeing} ${op.quiet}`] : [])),
      ),
    );
    expect([...assigns].sort()).toEqual(['false false', 'false true', 'true false', 'true true']);
    expect(
      describeProgram(assigning.find((program) => program.ops.some((op) => op.kind === 'assign'))!),
    ).toMatch(/assign\((seeing|blind), (at once|after quiet)\)/);
  });

  test('with a preprocessor let inputs through, rewrite, drop and hold them, among clearings and deletions', () => {
    const preprocessed = PREPROCESSED_SEEDS.map(generatePreprocessedProgram);
    expect(programs.every((program) => program.preprocess.length === 0)).toBe(true);
    for (const program of preprocessed) {
      const inputs = program.ops.filter((op) => op.kind === 'human' || op.kind === 'injection').length;
      expect(program.preprocess).toHaveLength(inputs);
    }
    expect(new Set(preprocessed.flatMap((program) => program.preprocess))).toEqual(
      new Set(['pass', 'rewrite', 'drop', 'held']),
    );
    const moves = new Set(preprocessed.flatMap((program) => program.ops.map((op) => op.kind)));
    expect(moves.has('clear') && moves.has('delete')).toBe(true);
    expect(describeProgram(preprocessed[0]!)).toMatch(/; the preprocessor (pass|rewrite|drop|held)/);
  });

  test('that count stream ends take every kind of stop, stops meeting stops, and the middlewares', () => {
    const everyEnd = EVERY_END_SEEDS.map(generateEveryEndProgram);
    const kinds = new Set(everyEnd.flatMap((program) => program.ops.map((op) => op.kind)));
    expect([...kinds].sort()).toEqual(
      ['abort', 'abort-stale', 'clear', 'delete', 'human', 'injection', 'open', 'settle'].sort(),
    );
    const stops = new Set(['abort', 'clear', 'delete']);
    const meetings = everyEnd.flatMap((program) =>
      program.ops.slice(1).flatMap((op, at) => {
        const before = program.ops[at]!;
        return stops.has(op.kind) && stops.has(before.kind) ? [`${before.kind} ${op.kind}`] : [];
      }),
    );
    expect(new Set(meetings)).toContain('abort delete');
    expect(new Set(meetings)).toContain('delete delete');
    expect(everyEnd.some((program) => program.hooks.dropInputs.length > 0)).toBe(true);
    expect(everyEnd.some((program) => program.hooks.blockTurns.length > 0)).toBe(true);
    expect(
      DELETION_SEEDS.map(generateDeletionProgram).some((program) =>
        program.ops.some((op, at) => op.kind === 'delete' && program.ops[at - 1]?.kind === 'abort'),
      ),
    ).toBe(true);
  });
});
