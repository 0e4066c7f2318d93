import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../tools/test-postgres/test-database';
import {
  LeaseHeldError,
  LeaseLostError,
  type SessionLease,
  SessionLeaseError,
  SessionLeases,
} from '../src/index';
import { type LeaseWorld, leaseWorld, whenAborted } from './fixtures/lease-world';

describe('SessionLeases: ownership of a session ([DUR-3])', () => {
  it('[DUR-3] gives a free session to the first owner; a second owner gets LeaseHeldError naming the holder and its expiry', async () => {
    const world = await leaseWorld();
    const first = await world.leases();
    const second = await world.leases();
    const lease = await first.acquire('s1');
    expect(lease).toMatchObject({ sessionId: 's1', owner: first.owner, token: 1, held: true });
    expect(first.leaseOf('s1')).toBe(lease);

    const refused = second.acquire('s1');
    await expect(refused).rejects.toSatisfy(LeaseHeldError.isInstance);
    await expect(refused).rejects.toMatchObject({
      code: 'LEASE_HELD',
      sessionId: 's1',
      holder: first.owner,
      expiresAt: lease.expiresAt,
    });
    expect(second.leaseOf('s1')).toBeUndefined();
    await expect(first.acquire('s1')).rejects.toMatchObject({ code: 'LEASE_HELD', holder: first.owner });
  });

  it('[DUR-3] lets another owner take over once the lease expired by the server clock, with the next token', async () => {
    const world = await leaseWorld();
    const paused = await world.leases({ heartbeat: false, ttlMs: 300 });
    const next = await world.leases();
    const old = await paused.acquire('s1');
    await world.serverPasses(old);
    const taken = await next.acquire('s1');
    expect(taken.token).toBe(old.token + 1);
    expect(taken.owner).toBe(next.owner);
  });

  it("[DUR-3] frees a killed owner's session once its lease expired by the server clock, though nothing released it", async () => {
    const world = await leaseWorld();
    const connections = new pg.Pool({ connectionString: await testDatabaseUrl(), max: 2 });
    connections.on('error', () => undefined);
    const killed = await SessionLeases.open({
      pool: connections,
      schema: world.schema,
      migrate: false,
      ttlMs: 300,
    });
    const next = await world.leases();
    const lease = await killed.acquire('s1');
    await connections.end(); // the process is gone: no renewal, no release reaches the server
    await world.serverPasses(lease);
    expect((await next.acquire('s1')).token).toBe(lease.token + 1);
    expect(await whenAborted(lease.signal)).toMatchObject({ kind: 'expired' });
  });

  it('[DUR-3] counts tokens on after a release, so a token never repeats, also for the same owner', async () => {
    const world = await leaseWorld();
    const one = await world.leases();
    const other = await world.leases();
    const first = await one.acquire('s1');
    await one.release(first);
    expect(first.held).toBe(false);
    expect((await whenAborted(first.signal)) as Error).toMatchObject({ name: 'AbortError' });
    const second = await other.acquire('s1');
    await other.release(second);
    const third = await one.acquire('s1');
    expect([first.token, second.token, third.token]).toEqual([1, 2, 3]);
  });

  it('[DUR-3] renew moves the expiry on while the lease is held, and fails with LeaseLostError after a takeover', async () => {
    // Without renewals the local deadline passes before the server lets anyone take over, so
    // the loss is known here as 'expired'; the heartbeat test below meets 'taken-over'.
    const world = await leaseWorld();
    const paused = await world.leases({ heartbeat: false, ttlMs: 1500 });
    const next = await world.leases();
    const lease = await paused.acquire('s1');
    const before = lease.expiresAt.getTime();
    await world.admin.query('SELECT pg_sleep(0.01)');
    expect((await paused.renew(lease)).expiresAt.getTime()).toBeGreaterThan(before);

    await world.serverPasses(lease);
    await next.acquire('s1');
    const renewal = paused.renew(lease);
    await expect(renewal).rejects.toSatisfy(LeaseLostError.isInstance);
    await expect(renewal).rejects.toMatchObject({ code: 'LEASE_LOST', kind: 'expired', token: lease.token });
    expect(lease.held).toBe(false);
    expect(LeaseLostError.isInstance(lease.signal.reason)).toBe(true);
    expect(paused.leaseOf('s1')).toBeUndefined();
  });

  it('[DUR-3] the heartbeat keeps a lease past its first expiry: nobody can take it over', async () => {
    const world = await leaseWorld();
    const holder = await world.leases({ ttlMs: 3000, renewEveryMs: 100 });
    const other = await world.leases();
    const lease = await holder.acquire('s1');
    const firstExpiry = lease.expiresAt;
    await world.serverPasses(lease);
    expect(lease.held).toBe(true);
    expect(lease.expiresAt.getTime()).toBeGreaterThan(firstExpiry.getTime());
    await expect(other.acquire('s1')).rejects.toMatchObject({ code: 'LEASE_HELD', holder: holder.owner });
  });

  it('[DUR-3] the heartbeat notices a takeover and aborts the lease signal with LeaseLostError', async () => {
    const world = await leaseWorld();
    const holder = await world.leases({ ttlMs: 60_000, renewEveryMs: 50 });
    const lease = await holder.acquire('s1');
    // What another owner's acquisition does after the server's clock jumped past the expiry:
    // a newer token. The holder learns it at its next renewal.
    await world.admin.query(
      `UPDATE "${world.schema}".session_leases SET owner = 'intruder', token = token + 1 WHERE session_id = 's1'`,
    );
    const reason = await whenAborted(lease.signal);
    expect(reason).toSatisfy(LeaseLostError.isInstance);
    expect(reason).toMatchObject({ kind: 'taken-over', sessionId: 's1', token: lease.token });
    expect(holder.leaseOf('s1')).toBeUndefined();
  });

  it('[DUR-3] a lease not renewed before its local deadline is lost, and the server frees it for others', async () => {
    const world = await leaseWorld();
    const silent = await world.leases({ heartbeat: false, ttlMs: 200 });
    const other = await world.leases();
    const lease = await silent.acquire('s1');
    const reason = await whenAborted(lease.signal);
    expect(reason).toMatchObject({ code: 'LEASE_LOST', kind: 'expired' });
    await expect(silent.renew(lease)).rejects.toMatchObject({ kind: 'expired' });
    await world.serverPasses(lease);
    expect((await other.acquire('s1')).token).toBe(lease.token + 1);
  });

  it('[DUR-3] close releases every lease: their signals abort and others acquire at once', async () => {
    const world = await leaseWorld();
    const closing = await world.leases();
    const other = await world.leases();
    const held = [await closing.acquire('a'), await closing.acquire('b')];
    await closing.close();
    expect(held.map((lease) => lease.held)).toEqual([false, false]);
    expect((await other.acquire('a')).token).toBe(2);
    expect((await other.acquire('b')).token).toBe(2);
    await expect(closing.acquire('c')).rejects.toThrow(TypeError);
  });

  it('[DUR-3] close waits for an acquisition in flight and releases what it got', async () => {
    const world = await leaseWorld();
    const closing = await world.leases();
    const other = await world.leases();
    const locker = await world.lockAgainstInserts('session_leases');
    const attempt = closing.acquire('s1');
    await expect.poll(() => world.insertsWaiting('session_leases')).toBe(1);
    const closed = closing.close();
    await locker.query('COMMIT');
    await expect(attempt).rejects.toThrow(TypeError);
    await closed;
    expect((await other.acquire('s1')).token).toBe(2);
  });

  it('acquire honours an aborted signal, and a lease granted after the abort is released again', async () => {
    const world = await leaseWorld();
    const leases = await world.leases();
    const stop = new AbortController();
    stop.abort(new Error('turn stopped'));
    await expect(leases.acquire('s1', { signal: stop.signal })).rejects.toThrow('turn stopped');

    // Hold the second attempt at the server until its caller has given up.
    const locker = await world.lockAgainstInserts('session_leases');
    const late = new AbortController();
    const attempt = leases.acquire('s2', { signal: late.signal });
    await expect.poll(() => world.insertsWaiting('session_leases')).toBe(1);
    late.abort(new Error('gave up'));
    await expect(attempt).rejects.toThrow('gave up');
    await locker.query('COMMIT');
    const other = await world.leases();
    await expect
      .poll(
        () =>
          other.acquire('s2').then(
            (lease) => lease.token,
            (error: unknown) => error,
          ),
        { timeout: 10_000 },
      )
      .toBe(2);
    expect(leases.leaseOf('s2')).toBeUndefined();
    expect((await other.acquire('s1')).token).toBe(1); // the call stopped before it was sent
  });

  it('rejects misuse as TypeErrors: bad timing, a lease of another instance', async () => {
    const world = await leaseWorld();
    await expect(world.leases({ ttlMs: 1000, renewEveryMs: 1000 })).rejects.toThrow(/renewEveryMs/);
    await expect(world.leases({ ttlMs: 0 })).rejects.toThrow(/ttlMs/);
    const one = await world.leases();
    const other = await world.leases();
    const lease = await one.acquire('s1');
    await expect(other.renew(lease)).rejects.toThrow(TypeError);
    await expect(other.release(lease)).rejects.toThrow(TypeError);
    await expect(one.acquire('')).rejects.toThrow(TypeError);
  });

  it('recognises its errors from another installed copy by their brand', () => {
    const error = new LeaseHeldError({ sessionId: 's', holder: 'h', expiresAt: new Date(0) });
    const foreign = Object.assign(new Error('x'), { code: 'LEASE_HELD' });
    Object.defineProperty(foreign, Symbol.for('@aalis/archive-postgres/error'), {
      value: true,
    });
    expect(SessionLeaseError.isInstance(error)).toBe(true);
    expect(LeaseHeldError.isInstance(foreign)).toBe(true);
    expect(LeaseLostError.isInstance(foreign)).toBe(false);
    expect(SessionLeaseError.isInstance(new Error('plain'))).toBe(false);
  });
});

