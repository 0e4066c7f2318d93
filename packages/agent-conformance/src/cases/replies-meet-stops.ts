import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import type { InputRecord } from '../runner/input-record';
import {
  endMarkers,
  incomingWrites,
  outbound,
  retryFirstReply,
  sendHuman,
  sendInjection,
  session,
  storedWith,
  turns,
} from './scenario';

// Where replies, format retries, idle triggers and injections meet stops, failures and the room
// rule.

/**
 * [ARC-5] The room rule meets an injection: in a room every turn hands only its last reply to
 * the platform (「房间里一轮只把最后一条回复交给平台…一轮里工具调用之前说的话…都不发出」), whoever
 * opened it. A turn a scheduler's injection opened in a room says something alongside a tool
 * call, then answers: the text is persisted, and the one message the platform gets is the last
 * reply. The mistake this tells apart holds back that text for turns people opened only, and
 * sends it at once when an injection opened the turn.
 */
const roomInjectionLastReplyOnly = defineCase({
  requirements: ['ARC-5'],
  name: 'in a room a turn an injection opened also hands only its last reply to the platform',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    h.tools.define({ name: 'lookup' });
    h.model.script([
      { text: 'working on the job', toolCalls: [{ name: 'lookup' }] },
      { text: 'the job is done' },
    ]);
    await sendInjection(context, 's1', 'run the nightly job').done;
    const sent = outbound(h, 's1').filter((message) => message.kind !== 'notice');
    const rule =
      'in a room session a turn, one an injection opened included, must hand only its last reply to the platform (outbound:message)';
    assert.deepEqual(
      'ARC-5',
      sent.map((message) => message.content),
      ['the job is done'],
      { rule, subject: 'the messages the injection’s turn handed to the platform' },
    );
    assert.that('ARC-5', storedWith(h, 's1', 'working on the job').length > 0, {
      rule: 'in a room session the text said before a tool call must still be persisted',
      observed:
        'the text the injection’s turn said before its tool call ("working on the job") was not persisted',
    });
  },
});

/**
 * [SVC-3] A failure meets a format retry: the model call a format retry makes is a model call of
 * the turn like any other, and a model that fails there ends the turn as `error` (「Failures
 * inside a turn (model, tool, hook, archive) … end the turn with outcome error」), not as a
 * silent turn with no notice. The mistake this tells apart takes a failing retry call for "no
 * better version" and ends the turn `silent`.
 */
const failedRetryCallIsError = defineCase({
  requirements: ['SVC-3'],
  name: 'a model call that fails during a format retry ends the turn as error',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    retryFirstReply(h, 'use the agreed format');
    h.model.script([{ text: 'draft version' }, { throws: 'the model is down' }]);
    const settled = await sendHuman(context, 's1', 'question').done;
    assert.equal('SVC-3', settled.state, 'resolved', {
      rule: 'a failure inside a turn must never reject handleMessage',
      subject: 'how handleMessage settled',
    });
    const turn = assert.defined('SVC-3', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn of s1',
    });
    assert.equal('SVC-3', h.model.requests.length, 2, {
      rule: 'a middleware that asks for a format retry must get one more model call',
      subject: 'the model calls of the turn',
    });
    assert.equal('SVC-3', turn.after?.outcome, 'error', {
      rule: 'a model call that fails inside a turn, a format retry’s included, must end the turn with outcome error',
      subject: 'the outcome of the turn whose format retry call failed',
    });
  },
});

/**
 * [CLR-1] A clearing meets a format retry: `clear()` runs only once the stopped turns settled
 * (「等它们落定再跑 clear」), so every write of the stopped turn has landed when it runs — the
 * version a format retry dropped included, whose write is slow here. The mistake this tells
 * apart lets that write run beside the retry call unawaited: the turn settles with it in
 * flight, `clear()` runs, and the dropped version lands in the history just cleared.
 */
const clearAfterDroppedVersionWrite = defineCase({
  requirements: ['CLR-1'],
  name: 'a clearing that stops a turn during its format retry runs clear only after the dropped version is stored',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    retryFirstReply(h, 'use the agreed format');
    h.model.script([{ text: 'draft version' }, { untilAborted: true }]);
    const gate = createGate();
    // The first append of the turn is the dropped version (there is no tool call).
    h.archive.holdNext('append', gate);
    const input = sendHuman(context, 's1', 'question');
    await h.until(() => h.hooks.of('agent:reply:before').length > 0, 'the first agent:reply:before run');
    await h.settle();
    // An agent that went on to the retry call before the write landed must still wait for it
    // before the turn settles: the write is let go once clear() ran (or never, if it waits).
    const retriedBeforeWrite = h.model.requests.length >= 2;
    let clearRan = false;
    let storedWhenCleared = -1;
    const clearing = context.agent.clearing(['s1'], async () => {
      clearRan = true;
      storedWhenCleared = storedWith(h, 's1', 'draft version').length;
      h.tick();
    });
    if (retriedBeforeWrite) await h.until(() => clearRan, 'clear() to run');
    gate.open();
    await clearing;
    await input.done;
    assert.equal('CLR-1', storedWhenCleared, 1, {
      rule: 'clearing must run clear() only after the stopped turn settled, every write of it landed (the version a format retry dropped included)',
      subject: 'the copies of the dropped version stored when clear() ran',
    });
  },
});

