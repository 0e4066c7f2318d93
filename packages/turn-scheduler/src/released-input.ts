import type { ReleaseReason } from './submit-outcome';

/**
 * One input handed to `onRelease`: it opens no turn. When `archive` is true the caller
 * archives it without a turn id (abort with `queued` [ABT-3], drain); when false it must
 * not be archived (clearing [CLR-1], deletion [DEL-1], generation change [DEL-2], or an
 * input that had not reached the queue when drain began). Abandoned inputs [LIV-2] never
 * reach `onRelease`, so `reason` is never `abandoned` here.
 */
export interface ReleasedInput<TInput> {
  readonly input: TInput;
  readonly sessionId: string;
  readonly reason: Exclude<ReleaseReason, 'abandoned'>;
  readonly archive: boolean;
}
