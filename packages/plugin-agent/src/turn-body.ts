import type { TurnEnding, TurnInput } from '@aalis/api-agent';
import type { ResolvedModel } from '@aalis/api-llm';
import type { SessionKind } from '@aalis/api-session-manager';
import type { TurnWriter } from '@aalis/archive-adapter';
import type { MessageActor } from '@aalis/schema-message';
import { DEFAULT_NOTICES, PersistenceError } from '@aalis/tool-loop';
import type { Turn } from '@aalis/turn-scheduler';
import type { AgentContext } from './agent-context';
import { settledBefore } from './settled-before';
import { resolveTurnSettings, type TurnSettings } from './turn-settings';

/**
 * The default action of `agent:turn:before`: the whole turn ([HK-2]). Closes the turns of
 * the session a crash cut when this agent first touches it ([DUR-1]), archives the opening
 * inputs ([ARC-6]), runs the tool loop with the turn's writer, then finishes the turn: the
 * stop marker of an aborted turn that left something in history ([ARC-9]) and the turn record
 * ([ARC-8]). Never rejects: a failure ends the turn as `error` with the `[错误]` notice ([SVC-3]).
 * A turn whose session's cut turns could not be closed writes nothing at all, not even its
 * record: a record after them would hide them from every later recovery.
 */
export async function runTurnBody(
  context: AgentContext,
  turn: Turn<TurnInput, MessageActor>,
  grace: AbortSignal,
): Promise<TurnEnding> {
  const settings = resolveTurnSettings(context.config, context.deps.sessions, turn.sessionId);
  const persistence = context
    .createPersistence()
    .beginTurn({ turnId: turn.turnId, sessionId: turn.sessionId });
  const unrecovered = await recoverSession(context, turn, grace);
  if (unrecovered !== undefined) {
    persistence.forget();
    return unrecovered;
  }
  const result = await runInsideTurn({ context, turn, settings, persistence, grace });
  await finishTurn({ context, turn, persistence }, result, grace);
  return result;
}

/**
 * Closes the session's turns a crash cut, the first time this agent touches it ([DUR-1]; the
 * running turn is not cut). Resolves with how the turn ends when they could not be closed —
 * `error` when the store failed, `aborted` when it was stopped meanwhile or the store still
 * hangs a grace time after the stop ([LIV-1]) — else `undefined`.
 */
async function recoverSession(
  context: AgentContext,
  turn: Turn<TurnInput, MessageActor>,
  grace: AbortSignal,
): Promise<TurnEnding | undefined> {
  const recovering = context.recovery.ensure(turn.sessionId);
  if (!(await settledBefore(recovering, grace))) return { outcome: 'aborted', reply: undefined };
  const failure = await recovering;
  if (failure === undefined) return undefined;
  if (turn.signal.aborted) return { outcome: 'aborted', reply: undefined };
  return failTurn(context, turn, new PersistenceError({ operation: 'recoverCutTurns', cause: failure }));
}

interface TurnScope {
  readonly context: AgentContext;
  readonly turn: Turn<TurnInput, MessageActor>;
  /** The writer of this turn ([ARC-1]..[ARC-9]). */
  readonly persistence: TurnWriter;
}

async function runInsideTurn(
  scope: TurnScope & { readonly settings: TurnSettings; readonly grace: AbortSignal },
): Promise<TurnEnding> {
  const { context, turn, settings, persistence, grace } = scope;
  const opening = await openTurn(scope);
  if (opening !== undefined) return opening;
  const resolving = resolveModel(context, settings);
  if (!(await settledBefore(resolving, turn.signal))) return { outcome: 'aborted', reply: undefined };
  return context.toolLoop.run({
    turn: {
      turnId: turn.turnId,
      sessionId: turn.sessionId,
      inputs: turn.inputs,
      signal: turn.signal,
      // A store that still hangs a grace time after the stop cannot hold the turn ([LIV-1]).
      graceSignal: grace,
      takePendingInsertions: () => turn.takePendingInsertions(),
      ...(turn.inputs[0]?.message.source === undefined ? {} : { source: turn.inputs[0].message.source }),
    },
    session: { kind: sessionKindOf(context, turn), settings, ...selfIdentityOf(context, turn) },
    model: await resolving,
    persistence,
  });
}

