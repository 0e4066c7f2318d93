import { assert } from '../assert';
import { defineCase } from '../define-case';
import { callContains, holdClearing, outcomeOf, sendHuman, session, turns, usageOf } from './scenario';

const assignWrites = defineCase({
  requirements: ['SET-1'],
  name: 'assignModel writes the session’s conversation model into its settings',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.define({ ref: 'conformance/alt' });
    await context.agent.assignModel('s1', 'conformance/alt');
    assert.equal('SET-1', h.services.sessions.getSettings('s1')?.model, 'conformance/alt', {
      rule: "assignModel(sessionId, model) must write the model into the session's settings",
      subject: 'the model in the session settings',
    });
  },
});

/**
 * [SET-1] 「会话设置不在或写入被拒时抛错」: settings that do not exist, for a session the manager
 * knows without settings or one it never heard of, and a refused write each make `assignModel`
 * throw.
 */
const assignRejects = defineCase({
  requirements: ['SET-1'],
  name: 'assignModel throws when the session has no settings, is unknown, or the write is refused',
  run: async (context) => {
    const h = context.harness;
    session(h, 'no-settings', { settings: null });
    session(h, 'read-only', { readOnly: true });
    const missing = await outcomeOf(() => context.agent.assignModel('no-settings', 'conformance/model'));
    assert.that('SET-1', missing.failed, {
      rule: 'assignModel must throw when the session has no settings',
      observed: 'assignModel resolved for a session without settings',
    });
    const unknown = await outcomeOf(() => context.agent.assignModel('never-created', 'conformance/model'));
    assert.that('SET-1', unknown.failed, {
      rule: 'assignModel must throw when the session has no settings, one the session manager does not know included',
      observed: 'assignModel resolved for a session the session manager never heard of',
    });
    const refused = await outcomeOf(() => context.agent.assignModel('read-only', 'conformance/model'));
    assert.that('SET-1', refused.failed, {
      rule: 'assignModel must throw when the settings write is refused',
      observed: 'assignModel resolved although the write was refused',
    });
  },
});

/**
 * [SET-1] With no session manager at all there are no session settings to write, so
 * `assignModel` throws (「会话设置不在或写入被拒时抛错」) rather than resolve as if the model
 * were set. An agent that needs a session manager and does not start without one passes: there
 * is nothing to call. The near miss resolves without writing anything.
 */
const assignWithoutSessionManager = defineCase({
  requirements: ['SET-1'],
  name: 'assignModel throws when there is no session manager at all',
  harness: { sessionManager: false },
  run: async (context) => {
    if (context.agent.providerName === undefined) return; // the agent did not start without one
    const outcome = await outcomeOf(() => context.agent.assignModel('s1', 'conformance/model'));
    assert.that('SET-1', outcome.failed, {
      rule: 'assignModel must throw when the session has no settings: without a session manager no session has any',
      observed: 'assignModel resolved with no session manager, writing the model nowhere',
    });
  },
});

const modelSetting = defineCase({
  requirements: ['SET-2'],
  name: 'the session’s model setting picks the model called',
  run: async (context) => {
    const h = context.harness;
    h.model.define({ ref: 'conformance/alt' });
    session(h, 's1', { settings: { model: 'conformance/alt' } });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.equal('SET-2', h.model.requests[0]?.modelRef, 'conformance/alt', {
      rule: "the session's model setting must pick the model called",
      subject: 'the model called for the session',
    });
  },
});

const settingsPerTurn = defineCase({
  requirements: ['SET-2'],
  name: 'a model assigned between two turns is the model of the next turn',
  run: async (context) => {
    const h = context.harness;
    h.model.define({ ref: 'conformance/alt' });
    session(h, 's1');
    h.model.script([{ text: 'first' }, { text: 'second' }]);
    await sendHuman(context, 's1', 'one').done;
    await context.agent.assignModel('s1', 'conformance/alt');
    await sendHuman(context, 's1', 'two').done;
    assert.that('SET-2', h.model.requests[0]?.modelRef !== 'conformance/alt', {
      rule: 'a session without a model setting must call the default model',
      observed: 'the first turn called conformance/alt before it was assigned',
    });
    assert.equal('SET-2', h.model.requests[1]?.modelRef, 'conformance/alt', {
      rule: "the session's settings are read for each turn: a model assigned after a turn must be the model of the next",
      subject: 'the model called in the second turn',
    });
  },
});

