import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { queueWhileIdle } from './idle-queue';
import {
  holdFirstTurnEnd,
  holdTurn,
  incomingWrites,
  sendDuringDeletion,
  sendHuman,
  sendInjection,
  session,
  turns,
  turnsEnded,
} from './scenario';

const deletedListener = defineCase({
  requirements: ['DEL-1'],
  name: 'on session:deleted the turn stops, queued inputs are released unarchived and the listener waits for the turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const queued = sendInjection(context, 's1', 'queued job');
    await h.settle();
    const generation = h.sessions.advanceGeneration('s1');
    await h.events.emit('session:deleted', { sessionId: 's1', generation });
    const listened = h.tick();
    const turn = assert.defined('DEL-1', turns(h, 's1')[0]?.afterRun, {
      rule: 'on session:deleted the running turn must end before the listener resolves',
      subject: 'the end of the turn when the listener resolved',
    });
    assert.that('DEL-1', turn.seq < listened, {
      rule: 'on session:deleted the running turn must end before the listener resolves',
      observed: 'the turn ended after the session:deleted listener resolved',
    });
    assert.that('DEL-1', held.call.aborted, {
      rule: 'on session:deleted the running turn must be stopped: its model call aborted',
      observed: 'the model call was still running',
    });
    await Promise.all([held.input.done, queued.done]);
    await h.settle();
    assert.equal('DEL-1', turns(h, 's1').length, 1, {
      rule: 'inputs released by a deletion must open no turn',
      subject: 'the number of turns',
    });
    assert.equal('DEL-1', incomingWrites(h, 'queued job').length, 0, {
      rule: 'inputs released by a deletion must not be archived',
      subject: 'the archive writes of the released input',
    });
  },
});

const generationCheck = defineCase({
  requirements: ['DEL-2', 'SVC-2'],
  name: 'an input whose session generation changed before it reached the queue is released unarchived',
  run: async (context) => {
    const h = context.harness;
    const input = await sendDuringDeletion(context, 'from the old generation');
    await input.done;
    assert.equal('SVC-2', input.state, 'resolved', {
      rule: 'an input released because its session was deleted is settled: its handleMessage must resolve, not reject',
      subject: 'how handleMessage of the released input settled',
    });
    await h.settle();
    assert.equal('DEL-2', turns(h, 's1').length, 0, {
      rule: 'an input whose session generation changed before it reached the queue must open no turn',
      subject: 'the turns of an input of the old generation',
    });
    assert.equal('DEL-2', incomingWrites(h, 'from the old generation').length, 0, {
      rule: 'an input whose session generation changed before it reached the queue must not be archived',
      subject: 'the archive writes of that input',
    });
    h.model.script([{ text: 'fresh reply' }]);
    await sendHuman(context, 's1', 'from the new generation').done;
    assert.equal('DEL-2', turns(h, 's1').length, 1, {
      rule: 'an input of the new generation must be processed as usual',
      subject: 'the turns of an input of the new generation',
    });
  },
});

const nothingPersistedAfter = defineCase({
  requirements: ['DEL-3'],
  name: 'nothing of a deleted session’s turn is persisted after its deletion listener resolved',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const slow = h.tools.define({ name: 'slow', steps: [{ untilAborted: true }] });
    h.model.script([{ toolCalls: [{ name: 'slow' }] }, { text: 'never' }]);
    const input = sendHuman(context, 's1', 'long task');
    await slow.started(0);
    const generation = h.sessions.advanceGeneration('s1');
    await h.events.emit('session:deleted', { sessionId: 's1', generation });
    const listened = h.tick();
    await input.done;
    await h.settle();
    const late = h.archive.writes.filter((write) => write.sessionId === 's1' && write.seq > listened);
    const described = late.map((write) => write.operation).join(', ');
    assert.equal('DEL-3', late.length, 0, {
      rule: "nothing of a deleted session's turn may be persisted after its session:deleted listener resolved",
      subject: `the archive writes for the deleted session after its listener resolved (${described})`,
    });
  },
});

