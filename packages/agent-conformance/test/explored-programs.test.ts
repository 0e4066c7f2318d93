import { describe, expect, test } from 'vitest';
import { CASES } from '../src/cases/index';
import { runConformance } from '../src/index';
import { REFERENCE_CAPABILITIES } from './capability-sets';
import { type Mutation, referenceFactory } from './fixtures/reference-agent';

const EXPLORED = CASES.filter((testCase) => testCase.id.startsWith('svc-2-generated-programs-of-inputs'));
const HOOKED = CASES.filter((testCase) =>
  testCase.id.startsWith('svc-2-generated-programs-with-turns-blocked'),
);

async function explore(mutations: readonly Mutation[], cases = EXPLORED) {
  const report = await runConformance({
    implementation: mutations.join(',') || 'reference',
    factory: referenceFactory(mutations),
    capabilities: REFERENCE_CAPABILITIES,
    cases,
  });
  return report.cases[0]!;
}

describe('the generated programs alone', () => {
  test('are one case, and pass the reference agent', async () => {
    expect(EXPLORED).toHaveLength(1);
    const result = await explore([]);
    expect(result.message).toBeUndefined();
    expect(result.status).toBe('passed');
  });

  test('with middlewares are one case too, pass the reference agent, and catch an interrupted turn', async () => {
    expect(HOOKED).toHaveLength(1);
    expect(HOOKED[0]?.requirements).toEqual(expect.arrayContaining(['HK-1', 'HK-2']));
    const passed = await explore([], HOOKED);
    expect(passed.message).toBeUndefined();
    expect(passed.status).toBe('passed');
    const caught = await explore(['interrupt-running-turn'], HOOKED);
    expect(caught.violated).toEqual(['SCH-1']);
    expect(caught.message).toContain('agent:turn:before blocks turn');
  });

  test.each([
    ['interrupt-running-turn', 'SCH-1'],
    ['insert-into-injection', 'SCH-4'],
    ['ignore-turn-id-guard', 'ABT-2'],
    ['archive-released-with-turn-id', 'ABT-3'],
    ['stream-without-turn-id', 'TID-2'],
    ['no-record-for-silent', 'ARC-8'],
    ['usage-for-throwing-call', 'USG-1'],
  ] as const)('catch a reference agent with "%s", violating %s', async (mutation, requirement) => {
    const result = await explore([mutation]);
    expect(result.violated).toEqual([requirement]);
    expect(result.message).toContain('explored program of seed');
  });
});
