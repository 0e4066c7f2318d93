import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import {
  contents,
  deleteWhileHeld,
  holdClearing,
  holdFirstTurnEnd,
  holdTurn,
  incomingWrites,
  letGoDuringClearing,
  sendHuman,
  session,
  turns,
} from './scenario';

// Where an input still in agent:input:before (another plugin's middleware holds it) meets a
// deletion of its session or a clearing that holds it.

/**
 * Sends `content` to `sessionId`, which a clearing holds, through another plugin's
 * `agent:input:before` middleware that holds it until the returned gate opens, then calls `next`.
 * Resolves once the agent is quiet: it may hold such an input before its processing begins.
 */
async function holdInClearedSession(context: CaseContext, sessionId: string, content: string) {
  const h = context.harness;
  const gate = createGate();
  h.hooks.middleware('agent:input:before', async (payload, next) => {
    if (payload.message.content !== content) return next();
    h.tick();
    await gate.opened;
    await next();
  });
  const input = sendHuman(context, sessionId, content);
  await h.settle();
  return { gate, input };
}

/**
 * [CLR-2] The hold lasts from the stop until `clear()` settles, and an input that arrives in it
 * waits and is processed after `clear()` ends — also one that arrives while the stopped turn
 * still winds down and is still in `agent:input:before` when `clear()` begins (its middleware
 * calls `next` only then). The mistake this tells apart drops the inputs still in per-input
 * processing at the moment `clear()` begins rather than those in it when the clearing stopped
 * the turn, so such an input, which arrived inside the hold, is never processed.
 */
const arrivedInWindDownProcessedAfterClear = defineCase({
  requirements: ['CLR-2'],
  name: 'an input that arrives while a cleared turn winds down and is in agent:input:before when clear begins is processed after clear',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const content = 'arrived while the stopped turn wound down';
    const windDown = holdFirstTurnEnd(h);
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const clearGate = createGate();
    let clearStarted = false;
    let clearEnded = false;
    const clearing = context.agent
      .clearing(['s1'], async () => {
        clearStarted = true;
        h.tick();
        await clearGate.opened;
        clearEnded = true;
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await h.settle();
    h.model.script([{ text: 'answered after the clearing' }]);
    let enteredTurnBeforeClearEnded = false;
    h.hooks.middleware('agent:turn:before', async (payload, next) => {
      if (contents(payload.inputs).includes(content) && !clearEnded) enteredTurnBeforeClearEnded = true;
      await next();
    });
    const { gate, input } = await holdInClearedSession(context, 's1', content);
    windDown.open();
    await h.until(() => clearStarted, 'clearing to call clear() once the stopped turn ended');
    // The middleware calls next once clear() runs (at once, if the agent holds the input before it).
    gate.open();
    await h.settle();
    clearGate.open();
    await clearing;
    await Promise.all([held.input.done, input.done]);
    await h.settle();
    const holding = turns(h, 's1').filter((turn) => contents(turn.inputs).includes(content));
    assert.that('CLR-2', holding.length === 1 && !enteredTurnBeforeClearEnded, {
      rule: 'an input arriving while a clearing holds its session must wait and be processed after clear() ended',
      observed: `the input that arrived while the stopped turn wound down entered ${holding.length} turn(s)${enteredTurnBeforeClearEnded ? ', before clear() ended' : ''}`,
    });
    assert.equal('CLR-2', incomingWrites(h, content).length, 1, {
      rule: 'an input held by a clearing is archived once, when its turn after clear() opens',
      subject: 'the archive writes of the input that arrived while the stopped turn wound down',
    });
  },
});

/**
 * [DEL-2] [CLR-1] An input still in `agent:input:before` when its session is deleted, or when a
 * clearing stops the session, and whose middleware calls `next` afterwards, either goes on (a
 * deletion's input of the old generation is then released at the hand-over; a clearing's input
 * waits for `clear()` and opens a turn after it) or is dropped with the stop — but it is never
 * archived outside a turn: what a deletion or a clearing releases is released unarchived. The
 * mistake this tells apart archives an input stopped in per-input processing without a turn id,
 * as an abort with `queued` does with the inputs it releases, whichever stop it was.
 */
const stoppedInProcessingNotArchived = defineCase({
  requirements: ['DEL-2', 'CLR-1'],
  name: 'an input in agent:input:before when its session is deleted or cleared is never archived outside a turn once its middleware calls next',
  run: async (context) => {
    const h = context.harness;
    h.model.script([{ text: 'answered after the clearing' }]);
    for (const stop of ['deletion', 'clearing'] as const) {
      const sessionId = session(h, `${stop}-s`);
      const content = `in agent:input:before at the ${stop}`;
      const gate = createGate();
      let reached = false;
      h.hooks.middleware('agent:input:before', async (payload, next) => {
        if (payload.message.content !== content) return next();
        reached = true;
        h.tick();
        await gate.opened;
        await next();
      });
      const input = sendHuman(context, sessionId, content);
      await h.until(() => reached, 'the middleware to hold the input');
      if (stop === 'deletion') await deleteWhileHeld(context, sessionId, { gate, input });
      else await letGoDuringClearing(context, { gate, input }, await holdClearing(context, [sessionId]));
      await h.settle();
      const writes = incomingWrites(h, content);
      const inTurns = turns(h, sessionId).filter((turn) => contents(turn.inputs).includes(content));
      const outsideTurns = writes.filter((write) => write.incoming?.turnId === undefined);
      const rule = stop === 'deletion' ? 'DEL-2' : 'CLR-1';
      assert.equal(rule, outsideTurns.length, 0, {
        rule: `an input a ${stop} stopped or released must not be archived outside a turn`,
        subject: `the archive writes without a turn id of the input in agent:input:before at the ${stop}`,
      });
      if (stop === 'deletion') {
        assert.equal('DEL-2', inTurns.length + writes.length, 0, {
          rule: 'an input whose session was deleted while it was in agent:input:before must open no turn and not be archived',
          subject: 'the turns and archive writes of that input of the old generation',
        });
      }
    }
  },
});

/** An input in per-input processing meeting a clearing that begins `clear()` ([CLR-2]). */
export const CLR_PROCESSING_MEETS_STOPS_CASES = [arrivedInWindDownProcessedAfterClear];

/** An input in per-input processing meeting a deletion or a clearing's release ([DEL-2], [CLR-1]). */
export const DEL_PROCESSING_MEETS_STOPS_CASES = [stoppedInProcessingNotArchived];