/**
 * A session with nothing running or queued can be deleted too ([DEL-1]): the listener
 * resolves, and a new session under the same id is served as usual.
 */
const idleSessionDeleted = defineCase({
  requirements: ['DEL-1', 'DEL-2'],
  name: 'on session:deleted of a session with nothing running the listener resolves and the id serves again',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'before the deletion' }, { text: 'after the deletion' }]);
    await sendHuman(context, 's1', 'first life').done;
    const generation = h.sessions.advanceGeneration('s1');
    await h.events.emit('session:deleted', { sessionId: 's1', generation });
    const failures = h.faults.filter((fault) => fault.message.includes('session:deleted'));
    assert.deepEqual('DEL-1', failures, [], {
      rule: 'the session:deleted listener must resolve, also for a session with nothing running',
      subject: 'the failures of the session:deleted listeners',
    });
    await sendHuman(context, 's1', 'second life').done;
    assert.deepEqual(
      'DEL-2',
      turns(h, 's1').map((turn) => turn.after?.outcome),
      ['replied', 'replied'],
      {
        rule: 'after the deletion of an idle session, a new input under its id must be processed as usual: its generation did not change between handleMessage and the queue',
        subject: 'the outcomes of the turns of s1',
      },
    );
  },
});

/**
 * The generation compared after a hold is the one read when `handleMessage` began ([DEL-2]):
 * an input that arrives during a clearing's hold and whose session's generation changes while
 * it is still on its way — in per-input processing, or before it (an agent may hold inputs
 * before their processing begins) — is released when the hold ends, unarchived.
 */
const generationFromEntry = defineCase({
  requirements: ['DEL-2'],
  name: 'an input whose generation changed during its processing under a hold is released when the hold ends',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.sessions.advanceGeneration('s1');
    const [proceed, clearEnds] = [createGate(), createGate()];
    h.hooks.middleware(
      'agent:input:before',
      async (_payload: unknown, next: () => Promise<void>) => {
        await proceed.opened;
        return next();
      },
      { label: 'conformance-slow-processing' },
    );
    let clearRan = false;
    const clearing = context.agent.clearing(['s1'], async () => {
      clearRan = true;
      h.tick();
      await clearEnds.opened;
    });
    await h.until(() => clearRan, 'clearing to call clear()');
    const stale = sendHuman(context, 's1', 'processed across the deletion');
    // As far as the agent takes it during the hold: into agent:input:before, or not yet.
    await h.settle();
    h.sessions.advanceGeneration('s1');
    proceed.open();
    await h.settle();
    clearEnds.open();
    await clearing;
    await stale.done;
    await h.settle();
    assert.equal('DEL-2', turns(h, 's1').length, 0, {
      rule: 'an input whose session generation changed since handleMessage began must open no turn, also when it waited for a hold',
      subject: 'the turns of the input of the old generation',
    });
    assert.equal('DEL-2', incomingWrites(h, 'processed across the deletion').length, 0, {
      rule: 'an input whose session generation changed since handleMessage began must not be archived',
      subject: 'the archive writes of that input',
    });
  },
});

/**
 * [DEL-2]: the generation is read at entry and again just before the input is handed to the
 * queue. A generation that moves on while the input is still in `agent:input:before` (the
 * session manager began a deletion) makes the input one of the old generation: released, not
 * archived, no turn.
 */
/**
 * Sends an input of s1 that waits in `agent:input:before` while the session's generation
 * changes, after `earlierTurns` turns of s1 replied, and checks it is released unarchived.
 */
