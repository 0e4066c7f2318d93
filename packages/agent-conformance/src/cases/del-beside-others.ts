import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { holdTurn, incomingWrites, sendHuman, sendInjection, session, turns, watchedGate } from './scenario';

/**
 * [DEL-1] [DEL-3] A deletion can come while a clearing of the same session still waits for the
 * session's stopped turn (the session manager deletes a child session inside its parent's
 * clearing, while a clearing of the child itself is under way). The agent's session:deleted
 * listener still resolves only once that turn ended, and nothing of the turn is written after
 * it. The near miss is a listener that returns at once for a session some clearing
 * holds, taking the stop and the wait as done by that clearing.
 */
const deletionWhileClearingWaits = defineCase({
  requirements: ['DEL-1', 'DEL-3'],
  name: 'a session:deleted that comes while a clearing waits for the stopped turn resolves only after the turn ended, with nothing written after it',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'long task', untilAborted: true });
    const slowStore = createGate();
    h.archive.holdNext('append', slowStore);
    const clearing = context.agent.clearing(['s1'], async () => undefined);
    // The clearing stopped the turn; its ending waits in the store.
    await h.settle();
    const generation = h.sessions.advanceGeneration('s1');
    let listened = Number.POSITIVE_INFINITY;
    let endedAtListener = false;
    const deleted = h.events.emit('session:deleted', { sessionId: 's1', generation }).then(() => {
      listened = h.tick();
      endedAtListener = turns(h, 's1')[0]?.afterRun !== undefined;
    });
    await h.settle();
    slowStore.open();
    await deleted;
    await clearing;
    await held.input.done;
    await h.settle();
    assert.that('DEL-1', endedAtListener, {
      rule: 'on session:deleted the listener must resolve only after the stopped turn ended, also while a clearing of the session waits for it',
      observed: 'the session:deleted listener resolved before the stopped turn reached agent:turn:after',
    });
    const late = h.archive.writes.filter((write) => write.sessionId === 's1' && write.seq > listened);
    assert.equal('DEL-3', late.length, 0, {
      rule: "nothing of a deleted session's turn may be persisted after its session:deleted listener resolved, also while a clearing of the session waits for the turn",
      subject: `the archive writes for the deleted session after its listener resolved (${late.map((write) => write.operation).join(', ')})`,
    });
  },
});

/**
 * [DEL-2] The generation is read when `handleMessage` begins, for every input: two inputs of a
 * session handed over one right after the other, whose session is then deleted before they
 * reach the queue, are both released, unarchived, opening no turn. The near miss is
 * an agent that reads the generation only once the input's turn to be enqueued comes (behind the
 * session's earlier input), so the second input already sees the new generation.
 */
const backToBackInputsOfDeletedSession = defineCase({
  requirements: ['DEL-2'],
  name: 'two inputs handed over back to back whose session is deleted before they reach the queue are both released',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const proceed = createGate();
    h.hooks.middleware('agent:input:before', async (_payload: unknown, next: () => Promise<void>) => {
      await proceed.opened;
      await next();
    });
    h.model.script([{ text: 'must not be asked' }, { text: 'must not be asked either' }]);
    const contents = ['first of the old generation', 'second of the old generation'];
    const inputs = contents.map((content) => sendHuman(context, 's1', content));
    h.sessions.advanceGeneration('s1');
    proceed.open();
    await Promise.all(inputs.map((input) => input.done));
    await h.settle();
    assert.equal('DEL-2', turns(h, 's1').length, 0, {
      rule: 'inputs whose session generation changed since handleMessage began must open no turn, the second of two sent back to back included',
      subject: 'the turns of s1',
    });
    for (const content of contents) {
      assert.equal('DEL-2', incomingWrites(h, content).length, 0, {
        rule: 'an input whose session generation changed since handleMessage began must not be archived',
        subject: `the archive writes of "${content}"`,
      });
    }
  },
});

