import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { sendHuman, session, storedReplies } from './scenario';

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
export const ARC_REPLY_SCOPE_CASES = [consoleTurnRecordsNoType];
