import { assert } from '../assert';
import { defineCase } from '../define-case';
import { holdClearing, incomingWrites, sendHuman, session, turns } from './scenario';

/**
 * [CLR-2] A clearing of several sessions holds every one of them (「从停下到 clear 结束按住这些会话」):
 * an input of the second session named, arriving during the hold, opens no turn and is not
 * archived until `clear()` ended, then runs. The near miss holds only the first session named.
 */
const holdsEverySessionNamed = defineCase({
  requirements: ['CLR-2'],
  name: 'a clearing of two sessions holds the second one too: its input waits until clear ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 'a');
    session(h, 'b');
    const clearing = await holdClearing(context, ['a', 'b']);
    h.model.script([{ text: 'reply in b' }]);
    const late = sendHuman(context, 'b', 'arrived in b during the clearing');
    await h.settle();
    assert.equal('CLR-2', turns(h, 'b').length, 0, {
      rule: 'an input arriving while a clearing holds its session must open no turn until clear() ended, for every session the clearing names',
      subject: 'the turns of b, the second session named, during the clearing',
    });
    assert.equal('CLR-2', incomingWrites(h, 'arrived in b during the clearing').length, 0, {
      rule: 'an input arriving while a clearing holds its session must not be archived before clear() ended',
      subject: 'the archive writes of the input of b during the clearing',
    });
    clearing.gate.open();
    await clearing.outcome;
    await late.done;
    assert.equal('CLR-2', turns(h, 'b')[0]?.after?.outcome, 'replied', {
      rule: 'inputs held by clearing must be processed once clear() ended',
      subject: 'the outcome of the turn of the held input of b',
    });
  },
});

/**
 * [CLR-7] A clearing may start another one from inside its `clear()` — the session manager
 * deletes the child sessions of a session it deletes (「先删各级子会话…再跑这条链」) — and both
 * complete. The near miss runs clearings one at a time, so the inner one waits for the outer,
 * which waits for its `clear()`, which waits for the inner.
 */
const clearingInsideClear = defineCase({
  requirements: ['CLR-7'],
  name: 'a clearing started inside another clearing’s clear() completes, and so does the outer one',
  run: async (context) => {
    const h = context.harness;
    session(h, 'parent');
    session(h, 'child');
    let innerCleared = false;
    await context.agent.clearing(['parent'], async () => {
      await context.agent.clearing(['child'], async () => {
        innerCleared = true;
      });
    });
    assert.that('CLR-7', innerCleared, {
      rule: 'overlapping clearings must complete without deadlock, one started inside another’s clear() included',
      observed: 'the outer clearing completed without the inner one running its clear()',
    });
    h.model.script([{ text: 'reply in child' }]);
    await sendHuman(context, 'child', 'after both clearings').done;
    assert.equal('CLR-7', turns(h, 'child')[0]?.after?.outcome, 'replied', {
      rule: 'once overlapping clearings completed, their sessions must serve inputs again',
      subject: 'the outcome of the first turn of child after both clearings',
    });
  },
});

/** The cases of clearings of several sessions ([CLR-2], [CLR-7]). */
export const CLR_SEVERAL_CASES = [holdsEverySessionNamed, clearingInsideClear];
