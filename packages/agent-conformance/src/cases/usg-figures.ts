import type { TokenUsageEvent } from '@aalis/api-agent';
import type { MessageDraft } from '@aalis/api-message-archive';
import { isControlKind, WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import type { Harness } from '../harness/harness';
import { filler, sendHuman, session, snapshotOf, turns, usageOf } from './scenario';

/** The first `token:usage` of a session's model calls, which the case needs. */
function firstUsage(h: Harness, sessionId: string, requirement: string): TokenUsageEvent {
  return assert.defined(requirement, usageOf(h, { sessionId })[0], {
    rule: 'every model call must be followed by token:usage (USG-1)',
    subject: `the token:usage of ${sessionId}`,
  });
}

/**
 * [USG-2] `used` is the call's input tokens, `usage.promptTokens` (「used取模型服务返回的这次调用
 * 的输入 token(ChatResponse.usage.promptTokens)」), also when the service reports a total too.
 * The near miss takes `totalTokens` (prompt plus completion) when there is one.
 */
const usedIgnoresTotal = defineCase({
  requirements: ['USG-2'],
  name: 'used is the reported prompt tokens, not the reported total of prompt and completion',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([
      { text: 'answer', usage: { promptTokens: 640, completionTokens: 30, totalTokens: 670 } },
    ]);
    await sendHuman(context, 's1', 'question').done;
    assert.equal('USG-2', firstUsage(h, 's1', 'USG-2').used, 640, {
      rule: "used must be the call's usage.promptTokens (its input), not usage.totalTokens",
      subject: 'used for a call that reported 640 prompt, 30 completion and 670 total tokens',
    });
  },
});

/**
 * [USG-1] `token:usage` is the input of one model call (「token:usage 是一次模型调用的输入用量。
 * 实现者在每次调用模型之后发一次」): a call that an `agent:llm:before` middleware held back
 * (it did not call `next`) was not made, so nothing is reported for it. What the agent does
 * next is open (end the turn, or call after all); the case only asks for no more events than
 * calls the model received (that each call has one, the other [USG-1] cases check). The near
 * miss reports the assembled request of the blocked call.
 */
const noUsageForBlockedCall = defineCase({
  requirements: ['USG-1'],
  name: 'a model call held back by agent:llm:before is followed by no token:usage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let blocked = false;
    h.hooks.middleware('agent:llm:before', async (_payload, next) => {
      if (!blocked) {
        blocked = true;
        return;
      }
      await next();
    });
    // Used only by an agent that calls the model after all.
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const turnId = assert.defined('USG-1', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id',
    });
    const usage = usageOf(h, { turnId }).length;
    const calls = h.model.requests.length;
    assert.that('USG-1', usage <= calls, {
      rule: 'token:usage reports the input of a model call made: none for a call agent:llm:before held back',
      observed: `${usage} token:usage event(s) for ${calls} model call(s) of a turn whose first agent:llm:before did not call next`,
    });
  },
});

/**
 * [USG-1] The call was made and answered, so it is reported, also when the turn is stopped right
 * after it: 「调用抛错的那次不发」 leaves out only a call that threw. The case stops the turn while
 * an `agent:llm:after` middleware holds the answered call. The near miss drops every event of a
 * stopped turn, the usage of a call already answered included.
 */
const usageOfAnsweredCallOfStoppedTurn = defineCase({
  requirements: ['USG-1'],
  name: 'a model call answered before its turn was stopped is followed by its token:usage',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const answered = createGate();
    const release = createGate();
    h.hooks.middleware('agent:llm:after', async (_payload, next) => {
      answered.open();
      h.tick();
      await release.opened;
      await next();
    });
    h.model.script([{ text: 'answered, then stopped' }]);
    const input = sendHuman(context, 's1', 'question');
    await h.until(() => answered.isOpen, 'agent:llm:after of the answered call');
    context.agent.abort('s1');
    release.open();
    await input.done;
    await h.settle();
    const turnId = assert.defined('USG-1', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id',
    });
    assert.equal('USG-1', usageOf(h, { turnId }).length, h.model.requests.length, {
      rule: 'every model call that did not throw must be followed by one token:usage, also when its turn was stopped right after it',
      subject: 'the token:usage events of a turn stopped while agent:llm:after ran for its one answered call',
    });
  },
});

