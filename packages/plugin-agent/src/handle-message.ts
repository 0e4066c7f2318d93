import { type IncomingMessage, parseIncomingMessage } from '@aalis/schema-message';
import type { AgentContext } from './agent-context';
import type { Arrival } from './arrival-registry';
import { logHookRun } from './log-hook-run';
import { isOversized, refuseOversizedInput } from './refuse-oversized-input';
import { settledBefore } from './settled-before';
import { emitStreamEnd } from './stream-end';

/**
 * `handleMessage` of the default agent. Validates the input (an invalid one rejects with a
 * `MessageValidationError` naming the field; nothing is archived and no turn starts,
 * [SVC-3]), reads the session's generation at entry ([DEL-2]), runs `agent:input:before`
 * whose default action hands the input to the scheduler and waits until it settled
 * ([PRE-1], [SVC-2]). A dropped input still gets its stream end marker ([OUT-3]); an input
 * over `maxInputChars` is refused with a notice ([LIV-3]). The call is stoppable from
 * outside: once its session is stopped, middlewares and listeners that still hang are
 * abandoned after the grace time ([LIV-1]).
 */
export async function handleMessage(context: AgentContext, raw: unknown): Promise<void> {
  const message = parseIncomingMessage(raw);
  const generation = context.deps.sessions?.generationOf(message.sessionId);
  const arrival = context.arrivals.begin(message.sessionId, generation);
  const grace = arrival.graceSignal;
  try {
    const payload = { message };
    const run = await context.deps.hooks.run(
      'agent:input:before',
      payload,
      () => takeInput(context, { arrival, grace, generation }, payload.message),
      { signal: grace },
    );
    logHookRun(context, { hook: 'agent:input:before', outcome: run, sessionId: message.sessionId });
    if (run.blocked)
      await settledBefore(emitStreamEnd(context.deps.events, payload.message.sessionId), grace);
  } finally {
    context.arrivals.end(arrival);
  }
}

interface Taking {
  readonly arrival: Arrival;
  readonly grace: AbortSignal;
  readonly generation: number | undefined;
}

/** The default action of `agent:input:before`: the input enters the scheduler, or is refused. */
async function takeInput(context: AgentContext, taking: Taking, message: IncomingMessage): Promise<void> {
  // A middleware may call `next` after the input was stopped: the input is dropped by then.
  if (taking.arrival.stopped) {
    await settledBefore(emitStreamEnd(context.deps.events, message.sessionId), taking.grace);
    return;
  }
  taking.arrival.enter('handed');
  try {
    if (isOversized(context, message)) {
      await refuseOversizedInput(context, message, taking.grace);
      return;
    }
    context.seenSessions.add(message.sessionId);
    await context.scheduler.submit({ message }, { generation: taking.generation });
  } finally {
    taking.arrival.enter('after');
  }
}
