import { runMemoryClear } from '@aalis/api-memory';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import {
  contents,
  holdClearing,
  holdFirstTurnEnd,
  holdTurn,
  incomingWrites,
  sendHuman,
  sendInjection,
  session,
  turns,
  turnsEnded,
  turnsStarted,
} from './scenario';

const stopsReleasesThenClears = defineCase({
  requirements: ['CLR-1'],
  name: 'clearing stops the turn, releases waiting inputs unarchived and runs clear after the turn settled',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const pending = sendHuman(context, 's1', 'pending human');
    const queued = sendInjection(context, 's1', 'queued job');
    await h.settle();
    let seen: { readonly aborted: boolean; readonly ended: boolean } | undefined;
    await context.agent.clearing(['s1'], async () => {
      seen = { aborted: held.call.aborted, ended: turns(h, 's1')[0]?.afterRun !== undefined };
    });
    const atClear = assert.defined('CLR-1', seen, {
      rule: "clearing must call clear() once the sessions' turns settled",
      subject: 'the state when clear ran (clear was never called)',
    });
    assert.that('CLR-1', atClear.aborted, {
      rule: 'clearing must abort the running model call before it runs clear()',
      observed: 'the model call was still running when clear() ran',
    });
    assert.that('CLR-1', atClear.ended, {
      rule: 'clearing must wait for the stopped turn to end (agent:turn:after) before it runs clear()',
      observed: 'the turn had not ended when clear() ran',
    });
    await Promise.all([held.input.done, pending.done, queued.done]);
    await h.settle();
    assert.equal('CLR-1', turns(h, 's1').length, 1, {
      rule: 'inputs released by clearing must open no turn',
      subject: 'the number of turns',
    });
    for (const content of ['pending human', 'queued job']) {
      assert.equal('CLR-1', incomingWrites(h, content).length, 0, {
        rule: 'inputs released by clearing must not be archived',
        subject: `the archive writes of released input "${content}"`,
      });
    }
  },
});

const holdsNewInputs = defineCase({
  requirements: ['CLR-2'],
  name: 'inputs arriving during the hold wait until clear ended and are then processed',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const clearing = await holdClearing(context, ['s1']);
    h.model.script([{ text: 'late reply' }]);
    const late = sendHuman(context, 's1', 'arrived during the hold');
    await h.settle();
    assert.equal('CLR-2', turns(h, 's1').length, 1, {
      rule: 'inputs arriving while clearing holds the session must open no turn until clear() ended',
      subject: 'the number of turns started during the hold',
    });
    assert.equal('CLR-2', incomingWrites(h, 'arrived during the hold').length, 0, {
      rule: 'inputs arriving while clearing holds the session must not be archived during the hold',
      subject: 'archive writes during the hold',
    });
    const opened = h.tick();
    clearing.gate.open();
    await clearing.outcome;
    await Promise.all([held.input.done, late.done]);
    const turn = turns(h, 's1').find((candidate) =>
      contents(candidate.inputs).includes('arrived during the hold'),
    );
    const lateTurn = assert.defined('CLR-2', turn, {
      rule: 'inputs held by clearing must be processed once clear() ended',
      subject: 'the turn of the input that arrived during the hold',
    });
    assert.that('CLR-2', lateTurn.before.seq > opened, {
      rule: 'inputs held by clearing must run only after clear() ended',
      observed: "the held input's turn started before clear() ended",
    });
  },
});

const allSessions = defineCase({
  requirements: ['CLR-3'],
  name: 'clearing every session stops running turns and holds sessions with no state yet',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 'fresh');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const clearing = await holdClearing(context, undefined);
    assert.that('CLR-3', held.call.aborted, {
      rule: 'clearing(undefined) must stop the running turns of every session',
      observed: 'clearing(undefined) left the running model call of s1 running',
    });
    h.model.script([{ text: 'fresh reply' }]);
    const fresh = sendHuman(context, 'fresh', 'first words');
    await h.settle();
    assert.equal('CLR-3', turns(h, 'fresh').length, 0, {
      rule: 'clearing(undefined) must hold every session, including ones with no state yet',
      subject: 'the turns of a new session during the hold',
    });
    clearing.gate.open();
    await clearing.outcome;
    await Promise.all([held.input.done, fresh.done]);
    assert.equal('CLR-3', turns(h, 'fresh').length, 1, {
      rule: 'inputs held by clearing must be processed once clear() ended',
      subject: 'the turns of the new session after the hold',
    });
  },
});