/**
 * [USG-7] The bucket `toolResults` holds the tool results' tokens, `history` the conversation's:
 * after a tool returned a long result and the question was one word, the call that sends the
 * result counts more under `toolResults` than under `history`. The near miss counts tool
 * results as history (their sum, and so every total, stays the same).
 */
const toolResultsInTheirBucket = defineCase({
  requirements: ['USG-7'],
  name: 'the tokens of a long tool result count under toolResults, not history',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup', fallback: { result: filler('result', 1000) } });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const second = assert.defined('USG-7', usageOf(h, { sessionId: 's1' })[1], {
      rule: 'every model call must be followed by token:usage (USG-1)',
      subject: 'the token:usage of the call that sends the tool result',
    });
    const { toolResults, history } = second.breakdown;
    assert.that('USG-7', toolResults > history, {
      rule: "breakdown.toolResults must hold the tool results' tokens, breakdown.history the conversation's",
      observed: `after a one-word question and a tool result of about 1,000 tokens, breakdown.toolResults was ${toolResults} and breakdown.history ${history}`,
    });
  },
});

/** The first `used` of s1 after one turn that asks the model once. */
async function firstUsed(context: CaseContext, requirement: string): Promise<number> {
  const h = context.harness;
  h.model.script([{ text: 'answer' }]);
  await sendHuman(context, 's1', 'question').done;
  return firstUsage(h, 's1', requirement).used;
}

/** Tool parameters of about 2,000 tokens: twenty string fields with long descriptions. */
function bulkyParameters() {
  const properties = Object.fromEntries(
    Array.from({ length: 20 }, (_, index) => [
      `field${index}`,
      { type: 'string', description: filler(`parameter${index}x`, 100) },
    ]),
  );
  return { type: 'object' as const, properties };
}

/**
 * [USG-2] An estimated `used` counts the tool definitions sent, their parameters included
 * (「按发出的消息与工具定义估算」). The near miss counts a tool by its name and description only.
 */
const estimateCountsToolParameters = defineCase({
  requirements: ['USG-2'],
  name: 'an estimated used counts the parameters of the tools offered',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup', description: 'Looks something up.', parameters: bulkyParameters() });
    const used = await firstUsed(context, 'USG-2');
    assert.that('USG-2', used >= 1000, {
      rule: 'used must be estimated from the sent messages and tool definitions, their parameters included, when the call reports no usage',
      observed: `used was ${used} for a one-word question and a tool whose parameters take about 2,000 tokens`,
    });
  },
});

/**
 * [USG-2] The estimate counts the tool definitions as sent: a definition that an
 * `agent:llm:before` middleware replaced by another of the same name is counted as it now is.
 * The near miss remembers a tool's figure by its name, so the second turn's call keeps the
 * figure of the small definition the first one sent.
 */
const estimateCountsReplacedTool = defineCase({
  requirements: ['USG-2'],
  name: 'an estimated used counts a tool definition agent:llm:before replaced by another of the same name',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup', description: 'Looks something up.' });
    let turn = 0;
    h.hooks.middleware('agent:turn:before', async (_payload, next) => {
      turn += 1;
      await next();
    });
    h.hooks.middleware('agent:llm:before', async (payload, next) => {
      if (turn === 2)
        payload.tools = payload.tools.map((tool) => ({ ...tool, parameters: bulkyParameters() }));
      await next();
    });
    await firstUsed(context, 'USG-2');
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const used = usageOf(h, { sessionId: 's1' })[1]?.used ?? 0;
    assert.that('USG-2', used >= 1000, {
      rule: 'used must be estimated from the tool definitions as sent, a definition agent:llm:before replaced included, when the call reports no usage',
      observed: `used was ${used} for a call whose tool a middleware replaced by one of the same name with parameters of about 2,000 tokens`,
    });
  },
});

/**
 * [USG-2] The estimate is of the messages as sent: an `agent:llm:before` middleware that
 * rewrites a message in place (「中间件可以改 messages」) changes what is counted. The near miss
 * keeps a figure remembered for the message object without looking at its content again.
 */
