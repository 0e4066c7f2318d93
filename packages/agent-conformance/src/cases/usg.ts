import { TOKEN_BUDGET_BUCKETS, type TokenUsageEvent } from '@aalis/api-agent';
import type { MessageDraft } from '@aalis/api-message-archive';
import { WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import type { Harness } from '../harness/harness';
import type { ModelCallRecord } from '../harness/model-call-record';
import {
  callContains,
  filler,
  holdTurn,
  retryFirstReply,
  secondInputDuringToolCall,
  sendHuman,
  session,
  snapshotOf,
  turns,
  usageOf,
} from './scenario';

const SMALL_MODEL = { contextWindow: 2048, maxOutputTokens: 256 } as const;

/** The marker that starts the content of seeded message `index`. */
function seedMarker(index: number): string {
  return `[seed-${String(index).padStart(2, '0')}]`;
}

/**
 * Seeds `count` messages of about `tokens` tokens: user and assistant in turn, and with
 * `toolGroups` every fourth pair an assistant tool call with its result.
 */
function seedHistory(
  h: Harness,
  sessionId: string,
  options: { readonly count: number; readonly tokens: number; readonly toolGroups?: boolean },
): MessageDraft[] {
  const drafts: MessageDraft[] = [];
  for (let index = 0; drafts.length < options.count; index += 1) {
    const content = `${seedMarker(drafts.length)} ${filler(`w${index}x`, options.tokens)}`;
    if (options.toolGroups === true && index % 4 === 1) {
      const id = `seed-call-${index}`;
      drafts.push({
        role: 'assistant',
        content: `${seedMarker(drafts.length)} calling`,
        toolCalls: [{ id, name: 'lookup', arguments: '{}' }],
      });
      drafts.push({
        role: 'tool',
        content: `${seedMarker(drafts.length)} ${filler(`r${index}x`, options.tokens)}`,
        toolCallId: id,
      });
      continue;
    }
    drafts.push({ role: index % 2 === 0 ? 'user' : 'assistant', content });
  }
  h.archive.seed(sessionId, drafts);
  return drafts;
}

/** The indices of the last assistant message with tool calls and of its results. */
function latestToolCallGroup(drafts: readonly MessageDraft[]): Set<number> {
  const start = drafts.findLastIndex((draft) => (draft.toolCalls?.length ?? 0) > 0);
  const indices = new Set<number>();
  if (start < 0) return indices;
  indices.add(start);
  for (let index = start + 1; drafts[index]?.role === 'tool'; index += 1) indices.add(index);
  return indices;
}

function usageOfOnlyTurn(h: Harness, sessionId: string, requirement: string): TokenUsageEvent[] {
  const turnId = assert.defined(requirement, turns(h, sessionId)[0]?.turnId, {
    rule: 'every input must open a turn',
    subject: 'the turn id',
  });
  return usageOf(h, { turnId });
}

const usagePerCall = defineCase({
  requirements: ['USG-1'],
  name: 'one token:usage follows every model call, format retries included',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    retryFirstReply(h, 'use the agreed format');
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'draft' }, { text: 'final' }]);
    await sendHuman(context, 's1', 'question').done;
    const turnId = assert.defined('USG-1', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id',
    });
    const events = h.events
      .of('token:usage')
      .filter((event) => event.payload.turnId === turnId && !event.payload.snapshot);
    assert.equal('USG-1', h.model.requests.length, 3, {
      rule: 'the turn must make one model call per step: the tool call, the draft and the format retry (3 here)',
      subject: 'the number of model calls',
    });
    assert.equal('USG-1', events.length, 3, {
      rule: 'exactly one token:usage must follow every model call, format retries included',
      subject: 'the number of token:usage events of the turn',
    });
    h.model.requests.forEach((call, index) => {
      const next = h.model.requests[index + 1]?.seq ?? Number.POSITIVE_INFINITY;
      const seq = events[index]!.seq;
      assert.that('USG-1', seq > (call.endSeq ?? 0) && seq < next, {
        rule: 'exactly one token:usage must follow every model call, format retries included',
        observed: `token:usage ${index + 1} was not emitted between the end of model call ${index + 1} and the start of the next`,
      });
    });
  },
});

const noUsageForThrow = defineCase({
  requirements: ['USG-1'],
  name: 'a model call that threw reports no token:usage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { throws: 'the second call fails' }]);
    await sendHuman(context, 's1', 'question').done;
    const usage = usageOfOnlyTurn(h, 's1', 'USG-1');
    assert.equal('USG-1', usage.length, 1, {
      rule: 'a model call that threw must report no token:usage',
      subject: 'the token:usage events of a turn whose second model call threw',
    });
  },
});

/**
 * [USG-1] 「调用抛错的那次不发」 holds for a call that had streamed part of its answer before it
 * failed: it threw, so no `token:usage` follows it. The near miss reports a call once its stream
 * began ("the prompt was sent and read").
 */
const noUsageForStreamThatFailed = defineCase({
  requirements: ['USG-1'],
  name: 'a model call that streamed part of its answer and then threw reports no token:usage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ deltas: ['the beginning of an answer'], throws: 'the stream broke off' }]);
    await sendHuman(context, 's1', 'question').done;
    const turnId = assert.defined('USG-1', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id',
    });
    assert.equal('USG-1', usageOf(h, { turnId }).length, 0, {
      rule: 'a model call that threw must report no token:usage, also one that had streamed part of its answer',
      subject: 'the token:usage events of a turn whose only call streamed, then threw',
    });
  },
});

