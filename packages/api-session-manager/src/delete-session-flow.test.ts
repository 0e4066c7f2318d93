import { describe, expect, it } from 'vitest';
import {
  type DeleteSessionFlowOptions,
  deleteSessionFlow,
  type SessionClearingAgent,
  type SessionDeletedEvent,
} from './index';

/** A fake agent that records the hold around the cleanup, like `AgentService.clearing`. */
function recordingAgent(log: string[]): SessionClearingAgent {
  return {
    async clearing(sessionIds, clear, reason) {
      log.push(`hold ${sessionIds?.join(',')} reason=${reason}`);
      try {
        await clear();
      } finally {
        log.push('release');
      }
    },
  };
}

/** Fake session-manager steps that record every call in `log`. */
function recordingSteps(log: string[], children: readonly string[] = ['child-1', 'grandchild-1']) {
  const generations = new Map<string, number>();
  const events: SessionDeletedEvent[] = [];
  const steps: Omit<DeleteSessionFlowOptions, 'sessionIds' | 'agent'> = {
    advanceGeneration: (sessionId) => {
      const generation = generations.get(sessionId) ?? 0;
      generations.set(sessionId, generation + 1);
      log.push(`advance ${sessionId}`);
      return generation;
    },
    deleteChildren: async (sessionIds) => {
      log.push(`deleteChildren ${sessionIds.join(',')}`);
      return children;
    },
    emitDeleted: (event) => {
      events.push(event);
      log.push(`deleted ${event.sessionId}`);
    },
    runMemoryClear: async (sessionIds) => {
      log.push(`memory:clear ${sessionIds.join(',')}`);
    },
  };
  return { steps, events, generations };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('deleteSessionFlow', () => {
  it('[DEL-2] advances the generations before the agent stops the sessions', async () => {
    const log: string[] = [];
    const { steps } = recordingSteps(log, []);
    await deleteSessionFlow({ ...steps, sessionIds: ['a', 'b'], agent: recordingAgent(log) });
    expect(log.slice(0, 3)).toEqual(['advance a', 'advance b', 'hold a,b reason=undefined']);
  });

  it('[CLR-1] hands clearing a cleanup that deletes children, emits session:deleted, then runs memory:clear', async () => {
    const log: string[] = [];
    const { steps } = recordingSteps(log);
    const deleted = await deleteSessionFlow({
      ...steps,
      sessionIds: ['a'],
      agent: recordingAgent(log),
      reason: 'user deleted',
    });
    expect(log).toEqual([
      'advance a',
      'hold a reason=user deleted',
      'deleteChildren a',
      'advance child-1',
      'advance grandchild-1',
      'deleted child-1',
      'deleted grandchild-1',
      'deleted a',
      'memory:clear child-1,grandchild-1,a',
      'release',
    ]);
    expect(deleted).toEqual(['child-1', 'grandchild-1', 'a']);
  });

  it('[DEL-2] reports the generation that was deleted in each session:deleted event', async () => {
    const { steps, events, generations } = recordingSteps([]);
    generations.set('a', 4);
    await deleteSessionFlow({ ...steps, sessionIds: ['a'], agent: recordingAgent([]) });
    expect(events).toEqual([
      { sessionId: 'child-1', generation: 0 },
      { sessionId: 'grandchild-1', generation: 0 },
      { sessionId: 'a', generation: 4 },
    ]);
    expect(generations.get('a')).toBe(5);
  });

  it('[DEL-1] waits for the session:deleted listeners before clearing the history', async () => {
    const log: string[] = [];
    const { steps } = recordingSteps(log, []);
    const listener = deferred();
    const flow = deleteSessionFlow({
      ...steps,
      sessionIds: ['a'],
      agent: recordingAgent(log),
      emitDeleted: () => listener.promise,
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(log).not.toContain('memory:clear a');
    listener.resolve();
    await flow;
    expect(log).toContain('memory:clear a');
  });

  it('[SVC-5] runs the cleanup directly when no agent is present', async () => {
    const log: string[] = [];
    const { steps } = recordingSteps(log, []);
    await deleteSessionFlow({ ...steps, sessionIds: ['a'], agent: undefined });
    expect(log).toEqual(['advance a', 'deleteChildren a', 'deleted a', 'memory:clear a']);
  });

  it('[CLR-6] rejects with the failure of the memory chain after the agent released its hold', async () => {
    const log: string[] = [];
    const { steps } = recordingSteps(log, []);
    const failure = new Error('disk full');
    const flow = deleteSessionFlow({
      ...steps,
      sessionIds: ['a'],
      agent: recordingAgent(log),
      runMemoryClear: async () => {
        throw failure;
      },
    });
    await expect(flow).rejects.toBe(failure);
    expect(log.at(-1)).toBe('release');
  });
});
