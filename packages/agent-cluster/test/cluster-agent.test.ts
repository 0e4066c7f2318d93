import { createTurnPersistence } from '@aalis/archive-adapter';
import type { SessionHolds, SessionInbox } from '@aalis/archive-postgres';
import { MessageValidationError, WellKnownKinds, WellKnownMetadataKeys } from '@aalis/schema-message';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../tools/test-postgres/test-database';
import { ClusterInputError } from '../src/index';
import { clusterWorld, input, isSettled, patiently } from './fixtures/cluster-world';

async function countInputs(schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: await testDatabaseUrl() });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM "${schema}".session_inputs`,
    );
    return Number(result.rows[0]?.n);
  } finally {
    await client.end();
  }
}

async function countQueued(schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: await testDatabaseUrl() });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM "${schema}".session_inputs WHERE state = 'queued'`,
    );
    return Number(result.rows[0]?.n);
  } finally {
    await client.end();
  }
}

/** A turn's news one process broadcast: opened (`open`) or ended. */
interface TurnNews {
  readonly turnId: string;
  readonly open: boolean;
}

/**
 * The inbox with every broadcast its agent hears passed to `hear` with the agent's own delivery:
 * a test records, holds or lets each one through.
 */
function hearingThrough(
  inbox: SessionInbox,
  hear: (message: unknown, deliver: () => void) => void,
): SessionInbox {
  return new Proxy(inbox, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key !== 'onBroadcast') return value.bind(target);
      return (listener: (message: unknown) => void) =>
        target.onBroadcast((message) => hear(message, () => listener(message)));
    },
  });
}

/** The inbox with each turn news recorded into `heard` after the agent heard it. */
function hearingTurnNews(inbox: SessionInbox, heard: TurnNews[]): SessionInbox {
  return hearingThrough(inbox, (message, deliver) => {
    deliver();
    const news = message as { kind?: unknown; turnId?: unknown; open?: unknown };
    if (news.kind === 'turn') heard.push({ turnId: String(news.turnId), open: news.open === true });
  });
}

/** The inbox with each abort command its agent hears held in `held` until the test delivers it. */
function holdingAborts(inbox: SessionInbox, held: (() => void)[]): SessionInbox {
  return hearingThrough(inbox, (message, deliver) => {
    if ((message as { kind?: unknown }).kind === 'abort') held.push(deliver);
    else deliver();
  });
}

/**
 * The holds as a cluster agent sees them (`wrap`), with `withhold()`: from then on each read of
 * the holds in force is taken at once but answered late — the first when the test calls
 * `answerFirst()`, the later ones never — as on a loaded server. `withhold()` resolves once the
 * first withheld read was taken.
 */
function withheldReads() {
  let withholding = false;
  const answers: (() => void)[] = [];
  let firstTaken: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    firstTaken = resolve;
  });
  const wrap = (holds: SessionHolds): SessionHolds =>
    new Proxy(holds, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        if (key !== 'active') return value.bind(target);
        return async () => {
          const read: unknown = await value.call(target);
          if (!withholding) return read;
          await new Promise<void>((resolve) => {
            answers.push(resolve);
            if (answers.length === 1) firstTaken();
          });
          return read;
        };
      },
    });
  return {
    wrap,
    withhold: () => {
      withholding = true;
      return first;
    },
    answerFirst: () => answers[0]?.(),
  };
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

// The shared PostgreSQL server starts on the first request of the run: outside any test's time
// limit, since a machine busy with the whole suite can take longer than one test may.
beforeAll(async () => {
  await testDatabaseUrl();
}, 120_000);

