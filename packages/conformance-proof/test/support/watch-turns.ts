import type { HookContextMap, HooksService } from '@aalis/api-hooks';
import { override } from './override';

/** A turn the agent is running, as `agent:turn:before` showed it. */
export interface WatchedTurn {
  readonly turnId: string;
  /** Whether a human input (no `source`) opened it. */
  readonly human: boolean;
}

/** The hooks plugin-agent runs, watched for the turns it opens. */
export interface TurnWatch {
  /** The hooks to hand to plugin-agent. */
  readonly hooks: HooksService;
  /** The turn running in the session, if any. */
  running(sessionId: string): WatchedTurn | undefined;
  /** The most recent turn of the session, running or ended. */
  latest(sessionId: string): WatchedTurn | undefined;
}

/**
 * Wraps `hooks` so a mutant knows which turn each session runs: a turn counts as running
 * from its `agent:turn:before` run until that run (the whole turn) ends.
 */
export function watchTurns(hooks: HooksService): TurnWatch {
  const running = new Map<string, WatchedTurn>();
  const latest = new Map<string, WatchedTurn>();
  const run: HooksService['run'] = async (name, payload, defaultAction, runOptions) => {
    if (name !== 'agent:turn:before') return hooks.run(name, payload, defaultAction, runOptions);
    const turn = payload as HookContextMap['agent:turn:before'];
    const watched = { turnId: turn.turnId, human: turn.inputs[0]?.message.source === undefined };
    running.set(turn.sessionId, watched);
    latest.set(turn.sessionId, watched);
    try {
      return await hooks.run(name, payload, defaultAction, runOptions);
    } finally {
      if (running.get(turn.sessionId) === watched) running.delete(turn.sessionId);
    }
  };
  return {
    hooks: override(hooks, { run }),
    running: (sessionId) => running.get(sessionId),
    latest: (sessionId) => latest.get(sessionId),
  };
}
