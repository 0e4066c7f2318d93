import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { sendHuman, session, turns } from './scenario';

/**
 * [TID-3] 「每次工具调用另有 callId」: unique, not only among the calls one instance of the agent
 * makes. Any agent is restarted sooner or later over the same archive; here a second instance of
 * it (the case's peer, used one after the other, never at once) writes its tool calls into the
 * archive the first one wrote to, and no two calls there share a call id. The near miss numbers the
 * calls of each agent instance from 1, so the first call of each instance gets the same id.
 */
const callIdsUniqueAcrossInstances = defineCase({
  requirements: ['TID-3'],
  name: 'the tool calls of a second instance of the agent over the same archive get call ids of their own',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const peer = await context.peer();
    const steps = [{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }];
    for (const instance of [h, peer.harness]) {
      instance.tools.define({ name: 'lookup' });
      instance.model.script([...steps, ...steps]);
    }
    await sendHuman(context, 's1', 'look it up here').done;
    await peer.agent.send(peer.harness.input({ sessionId: 's2', content: 'look it up there' })).done;
    const callIds = ['s1', 's2'].flatMap((sessionId) =>
      h.archive
        .messages(sessionId)
        .filter((message) => message.role === 'tool')
        .map((message) => message.metadata[Keys.CallId]),
    );
    assert.equal('TID-3', callIds.length, 2, {
      rule: 'every tool call must be executed and its result persisted with its call id',
      subject: 'the persisted tool results of s1 and s2',
    });
    assert.that('TID-3', callIds[0] !== callIds[1], {
      rule: 'each tool call must have its own unique call id, also calls made by two instances of the agent over one archive',
      observed: `both tool calls were persisted with the call id ${String(callIds[0])}`,
    });
  },
});

/**
 * [TID-1] Turn ids meet a restart or a second process over the same store: a turn run there
 * gets an id that no earlier turn of the session has, in the hooks and in history, as rollback
 * by turn id and the closing of crash-cut turns rely on. The near miss counts turn ids within
 * each agent (`turn-1`, `turn-2`, …): unique while it runs, but a new process counts from the
 * start again and gives its first turn the id of the session's first turn.
 */
const turnIdsAfterRestart = defineCase({
  requirements: ['TID-1'],
  name: 'a turn run by another process over the same archive gets a turn id no earlier turn of the session had',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'answered before the restart' }, { text: 'answered after the restart' }]);
    await sendHuman(context, 's1', 'before the restart').done;
    await h.settle();
    // The same agent once more over the same archive, as after a restart (or in another process).
    const peer = await context.peer();
    peer.harness.model.script([{ text: 'answered after the restart' }]);
    await peer.agent.send(peer.harness.input({ sessionId: 's1', content: 'after the restart' })).done;
    await h.settle();
    await peer.harness.settle();
    const ids = [...turns(h, 's1'), ...turns(peer.harness, 's1')].map((turn) => turn.turnId);
    assert.equal('TID-1', new Set(ids).size, 2, {
      rule: 'each turn must get a fresh unique turn id, also a turn that another process (or the same agent after a restart) runs over the same archive',
      subject: `the distinct turn ids of the two turns of s1 (${JSON.stringify(ids)})`,
    });
    const stored = new Set(h.archive.messages('s1').map((message) => message.metadata[Keys.TurnId]));
    stored.delete(undefined);
    assert.equal('TID-1', stored.size, 2, {
      rule: 'each turn must get a fresh unique turn id: the history of a session holds one id per turn',
      subject: 'the distinct turn ids stored in the history of s1',
    });
  },
});

/** Turn and call ids meeting a second instance of the agent over the same archive ([TID-1], [TID-3]). */
export const TID_ACROSS_INSTANCES_CASES = [turnIdsAfterRestart, callIdsUniqueAcrossInstances];
