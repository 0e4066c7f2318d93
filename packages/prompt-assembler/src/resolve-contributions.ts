import type { AgentPromptContribution } from '@aalis/api-agent';
import { contributionSpecProblem } from './contribution-spec-problem';
import { injectorKey } from './injector-key';
import { InvalidPromptContributionError } from './invalid-prompt-contribution-error';
import type { PromptContributionEntry } from './prompt-contribution-entry';
import type { PromptContributionFailure } from './prompt-contribution-failure';

/** A contribution whose spec keeps the contract, ready to build. */
export interface ResolvedContribution {
  /** Its global key `pluginInstanceId/localId`. */
  readonly key: string;
  /** Its position in the registry's list (the tie-breaker of the order). */
  readonly position: number;
  readonly spec: AgentPromptContribution;
}

/** A contribution left out of a call, with its position in the registry's list. */
export interface PlacedFailure {
  readonly failure: PromptContributionFailure;
  readonly position: number;
}

/** The contributions of one call: those to build, and those left out before building. */
export interface ResolvedContributions {
  readonly contributions: readonly ResolvedContribution[];
  readonly failures: readonly PlacedFailure[];
}

function invalid(key: string, reason: string, position: number): PlacedFailure {
  return {
    failure: { key, reason: 'invalid', error: new InvalidPromptContributionError({ key, reason }) },
    position,
  };
}

/**
 * Checks each listed contribution and gives it its global key. A spec that breaks the contract
 * is left out; when one plugin instance uses a local id twice, the later contribution is kept
 * (as a registry replaces a contribution of the same key) and the earlier one is left out.
 */
export function resolveContributions(entries: readonly PromptContributionEntry[]): ResolvedContributions {
  const failures: PlacedFailure[] = [];
  const byKey = new Map<string, ResolvedContribution>();
  entries.forEach((entry, position) => {
    const problem = contributionSpecProblem(entry.spec);
    if (problem !== undefined) {
      failures.push(invalid(entry.key, problem, position));
      return;
    }
    const key = injectorKey(entry);
    const earlier = byKey.get(key);
    if (earlier !== undefined) {
      byKey.delete(key);
      const reason = 'its plugin instance contributed the same localId again; the later one is used';
      failures.push(invalid(key, reason, earlier.position));
    }
    byKey.set(key, { key, position, spec: entry.spec });
  });
  const contributions = [...byKey.values()].sort((left, right) => left.position - right.position);
  return { contributions, failures };
}
