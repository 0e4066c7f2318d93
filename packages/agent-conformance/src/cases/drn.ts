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
      assert.that(
        'DRN-1',
        input.settled,
        `expected "${input.message.content}" settled after drain, got it pending`,
      );
    }
    assert.that(
      'DRN-1',
      held.call.aborted && toolCall.context.signal.aborted,
      'expected the model and tool calls aborted by drain, got them running',
    );
    assert.equal('DRN-1', turns(h, 's1').length, 1, 'the turns of s1 (the queued input must open none)');
    for (const sessionId of ['s1', 's2']) {
      const stored = h.archive.messages(sessionId);
      for (const message of stored) {
        for (const call of message.toolCalls ?? []) {
          const answered = stored.some((other) => other.role === 'tool' && other.toolCallId === call.id);
          assert.that(
            'DRN-1',
            answered,
            `expected tool call ${call.id} persisted with its result, got a half-written group`,
          );
        }
      }
    }
  },
});

/** The cases of the DRN family ([DRN-1]). */
export const DRN_CASES = [drain];
