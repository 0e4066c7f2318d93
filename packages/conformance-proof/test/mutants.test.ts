import {
  type AgentFactory,
  type Capabilities,
  type ConformanceReport,
  runConformance,
} from '@aalis/agent-conformance';
import { describe, expect, test } from 'vitest';
import { archiveReleasedWithTurnId } from './mutants/archive-released-with-turn-id';
import { clearBeforeSettled } from './mutants/clear-before-settled';
import { clearWithoutHold } from './mutants/clear-without-hold';
import { dropWithoutEndMarker } from './mutants/drop-without-end-marker';
import { errorOnAborted } from './mutants/error-on-aborted';
import { failedCallWithoutCallId } from './mutants/failed-call-without-call-id';
import { ignoreTurnIdGuard } from './mutants/ignore-turn-id-guard';
import { injectionsBatched } from './mutants/injections-batched';
import { inputsNotLive } from './mutants/inputs-not-live';
import { insertIntoInjection } from './mutants/insert-into-injection';
import { interruptRunningTurn } from './mutants/interrupt-running-turn';
import { joinedNotCounted } from './mutants/joined-not-counted';
import { noRecordForSilent } from './mutants/no-record-for-silent';
import { noStopMarker } from './mutants/no-stop-marker';
import { oneIdentityEverywhere } from './mutants/one-identity-everywhere';
import { preprocessOpenersOnly } from './mutants/preprocess-openers-only';
import { reasonInStopMarker } from './mutants/reason-in-stop-marker';
import { recordBeforeStopMarker } from './mutants/record-before-stop-marker';
import { recordOnFirstReply } from './mutants/record-on-first-reply';
import { resolveEarly } from './mutants/resolve-early';
import { roomSendsIntermediate } from './mutants/room-sends-intermediate';
import { settingsReadOnce } from './mutants/settings-read-once';
import { skipGenerationCheck } from './mutants/skip-generation-check';
import { stickyStopper } from './mutants/sticky-stopper';
import { stopMarkerAlways } from './mutants/stop-marker-always';
import { stopperOnlyInMetadata } from './mutants/stopper-only-in-metadata';
import { streamWithoutTurnId } from './mutants/stream-without-turn-id';
import { toolMetadataFiltered } from './mutants/tool-metadata-filtered';
import { trimmedNotSticky } from './mutants/trimmed-not-sticky';
import { turnIdsRestart } from './mutants/turn-ids-restart';
import { usageForThrowingCall } from './mutants/usage-for-throwing-call';
import { usedTotalsPerTurn } from './mutants/used-totals-per-turn';
import { pluginAgentCapabilities } from './plugin-agent-adapter';
import { buildPluginAgent } from './support/build-plugin-agent';

