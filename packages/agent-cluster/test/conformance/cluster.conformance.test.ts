import type { ConformanceReport } from '@aalis/agent-conformance';
import { verifyReport } from '@aalis/agent-conformance/report';
import { describeConformance } from '@aalis/agent-conformance/vitest';
import { beforeAll, expect, test } from 'vitest';
import { testDatabaseUrl } from '../../../../tools/test-postgres/test-database';
import {
  clusterCapabilities,
  clusterFactory,
  clusterImplementation,
  clusterReports,
} from './cluster-kit-adapter';

/**
 * The kit against the cluster agent: one process of a cluster per case (two where a case asks
 * for a second process), each on a schema of its own, over plugin-agent. Every input goes
 * through the inbox on PostgreSQL to the session's owner, so a case passes only if the routing
 * keeps the rule it checks.
 */
let report: ConformanceReport | undefined;

// The first case must not pay for starting the test database within its factory's time limit.
beforeAll(async () => {
  await testDatabaseUrl();
}, 60_000);

describeConformance({
  implementation: clusterImplementation,
  factory: clusterFactory,
  capabilities: clusterCapabilities,
  // Every input makes several round trips to the database before it reaches the local agent, and
  // the generated programs hand over some two hundred inputs in one case (about 1.5 s; 2.6 s with
  // the disk busy): room for a machine busier than that, not for a hang.
  timeoutMs: 10_000,
  onReport: (finished) => {
    report = finished;
  },
});

test('the cluster agent satisfies every requirement it claims, none waived', () => {
  const run = report;
  expect(run, 'the report of the conformance run').toBeDefined();
  if (run === undefined) return;
  const unsatisfied = run.requirements
    .filter((requirement) => requirement.status !== 'satisfied')
    .map((requirement) => `${requirement.id}: ${requirement.status}`);
  // Preprocessors are the local agent's: the cluster has no registerPreprocessor. LIV-4: see the adapter.
  expect(unsatisfied).toEqual([
    'BND-1: not-applicable',
    'BND-2: not-applicable',
    'PRE-1: not-applicable',
    'LIV-4: not-applicable',
  ]);
  expect(run.verdict).toBe('pass');
  expect(verifyReport(run).problems).toEqual([]);
});

test('the processes reported only injected store failures and writes refused by a lease let go', () => {
  // A recovery on taking a session over meets a failure the kit injects for the local agent's
  // own recovery ([DUR-1]); the cluster reports it and serves the session all the same. With
  // `idleReleaseMs: 0` a session's lease is let go the moment it is idle, and a write of the
  // process that raced it (releasing inbox inputs on abort) is refused by the fencing token.
  const expected = /^(ArchiveStorageError: conformance: injected|StaleLeaseError: )/;
  expect(clusterReports.map(String).filter((report) => !expected.test(report))).toEqual([]);
});
