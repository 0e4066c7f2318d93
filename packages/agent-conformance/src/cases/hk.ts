import { AGENT_HOOK_KEYS, type AgentTurnAfterPayload } from '@aalis/api-agent';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { repeatedCallCase } from './repeated-call';
import {
  callContains,
  contents,
  EXIT_PATHS,
  endMarkers,
  incomingWrites,
  retryFirstReply,
  runEveryExitPath,
  SCHEDULER_SOURCE,
  secondInputDuringToolCall,
  sendHuman,
  sendInjection,
  session,
  storedWith,
  turns,
} from './scenario';

const inputBefore = defineCase({
  requirements: ['HK-1'],
  name: 'agent:input:before runs once per input with the message, before its turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'one' }, { text: 'two' }]);
    await sendHuman(context, 's1', 'first').done;
    await sendHuman(context, 's1', 'second').done;
    const runs = h.hooks.of('agent:input:before');
    assert.deepEqual(
      'HK-1',
      runs.map((run) => run.payload.message.content),
      ['first', 'second'],
      {
        rule: 'agent:input:before must run once per input, with its message',
        subject: 'the messages of the agent:input:before runs',
      },
    );
    turns(h, 's1').forEach((turn, index) => {
      assert.that('HK-1', runs[index]!.seq < turn.before.seq, {
        rule: "agent:input:before must run before the input's turn starts",
        observed: `agent:input:before of input ${index + 1} ran after its turn started`,
      });
    });
  },
});

const inputRewrite = defineCase({
  requirements: ['HK-1'],
  name: 'an agent:input:before middleware may rewrite the message before next',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      payload.message.content = `${payload.message.content} [hooked]`;
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.that('HK-1', callContains(h.model.requests[0]!, 'question [hooked]'), {
      rule: 'a rewrite of the message by an agent:input:before middleware before next() must reach the model',
      observed: 'the model saw the original input, not "question [hooked]"',
    });
  },
});

const turnBeforePayload = defineCase({
  requirements: ['HK-2'],
  name: 'agent:turn:before carries turn id, session and inputs, unarchived and not yet in history before next',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let seen:
      | { turnId: unknown; sessionId: unknown; inputs: string[]; archived: unknown[]; history: string[] }
      | undefined;
    h.hooks.middleware('agent:turn:before', async (payload, next) => {
      const history = (await h.services.memory?.history('s1')) ?? [];
      seen = {
        turnId: payload.turnId,
        sessionId: payload.sessionId,
        inputs: contents(payload.inputs),
        archived: payload.inputs.map((input) => input.archived),
        history: history.map((message) => message.content),
      };
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const at = assert.defined('HK-2', seen, {
      rule: 'agent:turn:before must run',
      subject: 'what the agent:turn:before middleware saw',
    });
    assert.that('HK-2', typeof at.turnId === 'string' && at.turnId.length > 0, {
      rule: 'agent:turn:before must carry the turn id',
      observed: `the turn id was ${String(at.turnId)}`,
    });
    assert.equal('HK-2', at.sessionId, 's1', {
      rule: 'agent:turn:before must carry the session id',
      subject: 'the session of agent:turn:before',
    });
    assert.deepEqual('HK-2', at.inputs, ['question'], {
      rule: "agent:turn:before must carry the turn's inputs",
      subject: 'the inputs of agent:turn:before',
    });
    assert.deepEqual('HK-2', at.archived, [undefined], {
      rule: 'before next() of agent:turn:before the inputs must not be archived yet (TurnInput.archived unset)',
      subject: 'TurnInput.archived before next',
    });
    assert.that('HK-2', !at.history.some((content) => content.includes('question')), {
      rule: "before next() of agent:turn:before the history must not contain the turn's inputs",
      observed: 'the history before next() already contained the input',
    });
  },
});

const turnBeforeBlocked = defineCase({
  requirements: ['HK-2'],
  name: 'a turn blocked at agent:turn:before runs nothing, archives nothing and still ends the stream',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:turn:before', async () => undefined);
    await sendHuman(context, 's1', 'question').done;
    assert.equal('HK-2', h.model.requests.length, 0, {
      rule: 'a turn blocked at agent:turn:before (next not called) must make no model call',
      subject: 'the model calls of a blocked turn',
    });
    assert.equal('HK-2', h.archive.writes.length, 0, {
      rule: 'a turn blocked at agent:turn:before must archive nothing',
      subject: 'the archive writes of a blocked turn',
    });
    assert.equal('HK-2', h.hooks.of('agent:turn:after').length, 0, {
      rule: 'a turn blocked at agent:turn:before must not run agent:turn:after',
      subject: 'the agent:turn:after runs of a blocked turn',
    });
    const ends = endMarkers(h, 's1');
    assert.that('HK-2', ends.length > 0, {
      rule: 'a turn blocked at agent:turn:before must still emit the stream end marker',
      observed: 'no stream end marker was emitted for the blocked turn',
    });
  },
});

