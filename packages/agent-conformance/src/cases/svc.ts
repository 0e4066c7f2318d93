import { type AgentService, agent as agentService } from '@aalis/api-agent';
import type { IncomingMessage } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import {
  contents,
  holdFirstTurnEnd,
  holdTurn,
  incomingWrites,
  outbound,
  secondInputDuringToolCall,
  sendHuman,
  sendInjection,
  session,
  storedReplies,
  turns,
  turnsEnded,
} from './scenario';

const serviceSurface = defineCase({
  requirements: ['SVC-1'],
  name: 'the service exposes handleMessage, abort, clearing and assignModel, and the bound agent registerPreprocessor',
  run: async ({ agent }) => {
    const returned = agent.returned as unknown as Record<string, unknown>;
    for (const method of ['handleMessage', 'abort', 'clearing', 'assignModel']) {
      assert.equal('SVC-1', typeof returned[method], 'function', {
        rule: 'AgentService must expose handleMessage, abort, clearing and assignModel as functions',
        subject: `typeof ${method} on the agent`,
      });
    }
    if (returned.registerPreprocessor !== undefined) {
      assert.equal('SVC-1', typeof returned.registerPreprocessor, 'function', {
        rule: 'registerPreprocessor is optional on the service, but must be a function when present',
        subject: 'typeof registerPreprocessor on the agent',
      });
    }
    assert.equal('SVC-1', typeof agent.handle.registerPreprocessor, 'function', {
      rule: 'the bound agent must expose registerPreprocessor',
      subject: 'typeof registerPreprocessor on the bound agent',
    });
  },
});

const settlesAfterTurn = defineCase({
  requirements: ['SVC-2'],
  name: 'handleMessage resolves only after its turn ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'hello' });
    await h.settle();
    assert.that('SVC-2', !held.input.settled, {
      rule: 'handleMessage must stay pending while its turn runs',
      observed: 'handleMessage settled while its turn was running',
    });
    held.gate.open();
    const record = await held.input.done;
    assert.equal('SVC-2', record.state, 'resolved', {
      rule: 'handleMessage must resolve once its turn ended',
      subject: 'the handleMessage promise',
    });
    const turn = assert.defined('SVC-2', turns(h, 's1')[0]?.afterRun, {
      rule: 'every turn must end with agent:turn:after',
      subject: 'the agent:turn:after run of the turn',
    });
    assert.that('SVC-2', (record.settleSeq ?? 0) > turn.seq, {
      rule: 'handleMessage may resolve only after agent:turn:after of its turn',
      observed: 'handleMessage resolved before agent:turn:after',
    });
  },
});

const settlesWhenDropped = defineCase({
  requirements: ['SVC-2'],
  name: 'handleMessage resolves for an input dropped at agent:input:before',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:input:before', async () => undefined);
    const record = await sendHuman(context, 's1', 'dropped').done;
    assert.equal('SVC-2', record.state, 'resolved', {
      rule: 'handleMessage must resolve for an input dropped at agent:input:before',
      subject: 'the handleMessage promise of a dropped input',
    });
    assert.equal('SVC-2', turns(h).length, 0, {
      rule: 'an input dropped at agent:input:before must open no turn',
      subject: 'the number of turns started for a dropped input',
    });
  },
});

const settlesWhenBlocked = defineCase({
  requirements: ['SVC-2'],
  name: 'handleMessage resolves for a turn blocked at agent:turn:before',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:turn:before', async () => undefined);
    const record = await sendHuman(context, 's1', 'blocked').done;
    assert.equal('SVC-2', record.state, 'resolved', {
      rule: 'handleMessage must resolve for a turn blocked at agent:turn:before',
      subject: 'the handleMessage promise of a blocked turn',
    });
    assert.equal('SVC-2', h.model.requests.length, 0, {
      rule: 'a turn blocked at agent:turn:before must make no model call',
      subject: 'the number of model calls of a blocked turn',
    });
  },
});

const settlesWhenReleased = defineCase({
  requirements: ['SVC-2'],
  name: 'handleMessage resolves for inputs released by abort with queued',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'first', untilAborted: true });
    const pending = sendHuman(context, 's1', 'second');
    const queued = sendInjection(context, 's1', 'third');
    await h.settle();
    context.agent.abort('s1', { queued: true });
    for (const record of [held.input, pending, queued]) {
      const settled = await record.done;
      assert.equal('SVC-2', settled.state, 'resolved', {
        rule: 'handleMessage must resolve for every input released by abort with queued',
        subject: `the handleMessage promise of "${settled.message.content}"`,
      });
    }
  },
});

