import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const root = join(packageDirectory, '../..');
const directory = mkdtempSync(join(tmpdir(), 'agent-conformance-node-test-'));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/**
 * Writes a node:test file that runs the cases led by ABT-7 and BND-1 (or by ARC-9, against a
 * reference agent that writes no stop marker) through the node:test adapter.
 */
function suite(
  name: string,
  expectedFailures: string,
  target: 'ABT-7,BND-1' | 'ARC-9' = 'ABT-7,BND-1',
): string {
  const file = join(directory, `${name}.test.ts`);
  writeFileSync(
    file,
    `import { describeConformance } from ${JSON.stringify(join(packageDirectory, 'src/node-test.ts'))};
import { CASES } from ${JSON.stringify(join(packageDirectory, 'src/cases/index.ts'))};
import { ALL_CAPABILITIES } from ${JSON.stringify(join(packageDirectory, 'test/capability-sets.ts'))};
import { referenceFactory } from ${JSON.stringify(join(packageDirectory, 'test/fixtures/reference-agent.ts'))};
describeConformance({
  implementation: 'reference through node:test',
  factory: referenceFactory(${target === 'ARC-9' ? "['no-stop-marker']" : ''}),
  capabilities: { ...ALL_CAPABILITIES, preprocessors: false },
  cases: CASES.filter((testCase) => ${JSON.stringify(target.split(','))}.includes(testCase.requirements[0] ?? '')),
  expectedFailures: ${expectedFailures},
});
`,
  );
  return file;
}

function runNodeTest(file: string) {
  return spawnSync(
    process.execPath,
    ['--conditions=@aalis/source', '--import', 'tsx', '--test', '--test-reporter=tap', file],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
}

describe('the node:test adapter', () => {
  test('registers one test per case, skipping the not-applicable ones with the reason', () => {
    const result = runNodeTest(suite('passing', '[]'));
    expect(result.stdout).toContain('ok 1 - [ABT-7] abort returns whether a running turn was stopped');
    expect(result.stdout).toMatch(/\[BND-1\].*# SKIP not applicable: needs preprocessors/);
    expect(result.status).toBe(0);
  });

  test('fails a case listed as an expected failure that passes (stale waiver)', () => {
    const result = runNodeTest(
      suite(
        'stale',
        `[{ id: 'case:abt-7-abort-returns-whether-a-running-turn-was-stopped', reason: 'thought broken' }]`,
      ),
    );
    expect(result.stdout).toContain(
      `stale waiver case:abt-7-abort-returns-whether-a-running-turn-was-stopped ("thought broken"): the case abt-7-abort-returns-whether-a-running-turn-was-stopped passed; remove { id: 'case:abt-7-abort-returns-whether-a-running-turn-was-stopped' } from expectedFailures`,
    );
    expect(result.status).toBe(1);
  });

  test('skips a waived failure with the waiver as the reason', () => {
    const result = runNodeTest(
      suite('waived', `[{ id: 'ARC-9', reason: 'stop markers come later' }]`, 'ARC-9'),
    );
    expect(result.stdout).toMatch(
      /ok 1 - \[ARC-9\].* # SKIP waived \(expected failure ARC-9: stop markers come later\): \[ARC-9\] /,
    );
    expect(result.status).toBe(0);
  });
});
