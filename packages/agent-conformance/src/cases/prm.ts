import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import {
  callContains,
  holdTurn,
  secondInputDuringToolCall,
  sendHuman,
  sendInjection,
  session,
  turns,
  usageOf,
} from './scenario';

const materialised = defineCase({
  requirements: ['PRM-1'],
  name: 'agent:prompt contributions are materialised before agent:llm:before',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.contribute(
      { localId: 'note', bucket: 'systemOther', label: 'Note', build: () => 'CONTRIBUTED NOTE: be kind.' },
      { plugin: 'conformance-prompt' },
    );
    let seenInHook = false;
    h.hooks.middleware('agent:llm:before', async (payload, next) => {
      seenInHook = payload.messages.some((message) => message.content.includes('CONTRIBUTED NOTE'));
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.that('PRM-1', seenInHook, {
      rule: 'agent:prompt contributions must be materialised before agent:llm:before',
      observed: 'the messages of agent:llm:before did not contain the contribution',
    });
    assert.that('PRM-1', callContains(h.model.requests[0]!, 'CONTRIBUTED NOTE'), {
      rule: 'agent:prompt contributions must reach the model call',
      observed: 'the model call did not contain the contribution',
    });
  },
});

const buildView = defineCase({
  requirements: ['PRM-2'],
  name: 'build receives session, platform, the turn’s inputs, a signal, the dry-run flag and the messages',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const probe = h.contribute({
      localId: 'probe',
      bucket: 'systemOther',
      label: 'Probe',
      build: () => 'probe',
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const view = assert.defined('PRM-2', probe.views[0], {
      rule: 'build(view) of a contribution must be called for the turn',
      subject: 'the view build received',
    });
    const turn = assert.defined('PRM-2', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn',
    });
    assert.equal('PRM-2', view.sessionId, 's1', {
      rule: 'the view of build must carry the session id',
      subject: 'the session of the view',
    });
    assert.equal('PRM-2', view.platform, 'conformance', {
      rule: 'the view of build must carry the platform',
      subject: 'the platform of the view',
    });
    assert.equal('PRM-2', view.inputs[0], turn.inputs[0], {
      rule: "the inputs of the view must be the turn's inputs (same objects as in agent:turn:before)",
      subject: 'the first input of the view (the same object as in agent:turn:before)',
    });
    assert.that('PRM-2', view.signal instanceof AbortSignal, {
      rule: 'the view of build must carry an abort signal',
      observed: 'the view had no AbortSignal',
    });
    assert.equal('PRM-2', view.dryRun, false, {
      rule: 'the dry-run flag of the view must be false in a turn',
      subject: 'dryRun of the view in a turn',
    });
    assert.that('PRM-2', Array.isArray(view.messages), {
      rule: 'the view of build must carry a snapshot of the message list',
      observed: 'the view had no messages array',
    });
  },
});

/**
 * [PRM-2] The message list of the view is the turn's conversation as it stands: the session's
 * earlier history and the turn's input.
 */
const viewMessagesHoldConversation = defineCase({
  requirements: ['PRM-2'],
  name: 'the messages of the view hold the session’s earlier history and the turn’s input',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.archive.seed('s1', [
      { role: 'user', content: 'an earlier question' },
      { role: 'assistant', content: 'an earlier answer' },
    ]);
    const probe = h.contribute({
      localId: 'probe',
      bucket: 'systemOther',
      label: 'Probe',
      build: () => 'probe',
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'the current question').done;
    const view = assert.defined('PRM-2', probe.views[0], {
      rule: 'build(view) of a contribution must be called for the turn',
      subject: 'the view build received',
    });
    for (const text of ['an earlier question', 'an earlier answer', 'the current question']) {
      assert.that('PRM-2', callContains(view, text), {
        rule: "the messages of the view must be a snapshot of the turn's message list: its history and its input",
        observed: `the messages of the view did not contain "${text}"`,
      });
    }
  },
});

/**
 * Runs the scenario of a human input joining `s1`'s turn during its tool call
 * (`secondInputDuringToolCall`) with a probe contribution; returns the turn and the views the
 * probe's builds got.
 */
async function joinWithProbe(context: CaseContext) {
  const h = context.harness;
  const probe = h.contribute({
    localId: 'probe',
    bucket: 'systemOther',
    label: 'Probe',
    build: () => 'probe',
  });
  await secondInputDuringToolCall(context, 'the opening question', 'a joining question');
  const turn = assert.defined('PRM-2', turns(h, 's1')[0], {
    rule: 'every input must open a turn',
    subject: 'the turn',
  });
  return { turn, views: probe.views };
}

/**
 * [PRM-2] The view is built for each model call from the turn as it stands then: its inputs
 * are the turn's live array (the same objects as `agent:turn:before`, a joined input included,
 * [SCH-2]) and its messages the list that call is assembled from, the tool-call group included.
 * Near misses: inputs copied when the turn opened, or messages snapshotted once per turn.
 */
const viewAfterJoin = defineCase({
  requirements: ['PRM-2'],
  name: 'the view built for the call after a join holds the joined input and the tool results of the turn so far',
  run: async (context) => {
    const { turn, views } = await joinWithProbe(context);
    assert.equal('PRM-2', turn.inputs.length, 2, {
      rule: 'a human input arriving during a human-opened turn joins it before its next model call (SCH-2)',
      subject: 'the inputs of the turn',
    });
    const view = assert.defined('PRM-2', views.at(-1), {
      rule: 'build(view) of a contribution must be called for every model call of the turn (PRM-1)',
      subject: 'the view of the last build',
    });
    assert.that('PRM-2', views.length >= 2, {
      rule: 'contributions are materialised before every model call (PRM-1), so the call after the tool gets its own build',
      observed: `${views.length} build(s) for a turn of two model calls`,
    });
    assert.equal('PRM-2', view.inputs.length, 2, {
      rule: "the inputs of the view are the turn's inputs as they stand, a joined input included",
      subject: 'the inputs of the view built for the call after the join',
    });
    assert.equal('PRM-2', view.inputs[1], turn.inputs[1], {
      rule: 'the inputs of the view must be the same objects as in agent:turn:before, a joined one included',
      subject: 'the joined input of the view',
    });
    for (const text of ['a joining question', 'lookup: ok']) {
      assert.that('PRM-2', callContains(view, text), {
        rule: 'the messages of the view must be a snapshot of the message list of the call it is built for',
        observed: `the messages of the view built for the call after the join did not contain "${text}"`,
      });
    }
  },
});

/**
 * [PRM-3] A contribution may build several messages; its figure under its key covers them
 * all. The near miss keeps only the last message's tokens (each message overwrites the one
 * before), so a contribution of two messages shows no more than one of one.
 */
const injectorCoversEveryMessage = defineCase({
  requirements: ['PRM-3'],
  name: 'a contribution that builds several messages has the tokens of all of them under its key',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const note = (text: string) => ({ role: 'system' as const, content: text });
    // The second is the shorter: keeping only the last message's figure, or only the first's,
    // shows two messages as no more than the first alone.
    const facts = [
      'FACT: the sky is blue on clear days, and grey when it rains.',
      'FACT: sea water is salty.',
    ];
    const contribute = (localId: string, messages: readonly string[]) =>
      h.contribute(
        { localId, bucket: 'memoryVector', label: localId, build: () => messages.map(note) },
        { plugin: 'conformance-prompt' },
      );
    const one = contribute('one-fact', facts.slice(0, 1));
    const two = contribute('two-facts', facts);
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const usage = assert.defined('PRM-3', usageOf(h, { sessionId: 's1' })[0], {
      rule: 'every model call must be followed by token:usage',
      subject: 'the token:usage event',
    });
    const figure = (key: string) => usage.parts.reduce((sum, part) => sum + (part.injectors?.[key] ?? 0), 0);
    assert.that('PRM-3', figure(two.key) > figure(one.key) && figure(one.key) > 0, {
      rule: "a contribution's figure under its global key must cover every message it built",
      observed: `the contribution of two messages had ${figure(two.key)} tokens under its key, the one of the first of them alone ${figure(one.key)}`,
    });
  },
});