/**
 * [CLR-2] [CLR-3] A clearing holds its sessions also when nothing runs or waits in them: one that
 * had a turn which ended, named by id; every session with `undefined` while none has state; and,
 * with `undefined`, one the agent never served. An input that arrives while `clear` runs waits for
 * it. The near misses see nothing to stop and run `clear` with no hold, or hold only the sessions
 * they know, so the input opens a turn whose reply `clear` may erase.
 */
function idleHoldCase(options: {
  readonly sessionIds: readonly string[] | undefined;
  readonly requirement: 'CLR-2' | 'CLR-3';
  /** The session the input goes to: `s1`, whose turn ended, or `fresh`, never served. */
  readonly target: 's1' | 'fresh';
  readonly name: string;
}) {
  const { sessionIds, requirement, target } = options;
  return defineCase({
    requirements: requirement === 'CLR-3' ? ['CLR-3', 'CLR-2'] : ['CLR-2'],
    name: options.name,
    run: async (context) => {
      const h = context.harness;
      session(h, 's1');
      session(h, 'fresh');
      h.model.script([{ text: 'first reply' }, { text: 'reply after the clearing' }]);
      await sendHuman(context, 's1', 'a turn that ended').done;
      await h.settle();
      const clearing = await holdClearing(context, sessionIds);
      const late = sendHuman(context, target, 'arrived while clear ran');
      await h.settle();
      const before = target === 's1' ? 1 : 0;
      assert.equal(requirement, turns(h, target).length, before, {
        rule: 'an input arriving while clearing holds the session must open no turn until clear() ended, also when the session had nothing running or waiting, or no state at all',
        subject: `the turns of ${target} started while clear() ran`,
      });
      const opened = h.tick();
      clearing.gate.open();
      await clearing.outcome;
      await late.done;
      const lateTurn = turns(h, target)[before];
      assert.that(requirement, lateTurn !== undefined && lateTurn.before.seq > opened, {
        rule: 'inputs held by clearing must be processed once clear() ended',
        observed:
          lateTurn === undefined
            ? 'the held input opened no turn'
            : "the held input's turn started before clear() ended",
      });
    },
  });
}

const idleSessionHeld = idleHoldCase({
  sessionIds: ['s1'],
  requirement: 'CLR-2',
  target: 's1',
  name: 'clearing an idle session still holds it: an input arriving while clear runs waits for it',
});
const everyIdleSessionHeld = idleHoldCase({
  sessionIds: undefined,
  requirement: 'CLR-3',
  target: 's1',
  name: 'clearing every session, none with a turn or an input, still holds them: an input arriving while clear runs waits for it',
});
const neverServedSessionHeld = idleHoldCase({
  sessionIds: undefined,
  requirement: 'CLR-2',
  target: 'fresh',
  name: 'clearing every session holds one the agent never served: an input to it while clear runs waits for it',
});