describe('ClusterAgent: any process receives, the owner serves ([DUR-3])', () => {
  it('[SCH-5] inputs one process receives for a session back to back reach the owner in the order of the calls', async () => {
    const world = await clusterWorld();
    const owner = await world.process();
    owner.local.autoSettle = true;
    const contents = Array.from({ length: 40 }, (_, index) => `input ${index}`);
    await Promise.all(contents.map((content) => owner.agent.handleMessage(input('s1', content))));
    expect(owner.local.received.map((received) => received.message.content)).toEqual(contents);
  });

  it('[SVC-2] an input received by one process runs on the session’s owner, and its caller settles when it settled there', async () => {
    const world = await clusterWorld();
    const owner = await world.process();
    const front = await world.process({ cluster: { scanEveryMs: 60_000 } });
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'first'));
    expect(owner.agent.servedSessions()).toEqual(['s1']);
    owner.local.autoSettle = false;

    const sent = front.agent.handleMessage(input('s1', 'second'));
    await expect.poll(() => owner.local.received.length, patiently).toBe(2);
    expect(owner.local.received[1]?.message.content).toBe('second');
    expect(front.local.received).toEqual([]);
    expect(await isSettled(sent)).toBe(false);
    owner.local.received[1]?.settle();
    await expect(sent).resolves.toBeUndefined();
  });

  it('[SCH-1] a session’s inputs reach its owner’s agent in the order they were received, whichever process received them', async () => {
    const world = await clusterWorld();
    const processes = [await world.process(), await world.process(), await world.process()];
    const sent: Promise<void>[] = [];
    for (let index = 0; index < 12; index += 1) {
      const receiver = processes[index % processes.length];
      if (receiver === undefined) throw new Error('no process');
      sent.push(receiver.agent.handleMessage(input('s1', `m${index}`)));
      // The next one is received once this one is enqueued: that is the order the cluster must keep.
      await expect.poll(() => countInputs(world.schema), patiently).toBe(index + 1);
    }
    const owner = processes.find((candidate) => candidate.agent.servedSessions().includes('s1'));
    await expect.poll(() => owner?.local.received.length, patiently).toBe(12);
    expect(owner?.local.received.map((received) => received.message.content)).toEqual(
      Array.from({ length: 12 }, (_, index) => `m${index}`),
    );
    for (const received of owner?.local.received ?? []) received.settle();
    await Promise.all(sent);
    expect(processes.filter((candidate) => candidate.local.received.length > 0)).toHaveLength(1);
  });

  it('[SVC-3] an invalid input rejects on the receiving process with MessageValidationError and nothing is enqueued', async () => {
    const world = await clusterWorld();
    const front = await world.process();
    await expect(front.agent.handleMessage({ sessionId: 's1' } as never)).rejects.toSatisfy((error) =>
      MessageValidationError.isInstance(error),
    );
    expect(await countInputs(world.schema)).toBe(0);
  });

  it('an input the owner’s agent rejects rejects its caller on another process with ClusterInputError', async () => {
    const world = await clusterWorld();
    const owner = await world.process();
    const front = await world.process({ cluster: { scanEveryMs: 60_000 } });
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'first'));
    owner.local.autoSettle = false;
    const sent = front.agent.handleMessage(input('s1', 'second'));
    await expect.poll(() => owner.local.received.length, patiently).toBe(2);
    owner.local.received[1]?.fail(new RangeError('broken'));
    const error = await sent.catch((caught: unknown) => caught);
    expect(ClusterInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INPUT_FAILED_ON_OWNER', sessionId: 's1', remoteName: 'RangeError' });
  });

  it('[DEL-2] an input whose session was deleted between its arrival and its turn is released by the owner, never run', async () => {
    const world = await clusterWorld();
    let generation = 0;
    const sessions = { generationOf: () => generation };
    const owner = await world.process({ cluster: { sessions } });
    const front = await world.process({
      cluster: { sessions: { generationOf: () => 0 }, scanEveryMs: 60_000 },
    });
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'first'));
    generation = 1;
    await expect(front.agent.handleMessage(input('s1', 'stale'))).resolves.toBeUndefined();
    expect(owner.local.received.map((received) => received.message.content)).toEqual(['first']);
  });

  it('an idle session’s lease is released, and the next input makes its receiver the owner', async () => {
    const world = await clusterWorld();
    const first = await world.process({ cluster: { idleReleaseMs: 0, scanEveryMs: 60_000 } });
    const second = await world.process({ cluster: { idleReleaseMs: 0, scanEveryMs: 60_000 } });
    first.local.autoSettle = true;
    second.local.autoSettle = true;
    await first.agent.handleMessage(input('s1', 'one'));
    // Either process may have served 'one': the second's first scan can take the queued input.
    await expect
      .poll(() => [...first.agent.servedSessions(), ...second.agent.servedSessions()], patiently)
      .toEqual([]);
    await second.agent.handleMessage(input('s1', 'two'));
    const contents = (agent: typeof first) =>
      agent.local.received.map((received) => received.message.content);
    expect([...contents(first), ...contents(second)].sort()).toEqual(['one', 'two']);
    expect(contents(second).at(-1)).toBe('two');
  });

  it('failover: when the owner dies, another process takes the session after its lease, releases what it held and serves the queue', async () => {
    const world = await clusterWorld();
    // The owner's heartbeat is the test's: once it stops, the lease runs out as if the process had died.
    const owner = await world.process({ leases: { ttlMs: 1000, heartbeat: false } });
    const opener = owner.agent.handleMessage(input('s1', 'opener')).catch((error: unknown) => error);
    await expect.poll(() => owner.agent.servedSessions(), patiently).toEqual(['s1']);
    const heartbeat = setInterval(() => {
      const lease = owner.leases.leaseOf('s1');
      if (lease !== undefined) owner.leases.renew(lease).catch(() => undefined);
    }, 200);
    const survivor = await world.process({ leases: { ttlMs: 1000 } });
    const held = survivor.agent.handleMessage(input('s1', 'held'));
    await expect.poll(() => owner.local.received.length, patiently).toBe(2);
    clearInterval(heartbeat);
    await owner.agent.close();
    // The dead process's own caller dies with it.
    expect(await opener).toBeInstanceOf(Error);
    const queued = survivor.agent.handleMessage(input('s1', 'queued'));
    const diedAt = performance.now();
    survivor.local.autoSettle = true;
    // The input the dead owner held is released exactly once (it runs in no second turn) ...
    await expect(held).resolves.toBeUndefined();
    // ... and the queue is served by the survivor, within the lease's time to live and a second.
    await expect(queued).resolves.toBeUndefined();
    expect(performance.now() - diedAt).toBeLessThan(1000 + 1000);
    expect(survivor.local.received.map((received) => received.message.content)).toEqual(['queued']);
    expect(survivor.agent.servedSessions()).toEqual(['s1']);
  });

  it('an owner whose lease was lost stops the session’s turn and its local queue', async () => {
    const world = await clusterWorld();
    const owner = await world.process({
      leases: { ttlMs: 300, heartbeat: false },
      cluster: { scanEveryMs: 60_000 },
    });
    void owner.agent.handleMessage(input('s1', 'opener')).catch(() => undefined);
    await expect.poll(() => owner.local.received.length, patiently).toBe(1);
    await expect
      .poll(() => owner.local.aborts, patiently)
      .toContainEqual({
        sessionId: 's1',
        options: { queued: true, reason: 'lease lost' },
      });
    expect(owner.agent.servedSessions()).toEqual([]);
  });

  it('[ABT-3] an abort a process broadcast while no process served the session, heard back once it serves it, stops and releases nothing handed over after it', async () => {
    const world = await clusterWorld();
    const held: (() => void)[] = [];
    const only = await world.process({
      cluster: { idleReleaseMs: 0, scanEveryMs: 60_000 },
      wrapInbox: (inbox) => holdingAborts(inbox, held),
    });
    only.local.autoSettle = true;
    await only.agent.handleMessage(input('s1', 'one'));
    await expect.poll(() => only.agent.servedSessions(), patiently).toEqual([]);
    expect(only.agent.abort('s1', { queued: true })).toBe(false);
    await expect.poll(() => held.length, patiently).toBe(1);
    only.local.autoSettle = false;
    const after = only.agent.handleMessage(input('s1', 'after'));
    await expect.poll(() => only.local.received.length, patiently).toBe(2);
    for (const deliver of held) deliver();
    expect(only.local.aborts).toEqual([]);
    only.local.received[1]?.settle();
    await after;
  });

  it('[ABT-2] [ABT-7] abort on a process that does not serve the session reaches the owner, and answers from the owner’s news', async () => {
    const world = await clusterWorld();
    const owner = await world.process();
    const front = await world.process({ cluster: { scanEveryMs: 60_000 } });
    void owner.agent.handleMessage(input('s1', 'first')).catch(() => undefined);
    await expect.poll(() => owner.local.received.length, patiently).toBe(1);
    owner.hooks.open({ sessionId: 's1', turnId: 't1' });
    await expect.poll(() => front.agent.knownTurnOf('s1'), patiently).toBe('t1');
    expect(front.agent.abort('s1', { turnId: 't0' })).toBe(false);
    expect(front.agent.abort('s1', { turnId: 't1', queued: true, reason: 'stop' })).toBe(true);
    expect(front.agent.abort('s2')).toBe(false);
    // Two broadcasts go out on two connections: the owner may get them in either order.
    await expect.poll(() => owner.local.aborts, patiently).toHaveLength(2);
    expect(owner.local.aborts).toContainEqual({ sessionId: 's1', options: { turnId: 't0' } });
    expect(owner.local.aborts).toContainEqual({
      sessionId: 's1',
      options: { turnId: 't1', queued: true, reason: 'stop' },
    });
    expect(front.local.aborts).toEqual([]);
    await owner.hooks.fire('agent:turn:after', { sessionId: 's1', turnId: 't1' });
    await expect.poll(() => front.agent.knownTurnOf('s1'), patiently).toBeUndefined();
    expect(front.agent.abort('s1')).toBe(false);
  });

  it('[ABT-7] a turn blocked at agent:turn:before is over for every process: abort on one that does not serve the session answers false', async () => {
    const world = await clusterWorld();
    const owner = await world.process();
    const heard: TurnNews[] = [];
    const front = await world.process({
      cluster: { scanEveryMs: 60_000 },
      wrapInbox: (inbox) => hearingTurnNews(inbox, heard),
    });
    void owner.agent.handleMessage(input('s1', 'first')).catch(() => undefined);
    await expect.poll(() => owner.local.received.length, patiently).toBe(1);
    owner.hooks.open({ sessionId: 's1', turnId: 't1' });
    await expect.poll(() => front.agent.knownTurnOf('s1'), patiently).toBe('t1');
    await owner.hooks.fire('agent:turn:after', { sessionId: 's1', turnId: 't1' });
    await owner.hooks.block({ sessionId: 's1', turnId: 't2' });
    expect(owner.agent.knownTurnOf('s1')).toBeUndefined();
    // The news of t2's opening and of its end go out on two connections, in either order.
    await expect
      .poll(() => heard.filter((news) => news.turnId === 't2').map((news) => news.open), patiently)
      .toHaveLength(2);
    expect(heard.filter((news) => news.turnId === 't2').map((news) => news.open)).toContain(false);
    expect(front.agent.knownTurnOf('s1')).toBeUndefined();
    expect(front.agent.abort('s1')).toBe(false);
    expect(front.agent.abort('s1', { turnId: 't2' })).toBe(false);
  });

  it('[CLR-1] [CLR-2] clearing on a process that does not serve the session: the owner stops it first, clear runs after, inputs sent meanwhile wait', async () => {
    const world = await clusterWorld();
    const owner = await world.process();
    const front = await world.process({ cluster: { scanEveryMs: 60_000 } });
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'first'));
    owner.local.autoClear = false;
    const order: string[] = [];
    const cleared = front.agent.clearing(['s1'], async () => {
      order.push('clear');
    });
    await expect
      .poll(() => owner.local.clearings.map((clearing) => clearing.sessionIds), patiently)
      .toEqual([['s1']]);
    // The owner has not stopped its turns yet: clear must wait for it.
    const waiting = front.agent.handleMessage(input('s1', 'during'));
    await expect.poll(() => countQueued(world.schema), patiently).toBe(1);
    expect(order).toEqual([]);
    order.push('owner stopped');
    await owner.local.clearings[0]?.proceed();
    await cleared;
    expect(order).toEqual(['owner stopped', 'clear']);
    // The input that arrived during the hold is served after it.
    await expect(waiting).resolves.toBeUndefined();
    expect(owner.local.received.map((received) => received.message.content)).toEqual(['first', 'during']);
  });

  it('[CLR-2] [ABT-3] an input held by a clearing is not released by abort with queued: it waits and is served after clear', async () => {
    const world = await clusterWorld();
    const owner = await world.process();
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'first'));
    owner.local.autoClear = false;
    const cleared = owner.agent.clearing(['s1'], async () => undefined);
    await expect.poll(() => owner.local.clearings.length, patiently).toBe(1);
    const waiting = owner.agent.handleMessage(input('s1', 'during'));
    await expect.poll(() => countQueued(world.schema), patiently).toBe(1);
    owner.agent.abort('s1', { queued: true });
    await owner.local.clearings[0]?.proceed();
    await cleared;
    await expect(waiting).resolves.toBeUndefined();
    expect(owner.local.received.map((received) => received.message.content)).toEqual(['first', 'during']);
  });

  it('[CLR-2] a read of the holds taken before a clearing began does not end its hold when it answers late: inputs sent during the clearing wait', async () => {
    const world = await clusterWorld();
    const reads = withheldReads();
    const owner = await world.process({ wrapHolds: reads.wrap });
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'first'));
    // A scan reads the holds in force (none yet); its answer is on its way.
    await reads.withhold();
    let finish: (() => void) | undefined;
    const cleared = owner.agent.clearing(['s1'], () => new Promise<void>((resolve) => (finish = resolve)));
    await expect.poll(() => finish !== undefined, patiently).toBe(true);
    reads.answerFirst();
    const during = owner.agent.handleMessage(input('s1', 'during'));
    const contents = () => owner.local.received.map((received) => received.message.content);
    await expect
      .poll(async () => contents().includes('during') || (await countQueued(world.schema)) === 1, patiently)
      .toBe(true);
    // An owner that let the hold go would take the input within a few milliseconds.
    await pause(250);
    expect(contents()).toEqual(['first']);
    finish?.();
    await cleared;
    await expect(during).resolves.toBeUndefined();
    expect(contents()).toEqual(['first', 'during']);
  });

  it('[CLR-2] a read of the holds taken during a clearing does not put its hold back when it answers after the clearing ended', async () => {
    const world = await clusterWorld();
    const reads = withheldReads();
    const owner = await world.process({ wrapHolds: reads.wrap });
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'first'));
    let finish: (() => void) | undefined;
    const cleared = owner.agent.clearing(['s1'], () => new Promise<void>((resolve) => (finish = resolve)));
    await expect.poll(() => finish !== undefined, patiently).toBe(true);
    // A scan reads the holds in force (this clearing's); its answer arrives after the clearing.
    await reads.withhold();
    finish?.();
    await cleared;
    reads.answerFirst();
    const after = owner.agent.handleMessage(input('s1', 'after'));
    await expect
      .poll(() => owner.local.received.map((received) => received.message.content), patiently)
      .toEqual(['first', 'after']);
    await expect(after).resolves.toBeUndefined();
    // The local agent cleared the session once: the late read stopped nothing a second time.
    expect(owner.local.clearings).toHaveLength(1);
  });

  it('a clearing whose clear ends after its process closed reports nothing: its hold ends at its expiry', async () => {
    const world = await clusterWorld();
    const reported: unknown[] = [];
    const owner = await world.process({ cluster: { onError: (error) => reported.push(error) } });
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'first'));
    let finish: () => void = () => undefined;
    const clearing = owner.agent.clearing(['s1'], () => new Promise<void>((resolve) => (finish = resolve)));
    await expect.poll(() => owner.local.clearings.length, patiently).toBe(1);
    // The process shuts down while clear() still runs, closing its holds with it.
    await owner.agent.close();
    await owner.holds.close();
    finish();
    await clearing;
    expect(reported.map(String)).toEqual([]);
  });

  it('[CLR-3] clearing every session holds them on every process, and a hold whose holder died ends at its expiry', async () => {
    const world = await clusterWorld();
    const owner = await world.process();
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'first'));
    const other = await world.process();
    // A holder that puts a hold and dies (never renews it, never ends it).
    await other.holds.hold(undefined, { holder: 'dead', ttlMs: 400 });
    await expect
      .poll(() => owner.local.clearings.map((clearing) => clearing.sessionIds), patiently)
      .toEqual([undefined]);
    await expect.poll(() => other.local.clearings.length, patiently).toBe(1);
    const later = other.agent.handleMessage(input('s1', 'later'));
    await expect(later).resolves.toBeUndefined();
    expect(owner.local.received.map((received) => received.message.content)).toEqual(['first', 'later']);
  });

  it('[DUR-1] a process that takes a session over closes the turn the dead owner cut, before it serves the session', async () => {
    const world = await clusterWorld();
    const store = await world.store();
    // The dead owner archived a turn's input and died before its reply, stop marker or record.
    await createTurnPersistence({ archive: store })
      .beginTurn({ turnId: 'cut', sessionId: 's1' })
      .archiveOpened([{ message: { ...input('s1', 'lost'), content: 'lost' }, trigger: 'human' } as never]);
    const survivor = await world.process({ cluster: { archive: store } });
    survivor.local.autoSettle = true;
    await survivor.agent.handleMessage(input('s1', 'next'));
    const rows = await store.history('s1');
    expect(rows.map((row) => row.kind ?? row.role)).toContain(WellKnownKinds.TurnStopped);
    const turn = (await store.timeline('s1')).items.find(
      (item) => item.type === 'turn' && item.turnId === 'cut',
    );
    expect(turn).toMatchObject({ record: { outcome: 'aborted' } });
  });

  it('[DUR-1] a process that takes a session over hands its local agent no input before it closed the cut turns, also one queued meanwhile', async () => {
    const world = await clusterWorld();
    const store = await world.store();
    await createTurnPersistence({ archive: store })
      .beginTurn({ turnId: 'cut', sessionId: 's1' })
      .archiveOpened([{ message: { ...input('s1', 'lost'), content: 'lost' }, trigger: 'human' } as never]);
    // The takeover's read of the session answers late; its closing write is noted when done.
    let answerReads!: () => void;
    const readsAnswer = new Promise<void>((resolve) => {
      answerReads = resolve;
    });
    let readAsked!: () => void;
    const firstRead = new Promise<void>((resolve) => {
      readAsked = resolve;
    });
    let closed = false;
    const archive = new Proxy(store, {
      get(target, key) {
        if (key === 'list')
          return async (...args: Parameters<typeof store.list>) => {
            readAsked();
            await readsAnswer;
            return target.list(...args);
          };
        if (key === 'append')
          return async (...args: Parameters<typeof store.append>) => {
            const stored = await target.append(...args);
            closed = true;
            return stored;
          };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const survivor = await world.process({ cluster: { archive } });
    survivor.local.autoSettle = true;
    const closedAtReceipt: boolean[] = [];
    const handle = survivor.local.handleMessage.bind(survivor.local);
    survivor.local.handleMessage = (message) => {
      closedAtReceipt.push(closed);
      return handle(message);
    };
    const first = survivor.agent.handleMessage(input('s1', 'first'));
    await firstRead;
    const second = survivor.agent.handleMessage(input('s1', 'second'));
    await expect.poll(() => countInputs(world.schema), patiently).toBe(2);
    // Time for the queue notice of the second input to reach the new owner, while its read hangs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    answerReads();
    await Promise.all([first, second]);
    expect(closedAtReceipt).toEqual([true, true]);
  });

  it('[DUR-1] a process that takes a session again closes a turn another owner cut after it last served it', async () => {
    const world = await clusterWorld();
    const store = await world.store();
    const owner = await world.process({ cluster: { archive: store, idleReleaseMs: 0, scanEveryMs: 60_000 } });
    owner.local.autoSettle = true;
    await owner.agent.handleMessage(input('s1', 'one'));
    await expect.poll(() => owner.agent.servedSessions(), patiently).toEqual([]);
    // Meanwhile another owner of s1 archived a turn's input and died before its record.
    await createTurnPersistence({ archive: store })
      .beginTurn({ turnId: 'cut-later', sessionId: 's1' })
      .archiveOpened([{ message: { ...input('s1', 'lost'), content: 'lost' }, trigger: 'human' } as never]);
    await owner.agent.handleMessage(input('s1', 'two'));
    const turn = (await store.timeline('s1')).items.find(
      (item) => item.type === 'turn' && item.turnId === 'cut-later',
    );
    expect(turn).toMatchObject({ record: { outcome: 'aborted' } });
  });

  it('[ABT-3] [OUT-3] abort with queued of a session no process serves releases the inputs waiting in the inbox, archived without turn id, each with its stream end, running none', async () => {
    const world = await clusterWorld();
    const store = await world.store();
    const streamed: unknown[] = [];
    const events = {
      emit: async (_name: 'outbound:stream', payload: unknown) => void streamed.push(payload),
    };
    const front = await world.process({ cluster: { scanEveryMs: 60_000, archive: store, events } });
    // Two inputs whose receivers died before any process took the session.
    const orphans = [
      await front.inbox.enqueue('s1', { message: input('s1', 'orphan') }),
      await front.inbox.enqueue('s1', { message: input('s1', 'second orphan') }),
    ];
    expect(front.agent.abort('s1', { queued: true })).toBe(false);
    for (const orphan of orphans)
      await expect(front.inbox.outcome(orphan)).resolves.toEqual({ status: 'released', reason: 'aborted' });
    expect(front.local.received).toEqual([]);
    const history = await store.history('s1');
    expect(history.map((row) => row.content)).toEqual(['orphan', 'second orphan']);
    expect(history.map((row) => row.metadata?.[WellKnownMetadataKeys.TurnId])).toEqual([
      undefined,
      undefined,
    ]);
    // One stream end marker per released input, not one per session.
    await expect.poll(() => streamed, patiently).toHaveLength(2);
    expect(streamed).toEqual([
      { chunk: { type: 'end', sessionId: 's1' } },
      { chunk: { type: 'end', sessionId: 's1' } },
    ]);
  });

  it('[LIV-1] an outbound:stream listener that never settles keeps no input released from the inbox from settling', async () => {
    const world = await clusterWorld();
    const events = {
      emit: (_name: 'outbound:stream', _payload: unknown) => new Promise<void>(() => undefined),
    };
    const front = await world.process({ cluster: { scanEveryMs: 60_000, events } });
    const orphan = await front.inbox.enqueue('s1', { message: input('s1', 'orphan') });
    expect(front.agent.abort('s1', { queued: true })).toBe(false);
    await expect(front.inbox.outcome(orphan)).resolves.toEqual({ status: 'released', reason: 'aborted' });
  });

  it('[ABT-2] abort with queued and a turn id, of a session no process serves, releases nothing', async () => {
    const world = await clusterWorld();
    const front = await world.process({ cluster: { scanEveryMs: 60_000 } });
    await front.inbox.enqueue('s1', { message: input('s1', 'orphan') });
    expect(front.agent.abort('s1', { turnId: 'ended-long-ago', queued: true })).toBe(false);
    // Nothing was released: the input is still queued once the session is served, and runs.
    void front.agent.handleMessage(input('s1', 'next')).catch(() => undefined);
    await expect
      .poll(() => front.local.received.map((received) => received.message.content), patiently)
      .toEqual(['orphan', 'next']);
  });

  it('[SVC-2] a settlement that fails for a passing database failure is written again, and its caller settles', async () => {
    const world = await clusterWorld();
    let failures = 2;
    const flaky = (inbox: SessionInbox) =>
      new Proxy(inbox, {
        get(target, property) {
          const value = Reflect.get(target, property, target);
          if (property !== 'settle' || typeof value !== 'function')
            return typeof value === 'function' ? value.bind(target) : value;
          return (...args: unknown[]) =>
            failures-- > 0 ? Promise.reject(new Error('connection reset')) : value.apply(target, args);
        },
      });
    const owner = await world.process({ wrapInbox: flaky });
    owner.local.autoSettle = true;
    await expect(owner.agent.handleMessage(input('s1', 'first'))).resolves.toBeUndefined();
    expect(failures).toBe(-1);
  });
});