/**
 * [DEL-2] A deletion inside its own clearing (the session manager's `clear` advances the
 * generation, then emits `session:deleted`) meets an input of the new generation still in
 * per-input processing: its generation did not change between `handleMessage` and the queue, so
 * once the hold ends it opens a turn. The near miss is a deletion listener that drops every input
 * of the session still in `agent:input:before`, the new generation's too.
 */
const newGenerationInProcessingAtDeletion = defineCase({
  requirements: ['DEL-2'],
  name: 'an input of the new generation still in agent:input:before when session:deleted comes inside its clearing opens a turn after the hold',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const release = createGate();
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      if (payload.message.content === 'first of the new session') await release.opened;
      await next();
    });
    h.model.script([{ text: 'reply in the new session' }]);
    let fresh: ReturnType<typeof sendHuman> | undefined;
    await context.agent.clearing(['s1'], async () => {
      const generation = h.sessions.advanceGeneration('s1');
      fresh = sendHuman(context, 's1', 'first of the new session');
      await h.settle();
      await h.events.emit('session:deleted', { sessionId: 's1', generation });
      release.open();
    });
    await fresh?.done;
    await h.settle();
    assert.deepEqual(
      'DEL-2',
      turns(h, 's1').map((turn) => turn.after?.outcome),
      ['replied'],
      {
        rule: 'an input whose session generation did not change between handleMessage and the queue must be processed, also when it was in agent:input:before as the deletion of the old generation came',
        subject: 'the outcomes of the turns of s1 after the clearing',
      },
    );
  },
});

/**
 * [DEL-3] Inputs that `abort` with `queued` released are archived once the stopped turn
 * settled ([ABT-3]); when the session is deleted while that turn still winds down, its
 * `session:deleted` listener resolves only after that archiving too, so nothing is written for
 * the deleted session afterwards. A slow store makes the order visible. It tells apart an agent
 * whose deletion waits for the turn alone and archives the released inputs after the listener
 * resolved.
 */
const releasedArchivedBeforeDeletionEnds = defineCase({
  requirements: ['DEL-3'],
  name: 'inputs released by abort with queued are not written after the listener of a deletion that came while the stopped turn wound down',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = createGate();
    h.hooks.middleware('agent:turn:after', async (_payload, next) => {
      h.tick();
      await windDown.opened;
      await next();
    });
    const held = await holdTurn(context, { sessionId: 's1', content: 'stopped turn', untilAborted: true });
    const released = sendInjection(context, 's1', 'released by the abort');
    await h.settle();
    // The next input write is the released input's: the store takes it slowly.
    const slowStore = watchedGate(context);
    h.archive.holdNext('archiveIncoming', slowStore);
    context.agent.abort('s1', { queued: true });
    await h.until(
      () => h.hooks.of('agent:turn:after').length > 0,
      'the stopped turn of s1 to reach agent:turn:after',
    );
    const generation = h.sessions.advanceGeneration('s1');
    let listened: number | undefined;
    const deleting = h.events.emit('session:deleted', { sessionId: 's1', generation }).then(() => {
      listened = h.tick();
    });
    windDown.open();
    await h.until(() => slowStore.reached, 'the released input of s1 to reach the store');
    await h.settle();
    slowStore.open();
    await deleting;
    await Promise.all([held.input.done, released.done]);
    await h.settle();
    const late = h.archive.writes.filter(
      (write) => write.sessionId === 's1' && listened !== undefined && write.seq > listened,
    );
    assert.equal('DEL-3', late.length, 0, {
      rule: "nothing of a deleted session's turn may be persisted after its session:deleted listener resolved, the inputs its abort released included",
      subject: `the archive writes for the deleted session after its listener resolved (${late.map((write) => write.operation).join(', ')})`,
    });
  },
});

/** Deletions meeting a clearing that waits for the same turn, and inputs sent back to back. */
export const DEL_BESIDE_OTHERS_CASES = [
  deletionWhileClearingWaits,
  backToBackInputsOfDeletedSession,
  newGenerationInProcessingAtDeletion,
  releasedArchivedBeforeDeletionEnds,
];
