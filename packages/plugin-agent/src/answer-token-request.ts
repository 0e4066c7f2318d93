import type { TokenRequestEvent } from '@aalis/api-agent';
import type { AgentContext } from './agent-context';
import { buildUsageSnapshot } from './usage-snapshot';

/**
 * Answers `token:request`: one `token:usage` snapshot per session (the sessions asked for,
 * or every session that had inputs), with no model call and no turn id, prompt
 * contributions built with `dryRun: true` ([USG-8], [TID-4]). A snapshot writes nothing: a
 * turn with no record may be running in another process that serves the session, so only a
 * turn of this agent closes the turns a crash cut ([DUR-1]). A session whose snapshot cannot
 * be built (no model) is skipped and logged.
 */
export async function answerTokenRequest(context: AgentContext, event: TokenRequestEvent): Promise<void> {
  const sessionIds = event.sessionIds ?? [...context.seenSessions];
  for (const sessionId of sessionIds) {
    try {
      const snapshot = await buildUsageSnapshot(context, sessionId);
      if (snapshot !== undefined) await context.deps.events.emit('token:usage', snapshot);
    } catch (error) {
      context.config.logger.warn('usage snapshot failed', { sessionId, error });
    }
  }
}