const usedFigures = defineCase({
  requirements: ['USG-2'],
  name: 'used is the reported prompt tokens when positive, else an estimate, and usageRatio is used over the window',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }], usage: { promptTokens: 777, completionTokens: 5 } },
      { toolCalls: [{ name: 'lookup' }], usage: { promptTokens: 0 } },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const usage = usageOfOnlyTurn(h, 's1', 'USG-2');
    assert.equal('USG-2', usage.length, 3, {
      rule: 'exactly one token:usage must follow every model call',
      subject: 'the number of token:usage events',
    });
    assert.equal('USG-2', usage[0]!.used, 777, {
      rule: "used must be the call's usage.promptTokens when it is a positive finite number",
      subject: 'used for a call that reported 777 prompt tokens',
    });
    for (const event of usage.slice(1)) {
      assert.that('USG-2', Number.isFinite(event.used) && event.used > 0, {
        rule: 'used must be an estimate from the sent messages and tools when the call reports no usable figures',
        observed: `used was ${event.used}`,
      });
    }
    const window = h.model.capabilitiesOf()!.contextWindow;
    for (const event of usage) {
      assert.equal('USG-2', event.contextWindow, window, {
        rule: "token:usage must carry the model's context window",
        subject: 'the context window of token:usage',
      });
      const expected = event.used / event.contextWindow;
      assert.that('USG-2', Math.abs(event.usageRatio - expected) < 1e-9, {
        rule: 'usageRatio must be used / contextWindow',
        observed: `usageRatio was ${event.usageRatio}, expected ${expected}`,
      });
    }
  },
});

const usedPerCall = defineCase({
  requirements: ['USG-2'],
  name: 'used is the input of the one call the event follows, not a total of the turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    const reported = [300, 500, 400];
    h.model.script([
      { toolCalls: [{ name: 'lookup' }], usage: { promptTokens: reported[0]! } },
      { toolCalls: [{ name: 'lookup' }], usage: { promptTokens: reported[1]! } },
      { text: 'done', usage: { promptTokens: reported[2]! } },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const usage = usageOfOnlyTurn(h, 's1', 'USG-2');
    assert.deepEqual(
      'USG-2',
      usage.map((event) => event.used),
      reported,
      {
        rule: "used must be the prompt tokens of the one call the event follows, not a sum over the turn's calls",
        subject: 'used of the three calls of the turn',
      },
    );
  },
});

/** The messages of `call` after its last user message. */
function afterLastUserMessage(call: ModelCallRecord) {
  const start = call.messages.findLastIndex((message) => message.role === 'user');
  return call.messages.slice(start + 1);
}

// The zh text: later calls append to the list of the turn's first call; what they append is
// the assistant's tool calls, then their results in call order.
const laterCallsAppendGroup = defineCase({
  requirements: ['USG-3'],
  name: 'the call after tool calls appends the assistant’s tool calls, then their results in call order',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.tools.define({ name: 'fetch' });
    h.model.script([
      {
        toolCalls: [
          { name: 'lookup', id: 'call-a' },
          { name: 'fetch', id: 'call-b' },
        ],
      },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const second = assert.defined('USG-3', h.model.requests[1], {
      rule: 'the turn must call the model again after its tool calls',
      subject: 'the second model call',
    });
    const appended = afterLastUserMessage(second).map((message) => ({
      role: message.role,
      calls: message.toolCalls?.map((call) => call.id),
      answers: message.toolCallId,
    }));
    assert.deepEqual(
      'USG-3',
      appended,
      [
        { role: 'assistant', calls: ['call-a', 'call-b'], answers: undefined },
        { role: 'tool', calls: undefined, answers: 'call-a' },
        { role: 'tool', calls: undefined, answers: 'call-b' },
      ],
      {
        rule: "a later call of the turn must append to the earlier call's list the assistant message with the tool calls, then each result in call order",
        subject: 'the messages the second call sent after the input',
      },
    );
  },
});

// The zh text: later calls append to the list of the turn's first call, a call that failed
// before executing included: it has a tool result too ([ARC-2]).
const laterCallsAppendFailedResults = defineCase({
  requirements: ['USG-3'],
  name: 'the call after tool calls appends a result for each call, calls that failed before executing included',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.tools.define({ name: 'guarded' });
    h.hooks.middleware('agent:tool:before', async (payload, next) => {
      if (payload.name !== 'guarded') await next();
    });
    const ids = ['call-unknown', 'call-unparsable', 'call-blocked'];
    h.model.script([
      {
        toolCalls: [
          { name: 'missing_tool', id: ids[0] },
          { name: 'lookup', id: ids[1], arguments: '{not json' },
          { name: 'guarded', id: ids[2] },
        ],
      },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const second = assert.defined('USG-3', h.model.requests[1], {
      rule: 'the turn must call the model again after its tool calls, failed ones too',
      subject: 'the second model call',
    });
    const appended = afterLastUserMessage(second).map((message) => ({
      role: message.role,
      answers: message.toolCallId,
    }));
    assert.deepEqual(
      'USG-3',
      appended,
      [{ role: 'assistant', answers: undefined }, ...ids.map((id) => ({ role: 'tool', answers: id }))],
      {
        rule: 'a later call of the turn must append the assistant message with the tool calls, then a tool result for each call in call order, calls that failed before executing included',
        subject: 'the messages the second call sent after the input',
      },
    );
  },
});

// The zh text counts conversation messages appended to the session's history: the feedback of
// a format retry is no such message. (The dropped version is persisted, [ARC-5]; whether it
// counts is left open here.)
const historyCountWithoutRetryFeedback = defineCase({
  requirements: ['USG-5'],
  name: 'historyMessages of a format retry’s call does not count the retry’s feedback',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    retryFirstReply(h, 'conformance feedback: use the format');
    h.model.script([{ text: 'first draft' }, { text: 'second draft' }]);
    await sendHuman(context, 's1', 'question').done;
    const usage = usageOfOnlyTurn(h, 's1', 'USG-5');
    const [first, retry] = usage.map((event) => event.historyMessages);
    assert.that('USG-5', first !== undefined && retry !== undefined && retry - first <= 1, {
      rule: 'historyMessages counts history messages only: the feedback of a format retry is not one (at most the persisted dropped version adds one)',
      observed: `historyMessages went from ${String(first)} on the first call to ${String(retry)} on the retry`,
    });
  },
});

async function trimmedTurn(context: Parameters<typeof usagePerCall.run>[0]) {
  const h = context.harness;
  session(h, 's1', { settings: { historyLimit: 0 } });
  seedHistory(h, 's1', { count: 40, tokens: 400 });
  h.tools.define({ name: 'lookup', fallback: { result: 'short result' } });
  h.model.script([
    { toolCalls: [{ name: 'lookup' }] },
    { toolCalls: [{ name: 'lookup' }] },
    { text: 'done' },
  ]);
  await sendHuman(context, 's1', 'question').done;
  return usageOfOnlyTurn(h, 's1', 'USG-3');
}

const trimmedSticky = defineCase({
  requirements: ['USG-3'],
  name: 'trimmed stays true for the rest of the turn once a call was trimmed',
  harness: { model: SMALL_MODEL },
  run: async (context) => {
    const usage = await trimmedTurn(context);
    assert.that('USG-3', usage.length >= 2, {
      rule: 'exactly one token:usage must follow every model call',
      observed: `${usage.length} token:usage events for at least 2 model calls`,
    });
    assert.equal('USG-3', usage[0]!.trimmed, true, {
      rule: 'trimmed must be true for a call whose history was cut',
      subject: 'trimmed of the first call over a history far beyond the window',
    });
    for (const [index, event] of usage.entries()) {
      assert.equal('USG-3', event.trimmed, true, {
        rule: 'once a call of the turn was trimmed, trimmed must stay true for every later call of the turn',
        subject: `trimmed of model call ${index + 1}`,
      });
    }
  },
});

const trimmedAfterFittingCall = defineCase({
  requirements: ['USG-3'],
  name: 'trimmed stays true for a later call that fits, once an earlier call of the turn was over the budget',
  harness: { model: SMALL_MODEL },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 0 } });
    let builds = 0;
    // Over the whole window on its first build only, so only the first call is over the budget.
    h.contribute({
      localId: 'bulky-once',
      bucket: 'systemOther',
      label: 'Bulky once',
      build: () => {
        builds += 1;
        return builds === 1 ? 'note '.repeat(3_000) : 'short note';
      },
    });
    h.tools.define({ name: 'lookup', fallback: { result: 'short result' } });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const usage = usageOfOnlyTurn(h, 's1', 'USG-3');
    assert.that('USG-3', usage.length >= 2, {
      rule: 'exactly one token:usage must follow every model call',
      observed: `${usage.length} token:usage events for at least 2 model calls`,
    });
    assert.equal('USG-3', usage[0]!.trimmed, true, {
      rule: 'trimmed must be true for a call whose assembled estimate exceeds tokenBudget',
      subject: 'trimmed of the first call, whose prompt is over the budget',
    });
    const last = usage.at(-1)!;
    assert.that('USG-3', last.used <= last.tokenBudget, {
      rule: 'contributions are built before every model call (PRM-1), so the later, smaller prompt must fit the budget',
      observed: `the last call used ${last.used} of a budget of ${last.tokenBudget}`,
    });
    assert.equal('USG-3', last.trimmed, true, {
      rule: 'once a call of the turn was over the budget, trimmed must stay true for every later call of the turn',
      subject: 'trimmed of the later call that fits',
    });
  },
});

