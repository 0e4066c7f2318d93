import type { TurnInput } from '@aalis/api-agent';
import type { ReleasedInput } from '@aalis/turn-scheduler';
import type { AgentContext } from './agent-context';
import { emitStreamEnd } from './stream-end';

/**
 * Receives inputs the scheduler released. Those released by `abort` with `queued` (and by
 * shutdown) are archived without a turn id ([ABT-3], [ARC-6]); those released by clearing,
 * deletion or a generation change are not ([CLR-1], [DEL-1], [DEL-2]). Each gets its
 * stream end marker ([OUT-3]). An archive failure is logged: the inputs settle all the same.
 */
export async function releaseInputs(
  context: AgentContext,
  released: readonly ReleasedInput<TurnInput>[],
): Promise<void> {
  const toArchive = released.filter((item) => item.archive).map((item) => item.input);
  if (toArchive.length > 0) {
    try {
      await context.createPersistence().archiveReleased(toArchive);
    } catch (error) {
      context.config.logger.error('released inputs could not be archived', {
        count: toArchive.length,
        error,
      });
    }
  }
  for (const item of released) await emitStreamEnd(context.deps.events, item.sessionId);
}
