import { isDeepStrictEqual } from 'node:util';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import type { Harness } from '../harness/harness';
import {
  callContains,
  containsInOrder,
  contents,
  holdTurn,
  incomingWrites,
  retryFirstReply,
  secondInputDuringToolCall,
  sendHuman,
  sendInjection,
  session,
  turns,
  turnsStarted,
  waitingLists,
} from './scenario';

const noInterruption = defineCase({
  requirements: ['SCH-1'],
  name: 'a new input does not interrupt the running turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'first', reply: 'first reply' });
    h.model.script([{ text: 'later reply' }, { text: 'later reply' }]);
    const injected = sendInjection(context, 's1', 'injected meanwhile');
    const human = sendHuman(context, 's1', 'human meanwhile');
    await h.settle();
    assert.that('SCH-1', !held.call.aborted, {
      rule: 'a new input must never interrupt the running turn of its session',
      observed: 'the signal of the running model call was aborted',
    });
    assert.equal('SCH-1', held.call.state, 'open', {
      rule: 'a new input must never interrupt the running turn of its session',
      subject: 'the state of the running model call',
    });
    held.gate.open();
    await Promise.all([held.input.done, injected.done, human.done]);
    assert.equal('SCH-1', turns(h, 's1')[0]?.after?.outcome, 'replied', {
      rule: 'a new input must never interrupt the running turn of its session',
      subject: 'the outcome of the first turn',
    });
  },
});

const humanJoins = defineCase({
  requirements: ['SCH-2', 'ARC-6'],
  name: 'a human input during a human turn joins it before the next model call',
  run: async (context) => {
    const h = context.harness;
    await secondInputDuringToolCall(context, 'first question', 'second question');
    const all = turns(h, 's1');
    assert.equal('SCH-2', all.length, 1, {
      rule: 'a human input during a human turn of its session must join that turn (pending insertion), not open another',
      subject: 'the number of turns',
    });
    const turn = all[0]!;
    assert.deepEqual('SCH-2', contents(turn.inputs), ['first question', 'second question'], {
      rule: 'a human input during a human turn of its session must join that turn (pending insertion), not open another',
      subject: 'the inputs of the turn',
    });
    assert.that('SCH-2', !callContains(h.model.requests[0]!, 'second question'), {
      rule: "a pending insertion joins before the turn's next model call, not the one already running",
      observed: 'the first model call already contained the joined input',
    });
    assert.that('SCH-2', callContains(h.model.requests[1]!, 'second question'), {
      rule: "a pending insertion must be part of the messages of the turn's next model call",
      observed: 'the model call after the insertion did not contain "second question"',
    });
    const write = assert.defined('ARC-6', incomingWrites(h, 'second question')[0], {
      rule: 'a joined input must be archived when inserted',
      subject: 'the archive write of the joined input',
    });
    assert.equal('ARC-6', write.incoming?.turnId, turn.turnId, {
      rule: 'a joined input must be archived with the id of the turn it joined',
      subject: 'the turn id the joined input was archived with',
    });
    assert.equal('ARC-6', write.incoming?.entry, 'joined', {
      rule: 'a joined input must be archived with entry "joined"',
      subject: 'the entry the joined input was archived with',
    });
  },
});

const insertionsOpenNextTurn = defineCase({
  requirements: ['SCH-3'],
  name: 'pending insertions of a turn without another model call open the next turn ahead of the queue',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'opening', reply: 'reply' });
    const pending = sendHuman(context, 's1', 'pending');
    const queued = sendInjection(context, 's1', 'queued');
    h.model.script([{ text: 'second reply' }, { text: 'third reply' }]);
    await h.settle();
    held.gate.open();
    await Promise.all([held.input.done, pending.done, queued.done]);
    const order = turns(h, 's1').map((turn) => contents(turn.inputs));
    assert.deepEqual('SCH-3', order, [['opening'], ['pending'], ['queued']], {
      rule: 'pending insertions of a turn that makes no further model call must open the next turn, ahead of the queue',
      subject: 'the inputs of the turns, in order',
    });
    const write = assert.defined('SCH-3', incomingWrites(h, 'pending')[0], {
      rule: 'the pending input must be archived when its turn opens',
      subject: 'the archive write of the pending input',
    });
    assert.equal('SCH-3', write.incoming?.entry, 'opened', {
      rule: 'the pending input must open its own turn with entry "opened"',
      subject: 'the entry of the pending input in its own turn',
    });
  },
});

