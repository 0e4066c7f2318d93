import type { TurnInput } from '@aalis/api-agent';
import type { MessageActor } from '@aalis/schema-message';
import type { Turn } from '@aalis/turn-scheduler';
import type { AgentContext } from './agent-context';
import { emitStreamEnd } from './stream-end';
import { runTurnBody, type TurnBodyResult } from './turn-body';

/**
 * The scheduler's turn body. Runs `agent:turn:before` with the whole turn as its default
 * action ([HK-2]); unless a middleware blocked it, runs `agent:turn:after` with the same
 * `inputs` array on every exit path ([HK-8]) and logs one turn-end line (the only place an
 * abort `reason` appears, [ABT-5]). Every input of the turn, joined ones included, gets
 * its stream end marker ([OUT-3]).
 */
export async function runTurn(context: AgentContext, turn: Turn<TurnInput, MessageActor>): Promise<void> {
  const { turnId, sessionId, inputs } = turn;
  const started = Date.now();
  let result: TurnBodyResult | undefined;
  try {
    const before = await context.deps.hooks.run(
      'agent:turn:before',
      { turnId, sessionId, inputs },
      async () => {
        result = await runTurnBody(context, turn);
      },
    );
    logHookErrors(context, 'agent:turn:before', before.errors);
    if (before.blocked || result === undefined) {
      context.config.logger.info(`turn ${turnId} blocked at agent:turn:before`, { sessionId, turnId });
      return;
    }
    const ended = result;
    const after = await context.deps.hooks.run('agent:turn:after', {
      inputs,
      reply: ended.reply,
      outcome: ended.outcome,
      ...(ended.error === undefined ? {} : { error: ended.error }),
      sessionId,
      turnId,
    });
    logHookErrors(context, 'agent:turn:after', after.errors);
    logTurnEnd(context, turn, ended, Date.now() - started);
  } catch (error) {
    context.config.logger.error(`turn ${turnId} could not run its hooks`, { sessionId, turnId, error });
  } finally {
    for (let index = 0; index < inputs.length; index += 1)
      await emitStreamEnd(context.deps.events, sessionId, turnId);
  }
}

function logTurnEnd(
  context: AgentContext,
  turn: Turn<TurnInput, MessageActor>,
  result: TurnBodyResult,
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

function logHookErrors(context: AgentContext, hook: string, errors: readonly unknown[]): void {
  for (const error of errors) context.config.logger.warn(`${hook} middleware failed`, { error });
}