function llmBeforeCase(vision: boolean) {
  return defineCase({
    requirements: ['HK-3'],
    name: `agent:llm:before runs before every model call with messages, tools and acceptsImages ${vision} from the model`,
    harness: { model: { vision } },
    run: async (context) => {
      const h = context.harness;
      session(h, 's1');
      h.tools.define({ name: 'lookup' });
      h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
      const injected = vision;
      await (injected ? sendInjection(context, 's1', 'scheduled job') : sendHuman(context, 's1', 'question'))
        .done;
      const runs = h.hooks.of('agent:llm:before');
      assert.equal('HK-3', runs.length, h.model.requests.length, {
        rule: 'agent:llm:before must run before every model call',
        subject: 'the agent:llm:before runs per model call',
      });
      runs.forEach((run, index) => {
        const payload = run.payload;
        assert.that('HK-3', run.seq < h.model.requests[index]!.seq, {
          rule: 'agent:llm:before must run before every model call',
          observed: `agent:llm:before ${index + 1} ran after its model call started`,
        });
        assert.that('HK-3', Array.isArray(payload.messages) && Array.isArray(payload.tools), {
          rule: 'agent:llm:before must carry the messages and tools arrays',
          observed: "the payload's messages or tools was not an array",
        });
        assert.equal('HK-3', payload.sessionId, 's1', {
          rule: 'agent:llm:before must carry the session id',
          subject: 'the session of agent:llm:before',
        });
        assert.equal('HK-3', payload.acceptsImages, vision, {
          rule: "acceptsImages of agent:llm:before must be the model's registered vision capability",
          subject: 'acceptsImages of agent:llm:before',
        });
        assert.deepEqual('HK-3', payload.source, injected ? SCHEDULER_SOURCE : undefined, {
          rule: "the source of agent:llm:before must be the turn's input source",
          subject: 'the source of agent:llm:before',
        });
      });
      assert.equal('HK-3', h.tools.calls[0]?.context.acceptsImages, vision, {
        rule: 'acceptsImages of the ToolCallContext must equal that of agent:llm:before',
        subject: 'acceptsImages of the tool call context',
      });
    },
  });
}

const llmAfter = defineCase({
  requirements: ['HK-4'],
  name: 'agent:llm:after runs after every model call with the response and messages',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'the final text' }]);
    await sendHuman(context, 's1', 'question').done;
    const runs = h.hooks.of('agent:llm:after');
    assert.equal('HK-4', runs.length, 2, {
      rule: 'agent:llm:after must run after every model call',
      subject: 'the agent:llm:after runs',
    });
    runs.forEach((run, index) => {
      assert.that('HK-4', run.seq > (h.model.requests[index]!.endSeq ?? 0), {
        rule: 'agent:llm:after must run after every model call',
        observed: `agent:llm:after ${index + 1} ran before its model call ended`,
      });
      assert.that('HK-4', Array.isArray(run.payload.messages), {
        rule: 'agent:llm:after must carry the messages sent',
        observed: 'agent:llm:after carried no messages array',
      });
    });
    assert.equal('HK-4', runs[1]?.payload.response.content, 'the final text', {
      rule: "agent:llm:after must carry the model's response",
      subject: 'the response content of the second agent:llm:after',
    });
  },
});