/**
 * [PRM-2] The view's signal aborts when the turn is stopped, so a build still running then can
 * stop. The near miss hands contributions a signal of their own, which a stop never reaches: a
 * build waiting on it would hold the turn.
 */
const viewSignalAbortsWithTurn = defineCase({
  requirements: ['PRM-2'],
  name: 'the signal of a contribution’s view aborts when the turn is stopped while it builds',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const signals: AbortSignal[] = [];
    h.contribute(
      {
        localId: 'watcher',
        bucket: 'memoryVector',
        label: 'Watcher',
        build: (view) => {
          if (view.dryRun) return undefined;
          signals.push(view.signal);
          h.tick();
          return new Promise<string>((resolve) => {
            view.signal.addEventListener('abort', () => resolve('FACT: stopped.'), { once: true });
          });
        },
      },
      { plugin: 'conformance-prompt' },
    );
    h.model.script([{ text: 'answer' }]);
    const input = sendHuman(context, 's1', 'question');
    await h.until(() => signals.length > 0, 'the contribution to start building');
    context.agent.abort('s1');
    await input.done;
    assert.that(
      'PRM-2',
      signals.every((signal) => signal.aborted),
      {
        rule: "the signal of a contribution's view must abort when the turn is stopped",
        observed: 'the view signal of a build still running was not aborted when the turn was stopped',
      },
    );
  },
});

