import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { StaleLeaseError } from '../src/index';
import { leaseWorld } from './fixtures/lease-world';

describe('PostgresArchiveStore.fenced: writes carry the fencing token ([DUR-3])', () => {
  it('[DUR-3] lands every write of the current holder, through each write method', async () => {
    const world = await leaseWorld();
    const leases = await world.leases();
    const store = await world.store();
    const fenced = store.fenced(await leases.acquire('s1'));
    await fenced.archiveIncoming(
      { sessionId: 's1', content: 'hi', platform: 'cli', userId: 'u' },
      { turnId: 't1', entry: 'opened' },
    );
    const [reply] = await fenced.append('s1', [
      { role: 'assistant', content: 'hello', metadata: { [Keys.TurnId]: 't1' } },
    ]);
    await fenced.updateMetadata(reply?.id ?? '', { note: 1 });
    await fenced.append('s1', [{ role: 'assistant', content: 'later', metadata: { [Keys.TurnId]: 't2' } }]);
    expect(await fenced.rollback('s1', 't2')).toBe(1);
    const stored = await store.list('s1');
    expect(stored.map((message) => message.content)).toEqual(['hi', 'hello']);
    expect(stored[1]?.metadata).toMatchObject({ note: 1 });
    const many = Array.from({ length: 1001 }, (_, index) => ({
      role: 'user' as const,
      content: `m${index}`,
    }));
    expect(await fenced.append('s1', many)).toHaveLength(1001);
    expect(await fenced.clear(['s1'])).toBe(1003);
  });

  it('[DUR-3] refuses every write of a paused owner after another took over, and nothing of it lands', async () => {
    const world = await leaseWorld();
    // 1.5 s: the writes before the pause land well inside the lease, even on a busy machine.
    const paused = await world.leases({ heartbeat: false, ttlMs: 1500 });
    const next = await world.leases();
    const store = await world.store();
    const old = await paused.acquire('s1');
    const stale = store.fenced(old);
    const [kept] = await stale.append('s1', [
      { role: 'assistant', content: 'before the pause', metadata: { [Keys.TurnId]: 't1' } },
    ]);

    // The owner stops (no heartbeat), its lease expires by the server's clock, another takes over.
    await world.serverPasses(old);
    const current = await next.acquire('s1');

    const refused = stale.append('s1', [{ role: 'assistant', content: 'after the takeover' }]);
    await expect(refused).rejects.toSatisfy(StaleLeaseError.isInstance);
    await expect(refused).rejects.toMatchObject({
      code: 'ARCHIVE_STORAGE_FAILED',
      sessionId: 's1',
      token: old.token,
    });
    const many = Array.from({ length: 1001 }, (_, index) => ({
      role: 'user' as const,
      content: `m${index}`,
    }));
    await expect(stale.append('s1', many)).rejects.toSatisfy(StaleLeaseError.isInstance);
    await expect(stale.updateMetadata(kept?.id ?? '', { late: true })).rejects.toSatisfy(
      StaleLeaseError.isInstance,
    );
    await expect(stale.rollback('s1', 't1')).rejects.toSatisfy(StaleLeaseError.isInstance);
    await expect(stale.clear(['s1'])).rejects.toSatisfy(StaleLeaseError.isInstance);
    await expect(
      stale.archiveIncoming({ sessionId: 's1', content: 'x', platform: 'cli', userId: 'u' }),
    ).rejects.toSatisfy(StaleLeaseError.isInstance);
    const stored = await store.list('s1');
    expect(stored.map((message) => message.content)).toEqual(['before the pause']);
    expect(stored[0]?.metadata).not.toHaveProperty('late');

    await store.fenced(current).append('s1', [{ role: 'assistant', content: 'new owner' }]);
    expect((await store.list('s1')).map((message) => message.content)).toEqual([
      'before the pause',
      'new owner',
    ]);
  });

  it('[DUR-3] refuses writes of a released lease, even with no new owner', async () => {
    const world = await leaseWorld();
    const leases = await world.leases();
    const store = await world.store();
    const lease = await leases.acquire('s1');
    await leases.release(lease);
    await expect(store.fenced(lease).append('s1', [{ role: 'user', content: 'x' }])).rejects.toSatisfy(
      StaleLeaseError.isInstance,
    );
    expect(await store.list('s1')).toEqual([]);
  });

  it('[DUR-3] a takeover waits for a fenced write in flight: the write commits before the new token exists', async () => {
    const world = await leaseWorld();
    // 1.5 s: the writes before the pause land well inside the lease, even on a busy machine.
    const paused = await world.leases({ heartbeat: false, ttlMs: 1500 });
    const next = await world.leases();
    const store = await world.store();
    const old = await paused.acquire('s1');

    // Hold the write after its fence check, at the unique check of its message id.
    const holder = await world.holdMessageId('in-flight');
    const write = store.fenced(old).append('s1', [{ id: 'in-flight', role: 'user', content: 'in flight' }]);
    await expect.poll(() => world.insertsWaiting('messages')).toBe(1);
    await world.serverPasses(old);

    let committed = false;
    let acquiredAfterCommit: boolean | undefined;
    const acquisition = next.acquire('s1').then((lease) => {
      acquiredAfterCommit = committed;
      return lease;
    });
    await expect
      .poll(
        async () => acquiredAfterCommit !== undefined || (await world.insertsWaiting('session_leases')) === 1,
      )
      .toBe(true);
    committed = true;
    await holder.query('ROLLBACK');

    await write;
    const current = await acquisition;
    expect(acquiredAfterCommit).toBe(true);
    expect(current.token).toBe(old.token + 1);
    expect((await store.list('s1')).map((message) => message.content)).toEqual(['in flight']);
    await expect(store.fenced(old).append('s1', [{ role: 'user', content: 'late' }])).rejects.toSatisfy(
      StaleLeaseError.isInstance,
    );
  });

  it('writes only its own session; unfenced writes of the store are not fenced at all', async () => {
    const world = await leaseWorld();
    const leases = await world.leases();
    const store = await world.store();
    const fenced = store.fenced(await leases.acquire('s1'));
    await expect(fenced.append('s2', [{ role: 'user', content: 'x' }])).rejects.toThrow(TypeError);
    await expect(fenced.clear(undefined)).rejects.toThrow(TypeError);
    const [other] = await store.append('s2', [{ role: 'user', content: 'unfenced' }]);
    await expect(fenced.updateMetadata(other?.id ?? '', { a: 1 })).rejects.toThrow(TypeError);
    expect((await store.get(other?.id ?? ''))?.metadata).toEqual({});
    await fenced.close();
    expect(await store.append('s1', [{ role: 'user', content: 'still open' }])).toHaveLength(1);
  });
});
