import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import {
  holdTurn,
  modelNames,
  outcomeOf,
  sendHuman,
  sendInjection,
  session,
  snapshotOf,
  storedReplies,
  turns,
} from './scenario';

// Where a session's settings or model meet the rest of the turn: a model assigned while a turn
// runs, a new generation with settings of its own, the limit in a snapshot.

/**
 * [SET-1] 「会话设置不在或写入被拒时抛错」 holds whatever the session is doing: `assignModel`
 * called while a turn of the session runs still throws when the write is refused or the
 * session has no settings, and once it resolved the model is in the session's settings. The
 * mistake it tells apart: an agent that, while a turn runs, lets the write happen later (or
 * in the background) and resolves at once, so a refused write is never reported.
 */
const assignDuringRunningTurn = defineCase({
  requirements: ['SET-1'],
  name: 'assignModel while a turn of the session runs throws for a refused write or missing settings, and has written the model once it resolves',
  run: async (context) => {
    const h = context.harness;
    session(h, 'open');
    session(h, 'read-only', { readOnly: true });
    session(h, 'no-settings', { settings: null });
    h.model.define({ ref: 'conformance/alt' });
    const held = [];
    for (const sessionId of ['open', 'read-only', 'no-settings'])
      held.push(await holdTurn(context, { sessionId, content: `a long question in ${sessionId}` }));
    const [assigned, refused, missing] = await Promise.all([
      outcomeOf(() => context.agent.assignModel('open', 'conformance/alt')),
      outcomeOf(() => context.agent.assignModel('read-only', 'conformance/alt')),
      outcomeOf(() => context.agent.assignModel('no-settings', 'conformance/alt')),
    ]);
    const modelWhenResolved = h.services.sessions.getSettings('open')?.model;
    const stillRunning = held.every((turn) => !turn.input.settled);
    for (const turn of held) turn.gate.open();
    await Promise.all(held.map((turn) => turn.input.done));
    assert.that('SET-1', stillRunning, {
      rule: 'the case calls assignModel while the turns of the sessions run',
      observed: 'a turn ended before assignModel settled',
    });
    assert.that('SET-1', !assigned.failed, {
      rule: 'assignModel must write the model while a turn of the session runs',
      observed: `assignModel failed while a turn ran: ${String(assigned.error)}`,
    });
    assert.equal('SET-1', modelWhenResolved, 'conformance/alt', {
      rule: "assignModel(sessionId, model) must have written the model into the session's settings once it resolves, also while a turn runs",
      subject: 'the model in the settings when assignModel resolved during a turn',
    });
    assert.that('SET-1', refused.failed, {
      rule: 'assignModel must throw when the settings write is refused, also while a turn of the session runs',
      observed: 'assignModel resolved for a read-only session while its turn ran',
    });
    assert.that('SET-1', missing.failed, {
      rule: 'assignModel must throw when the session has no settings, also while a turn of the session runs',
      observed: 'assignModel resolved for a session without settings while its turn ran',
    });
  },
});

/**
 * [SET-2] The session's model setting picks the model of each of its turns, also after the
 * session was deleted and made again under the same id (its next generation, with settings of
 * its own) and when its settings were written by another party than `assignModel` (a settings
 * page). The mistake it tells apart: an agent that keeps each session's resolved model from its
 * first turn and forgets it only when `assignModel` is called, so the new generation still
 * calls the model of the one deleted.
 */