const untrimmedFalse = defineCase({
  requirements: ['USG-3'],
  name: 'trimmed is false for a turn whose calls fit the budget',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'short question').done;
    const usage = usageOfOnlyTurn(h, 's1', 'USG-3');
    for (const [index, event] of usage.entries()) {
      assert.equal('USG-3', event.trimmed, false, {
        rule: 'trimmed must be false while every call of the turn fits the budget',
        subject: `trimmed of model call ${index + 1}`,
      });
    }
  },
});

const untrimmedHistory = defineCase({
  requirements: ['USG-4'],
  name: 'untrimmedHistory counts the whole history while the breakdown counts the sent list',
  harness: { model: SMALL_MODEL },
  run: async (context) => {
    const usage = await trimmedTurn(context);
    const first = assert.defined('USG-4', usage[0], {
      rule: 'every model call must be followed by token:usage',
      subject: 'the token:usage of the first call',
    });
    const sent = first.breakdown.history + first.breakdown.toolResults;
    assert.that('USG-4', first.untrimmedHistory > sent, {
      rule: 'untrimmedHistory must count the untrimmed history, not the sent list',
      observed: `untrimmedHistory was ${first.untrimmedHistory}, not above the sent history (${sent})`,
    });
    assert.that('USG-4', first.untrimmedHistory > first.contextWindow, {
      rule: 'untrimmedHistory must count the untrimmed history, not the sent list',
      observed: `untrimmedHistory was ${first.untrimmedHistory}, within the window although the history is far beyond it`,
    });
    assert.that('USG-4', first.breakdown.history < first.contextWindow, {
      rule: 'breakdown.history must count the sent list',
      observed: `breakdown.history was ${first.breakdown.history}, beyond the window`,
    });
  },
});

const historyCount = defineCase({
  requirements: ['USG-5'],
  name: 'historyMessages counts the active history at turn start and what the turn appended, control kinds excluded',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 2 } });
    h.archive.seed('s1', [
      { role: 'user', content: 'old question 1' },
      { role: 'assistant', content: 'old answer 1' },
      { role: 'system', content: '', kind: WellKnownKinds.EventMarker },
      { role: 'user', content: 'old question 2' },
      { role: 'system', content: 'The previous turn was stopped.', kind: WellKnownKinds.TurnStopped },
      { role: 'assistant', content: 'old answer 2' },
    ]);
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const usage = usageOfOnlyTurn(h, 's1', 'USG-5');
    assert.equal('USG-5', usage[0]?.historyMessages, 5, {
      rule: 'historyMessages must be the active history count at turn start, opening inputs included',
      subject: 'historyMessages of the first call (4 seeded + the input)',
    });
    assert.equal('USG-5', usage[1]?.historyMessages, 7, {
      rule: 'historyMessages must add the tool calls and tool results appended so far',
      subject: 'historyMessages after one tool call and its result',
    });
  },
});