const outsideTheChain = defineCase({
  requirements: ['CLR-4'],
  name: 'stopping and holding happen before the memory:clear chain, whatever its middlewares order',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const seen: { readonly priority: number; readonly aborted: boolean; readonly ended: boolean }[] = [];
    let late: ReturnType<typeof sendHuman> | undefined;
    for (const priority of [100, -100]) {
      h.hooks.middleware(
        'memory:clear',
        async (_payload, next) => {
          seen.push({
            priority,
            aborted: held.call.aborted,
            ended: turns(h, 's1')[0]?.afterRun !== undefined,
          });
          if (priority === 100) late = sendHuman(context, 's1', 'sent inside the chain');
          await next();
        },
        { priority },
      );
    }
    h.model.script([{ text: 'late reply' }]);
    let cleared = Number.POSITIVE_INFINITY;
    const clear = async () => {
      await runMemoryClear({ hooks: h.services.hooks, memory: h.services.memory, sessionIds: ['s1'] });
      cleared = h.tick();
    };
    await context.agent.clearing(['s1'], clear);
    assert.equal('CLR-4', seen.length, 2, {
      rule: 'clear() runs the memory:clear chain with both middlewares',
      subject: 'the memory:clear middlewares that ran',
    });
    for (const entry of seen) {
      assert.that('CLR-4', entry.aborted && entry.ended, {
        rule: "clearing must stop the session's turn and let it end before the memory:clear chain runs, whatever the priority of its middlewares",
        observed: `when the memory:clear middleware of priority ${entry.priority} ran, the turn was ${entry.aborted ? 'aborted' : 'not aborted'} and ${entry.ended ? 'ended' : 'not ended'}`,
      });
    }
    const lateInput = assert.defined('CLR-4', late, {
      rule: 'the case sends an input from inside the memory:clear chain',
      subject: 'the input sent inside the chain',
    });
    await Promise.all([held.input.done, lateInput.done]);
    const turn = turns(h, 's1').find((candidate) =>
      contents(candidate.inputs).includes('sent inside the chain'),
    );
    const lateTurn = assert.defined('CLR-4', turn, {
      rule: 'an input sent inside the memory:clear chain must be processed once the hold ends',
      subject: 'the turn of the input sent inside the chain',
    });
    assert.that('CLR-4', lateTurn.before.seq > cleared, {
      rule: 'the hold must cover the whole memory:clear chain: an input sent inside it waits until clear() ended',
      observed: 'the input sent inside the chain opened its turn before clear() ended',
    });
  },
});

const deletionInsideHold = defineCase({
  requirements: ['CLR-5'],
  name: 'the agent’s session:deleted listener completes inside the hold of a deletion',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const queued = sendInjection(context, 's1', 'queued job');
    await h.settle();
    await h.sessions.deleteSessions(['s1']);
    await Promise.all([held.input.done, queued.done]);
    assert.equal('CLR-5', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: "the agent's own session:deleted listener, run inside the hold of a deletion, must complete and stop the turn (no deadlock)",
      subject: 'the outcome of the turn of the deleted session',
    });
  },
});

const throwingClear = defineCase({
  requirements: ['CLR-6'],
  name: 'a throwing clear rejects clearing with its error and releases the hold',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const failure = new Error('conformance: clear failed');
    const gate = createGate();
    let started = false;
    const outcome = context.agent
      .clearing(['s1'], async () => {
        started = true;
        h.tick();
        await gate.opened;
        throw failure;
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await h.until(() => started, 'clearing to call clear()');
    h.model.script([{ text: 'late reply' }]);
    const late = sendHuman(context, 's1', 'held input');
    await h.settle();
    gate.open();
    assert.equal('CLR-6', await outcome, failure, {
      rule: 'when clear() throws, clearing must reject with that same error',
      subject: 'the rejection of clearing',
    });
    await late.done;
    assert.equal('CLR-6', turns(h, 's1').length, 1, {
      rule: 'when clear() throws, the hold must be released and the held inputs processed',
      subject: 'the turns of the held input after the failed clear',
    });
  },
});

const overlapping = defineCase({
  requirements: ['CLR-7'],
  name: 'overlapping clearing calls complete without deadlock',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const first = await holdTurn(context, { sessionId: 's1', content: 'running 1', untilAborted: true });
    const second = await holdTurn(context, { sessionId: 's2', content: 'running 2', untilAborted: true });
    const gates = [createGate(), createGate()] as const;
    const calls = [
      context.agent.clearing(['s1'], () => gates[0].opened),
      context.agent.clearing(['s1', 's2'], () => gates[1].opened),
      context.agent.clearing(undefined, async () => undefined),
    ];
    await h.settle();
    gates[1].open();
    await h.settle();
    gates[0].open();
    await Promise.all(calls);
    await Promise.all([first.input.done, second.input.done]);
    h.model.script([{ text: 'after clearing' }]);
    await sendHuman(context, 's1', 'afterwards').done;
    assert.equal('CLR-7', turns(h, 's1').length, 2, {
      rule: 'overlapping clearing calls must all complete, and the held inputs then run (no deadlock)',
      subject: 'the turns of s1 once every clearing ended',
    });
  },
});

/**
 * Each hold keeps only its own arrivals ([CLR-2]): an input held by a first clearing is
 * processed after that clear() ended, and an input held by a second clearing of the session
 * after the second one; both clearings complete.
 */
