import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { holdTurn, incomingWrites, sendHuman, sendInjection, session, turns } from './scenario';

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
  requirements: ['DEL-2'],
  name: 'an input whose session generation changed before it reached the queue is released unarchived',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let stale: ReturnType<typeof sendHuman> | undefined;
    await context.agent.clearing(['s1'], async () => {
      stale = sendHuman(context, 's1', 'from the old generation');
      await h.settle();
      h.sessions.advanceGeneration('s1');
    });
    const input = assert.defined('DEL-2', stale, {
      rule: 'the case sends an input during the hold',
      subject: 'the input sent during the hold',
    });
    await input.done;
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
 * [DEL-2]: the generation is read at entry and again just before the input is handed to the
 * queue. A generation that moves on while the input is still in `agent:input:before` (the
 * session manager began a deletion) makes the input one of the old generation: released, not
 * archived, no turn.
 */
const generationChangedInPreprocessing = defineCase({
  requirements: ['DEL-2'],
  name: 'an input whose session generation changed while it was in agent:input:before is released unarchived',
  run: async (context) => {
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
    h.model.script([{ text: 'must not be asked' }]);
    const stale = sendHuman(context, 's1', 'from the old generation');
    await entered.opened;
    h.sessions.advanceGeneration('s1');
    release.open();
    await stale.done;
    await h.settle();
    assert.equal('DEL-2', turns(h, 's1').length, 0, {
      rule: 'an input whose session generation changed between handleMessage and the hand-off to the queue must open no turn',
      subject: 'the turns of an input of the old generation',
    });
    assert.equal('DEL-2', incomingWrites(h, 'from the old generation').length, 0, {
      rule: 'an input whose session generation changed between handleMessage and the hand-off to the queue must not be archived',
      subject: 'the archive writes of that input',
    });
  },
});

/** The cases of the DEL family ([DEL-1]..[DEL-3]). */
export const DEL_CASES = [
  deletedListener,
  generationCheck,
  generationChangedInPreprocessing,
  nothingPersistedAfter,
];
