import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { endMarkers, holdTurn, sendDuringDeletion, sendHuman, sendInjection, session } from './scenario';

/**
 * [OUT-3] Inputs released by `abort` with `queued` are handled too: each gets its own stream end
 * marker, however many the release takes at once. The near miss ends the stream once per
 * session of a release.
 */
const oneEndPerReleased = defineCase({
  requirements: ['OUT-3', 'ABT-3'],
  name: 'each input released by abort with queued gets its own stream end marker',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const released = [sendHuman(context, 's1', 'pending human'), sendInjection(context, 's1', 'queued job')];
    await h.settle();
    context.agent.abort('s1', { queued: true });
    await Promise.all([held.input.done, ...released.map((input) => input.done)]);
    await h.settle();
    const ends = endMarkers(h, 's1');
    assert.equal('OUT-3', ends.length, 3, {
      rule: 'every input must get exactly one stream end marker: the stopped turn’s input and each released input',
      subject: 'the stream end markers of s1 after a turn was stopped and two inputs were released with it',
    });
  },
});

/**
 * [OUT-3] [DEL-2] An input released because its session was deleted while it waited (its
 * generation changed before it reached the queue) is handled too: it gets its stream end
 * marker. The near miss settles such an input as released and ends no stream.
 */
const oneEndForStaleGeneration = defineCase({
  requirements: ['OUT-3', 'DEL-2'],
  name: 'an input released because its session’s generation changed while it waited gets its stream end marker',
  run: async (context) => {
    const h = context.harness;
    await (await sendDuringDeletion(context, 'from the old generation')).done;
    await h.settle();
    const ends = endMarkers(h, 's1');
    assert.equal('OUT-3', ends.length, 1, {
      rule: 'every input must get exactly one stream end marker, one released because its session was deleted while it waited included',
      subject: 'the stream end markers of s1 after its only input was released for its old generation',
    });
  },
});

/** The cases of the stream end markers of released inputs ([OUT-3]). */
/**
 * [OUT-3] A release meets a slow `agent:input:before` middleware: an input still in it when
 * abort with `queued` comes, whose middleware then calls `next`, is dropped or opens a turn —
 * either way it gets exactly one stream end marker of its own. The near miss drops it in the
 * default action without one, and the hook run, which was not blocked, sends none either.
 */
const oneEndForLateNext = defineCase({
  requirements: ['OUT-3'],
  name: 'an input whose agent:input:before middleware calls next after abort with queued gets its own stream end marker',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const gate = createGate();
    let entered = false;
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      if (payload.message.content === 'slow in processing') {
        entered = true;
        h.tick();
        await gate.opened;
      }
      await next();
    });
    h.model.script([{ text: 'reply if it opened a turn' }]);
    const slow = sendHuman(context, 's1', 'slow in processing');
    await h.until(() => entered, 'the input to reach the slow agent:input:before middleware');
    context.agent.abort('s1', { queued: true });
    await h.settle();
    gate.open();
    await Promise.all([held.input.done, slow.done]);
    await h.settle();
    const ends = endMarkers(h, 's1');
    assert.equal('OUT-3', ends.length, 2, {
      rule: 'every input must get exactly one stream end marker, one whose middleware called next after a release included',
      subject: 'the stream end markers of the stopped turn’s input and of the input in agent:input:before',
    });
  },
});

/**
 * [OUT-3] The inputs of a turn stopped by a clearing or by a deletion were handled: each gets
 * exactly one stream end marker, as an input released by the clearing or the deletion does. The
 * near miss is an agent that sends no end marker for the inputs of a turn stopped to clear or
 * delete its session, leaving the stream to a client that reloads the session.
 */
const endMarkersOfClearedAndDeletedTurns = defineCase({
  requirements: ['OUT-3'],
  name: 'the input of a turn stopped by clearing or by session:deleted and the input released with it each get one stream end marker',
  run: async (context) => {
    const h = context.harness;
    for (const id of ['cleared', 'deleted']) session(h, id);
    const cleared = await holdTurn(context, { sessionId: 'cleared', content: 'running', untilAborted: true });
    const clearedQueue = sendInjection(context, 'cleared', 'queued job');
    await h.settle();
    await context.agent.clearing(['cleared'], async () => undefined);
    await Promise.all([cleared.input.done, clearedQueue.done]);
    const deleted = await holdTurn(context, { sessionId: 'deleted', content: 'running', untilAborted: true });
    const deletedQueue = sendInjection(context, 'deleted', 'queued job');
    await h.settle();
    const generation = h.sessions.advanceGeneration('deleted');
    await h.events.emit('session:deleted', { sessionId: 'deleted', generation });
    await Promise.all([deleted.input.done, deletedQueue.done]);
    await h.settle();
    for (const [id, how] of [
      ['cleared', 'clearing'],
      ['deleted', 'session:deleted'],
    ] as const) {
      assert.equal('OUT-3', endMarkers(h, id).length, 2, {
        rule: `every input must get exactly one stream end marker: the stopped turn's input and the input released by ${how}`,
        subject: `the stream end markers of the session stopped by ${how} (one input in the stopped turn, one released)`,
      });
    }
  },
});

export const OUT_RELEASED_CASES = [
  oneEndPerReleased,
  oneEndForStaleGeneration,
  oneEndForLateNext,
  endMarkersOfClearedAndDeletedTurns,
];
