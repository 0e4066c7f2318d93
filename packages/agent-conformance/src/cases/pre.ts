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
      'the inputs the preprocessor saw',
    );
    for (const entry of seen)
      assert.that(
        'PRE-1',
        entry.endedAtReturn,
        `expected next() to return after the turn of "${entry.content}" ended, got it earlier`,
      );
    assert.that(
      'PRE-1',
      callContains(h.model.requests[0]!, 'rewritten: first'),
      'expected the model to see the rewritten input, got the original',
    );
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
    assert.equal('PRE-1', dropped.state, 'resolved', 'the handleMessage promise of a dropped input');
    assert.equal('PRE-1', turns(h, 's1').length, 0, 'the turns of a dropped input');
    assert.equal('PRE-1', h.archive.writes.length, 0, 'the archive writes of a dropped input');
    const ends = streamChunks(h, 's1').filter((chunk) => chunk.type === 'end');
    assert.that('PRE-1', ends.length > 0, 'expected a stream end marker for the dropped input, got none');
  },
});

/** The cases of the PRE family ([PRE-1]). */
export const PRE_CASES = [rewrites, drops];
