import type { TurnPersistence } from '@aalis/archive-adapter';
import type { AgentLogger } from './agent-logger';

/**
 * The closing of turns a process crash cut ([DUR-1]), once per session per agent: the
 * first time the agent touches a session — before the first turn of it archives its inputs,
 * or before a `token:request` snapshot of it — its cut turns are closed as aborted. Until that
 * succeeded no turn of the session may write anything: recovery reads history back only to
 * the newest turn record, so a later turn's record would hide a cut turn for good.
 */
export interface CutTurnRecovery {
  /**
   * Closes the session's cut turns unless this agent already did; concurrent callers share
   * one run. Never rejects: resolves with `undefined` once they are closed (or there is no
   * archive), or with the failure, which is logged; the session is tried again next time.
   */
  ensure(sessionId: string): Promise<unknown>;
  /** Forgets that the session was recovered (it was deleted: a new one may start under its id). */
  forget(sessionId: string): void;
}

/** What {@link createCutTurnRecovery} needs from the agent. */
export interface CutTurnRecoveryOptions {
  /** Persistence over the archive present right now. */
  readonly createPersistence: () => TurnPersistence;
  /** Whether a turn of the session runs in this agent: such a turn is not cut. */
  readonly isRunning: (sessionId: string, turnId: string) => boolean;
  /** Makes the `CallId` of an error result given to an unanswered tool call ([TID-3]). */
  readonly createCallId: () => string;
  readonly logger: AgentLogger;
}

/** Creates the per-agent {@link CutTurnRecovery}. */
export function createCutTurnRecovery(options: CutTurnRecoveryOptions): CutTurnRecovery {
  const recovered = new Map<string, Promise<unknown>>();
  return {
    ensure(sessionId) {
      const known = recovered.get(sessionId);
      if (known !== undefined) return known;
      const persistence = options.createPersistence();
      // Without an archive there is nothing to close; an archive that appears later still gets its turn.
      if (!persistence.archiving) return Promise.resolve(undefined);
      const running: Promise<unknown> = recover(options, persistence, sessionId).then(
        () => undefined,
        (error: unknown) => {
          if (recovered.get(sessionId) === running) recovered.delete(sessionId);
          options.logger.error('cut turns could not be recovered', { sessionId, error });
          return error ?? new Error('cut turns could not be recovered');
        },
      );
      recovered.set(sessionId, running);
      return running;
    },
    forget(sessionId) {
      recovered.delete(sessionId);
    },
  };
}

async function recover(
  options: CutTurnRecoveryOptions,
  persistence: TurnPersistence,
  sessionId: string,
): Promise<void> {
  const closed = await persistence.recoverCutTurns(sessionId, {
    isRunning: (turnId) => options.isRunning(sessionId, turnId),
    createCallId: options.createCallId,
  });
  for (const turn of closed) {
    options.logger.warn(`turn ${turn.turnId} of ${sessionId} was cut by a crash: closed as aborted`, {
      sessionId,
      turnId: turn.turnId,
      unansweredToolCalls: turn.unansweredToolCallIds.length,
    });
  }
}
