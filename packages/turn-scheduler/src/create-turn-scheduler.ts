import { slotLimit } from './argument-checks';
import { SchedulerCore } from './scheduler-core';
import type { TurnScheduler } from './turn-scheduler';
import type { TurnSchedulerError } from './turn-scheduler-error';
import type { TurnSchedulerOptions } from './turn-scheduler-options';

/**
 * Makes a per-session turn scheduler. The caller plugs its turn body into `runTurn`; the
 * scheduler decides when turns open and which inputs they take [SCH-1]–[SCH-8], stops them
 * [ABT-1]–[ABT-7], holds sessions for clearing [CLR-1]–[CLR-7], handles deletion and
 * generations [DEL-1]–[DEL-3] and shutdown [DRN-1] with an optional deadline [LIV-2], bounds
 * the turns running at once across sessions [LIV-4], and settles every submitted input
 * exactly once [SVC-2]. Generic over the input type; it knows nothing of models. Methods
 * are bound, so they may be passed around on their own.
 */
export function createTurnScheduler<TInput, TActor = unknown>(
  options: TurnSchedulerOptions<TInput, TActor>,
): TurnScheduler<TInput, TActor> {
  for (const name of ['sessionOf', 'isInjection', 'runTurn'] as const) {
    if (typeof options?.[name] !== 'function')
      throw new TypeError(`createTurnScheduler needs a ${name} function`);
  }
  const core = new SchedulerCore<TInput, TActor>({
    sessionOf: options.sessionOf,
    isInjection: options.isInjection,
    runTurn: options.runTurn,
    generationOf: options.generationOf,
    onRelease: options.onRelease,
    onQueue: options.onQueue,
    onError: options.onError ?? reportToConsole,
    createTurnId: options.createTurnId ?? turnIdSequence(),
    slotLimit: slotLimit(options.maxRunningTurns),
  });
  return Object.freeze({
    submit: core.submit.bind(core),
    abort: core.abort.bind(core),
    clearing: core.clearing.bind(core),
    deleteSession: core.deleteSession.bind(core),
    drain: core.drain.bind(core),
    isHeld: core.isHeld.bind(core),
    runningTurn: core.runningTurn.bind(core),
    waiting: core.waiting.bind(core),
    stats: core.stats.bind(core),
  });
}

/**
 * Turn ids unique across processes and restarts: a random UUID per scheduler, then a
 * counter. Cheaper than a UUID per turn, which matters on the hot path.
 */
function turnIdSequence(): () => string {
  const prefix = `${globalThis.crypto.randomUUID()}-`;
  let counter = 0;
  return () => prefix + (++counter).toString(36);
}

function reportToConsole(error: TurnSchedulerError): void {
  console.error(error);
}