const historyCountWithJoined = defineCase({
  requirements: ['USG-5'],
  name: 'historyMessages counts an input that joined the turn like an appended tool result',
  run: async (context) => {
    const h = context.harness;
    await secondInputDuringToolCall(context, 'first question', 'second question');
    assert.equal('USG-5', turns(h, 's1').length, 1, {
      rule: 'a human input during a human turn must join that turn (SCH-2)',
      subject: 'the number of turns',
    });
    const usage = usageOfOnlyTurn(h, 's1', 'USG-5');
    assert.equal('USG-5', usage.length, 2, {
      rule: 'exactly one token:usage must follow every model call',
      subject: 'the token:usage events of the turn',
    });
    assert.equal('USG-5', usage[1]!.historyMessages - usage[0]!.historyMessages, 3, {
      rule: 'historyMessages must add the tool call, its result and the joined input appended since the first call',
      subject: 'the growth of historyMessages from the first to the second call',
    });
  },
});

const snapshotCount = defineCase({
  requirements: ['USG-5'],
  name: 'a usage snapshot gives the active history count',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.archive.seed('s1', [
      { role: 'user', content: 'old question' },
      { role: 'system', content: '', kind: WellKnownKinds.EventMarker },
      { role: 'assistant', content: 'old answer' },
    ]);
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    await h.events.emit('token:request', { sessionIds: ['s1'] });
    await h.settle();
    const snapshot = h.events
      .of('token:usage')
      .find((event) => event.payload.snapshot && event.payload.sessionId === 's1');
    const found = assert.defined('USG-5', snapshot, {
      rule: 'token:request must be answered with a snapshot per session',
      subject: 'the snapshot of s1',
    });
    const count = await assert
      .defined('USG-5', h.services.memory, {
        rule: 'the harness provides a memory in this case',
        subject: 'the memory',
      })
      .countHistory('s1');
    assert.equal('USG-5', found.payload.historyMessages, count, {
      rule: 'a usage snapshot must give the active history count',
      subject: 'historyMessages of the snapshot',
    });
  },
});

const historyLimit = defineCase({
  requirements: ['USG-6'],
  name: 'historyLimit is the session’s history count limit',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 3 } });
    session(h, 's2', { settings: { historyLimit: 0 } });
    h.model.script([{ text: 'one' }, { text: 'two' }]);
    await sendHuman(context, 's1', 'question').done;
    await sendHuman(context, 's2', 'question').done;
    for (const [sessionId, limit] of [
      ['s1', 3],
      ['s2', 0],
    ] as const) {
      const usage = usageOf(h, { sessionId });
      assert.that('USG-6', usage.length > 0, {
        rule: 'every model call must be followed by token:usage',
        observed: `no token:usage was emitted for ${sessionId}`,
      });
      for (const event of usage)
        assert.equal('USG-6', event.historyLimit, limit, {
          rule: "historyLimit must be the session's history count limit (0 = none)",
          subject: `historyLimit of ${sessionId}`,
        });
    }
  },
});

const breakdownAndParts = defineCase({
  requirements: ['USG-7'],
  name: 'breakdown has the twelve buckets and parts lists the same figures without the reply reserve',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.contribute(
      { localId: 'note', bucket: 'skills', label: 'Skills', build: () => 'You can juggle.' },
      { plugin: 'conformance-prompt' },
    );
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const usage = assert.defined('USG-7', usageOf(h, { sessionId: 's1' })[0], {
      rule: 'every model call must be followed by token:usage',
      subject: 'the token:usage event',
    });
    assert.deepEqual('USG-7', Object.keys(usage.breakdown).sort(), [...TOKEN_BUDGET_BUCKETS].sort(), {
      rule: 'breakdown must have exactly the 12 fixed buckets',
      subject: 'the breakdown buckets',
    });
    for (const bucket of TOKEN_BUDGET_BUCKETS) {
      const value = usage.breakdown[bucket];
      assert.that('USG-7', Number.isFinite(value) && value >= 0, {
        rule: 'every bucket of breakdown must be a token count',
        observed: `breakdown.${bucket} was ${value}`,
      });
    }
    assert.that('USG-7', usage.parts.length <= TOKEN_BUDGET_BUCKETS.length - 1, {
      rule: 'parts must list the buckets without reservedForReply (at most 11)',
      observed: `parts had ${usage.parts.length} entries`,
    });
    for (const part of usage.parts) {
      const label = part.label as unknown;
      const labelled =
        typeof label === 'string' ||
        (typeof label === 'object' && label !== null && typeof (label as { key?: unknown }).key === 'string');
      assert.that('USG-7', labelled, {
        rule: 'every part must have a display label (string or TextRef)',
        observed: `a part had the label ${JSON.stringify(label)}`,
      });
      for (const figure of Object.values(part.injectors ?? {})) {
        assert.that('USG-7', Number.isFinite(figure), {
          rule: 'per-injector figures of parts must be numbers',
          observed: `an injector figure was ${figure}`,
        });
      }
    }
    const partsTotal = usage.parts.reduce((sum, part) => sum + part.tokens, 0);
    const bucketsTotal = TOKEN_BUDGET_BUCKETS.filter((bucket) => bucket !== 'reservedForReply').reduce(
      (sum, bucket) => sum + usage.breakdown[bucket],
      0,
    );
    assert.equal('USG-7', partsTotal, bucketsTotal, {
      rule: 'parts must list the same figures as breakdown',
      subject: 'the sum of parts (the breakdown without reservedForReply)',
    });
  },
});

