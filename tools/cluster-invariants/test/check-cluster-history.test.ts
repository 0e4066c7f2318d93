import { describe, expect, it } from 'vitest';
import { checkClusterHistory } from '../check-cluster-history';
import type { ClusterHistory } from '../cluster-history';

/**
 * Two processes, two sessions: p1 serves s1 (two turns, the second one joined by a later
 * input) and s2 until it is killed at 500 mid-turn (the cut turn's input ran in it); p2 takes
 * s2 over at 1200 (lease 600 ms) and serves the next input.
 */
const CLEAN: ClusterHistory = {
  leaseTtlMs: 600,
  processes: [{ id: 'p1', killedAt: 500 }, { id: 'p2' }],
  acquisitions: [
    { sessionId: 's1', process: 'p1', token: 1, at: 0 },
    { sessionId: 's2', process: 'p1', token: 1, at: 0 },
    { sessionId: 's1', process: 'p2', token: 2, at: 1150 },
    { sessionId: 's2', process: 'p2', token: 2, at: 1200 },
  ],
  inputs: [
    { id: 'a', sessionId: 's1', process: 'p2', order: 1, enqueuedAt: 10, settledAt: 100 },
    { id: 'b', sessionId: 's1', process: 'p2', order: 2, enqueuedAt: 20, settledAt: 300 },
    { id: 'c', sessionId: 's1', process: 'p1', order: 3, enqueuedAt: 150 },
    { id: 'd', sessionId: 's2', process: 'p2', order: 1, enqueuedAt: 400, settledAt: 1210 },
    { id: 'e', sessionId: 's2', process: 'p2', order: 2, enqueuedAt: 450, settledAt: 1300 },
  ],
  turns: [
    { turnId: 't1', sessionId: 's1', process: 'p1', startedAt: 10, endedAt: 100, inputIds: ['a'] },
    { turnId: 't2', sessionId: 's1', process: 'p1', startedAt: 100, endedAt: 300, inputIds: ['b', 'c'] },
    { turnId: 't3', sessionId: 's2', process: 'p1', startedAt: 400, inputIds: ['d'] },
    { turnId: 't4', sessionId: 's2', process: 'p2', startedAt: 1220, endedAt: 1300, inputIds: ['e'] },
  ],
  releases: [],
  writes: [
    { sessionId: 's1', token: 1, at: 50 },
    { sessionId: 's2', token: 1, at: 450 },
    { sessionId: 's2', token: 2, at: 1250 },
  ],
};

/** The clean run with some of its records replaced. */
function withChanges(change: (history: ClusterHistory) => Partial<ClusterHistory>): ClusterHistory {
  return { ...CLEAN, ...change(CLEAN) };
}

const invariantsOf = (history: ClusterHistory) =>
  checkClusterHistory(history).violations.map((violation) => violation.invariant);

describe('checkClusterHistory', () => {
  it('passes a run that keeps every rule, counting each check', () => {
    const verdict = checkClusterHistory(CLEAN);
    expect(verdict.violations).toEqual([]);
    expect(verdict.checked).toEqual({
      settles: 4,
      'exactly-once': 5,
      'no-overlap': 2,
      'enqueue-order': 2,
      'fenced-writes': 3,
      'failover-time': 1,
    });
  });

  it('finds a call on a live process that never settled, not one on the killed process', () => {
    const history = withChanges(({ inputs }) => ({
      inputs: inputs.map((input) => (input.id === 'e' ? { ...input, settledAt: undefined } : input)),
    }));
    expect(checkClusterHistory(history).violations).toEqual([
      { invariant: 'settles', detail: 'input e on live p2 never settled' },
    ]);
  });

  it('finds an input run twice, or run and released, or neither', () => {
    const twice = withChanges(({ turns }) => ({
      turns: turns.map((turn) => (turn.turnId === 't4' ? { ...turn, inputIds: ['e', 'd'] } : turn)),
    }));
    expect(invariantsOf(twice)).toEqual(['exactly-once']);
    const runAndReleased = withChanges(() => ({ releases: [{ inputId: 'a', at: 5 }] }));
    expect(invariantsOf(runAndReleased)).toEqual(['exactly-once']);
    const lost = withChanges(({ turns }) => ({ turns: turns.filter((turn) => turn.turnId !== 't4') }));
    expect(invariantsOf(lost)).toEqual(['exactly-once']);
  });

  it('finds turns of one session that overlap, a cut turn lasting until its process died', () => {
    const overlapping = withChanges(({ turns }) => ({
      turns: turns.map((turn) => (turn.turnId === 't2' ? { ...turn, startedAt: 90 } : turn)),
    }));
    expect(invariantsOf(overlapping)).toEqual(['no-overlap']);
    const beforeDeath = withChanges(({ turns }) => ({
      turns: turns.map((turn) => (turn.turnId === 't4' ? { ...turn, startedAt: 450 } : turn)),
    }));
    expect(invariantsOf(beforeDeath)).toEqual(['no-overlap']);
  });

  it('finds turns that opened out of enqueue order', () => {
    const swapped = withChanges(({ inputs }) => ({
      inputs: inputs.map((input) => (input.id === 'a' ? { ...input, order: 5 } : input)),
    }));
    expect(invariantsOf(swapped)).toEqual(['enqueue-order']);
  });

  it('finds a write that carried a token older than the lease', () => {
    const stale = withChanges(({ writes }) => ({
      writes: [...writes, { sessionId: 's1', token: 1, at: 1160 }],
    }));
    expect(checkClusterHistory(stale).violations).toEqual([
      { invariant: 'fenced-writes', detail: 's1: a write at 1160 carried token 1 while the lease was at 2' },
    ]);
  });

  it('finds a busy session of a dead process taken over late, or never', () => {
    const late = withChanges(({ acquisitions }) => ({
      acquisitions: acquisitions.map((acquisition) =>
        acquisition.sessionId === 's2' && acquisition.token === 2
          ? { ...acquisition, at: 2200 }
          : acquisition,
      ),
      turns: CLEAN.turns.map((turn) =>
        turn.turnId === 't4' ? { ...turn, startedAt: 2220, endedAt: 2300 } : turn,
      ),
      writes: [],
    }));
    expect(invariantsOf(late)).toEqual(['failover-time']);
    const never = withChanges(({ acquisitions }) => ({
      acquisitions: acquisitions.filter(
        (acquisition) => !(acquisition.sessionId === 's2' && acquisition.token === 2),
      ),
      writes: [],
    }));
    expect(invariantsOf(never)).toEqual(['failover-time']);
  });
});
