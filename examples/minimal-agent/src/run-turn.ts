import { randomUUID } from 'node:crypto';
import type { AgentReplyBeforePayload, TurnInput } from '@aalis/api-agent';
import type { ChatMessage, ChatResponse, ResolvedModel } from '@aalis/api-llm';
import type { MessageDraft } from '@aalis/api-message-archive';
import type { ToolCallContext, ToolResult } from '@aalis/api-tools';
import {
  WellKnownMetadataKeys as Keys,
  type Message,
  type ToolCall,
  type TurnOutcome,
  WellKnownKinds,
} from '@aalis/schema-message';
import { asChat, buildContributions, fit, usageFigures } from './prompt.js';
import type { MinimalAgentServices } from './services.js';

/** A turn as the scheduler hands it over. */
export interface TurnHandle {
  readonly turnId: string;
  readonly sessionId: string;
  /** The live inputs array: joined inputs are appended to it ([SCH-2]). */
  readonly inputs: TurnInput[];
  /** Aborts when the turn is stopped ([ABT-1]). */
  readonly signal: AbortSignal;
  /** The human inputs that arrived since the last model call, to join before the next one ([SCH-2]). */
  takeInsertions(): TurnInput[];
}

interface TurnState {
  outcome: TurnOutcome;
  reply: Message | undefined;
  error: string | undefined;
  /** Token figures of the turn's calls, for the final reply ([ARC-3]). */
  readonly tokens: { promptTokens: number; completionTokens: number };
}

/** Tool rounds and format retries a turn may make before it takes the model's text as it is. */
const MAX_TOOL_ROUNDS = 8;
const MAX_FORMAT_RETRIES = 2;

/** One sentence naming what failed ([OUT-2]). */
function sentence(error: unknown): string {
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return `The turn failed: ${reason.replace(/\.$/, '')}.`;
}

/**
 * Runs one turn: `agent:turn:before`, whose default action is the whole turn ([HK-2]) —
 * archiving the inputs, the model and tool loop, the reply, the turn record and
 * `agent:turn:after` — then one stream end marker per input ([OUT-3]).
 */
export async function runTurn(services: MinimalAgentServices, turn: TurnHandle): Promise<void> {
  const { hooks, events } = services;
  const { turnId, sessionId, inputs } = turn;
  await hooks.run('agent:turn:before', { turnId, sessionId, inputs }, async () => {
    const state: TurnState = {
      outcome: 'silent',
      reply: undefined,
      error: undefined,
      tokens: { promptTokens: 0, completionTokens: 0 },
    };
    try {
      await archiveInputs(services, turn, inputs, 'opened');
      await converse(services, turn, state);
    } catch (error) {
      // A failure inside the turn ends it; it never rejects handleMessage ([SVC-3]).
      if (turn.signal.aborted) state.outcome = 'aborted';
      else await fail(services, turn, state, sentence(error));
    }
    await writeRecord(services, turn, state).catch(() => undefined);
    const { outcome, reply, error } = state;
    const after = { inputs, reply, outcome, sessionId, turnId, ...(error === undefined ? {} : { error }) };
    await hooks.run('agent:turn:after', after);
  });
  for (const _input of inputs)
    void events.emit('outbound:stream', { chunk: { type: 'end', sessionId, turnId } });
}

/** Archives inputs with the turn id and how they entered ([ARC-6], [HK-9]); idle triggers never. */
async function archiveInputs(
  services: MinimalAgentServices,
  turn: TurnHandle,
  inputs: readonly TurnInput[],
  entry: 'opened' | 'joined',
): Promise<void> {
  for (const input of inputs) {
    if (services.archive === undefined || input.message.triggerType === 'idle') continue;
    input.archived = await services.archive.archiveIncoming(input.message, { turnId: turn.turnId, entry });
  }
}

/** Ends the turn as `error` and tells the session why ([OUT-2], [TID-2]). */
async function fail(services: MinimalAgentServices, turn: TurnHandle, state: TurnState, error: string) {
  state.outcome = 'error';
  state.error = error;
  const message = { sessionId: turn.sessionId, content: error, turnId: turn.turnId, kind: 'notice' as const };
  await services.events.emit('outbound:message', { message });
}