const snapshots = defineCase({
  requirements: ['USG-8'],
  name: 'token:request is answered per session without a model call, with dry-run contributions',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const probe = h.contribute(
      { localId: 'probe', bucket: 'systemOther', label: 'Probe', build: () => 'Probe text.' },
      { plugin: 'conformance-prompt' },
    );
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const calls = h.model.requests.length;
    const views = probe.views.length;
    await h.events.emit('token:request', { sessionIds: ['s1'] });
    await h.settle();
    const answers = h.events.of('token:usage').filter((event) => event.payload.snapshot === true);
    assert.equal('USG-8', answers.filter((event) => event.payload.sessionId === 's1').length, 1, {
      rule: 'token:request must be answered with one snapshot per session',
      subject: 'the snapshots of s1',
    });
    for (const event of answers)
      assert.equal('USG-8', event.payload.turnId, undefined, {
        rule: 'usage snapshots must carry no turn id',
        subject: 'the turn id of a snapshot',
      });
    assert.equal('USG-8', h.model.requests.length, calls, {
      rule: 'answering token:request must make no model call',
      subject: 'the model calls made for token:request',
    });
    const built = probe.views.slice(views);
    assert.that('USG-8', built.length > 0, {
      rule: 'answering token:request must build the prompt contributions',
      observed: 'no contribution was built for the snapshot',
    });
    for (const view of built) {
      assert.equal('USG-8', view.dryRun, true, {
        rule: 'contributions built for a snapshot must get dryRun true',
        subject: 'dryRun of a build for a snapshot',
      });
      assert.equal('USG-8', view.inputs.length, 0, {
        rule: 'contributions built for a snapshot must get empty inputs',
        subject: 'the inputs of a build for a snapshot',
      });
    }
  },
});

/** Checks that a model call sends every tool result with its tool call and back ([USG-9]). */
function assertGroupsWhole(call: ModelCallRecord): void {
  for (const message of call.messages) {
    if (message.role === 'tool') {
      const paired = call.messages.some((other) =>
        other.toolCalls?.some((asked) => asked.id === message.toolCallId),
      );
      assert.that('USG-9', paired, {
        rule: 'hard trimming must cut at message-group boundaries: a tool result goes with its tool call',
        observed: `tool result ${message.toolCallId} was sent without its tool call`,
      });
    }
    for (const asked of message.toolCalls ?? []) {
      const answered = call.messages.some((other) => other.role === 'tool' && other.toolCallId === asked.id);
      assert.that('USG-9', answered, {
        rule: 'hard trimming must cut at message-group boundaries: a tool result goes with its tool call',
        observed: `tool call ${asked.id} was sent without its result`,
      });
    }
  }
}

/** Checks that the call after the tool keeps the turn's own tool-call group ([USG-9]). */
function assertLatestGroupKept(h: Harness): void {
  const second = assert.defined('USG-9', h.model.requests[1], {
    rule: 'the turn must call the model again after the tool',
    subject: 'the second model call',
  });
  const group = second.messages.some((message) =>
    message.toolCalls?.some((call) => call.id === 'current-call'),
  );
  const result = second.messages.some(
    (message) => message.role === 'tool' && message.toolCallId === 'current-call',
  );
  assert.that('USG-9', group && result, {
    rule: 'hard trimming must never drop the latest tool-call group',
    observed: 'the latest tool-call group was missing from the next call',
  });
}

const snapshotCountsHistoryAndTools = defineCase({
  requirements: ['USG-8'],
  name: 'a snapshot counts the session’s history and the tools its next model call would be offered',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    seedHistory(h, 's1', { count: 4, tokens: 50 });
    h.tools.define({ name: 'lookup' });
    const snapshot = await snapshotOf(h, 's1');
    assert.that('USG-8', snapshot.breakdown.history > 0, {
      rule: 'a snapshot must estimate the message list the session would send now, its history included',
      observed: `breakdown.history of a session with 4 messages of history was ${snapshot.breakdown.history}`,
    });
    assert.that('USG-8', snapshot.breakdown.toolDefs > 0, {
      rule: 'a snapshot must estimate the request the session would send now, the offered tools included',
      observed: `breakdown.toolDefs with one tool offered was ${snapshot.breakdown.toolDefs}`,
    });
  },
});

const snapshotKeepsCountLimit = defineCase({
  requirements: ['USG-8', 'SET-2'],
  name: 'a snapshot counts only the history within the session’s history count limit',
  run: async (context) => {
    const h = context.harness;
    session(h, 'limited', { settings: { historyLimit: 2 } });
    session(h, 'unlimited', { settings: { historyLimit: 0 } });
    for (const sessionId of ['limited', 'unlimited']) seedHistory(h, sessionId, { count: 8, tokens: 60 });
    const limited = await snapshotOf(h, 'limited');
    const unlimited = await snapshotOf(h, 'unlimited');
    assert.that('USG-8', limited.breakdown.history < unlimited.breakdown.history, {
      rule: 'a snapshot must estimate the message list the session would send now: only the history within its count limit',
      observed: `breakdown.history was ${limited.breakdown.history} with a limit of 2 messages, ${unlimited.breakdown.history} without a limit, over the same 8 messages`,
    });
  },
});

