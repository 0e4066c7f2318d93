import { assert } from '../assert';
import { defineCase } from '../define-case';
import { sendHuman, session, turns } from './scenario';

/**
 * [ABT-7] [ABT-2] Once a turn ended and the agent has nothing left to do, the session has no
 * running turn: `abort` returns `false`, with the ended turn's id as without one. The case asks
 * only after the agent settled, when an agent that frees an idle session's state (a process
 * that lets the session go, a cache that drops it) answers from what is left. The near miss
 * keeps the ended turn on its record of running turns and answers `true` from it.
 */
const endedAndSettled = defineCase({
  requirements: ['ABT-7', 'ABT-2'],
  name: 'abort after a turn ended and the agent settled returns false, with that turn’s id or without',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'done' }]);
    await sendHuman(context, 's1', 'a turn that ends').done;
    await h.settle();
    const turnId = assert.defined('ABT-2', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id of the ended turn',
    });
    assert.equal('ABT-2', context.agent.abort('s1', { turnId }), false, {
      rule: 'abort with the turnId of an ended turn must do nothing and return false',
      subject: 'the return value of abort with the id of a turn that ended, once the agent settled',
    });
    assert.equal('ABT-7', context.agent.abort('s1'), false, {
      rule: 'abort must return false when no turn of the session runs',
      subject: 'the return value of abort of a session whose turn ended, once the agent settled',
    });
  },
});

/**
 * [ABT-7] [HK-2] A turn blocked at `agent:turn:before` (a middleware did not call `next`) never
 * ran: once the agent settled, `abort` returns `false`, with that turn's id as without one. The
 * near miss learns of running turns from `agent:turn:before` and of their end from
 * `agent:turn:after`, which a blocked turn never reaches: the turn stays "running" on its record.
 */
const blockedAndSettled = defineCase({
  requirements: ['ABT-7', 'ABT-2'],
  name: 'abort after a turn blocked at agent:turn:before returns false once the agent settled, with that turn’s id or without',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:turn:before', async () => undefined);
    await sendHuman(context, 's1', 'a turn that is blocked').done;
    await h.settle();
    const turnId = assert.defined('ABT-2', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must reach agent:turn:before with a turn id',
      subject: 'the turn id of the blocked turn',
    });
    assert.equal('ABT-2', context.agent.abort('s1', { turnId }), false, {
      rule: 'abort with the turnId of a turn that is not running must do nothing and return false',
      subject: 'the return value of abort with the id of a turn blocked at agent:turn:before',
    });
    assert.equal('ABT-7', context.agent.abort('s1'), false, {
      rule: 'abort must return false when no turn of the session runs',
      subject: 'the return value of abort of a session whose only turn was blocked at agent:turn:before',
    });
  },
});

/** The cases of `abort` after the session's turn ended or was blocked ([ABT-7], [ABT-2]). */
export const ABT_ENDED_CASES = [endedAndSettled, blockedAndSettled];