/** The model and tool loop, format retries included, up to the reply. */
async function converse(services: MinimalAgentServices, turn: TurnHandle, state: TurnState): Promise<void> {
  const { llm, hooks, memory, sessions } = services;
  const { turnId, sessionId, signal, inputs } = turn;
  const model = await llm.resolveModel(sessions.getSettings(sessionId)?.model);
  if (model === undefined) return fail(services, turn, state, 'No model could be resolved for this session.');
  // The stored history (this turn's archived inputs among it), then the inputs that are not stored.
  const stored = (await memory?.history(sessionId)) ?? [];
  const own = new Set(inputs.map((input) => input.archived?.id));
  const earlier = stored.filter((message) => !own.has(message.id)).map(asChat);
  const current: ChatMessage[] = inputs.map((input) => ({ role: 'user', content: input.message.content }));
  // The active history at turn start, opening inputs included, then what the turn appends ([USG-5]).
  let historyMessages = (await memory?.countHistory(sessionId)) ?? inputs.length;
  let trimmed = false;
  const source = inputs[0]?.message.source;
  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {
    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])
    const joined = turn.takeInsertions();
    inputs.push(...joined);
    await archiveInputs(services, turn, joined, 'joined');
    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));
    historyMessages += joined.length;

    const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs, signal, dryRun: false };
    const blocks = await buildContributions(services.contributions, {
      ...view,
      messages: [...earlier, ...current],
    });
    const tools = await services.tools.listTools({ sessionId });
    const prompt = fit({ blocks, tools, earlier, current, model });
    trimmed ||= prompt.trimmed; // once trimmed, for the rest of the turn ([USG-3])
    const before = {
      messages: prompt.messages,
      tools: [...tools],
      acceptsImages: model.capabilities.vision,
      sessionId,
      turnId,
      ...(source === undefined ? {} : { source }),
      model,
      thinking: false,
      iteration,
    };
    await hooks.run('agent:llm:before', before);
    signal.throwIfAborted();
    const response = await llm.chat({
      model,
      messages: before.messages,
      tools: before.tools,
      signal,
      onDelta: (delta) => {
        if (delta.type === 'tool-call') return;
        const chunk = { type: delta.type, sessionId, turnId, text: delta.text };
        void services.events.emit('outbound:stream', { chunk });
      },
    });
    state.tokens.promptTokens += response.usage?.promptTokens ?? 0;
    state.tokens.completionTokens += response.usage?.completionTokens ?? 0;
    // One token:usage per model call that returned ([USG-1]).
    void services.events.emit('token:usage', {
      sessionId,
      turnId,
      snapshot: false,
      model: model.ref,
      // Of what was sent: the messages and tools agent:llm:before left ([USG-2]).
      ...usageFigures({ ...prompt, messages: before.messages, tools: before.tools }, response),
      trimmed,
      historyMessages,
    });
    const after = { response, messages: before.messages, sessionId, turnId, iteration };
    await hooks.run('agent:llm:after', after);

    const { content, toolCalls } = after.response;
    if (toolCalls.length > 0 && rounds < MAX_TOOL_ROUNDS) {
      rounds += 1;
      const group = await callTools(services, turn, after.response, model);
      current.push(...group);
      historyMessages += group.length;
      continue;
    }
    if (content.trim() === '') return; // outcome silent
    const reply: AgentReplyBeforePayload = {
      content,
      sessionId,
      turnId,
      attempt,
      maxRetries: MAX_FORMAT_RETRIES,
    };
    await hooks.run('agent:reply:before', reply);
    signal.throwIfAborted(); // a turn stopped while its reply was on its way out sends nothing ([ABT-1])
    if (reply.retry !== undefined && attempt < MAX_FORMAT_RETRIES) {
      // The dropped version is persisted, never sent ([ARC-5]); the model gets the feedback ([HK-7]).
      const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content };
      await services.archive?.append(sessionId, [{ ...draft, metadata: { [Keys.TurnId]: turnId } }]);
      current.push(draft, { role: 'system', content: reply.retry.feedback });
      attempt += 1;
      continue;
    }
    return sendReply(services, turn, state, { reply, model });
  }
}

/** Runs the model's tool calls and persists the group with the turn id ([ARC-1]). */
async function callTools(
  services: MinimalAgentServices,
  turn: TurnHandle,
  response: ChatResponse,
  model: ResolvedModel,
): Promise<ChatMessage[]> {
  const metadata = { [Keys.TurnId]: turn.turnId };
  const group: MessageDraft[] = [
    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },
  ];
  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model));
  await services.archive?.append(turn.sessionId, group);
  return group.map(asChat);
}

/**
 * One tool call through `agent:tool:before` and `agent:tool:after` ([HK-5], [HK-6]). Every
 * call gets a result with its own call id, failed ones included ([TID-3], [ARC-2]).
 */