const toolBefore = defineCase({
  requirements: ['HK-5'],
  name: 'agent:tool:before runs before every tool call with name, arguments and context',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({
      name: 'lookup',
      parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    });
    h.model.script([{ toolCalls: [{ name: 'lookup', arguments: { q: 'weather' } }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const run = assert.defined('HK-5', h.hooks.of('agent:tool:before')[0], {
      rule: 'agent:tool:before must run before every tool call',
      subject: 'the agent:tool:before run',
    });
    const call = assert.defined('HK-5', h.tools.calls[0], {
      rule: "the model's tool call must be executed",
      subject: 'the tool call',
    });
    assert.equal('HK-5', run.payload.name, 'lookup', {
      rule: "agent:tool:before must carry the tool's name",
      subject: 'the name in agent:tool:before',
    });
    assert.deepEqual(
      'HK-5',
      run.payload.args,
      { q: 'weather' },
      {
        rule: 'agent:tool:before must carry the parsed arguments',
        subject: 'the arguments in agent:tool:before',
      },
    );
    assert.equal('HK-5', run.payload.toolCallContext.callId, call.context.callId, {
      rule: 'agent:tool:before must carry the ToolCallContext of the call',
      subject: 'the call id in agent:tool:before',
    });
    assert.that('HK-5', run.seq < call.seq, {
      rule: 'agent:tool:before must run before the tool call',
      observed: 'agent:tool:before ran after the tool call started',
    });
  },
});

const toolAfter = defineCase({
  requirements: ['HK-6'],
  name: 'agent:tool:after may rewrite the result, which the model and the history then get',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup', fallback: { result: 'original result' } });
    let payloadSeen = false;
    h.hooks.middleware('agent:tool:after', async (payload, next) => {
      payloadSeen =
        payload.name === 'lookup' &&
        typeof payload.metadata === 'object' &&
        payload.toolCallContext !== undefined;
      payload.result = { content: 'rewritten result' };
      await next();
    });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.that('HK-6', payloadSeen, {
      rule: 'agent:tool:after must carry name, toolCallContext and metadata',
      observed: 'agent:tool:after lacked name, toolCallContext or metadata',
    });
    const next = assert.defined('HK-6', h.model.requests[1], {
      rule: 'the turn must call the model again after the tool',
      subject: 'the model call after the tool',
    });
    assert.that('HK-6', callContains(next, 'rewritten result') && !callContains(next, 'original result'), {
      rule: 'a result rewritten in agent:tool:after must be what the model gets',
      observed:
        'the next model call did not carry "rewritten result" alone (the original result, or neither)',
    });
    assert.that('HK-6', storedWith(h, 's1', 'rewritten result').length > 0, {
      rule: 'a result rewritten in agent:tool:after must be what the history gets',
      observed: '"rewritten result" was not persisted',
    });
  },
});

const replyBefore = defineCase({
  requirements: ['HK-7'],
  name: 'agent:reply:before runs before the reply and a middleware can ask for a format retry',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const contentsSeen: string[] = [];
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      contentsSeen.push(payload.content);
      if (payload.attempt === 0) payload.retry = { feedback: 'conformance feedback: use the format' };
      await next();
    });
    h.model.script([{ text: 'first draft' }, { text: 'second draft' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.deepEqual('HK-7', contentsSeen, ['first draft', 'second draft'], {
      rule: 'agent:reply:before must run before each reply, format retries included',
      subject: 'the contents agent:reply:before saw',
    });
    assert.equal('HK-7', h.model.requests.length, 2, {
      rule: 'a format retry asked in agent:reply:before must make one more model call',
      subject: 'the model calls with one format retry',
    });
    assert.that('HK-7', callContains(h.model.requests[1]!, 'conformance feedback'), {
      rule: "the retry's model call must carry the feedback of the format retry",
      observed: 'the retry call did not carry "conformance feedback"',
    });
    const reply = turns(h, 's1')[0]?.after?.reply;
    assert.that('HK-7', reply?.content.includes('second draft') === true, {
      rule: "after a format retry the retried reply must be the turn's reply",
      observed: `the turn's reply was ${String(reply?.content)}`,
    });
  },
});

const turnAfterPaths = defineCase({
  requirements: ['HK-8'],
  name: 'agent:turn:after reports each of the four outcomes with the same inputs array',
  run: async (context) => {
    const h = context.harness;
    await runEveryExitPath(context);
    for (const outcome of EXIT_PATHS) {
      const turn = assert.defined('HK-8', turns(h, outcome)[0], {
        rule: 'every input must open a turn',
        subject: `the turn ending ${outcome}`,
      });
      const after: AgentTurnAfterPayload = assert.defined('HK-8', turn.after, {
        rule: 'agent:turn:after must run on every exit path',
        subject: `agent:turn:after of the ${outcome} turn`,
      });
      assert.equal('HK-8', after.outcome, outcome, {
        rule: "agent:turn:after must carry the turn's outcome",
        subject: 'the outcome in agent:turn:after',
      });
      assert.equal('HK-8', after.inputs, turn.inputs, {
        rule: 'the inputs of agent:turn:after must be the same array as in agent:turn:before',
        subject: `the inputs array of the ${outcome} turn (same object as agent:turn:before)`,
      });
      assert.equal('HK-8', after.turnId, turn.turnId, {
        rule: 'agent:turn:after must carry the turn id',
        subject: 'the turn id in agent:turn:after',
      });
      assert.equal('HK-8', after.sessionId, outcome, {
        rule: 'agent:turn:after must carry the session id',
        subject: 'the session in agent:turn:after',
      });
      assert.equal('HK-8', after.reply !== undefined, outcome === 'replied', {
        rule: 'agent:turn:after must carry a reply exactly when the outcome is "replied"',
        subject: `whether the ${outcome} turn has a reply`,
      });
    }
  },
});

/**
 * [HK-8] agent:turn:after runs on all four exit paths for its subscribers to close up
 * (「四条退出路径都会触发,供生命周期订阅方收口」): a middleware registered on it is called for
 * every turn, a stopped one included. The near miss runs the hook of a stopped turn on the
 * turn's own signal, already aborted, so the run is there but reaches no middleware.
 */
const turnAfterMiddlewareReached = defineCase({
  requirements: ['HK-8'],
  name: 'a middleware of agent:turn:after is called on each of the four exit paths, a stopped turn included',
  run: async (context) => {
    const h = context.harness;
    const reached: string[] = [];
    h.hooks.middleware('agent:turn:after', async (payload, next) => {
      reached.push(payload.sessionId);
      await next();
    });
    await runEveryExitPath(context);
    for (const outcome of EXIT_PATHS) {
      assert.that('HK-8', reached.includes(outcome), {
        rule: 'agent:turn:after runs on all four exit paths for its subscribers to close up: a middleware registered on it must be called',
        observed: `no agent:turn:after middleware was called for the turn ending ${outcome}`,
      });
    }
  },
});

const archivedSet = defineCase({
  requirements: ['HK-9'],
  name: 'an archived input gets archived set to its stored message',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const archived = assert.defined('HK-9', turns(h, 's1')[0]?.inputs[0]?.archived, {
      rule: 'TurnInput.archived must be set once an input is archived',
      subject: 'TurnInput.archived of an archived input',
    });
    assert.equal('HK-9', archived.id, incomingWrites(h, 'question')[0]?.messages[0]?.id, {
      rule: 'TurnInput.archived must be the stored message',
      subject: 'the id of TurnInput.archived',
    });
  },
});

const idleNotArchived = defineCase({
  requirements: ['HK-9'],
  name: 'an idle-trigger input is never archived',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'a new topic' }]);
    await sendHuman(context, 's1', 'quiet for a while', { triggerType: 'idle' }).done;
    const turn = assert.defined('HK-9', turns(h, 's1')[0], {
      rule: 'an idle-trigger input must open a turn',
      subject: 'the turn of the idle input',
    });
    assert.equal('HK-9', turn.inputs[0]?.archived, undefined, {
      rule: 'an idle-trigger input (triggerType "idle") must never be archived, so TurnInput.archived stays unset',
      subject: 'TurnInput.archived of an idle input',
    });
    assert.equal('HK-9', incomingWrites(h, 'quiet for a while').length, 0, {
      rule: 'an idle-trigger input (triggerType "idle") must never be archived, so TurnInput.archived stays unset',
      subject: 'the archive writes of an idle input',
    });
  },
});

