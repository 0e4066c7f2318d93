import { assert } from '../assert';
import { defineCase } from '../define-case';
import { callContains, sendHuman, session, streamChunks, turns } from './scenario';

const rewrites = defineCase({
  requirements: ['PRE-1'],
  name: 'preprocessors rewrite each input once before its turn and next returns once it settled',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const seen: { readonly content: string; readonly endedAtReturn: boolean }[] = [];
    context.agent.registerPreprocessor('rewrite', async (message, next) => {
      const content = message.content;
      message.content = `rewritten: ${content}`;
      await next();
      const turn = turns(h, 's1').find((candidate) =>
        candidate.inputs.some((input) => input.message.content === `rewritten: ${content}`),
      );
      seen.push({ content, endedAtReturn: turn?.afterRun !== undefined });
    });
    h.model.script([{ text: 'one' }, { text: 'two' }]);
    await sendHuman(context, 's1', 'first').done;
    await sendHuman(context, 's1', 'second').done;
    assert.deepEqual(
      'PRE-1',
      seen.map((entry) => entry.content),
      ['first', 'second'],
      {
        rule: 'preprocessors must run once per input, before its turn',
        subject: 'the inputs the preprocessor saw',
      },
    );
    for (const entry of seen)
      assert.that('PRE-1', entry.endedAtReturn, {
        rule: 'next() of a preprocessor must return once its input settled (its turn ended)',
        observed: `next() returned before the turn of "${entry.content}" ended`,
      });
    assert.that('PRE-1', callContains(h.model.requests[0]!, 'rewritten: first'), {
      rule: 'a rewrite by a preprocessor before next() must reach the model',
      observed: 'the model saw the original input, not "rewritten: first"',
    });
  },
});

const drops = defineCase({
  requirements: ['PRE-1'],
  name: 'a preprocessor that does not call next drops the input, still ending its stream',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    context.agent.registerPreprocessor('drop', async (message, next) => {
      if (!message.content.includes('drop me')) await next();
    });
    const dropped = await sendHuman(context, 's1', 'drop me').done;
    assert.equal('PRE-1', dropped.state, 'resolved', {
      rule: 'a preprocessor that does not call next() drops the input: handleMessage resolves',
      subject: 'the handleMessage promise of a dropped input',
    });
    assert.equal('PRE-1', turns(h, 's1').length, 0, {
      rule: 'a dropped input must open no turn',
      subject: 'the turns of a dropped input',
    });
    assert.equal('PRE-1', h.archive.writes.length, 0, {
      rule: 'a dropped input must not be archived',
      subject: 'the archive writes of a dropped input',
    });
    const ends = streamChunks(h, 's1').filter((chunk) => chunk.type === 'end');
    assert.that('PRE-1', ends.length > 0, {
      rule: 'a dropped input must still get its stream end marker',
      observed: 'no stream end marker was emitted for the dropped input',
    });
  },
});

/** The cases of the PRE family ([PRE-1]). */
export const PRE_CASES = [rewrites, drops];