const modelFailure = defineCase({
  requirements: ['SVC-3'],
  name: 'a throwing model call ends the turn as error without rejecting handleMessage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ throws: 'the model is down' }]);
    const record = await sendHuman(context, 's1', 'hello').done;
    assert.equal('SVC-3', record.state, 'resolved', {
      rule: 'a failing model call must not reject handleMessage',
      subject: 'the handleMessage promise after a model failure',
    });
    assert.equal('SVC-3', turns(h, 's1')[0]?.after?.outcome, 'error', {
      rule: 'a failing model call must end the turn with outcome "error"',
      subject: 'the outcome of the turn',
    });
  },
});

const archiveFailure = defineCase({
  requirements: ['SVC-3'],
  name: 'a failing archive write ends the turn as error without rejecting handleMessage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'never persisted' }]);
    h.archive.failNext('archiveIncoming');
    const record = await sendHuman(context, 's1', 'hello').done;
    assert.equal('SVC-3', record.state, 'resolved', {
      rule: 'a failing archive write must not reject handleMessage',
      subject: 'the handleMessage promise after an archive failure',
    });
    assert.equal('SVC-3', turns(h, 's1')[0]?.after?.outcome, 'error', {
      rule: 'a failing archive write must end the turn with outcome "error"',
      subject: 'the outcome of the turn',
    });
  },
});

/**
 * [SVC-3] Not only the first write: a store that refuses the turn's tool-call group in the
 * middle of the tool loop also ends the turn as `error`. The near miss handles failures of the
 * opening write only and lets a later one escape (rejecting handleMessage) or ignores it (the
 * turn replies on a history that lacks the group).
 */
const midTurnArchiveFailure = defineCase({
  requirements: ['SVC-3'],
  name: 'a store refusing the tool-call group mid-turn ends the turn as error without rejecting handleMessage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'replied on a broken history' }]);
    h.archive.failNext('append');
    const record = await sendHuman(context, 's1', 'hello').done;
    assert.equal('SVC-3', record.state, 'resolved', {
      rule: 'a failing archive write in the middle of a turn must not reject handleMessage',
      subject: 'the handleMessage promise after the tool-call group was refused',
    });
    assert.equal('SVC-3', turns(h, 's1')[0]?.after?.outcome, 'error', {
      rule: 'a failing archive write in the middle of a turn must end the turn with outcome "error"',
      subject: 'the outcome of the turn whose tool-call group was refused',
    });
  },
});

/**
 * [SVC-3] with [OUT-1]: `replied` means the final reply is in history, so a store that refuses
 * the final reply leaves a turn that did not reply as the contract means it: it ends as
 * `error`. The near miss reports `replied` for a reply that is not in history.
 */
const replyRefused = defineCase({
  requirements: ['SVC-3', 'OUT-1'],
  name: 'a store refusing the final reply ends the turn as error, not replied',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'a reply the store refuses' }]);
    h.archive.failNext('append');
    const record = await sendHuman(context, 's1', 'hello').done;
    assert.equal('SVC-3', record.state, 'resolved', {
      rule: 'a failing archive write must not reject handleMessage',
      subject: 'the handleMessage promise after the final reply was refused',
    });
    assert.equal('OUT-1', storedReplies(h, 's1').length, 0, {
      rule: 'the store refused the reply: it is not in history',
      subject: 'the replies in history',
    });
    assert.equal('SVC-3', turns(h, 's1')[0]?.after?.outcome, 'error', {
      rule: 'on replied the final reply is in history (OUT-1): a turn whose reply the store refused must end as "error"',
      subject: 'the outcome of the turn whose final reply was refused',
    });
  },
});

const toolAndHookFailure = defineCase({
  requirements: ['SVC-3'],
  name: 'a throwing tool or hook middleware does not reject handleMessage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'broken', fallback: { throws: 'tool exploded' } });
    h.hooks.middleware('agent:llm:before', () => {
      throw new Error('middleware exploded');
    });
    h.model.script([{ toolCalls: [{ name: 'broken' }] }, { text: 'recovered' }]);
    const record = await sendHuman(context, 's1', 'hello').done;
    assert.equal('SVC-3', record.state, 'resolved', {
      rule: 'a throwing tool or hook middleware must not reject handleMessage',
      subject: 'the handleMessage promise after a tool and a hook failure',
    });
    assert.defined('SVC-3', turns(h, 's1')[0]?.after, {
      rule: 'a turn with a throwing tool or hook middleware must still end with agent:turn:after',
      subject: 'the agent:turn:after payload of the turn',
    });
  },
});

