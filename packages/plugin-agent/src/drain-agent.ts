import type { AbandonedWork } from '@aalis/turn-scheduler';
import type { AgentContext } from './agent-context';
import { DrainDeadlineError } from './drain-deadline-error';

/** What a drain of the default agent left behind ([LIV-2]). */
export interface AgentDrainReport {
  /** One line per piece abandoned at the deadline, e.g. `turn t-1 of session s1 (2 inputs)`; empty when all settled. */
  readonly abandoned: readonly string[];
}

/**
 * Shutdown ([DRN-1]): every `handleMessage` in progress is stopped, every turn aborted and
 * every queued input released; resolves once every call settled, or at `drainDeadlineMs`
 * with what still hangs settled or abandoned and logged as one `DrainDeadlineError` naming
 * each piece ([LIV-2]).
 */
export async function drainAgent(context: AgentContext): Promise<AgentDrainReport> {
  const started = Date.now();
  const deadlineMs = context.config.drainDeadlineMs;
  context.arrivals.stop(undefined, ['processing', 'after']);
  const report = await context.scheduler.drain({ deadlineMs });
  const abandoned = report.abandoned.map(describeAbandoned);
  const left = Math.max(0, deadlineMs - (Date.now() - started));
  if (!(await context.arrivals.whenEmpty(left))) {
    // Hook runs still waiting on middlewares are given up at once; what hangs even then is named.
    context.arrivals.forceAll();
    await new Promise((resolve) => setImmediate(resolve));
    abandoned.push(...context.arrivals.describe());
  }
  if (abandoned.length > 0) {
    context.config.logger.error(`drain abandoned ${abandoned.length} piece(s) at its deadline`, {
      error: new DrainDeadlineError({ deadlineMs, abandoned }),
    });
  }
  return { abandoned };
}

function describeAbandoned(work: AbandonedWork): string {
  const inputs = `${work.inputCount} input${work.inputCount === 1 ? '' : 's'}`;
  if (work.kind === 'turn') return `turn ${work.turnId} of session ${work.sessionId} (${inputs})`;
  const state = work.delivering ? 'the store or a listener did not answer' : 'waiting for its turn';
  return `release (${work.reason}) of ${inputs} of session ${work.sessionId}: ${state}`;
}