/**
 * Opens a turn with `first` (held in a tool call), sends `second` meanwhile, and checks
 * that `second` ran as its own next turn and the first turn's next model call did not see it
 * ([SCH-4]).
 */
async function assertOwnTurns(
  context: Parameters<typeof holdTurn>[0],
  first: { readonly kind: 'human' | 'injection'; readonly content: string },
  second: { readonly kind: 'human' | 'injection'; readonly content: string },
): Promise<void> {
  const h = context.harness;
  session(h, 's1');
  const gate = createGate();
  const lookup = h.tools.define({ name: 'lookup', steps: [{ waitFor: gate }] });
  h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'first done' }, { text: 'second reply' }]);
  const send = (input: typeof first) =>
    input.kind === 'human'
      ? sendHuman(context, 's1', input.content)
      : sendInjection(context, 's1', input.content);
  const opened = send(first);
  await lookup.started(0);
  const arriving = send(second);
  await h.settle();
  gate.open();
  await Promise.all([opened.done, arriving.done]);
  const order = turns(h, 's1').map((turn) => contents(turn.inputs));
  assert.deepEqual('SCH-4', order, [[first.content], [second.content]], {
    rule: 'an injection must always form its own turn: never inserted into another, nothing inserted into it',
    subject: 'the inputs of the turns, in order',
  });
  assert.that('SCH-4', !callContains(h.model.requests[1]!, second.content), {
    rule: 'an injection must always form its own turn: never inserted into another, nothing inserted into it',
    observed: `the ${first.kind} turn's next model call contained the ${second.kind} input`,
  });
}

const injectionOwnTurn = defineCase({
  requirements: ['SCH-4'],
  name: 'nothing is inserted into a turn an injection opened',
  run: (context) =>
    assertOwnTurns(
      context,
      { kind: 'injection', content: 'scheduled job' },
      { kind: 'human', content: 'human meanwhile' },
    ),
});

const injectionNotInserted = defineCase({
  requirements: ['SCH-4'],
  name: 'an injection arriving during a human turn is not inserted into it',
  run: (context) =>
    assertOwnTurns(
      context,
      { kind: 'human', content: 'human question' },
      { kind: 'injection', content: 'scheduled meanwhile' },
    ),
});

/**
 * [SCH-4] [SCH-6] Two injections of one source queued back to back behind a running turn each
 * form their own turn: an injection never joins another ([SCH-4]), and a turn that opens from
 * the queue with an injection at its head takes that head alone ([SCH-6]) — one case per rule,
 * so that an agent that takes a run of injections together is reported violating each.
 */
function injectionsEachOwnTurnCase(requirement: 'SCH-4' | 'SCH-6') {
  return defineCase({
    requirements: [requirement],
    name:
      requirement === 'SCH-4'
        ? 'injections of one source queued back to back each form their own turn'
        : 'a turn that opens from the queue with an injection at its head takes that injection alone',
    run: async (context) => {
      const h = context.harness;
      session(h, 's1');
      const held = await holdTurn(context, { sessionId: 's1', content: 'human question' });
      const jobs = [sendInjection(context, 's1', 'job a'), sendInjection(context, 's1', 'job b')];
      h.model.script([{ text: 'reply a' }, { text: 'reply b' }]);
      await h.settle();
      held.gate.open();
      await Promise.all([held.input.done, ...jobs.map((job) => job.done)]);
      const order = turns(h, 's1').map((turn) => contents(turn.inputs));
      assert.deepEqual(requirement, order, [['human question'], ['job a'], ['job b']], {
        rule:
          requirement === 'SCH-4'
            ? 'an injection must always form its own turn, even behind another injection of the same source'
            : 'a turn opening from the queue takes its head; only a human head also takes the human inputs behind it',
        subject: 'the inputs of the turns, in order',
      });
    },
  });
}

const injectionsEachOwnTurn = injectionsEachOwnTurnCase('SCH-4');
const injectionHeadAlone = injectionsEachOwnTurnCase('SCH-6');