const contractKeys = defineCase({
  requirements: ['HK-10'],
  name: 'a turn runs the contract’s hook keys and no others',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const names = new Set(h.hooks.runs.map((run) => run.name as string));
    for (const key of AGENT_HOOK_KEYS)
      assert.that('HK-10', names.has(key), {
        rule: 'a turn must run every agent:* hook key of the contract on its path',
        observed: `hook ${key} did not run`,
      });
    const known = new Set<string>([...AGENT_HOOK_KEYS, 'memory:clear']);
    for (const name of names)
      assert.that('HK-10', known.has(name) || !name.startsWith('agent:'), {
        rule: "a turn may run only the contract's agent:* hook keys",
        observed: `the turn ran the unknown hook key "${name}"`,
      });
  },
});

/**
 * [HK-6] Without a middleware rewriting it, the result the model and the history get is the
 * tool's own answer, as it was.
 */
const toolResultAsGiven = defineCase({
  requirements: ['HK-6'],
  name: 'a result no agent:tool:after middleware rewrites reaches the model and the history as the tool gave it',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const answer = 'the tool’s own answer';
    h.tools.define({ name: 'lookup', fallback: { result: answer } });
    h.model.script([{ toolCalls: [{ name: 'lookup', id: 'call-lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const next = assert.defined('HK-6', h.model.requests[1], {
      rule: 'the turn must call the model again after the tool',
      subject: 'the model call after the tool',
    });
    const seen = next.messages.find((message) => message.toolCallId === 'call-lookup');
    assert.equal('HK-6', seen?.content, answer, {
      rule: 'a result no agent:tool:after middleware rewrote must reach the model as the tool gave it',
      subject: 'the tool result the next model call carried',
    });
    const stored = h.archive.messages('s1').find((message) => message.toolCallId === 'call-lookup');
    assert.equal('HK-6', stored?.content, answer, {
      rule: 'a result no agent:tool:after middleware rewrote must be persisted as the tool gave it',
      subject: 'the persisted tool result',
    });
  },
});

/**
 * [HK-7] Format retries are numbered by `attempt` and end at `maxRetries`: a middleware that
 * keeps asking for one cannot keep the turn from ending (the payload's own rule, [SVC-2]).
 */
const retriesEndAtMaxRetries = defineCase({
  requirements: ['HK-7'],
  name: 'a middleware that always asks for a format retry gets at most maxRetries of them, numbered by attempt',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const attempts: number[] = [];
    const limits = new Set<number>();
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      attempts.push(payload.attempt);
      limits.add(payload.maxRetries);
      payload.retry = { feedback: 'conformance feedback: try again' };
      await next();
    });
    h.model.script(Array.from({ length: 8 }, (_, index) => ({ text: `draft ${index + 1}` })));
    const record = await sendHuman(context, 's1', 'question').done;
    assert.equal('HK-7', record.state, 'resolved', {
      rule: 'a middleware that always asks for a format retry must not keep the turn from ending',
      subject: 'the handleMessage promise',
    });
    const [maxRetries, ...others] = [...limits];
    assert.that('HK-7', others.length === 0 && Number.isSafeInteger(maxRetries) && maxRetries! < 8, {
      rule: 'maxRetries of agent:reply:before must be one small whole number for the turn',
      observed: `maxRetries was ${[...limits].join(', ')}`,
    });
    const expected = Array.from({ length: maxRetries! + 1 }, (_, index) => index);
    assert.deepEqual('HK-7', attempts, expected, {
      rule: 'agent:reply:before must run with attempt 0 for the first reply and n for the n-th format retry, and a turn makes at most maxRetries format retries',
      subject: 'the attempts agent:reply:before ran with',
    });
    assert.equal('HK-7', h.model.requests.length, maxRetries! + 1, {
      rule: 'each format retry is one more model call, and a turn makes at most maxRetries of them',
      subject: 'the model calls of the turn',
    });
  },
});