/**
 * Archives the opening inputs ([ARC-6]). A stop during the recovery before it or during the
 * archiving does not skip it: the default action has begun, so the inputs are the stopped
 * turn's and belong in history (else they are neither there nor released); only a store that
 * still hangs a grace time after the stop is let go ([LIV-1]). Resolves with how the turn
 * ended when it cannot go on, else `undefined`.
 */
async function openTurn(scope: TurnScope & { readonly grace: AbortSignal }): Promise<TurnEnding | undefined> {
  const { context, turn, persistence, grace } = scope;
  const archiving = persistence.archiveOpened(turn.inputs);
  try {
    if (!(await settledBefore(archiving, grace))) return { outcome: 'aborted', reply: undefined };
    await archiving;
    return turn.signal.aborted ? { outcome: 'aborted', reply: undefined } : undefined;
  } catch (cause) {
    if (turn.signal.aborted) return { outcome: 'aborted', reply: undefined };
    return failTurn(context, turn, new PersistenceError({ operation: 'archiveOpened', cause }));
  }
}

async function resolveModel(
  context: AgentContext,
  settings: TurnSettings,
): Promise<ResolvedModel | undefined> {
  try {
    return await context.deps.llm.resolveModel(settings.model);
  } catch (error) {
    context.config.logger.warn('model could not be resolved', { model: settings.model, error });
    return undefined;
  }
}

/**
 * The session kind decides the room rule ([ARC-5]): the session manager's word, else a
 * group or private chat on a platform counts as a room.
 */
function sessionKindOf(context: AgentContext, turn: Turn<TurnInput, MessageActor>): SessionKind {
  const known = context.deps.sessions?.getSession(turn.sessionId)?.kind;
  if (known !== undefined) return known;
  return turn.inputs[0]?.message.sessionType === undefined ? 'console' : 'room';
}

/** The assistant's own identity on the turn's platform, when configured ([ARC-3]). */
function selfIdentityOf(context: AgentContext, turn: Turn<TurnInput, MessageActor>) {
  const platform = turn.inputs[0]?.message.platform;
  const selfIdentity = platform === undefined ? undefined : context.config.selfIdentity(platform);
  return selfIdentity === undefined ? {} : { selfIdentity };
}

async function failTurn(
  context: AgentContext,
  turn: Turn<TurnInput, MessageActor>,
  failure: PersistenceError,
): Promise<TurnEnding> {
  const error = DEFAULT_NOTICES.failure(failure);
  const notice = { sessionId: turn.sessionId, content: error, turnId: turn.turnId, kind: 'notice' as const };
  await settledBefore(context.deps.events.emit('outbound:message', { message: notice }), turn.signal);
  context.config.logger.error('turn failed', { turnId: turn.turnId, error: failure });
  return { outcome: 'error', reply: undefined, error };
}

/**
 * Stop marker ([ARC-9]) then turn record ([ARC-8]); a failing write is logged, not thrown,
 * and a store that still hangs `stopGraceMs` after the stop is abandoned and logged ([LIV-1]).
 */
async function finishTurn(scope: TurnScope, result: TurnEnding, grace: AbortSignal): Promise<void> {
  const { context, turn, persistence } = scope;
  const { turnId, sessionId } = turn;
  try {
    if (!(await settledBefore(writeEnding(scope, result), grace))) {
      context.config.logger.error('turn record abandoned: the store did not answer after the stop', {
        turnId,
        sessionId,
      });
    }
  } finally {
    persistence.forget();
  }
}

async function writeEnding(scope: TurnScope, result: TurnEnding): Promise<void> {
  const { context, turn, persistence } = scope;
  const { turnId, sessionId } = turn;
  const source = turn.inputs[0]?.message.source;
  const by = result.outcome === 'aborted' ? turn.stopInfo()?.by : undefined;
  try {
    await persistence.finish({
      ...(by === undefined ? {} : { by }),
      record: {
        outcome: result.outcome,
        ...(source === undefined ? {} : { source }),
        ...(result.error === undefined ? {} : { error: result.error }),
      },
    });
  } catch (error) {
    context.config.logger.error('turn record could not be written', { turnId, sessionId, error });
  }
}
