import { parseIncomingMessage } from '@aalis/schema-message';
import type { AgentContext } from './agent-context';
import { emitStreamEnd } from './stream-end';

/**
 * `handleMessage` of the default agent. Validates the input (an invalid one rejects with a
 * `MessageValidationError` naming the field; nothing is archived and no turn starts,
 * [SVC-3]), reads the session's generation at entry ([DEL-2]), runs `agent:input:before`
 * whose default action hands the input to the scheduler and waits until it settled
 * ([PRE-1], [SVC-2]). A dropped input still gets its stream end marker ([OUT-3]).
 */
export async function handleMessage(context: AgentContext, raw: unknown): Promise<void> {
  const message = parseIncomingMessage(raw);
  const generation = context.deps.sessions?.generationOf(message.sessionId);
  const payload = { message };
  const run = await context.deps.hooks.run('agent:input:before', payload, async () => {
    context.seenSessions.add(payload.message.sessionId);
    await context.scheduler.submit({ message: payload.message }, { generation });
  });
  for (const error of run.errors) {
    context.config.logger.warn('agent:input:before middleware failed', {
      error,
      sessionId: message.sessionId,
    });
  }
  if (run.blocked) await emitStreamEnd(context.deps.events, payload.message.sessionId);
}