/** [HK-3] The tools of `agent:llm:before` are the tools the model call is offered. */
const llmBeforeToolsOffered = defineCase({
  requirements: ['HK-3'],
  name: 'the model call is offered the tools agent:llm:before carried',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.tools.define({ name: 'fetch' });
    h.model.script([{ text: 'no tools needed' }]);
    await sendHuman(context, 's1', 'question').done;
    const payload = assert.defined('HK-3', h.hooks.of('agent:llm:before')[0]?.payload, {
      rule: 'agent:llm:before must run before every model call',
      subject: 'the agent:llm:before run',
    });
    const call = assert.defined('HK-3', h.model.requests[0], {
      rule: 'the turn must call the model',
      subject: 'the model call',
    });
    const names = (tools: readonly { readonly name: string }[]) => tools.map((tool) => tool.name).sort();
    assert.deepEqual('HK-3', names(payload.tools), ['fetch', 'lookup'], {
      rule: "the tools of agent:llm:before must be the session's tools",
      subject: 'the tools agent:llm:before carried',
    });
    assert.deepEqual('HK-3', names(call.tools), names(payload.tools), {
      rule: 'the model call must be offered the tools agent:llm:before carried',
      subject: 'the tools the model call was offered',
    });
  },
});

/**
 * [HK-5] A tool's JSON schema may use any keyword of the drafts model providers accept
 * (api-tools' `JsonSchema`), e.g. draft-07 `definitions` and 2019-09 `dependentRequired`: a valid call of such a
 * tool still goes through `agent:tool:before` and runs.
 */
