import type { IncomingMessage } from '@aalis/schema-message';

/** One `handleMessage` call a case made, and how it settled. */
export interface InputRecord {
  readonly message: IncomingMessage;
  /** The activity number when it was handed over. */
  readonly seq: number;
  /** `pending` until the promise settled. */
  readonly state: 'pending' | 'resolved' | 'rejected';
  /** Whether it settled (resolved or rejected). */
  readonly settled: boolean;
  /** The activity number when it settled. */
  readonly settleSeq: number | undefined;
  /** The rejection reason, when it rejected. */
  readonly error: unknown;
  /** Resolves with this record once the call settled; never rejects. */
  readonly done: Promise<InputRecord>;
}
