import type { PreprocessorFn } from '@aalis/api-agent';
import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { createGate, type Gate } from '../harness/gate';
import { callContains, sendHuman, session, turns } from './scenario';

/**
 * [PRE-1] with [BND-1]: preprocessors run on `agent:input:before`, once per input, as an onion
 * (「每条输入一次…洋葱模型」), while others register and withdraw theirs (「同名替换…随激活撤回」).
 * Withdrawing one leaves every other in place, and a change of the registrations while an input
 * is in per-input processing neither skips a preprocessor that stays nor runs one twice for it.
 */

/** A preprocessor that appends `[tag]` to each input and counts the inputs it saw. */
function tagger(
  tag: string,
  seen: string[],
  hold?: { readonly entered: Gate; readonly release: Gate },
): PreprocessorFn {
  return async (message, next) => {
    seen.push(tag);
    message.content = `${message.content} [${tag}]`;
    if (hold !== undefined && !hold.entered.isOpen) {
      hold.entered.open();
      await hold.release.opened;
    }
    await next();
  };
}

/** Sends one input to s1 and checks which tags reached the model call. */
async function tagsSeen(context: CaseContext, content: string): Promise<(tag: string) => boolean> {
  const h = context.harness;
  h.model.script([{ text: 'answer' }]);
  await sendHuman(context, 's1', content).done;
  const call = h.model.requests.at(-1);
  return (tag) => call !== undefined && callContains(call, `[${tag}]`);
}

const withdrawOneOfThree = defineCase({
  requirements: ['PRE-1', 'BND-1'],
  name: 'withdrawing one of three preprocessors leaves the other two in place',
  requires: ['preprocessors'],
  run: async (context) => {
    session(context.harness, 's1');
    const seen: string[] = [];
    context.agent.registerPreprocessor('first', tagger('first', seen));
    const withdraw = context.agent.registerPreprocessor('second', tagger('second', seen));
    context.agent.registerPreprocessor('third', tagger('third', seen));
    withdraw();
    const has = await tagsSeen(context, 'after one was withdrawn');
    assert.deepEqual('BND-1', ['first', 'second', 'third'].map(has), [true, false, true], {
      rule: 'withdrawing a preprocessor must withdraw that one only: the others keep running',
      subject: 'whether the rewrites of the first, the withdrawn second and the third reached the model call',
    });
  },
});

/** Registers three preprocessors; the second holds the first input until `release` opens. */
async function heldInSecond(context: CaseContext) {
  const h = context.harness;
  session(h, 's1');
  const seen: string[] = [];
  const entered = createGate();
  const release = createGate();
  const withdrawFirst = context.agent.registerPreprocessor('first', tagger('first', seen));
  context.agent.registerPreprocessor('second', tagger('second', seen, { entered, release }));
  context.agent.registerPreprocessor('third', tagger('third', seen));
  h.model.script([{ text: 'answer' }]);
  const input = sendHuman(context, 's1', 'in processing');
  await h.until(() => entered.isOpen, 'the input to reach the preprocessor that holds it');
  return { seen, release, withdrawFirst, input };
}

const withdrawnDuringRun = defineCase({
  requirements: ['PRE-1'],
  name: 'a preprocessor withdrawn while an input is in per-input processing makes its run skip no other',
  requires: ['preprocessors'],
  run: async (context) => {
    const { release, withdrawFirst, input } = await heldInSecond(context);
    withdrawFirst();
    release.open();
    await input.done;
    const call = context.harness.model.requests[0];
    assert.that('PRE-1', call !== undefined && callContains(call, '[third]'), {
      rule: 'every preprocessor registered and not withdrawn must run for each input, also when another is withdrawn while the input is in per-input processing',
      observed:
        'the model call did not show the rewrite of the third preprocessor after the first was withdrawn mid-run',
    });
  },
});

const registeredDuringRun = defineCase({
  requirements: ['PRE-1'],
  name: 'a preprocessor registered while an input is in per-input processing makes no preprocessor run twice for it',
  requires: ['preprocessors'],
  run: async (context) => {
    const { seen, release, input } = await heldInSecond(context);
    context.agent.registerPreprocessor('late', tagger('late', seen));
    release.open();
    await input.done;
    const counts = ['first', 'second', 'third'].map((tag) => seen.filter((entry) => entry === tag).length);
    assert.deepEqual('PRE-1', counts, [1, 1, 1], {
      rule: 'each preprocessor must run once per input, also when another one is registered while the input is in per-input processing',
      subject: 'how often the first, second and third preprocessors ran for the one input',
    });
  },
});

/** The cases of preprocessors registered and withdrawn beside others ([PRE-1], [BND-1]). */
/**
 * [PRE-1] with [BND-1]: a preprocessor replaced under the same name while an input is inside it
 * finishes that input's run: when it calls `next` the input goes on and enters its turn — only a
 * preprocessor that does not call `next` drops its input (「不调用即丢掉这条」). The near miss makes `next`
 * of a replaced preprocessor hand the input no further.
 */
const replacedWhileInside = defineCase({
  requirements: ['PRE-1'],
  name: 'an input inside a preprocessor replaced under the same name enters its turn once that preprocessor calls next',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const entered = createGate();
    const release = createGate();
    context.agent.registerPreprocessor('tag', async (message, next) => {
      message.content = `${message.content} [old]`;
      entered.open();
      await release.opened;
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    const input = sendHuman(context, 's1', 'in processing');
    await h.until(() => entered.isOpen, 'the input to reach the preprocessor that holds it');
    context.agent.registerPreprocessor('tag', tagger('new', []));
    release.open();
    await input.done;
    const call = h.model.requests[0];
    assert.that('PRE-1', call !== undefined && callContains(call, 'in processing [old]'), {
      rule: 'a preprocessor that calls next hands its input on into a turn, also when it was replaced under the same name while the input was inside it',
      observed: 'no model call carried the input the replaced preprocessor handed on ("in processing [old]")',
    });
    assert.equal('PRE-1', turns(h, 's1').length, 1, {
      rule: 'an input whose preprocessors all called next must enter a turn',
      subject: 'the turns of s1 after the input left the replaced preprocessor',
    });
  },
});

export const PRE_REGISTRATION_CASES = [
  withdrawOneOfThree,
  withdrawnDuringRun,
  registeredDuringRun,
  replacedWhileInside,
];
