import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../tools/test-postgres/test-database';
import { SessionHolds, SessionInbox } from '../src/index';
import { leaseWorld } from './fixtures/lease-world';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(closers.splice(0).map((close) => close()));
});

async function holdsOn(schema: string): Promise<SessionHolds> {
  const holds = await SessionHolds.open({ connectionString: await testDatabaseUrl(), schema, poolSize: 2 });
  closers.push(() => holds.close());
  return holds;
}

describe('SessionHolds: clearing holds every process honours ([CLR-2])', () => {
  it('[CLR-3] holds some sessions or all, until released or expired; renewing keeps one in force', async () => {
    const world = await leaseWorld();
    const holds = await holdsOn(world.schema);
    const inbox = await SessionInbox.open({
      connectionString: await testDatabaseUrl(),
      schema: world.schema,
      poolSize: 2,
    });
    closers.push(() => inbox.close());
    const some = await holds.hold(['s1', 's2'], { holder: 'a', ttlMs: 60_000 });
    const queuedBefore = await inbox.enqueue('s1', 'before');
    const all = await holds.hold(undefined, { holder: 'b', ttlMs: 60_000 });
    const short = await holds.hold(['s3'], { holder: 'c', ttlMs: 200 });
    expect(some).toEqual({ id: some.id, sessionIds: ['s1', 's2'], holder: 'a', inputsBefore: '0' });
    expect(all.inputsBefore).toBe(queuedBefore);
    expect(await holds.active()).toEqual([some, all, short]);
    await expect.poll(() => holds.inForce(short.id), { timeout: 3000 }).toBe(false);
    expect(await holds.renew(short.id, 60_000)).toBe(false);
    expect(await holds.renew(some.id, 60_000)).toBe(true);
    await holds.release(all.id);
    expect(await holds.inForce(all.id)).toBe(false);
    expect((await holds.active()).map((hold) => hold.id)).toEqual([some.id]);
    await expect(holds.hold([''], { holder: 'a', ttlMs: 10 })).rejects.toBeInstanceOf(TypeError);
    await expect(holds.hold(undefined, { holder: 'a', ttlMs: 0 })).rejects.toBeInstanceOf(TypeError);
  });

  it('names the live owners of the held sessions, or of any session', async () => {
    const world = await leaseWorld();
    const holds = await holdsOn(world.schema);
    const [first, second] = [await world.leases(), await world.leases()];
    await first.acquire('s1');
    await second.acquire('s2');
    await first.release(await first.acquire('s3'));
    expect(await holds.liveOwners(['s1'])).toEqual([first.owner]);
    expect(await holds.liveOwners(['s3'])).toEqual([]);
    expect(await holds.liveOwners(undefined)).toEqual([first.owner, second.owner].sort());
  });

  it('close lets statements still waiting for a connection finish, rather than fail at the connection timeout', async () => {
    const world = await leaseWorld();
    const holds = await SessionHolds.open({
      connectionString: await testDatabaseUrl(),
      schema: world.schema,
      poolSize: 1,
      connectionTimeoutMs: 2_000,
    });
    const sent = Array.from({ length: 20 }, () => holds.active());
    const closed = holds.close();
    const outcomes = await Promise.allSettled(sent);
    await closed;
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  });
});