/** Each deliberately non-conformant plugin-agent, and the requirements the kit must find violated. */
const MUTANTS: readonly {
  readonly name: string;
  readonly factory: AgentFactory;
  readonly breaks: readonly string[];
}[] = [
  { name: 'interrupt-running-turn', factory: interruptRunningTurn, breaks: ['SCH-1'] },
  { name: 'insert-into-injection', factory: insertIntoInjection, breaks: ['SCH-4'] },
  { name: 'ignore-turn-id-guard', factory: ignoreTurnIdGuard, breaks: ['ABT-2'] },
  { name: 'archive-released-with-turn-id', factory: archiveReleasedWithTurnId, breaks: ['ABT-3'] },
  { name: 'clear-without-hold', factory: clearWithoutHold, breaks: ['CLR-2'] },
  { name: 'skip-generation-check', factory: skipGenerationCheck, breaks: ['DEL-2'] },
  { name: 'stream-without-turn-id', factory: streamWithoutTurnId, breaks: ['TID-2'] },
  { name: 'no-stop-marker', factory: noStopMarker, breaks: ['ARC-9'] },
  { name: 'trimmed-not-sticky', factory: trimmedNotSticky, breaks: ['USG-3'] },
  { name: 'no-record-for-silent', factory: noRecordForSilent, breaks: ['ARC-8'] },
  { name: 'room-sends-intermediate', factory: roomSendsIntermediate, breaks: ['ARC-5'] },
  { name: 'failed-call-without-call-id', factory: failedCallWithoutCallId, breaks: ['ARC-2'] },
  { name: 'usage-for-throwing-call', factory: usageForThrowingCall, breaks: ['USG-1'] },
  { name: 'resolve-early', factory: resolveEarly, breaks: ['SVC-2'] },
  { name: 'drop-without-end-marker', factory: dropWithoutEndMarker, breaks: ['PRE-1'] },
  { name: 'clear-before-settled', factory: clearBeforeSettled, breaks: ['CLR-1'] },
  { name: 'error-on-aborted', factory: errorOnAborted, breaks: ['OUT-2'] },
  { name: 'injections-batched', factory: injectionsBatched, breaks: ['SCH-4'] },
  { name: 'inputs-not-live', factory: inputsNotLive, breaks: ['SCH-2'] },
  { name: 'joined-not-counted', factory: joinedNotCounted, breaks: ['USG-5'] },
  { name: 'reason-in-stop-marker', factory: reasonInStopMarker, breaks: ['ABT-5'] },
  { name: 'record-before-stop-marker', factory: recordBeforeStopMarker, breaks: ['ARC-9'] },
  { name: 'record-on-first-reply', factory: recordOnFirstReply, breaks: ['ARC-8'] },
  { name: 'sticky-stopper', factory: stickyStopper, breaks: ['ABT-6'] },
  { name: 'stopper-only-in-metadata', factory: stopperOnlyInMetadata, breaks: ['ABT-6'] },
  { name: 'tool-metadata-filtered', factory: toolMetadataFiltered, breaks: ['ARC-4'] },
  { name: 'used-totals-per-turn', factory: usedTotalsPerTurn, breaks: ['USG-2'] },
  { name: 'one-identity-everywhere', factory: oneIdentityEverywhere, breaks: ['ARC-3'] },
  { name: 'preprocess-openers-only', factory: preprocessOpenersOnly, breaks: ['PRE-1'] },
  { name: 'settings-read-once', factory: settingsReadOnce, breaks: ['SET-2'] },
  { name: 'stop-marker-always', factory: stopMarkerAlways, breaks: ['ARC-9'] },
  { name: 'turn-ids-restart', factory: turnIdsRestart, breaks: ['TID-1'] },
];

/**
 * The mutants break contract rules, not the [beyond] liveness ones: they leave those
 * unclaimed, since each liveness case waits for the agent's grace time. The control claims
 * everything, as plugin-agent does.
 */
const mutantCapabilities: Capabilities = {
  ...pluginAgentCapabilities,
  'LIV-1': false,
  'LIV-2': false,
  'LIV-3': false,
  'LIV-4': false,
};

function run(
  implementation: string,
  factory: AgentFactory,
  capabilities: Capabilities = mutantCapabilities,
): Promise<ConformanceReport> {
  return runConformance({ implementation, factory, capabilities });
}

function violated(report: ConformanceReport): string[] {
  return report.requirements.filter((entry) => entry.status === 'violated').map((entry) => entry.id);
}

describe('the kit catches deliberately non-conformant variants of plugin-agent', () => {
  test('the composition the mutants share passes every case when nothing is broken', async () => {
    const report = await run(
      'plugin-agent, unmutated',
      (harness) => buildPluginAgent(harness),
      pluginAgentCapabilities,
    );
    const broken = report.cases
      .filter((result) => result.status !== 'passed' && result.status !== 'not-applicable')
      .map((result) => `${result.title}: ${result.message}`);
    expect(broken).toEqual([]);
    const notClaimed = report.cases.filter((result) => result.status === 'not-applicable');
    // Only the cases of a second process (DUR-3), which plugin-agent does not claim.
    expect(notClaimed.length).toBeGreaterThan(0);
    expect(notClaimed.filter((result) => !result.requirements.includes('DUR-3'))).toEqual([]);
    expect(report.verdict).toBe('pass');
  }, 60_000);

  const titled = MUTANTS.map(
    (mutant) =>
      [`${mutant.breaks.map((id) => `[${id}]`).join(' ')} ${mutant.name} is caught`, mutant] as const,
  );

  test.each(titled)(
    '%s',
    async (_title, { name, factory, breaks }) => {
      const report = await run(`plugin-agent, ${name}`, factory);
      expect(violated(report)).toEqual(expect.arrayContaining([...breaks]));
      expect(report.verdict).toBe('fail');
      // Each runs the whole kit, whose generated programs take seconds on a failing agent.
    },
    60_000,
  );
});