const holdsOneAfterAnother = defineCase({
  requirements: ['CLR-2'],
  name: 'inputs held by two clearings one after the other are each processed after their clear',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'first reply' }, { text: 'second reply' }]);
    for (const content of ['held by the first clearing', 'held by the second clearing']) {
      const clearing = await holdClearing(context, ['s1']);
      const held = sendHuman(context, 's1', content);
      await h.settle();
      const opened = h.tick();
      clearing.gate.open();
      assert.equal('CLR-2', await clearing.outcome, undefined, {
        rule: 'a clearing must complete once its clear() ended, also after an earlier hold of the session',
        subject: `the outcome of the clearing that held "${content}"`,
      });
      await held.done;
      const turn = turns(h, 's1').find((candidate) => contents(candidate.inputs).includes(content));
      const heldTurn = assert.defined('CLR-2', turn, {
        rule: 'inputs held by clearing must be processed once clear() ended',
        subject: `the turn of "${content}"`,
      });
      assert.that('CLR-2', heldTurn.before.seq > opened, {
        rule: 'inputs held by clearing must run only after clear() ended',
        observed: `the turn of "${content}" started before clear() ended`,
      });
    }
  },
});

/**
 * The hold covers exactly the clearing's sessions, for as long as any clearing of them lasts
 * ([CLR-2]): another session is served meanwhile ([SCH-5]), and an input arriving after the
 * first of two overlapping clearings of the session ended still waits for the second.
 */
const holdCoversItsSessions = defineCase({
  requirements: ['CLR-2', 'SCH-5'],
  name: 'the hold covers only the cleared sessions, until the last overlapping clearing of them ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const first = await holdClearing(context, ['s1']);
    const second = await holdClearing(context, ['s1']);
    h.model.script([{ text: 'reply in s2' }, { text: 'reply in s1' }]);
    const other = sendHuman(context, 's2', 'not held');
    await other.done;
    assert.equal('SCH-5', turns(h, 's2')[0]?.after?.outcome, 'replied', {
      rule: 'clearing holds only its sessions: another session must be served during the hold',
      subject: 'the outcome of the turn of s2 during the clearing of s1',
    });
    first.gate.open();
    assert.equal('CLR-2', await first.outcome, undefined, {
      rule: 'a clearing must complete once its clear() ended',
      subject: 'the outcome of the first clearing',
    });
    const late = sendHuman(context, 's1', 'after the first clearing');
    await h.settle();
    assert.equal('CLR-2', turns(h, 's1').length, 0, {
      rule: 'inputs arriving while a clearing still holds the session must open no turn until its clear() ended',
      subject: 'the turns of s1 while the second clearing holds it',
    });
    second.gate.open();
    await second.outcome;
    await late.done;
    assert.equal('CLR-2', turns(h, 's1')[0]?.after?.outcome, 'replied', {
      rule: 'inputs held by clearing must be processed once clear() ended',
      subject: 'the outcome of the turn of the held input',
    });
  },
});

/**
 * [CLR-2] The hold runs "from the stop to the end of clear": an input that arrives while the
 * stopped turn still winds down (its `agent:turn:after` running, `clear()` not yet called) waits
 * for clear too. The near miss starts holding only once the stopped turns settled, so that input
 * opens a turn whose reply clear() then wipes.
 */
const holdsFromTheStop = defineCase({
  requirements: ['CLR-2'],
  name: 'an input that arrives while the stopped turn winds down waits until clear ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = holdFirstTurnEnd(h);
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const clearGate = createGate();
    let clearStarted = false;
    let clearEnded = Number.POSITIVE_INFINITY;
    const clearing = context.agent.clearing(['s1'], async () => {
      clearStarted = true;
      h.tick();
      await clearGate.opened;
      clearEnded = h.tick();
    });
    await turnsEnded(h, 1, 's1');
    h.model.script([{ text: 'late reply' }]);
    const late = sendHuman(context, 's1', 'arrived while the turn wound down');
    await h.settle();
    windDown.open();
    await h.until(() => clearStarted, 'clearing to call clear()');
    await h.settle();
    assert.equal('CLR-2', turns(h, 's1').length, 1, {
      rule: 'an input arriving between the stop and the end of clear() must open no turn before clear() ended',
      subject: 'the number of turns while clear() runs',
    });
    clearGate.open();
    await clearing;
    await Promise.all([held.input.done, late.done]);
    const lateTurn = turns(h, 's1').find((turn) =>
      contents(turn.inputs).includes('arrived while the turn wound down'),
    );
    assert.that('CLR-2', lateTurn !== undefined && lateTurn.before.seq > clearEnded, {
      rule: 'an input held by clearing must be processed once clear() ended, and only then',
      observed:
        lateTurn === undefined
          ? 'the held input opened no turn after clear() ended'
          : "the held input's turn started before clear() ended",
    });
  },
});