/**
 * [HK-9] An idle trigger meets a running turn: an idle-trigger input carries no source, so when
 * it arrives while a human turn runs it joins that turn (SCH-2); it is still never archived
 * (「不归档的(空闲开话题)…一直没有」) and its `archived` stays unset. The mistake this tells
 * apart leaves idle triggers out only among a turn's opening inputs and archives one that joins.
 */
const joinedIdleNotArchived = defineCase({
  requirements: ['HK-9'],
  name: 'an idle-trigger input that arrives during a running turn is never archived',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const gate = createGate();
    const lookup = h.tools.define({ name: 'lookup', steps: [{ waitFor: gate }] });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }, { text: 'a new topic' }]);
    const opening = sendHuman(context, 's1', 'question');
    await lookup.started(0);
    const idle = sendHuman(context, 's1', 'quiet for a while', { triggerType: 'idle' });
    await h.settle();
    gate.open();
    await Promise.all([opening.done, idle.done]);
    await h.settle();
    const idleInputs = turns(h, 's1')
      .flatMap((turn) => turn.inputs)
      .filter((input) => input.message.content === 'quiet for a while');
    assert.that('HK-9', idleInputs.length > 0, {
      rule: 'an idle-trigger input must enter a turn',
      observed: 'no turn of s1 had the idle-trigger input among its inputs',
    });
    assert.deepEqual(
      'HK-9',
      idleInputs.map((input) => input.archived),
      idleInputs.map(() => undefined),
      {
        rule: 'an idle-trigger input (triggerType "idle") must never be archived, so TurnInput.archived stays unset, also when it joins a running turn',
        subject: 'TurnInput.archived of the idle-trigger input',
      },
    );
    assert.equal('HK-9', incomingWrites(h, 'quiet for a while').length, 0, {
      rule: 'an idle-trigger input (triggerType "idle") must never be archived, also when it joins a running turn',
      subject: 'the archive writes of the idle-trigger input',
    });
  },
});

/**
 * [OUT-3] An injection meets a release by deletion: an input that waited while its session was
 * deleted (its generation changed before it reached the queue, DEL-2) is released, and it gets
 * its stream end marker whoever sent it — a scheduler's injection as much as a person's input
 * (「Every input handled, dropped or blocked gets exactly one stream end marker」). The mistake
 * this tells apart ends the stream of such an input only when a person sent it.
 */
const oneEndForStaleInjection = defineCase({
  requirements: ['OUT-3'],
  name: 'an injection released because its session’s generation changed while it waited gets its stream end marker',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let stale: InputRecord | undefined;
    await context.agent.clearing(['s1'], async () => {
      stale = sendInjection(context, 's1', 'a job of the old generation');
      await h.settle();
      h.sessions.advanceGeneration('s1');
    });
    const input = assert.defined('OUT-3', stale, {
      rule: 'the case sends an injection during the hold',
      subject: 'the injection sent during the hold',
    });
    await input.done;
    await h.settle();
    assert.equal('OUT-3', endMarkers(h, 's1').length, 1, {
      rule: 'every input must get exactly one stream end marker, an injection released because its session was deleted while it waited included',
      subject:
        'the stream end markers of s1 after its only input, an injection, was released for its old generation',
    });
  },
});

/** A model failure meeting a format retry ([SVC-3]). */
export const SVC_REPLIES_MEET_CASES = [failedRetryCallIsError];

/** A clearing meeting a format retry's dropped version ([CLR-1]). */
export const CLR_REPLIES_MEET_CASES = [clearAfterDroppedVersionWrite];

/** The room rule meeting a turn an injection opened ([ARC-5]). */
export const ARC_REPLIES_MEET_CASES = [roomInjectionLastReplyOnly];

/** An idle trigger meeting a running turn ([HK-9]). */
export const HK_REPLIES_MEET_CASES = [joinedIdleNotArchived];

/** An injection meeting a release by deletion ([OUT-3]). */
export const OUT_REPLIES_MEET_CASES = [oneEndForStaleInjection];