const oneAtATime = defineCase({
  requirements: ['SCH-5'],
  name: 'turns of one session run one at a time in enqueue order',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'job 1', injection: true });
    const second = sendInjection(context, 's1', 'job 2');
    const third = sendInjection(context, 's1', 'job 3');
    h.model.script([{ text: 'reply 2' }, { text: 'reply 3' }]);
    await h.settle();
    assert.equal('SCH-5', turns(h, 's1').length, 1, {
      rule: 'turns of one session must run one at a time',
      subject: 'the number of turns started while the first runs',
    });
    held.gate.open();
    await Promise.all([held.input.done, second.done, third.done]);
    const all = turns(h, 's1');
    assert.deepEqual(
      'SCH-5',
      all.map((turn) => contents(turn.inputs)),
      [['job 1'], ['job 2'], ['job 3']],
      {
        rule: 'turns of one session must run in the order their inputs were enqueued',
        subject: 'the inputs of the turns, in order',
      },
    );
    for (let index = 1; index < all.length; index += 1) {
      const previousEnd = all[index - 1]?.afterRun?.seq ?? Number.POSITIVE_INFINITY;
      assert.that('SCH-5', all[index]!.before.seq > previousEnd, {
        rule: 'a turn of a session may start only after the previous one ended',
        observed: `turn ${index + 1} started before turn ${index} ended`,
      });
    }
  },
});

const sessionsConcurrent = defineCase({
  requirements: ['SCH-5'],
  name: 'turns of different sessions run concurrently',
  run: async (context) => {
    const h = context.harness;
    session(h, 'a');
    session(h, 'b');
    const held = await holdTurn(context, { sessionId: 'a', content: 'slow question' });
    h.model.script([{ text: 'quick answer' }]);
    const other = sendHuman(context, 'b', 'quick question');
    await h.settle();
    assert.that('SCH-5', other.settled, {
      rule: 'turns of different sessions must run concurrently',
      observed: 'the turn of session b did not finish while session a waited',
    });
    held.gate.open();
    await held.input.done;
  },
});

const queueHeadTakesHumans = defineCase({
  requirements: ['SCH-6'],
  name: 'a turn opened from the queue takes the head and the human inputs directly behind it',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'job', injection: true });
    const waiting = [
      sendHuman(context, 's1', 'human 1'),
      sendHuman(context, 's1', 'human 2'),
      sendInjection(context, 's1', 'job 2'),
      sendHuman(context, 's1', 'human 3'),
    ];
    h.model.script([{ text: 'r1' }, { text: 'r2' }, { text: 'r3' }, { text: 'r4' }]);
    await h.settle();
    held.gate.open();
    await Promise.all([held.input.done, ...waiting.map((record) => record.done)]);
    const order = turns(h, 's1').map((turn) => contents(turn.inputs));
    assert.deepEqual('SCH-6', order, [['job'], ['human 1', 'human 2'], ['job 2'], ['human 3']], {
      rule: 'a turn opened from the queue must take the head input and every human input directly behind it',
      subject: 'the inputs of the turns, in order',
    });
    assert.equal('SCH-6', incomingWrites(h, 'human 2')[0]?.incoming?.entry, 'opened', {
      rule: 'the inputs taken with the head must be archived with entry "opened"',
      subject: 'the entry of the second human input',
    });
  },
});

const sameSessionAndSource = defineCase({
  requirements: ['SCH-7'],
  name: 'all inputs of one turn share session and source',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const held = await holdTurn(context, { sessionId: 's1', content: 'job', injection: true });
    const waiting = [
      sendHuman(context, 's1', 'human 1'),
      sendInjection(context, 's1', 'subtask result', { kind: 'subtask', id: 'task-1' }),
      sendHuman(context, 's2', 'other session'),
      sendHuman(context, 's1', 'human 2'),
      sendInjection(context, 's1', 'job 2'),
    ];
    h.model.script(Array.from({ length: 6 }, () => ({ text: 'ok' })));
    await h.settle();
    held.gate.open();
    await Promise.all([held.input.done, ...waiting.map((record) => record.done)]);
    for (const turn of turns(h)) {
      for (const input of turn.inputs) {
        assert.equal('SCH-7', input.message.sessionId, turn.sessionId, {
          rule: 'all inputs of one turn must share its session',
          subject: `the session of input "${input.message.content}"`,
        });
        const same = isDeepStrictEqual(input.message.source, turn.inputs[0]?.message.source);
        assert.that('SCH-7', same, {
          rule: 'all inputs of one turn must share its source',
          observed: `input "${input.message.content}" of turn ${turn.turnId} has another source`,
        });
      }
    }
  },
});

