import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { outbound, sendHuman, session, storedReplies, turns } from './scenario';

// Where replies in room sessions meet format retries used up, text said alongside tool calls,
// and a stop while the last dropped version is written.

/**
 * [ARC-5] Text said alongside tool calls meets what a room hands out: in a room only the last
 * reply goes out (「只有最后一条回复发出」), and it does go out, whatever the text said before
 * the tool calls was — that text was persisted, never sent. The model here says its answer
 * alongside its tool call and then says it again as its final reply. The mistake this tells apart
 * skips a final reply that repeats what the model said alongside its tool calls ("that already
 * went out"), which in a room leaves the platform with nothing.
 */
const roomRepeatOfSaidTextHandedOut = defineCase({
  requirements: ['ARC-5'],
  name: 'in a room a final reply that repeats what the model said alongside its tool call still goes to the platform',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    h.tools.define({ name: 'lookup' });
    const answer = 'the reminder is set for nine';
    h.model.script([{ text: answer, toolCalls: [{ name: 'lookup' }] }, { text: answer }]);
    await sendHuman(context, 's1', 'remind me at nine').done;
    assert.equal('ARC-5', turns(h, 's1')[0]?.after?.outcome, 'replied', {
      rule: 'a turn whose model answers after its tool call must end replied',
      subject: 'the outcome of the turn',
    });
    const sent = outbound(h, 's1').filter((message) => message.kind !== 'notice');
    assert.deepEqual(
      'ARC-5',
      sent.map((message) => message.content),
      [answer],
      {
        rule: 'in a room a turn hands its last reply to the platform (outbound:message), and only it: the text said alongside its tool calls was not sent, so a final reply repeating it still goes out',
        subject: 'the messages the turn handed to the platform',
      },
    );
  },
});

/**
 * [ARC-5] Several format retries meet what a room hands out: the versions a format retry dropped
 * are persisted but never sent (「格式校验没通过而重试丢掉的几版都不发出」), also once the
 * retries are used up. A middleware here rejects every version; each version after which the
 * agent made a retry call was dropped. Whether the last version, rejected with no retry left,
 * goes out is the agent's choice. The mistake this tells apart falls back to the model's first
 * version when the retries are used up and sends it.
 */
const roomExhaustedRetriesSendNoDroppedVersion = defineCase({
  requirements: ['ARC-5'],
  name: 'in a room no version a format retry dropped is handed out once the format retries are used up',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    const seen: { readonly content: string; readonly attempt: number; readonly maxRetries: number }[] = [];
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      seen.push({ content: payload.content, attempt: payload.attempt, maxRetries: payload.maxRetries });
      payload.retry = { feedback: 'conformance feedback: still the wrong format' };
      await next();
    });
    h.model.script(Array.from({ length: 8 }, (_, index) => ({ text: `version ${index + 1}` })));
    await sendHuman(context, 's1', 'question').done;
    // A version was dropped when the agent asked the model again after it.
    const dropped = seen.filter((run) => run.attempt < run.maxRetries).map((run) => run.content);
    assert.that('ARC-5', dropped.length > 0, {
      rule: 'a middleware that asks for a format retry must get one while attempt < maxRetries',
      observed: `agent:reply:before ran for ${JSON.stringify(seen)}`,
    });
    const handed = outbound(h, 's1')
      .filter((message) => message.kind !== 'notice')
      .map((message) => message.content);
    assert.deepEqual(
      'ARC-5',
      handed.filter((content) => dropped.includes(content)),
      [],
      {
        rule: 'in a room the versions format retries dropped are persisted but never sent, also once the retries are used up',
        subject: `the dropped versions (${dropped.join(', ')}) among the messages handed to the platform`,
      },
    );
  },
});

/**
 * [ABT-1] A stop meets format retries used up: `abort` stops the running turn and its outcome is
 * `aborted`. A middleware here rejects every version; while the agent writes what the last one
 * left (the dropped version, or a reply it sends after all) on a slow store, the turn is stopped.
 * The turn may end replied with its reply stored (the write was under way, [OUT-1]) or aborted,
 * never silent. The mistake this tells apart reports a turn with no reply left as silent before
 * it looks at the stop.
 */
const stopAfterLastRetryIsAborted = defineCase({
  requirements: ['ABT-1'],
  name: 'a stop while the last version of used-up format retries is written ends the turn aborted, not silent',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const slow = createGate();
    let last = false;
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      payload.retry = { feedback: 'conformance feedback: still the wrong format' };
      if (payload.attempt >= payload.maxRetries && !last) {
        last = true;
        // What the agent writes next: the last dropped version, or the reply it sends after all.
        h.archive.holdNext('append', slow);
        h.tick();
      }
      await next();
    });
    h.model.script(Array.from({ length: 8 }, (_, index) => ({ text: `version ${index + 1}` })));
    const input = sendHuman(context, 's1', 'question');
    await h.until(() => last, 'agent:reply:before of the last format retry');
    await h.settle();
    const stopped = context.agent.abort('s1');
    await h.settle();
    slow.open();
    await input.done;
    await h.settle();
    assert.equal('ABT-1', stopped, true, {
      rule: 'abort must stop the running turn and return true: a turn writing what its last format retry left is still running',
      subject: 'what abort returned',
    });
    const after = assert.defined('ABT-1', turns(h, 's1')[0]?.after, {
      rule: 'a stopped turn must run agent:turn:after',
      subject: 'agent:turn:after',
    });
    const stored = storedReplies(h, 's1').some((message) => message.id === after.reply?.id);
    assert.that('ABT-1', after.outcome === 'aborted' || (after.outcome === 'replied' && stored), {
      rule: 'a turn stopped by abort must end with outcome "aborted" (or replied, its reply already being written), also when its format retries were used up',
      observed: `the turn ended ${after.outcome}${after.outcome === 'replied' ? ' without its reply stored' : ''}`,
    });
  },
});

/** A stop meeting format retries used up ([ABT-1]). */
export const ABT_ROOMS_MEET_RETRIES_CASES = [stopAfterLastRetryIsAborted];

/** What a room hands out when the final reply repeats said text or the retries are used up ([ARC-5]). */
export const ARC_ROOMS_MEET_RETRIES_CASES = [
  roomRepeatOfSaidTextHandedOut,
  roomExhaustedRetriesSendNoDroppedVersion,
];
