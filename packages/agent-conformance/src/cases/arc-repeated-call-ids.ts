import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { sendHuman, session } from './scenario';

/**
 * [ARC-2] [TID-3] 「每次工具调用另有 callId」 and every call, failed ones included, records it in
 * its tool result: also two calls of one response to which the model gave the same id (models
 * and gateways do repeat ids). They are two calls; each gets a result and a call id of its
 * own. The near miss takes the second for the first one delivered twice and drops it: a call
 * the model made that leaves no trace in history.
 */
const repeatedModelIds = defineCase({
  requirements: ['ARC-2', 'TID-3'],
  name: 'two tool calls to which the model gave the same id each get a result with a call id of its own',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([
      {
        toolCalls: [
          { name: 'lookup', id: 'repeated', arguments: { topic: 'first' } },
          { name: 'lookup', id: 'repeated', arguments: { topic: 'second' } },
        ],
      },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'use tools').done;
    const results = h.archive.messages('s1').filter((message) => message.role === 'tool');
    assert.equal('ARC-2', results.length, 2, {
      rule: 'every tool call must have a persisted tool result, also two calls the model gave the same id',
      subject: 'the persisted tool results of a response with two calls sharing the id "repeated"',
    });
    const callIds = results.map((result) => result.metadata[Keys.CallId]);
    assert.that(
      'TID-3',
      callIds.every((id) => typeof id === 'string' && id !== '') && callIds[0] !== callIds[1],
      {
        rule: 'each tool call must have its own call id, recorded in its tool result, also when the model repeated an id',
        observed: `the two tool results recorded the call ids ${callIds.map(String).join(' and ')}`,
      },
    );
  },
});

/**
 * [ARC-2] [TID-3] A call id meets a tool call that fails before it runs (no such tool): it is a
 * tool call like any other and gets a call id of its own, recorded in its error result — not the
 * id the model gave it, which the model may repeat in its next response. The near miss keys the
 * results of such calls by the model's id.
 */
const failedCallsOwnIds = defineCase({
  requirements: ['ARC-2', 'TID-3'],
  name: 'tool calls that fail before running, given the same id by the model in two responses, each get a call id of its own',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([
      { toolCalls: [{ name: 'missing_tool', id: 'call_0' }] },
      { toolCalls: [{ name: 'missing_tool', id: 'call_0' }] },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'use a tool that is not there').done;
    const results = h.archive.messages('s1').filter((message) => message.role === 'tool');
    assert.equal('ARC-2', results.length, 2, {
      rule: 'every tool call must have a persisted tool result, failed ones included',
      subject: 'the persisted tool results of two calls of a tool that does not exist',
    });
    const callIds = results.map((result) => result.metadata[Keys.CallId]);
    assert.that(
      'TID-3',
      callIds.every((id) => typeof id === 'string' && id !== '') && new Set(callIds).size === 2,
      {
        rule: 'each tool call, one that failed before running included, must have its own call id in its tool result',
        observed: `the two error results recorded the call ids ${callIds.map(String).join(' and ')}`,
      },
    );
  },
});

/** The cases of tool calls whose model-given ids repeat ([ARC-2], [TID-3]). */
export const ARC_REPEATED_CALL_ID_CASES = [repeatedModelIds, failedCallsOwnIds];