const queueEvents = defineCase({
  requirements: ['SCH-8'],
  name: 'agent:queue lists the waiting inputs in enqueue order on enqueue and when they enter a turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'job', injection: true });
    const first = sendHuman(context, 's1', 'waiting 1');
    await h.settle();
    const second = sendInjection(context, 's1', 'waiting 2');
    await h.settle();
    h.model.script([{ text: 'r1' }, { text: 'r2' }]);
    held.gate.open();
    await Promise.all([held.input.done, first.done, second.done]);
    const lists = waitingLists(context.harness, 's1');
    const expected = [['waiting 1'], ['waiting 1', 'waiting 2'], ['waiting 2'], []];
    assert.that('SCH-8', containsInOrder(lists, expected), {
      rule: 'agent:queue must list the waiting inputs in enqueue order, on enqueue and when they enter a turn',
      observed: `the agent:queue waiting lists were ${JSON.stringify(lists)}, without ${JSON.stringify(expected)} in order`,
    });
  },
});

/**
 * [SCH-8] `agent:queue` is emitted when inputs are released (「入队、进了一轮、被放掉时发」), whoever
 * releases them: an abort with `queued`, or drain at shutdown ([DRN-1]); the last list a
 * listener saw must not still show them waiting. A near miss skips the event at shutdown.
 */
function releaseAnnounced(by: 'abort' | 'drain') {
  return defineCase({
    requirements: ['SCH-8'],
    name:
      by === 'abort'
        ? 'agent:queue reports the released inputs gone'
        : 'agent:queue reports the inputs released by drain gone',
    run: async (context) => {
      const h = context.harness;
      session(h, 's1');
      const held = await holdTurn(context, {
        sessionId: 's1',
        content: 'job',
        injection: true,
        untilAborted: true,
      });
      const queued = sendHuman(context, 's1', 'waiting');
      await h.settle();
      if (by === 'abort') context.agent.abort('s1', { queued: true });
      else await h.drain();
      await Promise.all([held.input.done, queued.done]);
      await h.settle();
      const lists = waitingLists(h, 's1');
      assert.that('SCH-8', containsInOrder(lists, [['waiting'], []]), {
        rule: `agent:queue must be emitted when ${by === 'abort' ? 'an abort' : 'drain'} releases the waiting inputs, listing them gone`,
        observed: `the agent:queue waiting lists were ${JSON.stringify(lists)}, not the waiting input then none`,
      });
    },
  });
}

/**
 * A pending insertion left over by a turn that made no further model call becomes an ordinary
 * queued input where it stands ([SCH-3]): it opens its own turn in enqueue order ([SCH-5]), and
 * a later human turn takes only its own pending insertions ([SCH-2]), not the leftover one
 * waiting behind an injection. The later human turn is opened from the queue by two humans, a
 * third joins it, and an injection arrives after the join: every input runs once, in order.
 */
const leftoverInsertionKeepsItsPlace = defineCase({
  requirements: ['SCH-3', 'SCH-2', 'SCH-5'],
  name: 'a leftover pending insertion keeps its place in the queue and joins no later turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'job 0', injection: true });
    const early = ['human 1', 'job 1', 'human 2', 'human 3'].map((content) =>
      content.startsWith('job') ? sendInjection(context, 's1', content) : sendHuman(context, 's1', content),
    );
    await h.settle();
    const firstHuman = createGate();
    const lookupGate = createGate();
    const afterJoin = createGate();
    const lookup = h.tools.define({ name: 'lookup', steps: [{ waitFor: lookupGate }] });
    const [firstCall, , , joinedCall] = h.model.script([
      { waitFor: firstHuman, text: 'reply 1' },
      { text: 'reply job 1' },
      { toolCalls: [{ name: 'lookup' }] },
      { waitFor: afterJoin, text: 'reply 2' },
      { text: 'reply job 2' },
      { text: 'reply leftover' },
      { text: 'reply job 3' },
    ]);
    held.gate.open();
    await firstCall!.started;
    const late = [sendInjection(context, 's1', 'job 2'), sendHuman(context, 's1', 'leftover')];
    await h.settle();
    firstHuman.open();
    await lookup.started(0);
    const joining = sendHuman(context, 's1', 'joining');
    await h.settle();
    lookupGate.open();
    await joinedCall!.started;
    const last = sendInjection(context, 's1', 'job 3');
    await h.settle();
    afterJoin.open();
    await Promise.all([held.input, ...early, ...late, joining, last].map((input) => input.done));
    const order = turns(h, 's1').map((turn) => contents(turn.inputs));
    const expected = [
      ['job 0'],
      ['human 1'],
      ['job 1'],
      ['human 2', 'human 3', 'joining'],
      ['job 2'],
      ['leftover'],
      ['job 3'],
    ];
    assert.deepEqual('SCH-3', order, expected, {
      rule: 'a pending insertion of a turn that made no further model call must open its own turn where it was enqueued; a later turn takes only its own pending insertions, and every input runs once in enqueue order',
      subject: 'the inputs of the turns, in order',
    });
  },
});