const toolWithDraft07Schema = defineCase({
  requirements: ['HK-5'],
  name: 'a valid call of a tool whose schema uses definitions and dependentRequired runs through agent:tool:before',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({
      name: 'schedule',
      parameters: {
        type: 'object',
        definitions: { when: { type: 'string', description: 'an ISO date' } },
        properties: { at: { $ref: '#/definitions/when' }, repeat: { type: 'boolean' } },
        required: ['at'],
        dependentRequired: { repeat: ['at'] },
      },
    });
    const args = { at: '2026-01-01' };
    h.model.script([{ toolCalls: [{ name: 'schedule', arguments: args }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.deepEqual('HK-5', h.hooks.of('agent:tool:before')[0]?.payload.args, args, {
      rule: 'agent:tool:before must run before every tool call, a tool whose schema uses definitions and dependentRequired included',
      subject: 'the arguments of the agent:tool:before run',
    });
    assert.deepEqual('HK-5', h.tools.calls[0]?.args, args, {
      rule: "a valid call of a tool must run, whatever keywords of the accepted JSON-schema drafts the tool's schema uses",
      subject: 'the arguments the tool ran with',
    });
  },
});

/**
 * [HK-3], [HK-4] The model calls of a turn are numbered by `iteration` (the api-agent payload:
 * 0 for the first call, then 1, 2, …), and `agent:llm:after` carries its call's number.
 */
const llmIterationsNumbered = defineCase({
  requirements: ['HK-3', 'HK-4'],
  name: 'agent:llm:before and agent:llm:after number the model calls of a turn 0, 1, 2, …',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }] },
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const expected = h.model.requests.map((_call, index) => index);
    assert.deepEqual(
      'HK-3',
      h.hooks.of('agent:llm:before').map((run) => run.payload.iteration),
      expected,
      {
        rule: 'iteration of agent:llm:before must be 0 for the first model call of the turn, then 1, 2, …',
        subject: 'the iterations of agent:llm:before',
      },
    );
    assert.deepEqual(
      'HK-4',
      h.hooks.of('agent:llm:after').map((run) => run.payload.iteration),
      expected,
      {
        rule: 'iteration of agent:llm:after must be that of the matching agent:llm:before',
        subject: 'the iterations of agent:llm:after',
      },
    );
  },
});

/**
 * [HK-5] The `ToolCallContext` of `agent:tool:before` is filled as api-tools defines it: the
 * source of the turn's inputs for an injection, none for a human turn.
 */
