import type { TurnEnding, TurnInput } from '@aalis/api-agent';
import type { MessageActor } from '@aalis/schema-message';
import type { Turn } from '@aalis/turn-scheduler';
import type { AgentContext } from './agent-context';
import { createGraceSignal } from './grace-signal';
import { logHookRun } from './log-hook-run';
import { settledBefore } from './settled-before';
import { emitStreamEnd } from './stream-end';
import { runTurnBody } from './turn-body';

/**
 * The scheduler's turn body. Runs `agent:turn:before` with the whole turn as its default
 * action ([HK-2]); unless a middleware blocked it, runs `agent:turn:after` with the same
 * `inputs` array on every exit path ([HK-8]) and logs one turn-end line (the only place an
 * abort `reason` appears, [ABT-5]). Every input of the turn, joined ones included, gets
 * its stream end marker ([OUT-3]). Once the turn is stopped, hook middlewares and stream
 * listeners that still hang are abandoned after `stopGraceMs` ([LIV-1]); a `before`
 * middleware abandoned before its `next` counts as blocking the turn, and when the `before` run
 * was abandoned after its `next`, `agent:turn:after` gets `stopGraceMs` of its own.
 */
export async function runTurn(context: AgentContext, turn: Turn<TurnInput, MessageActor>): Promise<void> {
  const { turnId, sessionId, inputs } = turn;
  const started = Date.now();
  const grace = createGraceSignal(turn.signal, context.config.stopGraceMs);
  const where = { sessionId, turnId };
  try {
    const before = await context.deps.hooks.run(
      'agent:turn:before',
      { turnId, sessionId, inputs },
      // A middleware abandoned after the stop may still call `next`: the turn is over by then.
      () => (grace.signal.aborted ? undefined : runTurnBody(context, turn, grace.signal)),
      { signal: grace.signal },
    );
    logHookRun(context, { hook: 'agent:turn:before', outcome: before, ...where });
    if (before.blocked || before.result === undefined) {
      context.config.logger.info(`turn ${turnId} blocked at agent:turn:before`, where);
      return;
    }
    const ended = before.result;
    // A stopped turn whose agent:turn:before run was given up (a middleware hung after `next`)
    // still reaches the agent:turn:after middlewares ([HK-8]), within a grace time of their own.
    const closing = grace.signal.aborted ? createGraceSignal(turn.signal, context.config.stopGraceMs) : grace;
    const after = await context.deps.hooks.run(
      'agent:turn:after',
      {
        inputs,
        reply: ended.reply,
        outcome: ended.outcome,
        ...(ended.error === undefined ? {} : { error: ended.error }),
        sessionId,
        turnId,
      },
      undefined,
      { signal: closing.signal },
    );
    if (closing !== grace) closing.dispose();
    logHookRun(context, { hook: 'agent:turn:after', outcome: after, ...where });
    logTurnEnd(context, turn, ended, Date.now() - started);
  } catch (error) {
    context.config.logger.error(`turn ${turnId} could not run its hooks`, { ...where, error });
  } finally {
    for (let index = 0; index < inputs.length; index += 1)
      await settledBefore(emitStreamEnd(context.deps.events, sessionId, turnId), grace.signal);
    grace.dispose();
  }
}

function logTurnEnd(
  context: AgentContext,
  turn: Turn<TurnInput, MessageActor>,
  result: TurnEnding,
  milliseconds: number,
): void {
  const stop = turn.stopInfo();
  const parts = [`turn ${turn.turnId} of ${turn.sessionId} ended: ${result.outcome}`, `${milliseconds} ms`];
  if (stop !== undefined)
    parts.push(`stopped by ${stop.kind}${stop.by === undefined ? '' : ` (${stop.by.id})`}`);
  if (stop?.reason !== undefined) parts.push(`reason: ${stop.reason}`);
  context.config.logger.info(parts.join(', '), {
    sessionId: turn.sessionId,
    turnId: turn.turnId,
    outcome: result.outcome,
    inputs: turn.inputs.length,
    ...(stop?.reason === undefined ? {} : { reason: stop.reason }),
  });
}
