import type { PersistableInput } from '@aalis/archive-adapter';
import type { InboxInput, SessionLease } from '@aalis/archive-postgres';
import { describe, expect, it } from 'vitest';
import type { InboxPort } from './inbox-port';
import { type QueuedRelease, releaseQueuedInputs } from './release-queued-inputs';

const lease = { sessionId: 's1', token: 1n, held: true } as unknown as SessionLease;

function queued(id: string, content: string, generation?: number): InboxInput {
  const message = { sessionId: 's1', content, platform: 'test', userId: 'u1', messageId: content };
  return { id, sessionId: 's1', payload: generation === undefined ? { message } : { message, generation } };
}

/** A release over an inbox holding `inputs`, recording every step in `steps`. */
function world(inputs: InboxInput[], overrides: Partial<QueuedRelease> = {}) {
  const steps: string[] = [];
  const reports: unknown[] = [];
  const inbox = {
    take: async () => inputs.splice(0),
    settle: async (_lease: SessionLease, id: string, outcome: unknown) => {
      steps.push(`settle ${id} ${JSON.stringify(outcome)}`);
      return true;
    },
  } as unknown as InboxPort;
  const release: QueuedRelease = {
    inbox,
    lease,
    turnSettled: Promise.resolve(),
    persistence: {
      archiveReleased: async (released: readonly PersistableInput[]) => {
        steps.push(`archive ${released.map((input) => input.message.content).join(',')}`);
        return [];
      },
    },
    generationOf: () => 1,
    streamEnd: (sessionId) => steps.push(`end ${sessionId}`),
    report: (error) => reports.push(error),
    ...overrides,
  };
  return { steps, reports, release };
}

describe('releaseQueuedInputs', () => {
  it('[ABT-3] archives the queued inputs without turn id only once the stopped turn settled, then settles each as released', async () => {
    let turnEnds!: () => void;
    const turnSettled = new Promise<void>((resolve) => {
      turnEnds = resolve;
    });
    const { steps, release } = world([queued('7', 'a', 1), queued('8', 'b', 1)], { turnSettled });
    const released = releaseQueuedInputs(release);
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual([]);
    turnEnds();
    await released;
    const aborted = JSON.stringify({ status: 'released', reason: 'aborted' });
    expect(steps).toEqual(['archive a,b', `settle 7 ${aborted}`, 'end s1', `settle 8 ${aborted}`, 'end s1']);
  });

  it('[DEL-2] does not archive an input stamped with an earlier generation of its session, and still releases it', async () => {
    const { steps, release } = world([queued('7', 'before the deletion', 1), queued('8', 'after', 2)], {
      generationOf: () => 2,
    });
    await releaseQueuedInputs(release);
    expect(steps.filter((step) => step.startsWith('archive'))).toEqual(['archive after']);
    expect(steps.filter((step) => step.startsWith('settle'))).toHaveLength(2);
  });

  it('[SVC-5] without an archive releases the inputs all the same', async () => {
    const { steps, release } = world([queued('7', 'a')], { persistence: undefined });
    await releaseQueuedInputs(release);
    expect(steps).toEqual([
      `settle 7 ${JSON.stringify({ status: 'released', reason: 'aborted' })}`,
      'end s1',
    ]);
  });

  it('[SVC-2] an archive that fails is reported, and the inputs are settled all the same', async () => {
    const failure = new Error('store down');
    const { steps, reports, release } = world([queued('7', 'a')], {
      persistence: { archiveReleased: () => Promise.reject(failure) },
    });
    await releaseQueuedInputs(release);
    expect(reports).toEqual([failure]);
    expect(steps).toEqual([
      `settle 7 ${JSON.stringify({ status: 'released', reason: 'aborted' })}`,
      'end s1',
    ]);
  });

  it('takes nothing further and waits for nothing when no input is queued', async () => {
    const { steps, release } = world([], { turnSettled: new Promise(() => undefined) });
    await releaseQueuedInputs(release);
    expect(steps).toEqual([]);
  });
});