/**
 * [SVC-3] Hooks run before a turn fail too: 「handleMessage rejects only for an invalid input」.
 * A middleware of `agent:input:before` or `agent:turn:before` that throws is a failing hook like
 * any other; the near miss lets a chain reject with the first middleware's error, which an agent
 * that runs those two hooks outside its turn's error handling hands on to the caller.
 */
const hookFailureBeforeTurn = defineCase({
  requirements: ['SVC-3'],
  name: 'a throwing agent:input:before or agent:turn:before middleware does not reject handleMessage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    h.hooks.middleware('agent:input:before', (payload, next) => {
      if (payload.message.sessionId === 's1') throw new Error('preprocessing exploded');
      return next();
    });
    h.hooks.middleware('agent:turn:before', (payload, next) => {
      if (payload.sessionId === 's2') throw new Error('turn opening exploded');
      return next();
    });
    h.model.script([{ text: 'answered' }, { text: 'answered' }]);
    for (const [sessionId, hook] of [
      ['s1', 'agent:input:before'],
      ['s2', 'agent:turn:before'],
    ] as const) {
      const record = await sendHuman(context, sessionId, 'hello').done;
      assert.equal('SVC-3', record.state, 'resolved', {
        rule: 'a throwing hook middleware must not reject handleMessage: it rejects only for an invalid input',
        subject: `the handleMessage promise after a middleware of ${hook} threw`,
      });
    }
    // A failure of agent:turn:before is one inside the turn: the turn ends, it was not blocked.
    assert.defined('SVC-3', turns(h, 's2')[0]?.after, {
      rule: 'a turn whose agent:turn:before middleware threw must still end, with agent:turn:after (outcome error, or the failure isolated)',
      subject: 'the agent:turn:after payload of the turn of s2',
    });
  },
});

const providerSwitch = defineCase({
  requirements: ['SVC-4'],
  name: 'calls on the business handle go to the provider selected at the time',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const original = assert.defined('SVC-4', context.agent.providerName, {
      rule: "the implementation must be provided as the app's agent service",
      subject: 'the provider name of the implementation',
    });
    const received: IncomingMessage[] = [];
    const other: AgentService = {
      handleMessage: async (message) => {
        received.push(message);
      },
      abort: () => false,
      clearing: async (_sessionIds, clear) => {
        await clear();
      },
      assignModel: async () => undefined,
    };
    h.app.provide(agentService, other, { name: 'conformance-other' });
    h.app.select(agentService, 'conformance-other');
    await context.agent.handleMessage(h.input({ sessionId: 's1', content: 'to the other provider' }));
    assert.equal('SVC-4', received.length, 1, {
      rule: 'calls on the business handle must go to the provider selected at the time',
      subject: 'the inputs the other provider received while selected',
    });
    assert.equal('SVC-4', h.model.requests.length, 0, {
      rule: 'calls on the business handle must go to the provider selected at the time',
      subject: 'the model calls of the implementation while not selected',
    });
    h.app.select(agentService, original);
    h.model.script([{ text: 'back again' }]);
    await context.agent.handleMessage(h.input({ sessionId: 's1', content: 'to the implementation' }));
    assert.equal('SVC-4', received.length, 1, {
      rule: 'calls on the business handle must go to the provider selected at the time',
      subject: 'the inputs the other provider received after switching back',
    });
    assert.equal('SVC-4', h.model.requests.length, 1, {
      rule: 'calls on the business handle must go to the provider selected at the time',
      subject: 'the model calls of the implementation once selected again',
    });
  },
});

const withoutArchive = defineCase({
  requirements: ['SVC-5', 'HK-9'],
  name: 'without archive and memory turns still run and reply, and no input is marked archived',
  harness: { archive: false },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'reply without archive' }]);
    const record = await sendHuman(context, 's1', 'hello').done;
    assert.equal('SVC-5', record.state, 'resolved', {
      rule: 'without archive and memory, handleMessage must still resolve',
      subject: 'the handleMessage promise',
    });
    const turn = assert.defined('SVC-5', turns(h, 's1')[0], {
      rule: 'without archive and memory, turns must still run',
      subject: 'the turn',
    });
    assert.equal('SVC-5', turn.after?.outcome, 'replied', {
      rule: 'without archive and memory, turns must still reply',
      subject: 'the outcome of the turn',
    });
    const sent = outbound(h, 's1').some((message) => message.content.includes('reply without archive'));
    assert.that('SVC-5', sent, {
      rule: 'without archive and memory, the reply must still be handed out on outbound:message',
      observed: 'no outbound:message carried the reply',
    });
    assert.equal('HK-9', turn.inputs[0]?.archived, undefined, {
      rule: 'without an archive, TurnInput.archived must stay unset',
      subject: 'TurnInput.archived without an archive',
    });
    assert.equal('SVC-5', incomingWrites(h, 'hello').length, 0, {
      rule: 'without an archive, nothing is archived',
      subject: 'archive writes without an archive',
    });
  },
});