/**
 * [PRM-2] The view's `inputs` is the turn's own array, the one `agent:turn:before` got (「与
 * agent:turn:before 的同一份」), and it is live: an array a contribution kept from the first
 * call shows an input that joined later. The near miss hands each build a fresh copy, current
 * when made and stale afterwards.
 */
const viewInputsAreTheTurns = defineCase({
  requirements: ['PRM-2'],
  name: 'the inputs of every view are the turn’s own live array, the one agent:turn:before got',
  run: async (context) => {
    const joined = await joinWithProbe(context);
    const { turn } = joined;
    const views = joined.views.filter((view) => !view.dryRun && view.sessionId === 's1');
    const first = assert.defined('PRM-2', views[0], {
      rule: 'build(view) of a contribution must be called for the model calls of a turn (PRM-1)',
      subject: 'the view of the first build',
    });
    assert.that(
      'PRM-2',
      views.every((view) => view.inputs === turn.inputs),
      {
        rule: 'the inputs of the view must be the same array agent:turn:before got, not a copy',
        observed: 'a view held an array of its own',
      },
    );
    assert.equal('PRM-2', first.inputs.length, 2, {
      rule: 'the inputs of the view are live: the array a contribution got for the first call must show the input that joined later',
      subject: 'the inputs of the first view once the turn ended',
    });
  },
});

/**
 * [PRM-3] Each contribution's tokens go under its own global key (「插件实例 id/局部 id」) on
 * every model call, also when two contributions build the same text: a block is the
 * contribution's, not its text's. The near miss reuses a block of the previous call by its
 * text, so from the second call on both contributions' tokens show under one key (and in one
 * bucket) and the other key has none.
 */
const sameTextKeptApart = defineCase({
  requirements: ['PRM-3'],
  name: 'two contributions that build the same text each keep their tokens under their own key on every model call',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const text = 'FACT: the same note, contributed twice.';
    const probes = [
      h.contribute(
        { localId: 'summary', bucket: 'memorySummary', label: 'Summary', build: () => text },
        { plugin: 'conformance-prompt-a' },
      ),
      h.contribute(
        { localId: 'facts', bucket: 'memoryVector', label: 'Facts', build: () => text },
        { plugin: 'conformance-prompt-b' },
      ),
    ];
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const usages = usageOf(h, { sessionId: 's1' });
    assert.equal('PRM-3', usages.length, 2, {
      rule: 'every model call must be followed by token:usage',
      subject: 'the token:usage events of a turn of two model calls',
    });
    usages.forEach((usage, index) => {
      for (const probe of probes) {
        const figure = usage.parts.reduce((sum, part) => sum + (part.injectors?.[probe.key] ?? 0), 0);
        assert.that('PRM-3', figure > 0, {
          rule: "every contribution's tokens must be attributed under its own global key pluginInstanceId/localId, also when another contribution built the same text",
          observed: `on model call ${index + 1} the tokens under injector key "${probe.key}" were ${figure}`,
        });
      }
    });
  },
});