/**
 * [CLR-5] The agent's `session:deleted` listener runs inside the deletion's hold, so it must not
 * wait for anything the hold keeps waiting: an input that arrived during the deletion. The near
 * miss waits for every in-flight input of the session and the deletion never completes.
 */
const deletionWithHeldInput = defineCase({
  requirements: ['CLR-5'],
  name: 'a deletion completes while an input that arrived during it waits in its hold',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = holdFirstTurnEnd(h);
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const deletion = h.sessions.deleteSessions(['s1']);
    await turnsEnded(h, 1, 's1');
    // Sent after the deletion advanced the generation: the id serves again once the hold ends.
    h.model.script([{ text: 'reply after the deletion' }]);
    const late = sendHuman(context, 's1', 'arrived during the deletion');
    await h.settle();
    windDown.open();
    await deletion;
    await Promise.all([held.input.done, late.done]);
    assert.equal('CLR-5', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: "the agent's own session:deleted listener, run inside the hold of a deletion, must complete while an input waits in that hold (no deadlock)",
      subject: 'the outcome of the turn of the deleted session',
    });
  },
});

/**
 * [CLR-3] Only `undefined` means every session: 「sessionIds 不给即全部会话」. An empty list names no
 * session, so `clearing([], clear)` stops no turn and holds no session while its clear() runs.
 * The near miss reads an empty list as `undefined`: it stops the running turn of s1 and holds
 * every session until clear() ended.
 */
const emptyListNamesNone = defineCase({
  requirements: ['CLR-3'],
  name: 'clearing an empty list of sessions stops no turn and holds no session',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', reply: 'running reply' });
    const gate = createGate();
    const clearing = context.agent
      .clearing([], () => gate.opened)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    h.model.script([{ text: 'reply in s2' }]);
    const other = sendHuman(context, 's2', 'during clearing([])');
    await h.settle();
    assert.that('CLR-3', !held.call.aborted, {
      rule: 'only undefined means every session: clearing([]) names none and must stop no turn',
      observed: 'clearing([]) aborted the running model call of s1',
    });
    assert.that('CLR-3', other.settled && turns(h, 's2')[0]?.after?.outcome === 'replied', {
      rule: 'only undefined means every session: clearing([]) names none and must hold no session',
      observed: 'an input of s2 got no reply while the clear() of clearing([]) ran',
    });
    gate.open();
    await clearing;
    held.gate.open();
    await held.input.done;
    assert.equal('CLR-3', turns(h, 's1')[0]?.after?.outcome, 'replied', {
      rule: 'only undefined means every session: clearing([]) must leave the running turn of s1 to reply',
      subject: 'the outcome of the turn of s1',
    });
  },
});

/**
 * [CLR-1] clear() waits for the stopped turns of every cleared session: 「等它们落定再跑 clear」.
 * Of two cleared sessions, the stopped turn of one ends at once and the other still winds down
 * (its `agent:turn:after` held); clear() must run only once that one has ended too. The near
 * miss runs clear() as soon as the first of the cleared sessions settled.
 */
