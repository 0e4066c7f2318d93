import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { contents, endMarkers, holdClearing, incomingWrites, sendHuman, session, turns } from './scenario';

// Where an input's own path (preprocessors, middlewares of agent:input:before, the queue) meets
// a clearing's hold, an abort with `queued`, or drain.

/**
 * [PRE-1] `next()` of a preprocessor returns once its input is settled (「next 返回时这条已落定」),
 * also for an input that arrives while a clearing holds its session: such an input waits for
 * `clear()` and is processed after it, so it is not settled before its turn ended. The mistake
 * this tells apart lets the chain of `agent:input:before` go as soon as the input is parked
 * behind the hold (only `handleMessage` waits), so the preprocessor's code after `next()` runs
 * while the input still waits.
 */
const heldInputNextReturnsAfterItsTurn = defineCase({
  requirements: ['PRE-1'],
  name: 'next() of a preprocessor for an input that arrives during a clearing returns only once that input was processed after clear ended',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const content = 'arrived during the clearing';
    let clearEnded = false;
    let returned: { readonly clearEnded: boolean; readonly turnEnded: boolean } | undefined;
    context.agent.registerPreprocessor('watch', async (message, next) => {
      const arrived = message.content;
      await next();
      if (arrived !== content) return;
      const turn = turns(h, 's1').find((candidate) => contents(candidate.inputs).includes(content));
      returned = { clearEnded, turnEnded: turn?.afterRun !== undefined };
    });
    const { gate, outcome } = await holdClearing(context, ['s1']);
    h.model.script([{ text: 'answered after the clearing' }]);
    const held = sendHuman(context, 's1', content);
    await h.settle();
    const returnedDuringHold = returned !== undefined;
    clearEnded = true;
    gate.open();
    await outcome;
    await held.done;
    await h.settle();
    assert.that('PRE-1', !returnedDuringHold, {
      rule: 'next() of a preprocessor must return only once its input is settled: an input held by a clearing is not settled while clear() runs',
      observed: 'next() returned for the held input while clear() had not ended',
    });
    assert.that('PRE-1', returned?.clearEnded === true && returned.turnEnded, {
      rule: 'next() of a preprocessor for an input held by a clearing must return once the turn it opened after clear() ended',
      observed:
        returned === undefined
          ? 'next() never returned for the held input'
          : `next() returned with clear() ${returned.clearEnded ? 'ended' : 'running'} and the input's turn ${returned.turnEnded ? 'ended' : 'not ended'}`,
    });
  },
});

/**
 * Holds an input in an `agent:input:before` step that drops it (does not call `next`) once
 * the case opens the gate; `register` installs that step as a preprocessor or as a middleware.
 * Drain begins while the input is held there, then the gate opens. Resolves with the input.
 */
async function dropWhileDraining(
  context: CaseContext,
  register: (step: (content: string, next: () => Promise<void>) => Promise<void>) => void,
) {
  const h = context.harness;
  session(h, 's1');
  const gate = createGate();
  let reached = false;
  register(async (content, next) => {
    if (!content.includes('drop me')) return next();
    reached = true;
    h.tick();
    await gate.opened;
  });
  const dropped = sendHuman(context, 's1', 'drop me as the process shuts down');
  await h.until(() => reached, 'the dropping step to hold the input');
  const drained = h.drain();
  gate.open();
  await Promise.all([drained, dropped.done]);
  await h.settle();
  return dropped;
}

/**
 * [PRE-1] A dropped input still gets its stream end marker (「不调 next 即丢掉它(不进一轮、不归档,
 * agent 照发流结束标记)」), also when the preprocessor drops it after drain began: the input was
 * never queued nor in a turn, so no release of drain ends its stream. The mistake this tells apart
 * skips the marker of a dropped input once the agent drains, taking shutdown to end every stream.
 */