/**
 * The queue stays whole while inputs leave it ([SCH-5]): a pending insertion joins from in
 * front of an injection ([SCH-2]) and another injection arrives after the join; later a turn
 * opens from the queue and empties it, and one more injection arrives while it runs. Every
 * input runs exactly once, in enqueue order.
 */
const queueWholeAfterTakes = defineCase({
  requirements: ['SCH-5', 'SCH-2'],
  name: 'inputs arriving after a pending insertion joined or a turn emptied the queue each run once, in order',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const [firstTool, secondTool, lastJob] = [createGate(), createGate(), createGate()];
    const lookup = h.tools.define({
      name: 'lookup',
      steps: [{ waitFor: firstTool }, { waitFor: secondTool }],
    });
    const steps = h.model.script([
      { toolCalls: [{ name: 'lookup' }] },
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'done' },
      { text: 'reply job 1' },
      { waitFor: lastJob, text: 'reply job 2' },
      { text: 'reply job 3' },
    ]);
    const opening = sendHuman(context, 's1', 'question');
    await lookup.started(0);
    const meanwhile = [sendHuman(context, 's1', 'pending'), sendInjection(context, 's1', 'job 1')];
    await h.settle();
    firstTool.open();
    await lookup.started(1);
    const afterJoin = sendInjection(context, 's1', 'job 2');
    await h.settle();
    secondTool.open();
    await steps[4]!.started;
    const afterEmptied = sendInjection(context, 's1', 'job 3');
    await h.settle();
    lastJob.open();
    await Promise.all([opening, ...meanwhile, afterJoin, afterEmptied].map((input) => input.done));
    const order = turns(h, 's1').map((turn) => contents(turn.inputs));
    assert.deepEqual('SCH-5', order, [['question', 'pending'], ['job 1'], ['job 2'], ['job 3']], {
      rule: 'turns of one session must run in the order their inputs were enqueued, every input once, also after a pending insertion joined or a turn emptied the queue',
      subject: 'the inputs of the turns, in order',
    });
    const all = turns(h, 's1');
    for (let index = 1; index < all.length; index += 1) {
      const previousEnd = all[index - 1]?.afterRun?.seq ?? Number.POSITIVE_INFINITY;
      assert.that('SCH-5', all[index]!.before.seq > previousEnd, {
        rule: 'a turn of a session may start only after the previous one ended',
        observed: `turn ${index + 1} started before turn ${index} ended`,
      });
    }
  },
});

const queueEventOnJoin = defineCase({
  requirements: ['SCH-8'],
  name: 'agent:queue reports a pending insertion gone once it joined its turn',
  run: async (context) => {
    const h = context.harness;
    await secondInputDuringToolCall(context, 'first question', 'joining question');
    const lists = waitingLists(context.harness, 's1');
    assert.that('SCH-8', containsInOrder(lists, [['joining question'], []]), {
      rule: 'agent:queue must list a pending insertion while it waits and be emitted when it enters the turn',
      observed: `the agent:queue waiting lists were ${JSON.stringify(lists)}, not the pending input then none`,
    });
    assert.deepEqual(
      'SCH-8',
      contents(turns(h, 's1')[0]?.inputs ?? []),
      ['first question', 'joining question'],
      {
        rule: 'a pending insertion joins the running human turn (SCH-2)',
        subject: 'the inputs of the turn',
      },
    );
  },
});

/**
 * [SCH-2] The model call after a join sees the turn's inputs each once, in the order they
 * entered: the opening input (read back with the history) is not added a second time.
 */