async function changedInPreprocessing(context: CaseContext, earlierTurns: number): Promise<void> {
  const h = context.harness;
  session(h, 's1');
  const entered = createGate();
  const release = createGate();
  h.hooks.middleware('agent:input:before', async (payload, next) => {
    if (payload.message.content === 'from the old generation') {
      entered.open();
      await release.opened;
    }
    await next();
  });
  for (let index = 0; index < earlierTurns; index += 1) {
    h.model.script([{ text: `earlier reply ${index}` }]);
    await sendHuman(context, 's1', `earlier question ${index}`).done;
  }
  h.model.script([{ text: 'must not be asked' }]);
  const stale = sendHuman(context, 's1', 'from the old generation');
  await entered.opened;
  h.sessions.advanceGeneration('s1');
  release.open();
  await stale.done;
  await h.settle();
  assert.equal('DEL-2', turns(h, 's1').length, earlierTurns, {
    rule: 'an input whose session generation changed between handleMessage and the hand-off to the queue must open no turn',
    subject: `the turns of s1 after ${earlierTurns} earlier turn(s) and an input of the old generation`,
  });
  assert.equal('DEL-2', incomingWrites(h, 'from the old generation').length, 0, {
    rule: 'an input whose session generation changed between handleMessage and the hand-off to the queue must not be archived',
    subject: 'the archive writes of that input',
  });
}

const generationChangedInPreprocessing = defineCase({
  requirements: ['DEL-2'],
  name: 'an input whose session generation changed while it was in agent:input:before is released unarchived',
  run: (context) => changedInPreprocessing(context, 0),
});

/**
 * The generation is read afresh for each input, also in a session that ran turns before. The
 * near miss remembers the first read of each session and compares against it, so in a session
 * it has served an input of the old generation goes on into a turn.
 */
const generationChangedInUsedSession = defineCase({
  requirements: ['DEL-2'],
  name: 'in a session that ran a turn before, an input whose generation changed in agent:input:before is released unarchived',
  run: (context) => changedInPreprocessing(context, 1),
});

/**
 * [DEL-1] "Waits for the turn" means for its end, `agent:turn:after` included ([SVC-2]): the
 * listener of a deletion resolves only after the stopped turn's `agent:turn:after` finished.
 * The near miss resolves once the turn stopped writing, while `agent:turn:after` still runs.
 */
const listenerWaitsForTurnAfter = defineCase({
  requirements: ['DEL-1'],
  name: 'the session:deleted listener resolves only after the stopped turn’s agent:turn:after finished',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = holdFirstTurnEnd(h);
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const generation = h.sessions.advanceGeneration('s1');
    let listened = false;
    const deleted = h.events.emit('session:deleted', { sessionId: 's1', generation }).then(() => {
      listened = true;
    });
    await turnsEnded(h, 1, 's1');
    await h.settle();
    assert.that('DEL-1', !listened, {
      rule: 'on session:deleted the listener must wait until the stopped turn ended, its agent:turn:after included',
      observed: 'the session:deleted listener resolved while agent:turn:after of the stopped turn still ran',
    });
    windDown.open();
    await deleted;
    await held.input.done;
  },
});

/**
 * [DEL-3] Also when a tool of the stopped turn ignores the abort and answers later: its tool-call
 * group is not written once the deletion listener resolved. The near miss stops waiting for the
 * tool at the stop but still appends the group when the tool returns.
 */
const nothingPersistedAfterLateTool = defineCase({
  requirements: ['DEL-3'],
  name: 'a tool that ignores the stop and answers after the deletion leaves nothing written after the listener',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const late = createGate();
    const deaf = h.tools.define({ name: 'deaf', steps: [{ waitFor: late, ignoresAbort: true }] });
    h.model.script([{ toolCalls: [{ name: 'deaf' }] }, { text: 'never' }]);
    const input = sendHuman(context, 's1', 'long task');
    await deaf.started(0);
    const generation = h.sessions.advanceGeneration('s1');
    // The tool answers a little later whether or not the agent waits for it.
    const answer = setTimeout(() => late.open(), 50);
    await h.events.emit('session:deleted', { sessionId: 's1', generation });
    const listened = h.tick();
    await late.opened;
    clearTimeout(answer);
    await input.done;
    await h.settle();
    const written = h.archive.writes.filter((write) => write.sessionId === 's1' && write.seq > listened);
    assert.equal('DEL-3', written.length, 0, {
      rule: "nothing of a deleted session's turn may be persisted after its session:deleted listener resolved, a tool that answered late included",
      subject: `the archive writes for the deleted session after its listener resolved (${written.map((write) => write.operation).join(', ')})`,
    });
  },
});