async function callTool(
  services: MinimalAgentServices,
  turn: TurnHandle,
  call: ToolCall,
  model: ResolvedModel,
): Promise<MessageDraft> {
  const { hooks, events, tools } = services;
  const first = turn.inputs[0]?.message;
  const toolCallContext: ToolCallContext = {
    sessionId: turn.sessionId,
    turnId: turn.turnId,
    callId: randomUUID(),
    platform: first?.platform ?? 'unknown',
    acceptsImages: model.capabilities.vision,
    signal: turn.signal,
    ...(first?.source === undefined ? {} : { source: first.source }),
  };
  const result = (content: string, metadata: Record<string, unknown> = {}): MessageDraft => ({
    role: 'tool',
    content,
    toolCallId: call.id,
    metadata: { ...metadata, [Keys.TurnId]: turn.turnId, [Keys.CallId]: toolCallContext.callId },
  });
  if (turn.signal.aborted) return result('Not run: the turn was stopped.'); // [ABT-1]
  let args: Record<string, unknown>;
  try {
    args = JSON.parse(call.arguments || '{}') as Record<string, unknown>;
  } catch {
    return result('The arguments are not valid JSON.');
  }
  const ran = await hooks.run(
    'agent:tool:before',
    { name: call.name, args, toolCallContext },
    async (payload): Promise<ToolResult> => {
      // A stop while agent:tool:before ran starts no tool ([ABT-1]).
      if (turn.signal.aborted) return { content: 'Not run: the turn was stopped.', isError: true };
      const invocation = { name: call.name, args: payload.args, toolCallContext };
      await events.emit('tool:execute', invocation);
      return tools
        .execute(invocation)
        .catch(
          (error: unknown): ToolResult => ({ content: `The tool failed: ${String(error)}`, isError: true }),
        );
    },
  );
  if (ran.blocked) return result('The call was blocked.');
  const after = { name: call.name, result: ran.result, toolCallContext, metadata: {} };
  await hooks.run('agent:tool:after', after);
  return result(after.result.content, after.metadata); // plugins' metadata kept ([ARC-4])
}

/** The assistant's own account on the turn's platform, when the app gave one ([ARC-3]). */
function selfIdentityOn(services: MinimalAgentServices, platform: string | undefined) {
  const identity = platform === undefined ? undefined : services.selfIdentity?.(platform);
  return identity === undefined ? {} : { [Keys.SelfIdentity]: identity };
}

/** Persists the final reply with what [ARC-3] asks and hands it to the platform. */
async function sendReply(
  services: MinimalAgentServices,
  turn: TurnHandle,
  state: TurnState,
  { reply, model }: { readonly reply: AgentReplyBeforePayload; readonly model: ResolvedModel },
): Promise<void> {
  const first = turn.inputs[0]?.message;
  const metadata = {
    [Keys.TurnId]: turn.turnId,
    [Keys.Model]: model.ref,
    [Keys.Tokens]: { ...state.tokens },
    [Keys.Platform]: first?.platform ?? 'unknown',
    ...selfIdentityOn(services, first?.platform),
    ...(first?.groupId === undefined
      ? {}
      : { [Keys.Group]: { id: first.groupId, ...(first.groupName ? { name: first.groupName } : {}) } }),
    ...(first?.sessionType === undefined ? {} : { [Keys.SessionType]: first.sessionType }),
    ...(reply.visibleContent === undefined ? {} : { [Keys.VisibleContent]: reply.visibleContent }),
  };
  const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content, metadata };
  const [stored] = (await services.archive?.append(turn.sessionId, [draft])) ?? [];
  state.reply = stored ?? { ...draft, id: randomUUID(), sessionId: turn.sessionId, createdAt: Date.now() };
  state.outcome = 'replied';
  // Only the final reply goes out, so a room never sees text said before tool calls ([ARC-5]).
  const message = {
    sessionId: turn.sessionId,
    content: reply.content,
    turnId: turn.turnId,
    kind: 'reply' as const,
    ...(stored === undefined ? {} : { archivedMessageId: stored.id }),
  };
  await services.events.emit('outbound:message', { message });
}

/**
 * The turn record, before `agent:turn:after` ([ARC-8]): on the last persisted reply, or on an
 * event marker when the turn persisted none.
 */
async function writeRecord(services: MinimalAgentServices, turn: TurnHandle, state: TurnState) {
  const archive = services.archive;
  if (archive === undefined) return;
  const source = turn.inputs[0]?.message.source;
  const record = {
    outcome: state.outcome,
    ...(source === undefined ? {} : { source }),
    ...(state.error === undefined ? {} : { error: state.error }),
  };
  if (state.reply !== undefined) return archive.updateMetadata(state.reply.id, { [Keys.TurnRecord]: record });
  const marker = { role: 'system' as const, kind: WellKnownKinds.EventMarker, content: '' };
  await archive.append(turn.sessionId, [
    { ...marker, metadata: { [Keys.TurnId]: turn.turnId, [Keys.TurnRecord]: record } },
  ]);
}