const joinedCallSeesEachInputOnce = defineCase({
  requirements: ['SCH-2'],
  name: 'the model call after a join sees the opening and the joined input once each, in order',
  run: async (context) => {
    const h = context.harness;
    const texts = ['first question', 'second question'];
    await secondInputDuringToolCall(context, texts[0]!, texts[1]!);
    const next = assert.defined('SCH-2', h.model.requests[1], {
      rule: 'the turn must call the model again after its tool call',
      subject: 'the model call after the insertion',
    });
    const seen = next.messages
      .filter((message) => message.role === 'user' && texts.includes(String(message.content)))
      .map((message) => message.content);
    assert.deepEqual('SCH-2', seen, texts, {
      rule: "the model call after a pending insertion must carry the turn's inputs, each once and in the order they entered",
      subject: 'the user messages of the inputs in the model call after the insertion',
    });
  },
});

/**
 * [SCH-2] Checks that "second question" joined the turn "first question" opened in `s1`, and
 * is in the messages of its model call number `index` (`call` names it in the failure).
 */
function assertJoinedInto(h: Harness, index: number, call: string): void {
  assert.deepEqual(
    'SCH-2',
    turns(h, 's1').map((turn) => contents(turn.inputs)),
    [['first question', 'second question']],
    {
      rule: `a human input that arrives while a human turn of its session runs must join that turn, also before ${call}`,
      subject: 'the inputs of the turns, in order',
    },
  );
  const made = assert.defined('SCH-2', h.model.requests[index], {
    rule: `the turn must make ${call}`,
    subject: call,
  });
  assert.that('SCH-2', callContains(made, 'second question'), {
    rule: `a pending insertion must be part of the messages of the turn's next model call, ${call} included`,
    observed: `${call}, made after the input arrived, did not contain "second question"`,
  });
}

/**
 * [SCH-2] "Before that turn's next model call" includes its first: a human input that arrives
 * while the turn has started (`agent:turn:before` running) but has not called the model yet
 * joins that first call. The near miss takes insertions only after a round of tool calls, so
 * such an input waits for the turn to end and opens a turn of its own.
 */
const joinsFirstModelCall = defineCase({
  requirements: ['SCH-2', 'ARC-6'],
  name: 'a human input that arrives before the turn’s first model call joins that call',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const gate = createGate();
    let held = false;
    h.hooks.middleware('agent:turn:before', async (_payload, next) => {
      if (!held) {
        held = true;
        await gate.opened;
      }
      await next();
    });
    h.model.script([{ text: 'both answered' }, { text: 'a turn of its own' }]);
    const opening = sendHuman(context, 's1', 'first question');
    await turnsStarted(h, 1, 's1');
    const arriving = sendHuman(context, 's1', 'second question');
    await h.settle();
    gate.open();
    await Promise.all([opening.done, arriving.done]);
    assertJoinedInto(h, 0, 'its first model call');
    assert.equal('ARC-6', incomingWrites(h, 'second question')[0]?.incoming?.entry, 'joined', {
      rule: 'an input that joined a turn (before its first model call too) must be archived with entry "joined"',
      subject: 'the entry the joined input was archived with',
    });
  },
});

/**
 * [SCH-2] A format retry is a model call of the turn ([USG-1]): a human input that arrives
 * while the call whose reply gets retried runs joins the retry call.
 */
const joinsFormatRetryCall = defineCase({
  requirements: ['SCH-2'],
  name: 'a human input that arrives during a call whose reply is retried joins the retry call',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    retryFirstReply(h, 'Answer in one word.');
    const held = await holdTurn(context, {
      sessionId: 's1',
      content: 'first question',
      reply: 'a long answer',
    });
    h.model.script([{ text: 'Both.' }, { text: 'a turn of its own' }]);
    const arriving = sendHuman(context, 's1', 'second question');
    await h.settle();
    held.gate.open();
    await Promise.all([held.input.done, arriving.done]);
    assertJoinedInto(h, 1, 'a format retry call');
  },
});

/**
 * [SCH-2] [SCH-4] [SCH-7] A human input joins the running human turn whatever waits in the
 * queue, and the injection waiting there stays out of it: it forms a turn of its own, and every
 * turn's inputs share one source. The near misses join only while the queue is empty ("do not
 * jump the queue"), so the human input waits for the injection's turn; or keep one list of
 * waiting inputs and take all of it with the pending insertions, the injection included.
 */