const estimateCountsRewrittenContent = defineCase({
  requirements: ['USG-2'],
  name: 'an estimated used counts a message as agent:llm:before rewrote it in place',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:llm:before', async (payload, next) => {
      const last = payload.messages.at(-1);
      // In place: the same message object, its content grown.
      if (last !== undefined && typeof last.content === 'string')
        (last as { content: string }).content = `${last.content} ${filler('rewritten', 2000)}`;
      await next();
    });
    const used = await firstUsed(context, 'USG-2');
    assert.that('USG-2', used >= 1000, {
      rule: 'used must be estimated from the messages as sent, after agent:llm:before rewrote them, when the call reports no usage',
      observed: `used was ${used} for a call whose last message a middleware grew by about 2,000 tokens in place`,
    });
  },
});

/** One unit of the bulky contribution: the same word throughout, so its cost grows linearly. */
const BULK_UNIT = 'bulk ';

/** Units of the probe's bulky contribution, to learn what the agent counts for one. */
const PROBE_UNITS = 1000;

/** What the probe turns measured, and the bulky contribution's text for each session. */
interface BulkProbe {
  /** The first usage of a turn with no bulk. */
  readonly empty: TokenUsageEvent;
  /** What one unit of bulk costs in the agent's own estimate. */
  readonly perUnit: number;
  /** Tokens between the budget and the context window. */
  readonly gap: number;
  readonly bulk: Map<string, string>;
}

/**
 * Contributes a bulky system block (its text per session in `bulk`) and runs two probe turns,
 * without and with `PROBE_UNITS` units of it, in sessions with no history limit, beside `s1`.
 * `undefined` when there is no room between the budget and the window to tell anything apart.
 */
async function probeBulk(context: CaseContext): Promise<BulkProbe | undefined> {
  const h = context.harness;
  const bulk = new Map<string, string>([['probe', BULK_UNIT.repeat(PROBE_UNITS)]]);
  h.contribute({
    localId: 'bulk',
    bucket: 'systemOther',
    label: 'Bulk',
    build: (view) => bulk.get(view.sessionId) ?? '',
  });
  for (const id of ['empty', 'probe', 's1']) session(h, id, { settings: { historyLimit: 0 } });
  h.model.script([{ text: 'probed' }, { text: 'probed' }]);
  await sendHuman(context, 'empty', 'question').done;
  await sendHuman(context, 'probe', 'question').done;
  const empty = firstUsage(h, 'empty', 'USG-3');
  const perUnit = (firstUsage(h, 'probe', 'USG-3').used - empty.used) / PROBE_UNITS;
  const gap = empty.contextWindow - empty.tokenBudget;
  if (!(perUnit > 0) || gap < 200 * perUnit || empty.used >= empty.tokenBudget) return undefined;
  return { empty, perUnit, gap, bulk };
}

/**
 * [USG-3] `trimmed` is true once a call's assembled estimate exceeds `tokenBudget`, whether or
 * not anything was cut (「这次或之前某次调用组装后的估算超过了tokenBudget(不一定真裁掉了内容)」).
 * A system contribution, which hard trimming never drops, is sized between the budget and the
 * context window with no history to cut; two probe turns measure what the contribution and
 * the rest cost in the agent's own estimate. When the estimate of what was sent is over the
 * budget, so is the assembled one. The near miss compares the estimate with the context window.
 */