const preprocessorDropDuringDrain = defineCase({
  requirements: ['PRE-1'],
  name: 'an input a preprocessor drops after drain began still gets its stream end marker',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    await dropWhileDraining(context, (step) =>
      context.agent.registerPreprocessor('drop', (message, next) => step(message.content, next)),
    );
    assert.equal('PRE-1', turns(h, 's1').length, 0, {
      rule: 'a dropped input must open no turn',
      subject: 'the turns of s1',
    });
    assert.equal('PRE-1', incomingWrites(h, 'drop me as the process shuts down').length, 0, {
      rule: 'a dropped input must not be archived',
      subject: 'the archive writes of the dropped input',
    });
    assert.equal('PRE-1', endMarkers(h, 's1').length, 1, {
      rule: 'an input a preprocessor drops must still get its stream end marker, also once drain began',
      subject: 'the stream end markers of s1',
    });
  },
});

/**
 * [OUT-3] Every input handled, dropped or blocked gets exactly one stream end marker: one an
 * `agent:input:before` middleware drops after drain began too. The mistake this tells apart
 * leaves the stream of such an input open, taking shutdown to end every stream.
 */
const middlewareDropDuringDrain = defineCase({
  requirements: ['OUT-3'],
  name: 'an input an agent:input:before middleware drops after drain began gets exactly one stream end marker',
  run: async (context) => {
    const h = context.harness;
    await dropWhileDraining(context, (step) => {
      h.hooks.middleware('agent:input:before', (payload, next) => step(payload.message.content, next));
    });
    assert.equal('OUT-3', endMarkers(h, 's1').length, 1, {
      rule: 'an input an agent:input:before middleware drops after drain began must get exactly one stream end marker',
      subject: 'the stream end markers of s1',
    });
  },
});

/**
 * [CLR-2] An input that arrives while a clearing holds its session waits, is not archived and is
 * processed after `clear()` ended — an abort with `queued` during the hold changes nothing of it:
 * it releases the queued and pending-insert inputs ([ABT-3]), and the held input is neither.
 * The mistake this tells apart releases (and archives) the held input with the queue, so it is
 * written where `clear()` erases it and never answered.
 */
const abortWithQueuedLeavesHeldInput = defineCase({
  requirements: ['CLR-2'],
  name: 'abort with queued during a clearing leaves the input held by it waiting: not archived before clear ended, then processed',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const content = 'held through an abort';
    h.model.script([{ text: 'before the clearing' }, { text: 'after the clearing' }]);
    await sendHuman(context, 's1', 'before the clearing').done;
    await h.settle();
    const { gate, outcome } = await holdClearing(context, ['s1']);
    const held = sendHuman(context, 's1', content);
    await h.settle();
    context.agent.abort('s1', { queued: true });
    await h.settle();
    const archivedDuringHold = incomingWrites(h, content).length;
    const settledDuringHold = held.settled;
    gate.open();
    await outcome;
    await held.done;
    await h.settle();
    assert.equal('CLR-2', archivedDuringHold, 0, {
      rule: 'an input that arrived during the hold must not be archived before clear() ended, an abort with queued meanwhile notwithstanding',
      subject: 'the archive writes of the held input while clear() ran',
    });
    assert.that('CLR-2', !settledDuringHold, {
      rule: 'an input that arrived during the hold waits until clear() ended: an abort with queued does not release it',
      observed: 'handleMessage of the held input settled while clear() ran',
    });
    assert.that(
      'CLR-2',
      turns(h, 's1').some((turn) => contents(turn.inputs).includes(content)),
      {
        rule: 'an input held by a clearing must be processed after clear() ended, an abort with queued during the hold notwithstanding',
        observed: 'the held input opened no turn after the clearing',
      },
    );
  },
});

/** An abort with `queued` meeting a clearing's hold ([CLR-2]). */
export const CLR_STOPS_MEET_INPUTS_CASES = [abortWithQueuedLeavesHeldInput];

/** Preprocessors meeting a clearing's hold and drain ([PRE-1]). */
export const PRE_STOPS_MEET_INPUTS_CASES = [heldInputNextReturnsAfterItsTurn, preprocessorDropDuringDrain];

/** An input dropped in `agent:input:before` meeting drain ([OUT-3]). */
export const OUT_STOPS_MEET_INPUTS_CASES = [middlewareDropDuringDrain];
