import type { ReleaseReason, SubmitOutcome } from './submit-outcome';

const outcomes = new Map<string, SubmitOutcome>();

/** The shared, frozen outcome for a release, so releasing allocates no outcome per input. */
export function releaseOutcome(reason: ReleaseReason, archive: boolean): SubmitOutcome {
  const key = archive ? `${reason}+` : reason;
  let outcome = outcomes.get(key);
  if (outcome === undefined) {
    outcome = Object.freeze({ status: 'released', reason, archive });
    outcomes.set(key, outcome);
  }
  return outcome;
}
