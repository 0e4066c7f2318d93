import type { PersistableInput, TurnPersistence } from '@aalis/archive-adapter';
import type { InboxInput, SessionLease } from '@aalis/archive-postgres';
import type { InboxPort } from './inbox-port';
import type { InputOutcome } from './input-outcome';
import { isStale, readRoutedInput } from './routed-input';

/** The outcome of inputs released by `abort` with `queued`. */
const ABORTED: InputOutcome = { status: 'released', reason: 'aborted' };

/** What {@link releaseQueuedInputs} needs. Not public API. */
export interface QueuedRelease {
  readonly inbox: InboxPort;
  /** The lease of the session whose queued inputs are released. */
  readonly lease: SessionLease;
  /**
   * Takes the session's queued inputs from the inbox; default `inbox.take(lease)`. The cluster
   * agent runs it in order with its own enqueues of the session, so an input handed over after
   * the abort returned is not released by it ([ABT-3]).
   */
  readonly take?: () => Promise<InboxInput[]>;
  /** Settles once the turn the abort stopped, if it ran on this process, has settled. */
  readonly turnSettled: Promise<unknown>;
  /** Archives released inputs without turn id; absent when the agent has no archive ([SVC-5]). */
  readonly persistence: Pick<TurnPersistence, 'archiveReleased'> | undefined;
  /** The session's current generation in this process ([DEL-2]). */
  readonly generationOf: ((sessionId: string) => number | undefined) | undefined;
  /** Gives a released input its stream end ([OUT-3]). */
  readonly streamEnd: (sessionId: string) => void;
  /** Failures no caller can be told of (an archive write that failed). */
  readonly report: (error: unknown) => void;
}

/**
 * Releases the inputs still queued in the inbox for `abort` with `queued`, as an agent releases
 * its own queue ([ABT-3]): takes them, so they open no turn; once the stopped turn settled,
 * archives them without turn id — not those stamped with an earlier generation of the session,
 * which was deleted since ([DEL-2]) — then settles each as released, with its stream end. A
 * caller's `handleMessage` therefore resolves with its input archived. An archive failure is
 * reported; the inputs settle all the same. A process that dies between the take and the
 * settlements leaves them to the next owner, which settles them as released.
 */
export async function releaseQueuedInputs(release: QueuedRelease): Promise<void> {
  const taken = await (release.take?.() ?? release.inbox.take(release.lease));
  if (taken.length === 0) return;
  await release.turnSettled;
  const inputs = taken.flatMap((input) => archivable(release, input));
  if (inputs.length > 0 && release.persistence !== undefined)
    await release.persistence.archiveReleased(inputs).catch(release.report);
  for (const input of taken) {
    await release.inbox.settle(release.lease, input.id, ABORTED);
    release.streamEnd(input.sessionId);
  }
}

/** The input as the archive takes it, or none when it is unreadable or of a deleted generation. */
function archivable(release: QueuedRelease, input: InboxInput): PersistableInput[] {
  let routed: ReturnType<typeof readRoutedInput>;
  try {
    routed = readRoutedInput(input.payload);
  } catch {
    return [];
  }
  return isStale(routed, release.generationOf?.(input.sessionId)) ? [] : [{ message: routed.message }];
}