describe('SessionLeases under contention ([DUR-3])', () => {
  it('[DUR-3] N owners acquiring one session at once: exactly one wins with the next token, every other names it', async () => {
    const world = await leaseWorld();
    const shared = new pg.Pool({ connectionString: await testDatabaseUrl(), max: 8 });
    shared.on('error', () => undefined);
    const owners = await Promise.all(
      Array.from({ length: 8 }, () =>
        SessionLeases.open({ pool: shared, schema: world.schema, migrate: false }),
      ),
    );
    const earlier = await world.leases({ heartbeat: false, ttlMs: 100 });
    let round = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 8 }),
          fc.constantFrom('fresh', 'expired', 'released'),
          async (count, previous) => {
            round += 1;
            const sessionId = `race-${round}`;
            const before = await previousLease({ world, leases: earlier, sessionId, previous });
            const contenders = owners.slice(0, count);
            const outcomes = await Promise.allSettled(contenders.map((owner) => owner.acquire(sessionId)));
            const winners = outcomes.flatMap((outcome) =>
              outcome.status === 'fulfilled' ? [outcome.value] : [],
            );
            expect(winners).toHaveLength(1);
            const winner = winners[0] as SessionLease;
            expect(winner.token).toBe(before + 1);
            for (const outcome of outcomes) {
              if (outcome.status === 'rejected') {
                expect(outcome.reason).toSatisfy(LeaseHeldError.isInstance);
                expect(outcome.reason).toMatchObject({ holder: winner.owner, expiresAt: winner.expiresAt });
              }
            }
            await owners.find((owner) => owner.owner === winner.owner)?.release(winner);
          },
        ),
        { numRuns: 30 },
      );
    } finally {
      await Promise.all(owners.map((owner) => owner.close()));
      await shared.end();
    }
  });
  it('[DUR-3] a lease past its local deadline is not held, even while a blocked event loop keeps its timer from running', async () => {
    const world = await leaseWorld();
    const leases = await world.leases({ ttlMs: 100, heartbeat: false });
    const lease = await leases.acquire('s1');
    const blockedUntil = performance.now() + 150;
    while (performance.now() < blockedUntil) {
      // The event loop is blocked: no timer runs.
    }
    expect(leases.leaseOf('s1')).toBeUndefined();
    expect(lease.held).toBe(false);
    expect(lease.signal.reason).toMatchObject({ code: 'LEASE_LOST', kind: 'expired' });
  });
  it('[DUR-3] tells whether any process holds a live lease of a session, by the server clock', async () => {
    const world = await leaseWorld();
    const [holder, other] = [await world.leases({ ttlMs: 200, heartbeat: false }), await world.leases()];
    expect(await other.isHeld('s1')).toBe(false);
    const lease = await holder.acquire('s1');
    expect(await other.isHeld('s1')).toBe(true);
    await world.serverPasses(lease);
    expect(await other.isHeld('s1')).toBe(false);
    await other.release(await other.acquire('s2'));
    expect(await other.isHeld('s2')).toBe(false);
  });
});

/** Leaves the session's lease as the case wants it; resolves with its token (0: never leased). */
async function previousLease(options: {
  world: LeaseWorld;
  leases: SessionLeases;
  sessionId: string;
  previous: 'fresh' | 'expired' | 'released';
}): Promise<number> {
  const { world, leases, sessionId, previous } = options;
  if (previous === 'fresh') return 0;
  const lease = await leases.acquire(sessionId);
  if (previous === 'released') await leases.release(lease);
  else await world.serverPasses(lease);
  return lease.token;
}