/** [SVC-5] A turn without archive and memory still runs on its input: every model call carries it. */
const withoutArchiveModelSeesInput = defineCase({
  requirements: ['SVC-5'],
  name: 'without archive and memory every model call of a turn still carries its input',
  harness: { archive: false },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'reply without archive' }]);
    await sendHuman(context, 's1', 'hello without archive').done;
    assert.equal('SVC-5', h.model.requests.length, 2, {
      rule: 'without archive and memory, turns must still run their model and tool loop',
      subject: 'the model calls of the turn',
    });
    h.model.requests.forEach((call, index) => {
      const carried = call.messages.some(
        (message) => message.role === 'user' && message.content === 'hello without archive',
      );
      assert.that('SVC-5', carried, {
        rule: "without archive and memory, every model call of a turn must still carry the turn's input as a user message",
        observed: `model call ${index + 1} carried no user message "hello without archive"`,
      });
    });
  },
});

/**
 * [SVC-3] A throwing tool is a failure inside the turn, not a stop: the turn ends as `error`,
 * or goes on with the failure as the tool's result (DESIGN: "or degrades that part").
 */
const toolFailureIsNoAbort = defineCase({
  requirements: ['SVC-3'],
  name: 'a throwing tool ends its turn as error or lets it go on, never as aborted',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'broken', fallback: { throws: 'tool exploded' } });
    h.model.script([{ toolCalls: [{ name: 'broken' }] }, { text: 'recovered' }]);
    await sendHuman(context, 's1', 'hello').done;
    const outcome = turns(h, 's1')[0]?.after?.outcome;
    assert.that('SVC-3', outcome === 'error' || outcome === 'replied', {
      rule: 'a throwing tool must end the turn as error (or the turn goes on and replies); nobody aborted it',
      observed: `the turn ended as ${String(outcome)}`,
    });
  },
});

/**
 * [SVC-2] An input that joined a running turn belongs to that turn: its handleMessage resolves
 * after that turn's `agent:turn:after`, not when it joined.
 */
const joinedSettlesAfterTurn = defineCase({
  requirements: ['SVC-2'],
  name: 'handleMessage of an input that joined a running turn resolves only after that turn ended',
  run: async (context) => {
    const h = context.harness;
    const [, joined] = await secondInputDuringToolCall(context, 'first question', 'second question');
    const record = await joined.done;
    const turn = assert.defined('SVC-2', turns(h, 's1')[0], {
      rule: 'a human input during a human turn must join that turn',
      subject: 'the turn both inputs belong to',
    });
    assert.deepEqual('SVC-2', contents(turn.inputs), ['first question', 'second question'], {
      rule: 'a human input during a human turn must join that turn',
      subject: 'the inputs of the turn',
    });
    const after = assert.defined('SVC-2', turn.afterRun, {
      rule: 'every turn must end with agent:turn:after',
      subject: 'the agent:turn:after run of the turn',
    });
    assert.that('SVC-2', record.state === 'resolved' && (record.settleSeq ?? 0) > after.seq, {
      rule: 'handleMessage of a joined input may resolve only after agent:turn:after of the turn it joined',
      observed: `handleMessage ${record.state === 'resolved' ? 'resolved before agent:turn:after of the turn it joined' : 'did not resolve'}`,
    });
  },
});

/**
 * [SVC-2] A pending insertion the running turn never took (it arrived during the turn's last
 * model call) belongs to the turn it later runs in: its handleMessage resolves after that
 * turn's `agent:turn:after`. The near miss counts it with the turn it meant to join and
 * settles it when that turn ends, before its own turn even started.
 */
const leftoverSettlesAfterItsTurn = defineCase({
  requirements: ['SVC-2'],
  name: 'handleMessage of a pending insertion its turn never took resolves only after the turn it ran in ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, {
      sessionId: 's1',
      content: 'first question',
      reply: 'first answer',
    });
    h.model.script([{ text: 'second answer' }]);
    const leftover = sendHuman(context, 's1', 'second question');
    await h.settle();
    held.gate.open();
    const [, record] = await Promise.all([held.input.done, leftover.done]);
    const turn = assert.defined(
      'SVC-2',
      turns(h, 's1').find((candidate) => contents(candidate.inputs).includes('second question')),
      {
        rule: 'an input neither released nor dropped must run in a turn',
        subject: 'the turn of the late input',
      },
    );
    const after = assert.defined('SVC-2', turn.afterRun, {
      rule: 'every turn must end with agent:turn:after',
      subject: 'the agent:turn:after run of the late input’s turn',
    });
    assert.that('SVC-2', record.state === 'resolved' && (record.settleSeq ?? 0) > after.seq, {
      rule: 'handleMessage may resolve only after agent:turn:after of the turn the input ran in',
      observed: `handleMessage ${record.state === 'resolved' ? 'resolved before agent:turn:after of the turn the input ran in' : 'did not resolve'}`,
    });
  },
});

