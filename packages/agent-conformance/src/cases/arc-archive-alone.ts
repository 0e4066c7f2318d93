import { assert } from '../assert';
import { defineCase } from '../define-case';
import { incomingWrites, sendHuman, session, turns } from './scenario';

/**
 * [ARC-6], [SVC-5], [HK-9] The archive and memory are two optional collaborators, each on its
 * own: an agent given an archive but no memory still archives its inputs (「输入在进入一轮时归档
 * …经 message-archive 归档」; `archived` stays unset only 「没有存档插件时」). Without memory it
 * has no history to read, which is fine. The near miss persists only when both are present,
 * so with an archive alone nothing is archived.
 */
const archiveWithoutMemory = defineCase({
  requirements: ['ARC-6', 'SVC-5', 'HK-9'],
  name: 'with an archive but no memory the opening input is still archived with turn id and entry opened',
  harness: { memory: false },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'reply without memory' }]);
    const record = await sendHuman(context, 's1', 'question without memory').done;
    assert.equal('SVC-5', record.state, 'resolved', {
      rule: 'memory is an optional collaborator: without it handleMessage must still resolve',
      subject: 'the handleMessage promise',
    });
    const turn = assert.defined('SVC-5', turns(h, 's1')[0], {
      rule: 'memory is an optional collaborator: without it turns must still run',
      subject: 'the turn',
    });
    const write = assert.defined('ARC-6', incomingWrites(h, 'question without memory')[0], {
      rule: 'opening inputs are archived through message-archive whenever an archive is present, with or without memory',
      subject: 'the archive write of the opening input (archive present, memory absent)',
    });
    assert.that('ARC-6', write.incoming?.turnId === turn.turnId && write.incoming?.entry === 'opened', {
      rule: 'opening inputs must be archived with the turn id and entry "opened"',
      observed: `the input was archived with turn id ${String(write.incoming?.turnId)} and entry ${String(write.incoming?.entry)}`,
    });
    assert.equal('HK-9', turn.inputs[0]?.archived?.id, write.messages[0]?.id, {
      rule: 'TurnInput.archived must be set to the stored message once an input is archived; it stays unset only without an archive',
      subject: 'the id of TurnInput.archived with an archive but no memory',
    });
  },
});

/** The cases of the ARC family run with an archive but no memory ([ARC-6], [SVC-5]). */
export const ARC_ARCHIVE_ALONE_CASES = [archiveWithoutMemory];