/**
 * [DEL-1] 「放掉排着的输入」 holds when no turn runs too: an input queued while no turn of the
 * session runs (see {@link queueWhileIdle}) is released by the deletion, unarchived, and opens
 * no turn. The near miss acts on a deletion only when a turn runs, so the input later opens a
 * turn in the deleted session. An agent that opened the input's turn at once leaves nothing to
 * check here.
 */
const deletedWithIdleQueue = defineCase({
  requirements: ['DEL-1'],
  name: 'on session:deleted an input queued while no turn runs is released unarchived and opens no turn',
  run: async (context) => {
    const h = context.harness;
    const content = 'queued in the deleted session';
    const { arriving, archived, waiting, earlier } = await queueWhileIdle(context, content);
    const generation = h.sessions.advanceGeneration('s1');
    // The listener may wait for the archiving of the earlier release: the store answers meanwhile.
    const deleted = h.events.emit('session:deleted', { sessionId: 's1', generation });
    await h.settle();
    archived.open();
    await deleted;
    await Promise.all([...earlier, arriving].map((input) => input.done));
    await h.settle();
    if (!waiting) return;
    assert.equal('DEL-1', turns(h, 's1').length, 1, {
      rule: 'on session:deleted the queued inputs must be released, also when no turn runs: they open no turn',
      subject: 'the number of turns of s1 (the one stopped before the deletion only)',
    });
    assert.equal('DEL-1', incomingWrites(h, content).length, 0, {
      rule: 'inputs released by a deletion must not be archived',
      subject: `the archive writes of the released input "${content}"`,
    });
  },
});

/**
 * [DEL-3] On a slow store too: what the end of a turn stopped by the deletion writes (stop
 * marker, turn record) is stored before the deletion listener resolves, or never. The near
 * miss writes it in the background, so the store takes it after the listener resolved.
 */
const nothingPersistedAfterSlowStore = defineCase({
  requirements: ['DEL-3'],
  name: 'with a slow store, nothing of the deleted session’s stopped turn is written after its listener resolved',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'long task', untilAborted: true });
    const slowStore = createGate();
    h.archive.holdNext('append', slowStore);
    const generation = h.sessions.advanceGeneration('s1');
    let listened = Number.POSITIVE_INFINITY;
    const deleted = h.events.emit('session:deleted', { sessionId: 's1', generation }).then(() => {
      listened = h.tick();
    });
    await h.settle();
    slowStore.open();
    await deleted;
    await held.input.done;
    await h.settle();
    const late = h.archive.writes.filter((write) => write.sessionId === 's1' && write.seq > listened);
    assert.equal('DEL-3', late.length, 0, {
      rule: "nothing of a deleted session's turn may be persisted after its session:deleted listener resolved, on a slow store too",
      subject: `the archive writes for the deleted session after its listener resolved (${late.map((write) => write.operation).join(', ')})`,
    });
  },
});

/** The cases of the DEL family ([DEL-1]..[DEL-3]). */
export const DEL_CASES = [
  deletedListener,
  generationCheck,
  nothingPersistedAfter,
  idleSessionDeleted,
  generationFromEntry,
  generationChangedInPreprocessing,
  generationChangedInUsedSession,
  listenerWaitsForTurnAfter,
  nothingPersistedAfterLateTool,
  deletedWithIdleQueue,
  nothingPersistedAfterSlowStore,
];