const modelOfNewGeneration = defineCase({
  requirements: ['SET-2'],
  name: 'a session deleted and made again with its own model setting calls that model, as does a model written into its settings',
  run: async (context) => {
    const h = context.harness;
    h.model.define({ ref: 'conformance/alt' });
    h.model.define({ ref: 'conformance/third' });
    session(h, 's1');
    h.model.script([{ text: 'first' }]);
    await sendHuman(context, 's1', 'one').done;
    await h.sessions.deleteSessions(['s1']);
    session(h, 's1', { settings: { model: 'conformance/alt' } });
    h.model.script([{ text: 'second' }]);
    await sendHuman(context, 's1', 'two').done;
    await h.services.sessions.updateSettings('s1', { model: 'conformance/third' });
    h.model.script([{ text: 'third' }]);
    await sendHuman(context, 's1', 'three').done;
    const called = h.model.requests.map((request) => request.modelRef);
    assert.equal('SET-2', called[0], 'conformance/model', {
      rule: 'a session without a model setting must call the default model',
      subject: 'the model of the first generation’s turn',
    });
    assert.equal('SET-2', called[1], 'conformance/alt', {
      rule: "the session's model setting must pick the model called: a session made again after its deletion calls the model its own settings name",
      subject: 'the model of the new generation’s turn',
    });
    assert.equal('SET-2', called[2], 'conformance/third', {
      rule: "the session's model setting must pick the model called, whoever wrote it",
      subject: 'the model of the turn after the settings were written',
    });
  },
});

/**
 * [USG-6] `historyLimit` is the session's history count limit (its setting, 0 = none); a
 * `token:request` snapshot, which estimates the request the session would send now, gives
 * its session's limit like the events of its turns do, for each session asked about. The
 * mistake it tells apart: a snapshot that reports the agent's configured limit (or another
 * session's) although it read the history within the session's own.
 */
const snapshotHistoryLimit = defineCase({
  requirements: ['USG-6'],
  name: 'each usage snapshot gives its own session’s history count limit',
  run: async (context) => {
    const h = context.harness;
    session(h, 'three', { settings: { historyLimit: 3 } });
    session(h, 'five', { settings: { historyLimit: 5 } });
    session(h, 'none', { settings: { historyLimit: 0 } });
    for (const [sessionId, limit] of [
      ['three', 3],
      ['five', 5],
      ['none', 0],
    ] as const) {
      const snapshot = await snapshotOf(h, sessionId);
      assert.equal('USG-6', snapshot.historyLimit, limit, {
        rule: "historyLimit must be the session's history count limit (0 = none), in a usage snapshot too",
        subject: `historyLimit of the snapshot of ${sessionId}`,
      });
    }
  },
});

/**
 * [ARC-3] 「最终回复另记这一轮的模型」: the model recorded on the final reply is the model the
 * turn called, also when `assignModel` gave the session another model while the turn ran. The
 * mistake it tells apart: a reply that records the model the session's settings name when the
 * reply is written, a model that made no call of the turn.
 */
const replyModelAfterAssignment = defineCase({
  requirements: ['ARC-3'],
  name: 'the final reply records the model the turn called, not one assigned to the session while it ran',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.define({ ref: 'conformance/alt' });
    const held = await holdTurn(context, { sessionId: 's1', content: 'question', reply: 'final reply' });
    await context.agent.assignModel('s1', 'conformance/alt');
    held.gate.open();
    await held.input.done;
    const reply = assert.defined('ARC-3', storedReplies(h, 's1')[0], {
      rule: 'a replied turn must persist its final reply',
      subject: 'the persisted final reply',
    });
    const called = new Set<unknown>();
    for (const request of h.model.requests) for (const name of modelNames(request.modelRef)) called.add(name);
    const recorded = reply.metadata[Keys.Model];
    assert.that('ARC-3', called.has(recorded), {
      rule: "the final reply must record the turn's model: the model its calls went to, not one assigned while it ran",
      observed: `the reply recorded the model ${String(recorded)}; the turn called ${h.model.requests.map((request) => request.modelRef).join(', ')}`,
    });
  },
});

/**
 * [HK-3] `acceptsImages` of every `agent:llm:before` is the registered vision capability of the
 * model the call goes to, and equals the tool context's: when `assignModel` gives the session
 * a vision model while its turn runs, an agent may keep the turn's model or switch for the next
 * call, but the flag must describe the model called. The mistake it tells apart: later calls
 * sent to the newly assigned model while `acceptsImages` still describes the first one.
 */