const trimmedOverBudgetWithinWindow = defineCase({
  requirements: ['USG-3'],
  name: 'trimmed is true for a call whose estimate is over the budget but within the window, with nothing to cut',
  harness: { model: { contextWindow: 8192, maxOutputTokens: 4096 } },
  run: async (context) => {
    const h = context.harness;
    const probe = await probeBulk(context);
    if (probe === undefined) return;
    const { empty, perUnit, gap, bulk } = probe;
    const target = empty.tokenBudget + gap / 2;
    bulk.set('s1', BULK_UNIT.repeat(Math.round((target - empty.used) / perUnit)));
    h.model.script([{ text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const usage = firstUsage(h, 's1', 'USG-3');
    if (usage.used <= usage.tokenBudget) return;
    assert.equal('USG-3', usage.trimmed, true, {
      rule: 'trimmed must be true for a call whose assembled estimate exceeds tokenBudget, even when nothing was cut and the request fits the context window',
      subject: `trimmed of a call estimated at ${usage.used} tokens (budget ${usage.tokenBudget}, window ${usage.contextWindow})`,
    });
  },
});

/**
 * [USG-3] `trimmed` is true "from the first call of the turn whose assembled estimate exceeded
 * tokenBudget" (「这次或之前某次调用组装后的估算超过了tokenBudget」): also when that call is not the
 * turn's first. The turn's first call is small; two tool results then bring its second call
 * between the budget and the window (sized from a probe turn, as in the case above). The near
 * miss settles the turn's flag at its first call and keeps it for every later one.
 */
const trimmedFromLaterCall = defineCase({
  requirements: ['USG-3'],
  name: 'trimmed turns true at a later call of the turn when it is the first whose estimate is over the budget',
  harness: { model: { contextWindow: 4096, maxOutputTokens: 2048 } },
  run: async (context) => {
    const h = context.harness;
    const probe = await probeBulk(context);
    if (probe === undefined) return;
    const { empty, perUnit, gap } = probe;
    const half = BULK_UNIT.repeat(Math.round((empty.tokenBudget + gap / 2 - empty.used) / perUnit / 2));
    h.tools.define({ name: 'fetch', steps: [{ result: half }, { result: half }] });
    h.model.script([{ toolCalls: [{ name: 'fetch' }, { name: 'fetch' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const [first, second] = usageOf(h, { sessionId: 's1' });
    // An agent that cut the tool results short sent nothing over the budget: nothing to tell apart.
    if (first === undefined || second === undefined || first.used > first.tokenBudget) return;
    if (second.used <= second.tokenBudget) return;
    assert.equal('USG-3', second.trimmed, true, {
      rule: 'trimmed must be true from the first call of the turn whose assembled estimate exceeds tokenBudget, also when that is a later call of the turn',
      subject: `trimmed of the second call, estimated at ${second.used} tokens (budget ${second.tokenBudget}; the first call ${first.used})`,
    });
  },
});

/** A history with a stop marker and an event marker among its conversation messages. */
const HISTORY_WITH_MARKERS: readonly MessageDraft[] = [
  { role: 'user', content: 'old question 1' },
  { role: 'assistant', content: 'old answer 1' },
  { role: 'user', content: 'old question 2' },
  { role: 'system', content: 'The previous turn was stopped.', kind: WellKnownKinds.TurnStopped },
  { role: 'system', content: '', kind: WellKnownKinds.EventMarker },
  { role: 'user', content: 'old question 3' },
  { role: 'assistant', content: 'old answer 3' },
];

/**
 * [USG-5] A snapshot's `historyMessages` is the active history count (「快照只有活跃历史条数」),
 * counted as `countHistory` counts: conversation messages only, control kinds such as stop
 * markers and event markers left out (「只数对话消息,事件标记(CONTROL_KINDS)不算」). The
 * near miss gives the length of the history it loaded for the estimate, stop marker included.
 */
const snapshotCountLeavesOutMarkers = defineCase({
  requirements: ['USG-5'],
  name: 'a usage snapshot’s historyMessages leaves out stop markers and event markers',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.archive.seed('s1', HISTORY_WITH_MARKERS);
    const expected = HISTORY_WITH_MARKERS.filter((draft) => !isControlKind(draft.kind)).length;
    const snapshot = await snapshotOf(h, 's1');
    assert.equal('USG-5', snapshot.historyMessages, expected, {
      rule: 'a usage snapshot must give the active history count, conversation messages only: stop markers and event markers are not counted',
      subject: `historyMessages of the snapshot of ${expected} conversation messages, a stop marker and an event marker`,
    });
  },
});

/**
 * [USG-5] with the history count limit ([SET-2]): the limit decides what is sent, not what
 * is counted; a snapshot still gives the whole active history count. The near miss counts the
 * history it loaded within the limit.
 */
const snapshotCountBeyondLimit = defineCase({
  requirements: ['USG-5', 'SET-2'],
  name: 'a usage snapshot’s historyMessages counts the active history beyond the history count limit',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 2 } });
    const seeded = HISTORY_WITH_MARKERS.filter((draft) => !isControlKind(draft.kind));
    h.archive.seed('s1', seeded);
    const snapshot = await snapshotOf(h, 's1');
    assert.equal('USG-5', snapshot.historyMessages, seeded.length, {
      rule: 'a usage snapshot must give the active history count, the part beyond the history count limit included',
      subject: `historyMessages of the snapshot of ${seeded.length} messages with a history count limit of 2`,
    });
  },
});

/**
 * [USG-2] An estimated `used` counts everything sent (「按发出的消息与工具定义估算」), the
 * arguments of the assistant's tool calls included: after a tool call with about 2,000 tokens of
 * arguments the call estimates higher than after the same call with a short argument. The near
 * miss counts a message's text and leaves its tool calls out.
 */
const estimateCountsToolCallArguments = defineCase({
  requirements: ['USG-2'],
  name: 'an estimated used counts the arguments of the tool calls the call sends back',
  run: async (context) => {
    const h = context.harness;
    h.tools.define({ name: 'lookup', fallback: { result: 'the same result' } });
    const secondUsed = async (sessionId: string, query: string): Promise<number> => {
      session(h, sessionId);
      h.model.script([{ toolCalls: [{ name: 'lookup', arguments: { query } }] }, { text: 'done' }]);
      await sendHuman(context, sessionId, 'the same question').done;
      return assert.defined('USG-2', usageOf(h, { sessionId })[1], {
        rule: 'every model call must be followed by token:usage',
        subject: `the token:usage of the call after the tool call in ${sessionId}`,
      }).used;
    };
    const short = await secondUsed('short-arguments', 'sky');
    const long = await secondUsed('long-arguments', filler('argument', 2000));
    assert.that('USG-2', long - short >= 1000, {
      rule: 'used must be estimated from the sent messages, the tool calls they carry included, when the call reports no usage',
      observed: `used was ${long} after a tool call with about 2,000 tokens of arguments and ${short} after the same call with a one-word argument`,
    });
  },
});

/** More cases of the USG family: the figures of one event against their definitions. */
/**
 * [USG-2] `used` is what the model service returned for the call (「used取模型服务返回的这次调用的
 * 输入 token(ChatResponse.usage.promptTokens)」), also when an `agent:llm:after` middleware
 * replaces the response the turn goes on with (the payload's `response` may be replaced). The
 * near miss reads the usage of the response as the middleware left it.
 */
const usedFromServiceNotReplacement = defineCase({
  requirements: ['USG-2'],
  name: 'used is the prompt tokens the model service reported, also when agent:llm:after replaced the response',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:llm:after', async (payload, next) => {
      payload.response = { content: 'a reworded answer', toolCalls: [] };
      await next();
    });
    h.model.script([{ text: 'answer', usage: { promptTokens: 4321, completionTokens: 7 } }]);
    await sendHuman(context, 's1', 'question').done;
    assert.equal('USG-2', firstUsage(h, 's1', 'USG-2').used, 4321, {
      rule: 'used must be the prompt tokens the model service returned for the call, whatever agent:llm:after made of the response',
      subject: 'used for a call that reported 4321 prompt tokens, whose response a middleware replaced',
    });
  },
});

