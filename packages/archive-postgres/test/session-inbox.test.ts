import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../tools/test-postgres/test-database';
import { SessionInbox, StaleLeaseError } from '../src/index';
import { leaseWorld } from './fixtures/lease-world';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(closers.splice(0).map((close) => close()));
});

/** A process's inbox on the schema, on a pool of its own. */
async function inboxOn(schema: string): Promise<SessionInbox> {
  const inbox = await SessionInbox.open({ connectionString: await testDatabaseUrl(), schema, poolSize: 3 });
  closers.push(() => inbox.close());
  return inbox;
}

describe('SessionInbox: inputs handed to any process, served by the owner ([DUR-3])', () => {
  it('[SVC-2] an input enqueued on one process is taken by the owner on another, and its outcome reaches the first', async () => {
    const world = await leaseWorld();
    const [front, owner] = [await inboxOn(world.schema), await inboxOn(world.schema)];
    const lease = await (await world.leases()).acquire('s1');
    const told: string[] = [];
    owner.onQueued((sessionId) => told.push(sessionId));
    const id = await front.enqueue('s1', { content: 'hello', sessionId: 's1' });
    const outcome = front.outcome(id);
    await expect.poll(() => told).toContain('s1');
    const taken = await owner.take(lease);
    expect(taken).toEqual([{ id, sessionId: 's1', payload: { content: 'hello', sessionId: 's1' } }]);
    expect(await owner.take(lease)).toEqual([]);
    expect(await owner.settle(lease, id, { status: 'resolved' })).toBe(true);
    expect(await owner.settle(lease, id, { status: 'resolved' })).toBe(false);
    await expect(outcome).resolves.toEqual({ status: 'resolved' });
    // Settled before anyone waited: the outcome is read from the table.
    await expect(front.outcome(id)).resolves.toEqual({ status: 'resolved' });
  });

  it('[SCH-1] the owner takes one session’s inputs in the order their enqueues committed, whoever enqueued them', async () => {
    const world = await leaseWorld();
    const inboxes = [await inboxOn(world.schema), await inboxOn(world.schema)];
    const lease = await (await world.leases()).acquire('s1');
    const sequential: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      sequential.push(await (inboxes[index % 2] as SessionInbox).enqueue('s1', { index }));
    }
    const concurrent = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (inboxes[index % 2] as SessionInbox).enqueue('s1', { index })),
    );
    await (inboxes[0] as SessionInbox).enqueue('s2', { other: true });
    const taken = await (inboxes[1] as SessionInbox).take(lease, { limit: 1000 });
    expect(taken.slice(0, 6).map((input) => input.id)).toEqual(sequential);
    expect(
      taken
        .map((input) => input.id)
        .slice(6)
        .sort(),
    ).toEqual([...concurrent].sort());
    expect(taken.every((input) => input.sessionId === 's1')).toBe(true);
    const ids = taken.map((input) => BigInt(input.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('[DUR-3] a process that lost the lease can neither take nor settle; the new owner settles what it had taken', async () => {
    const world = await leaseWorld();
    const [front, oldOwner, newOwner] = [
      await inboxOn(world.schema),
      await inboxOn(world.schema),
      await inboxOn(world.schema),
    ];
    const paused = await world.leases({ heartbeat: false, ttlMs: 300 });
    const old = await paused.acquire('s1');
    const first = await front.enqueue('s1', 'first');
    const waiting = front.outcome(first);
    expect((await oldOwner.take(old)).map((input) => input.id)).toEqual([first]);
    const second = await front.enqueue('s1', 'second');
    await world.serverPasses(old);
    const lease = await (await world.leases()).acquire('s1');
    await expect(oldOwner.take(old)).rejects.toSatisfy(StaleLeaseError.isInstance);
    await expect(oldOwner.settle(old, first, 'late')).rejects.toSatisfy(StaleLeaseError.isInstance);
    expect(await newOwner.settleAbandoned(lease, { status: 'released', reason: 'owner lost' })).toEqual([
      first,
    ]);
    await expect(waiting).resolves.toEqual({ status: 'released', reason: 'owner lost' });
    expect((await newOwner.take(lease)).map((input) => input.id)).toEqual([second]);
    expect(await newOwner.pendingSessions()).toEqual(['s1']);
    await newOwner.settle(lease, second, { status: 'resolved' });
    expect(await newOwner.pendingSessions()).toEqual([]);
  });

  it('settles queued inputs at once, stops a wait on abort, and refuses what is not JSON', async () => {
    const world = await leaseWorld();
    const inbox = await inboxOn(world.schema);
    const lease = await (await world.leases()).acquire('s1');
    const ids = [await inbox.enqueue('s1', 1), await inbox.enqueue('s1', 2)];
    const outcomes = ids.map((id) => inbox.outcome(id));
    expect(await inbox.settleQueued(lease, { status: 'released' })).toEqual(ids);
    await expect(Promise.all(outcomes)).resolves.toEqual([{ status: 'released' }, { status: 'released' }]);
    const third = await inbox.enqueue('s1', 3);
    const controller = new AbortController();
    const wait = inbox.outcome(third, { signal: controller.signal });
    controller.abort(new Error('caller gone'));
    await expect(wait).rejects.toThrow('caller gone');
    await expect(inbox.enqueue('s1', undefined)).rejects.toThrow(TypeError);
    await expect(inbox.enqueue('', 1)).rejects.toThrow(TypeError);
    await expect(inbox.outcome('999999')).rejects.toThrow(/no input 999999/);
  });

  it('after its listening connection was cut, catches up: pending sessions told again, settlements missed resolved', async () => {
    const world = await leaseWorld();
    const [front, owner] = [await inboxOn(world.schema), await inboxOn(world.schema)];
    const lease = await (await world.leases()).acquire('s1');
    const id = await front.enqueue('s1', 'x');
    const waiting = front.outcome(id);
    const told: string[] = [];
    owner.onQueued((sessionId) => told.push(sessionId));
    await world.admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN "aalis_inbox_%'`,
    );
    // Both listeners reconnect after 100 ms: what happens before is not notified to them.
    await front.enqueue('s2', 'y');
    await owner.take(lease);
    await owner.settle(lease, id, 'done while the listeners were down');
    await expect(waiting).resolves.toBe('done while the listeners were down');
    await expect.poll(() => told, { timeout: 10_000 }).toContain('s2');
  });
  it('[DUR-3] lists the sessions with unsettled inputs and no live owner, and tells whether a session has any', async () => {
    const world = await leaseWorld();
    const inbox = await inboxOn(world.schema);
    const leases = await world.leases({ ttlMs: 300, heartbeat: false });
    for (const sessionId of ['never', 'held', 'released', 'expired', 'done'])
      await inbox.enqueue(sessionId, { sessionId });
    await (await world.leases()).acquire('held');
    await leases.release(await leases.acquire('released'));
    const expiring = await leases.acquire('expired');
    const done = await leases.acquire('done');
    const [doneInput] = await inbox.take(done);
    await inbox.settle(done, doneInput?.id ?? '', { status: 'settled' });
    expect(await inbox.unservedSessions()).toEqual(['never', 'released']);
    await world.serverPasses(expiring);
    expect(await inbox.unservedSessions()).toEqual(['never', 'released', 'expired']);
    expect(await inbox.isPending('held')).toBe(true);
    expect(await inbox.isPending('done')).toBe(false);
    expect(await inbox.isPending('unknown')).toBe(false);
  });
  it('broadcasts a message to every process listening on the schema, and refuses one too long for a notification', async () => {
    const world = await leaseWorld();
    const [sender, other] = [await inboxOn(world.schema), await inboxOn(world.schema)];
    const heard: unknown[][] = [[], []];
    sender.onBroadcast((message) => heard[0]?.push(message));
    const stop = other.onBroadcast((message) => heard[1]?.push(message));
    await sender.broadcast({ abort: 's1', n: 1 });
    await sender.broadcast({ abort: 's1', n: 2 });
    await expect
      .poll(() => heard)
      .toEqual([
        [
          { abort: 's1', n: 1 },
          { abort: 's1', n: 2 },
        ],
        [
          { abort: 's1', n: 1 },
          { abort: 's1', n: 2 },
        ],
      ]);
    stop();
    await sender.broadcast('after');
    await expect.poll(() => heard[0]).toHaveLength(3);
    expect(heard[1]).toHaveLength(2);
    await expect(sender.broadcast('é'.repeat(4000))).rejects.toBeInstanceOf(TypeError);
  });
  it('puts inputs a stopping owner took back in the queue, in their place, for the next owner', async () => {
    const world = await leaseWorld();
    const inbox = await inboxOn(world.schema);
    const leases = await world.leases();
    const lease = await leases.acquire('s1');
    const ids = [await inbox.enqueue('s1', 1), await inbox.enqueue('s1', 2), await inbox.enqueue('s1', 3)];
    const taken = await inbox.take(lease);
    expect(
      await inbox.untake(
        lease,
        taken.slice(1).map((input) => input.id),
      ),
    ).toBe(2);
    await leases.release(lease);
    const next = await (await world.leases()).acquire('s1');
    await expect(inbox.untake(lease, [ids[0] ?? ''])).rejects.toBeInstanceOf(StaleLeaseError);
    expect(await inbox.settleAbandoned(next, { status: 'released' })).toEqual([ids[0]]);
    expect((await inbox.take(next)).map((input) => input.payload)).toEqual([2, 3]);
  });
  it('[CLR-1] settles the queued inputs up to an id, leaving those enqueued after it queued', async () => {
    const world = await leaseWorld();
    const inbox = await inboxOn(world.schema);
    const lease = await (await world.leases()).acquire('s1');
    const first = await inbox.enqueue('s1', 1);
    const second = await inbox.enqueue('s1', 2);
    const third = await inbox.enqueue('s1', 3);
    expect(await inbox.settleQueued(lease, { status: 'released' }, { upTo: second })).toEqual([
      first,
      second,
    ]);
    expect((await inbox.take(lease)).map((input) => input.id)).toEqual([third]);
  });

  it('close lets statements still waiting for a connection finish, rather than fail at the connection timeout', async () => {
    const world = await leaseWorld();
    const inbox = await SessionInbox.open({
      connectionString: await testDatabaseUrl(),
      schema: world.schema,
      poolSize: 1,
      connectionTimeoutMs: 2_000,
    });
    // One connection, twenty statements: nineteen wait in the pool's queue when close begins.
    const sent = Array.from({ length: 20 }, (_, index) => inbox.broadcast({ index }));
    const closed = inbox.close();
    const outcomes = await Promise.allSettled(sent);
    await closed;
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  });
});
