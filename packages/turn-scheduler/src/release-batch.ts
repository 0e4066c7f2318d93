import type { InputEntry } from './input-entry';
import type { ReleasedInput } from './released-input';

/** Released inputs of one session, delivered to `onRelease` together. */
export interface ReleaseBatch<TInput> {
  readonly sessionId: string;
  readonly entries: readonly InputEntry<TInput>[];
  readonly reason: ReleasedInput<TInput>['reason'];
  readonly archive: boolean;
}

/** The batch as `onRelease` receives it: one fresh item per input. */
export function releasedInputs<TInput>(batch: ReleaseBatch<TInput>): ReleasedInput<TInput>[] {
  const { sessionId, reason, archive } = batch;
  return batch.entries.map((entry) => ({ input: entry.input, sessionId, reason, archive }));
}
