import { assert } from '../assert';
import { defineCase } from '../define-case';
import {
  callContains,
  endMarkers,
  holdTurn,
  secondInputDuringToolCall,
  sendHuman,
  session,
  turns,
} from './scenario';

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
    const ends = endMarkers(h, 's1');
    assert.that('PRE-1', ends.length > 0, {
      rule: 'a dropped input must still get its stream end marker',
      observed: 'no stream end marker was emitted for the dropped input',
    });
  },
});

const joining = defineCase({
  requirements: ['PRE-1'],
  name: 'an input that joins a running turn is preprocessed once, before it joins, and its next() returns when that turn ended',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    const seen: string[] = [];
    const returnedEarly: string[] = [];
    context.agent.registerPreprocessor('rewrite', async (message, next) => {
      const content = message.content;
      seen.push(content);
      message.content = `rewritten: ${content}`;
      await next();
      if (turns(h, 's1').some((turn) => turn.afterRun === undefined)) returnedEarly.push(content);
    });
    await secondInputDuringToolCall(context, 'first question', 'second question');
    assert.deepEqual('PRE-1', seen, ['first question', 'second question'], {
      rule: 'preprocessors must run once per input, also for an input that joins a running turn',
      subject: 'the inputs the preprocessor saw',
    });
    const later = h.model.requests[1];
    assert.that('PRE-1', later !== undefined && callContains(later, 'rewritten: second question'), {
      rule: 'an input that joins a running turn must join as the preprocessor rewrote it',
      observed: 'the model call after the tool call did not see "rewritten: second question"',
    });
    const original = h.model.requests.some((call) =>
      call.messages.some(
        (message) =>
          typeof message.content === 'string' &&
          message.content.includes('second question') &&
          !message.content.includes('rewritten: second question'),
      ),
    );
    assert.that('PRE-1', !original, {
      rule: 'the preprocessor runs before the input enters a turn, so no model call sees it unrewritten',
      observed: 'a model call saw "second question" as it was sent',
    });
    assert.deepEqual('PRE-1', returnedEarly, [], {
      rule: 'next() of a preprocessor must return once its input settled: for a joined input, once that turn ended',
      subject: 'the inputs whose next() returned while their turn still ran',
    });
  },
});

/**
 * [PRE-1] The input a turn archives is the input its preprocessors handed on: a rewrite before
 * `next()` reaches the history (and `TurnInput.archived`), not only the model. The near miss
 * archives the message as it was sent, so later turns and memory lose the rewrite.
 */
const archivedRewritten = defineCase({
  requirements: ['PRE-1'],
  name: 'a rewrite by a preprocessor before next reaches the archived input, not only the model',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    context.agent.registerPreprocessor('suffix', async (message, next) => {
      message.content = `${message.content} [checked]`;
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'hello').done;
    const write = assert.defined(
      'PRE-1',
      h.archive.writes.find((entry) => entry.operation === 'archiveIncoming'),
      {
        rule: 'an input that opened a turn must be archived',
        subject: 'the archive write of the input',
      },
    );
    assert.equal('PRE-1', write.messages[0]?.content, 'hello [checked]', {
      rule: 'the input archived must be the one the preprocessors handed on, their rewrite included',
      subject: 'the content of the archived input',
    });
  },
});

/** The cases of the PRE family ([PRE-1]). */
/**
 * [PRE-1] A dropped input still gets its stream end marker (「不调 next 即丢掉它(不进一轮、
 * 不归档,agent 照发流结束标记)」), also when a turn of its session is running and streaming: each
 * input gets its own marker. The near miss leaves the dropped input's end to the running turn.
 */
const dropsDuringTurn = defineCase({
  requirements: ['PRE-1'],
  name: 'an input a preprocessor drops while a turn of its session runs still gets its own stream end marker',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    context.agent.registerPreprocessor('drop', async (message, next) => {
      if (!message.content.includes('drop me')) await next();
    });
    const held = await holdTurn(context, { sessionId: 's1', content: 'running' });
    const dropped = await sendHuman(context, 's1', 'drop me').done;
    assert.equal('PRE-1', dropped.state, 'resolved', {
      rule: 'a preprocessor that does not call next() drops the input: handleMessage resolves, also while a turn runs',
      subject: 'the handleMessage promise of the input dropped during the turn',
    });
    held.gate.open();
    await held.input.done;
    await h.settle();
    const ends = endMarkers(h, 's1');
    assert.equal('PRE-1', ends.length, 2, {
      rule: 'every input must get exactly one stream end marker, one dropped while a turn of its session runs included',
      subject: 'the stream end markers of a running turn’s input and of an input dropped meanwhile',
    });
  },
});

export const PRE_CASES = [rewrites, drops, joining, archivedRewritten, dropsDuringTurn];
