import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { DatabaseHolder } from './database-holder';
import { isHolderLive } from './is-holder-live';

const holder = (overrides: Partial<DatabaseHolder>): DatabaseHolder => ({
  ownerId: 'owner',
  pid: process.pid,
  hostname: 'here',
  startedAt: 0,
  heartbeatAt: 1000,
  expiryMs: 500,
  ...overrides,
});

/** The pid of a process that has already ended. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (pid === undefined) throw new Error('could not start a process');
  return pid;
}

describe('isHolderLive', () => {
  it('[DUR-3] a holder on this host is live while its heartbeat is fresh and its pid exists', () => {
    expect(isHolderLive(holder({}), { now: 1400, hostname: 'here' })).toBe(true);
  });

  it('[DUR-3] a holder on this host whose pid is gone is dead at once, however fresh its heartbeat', () => {
    expect(isHolderLive(holder({ pid: deadPid() }), { now: 1000, hostname: 'here' })).toBe(false);
  });

  it('[DUR-3] a holder on another host is live until its own expiry after the last heartbeat', () => {
    const remote = holder({ hostname: 'elsewhere', pid: deadPid() });
    expect(isHolderLive(remote, { now: 1499, hostname: 'here' })).toBe(true);
    expect(isHolderLive(remote, { now: 1500, hostname: 'here' })).toBe(false);
  });

  it('an expired heartbeat frees the file even on this host with a live pid (a reused pid)', () => {
    expect(isHolderLive(holder({}), { now: 2000, hostname: 'here' })).toBe(false);
  });
});
