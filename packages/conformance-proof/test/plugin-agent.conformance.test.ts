import type { ConformanceReport } from '@aalis/agent-conformance';
import { REQUIREMENTS } from '@aalis/agent-conformance/catalog';
import { verifyReport } from '@aalis/agent-conformance/report';
import { describeConformance } from '@aalis/agent-conformance/vitest';
import { expect, test } from 'vitest';
import {
  pluginAgentCapabilities,
  pluginAgentFactory,
  pluginAgentImplementation,
} from './plugin-agent-adapter';

/**
 * The kit against plugin-agent, the reference implementation: one vitest test per case,
 * every capability declared, no waiver. The last test reads the report of the whole run.
 */
let report: ConformanceReport | undefined;

describeConformance({
  implementation: pluginAgentImplementation,
  factory: pluginAgentFactory,
  capabilities: pluginAgentCapabilities,
  onReport: (finished) => {
    report = finished;
  },
});

test('plugin-agent satisfies every requirement of the catalog but the unclaimed DUR-3, none waived', () => {
  const run = report;
  expect(run, 'the report of the conformance run').toBeDefined();
  if (run === undefined) return;
  const unsatisfied = run.requirements
    .filter((requirement) => requirement.status !== 'satisfied')
    .map((requirement) => `${requirement.id}: ${requirement.status}`);
  // One process per session is kept by the SQLite store's exclusive open, outside the kit's view.
  expect(unsatisfied).toEqual(['DUR-3: not-applicable']);
  expect(run.requirements.map((requirement) => requirement.id)).toEqual(
    REQUIREMENTS.map((requirement) => requirement.id),
  );
  expect(run.verdict).toBe('pass');
  expect(verifyReport(run).problems).toEqual([]);
});
