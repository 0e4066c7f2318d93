import { describe, expect, test } from 'vitest';
import { runConformance } from '../src/index';
import { REFERENCE_CAPABILITIES } from './capability-sets';
import { type Mutation, referenceFactory } from './fixtures/reference-agent';

/** Each deliberately broken variant of the reference agent, and the requirement it breaks. */
const MUTANTS: readonly (readonly [Mutation, string])[] = [
  ['interrupt-running-turn', 'SCH-1'],
  ['insert-into-injection', 'SCH-4'],
  ['ignore-turn-id-guard', 'ABT-2'],
  ['archive-released-with-turn-id', 'ABT-3'],
  ['clear-without-hold', 'CLR-2'],
  ['skip-generation-check', 'DEL-2'],
  ['stream-without-turn-id', 'TID-2'],
  ['no-stop-marker', 'ARC-9'],
  ['trimmed-not-sticky', 'USG-3'],
  ['no-record-for-silent', 'ARC-8'],
  ['room-sends-intermediate', 'ARC-5'],
  ['failed-call-without-call-id', 'ARC-2'],
  ['usage-for-throwing-call', 'USG-1'],
  ['resolve-early', 'SVC-2'],
  ['drop-without-end-marker', 'PRE-1'],
];

describe('the kit catches deliberately non-conformant agents', () => {
  test.each(MUTANTS)(
    'a reference agent with "%s" is caught violating %s',
    async (mutation, requirement) => {
      const report = await runConformance({
        implementation: mutation,
        factory: referenceFactory([mutation]),
        capabilities: REFERENCE_CAPABILITIES,
      });
      const violated = report.requirements
        .filter((entry) => entry.status === 'violated')
        .map((entry) => entry.id);
      expect(violated).toContain(requirement);
      expect(report.verdict).toBe('fail');
      // Each runs the whole kit, whose generated programs take seconds on a failing agent.
    },
    60_000,
  );
});
