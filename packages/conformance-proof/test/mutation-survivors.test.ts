import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { isSurvivorKind, SURVIVOR_KINDS } from '../mutation/survivor-kinds';
import {
  type AcceptedSurvivor,
  fileScores,
  listedByKind,
  type MutationReport,
  type ReportMutant,
  scoreTotals,
  staleAcceptedSurvivors,
  survivorsOf,
  unlistedSurvivors,
} from '../mutation/survivors';

function mutant(
  status: string,
  from: [number, number],
  to: [number, number],
  replacement = 'true',
): ReportMutant {
  return {
    mutatorName: 'ConditionalExpression',
    replacement,
    status,
    location: { start: { line: from[0], column: from[1] }, end: { line: to[0], column: to[1] } },
  };
}

const SOURCE = ['if (ready) start();', 'const text = [', "  'a',", '];'].join('\n');

const REPORT: MutationReport = {
  files: {
    'src/b.ts': {
      source: SOURCE,
      mutants: [
        mutant('Killed', [1, 5], [1, 10]),
        mutant('Survived', [1, 5], [1, 10], 'false'),
        mutant('NoCoverage', [2, 14], [4, 2], '[]'),
        mutant('Timeout', [1, 12], [1, 19], '{}'),
        mutant('CompileError', [1, 1], [1, 3], ''),
      ],
    },
    'src/a.ts': { source: 'x', mutants: [mutant('Killed', [1, 1], [1, 2])] },
  },
};

const ACCEPT_FALSE: AcceptedSurvivor = {
  file: 'src/b.ts',
  mutator: 'ConditionalExpression',
  original: 'ready',
  replacement: 'false',
  kind: 'equivalent',
  reason: 'the flag is never false when the contract can look',
};

describe('the check of the mutation run', () => {
  test('a survivor is a mutant that survived or that no case reached, with the text it replaced', () => {
    expect(survivorsOf(REPORT)).toEqual([
      {
        file: 'src/b.ts',
        line: 1,
        mutator: 'ConditionalExpression',
        original: 'ready',
        replacement: 'false',
        status: 'Survived',
      },
      {
        file: 'src/b.ts',
        line: 2,
        mutator: 'ConditionalExpression',
        original: "[\n  'a',\n]",
        replacement: '[]',
        status: 'NoCoverage',
      },
    ]);
  });

  test('a survivor on the accepted list passes; any other one is reported', () => {
    const unlisted = unlistedSurvivors(survivorsOf(REPORT), [ACCEPT_FALSE]);
    expect(unlisted.map((survivor) => survivor.original)).toEqual(["[\n  'a',\n]"]);
  });

  test('an entry differing in file, mutator, original text or replacement does not cover a survivor', () => {
    const survivors = survivorsOf(REPORT);
    for (const changed of [
      { file: 'src/a.ts' },
      { mutator: 'BooleanLiteral' },
      { original: 'ready ' },
      { replacement: 'true' },
    ])
      expect(unlistedSurvivors(survivors, [{ ...ACCEPT_FALSE, ...changed }])).toHaveLength(2);
  });

  test('an entry of a mutated file that matches no survivor is stale; other files are left alone', () => {
    const killedNow = { ...ACCEPT_FALSE, replacement: 'true' };
    const elsewhere = { ...ACCEPT_FALSE, file: 'src/not-mutated.ts' };
    expect(staleAcceptedSurvivors(REPORT, [ACCEPT_FALSE, killedNow, elsewhere])).toEqual([killedNow]);
  });

  const A = { mutants: 1, killed: 1, survived: 0, noCoverage: 0, score: 100, coveredScore: 100 };
  const B = { mutants: 4, killed: 2, survived: 1, noCoverage: 1, score: 50, coveredScore: 66.7 };
  const ALL = { mutants: 5, killed: 3, survived: 1, noCoverage: 1, score: 60, coveredScore: 75 };
  test('a file scores killed and timed-out mutants of all valid ones, and of the covered ones', () => {
    expect(fileScores(REPORT)).toEqual([
      { file: 'src/a.ts', ...A, listed: 0, observableScore: 100 },
      { file: 'src/b.ts', ...B, listed: 0, observableScore: 50 },
    ]);
  });

  test('the score of the mutants not listed counts only survivors on the list as equivalent', () => {
    const [, b] = fileScores(REPORT, [ACCEPT_FALSE, { ...ACCEPT_FALSE, file: 'src/a.ts' }]);
    expect(b).toEqual({ file: 'src/b.ts', ...B, listed: 1, observableScore: 66.7 });
    expect(fileScores(REPORT, [ACCEPT_FALSE])[0]).toMatchObject({ listed: 0, observableScore: 100 });
  });

  test('totals sum the files of each group, then all of them', () => {
    const totals = scoreTotals(fileScores(REPORT, [ACCEPT_FALSE]), (file) => file.slice(0, 5));
    expect(totals).toEqual([
      { file: 'src/a', ...A, listed: 0, observableScore: 100 },
      { file: 'src/b', ...B, listed: 1, observableScore: 66.7 },
      { file: 'all', ...ALL, listed: 1, observableScore: 75 },
    ]);
    expect(scoreTotals(fileScores(REPORT)).map((total) => total.file)).toEqual([
      'src/a.ts',
      'src/b.ts',
      'all',
    ]);
  });

  test('the listed survivors are counted by the kind of the entry naming each, every kind present', () => {
    const survivors = survivorsOf(REPORT);
    const listArray: AcceptedSurvivor = {
      file: 'src/b.ts',
      mutator: 'ConditionalExpression',
      original: "[\n  'a',\n]",
      replacement: '[]',
      kind: 'log',
      reason: 'only a log line reads the list',
    };
    const counts = listedByKind(survivors, [ACCEPT_FALSE, listArray, { ...listArray, kind: 'unreached' }]);
    expect(Object.keys(counts)).toEqual(Object.keys(SURVIVOR_KINDS));
    expect(counts).toMatchObject({ equivalent: 1, log: 1, unreached: 0, wording: 0 });
    expect(Object.values(listedByKind(survivors, [])).every((count) => count === 0)).toBe(true);
    const unknown = { ...ACCEPT_FALSE, kind: 'maybe' } as unknown as AcceptedSurvivor;
    expect(listedByKind(survivors, [unknown])).toEqual(listedByKind(survivors, []));
  });

  test('a kind is one of the listed kinds, nothing else', () => {
    expect(isSurvivorKind('left-open')).toBe(true);
    for (const value of ['Left-open', 'toString', '', undefined, 3])
      expect(isSurvivorKind(value)).toBe(false);
  });

  test('every entry of the committed list names a file that exists and text that is in it, with a known kind and a one-line reason', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const list = JSON.parse(
      readFileSync(fileURLToPath(new URL('../mutation/accepted-survivors.json', import.meta.url)), 'utf8'),
    ) as AcceptedSurvivor[];
    const sources = new Map<string, string>();
    const missing = list.filter((entry) => {
      const source = sources.get(entry.file) ?? readFileSync(join(root, entry.file), 'utf8');
      sources.set(entry.file, source);
      return (
        !source.includes(entry.original) ||
        !isSurvivorKind(entry.kind) ||
        entry.reason.trim() === '' ||
        entry.reason.includes('\n')
      );
    });
    expect(
      missing.map((entry) => `${entry.file} ${entry.mutator} ${JSON.stringify(entry.original)}`),
    ).toEqual([]);
  });
});