const noSettings = defineCase({
  requirements: ['SET-2'],
  name: 'a session without settings runs its turns with the agent’s own defaults',
  run: async (context) => {
    const h = context.harness;
    session(h, 'bare', { settings: null });
    h.model.script([{ text: 'answered without settings' }]);
    const input = await sendHuman(context, 'bare', 'question').done;
    assert.equal('SET-2', input.state, 'resolved', {
      rule: 'handleMessage must resolve for a session without settings',
      subject: 'the handleMessage promise',
    });
    assert.equal('SET-2', turns(h, 'bare')[0]?.after?.outcome, 'replied', {
      rule: "a session without settings of its own must run its turns with the agent's defaults",
      subject: 'the outcome of its turn',
    });
  },
});

const thinkingSetting = defineCase({
  requirements: ['SET-2'],
  name: 'the session’s deep-thinking setting reaches the model call',
  run: async (context) => {
    const h = context.harness;
    session(h, 'on', { settings: { deepThinking: true } });
    session(h, 'off', { settings: { deepThinking: false } });
    h.model.script([{ text: 'one' }, { text: 'two' }]);
    await sendHuman(context, 'on', 'question').done;
    await sendHuman(context, 'off', 'question').done;
    assert.equal('SET-2', h.model.requests[0]?.request.thinking, true, {
      rule: "the session's deep-thinking setting must reach the model call (ChatRequest.thinking)",
      subject: 'thinking of the call with deep thinking on',
    });
    assert.that('SET-2', h.model.requests[1]?.request.thinking !== true, {
      rule: "the session's deep-thinking setting must reach the model call (ChatRequest.thinking)",
      observed: 'the call with deep thinking off had thinking on',
    });
  },
});

function iterationCase(limit: number, expected: { readonly min: number; readonly max: number }) {
  return defineCase({
    requirements: ['SET-2'],
    name: `a max tool iterations setting of ${limit} bounds the tool loop`,
    run: async (context) => {
      const h = context.harness;
      session(h, 's1', { settings: { maxToolIterations: limit } });
      h.tools.define({ name: 'again' });
      h.model.script([
        ...Array.from({ length: 6 }, () => ({ toolCalls: [{ name: 'again' }] })),
        { text: 'done' },
      ]);
      await sendHuman(context, 's1', 'loop').done;
      const rounds = h.tools.calls.length;
      assert.that('SET-2', rounds >= expected.min && rounds <= expected.max, {
        rule: "the session's max tool iterations setting must bound the tool loop",
        observed: `${rounds} tool rounds ran with a limit of ${limit}; expected ${expected.min} to ${expected.max}`,
      });
    },
  });
}

const historySetting = defineCase({
  requirements: ['SET-2'],
  name: 'the session’s history count limit bounds the history sent',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 2 } });
    h.archive.seed(
      's1',
      Array.from({ length: 6 }, (_unused, index) => ({
        role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: `[old-${index}] earlier message`,
      })),
    );
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const call = assert.defined('SET-2', h.model.requests[0], {
      rule: 'every input must open a turn that calls the model',
      subject: 'the model call',
    });
    const sent = Array.from({ length: 6 }, (_unused, index) => callContains(call, `[old-${index}]`)).filter(
      Boolean,
    ).length;
    assert.that('SET-2', sent >= 1 && sent <= 2, {
      rule: "the session's history count limit must bound the history sent",
      observed: `${sent} of the 6 earlier messages were sent with a limit of 2; expected 1 or 2`,
    });
  },
});

/**
 * [SET-2] Once the session's max tool iterations are used up, the loop ends: a model that keeps
 * asking for tools gets at most one more call, not another round.
 */
