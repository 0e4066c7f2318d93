export { createTurnScheduler } from './create-turn-scheduler';
export type { AbandonedRelease, AbandonedTurn, AbandonedWork, DrainReport } from './drain-report';
export { GenerationReadError } from './generation-read-error';
export type { QueueEvent } from './queue-event';
export { QueueListenerError } from './queue-listener-error';
export { ReleaseCallbackError } from './release-callback-error';
export type { ReleasedInput } from './released-input';
export type { ReleaseReason, SubmitOutcome } from './submit-outcome';
export type { Turn, TurnOpener } from './turn';
export { TurnBodyError } from './turn-body-error';
export type {
  AbortOptions,
  DrainOptions,
  RunningTurnInfo,
  StopOptions,
  SubmitOptions,
  TurnScheduler,
  TurnSchedulerStats,
} from './turn-scheduler';
export { TurnSchedulerError, type TurnSchedulerErrorOptions } from './turn-scheduler-error';
export type { TurnSchedulerOptions } from './turn-scheduler-options';
export type { TurnStop, TurnStopKind } from './turn-stop';
export { TurnStoppedError } from './turn-stopped-error';