const hardTrimming = defineCase({
  requirements: ['USG-9'],
  name: 'hard trimming drops the oldest history at group boundaries and keeps prompt, inputs and the latest group',
  harness: { model: SMALL_MODEL },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 0 } });
    h.contribute({
      localId: 'rules',
      bucket: 'system',
      label: 'Rules',
      build: () => 'SYSTEM PROBE: be brief.',
    });
    const seeded = seedHistory(h, 's1', { count: 30, tokens: 300, toolGroups: true });
    h.tools.define({ name: 'lookup', fallback: { result: 'fresh result' } });
    h.model.script([{ toolCalls: [{ name: 'lookup', id: 'current-call' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'current question').done;
    const first = assert.defined('USG-9', h.model.requests[0], {
      rule: 'the turn must call the model',
      subject: 'the first model call',
    });
    assert.that('USG-9', callContains(first, 'SYSTEM PROBE'), {
      rule: 'hard trimming must never drop the system prompt',
      observed: 'the system prompt was dropped',
    });
    assert.that('USG-9', callContains(first, 'current question'), {
      rule: 'hard trimming must never drop the current inputs',
      observed: 'the current input was dropped',
    });
    // The latest tool-call group of the history is never dropped, wherever it stands.
    const latestGroup = latestToolCallGroup(seeded);
    const kept = seeded
      .map((_draft, index) => ({ index, sent: callContains(first, seedMarker(index)) }))
      .filter((entry) => !latestGroup.has(entry.index));
    const firstKept = kept.findIndex((entry) => entry.sent);
    assert.that('USG-9', kept[0]?.sent === false, {
      rule: 'hard trimming must drop the oldest history first when history exceeds its allowance',
      observed: 'the oldest history was sent',
    });
    const suffix = firstKept >= 0 && kept.slice(firstKept).every((entry) => entry.sent);
    const shape = JSON.stringify(kept.map((entry) => entry.sent));
    assert.that('USG-9', suffix, {
      rule: 'hard trimming must drop the oldest history first when history exceeds its allowance',
      observed: `the history sent was not the newest part only: ${shape}`,
    });
    assertGroupsWhole(first);
    assertLatestGroupKept(h);
  },
});

// A joined input is one of the turn's current inputs: trimming keeps it even when it alone
// is larger than the history's allowance, which an oldest-first cut would otherwise reach.
const hardTrimmingKeepsJoined = defineCase({
  requirements: ['USG-9'],
  name: 'hard trimming never drops an input that joined the turn, however large',
  harness: { model: SMALL_MODEL },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 0 } });
    seedHistory(h, 's1', { count: 10, tokens: 300 });
    const gate = createGate();
    const lookup = h.tools.define({
      name: 'lookup',
      steps: [{ waitFor: gate, result: 'short result' }, { result: 'late result' }],
    });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }] },
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'done' },
    ]);
    const first = sendHuman(context, 's1', 'first question');
    await lookup.started(0);
    const joined = sendHuman(context, 's1', `JOINED PROBE ${filler('joined', 3000)}`);
    await h.settle();
    gate.open();
    await Promise.all([first.done, joined.done]);
    const last = assert.defined('USG-9', h.model.requests[2], {
      rule: 'the turn must call the model again after each tool call',
      subject: 'the third model call',
    });
    assert.that('USG-9', callContains(last, 'JOINED PROBE'), {
      rule: 'hard trimming must never drop the current inputs, inputs that joined the turn included',
      observed: 'the input that joined the turn was dropped from the next model call',
    });
  },
});

// The turn's earlier tool-call groups are history like any other (they count in
// historyMessages, [USG-5]); only the latest one is never dropped.
const hardTrimmingDropsEarlierGroup = defineCase({
  requirements: ['USG-9'],
  name: 'hard trimming drops the turn’s own earlier tool-call group once a later one follows',
  harness: { model: SMALL_MODEL },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 0 } });
    h.tools.define({
      name: 'lookup',
      steps: [{ result: `EARLY RESULT ${filler('early', 3000)}` }, { result: 'LATE RESULT' }],
    });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }] },
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const third = assert.defined('USG-9', h.model.requests[2], {
      rule: 'the turn must call the model after each of its tool calls',
      subject: 'the third model call',
    });
    assert.that('USG-9', callContains(third, 'LATE RESULT'), {
      rule: 'hard trimming must never drop the latest tool-call group',
      observed: 'the latest tool-call group was missing from the next call',
    });
    assert.that('USG-9', !callContains(third, 'EARLY RESULT'), {
      rule: "hard trimming must drop the oldest history, the turn's earlier tool-call groups included, when history exceeds its allowance",
      observed: 'an earlier tool-call group larger than the whole history allowance was still sent',
    });
    assertGroupsWhole(third);
  },
});

/**
 * [USG-8]: `token:request` without session ids asks for every session with state: each
 * session that had a turn gets its snapshot.
 */
const snapshotsOfEverySession = defineCase({
  requirements: ['USG-8'],
  name: 'token:request without session ids is answered with a snapshot of every session that had a turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    h.model.script([{ text: 'answer one' }, { text: 'answer two' }]);
    await sendHuman(context, 's1', 'question one').done;
    await sendHuman(context, 's2', 'question two').done;
    const calls = h.model.requests.length;
    await h.events.emit('token:request', {});
    await h.settle();
    for (const sessionId of ['s1', 's2']) {
      const found = h.events
        .of('token:usage')
        .some((event) => event.payload.snapshot === true && event.payload.sessionId === sessionId);
      assert.that('USG-8', found, {
        rule: 'token:request without session ids must be answered with a snapshot of every session with state',
        observed: `no snapshot of ${sessionId}, which had a turn`,
      });
    }
    assert.equal('USG-8', h.model.requests.length, calls, {
      rule: 'answering token:request must make no model call',
      subject: 'the model calls made for token:request',
    });
  },
});

/**
 * [USG-5] A tool round appends one assistant message holding all its calls and one result per
 * call: a group of two calls adds three messages. The near miss counts two per call (a call
 * and its result), which only a group of several calls tells apart.
 */