const toolContextSource = defineCase({
  requirements: ['HK-5'],
  name: 'the ToolCallContext of agent:tool:before carries the turn’s source, and none for a human turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'done' },
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'done again' },
    ]);
    await sendInjection(context, 's1', 'scheduled job').done;
    await sendHuman(context, 's1', 'question').done;
    const [injected, human] = h.hooks.of('agent:tool:before').map((run) => run.payload.toolCallContext);
    assert.deepEqual('HK-5', injected?.source, SCHEDULER_SOURCE, {
      rule: "the ToolCallContext of an injection's tool call must carry the turn's input source",
      subject: 'the source of the ToolCallContext in the injected turn',
    });
    assert.equal('HK-5', human?.source, undefined, {
      rule: 'the ToolCallContext of a human turn must carry no source',
      subject: 'the source of the ToolCallContext in the human turn',
    });
  },
});

/** How long the model takes in the slow-turn case: longer than a second, well within the case's limit. */
const SLOW_MODEL_MS = 1_500;

/**
 * [HK-8], [SVC-2]: a turn that simply takes a while (its model call answers after a second and
 * a half) still runs `agent:turn:after` to its end, a middleware that takes a moment included,
 * before its input settles: only a stop may cut a turn's hooks short.
 */
const slowTurnAfter = defineCase({
  requirements: ['HK-8', 'SVC-2'],
  name: 'a turn whose model call takes a second and a half still runs agent:turn:after to its end before its input settles',
  timeoutMs: 10_000,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let finished = false;
    h.hooks.middleware('agent:turn:after', async (_payload, next) => {
      await next();
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = true;
    });
    const answered = createGate();
    h.model.script([{ waitFor: answered, text: 'a slow answer' }]);
    const timer = setTimeout(() => answered.open(), SLOW_MODEL_MS);
    try {
      await sendHuman(context, 's1', 'take your time').done;
    } finally {
      clearTimeout(timer);
    }
    assert.equal('HK-8', turns(h, 's1')[0]?.after?.outcome, 'replied', {
      rule: 'agent:turn:after must run on every exit path, also after a slow model call; a turn that was not stopped ends as usual',
      subject: 'the outcome of the slow turn in agent:turn:after',
    });
    assert.that('SVC-2', finished, {
      rule: 'handleMessage must resolve only once its turn ended, after agent:turn:after: a turn that was not stopped waits for its middlewares',
      observed: 'handleMessage resolved before an agent:turn:after middleware of its slow turn finished',
    });
  },
});

/**
 * [HK-8] [SVC-2] A slow `agent:turn:after` middleware meets a turn nobody stopped: the time an
 * agent gives a stopped turn's hooks is no limit here, so the input settles only once the
 * middleware finished, a second and a half later. The near miss gives up on `agent:turn:after`
 * middlewares after the stop's grace time on every turn.
 */
const slowTurnAfterMiddleware = defineCase({
  requirements: ['HK-8', 'SVC-2'],
  name: 'an agent:turn:after middleware that takes a second and a half on a turn nobody stopped finishes before the input settles',
  timeoutMs: 10_000,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let finished = false;
    h.hooks.middleware('agent:turn:after', async (_payload, next) => {
      await next();
      await new Promise((resolve) => setTimeout(resolve, SLOW_MODEL_MS));
      finished = true;
    });
    h.model.script([{ text: 'a quick answer' }]);
    await sendHuman(context, 's1', 'then a slow plugin').done;
    assert.that('SVC-2', finished, {
      rule: 'handleMessage must resolve only once its turn ended, after agent:turn:after: only a stop may cut a turn’s hooks short',
      observed:
        'handleMessage resolved before a slow agent:turn:after middleware of a turn nobody stopped finished',
    });
  },
});

/**
 * [HK-9] `archived` is set on every input once it is archived, a joined one included (it is
 * archived when it joins, [ARC-6]): the near miss sets it only on the inputs that opened the
 * turn, so a contribution or a hook reading the live inputs gets no stored message for the
 * joined one.
 */
