import { assert } from '../assert';
import { defineCase } from '../define-case';
import { holdTurn, sendHuman, sendInjection, session, turns } from './scenario';

const drain = defineCase({
  requirements: ['DRN-1'],
  name: 'drain aborts running turns, releases queued inputs and settles every handleMessage without half-written groups',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const queued = sendInjection(context, 's1', 'queued job');
    const slow = h.tools.define({ name: 'slow', steps: [{ untilAborted: true }] });
    h.model.script([{ toolCalls: [{ name: 'slow' }] }, { text: 'never' }]);
    const inTool = sendHuman(context, 's2', 'long task');
    const toolCall = await slow.started(0);
    await h.drain();
    await h.settle();
    for (const input of [held.input, queued, inTool]) {
      assert.that('DRN-1', input.settled, {
        rule: 'drain must settle every pending handleMessage',
        observed: `"${input.message.content}" was still pending after drain`,
      });
    }
    assert.that('DRN-1', held.call.aborted && toolCall.context.signal.aborted, {
      rule: 'drain must abort the in-flight turns: their model and tool calls',
      observed: 'the model or tool call was still running after drain',
    });
    assert.equal('DRN-1', turns(h, 's1').length, 1, {
      rule: 'drain must release queued inputs: they open no turn',
      subject: 'the turns of s1 (the queued input must open none)',
    });
    for (const sessionId of ['s1', 's2']) {
      const stored = h.archive.messages(sessionId);
      for (const message of stored) {
        for (const call of message.toolCalls ?? []) {
          const answered = stored.some((other) => other.role === 'tool' && other.toolCallId === call.id);
          assert.that('DRN-1', answered, {
            rule: 'drain must leave nothing half-written: every persisted tool call has its result',
            observed: `tool call ${call.id} was persisted without its result (a half-written group)`,
          });
        }
      }
    }
  },
});

/** The cases of the DRN family ([DRN-1]). */
export const DRN_CASES = [drain];