const joinsPastQueuedInjection = defineCase({
  requirements: ['SCH-2', 'SCH-4', 'SCH-7'],
  name: 'a human input joins the running human turn even while an injection waits in the queue',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const gate = createGate();
    const lookup = h.tools.define({ name: 'lookup', steps: [{ waitFor: gate }] });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'both answered' }, { text: 'job done' }]);
    const opening = sendHuman(context, 's1', 'first question');
    await lookup.started(0);
    const job = sendInjection(context, 's1', 'queued job');
    await h.settle();
    const arriving = sendHuman(context, 's1', 'second question');
    await h.settle();
    gate.open();
    await Promise.all([opening.done, job.done, arriving.done]);
    const second = h.model.requests[1];
    assert.that('SCH-4', second === undefined || !callContains(second, 'queued job'), {
      rule: 'an injection must never be inserted into another turn, also when a human input behind it joins',
      observed: 'the model call after the tool call of the human-opened turn contained the queued injection',
    });
    for (const turn of turns(h, 's1')) {
      const sources = new Set(turn.inputs.map((input) => JSON.stringify(input.message.source ?? null)));
      assert.equal('SCH-7', sources.size, 1, {
        rule: 'all inputs of one turn must share session and source',
        subject: `the sources of the inputs of the turn opened by "${turn.inputs[0]?.message.content}"`,
      });
    }
    const order = turns(h, 's1').map((turn) => contents(turn.inputs));
    assert.deepEqual('SCH-2', order, [['first question', 'second question'], ['queued job']], {
      rule: 'a human input that arrives while a human turn of its session runs must join that turn, also while an injection waits in the queue',
      subject: 'the inputs of the turns, in order',
    });
  },
});

/**
 * [SCH-5] One at a time holds across an abort: the turn opened after it starts only once the
 * stopped turn has ended (its `agent:turn:after`). The near miss frees the session's place as
 * it aborts, so the next turn runs beside the one still winding down and their history mixes.
 */
const nextTurnAfterStoppedOneEnded = defineCase({
  requirements: ['SCH-5'],
  name: 'after an abort the next turn of the session starts only once the stopped turn has ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, {
      sessionId: 's1',
      content: 'job',
      injection: true,
      untilAborted: true,
    });
    const waiting = sendHuman(context, 's1', 'next question');
    h.model.script([{ text: 'next answer' }]);
    await h.settle();
    context.agent.abort('s1');
    await Promise.all([held.input.done, waiting.done]);
    const [stopped, next] = turns(h, 's1');
    const ended = assert.defined('SCH-5', stopped?.afterRun, {
      rule: 'a stopped turn must end with agent:turn:after',
      subject: 'agent:turn:after of the stopped turn',
    });
    const started = assert.defined('SCH-5', next?.before, {
      rule: 'without queued, the waiting input must open the next turn after an abort',
      subject: 'agent:turn:before of the next turn',
    });
    assert.that('SCH-5', started.seq > ended.seq, {
      rule: 'turns of one session run one at a time: the next turn may start only after the stopped one ended',
      observed: 'the next turn reached agent:turn:before before the stopped turn reached agent:turn:after',
    });
  },
});

/**
 * [SCH-8] Released is released whoever releases: clearing and session deletion let go of the
 * waiting inputs like an abort with `queued`, and `agent:queue` says so. The near miss announces
 * only the abort's release.
 */
const queueEventsOnClearAndDelete = defineCase({
  requirements: ['SCH-8'],
  name: 'agent:queue reports the inputs released by clearing or by a session deletion gone',
  run: async (context) => {
    const h = context.harness;
    for (const sessionId of ['cleared', 'deleted']) {
      session(h, sessionId);
      const held = await holdTurn(context, {
        sessionId,
        content: 'job',
        injection: true,
        untilAborted: true,
      });
      const queued = sendHuman(context, sessionId, `waiting in ${sessionId}`);
      await h.settle();
      if (sessionId === 'cleared') await context.agent.clearing([sessionId], async () => {});
      else {
        const generation = h.sessions.advanceGeneration(sessionId);
        await h.events.emit('session:deleted', { sessionId, generation });
      }
      await Promise.all([held.input.done, queued.done]);
      const lists = waitingLists(context.harness, sessionId);
      assert.that('SCH-8', containsInOrder(lists, [[`waiting in ${sessionId}`], []]), {
        rule: 'agent:queue must be emitted when inputs are released, by clearing and by a session deletion too, listing them gone',
        observed: `the agent:queue waiting lists of ${sessionId} were ${JSON.stringify(lists)}, not the waiting input then none`,
      });
    }
  },
});

