import { createAalisTurnApp } from './aalis-turn';
import { type EventLoopLag, withEventLoopLag } from './event-loop-lag';
import { seededRandom } from './seeded-random';

/** The load workload: many sessions, many turns each, all submitted at once, a model that takes 0–5 ms. */
export interface LoadWorkload {
  readonly sessions: number;
  readonly turnsPerSession: number;
  /** The agent's limit on running turns; `0` for none, `undefined` for the agent's default. */
  readonly maxRunningTurns: number | undefined;
  readonly seed: number;
}

/** What one load run gives. */
export interface LoadFigures {
  readonly turnsPerSecond: number;
  readonly lag: EventLoopLag;
}

/**
 * One run of the load workload on a fresh app (in-memory archive, 5 contributions, 5 no-op
 * middlewares per hook): every turn an injection of its own, the model answering after a
 * seeded random 0–5 ms. Reports turns per second and the event-loop lag meanwhile [LIV-4].
 */
export async function measureLoad(workload: LoadWorkload): Promise<LoadFigures> {
  const random = seededRandom(workload.seed);
  const harness = createAalisTurnApp({
    script: 'answer',
    modelDelayMs: () => Math.floor(random() * 6),
    ...(workload.maxRunningTurns === undefined
      ? {}
      : { agent: { maxRunningTurns: workload.maxRunningTurns } }),
  });
  await Promise.all(Array.from({ length: 20 }, (_, index) => harness.turn(`warm-up-${index}`)));
  const ids = Array.from({ length: workload.sessions }, (_, index) => `session-${index}`);
  const turns = workload.sessions * workload.turnsPerSession;
  const start = performance.now();
  const { lag } = await withEventLoopLag(() => {
    const pending: Promise<void>[] = [];
    for (let turn = 0; turn < workload.turnsPerSession; turn += 1) {
      for (const id of ids) pending.push(harness.turn(id, { injection: true }));
    }
    return Promise.all(pending);
  });
  const elapsed = performance.now() - start;
  if (harness.errors.length > 0) throw new Error(`${harness.errors.length} errors under load`);
  await harness.app.stop();
  return { turnsPerSecond: Math.round(turns / (elapsed / 1000)), lag };
}
