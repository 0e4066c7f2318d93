import { createTurnPersistence } from '@aalis/archive-adapter';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { SessionNotLeasedError, StaleLeaseError } from '../src/index';
import { leaseWorld } from './fixtures/lease-world';

const input = (sessionId: string, content: string) => ({ sessionId, content, platform: 'cli', userId: 'u' });

describe('PostgresArchiveStore.leased: turn writes go through the lease this process holds ([DUR-3])', () => {
  it('[DUR-3] lands the turn writes of sessions it holds, refuses those of others, and leaves clearing unfenced', async () => {
    const world = await leaseWorld();
    const leases = await world.leases();
    const store = await world.store();
    const archive = store.leased(leases);
    await leases.acquire('mine');
    const persistence = createTurnPersistence({ archive, memory: archive });
    await persistence
      .beginTurn({ turnId: 't1', sessionId: 'mine' })
      .archiveOpened([{ message: input('mine', 'question') }]);
    const [reply] = await archive.append('mine', [
      { role: 'assistant', content: 'answer', metadata: { [Keys.TurnId]: 't1' } },
    ]);
    await archive.updateMetadata(reply?.id ?? '', { note: 1 });
    expect((await store.list('mine')).map((message) => message.content)).toEqual(['question', 'answer']);
    expect((await archive.history('mine')).at(-1)?.metadata).toMatchObject({ note: 1 });

    await store.append('theirs', [{ role: 'user', content: 'written by its owner' }]);
    const [theirs] = await store.list('theirs');
    for (const write of [
      () => archive.archiveIncoming(input('theirs', 'x'), { turnId: 't9', entry: 'opened' }),
      () => archive.append('theirs', [{ role: 'assistant', content: 'x' }]),
      () => archive.updateMetadata(theirs?.id ?? '', { note: 2 }),
      () => archive.rollback('theirs', 't9'),
    ]) {
      await expect(write()).rejects.toSatisfy(SessionNotLeasedError.isInstance);
    }
    expect(await store.list('theirs')).toEqual([theirs]);
    // The cleanup of clearing runs under the agent's hold, on whichever process asked for it.
    expect(await archive.clear(['theirs'])).toBe(1);
  });

  it('[DUR-3] refuses the writes of a lease taken over by another process, noticed or not', async () => {
    const world = await leaseWorld();
    const paused = await world.leases({ heartbeat: false, ttlMs: 1500 });
    const store = await world.store();
    const old = await paused.acquire('s1');
    // A process paused before its timers ran: it still believes it holds the old lease.
    const unaware = store.leased({ leaseOf: (sessionId) => (sessionId === 's1' ? old : undefined) });
    const [kept] = await unaware.append('s1', [{ role: 'assistant', content: 'before', metadata: {} }]);
    await world.serverPasses(old);
    await (await world.leases()).acquire('s1');
    await expect(unaware.append('s1', [{ role: 'assistant', content: 'after' }])).rejects.toMatchObject({
      name: 'StaleLeaseError',
      token: old.token,
    });
    await expect(unaware.updateMetadata(kept?.id ?? '', { late: true })).rejects.toSatisfy(
      StaleLeaseError.isInstance,
    );
    // The same process once its deadline passed: it knows it holds no lease.
    await expect(
      store.leased(paused).append('s1', [{ role: 'assistant', content: 'after' }]),
    ).rejects.toSatisfy(SessionNotLeasedError.isInstance);
    expect((await store.list('s1')).map((message) => [message.content, message.metadata])).toEqual([
      ['before', {}],
    ]);
    expect(() => store.leased({} as never)).toThrow(TypeError);
  });
});