/**
 * [SVC-4] `abort` on the business handle goes to the provider selected at the time of the
 * call, like every other call, also for a session whose inputs went to another provider
 * before the switch: that turn keeps running until an abort reaches its provider again. The
 * near miss remembers which provider got each session's inputs and sends that session's abort
 * there, so after a switch the abort stops the turn of a provider no longer selected.
 */
const abortAfterSwitch = defineCase({
  requirements: ['SVC-4'],
  name: 'abort on the business handle goes to the provider selected at the time, not to the one running the session’s turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const original = assert.defined('SVC-4', context.agent.providerName, {
      rule: "the implementation must be provided as the app's agent service",
      subject: 'the provider name of the implementation',
    });
    const held = await holdTurn(context, { sessionId: 's1', content: 'a long question', untilAborted: true });
    const aborts: string[] = [];
    const other: AgentService = {
      handleMessage: async () => undefined,
      abort: (sessionId) => {
        aborts.push(sessionId);
        return false;
      },
      clearing: async (_sessionIds, clear) => {
        await clear();
      },
      assignModel: async () => undefined,
    };
    h.app.provide(agentService, other, { name: 'conformance-other' });
    h.app.select(agentService, 'conformance-other');
    context.agent.abort('s1');
    await h.settle();
    assert.deepEqual('SVC-4', aborts, ['s1'], {
      rule: 'calls on the business handle must go to the provider selected at the time, abort included',
      subject: 'the aborts the other provider received while selected',
    });
    assert.that('SVC-4', held.call.state === 'open' && !held.input.settled, {
      rule: 'an abort made while another provider is selected must not reach the implementation',
      observed:
        'the turn of the implementation, no longer selected, was stopped by an abort made on the handle',
    });
    h.app.select(agentService, original);
    context.agent.abort('s1');
    await held.input.done;
    assert.equal('SVC-4', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'once the implementation is selected again, abort on the business handle reaches it',
      subject: 'the outcome of its turn after the second abort',
    });
  },
});

/**
 * [SVC-2] An aborted turn's inputs settle when the turn has ended too, not at the stop: 「返回时这条
 * 输入已落定:它所在的一轮结束」. The stopped turn's `agent:turn:after` is held (a subscriber still
 * closing its books); `handleMessage` stays pending until it finished. The near miss settles a
 * stopped turn's inputs at the abort.
 */
const abortedSettlesAfterTurnAfter = defineCase({
  requirements: ['SVC-2'],
  name: "handleMessage of an aborted turn's input resolves only after the turn's agent:turn:after finished",
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = holdFirstTurnEnd(h);
    const held = await holdTurn(context, { sessionId: 's1', content: 'stopped', untilAborted: true });
    context.agent.abort('s1');
    await turnsEnded(h, 1, 's1');
    await h.settle();
    assert.that('SVC-2', !held.input.settled, {
      rule: "handleMessage must resolve only once its turn ended, an aborted turn's agent:turn:after included",
      observed: "handleMessage of the aborted turn's input resolved while its agent:turn:after still ran",
    });
    windDown.open();
    const record = await held.input.done;
    assert.equal('SVC-2', record.state, 'resolved', {
      rule: 'handleMessage of an aborted turn must resolve once the turn ended',
      subject: 'the handleMessage promise',
    });
  },
});

/** The cases of the SVC family ([SVC-1]..[SVC-5]). */
export const SVC_CASES = [
  serviceSurface,
  settlesAfterTurn,
  settlesWhenDropped,
  settlesWhenBlocked,
  settlesWhenReleased,
  modelFailure,
  archiveFailure,
  midTurnArchiveFailure,
  replyRefused,
  toolAndHookFailure,
  hookFailureBeforeTurn,
  providerSwitch,
  withoutArchive,
  withoutArchiveModelSeesInput,
  toolFailureIsNoAbort,
  joinedSettlesAfterTurn,
  leftoverSettlesAfterItsTurn,
  abortAfterSwitch,
  abortedSettlesAfterTurnAfter,
];