const clearAfterEveryTurnSettled = defineCase({
  requirements: ['CLR-1'],
  name: 'clearing several sessions runs clear only once the stopped turns of all of them ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const windDown = holdFirstTurnEnd(h);
    const first = await holdTurn(context, { sessionId: 's1', content: 'running 1', untilAborted: true });
    const second = await holdTurn(context, { sessionId: 's2', content: 'running 2', untilAborted: true });
    let woundDown: boolean | undefined;
    const clearing = context.agent.clearing(['s1', 's2'], async () => {
      woundDown = windDown.isOpen;
    });
    await turnsEnded(h, 2);
    await h.settle();
    windDown.open();
    await clearing;
    await Promise.all([first.input.done, second.input.done]);
    const atClear = assert.defined('CLR-1', woundDown, {
      rule: "clearing must call clear() once the sessions' turns settled",
      subject: 'the state when clear ran (clear was never called)',
    });
    assert.that('CLR-1', atClear, {
      rule: 'clearing must wait for the stopped turns of all its sessions to settle before it runs clear()',
      observed:
        'clear() ran while the stopped turn of one cleared session was still ending (its agent:turn:after held), once the other had ended',
    });
  },
});

/**
 * [CLR-3] `undefined` names every session, for the wait as for the stop ([CLR-1]): clear() runs
 * only once the stopped turns ended. The near miss asks which processes serve the sessions of
 * the clearing and finds none when no list was given, so clear() runs at once.
 */
const everySessionAfterTurnsSettled = defineCase({
  requirements: ['CLR-3', 'CLR-1'],
  name: 'clearing every session runs clear only once the stopped turns ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = holdFirstTurnEnd(h);
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    let woundDown: boolean | undefined;
    const clearing = context.agent.clearing(undefined, async () => {
      woundDown = windDown.isOpen;
    });
    await turnsEnded(h, 1, 's1');
    await h.settle();
    windDown.open();
    await clearing;
    await held.input.done;
    const atClear = assert.defined('CLR-1', woundDown, {
      rule: "clearing must call clear() once the sessions' turns settled",
      subject: 'the state when clear ran (clear was never called)',
    });
    assert.that('CLR-3', atClear, {
      rule: 'clearing every session (no list) must wait for the stopped turns to settle before it runs clear(), as for named sessions',
      observed: 'clear() ran while the stopped turn was still ending (its agent:turn:after held)',
    });
  },
});

/**
 * [CLR-2] Two clearings of different sessions overlap: each holds its own session until its own
 * clear() ended. The near miss looks only at the oldest clearing in force, so the session of the
 * later one is held only once the earlier one ended.
 */
const overlappingHoldsOwnSessions = defineCase({
  requirements: ['CLR-2'],
  name: 'while clearings of two sessions overlap, each holds its own session until its clear ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 'a');
    session(h, 'b');
    const first = await holdClearing(context, ['a']);
    const second = await holdClearing(context, ['b']);
    h.model.script([{ text: 'reply in b' }]);
    const late = sendHuman(context, 'b', 'during the clearing of b');
    await h.settle();
    assert.equal('CLR-2', turns(h, 'b').length, 0, {
      rule: 'an input arriving while a clearing holds its session must open no turn until that clear() ended, also while an earlier clearing of another session is in force',
      subject: 'the turns of b while both clearings run',
    });
    first.gate.open();
    await first.outcome;
    await h.settle();
    assert.equal('CLR-2', turns(h, 'b').length, 0, {
      rule: 'an input arriving while a clearing holds its session must open no turn until that clear() ended',
      subject: 'the turns of b once the clearing of a ended and that of b still runs',
    });
    second.gate.open();
    await second.outcome;
    await late.done;
    assert.equal('CLR-2', turns(h, 'b')[0]?.after?.outcome, 'replied', {
      rule: 'inputs held by clearing must be processed once clear() ended',
      subject: 'the outcome of the turn of the held input of b',
    });
  },
});

/**
 * [CLR-1] Clearing stops the running turns of *those* sessions: a running turn of another
 * session goes on and replies. The near miss hands every session it serves to the stop.
 */
const stopsOnlyItsSessions = defineCase({
  requirements: ['CLR-1'],
  name: 'clearing some sessions leaves the running turn of another session alone',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const cleared = await holdTurn(context, {
      sessionId: 's1',
      content: 'to be cleared',
      untilAborted: true,
    });
    const other = await holdTurn(context, { sessionId: 's2', content: 'not cleared' });
    await context.agent.clearing(['s1'], async () => undefined);
    await cleared.input.done;
    other.gate.open();
    await other.input.done;
    assert.equal('CLR-1', turns(h, 's2')[0]?.after?.outcome, 'replied', {
      rule: 'clearing must stop the running turns of the sessions it names, and no other',
      subject: 'the outcome of the running turn of s2 during the clearing of s1',
    });
  },
});