const iterationsBoundModelCalls = defineCase({
  requirements: ['SET-2'],
  name: 'a model that keeps asking for tools past max tool iterations gets at most one more call',
  run: async (context) => {
    const h = context.harness;
    const limit = 2;
    session(h, 's1', { settings: { maxToolIterations: limit } });
    h.tools.define({ name: 'again' });
    h.model.script([
      ...Array.from({ length: 6 }, () => ({ toolCalls: [{ name: 'again' }] })),
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'loop').done;
    const calls = h.model.requests.length;
    assert.that('SET-2', calls <= limit + 1, {
      rule: "the session's max tool iterations setting must bound the tool loop: past it, at most one more model call",
      observed: `${calls} model calls with a limit of ${limit} tool iterations`,
    });
  },
});

/** The cases of the SET family ([SET-1], [SET-2]). */
/**
 * [SET-1] A settings write meets a clearing of the same session: `/clear` erases the session's
 * history, not its settings, so `assignModel` during the clearing's hold still writes the model
 * (and still throws for a session without settings). The near miss skips the write while a
 * clearing holds the session.
 */
const assignDuringClearing = defineCase({
  requirements: ['SET-1'],
  name: 'assignModel while a clearing holds the session writes the model, and still throws without settings',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 'no-settings', { settings: null });
    h.model.define({ ref: 'conformance/alt' });
    const clearing = await holdClearing(context, ['s1', 'no-settings']);
    // Called during the hold; an agent may finish the writes before or after the hold ends.
    const writes = Promise.all([
      outcomeOf(() => context.agent.assignModel('s1', 'conformance/alt')),
      outcomeOf(() => context.agent.assignModel('no-settings', 'conformance/alt')),
    ]);
    await h.settle();
    clearing.gate.open();
    await clearing.outcome;
    const [assigned, missing] = await writes;
    assert.that('SET-1', !assigned.failed, {
      rule: 'assignModel must write the model while a clearing holds the session: clearing erases history, not settings',
      observed: `assignModel failed during the clearing: ${String(assigned.error)}`,
    });
    assert.equal('SET-1', h.services.sessions.getSettings('s1')?.model, 'conformance/alt', {
      rule: "assignModel(sessionId, model) must write the model into the session's settings, also during a clearing",
      subject: 'the model in the settings of the session assigned during its clearing',
    });
    assert.that('SET-1', missing.failed, {
      rule: 'assignModel must throw when the session has no settings, also during a clearing',
      observed: 'assignModel resolved for a session without settings while a clearing held it',
    });
  },
});

/**
 * [SET-2] [USG-6] The session's settings are read for each turn, whoever changed them: a history
 * count limit the session manager's settings got between two turns (a settings page, a command)
 * is the next turn's. The near miss keeps each session's settings from its first turn until
 * `assignModel` writes them.
 */
const settingsChangedBetweenTurns = defineCase({
  requirements: ['SET-2', 'USG-6'],
  name: 'a history count limit changed in the session’s settings between two turns is the next turn’s',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 3 } });
    h.model.script([{ text: 'first' }, { text: 'second' }]);
    await sendHuman(context, 's1', 'one').done;
    await h.services.sessions.updateSettings('s1', { historyLimit: 7 });
    await sendHuman(context, 's1', 'two').done;
    const limits = usageOf(h, { sessionId: 's1' }).map((event) => event.historyLimit);
    assert.deepEqual('SET-2', limits, [3, 7], {
      rule: "the session's settings must be read for each turn: a limit changed between two turns is the next turn's",
      subject: 'historyLimit of the two turns’ token:usage',
    });
  },
});

export const SET_CASES = [
  assignDuringClearing,
  settingsChangedBetweenTurns,
  assignWrites,
  assignRejects,
  assignWithoutSessionManager,
  modelSetting,
  settingsPerTurn,
  noSettings,
  thinkingSetting,
  iterationCase(0, { min: 0, max: 0 }),
  iterationCase(1, { min: 1, max: 1 }),
  iterationCase(3, { min: 2, max: 3 }),
  historySetting,
  iterationsBoundModelCalls,
];