/**
 * [USG-3] `trimmed` says the turn went through hard trimming: an estimate over the budget, or
 * history over its allowance with a part dropped. The session's history count limit is a
 * setting, not trimming: a turn whose calls fit the budget is not trimmed although the history
 * is longer than the limit. The near miss marks every call trimmed that the count limit cut.
 */
const countLimitIsNotTrimming = defineCase({
  requirements: ['USG-3'],
  name: 'trimmed is false for calls that fit the budget although the history count limit left history out',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 2 } });
    h.archive.seed(
      's1',
      Array.from(
        { length: 6 },
        (_, index): MessageDraft =>
          index % 2 === 0
            ? { role: 'user', content: `old question ${index}` }
            : { role: 'assistant', content: `old answer ${index}` },
      ),
    );
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'short question').done;
    assert.equal('USG-3', firstUsage(h, 's1', 'USG-3').trimmed, false, {
      rule: 'trimmed must be false while the calls fit the budget: the history count limit is no hard trimming',
      subject: 'trimmed of a call within the budget, six messages of history and a count limit of 2',
    });
  },
});

export const USG_FIGURES_CASES = [
  usedFromServiceNotReplacement,
  countLimitIsNotTrimming,
  usedIgnoresTotal,
  noUsageForBlockedCall,
  usageOfAnsweredCallOfStoppedTurn,
  toolResultsInTheirBucket,
  estimateCountsToolParameters,
  estimateCountsRewrittenContent,
  estimateCountsReplacedTool,
  trimmedOverBudgetWithinWindow,
  trimmedFromLaterCall,
  snapshotCountLeavesOutMarkers,
  snapshotCountBeyondLimit,
  estimateCountsToolCallArguments,
];