const historyCountsGroupOfTwo = defineCase({
  requirements: ['USG-5'],
  name: 'historyMessages counts a group of two tool calls as one assistant message and two results',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'alpha' });
    h.tools.define({ name: 'beta' });
    h.model.script([{ toolCalls: [{ name: 'alpha' }, { name: 'beta' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const [first, second] = usageOfOnlyTurn(h, 's1', 'USG-5').map((event) => event.historyMessages);
    assert.that('USG-5', first !== undefined && second !== undefined && second - first === 3, {
      rule: 'historyMessages must add the messages appended: one assistant message with both calls and one result per call',
      observed: `historyMessages went from ${String(first)} to ${String(second)} over a group of two calls`,
    });
  },
});

/**
 * [USG-3] A near miss of counting: an agent that counts the conversation again on each call
 * (instead of once, then what was appended) sees its history grow call by call and trims a
 * history that fits. Two probe turns measure the agent's own figures (what one seeded message
 * and the fixed part cost), so the history is sized to about 60% of what is left of the budget
 * whatever tokenizer the agent uses.
 */
const fittingHistoryKept = defineCase({
  requirements: ['USG-3'],
  name: 'a history that fits the budget is sent whole on every call of a tool loop, and trimmed stays false',
  harness: { model: SMALL_MODEL },
  run: async (context) => {
    const h = context.harness;
    const seeded = 4;
    h.tools.define({ name: 'lookup', fallback: { result: 'short result' } });
    session(h, 'empty', { settings: { historyLimit: 0 } });
    session(h, 'probe', { settings: { historyLimit: 0 } });
    seedHistory(h, 'probe', { count: seeded, tokens: 40 });
    h.model.script([{ text: 'probed' }, { text: 'probed' }]);
    await sendHuman(context, 'empty', 'question').done;
    await sendHuman(context, 'probe', 'question').done;
    const [empty] = usageOfOnlyTurn(h, 'empty', 'USG-3');
    const [probe] = usageOfOnlyTurn(h, 'probe', 'USG-3');
    const perMessage = ((probe?.used ?? 0) - (empty?.used ?? 0)) / seeded;
    const free = (empty?.tokenBudget ?? 0) - (empty?.used ?? 0);
    const count = Math.floor((0.6 * free) / perMessage);
    assert.that('USG-3', perMessage > 0 && count >= 2, {
      rule: 'used must grow with the history sent (USG-2)',
      observed: `a seeded message cost ${perMessage} tokens of ${free} left in the budget`,
    });
    session(h, 's1', { settings: { historyLimit: 0 } });
    seedHistory(h, 's1', { count, tokens: 40 });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }] },
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const usage = usageOfOnlyTurn(h, 's1', 'USG-3');
    for (const [index, event] of usage.entries()) {
      assert.equal('USG-3', event.trimmed, false, {
        rule: 'trimmed must be false while every call of the turn fits the budget: the history is counted once, not again on each call',
        subject: `trimmed of model call ${index + 1}, whose history fills about 60% of the budget`,
      });
    }
    for (const [index, call] of h.model.requests.slice(-3).entries()) {
      const missing = Array.from({ length: count }, (_, seed) => seedMarker(seed)).filter(
        (marker) => !callContains(call, marker),
      );
      assert.deepEqual('USG-3', missing, [], {
        rule: 'a history that fits the budget must be sent whole on every call of the turn',
        subject: `the seeded history messages missing from model call ${index + 1}`,
      });
    }
  },
});

/**
 * [USG-1] A call cut short by the turn's abort rejects: it is a call that threw, so no
 * `token:usage` follows it. The near miss reports the aborted call's estimated prompt anyway
 * ("it was sent and billed").
 */
const noUsageForAbortedCall = defineCase({
  requirements: ['USG-1'],
  name: 'a model call cut short by an abort reports no token:usage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'question', untilAborted: true });
    context.agent.abort('s1');
    await held.input.done;
    const turnId = assert.defined('USG-1', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id',
    });
    assert.equal('USG-1', usageOf(h, { turnId }).length, 0, {
      rule: 'a model call that threw, as one cut short by an abort does, must be followed by no token:usage',
      subject: 'the token:usage events of a turn whose only call was aborted',
    });
  },
});

/**
 * [USG-2] When the call reports no usable figure, `used` is estimated from the sent messages
 * and the tool definitions: the same prompt offered a large tool estimates higher. The near
 * miss estimates the messages alone.
 */
const estimateCountsToolDefinitions = defineCase({
  requirements: ['USG-2'],
  name: 'an estimated used counts the tool definitions the call offered',
  run: async (context) => {
    const h = context.harness;
    session(h, 'without-tools');
    session(h, 'with-tools');
    h.model.script([{ text: 'answer' }, { text: 'answer' }]);
    await sendHuman(context, 'without-tools', 'the same question').done;
    h.tools.define({ name: 'catalog', description: filler('catalogue', 2000) });
    await sendHuman(context, 'with-tools', 'the same question').done;
    const used = (sessionId: string) =>
      assert.defined('USG-2', usageOf(h, { sessionId })[0], {
        rule: 'every model call must be followed by token:usage',
        subject: `the token:usage of ${sessionId}`,
      }).used;
    const [without, withTools] = [used('without-tools'), used('with-tools')];
    assert.that('USG-2', withTools - without >= 1000, {
      rule: 'used must be estimated from the sent messages and the tool definitions when the call reports no usage',
      observed: `used was ${withTools} with a tool definition of about 2,000 tokens and ${without} for the same messages without it`,
    });
  },
});

/**
 * [USG-5] `historyMessages` keeps adding what the turn appended, call after call: every tool
 * round adds its call and its result. The near miss counts only the latest round, which is
 * right up to the second call.
 */
const historyCountRunningTotal = defineCase({
  requirements: ['USG-5'],
  name: 'historyMessages adds every tool round of the turn so far, not only the latest',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    const round = { toolCalls: [{ name: 'lookup' }] };
    h.model.script([round, round, round, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const figures = usageOfOnlyTurn(h, 's1', 'USG-5').map((event) => event.historyMessages);
    const growth = figures.slice(1).map((figure, index) => figure - figures[index]!);
    assert.deepEqual('USG-5', growth, [2, 2, 2], {
      rule: 'historyMessages must add every tool call and tool result the turn appended up to this call',
      subject: `the growth of historyMessages from call to call (figures ${figures.join(', ')})`,
    });
  },
});

/**
 * [USG-4] `untrimmedHistory` is the figure of each call's own untrimmed list: after a tool
 * round it grows by what the round appended. The near miss keeps the first call's figure.
 */
const untrimmedGrowsWithToolResults = defineCase({
  requirements: ['USG-4'],
  name: 'untrimmedHistory of the call after a tool round counts that round’s result',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup', fallback: { result: filler('result', 2000) } });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const figures = usageOfOnlyTurn(h, 's1', 'USG-4').map((event) => event.untrimmedHistory);
    assert.that('USG-4', figures.length === 2 && figures[1]! - figures[0]! >= 1000, {
      rule: "untrimmedHistory must count each call's untrimmed history and tool results, the tool round just appended included",
      observed: `untrimmedHistory was ${figures.join(' then ')} around a tool result of about 2,000 tokens`,
    });
  },
});

/**
 * [USG-9] An assistant message with several tool calls and all its results are one group: the
 * latest one keeps every result, however large. The near miss groups only the first result with
 * its call, so a later result of the same message is history of its own and is dropped.
 */
