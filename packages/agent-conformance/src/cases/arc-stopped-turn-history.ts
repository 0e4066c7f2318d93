import { WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { holdHook, sendHuman, session, turns } from './scenario';

/**
 * What a stopped turn leaves in history when the stop meets another part of the turn: an input
 * that joined it, a group of tool calls part-way.
 */

/**
 * [ARC-9] A stop meets an insertion: a turn opened by an idle trigger (its own input is not
 * archived) that a human input joined has that input in history, so its abort writes the stop
 * marker before its record (「中止的一轮在历史里已有这一轮的输入或工具调用组时,参考实现在回合记录
 * 之前另落一条停下标记」). The near miss counts only the opening inputs it archived.
 */
const joinedInputNeedsStopMarker = defineCase({
  requirements: ['ARC-9'],
  name: 'an aborted idle-trigger turn that a human input joined writes the stop marker before its record',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = holdHook(h, 'agent:turn:before');
    const [step] = h.model.script([{ untilAborted: true }]);
    const idle = sendHuman(context, 's1', 'quiet for a while', { triggerType: 'idle' });
    await held.reached();
    const joining = sendHuman(context, 's1', 'a person speaks up');
    await h.settle();
    held.gate.open();
    await step!.started;
    context.agent.abort('s1');
    await Promise.all([idle.done, joining.done]);
    assert.equal('ARC-9', turns(h, 's1')[0]?.inputs.length, 2, {
      rule: 'a human input arriving before the model call of a turn opened by an idle trigger joins it (SCH-2)',
      subject: 'the inputs of the stopped turn',
    });
    const kinds = h.archive
      .messages('s1')
      .filter((message) => message.content !== 'quiet for a while')
      .map((message) => message.kind ?? message.role);
    assert.deepEqual('ARC-9', kinds, ['user', WellKnownKinds.TurnStopped, WellKnownKinds.EventMarker], {
      rule: 'an aborted turn with an input of its own in history, a joined one included, must write the stop marker before its record',
      subject: 'what the stopped turn left in history, in order',
    });
  },
});

/**
 * [ARC-2] A stop meets a group of tool calls part-way: whatever of the group is persisted keeps
 * every call answered — an assistant message listing two calls has a result for each, the one
 * the stop kept from starting included (「每次工具调用(含没有执行就失败的)…记下这次调用的callId」).
 * The near miss leaves the loop at the stop and persists the group with the first result only.
 */
const stoppedGroupAnswered = defineCase({
  requirements: ['ARC-2'],
  name: 'a group of tool calls stopped after its first call is persisted with a result for every call it lists',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const slow = h.tools.define({ name: 'slow', steps: [{ untilAborted: true }] });
    h.tools.define({ name: 'next_tool' });
    h.model.script([
      {
        toolCalls: [
          { name: 'slow', id: 'call-slow' },
          { name: 'next_tool', id: 'call-next' },
        ],
      },
      { text: 'must not be asked' },
    ]);
    const input = sendHuman(context, 's1', 'use two tools');
    await slow.started(0);
    context.agent.abort('s1');
    await input.done;
    await h.settle();
    const stored = h.archive.messages('s1');
    const listed = stored.flatMap((message) => message.toolCalls?.map((call) => call.id) ?? []);
    const answered = new Set(stored.filter((message) => message.role === 'tool').map((m) => m.toolCallId));
    for (const id of listed)
      assert.that('ARC-2', answered.has(id), {
        rule: 'every tool call of a persisted group must have a tool result, one a stop kept from running included',
        observed: `the persisted group lists ${id} with no tool result for it`,
      });
  },
});

/** The cases of what a stopped turn leaves in history ([ARC-9], [ARC-2]). */
export const ARC_STOPPED_TURN_HISTORY_CASES = [joinedInputNeedsStopMarker, stoppedGroupAnswered];