/**
 * [CLR-2] An input that arrived during a clearing's hold waits for it and is then processed,
 * also when a second clearing of the same session begins meanwhile: it is held, not queued, so
 * the second clearing does not release it ([CLR-1] releases what was queued).
 */
const heldInputSurvivesSecondClearing = defineCase({
  requirements: ['CLR-2'],
  name: 'an input held by a clearing is processed after it, also when a second clearing of its session begins meanwhile',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const first = await holdClearing(context, ['s1']);
    h.model.script([{ text: 'reply after both clearings' }]);
    const held = sendHuman(context, 's1', 'arrived during the first clearing');
    await h.settle();
    const second = await holdClearing(context, ['s1']);
    first.gate.open();
    await first.outcome;
    second.gate.open();
    await second.outcome;
    await held.done;
    assert.equal('CLR-2', turns(h, 's1')[0]?.after?.outcome, 'replied', {
      rule: 'an input that arrived during a hold must be processed once clear() ended, not released by a later clearing',
      subject: 'the outcome of the turn of the input held by the first clearing',
    });
  },
});

/** The cases of the CLR family ([CLR-1]..[CLR-7]). */
/**
 * Inputs held by clearing ([CLR-2]) are processed once clear() ended in the order they arrived,
 * one turn per injection, each settling only once its own turn ended ([SCH-5], [SVC-2]). An agent that
 * takes the held inputs all at once (one that routes inputs through a store reads a session's
 * queue in one go) must keep their order and settle each with its own turn. Twelve of them, so
 * that an order kept by comparing ids as text (1, 10, 11, 12, 2, …) shows.
 */
const heldInputsInOrder = defineCase({
  requirements: ['CLR-2', 'SCH-5', 'SVC-2'],
  name: 'inputs held by clearing run after it one turn each in the order they arrived, each settling once its own turn ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const clearing = await holdClearing(context, ['s1']);
    const sent = Array.from({ length: 12 }, (_, index) => `job ${index + 1}`);
    const gate = createGate();
    // The second turn waits: by then the first one ended and settled its own input only.
    h.model.script(
      sent.map((content, index) =>
        index === 1 ? { waitFor: gate, text: `done ${content}` } : { text: `done ${content}` },
      ),
    );
    const inputs = sent.map((content) => sendInjection(context, 's1', content));
    await h.settle();
    assert.equal('CLR-2', turns(h, 's1').length, 0, {
      rule: 'inputs arriving while clearing holds the session must open no turn until clear() ended',
      subject: 'the number of turns started during the hold',
    });
    clearing.gate.open();
    await clearing.outcome;
    await turnsStarted(h, 2, 's1');
    await h.settle();
    assert.deepEqual(
      'SVC-2',
      inputs.filter((input) => input.settled).map((input) => input.message.content),
      sent.slice(0, 1),
      {
        rule: 'handleMessage must resolve only once the turn of its input ended: while the second held input runs, only the first may have settled',
        subject: 'the held inputs settled while the turn of the second one ran',
      },
    );
    gate.open();
    await Promise.all(inputs.map((input) => input.done));
    assert.deepEqual(
      'SCH-5',
      turns(h, 's1').map((turn) => contents(turn.inputs)),
      sent.map((content) => [content]),
      {
        rule: 'turns of one session must run in the order their inputs were enqueued, also inputs that waited for a clearing',
        subject: 'the inputs of the turns, in order',
      },
    );
  },
});

export const CLR_CASES = [
  stopsReleasesThenClears,
  holdsNewInputs,
  allSessions,
  outsideTheChain,
  deletionInsideHold,
  throwingClear,
  overlapping,
  holdsOneAfterAnother,
  holdCoversItsSessions,
  holdsFromTheStop,
  deletionWithHeldInput,
  emptyListNamesNone,
  clearAfterEveryTurnSettled,
  heldInputsInOrder,
  everySessionAfterTurnsSettled,
  overlappingHoldsOwnSessions,
  stopsOnlyItsSessions,
  heldInputSurvivesSecondClearing,
  idleSessionHeld,
  everyIdleSessionHeld,
  neverServedSessionHeld,
];