const hardTrimmingKeepsEveryResult = defineCase({
  requirements: ['USG-9'],
  name: 'hard trimming keeps every result of the latest tool-call message with several calls',
  harness: { model: SMALL_MODEL },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 0 } });
    const drafts: MessageDraft[] = Array.from({ length: 6 }, (_unused, index) => ({
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `${seedMarker(index)} ${filler(`w${index}x`, 300)}`,
    }));
    const calls = ['pair-a', 'pair-b'];
    drafts.push({
      role: 'assistant',
      content: `${seedMarker(drafts.length)} calling twice`,
      toolCalls: calls.map((id) => ({ id, name: 'lookup', arguments: '{}' })),
    });
    for (const id of calls)
      drafts.push({ role: 'tool', content: `RESULT ${id} ${filler(`${id}x`, 1000)}`, toolCallId: id });
    h.archive.seed('s1', drafts);
    h.model.script([{ text: 'done' }]);
    await sendHuman(context, 's1', 'current question').done;
    const first = assert.defined('USG-9', h.model.requests[0], {
      rule: 'the turn must call the model',
      subject: 'the first model call',
    });
    assert.that('USG-9', !callContains(first, seedMarker(0)), {
      rule: 'hard trimming must drop the oldest history when history exceeds its allowance',
      observed: 'the oldest history was sent with a history of about 4,000 tokens in a 2,048-token window',
    });
    for (const id of calls)
      assert.that('USG-9', callContains(first, `RESULT ${id}`), {
        rule: 'hard trimming must never drop the latest tool-call group: every result of its tool-call message',
        observed: `the result of ${id} was dropped, the other result of the same message kept`,
      });
    assertGroupsWhole(first);
  },
});

/** The tokens of a usage event outside history and tool results: what the request holds besides. */
function fixedTokens(usage: TokenUsageEvent): number {
  return TOKEN_BUDGET_BUCKETS.filter(
    (bucket) => !['history', 'toolResults', 'reservedForReply'].includes(bucket),
  ).reduce((sum, bucket) => sum + usage.breakdown[bucket], 0);
}

/** Nominal tokens of each seeded message of the allowance case: small, so the gap holds several. */
const GAP_MESSAGE_TOKENS = 100;

/**
 * [USG-9] History is trimmed as soon as it exceeds its own allowance, although the whole
 * request would still fit the model's context window (「整份请求放得下时也丢」): the room kept
 * for the reply is not history's. A probe turn measures what a seeded message costs in the
 * agent's own estimate; the case then seeds a history between the allowance and the window.
 * The near miss trims only what would not fit the window.
 */
const hardTrimmingBeforeTheWindow = defineCase({
  requirements: ['USG-9'],
  name: 'hard trimming drops history past its allowance although the whole request would fit the context window',
  harness: { model: { contextWindow: 8192, maxOutputTokens: 4096 } },
  run: async (context) => {
    const h = context.harness;
    const probed = 4;
    session(h, 'probe', { settings: { historyLimit: 0 } });
    seedHistory(h, 'probe', { count: probed, tokens: GAP_MESSAGE_TOKENS });
    h.model.script([{ text: 'probed' }, { text: 'done' }]);
    await sendHuman(context, 'probe', 'probe question').done;
    const probe = assert.defined('USG-9', usageOf(h, { sessionId: 'probe' })[0], {
      rule: 'every model call must be followed by token:usage (USG-1)',
      subject: 'the usage of the probe turn',
    });
    const perMessage = probe.untrimmedHistory / probed;
    const fixed = fixedTokens(probe);
    const allowance = probe.tokenBudget - fixed;
    const room = probe.contextWindow - fixed;
    // No gap of several messages between the allowance and the window: nothing to tell apart.
    if (!(perMessage > 0) || room - allowance < 4 * perMessage) return;
    const count = Math.round((allowance + room) / 2 / perMessage);
    session(h, 's1', { settings: { historyLimit: 0 } });
    seedHistory(h, 's1', { count, tokens: GAP_MESSAGE_TOKENS });
    await sendHuman(context, 's1', 'current question').done;
    const [usage] = usageOfOnlyTurn(h, 's1', 'USG-9');
    const first = assert.defined('USG-9', h.model.requests.at(-1), {
      rule: 'the turn must call the model',
      subject: 'the model call of s1',
    });
    if (usage === undefined || usage.untrimmedHistory <= allowance) return;
    assert.that('USG-9', !callContains(first, seedMarker(0)), {
      rule: 'hard trimming must drop the oldest history once history exceeds its allowance, even if the whole request would fit the context window',
      observed: `the oldest history was sent: ${usage.untrimmedHistory} tokens of history for an allowance of about ${allowance} (budget ${usage.tokenBudget}, window ${usage.contextWindow})`,
    });
  },
});

/** The cases of the USG family ([USG-1]..[USG-9]). */
export const USG_CASES = [
  fittingHistoryKept,
  usagePerCall,
  noUsageForThrow,
  noUsageForStreamThatFailed,
  usedFigures,
  usedPerCall,
  laterCallsAppendGroup,
  trimmedSticky,
  trimmedAfterFittingCall,
  untrimmedFalse,
  untrimmedHistory,
  historyCount,
  historyCountWithJoined,
  snapshotCount,
  historyLimit,
  breakdownAndParts,
  snapshots,
  snapshotCountsHistoryAndTools,
  snapshotKeepsCountLimit,
  hardTrimming,
  hardTrimmingKeepsJoined,
  hardTrimmingDropsEarlierGroup,
  laterCallsAppendFailedResults,
  historyCountWithoutRetryFeedback,
  snapshotsOfEverySession,
  noUsageForAbortedCall,
  estimateCountsToolDefinitions,
  historyCountRunningTotal,
  untrimmedGrowsWithToolResults,
  historyCountsGroupOfTwo,
  hardTrimmingKeepsEveryResult,
  hardTrimmingBeforeTheWindow,
];