const joinedArchivedSet = defineCase({
  requirements: ['HK-9'],
  name: 'an input that joined a running turn gets archived set to its stored message too',
  run: async (context) => {
    const h = context.harness;
    await secondInputDuringToolCall(context, 'first question', 'second question');
    const joined = assert.defined('HK-9', turns(h, 's1')[0]?.inputs[1], {
      rule: 'a human input during a human turn must join that turn',
      subject: 'the joined input in the live inputs of the turn',
    });
    const archived = assert.defined('HK-9', joined.archived, {
      rule: 'TurnInput.archived must be set once an input is archived, a joined input included',
      subject: 'TurnInput.archived of the joined input',
    });
    assert.equal('HK-9', archived.id, incomingWrites(h, 'second question')[0]?.messages[0]?.id, {
      rule: 'TurnInput.archived must be the stored message',
      subject: 'the id of TurnInput.archived of the joined input',
    });
  },
});

/**
 * [HK-1] An `agent:input:before` middleware may rewrite the input in place or by replacing
 * `message` before `next`: what it hands on is the input. The near miss admits the message it
 * validated, so a replacement is lost.
 */
const inputReplaced = defineCase({
  requirements: ['HK-1'],
  name: 'an agent:input:before middleware that replaces the message before next hands on the replacement',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      payload.message = { ...payload.message, content: 'replaced text' };
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'original text').done;
    assert.deepEqual('HK-1', contents(turns(h, 's1')[0]?.inputs ?? []), ['replaced text'], {
      rule: 'a middleware of agent:input:before may rewrite the input by replacing message before next',
      subject: 'the inputs of the turn',
    });
    assert.that('HK-1', callContains(h.model.requests[0]!, 'replaced text'), {
      rule: 'a middleware of agent:input:before may rewrite the input by replacing message before next',
      observed: 'the model did not see the replaced message',
    });
  },
});

/**
 * [HK-3] [HK-4] `iteration` numbers the model calls of the turn, a format retry's call
 * included: the near miss counts tool rounds, so the retry repeats the number before it.
 */
const iterationCountsRetries = defineCase({
  requirements: ['HK-3', 'HK-4'],
  name: 'iteration counts a format retry’s call like any other model call of the turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    retryFirstReply(h, 'Use the agreed format.');
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'draft' }, { text: 'final' }]);
    await sendHuman(context, 's1', 'question').done;
    for (const [id, hook] of [
      ['HK-3', 'agent:llm:before'],
      ['HK-4', 'agent:llm:after'],
    ] as const)
      assert.deepEqual(
        id,
        h.hooks.of(hook).map((run) => run.payload.iteration),
        [0, 1, 2],
        {
          rule: `iteration of ${hook} must number the model calls of the turn 0, 1, 2, …, a format retry's call included`,
          subject: `the iterations of ${hook}`,
        },
      );
  },
});

/** The cases of the HK family ([HK-1]..[HK-10]). */
/**
 * [HK-5] Two identical tool calls of one response (same tool, same arguments) are two calls, each
 * with its own `agent:tool:before` (see `repeated-call.ts`).
 */
const repeatedCallHooked = repeatedCallCase('HK-5', 'runs agent:tool:before', (h) => {
  assert.equal('HK-5', h.hooks.of('agent:tool:before').length, 2, {
    rule: 'agent:tool:before must run before every tool call, also a repeat of another call of the same response',
    subject: 'the agent:tool:before runs for two identical calls',
  });
});

export const HK_CASES = [
  inputBefore,
  inputRewrite,
  turnBeforePayload,
  turnBeforeBlocked,
  llmBeforeCase(true),
  llmBeforeCase(false),
  llmAfter,
  toolBefore,
  toolAfter,
  replyBefore,
  turnAfterPaths,
  turnAfterMiddlewareReached,
  archivedSet,
  idleNotArchived,
  contractKeys,
  toolResultAsGiven,
  retriesEndAtMaxRetries,
  llmBeforeToolsOffered,
  toolWithDraft07Schema,
  llmIterationsNumbered,
  toolContextSource,
  slowTurnAfter,
  slowTurnAfterMiddleware,
  joinedArchivedSet,
  inputReplaced,
  iterationCountsRetries,
  repeatedCallHooked,
];