const acceptsImagesAfterAssignment = defineCase({
  requirements: ['HK-3'],
  name: 'acceptsImages of every model call is the vision of the model called, when a vision model is assigned while the turn runs',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.define({ ref: 'conformance/eye', capabilities: { vision: true } });
    const gate = createGate();
    const lookup = h.tools.define({ name: 'lookup', steps: [{ waitFor: gate }] });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    const input = sendHuman(context, 's1', 'look at this');
    await lookup.started(0);
    await context.agent.assignModel('s1', 'conformance/eye');
    gate.open();
    await input.done;
    assert.equal('HK-3', turns(h, 's1')[0]?.after?.outcome, 'replied', {
      rule: 'the turn must reply after its tool call',
      subject: 'the outcome of the turn',
    });
    const runs = h.hooks.of('agent:llm:before');
    assert.equal('HK-3', runs.length, h.model.requests.length, {
      rule: 'agent:llm:before must run before every model call',
      subject: 'the agent:llm:before runs per model call',
    });
    runs.forEach((run, index) => {
      const request = h.model.requests[index]!;
      const vision = h.model.capabilitiesOf(request.modelRef)?.vision === true;
      assert.equal('HK-3', run.payload.acceptsImages, vision, {
        rule: 'acceptsImages of agent:llm:before must be the registered vision capability of the model the call goes to',
        subject: `acceptsImages of call ${index + 1}, which went to ${request.modelRef}`,
      });
    });
    assert.equal('HK-3', h.tools.calls[0]?.context.acceptsImages, runs[0]?.payload.acceptsImages, {
      rule: 'acceptsImages of the ToolCallContext must equal that of agent:llm:before',
      subject: 'acceptsImages of the tool call context',
    });
  },
});

/**
 * [SET-2] The session's model setting picks the model of each of its turns, a turn that was
 * queued while the model was assigned included: `assignModel` while a turn runs, with an input
 * waiting behind it, makes the turn that input opens call the assigned model. The mistake it
 * tells apart: back-to-back turns of a busy session reusing the settings the previous turn ran
 * with, so a model assigned during that turn is skipped by the next.
 */
const queuedTurnAfterAssignment = defineCase({
  requirements: ['SET-2'],
  name: 'a model assigned while a turn runs is the model of the turn queued behind it',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.define({ ref: 'conformance/alt' });
    const held = await holdTurn(context, { sessionId: 's1', content: 'a long question' });
    // An injection waits behind the human turn: it forms the next turn of its own ([SCH-4]).
    h.model.script([{ text: 'the queued answer' }]);
    const queued = sendInjection(context, 's1', 'a reminder');
    await h.settle();
    await context.agent.assignModel('s1', 'conformance/alt');
    held.gate.open();
    await Promise.all([held.input.done, queued.done]);
    const second = turns(h, 's1')[1];
    assert.defined('SET-2', second, {
      rule: 'the queued injection must open a turn of its own once the running one ended',
      subject: 'the turn the queued input opened',
    });
    const calls = h.model.requests.filter((request) => request.seq > (second?.before.seq ?? 0));
    assert.that('SET-2', calls.length > 0, {
      rule: 'the turn the queued input opened must call the model',
      observed: 'the queued turn made no model call',
    });
    for (const call of calls) {
      assert.equal('SET-2', call.modelRef, 'conformance/alt', {
        rule: "the session's settings are read for each turn: a model assigned while a turn ran must be the model of the turn queued behind it",
        subject: `the model called by the queued turn (call ${call.index + 1})`,
      });
    }
  },
});

/** A model assigned while the turn runs meeting the reply's record ([ARC-3]). */
export const ARC_SETTINGS_MEET_CASES = [replyModelAfterAssignment];

/** The session's history count limit meeting a `token:request` snapshot ([USG-6]). */
export const USG_SETTINGS_MEET_CASES = [snapshotHistoryLimit];

/** `assignModel` meeting a running turn, and the model setting meeting a new generation ([SET-1], [SET-2]). */
export const SET_SETTINGS_MEET_CASES = [
  assignDuringRunningTurn,
  modelOfNewGeneration,
  queuedTurnAfterAssignment,
];

/** A model assigned while the turn runs meeting `acceptsImages` of later calls ([HK-3]). */
export const HK_SETTINGS_MEET_CASES = [acceptsImagesAfterAssignment];