/**
 * [SCH-2] Every pending insertion joins before the turn's next model call, not one per call:
 * 「插进来的输入在送进模型之前追加到末尾」. Two human inputs arrive while the turn's tool runs; the
 * model call after the tool sees both, and the turn has all three inputs. The near miss joins
 * only the first pending insertion before each model call, so the second, with no further call
 * of the turn to join, opens a turn of its own.
 */
const everyPendingJoinsNextCall = defineCase({
  requirements: ['SCH-2'],
  name: 'every human input that arrived during a tool call joins before the next model call',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const gate = createGate();
    const lookup = h.tools.define({ name: 'lookup', steps: [{ waitFor: gate }] });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'all answered' },
      { text: 'a turn of its own' },
    ]);
    const opening = sendHuman(context, 's1', 'first question');
    await lookup.started(0);
    const arriving = ['second question', 'third question'].map((content) =>
      sendHuman(context, 's1', content),
    );
    await h.settle();
    gate.open();
    await Promise.all([opening, ...arriving].map((input) => input.done));
    assert.deepEqual(
      'SCH-2',
      turns(h, 's1').map((turn) => contents(turn.inputs)),
      [['first question', 'second question', 'third question']],
      {
        rule: 'every human input that arrives while a human turn of its session runs must join that turn before its next model call, not one per call',
        subject: 'the inputs of the turns, in order',
      },
    );
    const next = assert.defined('SCH-2', h.model.requests[1], {
      rule: 'the turn must call the model again after its tool call',
      subject: 'the model call after the insertions',
    });
    for (const content of ['second question', 'third question']) {
      assert.that('SCH-2', callContains(next, content), {
        rule: "every pending insertion must be part of the messages of the turn's next model call",
        observed: `the model call after the tool call did not contain "${content}"`,
      });
    }
  },
});

/**
 * [SCH-1] 「新消息不打断在跑的一轮」 holds for a turn an injection opened too: a human input that
 * arrives while it runs leaves its model call running, and the injection's turn replies before
 * the human input gets a turn of its own ([SCH-4]). The near miss lets a person's input stop a
 * running injection turn so the person need not wait for it.
 */
const injectionTurnNotInterrupted = defineCase({
  requirements: ['SCH-1'],
  name: 'a human input does not interrupt a running turn an injection opened',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, {
      sessionId: 's1',
      content: 'scheduled job',
      injection: true,
      reply: 'job reply',
    });
    h.model.script([{ text: 'human reply' }]);
    const human = sendHuman(context, 's1', 'human meanwhile');
    await h.settle();
    assert.that('SCH-1', !held.call.aborted && held.call.state === 'open', {
      rule: 'a new input must never interrupt the running turn of its session, a turn an injection opened included',
      observed: `the model call of the injection's turn was ${held.call.aborted ? 'aborted' : held.call.state} after a human input arrived`,
    });
    held.gate.open();
    await Promise.all([held.input.done, human.done]);
    const seen = turns(h, 's1').map((turn) => ({
      inputs: contents(turn.inputs),
      outcome: turn.after?.outcome,
    }));
    assert.deepEqual(
      'SCH-1',
      seen,
      [
        { inputs: ['scheduled job'], outcome: 'replied' },
        { inputs: ['human meanwhile'], outcome: 'replied' },
      ],
      {
        rule: 'a new input must never interrupt the running turn of its session: the injection turn ends as it would have, the human input then runs',
        subject: 'the inputs and outcomes of the turns, in order',
      },
    );
  },
});

/** The cases of the SCH family ([SCH-1]..[SCH-8]). */
export const SCH_CASES = [
  noInterruption,
  humanJoins,
  insertionsOpenNextTurn,
  injectionOwnTurn,
  injectionNotInserted,
  injectionsEachOwnTurn,
  oneAtATime,
  sessionsConcurrent,
  queueHeadTakesHumans,
  sameSessionAndSource,
  queueEvents,
  releaseAnnounced('abort'),
  releaseAnnounced('drain'),
  joinedCallSeesEachInputOnce,
  leftoverInsertionKeepsItsPlace,
  queueWholeAfterTakes,
  queueEventOnJoin,
  joinsFirstModelCall,
  joinsFormatRetryCall,
  joinsPastQueuedInjection,
  nextTurnAfterStoppedOneEnded,
  queueEventsOnClearAndDelete,
  everyPendingJoinsNextCall,
  injectionTurnNotInterrupted,
  injectionHeadAlone,
];