/** The cases of the PRM family ([PRM-1]..[PRM-3]). */
/**
 * [PRM-2] The view of a build estimating for `token:request` has empty `inputs`
 * (「回应 token:request 的估算为空」), also while the session has a turn running and inputs
 * waiting behind it: those belong to no estimate. The near miss hands the estimate the inputs
 * queued in the session.
 */
const snapshotViewWithoutQueuedInputs = defineCase({
  requirements: ['PRM-2', 'USG-8'],
  name: 'a build for token:request gets empty inputs while the session has inputs queued behind its turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    // What each estimate's view held when its build ran: a view may be reused afterwards.
    const estimates: string[][] = [];
    h.contribute({
      localId: 'probe',
      bucket: 'systemOther',
      label: 'Probe',
      build: (view) => {
        if (view.dryRun) estimates.push(view.inputs.map((input) => input.message.content));
        return 'Probe text.';
      },
    });
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    h.model.script([{ text: 'queued answer' }]);
    const queued = sendInjection(context, 's1', 'queued job');
    await h.settle();
    const snapshots = h.events.of('token:usage').length;
    await h.events.emit('token:request', { sessionIds: ['s1'] });
    await h.settle();
    const answered = h.events
      .of('token:usage')
      .slice(snapshots)
      .filter((event) => event.payload.snapshot === true && event.payload.sessionId === 's1');
    context.agent.abort('s1');
    await Promise.all([held.input.done, queued.done]);
    assert.equal('USG-8', answered.length, 1, {
      rule: 'token:request must be answered with one snapshot per session, also while inputs wait behind its turn',
      subject: 'the snapshots of s1 answering token:request',
    });
    assert.that('PRM-2', estimates.length > 0, {
      rule: 'answering token:request must build the prompt contributions with dryRun true (USG-8)',
      observed: 'no contribution was built for the snapshot',
    });
    for (const inputs of estimates)
      assert.deepEqual('PRM-2', inputs, [], {
        rule: 'a build estimating for token:request must get empty inputs, also while inputs wait in the session',
        subject: 'the inputs of a build for the snapshot of s1, with one input queued behind its turn',
      });
  },
});

/**
 * [PRM-2] The messages of a view are a snapshot of the list its call is assembled from: they
 * stay as they were when `build` got them, while the turn's own list grows with the tool-call
 * group and its results for the next call. A snapshot meets a tool loop of several calls here,
 * in a session with no earlier history. The near miss hands the turn's own list over when there
 * is no history to put before it.
 */
const viewMessagesStaySnapshot = defineCase({
  requirements: ['PRM-2'],
  name: 'the messages of a view stay as build got them while the turn goes on calling tools',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const lengths: number[] = [];
    const probe = h.contribute({
      localId: 'probe',
      bucket: 'systemOther',
      label: 'Probe',
      build: (view) => {
        lengths.push(view.messages.length);
        return 'probe';
      },
    });
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'answer' }]);
    await sendHuman(context, 's1', 'the only question').done;
    const first = assert.defined('PRM-2', probe.views[0], {
      rule: 'build(view) of a contribution must be called for the turn',
      subject: 'the view of the first model call',
    });
    assert.equal('PRM-2', first.messages.length, lengths[0], {
      rule: 'the messages of a view must be a snapshot: the turn going on must not change them',
      subject: 'the number of messages of the first call’s view after the turn, against when build got it',
    });
  },
});

export const PRM_CASES = [
  viewMessagesStaySnapshot,
  materialised,
  buildView,
  viewMessagesHoldConversation,
  viewAfterJoin,
  injectorCoversEveryMessage,
  viewSignalAbortsWithTurn,
  viewInputsAreTheTurns,
  sameTextKeptApart,
  snapshotViewWithoutQueuedInputs,
];
