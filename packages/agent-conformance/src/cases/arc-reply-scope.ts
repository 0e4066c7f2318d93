import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { outbound, sendHuman, session, storedReplies } from './scenario';

/**
 * [ARC-3] The final reply records the turn's group and session type (「这一轮的群与会话类型」):
 * what the turn has, nothing it has not. A console turn, whose input names neither a group nor a
 * session type, records neither. The near miss takes every conversation for a private or a group
 * one and records `private` for it.
 */
const consoleTurnRecordsNoType = defineCase({
  requirements: ['ARC-3'],
  name: 'the final reply of a turn whose input names no group and no session type records neither',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'final reply' }]);
    await sendHuman(context, 's1', 'question').done;
    const reply = assert.defined('ARC-3', storedReplies(h, 's1')[0], {
      rule: 'a replied turn must persist its final reply',
      subject: 'the persisted final reply',
    });
    const recorded = { group: reply.metadata[Keys.Group], sessionType: reply.metadata[Keys.SessionType] };
    assert.deepEqual(
      'ARC-3',
      recorded,
      { group: undefined, sessionType: undefined },
      {
        rule: "the final reply must record the turn's group and session type, and none the turn does not have",
        subject: 'the group and session type recorded on the reply of a console turn',
      },
    );
  },
});

/** The cases of what the final reply records of its turn's scope ([ARC-3]). */
/**
 * [ARC-5] In a room the text the model says before its tool calls is persisted, not sent: the
 * one message a turn hands to the platform is its last reply, without that text in it. The near miss folds the text said alongside the tool calls into the final reply, so it reaches the
 * room after all.
 */
const roomToolTextNotFolded = defineCase({
  requirements: ['ARC-5'],
  name: 'in a room the text said before a tool call is not part of the message handed to the platform',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    h.tools.define({ name: 'lookup' });
    h.model.script([{ text: 'let me check first', toolCalls: [{ name: 'lookup' }] }, { text: 'here it is' }]);
    await context.agent.send(h.input({ sessionId: 's1', content: 'question' })).done;
    const sent = outbound(h, 's1').filter((message) => message.kind !== 'notice');
    assert.deepEqual(
      'ARC-5',
      sent.map((message) => message.content.includes('let me check first')),
      [false],
      {
        rule: 'in a room session a turn hands only its last reply to the platform: text said before its tool calls is not sent, not even inside that reply',
        subject: 'whether each message handed to the platform holds the text said before the tool call',
      },
    );
  },
});

/** The registered metadata keys ([ARC-3]). */
const REGISTERED_KEYS: ReadonlySet<string> = new Set(Object.values(Keys));

/**
 * [ARC-3] 「键一律用 schema-message 登记的WellKnownMetadataKeys」 for everything the agent itself
 * records, tool results included; only keys other plugins write in `agent:tool:after` go
 * beyond them ([ARC-4]). A tool result far over any sensible size limit, which an agent may cut,
 * is persisted with registered keys only. The near miss marks a cut result with a key of its own.
 */
const cutResultRegisteredKeys = defineCase({
  requirements: ['ARC-3'],
  name: 'a tool result long enough to be cut is persisted with registered metadata keys only',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'dump', fallback: { result: 'line of output\n'.repeat(5_000) } });
    h.model.script([{ toolCalls: [{ name: 'dump' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'dump it').done;
    const result = assert.defined(
      'ARC-3',
      h.archive.messages('s1').find((message) => message.role === 'tool'),
      { rule: 'a tool call must have a persisted tool result', subject: 'the persisted tool result' },
    );
    const unregistered = Object.keys(result.metadata).filter((key) => !REGISTERED_KEYS.has(key));
    assert.deepEqual('ARC-3', unregistered, [], {
      rule: 'the metadata the agent records on a tool result uses the registered WellKnownMetadataKeys only',
      subject: 'the unregistered metadata keys of a long tool result no plugin wrote metadata for',
    });
  },
});

export const ARC_REPLY_SCOPE_CASES = [
  consoleTurnRecordsNoType,
  roomToolTextNotFolded,
  cutResultRegisteredKeys,
];
