import type { TurnInput } from '@aalis/api-agent';
import type { ReleasedInput } from '@aalis/turn-scheduler';
import type { AgentContext } from './agent-context';
import { createGraceSignal } from './grace-signal';
import { settledBefore } from './settled-before';
import { emitStreamEnd } from './stream-end';

/** A release is itself a stop: its grace time starts at once. */
const alreadyStopped = AbortSignal.abort();

/**
 * Receives inputs the scheduler released. Those released by `abort` with `queued` (and by
 * shutdown) are archived without a turn id ([ABT-3], [ARC-6]); those released by clearing,
 * deletion or a generation change are not ([CLR-1], [DEL-1], [DEL-2]). Each gets its
 * stream end marker ([OUT-3]). An archive failure is logged: the inputs settle all the same;
 * a store or a listener that still hangs `stopGraceMs` later is abandoned ([LIV-1]).
 */
export async function releaseInputs(
  context: AgentContext,
  released: readonly ReleasedInput<TurnInput>[],
): Promise<void> {
  const grace = createGraceSignal(alreadyStopped, context.config.stopGraceMs);
  try {
    const toArchive = released.filter((item) => item.archive).map((item) => item.input);
    if (toArchive.length > 0 && !(await settledBefore(archiveReleased(context, toArchive), grace.signal))) {
      context.config.logger.error('released inputs abandoned: the store did not answer', {
        count: toArchive.length,
      });
    }
    for (const item of released)
      await settledBefore(emitStreamEnd(context.deps.events, item.sessionId), grace.signal);
  } finally {
    grace.dispose();
  }
}

async function archiveReleased(context: AgentContext, inputs: readonly TurnInput[]): Promise<void> {
  try {
    await context.createPersistence().archiveReleased(inputs);
  } catch (error) {
    context.config.logger.error('released inputs could not be archived', { count: inputs.length, error });
  }
}
