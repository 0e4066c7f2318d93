// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the edits quote TypeScript source, template literals included
/**
 * Near misses of the minimal agent: each one breaks one rule of the contract the way a careful
 * third-party implementer might (first versus last, one versus several, the order of two steps),
 * as edits of its sources. They were written from the contract text and the agent's source
 * alone, without reading the kit's cases, to measure whether the kit tells every conformant
 * behaviour from its near misses. `near-misses.test.ts` applies each to a copy of `src/` and
 * checks that the kit reports the rule it breaks violated.
 */
export interface NearMiss {
  /** A short name, also the folder of its copy. */
  readonly name: string;
  /** The requirements it breaks; the kit must report each violated. */
  readonly breaks: readonly string[];
  /** What it does differently, in one line. */
  readonly what: string;
  /** Text replacements in `src/`: each `from` must occur exactly once in its file. */
  readonly edits: readonly { readonly file: string; readonly from: string; readonly to: string }[];
}

export const NEAR_MISSES: readonly NearMiss[] = [
  {
    name: 'joins-only-after-tools',
    breaks: ['SCH-2'],
    what: 'pending insertions join only after a round of tool calls: not before the first model call, nor before a format retry',
    edits: [
      {
        file: 'run-turn.ts',
        from: "  const source = inputs[0]?.message.source;\n  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {\n    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])\n    const joined = turn.takeInsertions();\n    inputs.push(...joined);\n    await archiveInputs(services, turn, joined, 'joined');\n    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n\n    const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs, signal, dryRun: false };\n    const blocks = await buildContributions(services.contributions, {",
        to: '  const source = inputs[0]?.message.source;\n  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {\n    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])\n\n    const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs, signal, dryRun: false };\n    const blocks = await buildContributions(services.contributions, {',
      },
      {
        file: 'run-turn.ts',
        from: "      const group = await callTools(services, turn, after.response, model);\n      current.push(...group);\n      historyMessages += group.length;\n      continue;\n    }\n    if (content.trim() === '') return; // outcome silent",
        to: "      const group = await callTools(services, turn, after.response, model);\n      current.push(...group);\n      historyMessages += group.length;\n      // Human inputs that arrived meanwhile join before the next call ([SCH-2]).\n      signal.throwIfAborted();\n      const joined = turn.takeInsertions();\n      inputs.push(...joined);\n      await archiveInputs(services, turn, joined, 'joined');\n      current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n      historyMessages += joined.length;\n      continue;\n    }\n    if (content.trim() === '') return; // outcome silent",
      },
    ],
  },
  {
    name: 'join-only-with-empty-queue',
    breaks: ['SCH-2'],
    what: 'a human input joins the running human turn only when nothing else is queued',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '    const session = sessionOf(message.sessionId);\n    const { promise: settled, resolve: settle } = settleable();\n    const human = message.source === undefined;\n    const pending = human && session.running?.human === true;\n    session.queue.push({ input: { message }, human, pending, settle });\n    announce(session);\n    openNext(session);',
        to: '    const session = sessionOf(message.sessionId);\n    const { promise: settled, resolve: settle } = settleable();\n    const human = message.source === undefined;\n    // Do not jump over inputs already waiting: join only when nothing is queued ahead.\n    const pending = human && session.running?.human === true && session.queue.every((entry) => entry.pending);\n    session.queue.push({ input: { message }, human, pending, settle });\n    announce(session);\n    openNext(session);',
      },
    ],
  },
  {
    name: 'abort-keeps-insertions',
    breaks: ['ABT-3'],
    what: 'abort with queued releases the queue but keeps the pending insertions, which then open a turn',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: "  }\n\n  /** Releases the session's waiting inputs: they open no turn and settle ([ABT-3], [CLR-1], [DEL-1]). */\n  function release(session: Session, archive: boolean): void {\n    const released = session.queue.splice(0);\n    if (released.length === 0) return;\n    announce(session);\n    for (const entry of released) {",
        to: "  }\n\n  /** Releases the session's waiting inputs: they open no turn and settle ([ABT-3], [CLR-1], [DEL-1]). */\n  function release(session: Session, archive: boolean, keepInsertions = false): void {\n    // Pending insertions already belong to the running turn; `abort` leaves them to it.\n    const released = keepInsertions ? session.queue.filter((entry) => !entry.pending) : session.queue.splice(0);\n    if (keepInsertions) session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => entry.pending));\n    if (released.length === 0) return;\n    announce(session);\n    for (const entry of released) {",
      },
      {
        file: 'minimal-agent.ts',
        from: '      const session = sessions.get(sessionId);\n      const running = session?.running;\n      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]\n      running?.controller.abort(); // `reason` and `by` only matter to a log line and a stop marker\n      return running !== undefined; // [ABT-7]\n    },',
        to: '      const session = sessions.get(sessionId);\n      const running = session?.running;\n      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      if (session !== undefined && options.queued === true) release(session, true, true); // [ABT-3]\n      running?.controller.abort(); // `reason` and `by` only matter to a log line and a stop marker\n      return running !== undefined; // [ABT-7]\n    },',
      },
    ],
  },
  {
    name: 'stale-abort-releases-queue',
    breaks: ['ABT-2'],
    what: 'abort with a turn id that is not the running one still releases the queue',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '    abort(sessionId, options = {}) {\n      const session = sessions.get(sessionId);\n      const running = session?.running;\n      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]\n      running?.controller.abort(); // `reason` and `by` only matter to a log line and a stop marker\n      return running !== undefined; // [ABT-7]\n    },',
        to: '    abort(sessionId, options = {}) {\n      const session = sessions.get(sessionId);\n      const running = session?.running;\n      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]\n      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      running?.controller.abort(); // `reason` and `by` only matter to a log line and a stop marker\n      return running !== undefined; // [ABT-7]\n    },',
      },
    ],
  },
  {
    name: 'clear-all-means-known',
    breaks: ['CLR-3'],
    what: 'clearing every session holds only the sessions the agent already knows',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '\n    async clearing(sessionIds, clear) {\n      const { promise: released, resolve: releaseHold } = settleable();\n      const hold: Hold = { sessionIds: sessionIds === undefined ? undefined : new Set(sessionIds), released };\n      holds.add(hold);\n      try {\n        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);\n        await Promise.all(chosen.map(stop)); // [CLR-1]\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {',
        to: '\n    async clearing(sessionIds, clear) {\n      const { promise: released, resolve: releaseHold } = settleable();\n      // Every session means every session we know of.\n      const held = sessionIds ?? [...sessions.keys()];\n      const hold: Hold = { sessionIds: new Set(held), released };\n      holds.add(hold);\n      try {\n        const chosen = held.map(sessionOf);\n        await Promise.all(chosen.map(stop)); // [CLR-1]\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {',
      },
    ],
  },
  {
    name: 'generation-before-hold',
    breaks: ['DEL-2'],
    what: "the second generation check runs before waiting out a clearing's hold, not after",
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '\n  /** Hands an input that passed `agent:input:before` to its session; resolves once it settled. */\n  async function admit(message: IncomingMessage, generation: number): Promise<void> {\n    // Inputs arriving while clearing holds their session wait, unarchived ([CLR-2]).\n    for (let hold = holdOf(message.sessionId); hold && !draining; hold = holdOf(message.sessionId))\n      await Promise.race([hold.released, drained]);\n    // A deletion since the input arrived (or a shutdown) releases it, unarchived ([DEL-2], [DRN-1]).\n    if (draining || sessionManager.generationOf(message.sessionId) !== generation)\n      return endStream(message.sessionId);\n    const session = sessionOf(message.sessionId);\n    const { promise: settled, resolve: settle } = settleable();\n    const human = message.source === undefined;',
        to: '\n  /** Hands an input that passed `agent:input:before` to its session; resolves once it settled. */\n  async function admit(message: IncomingMessage, generation: number): Promise<void> {\n    // A deletion since the input arrived releases it, unarchived ([DEL-2]).\n    if (sessionManager.generationOf(message.sessionId) !== generation) return endStream(message.sessionId);\n    // Inputs arriving while clearing holds their session wait, unarchived ([CLR-2]).\n    for (let hold = holdOf(message.sessionId); hold && !draining; hold = holdOf(message.sessionId))\n      await Promise.race([hold.released, drained]);\n    // A shutdown releases it, unarchived ([DRN-1]).\n    if (draining) return endStream(message.sessionId);\n    const session = sessionOf(message.sessionId);\n    const { promise: settled, resolve: settle } = settleable();\n    const human = message.source === undefined;',
      },
    ],
  },
  {
    name: 'joined-settles-on-join',
    breaks: ['SVC-2'],
    what: 'an input that joins a running turn settles when it joins, not when that turn ends',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '      const joining = session.queue.filter((entry) => entry.pending);\n      if (joining.length === 0) return [];\n      session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => !entry.pending));\n      running.entries.push(...joining);\n      announce(session);\n      return joining.map((entry) => entry.input);\n    };',
        to: '      const joining = session.queue.filter((entry) => entry.pending);\n      if (joining.length === 0) return [];\n      session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => !entry.pending));\n      // A joined input is handled by the turn it joined: it settles as it joins.\n      for (const entry of joining) entry.settle();\n      announce(session);\n      return joining.map((entry) => entry.input);\n    };',
      },
    ],
  },
  {
    name: 'snapshot-borrows-turn-id',
    breaks: ['TID-4'],
    what: "a usage snapshot taken while a turn runs carries that turn's id",
    edits: [
      {
        file: 'minimal-agent.ts',
        from: "    });\n    const tools = await services.tools.listTools({ sessionId });\n    const prompt = fit({ blocks, tools, earlier, current: [], model });\n    await events.emit('token:usage', {\n      sessionId,\n      snapshot: true,\n      model: model.ref,\n      ...usageFigures(prompt, undefined),",
        to: "    });\n    const tools = await services.tools.listTools({ sessionId });\n    const prompt = fit({ blocks, tools, earlier, current: [], model });\n    // A snapshot taken mid-turn belongs to that turn.\n    const turnId = sessions.get(sessionId)?.running?.turnId;\n    await events.emit('token:usage', {\n      sessionId,\n      ...(turnId === undefined ? {} : { turnId }),\n      snapshot: true,\n      model: model.ref,\n      ...usageFigures(prompt, undefined),",
      },
    ],
  },
  {
    name: 'drain-leaves-held-inputs',
    breaks: ['DRN-1'],
    what: "drain does not wake the inputs a clearing's hold keeps waiting",
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  });\n  services.lifecycle.onDrain(async () => {\n    draining = true;\n    wakeHeld();\n    await Promise.all([...sessions.values()].map(stop));\n  });\n',
        to: '  });\n  services.lifecycle.onDrain(async () => {\n    draining = true;\n    await Promise.all([...sessions.values()].map(stop));\n  });\n',
      },
    ],
  },
  {
    name: 'blocked-call-new-id',
    breaks: ['ARC-2'],
    what: 'the result of a call blocked in agent:tool:before records a fresh call id, not the one its context carried',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    signal: turn.signal,\n    ...(first?.source === undefined ? {} : { source: first.source }),\n  };\n  const result = (content: string, metadata: Record<string, unknown> = {}): MessageDraft => ({\n    role: 'tool',\n    content,\n    toolCallId: call.id,\n    metadata: { ...metadata, [Keys.TurnId]: turn.turnId, [Keys.CallId]: toolCallContext.callId },\n  });\n  if (turn.signal.aborted) return result('Not run: the turn was stopped.'); // [ABT-1]\n  let args: Record<string, unknown>;",
        to: "    signal: turn.signal,\n    ...(first?.source === undefined ? {} : { source: first.source }),\n  };\n  const result = (\n    content: string,\n    metadata: Record<string, unknown> = {},\n    callId: string = toolCallContext.callId,\n  ): MessageDraft => ({\n    role: 'tool',\n    content,\n    toolCallId: call.id,\n    metadata: { ...metadata, [Keys.TurnId]: turn.turnId, [Keys.CallId]: callId },\n  });\n  if (turn.signal.aborted) return result('Not run: the turn was stopped.'); // [ABT-1]\n  let args: Record<string, unknown>;",
      },
      {
        file: 'run-turn.ts',
        from: "        );\n    },\n  );\n  if (ran.blocked) return result('The call was blocked.');\n  const after = { name: call.name, result: ran.result, toolCallContext, metadata: {} };\n  await hooks.run('agent:tool:after', after);\n  return result(after.result.content, after.metadata); // plugins' metadata kept ([ARC-4])",
        to: "        );\n    },\n  );\n  // A blocked call never ran: its result is the agent's own, with an id of its own ([ARC-2], [TID-3]).\n  if (ran.blocked) return result('The call was blocked.', {}, randomUUID());\n  const after = { name: call.name, result: ran.result, toolCallContext, metadata: {} };\n  await hooks.run('agent:tool:after', after);\n  return result(after.result.content, after.metadata); // plugins' metadata kept ([ARC-4])",
      },
    ],
  },
  {
    name: 'end-markers-of-openers',
    breaks: ['OUT-3'],
    what: 'end markers are counted from the inputs the turn opened with, so a joined input gets none',
    edits: [
      {
        file: 'run-turn.ts',
        from: "export async function runTurn(services: MinimalAgentServices, turn: TurnHandle): Promise<void> {\n  const { hooks, events } = services;\n  const { turnId, sessionId, inputs } = turn;\n  await hooks.run('agent:turn:before', { turnId, sessionId, inputs }, async () => {\n    const state: TurnState = {\n      outcome: 'silent',",
        to: "export async function runTurn(services: MinimalAgentServices, turn: TurnHandle): Promise<void> {\n  const { hooks, events } = services;\n  const { turnId, sessionId, inputs } = turn;\n  // One end marker per input of the turn ([OUT-3]).\n  const ends = inputs.map(() => ({ type: 'end' as const, sessionId, turnId }));\n  await hooks.run('agent:turn:before', { turnId, sessionId, inputs }, async () => {\n    const state: TurnState = {\n      outcome: 'silent',",
      },
      {
        file: 'run-turn.ts',
        from: "    const after = { inputs, reply, outcome, sessionId, turnId, ...(error === undefined ? {} : { error }) };\n    await hooks.run('agent:turn:after', after);\n  });\n  for (const _input of inputs)\n    void events.emit('outbound:stream', { chunk: { type: 'end', sessionId, turnId } });\n}\n\n/** Archives inputs with the turn id and how they entered ([ARC-6], [HK-9]); idle triggers never. */",
        to: "    const after = { inputs, reply, outcome, sessionId, turnId, ...(error === undefined ? {} : { error }) };\n    await hooks.run('agent:turn:after', after);\n  });\n  for (const chunk of ends) void events.emit('outbound:stream', { chunk });\n}\n\n/** Archives inputs with the turn id and how they entered ([ARC-6], [HK-9]); idle triggers never. */",
      },
    ],
  },
  {
    name: 'record-on-first-persisted',
    breaks: ['ARC-8'],
    what: 'the turn record goes on the first reply the turn persisted, a version a format retry dropped',
    edits: [
      {
        file: 'run-turn.ts',
        from: "interface TurnState {\n  outcome: TurnOutcome;\n  reply: Message | undefined;\n  error: string | undefined;\n  /** Token figures of the turn's calls, for the final reply ([ARC-3]). */\n  readonly tokens: { promptTokens: number; completionTokens: number };",
        to: "interface TurnState {\n  outcome: TurnOutcome;\n  reply: Message | undefined;\n  /** The turn's reply in history, where its record goes ([ARC-8]). */\n  persisted: Message | undefined;\n  error: string | undefined;\n  /** Token figures of the turn's calls, for the final reply ([ARC-3]). */\n  readonly tokens: { promptTokens: number; completionTokens: number };",
      },
      {
        file: 'run-turn.ts',
        from: "    const state: TurnState = {\n      outcome: 'silent',\n      reply: undefined,\n      error: undefined,\n      tokens: { promptTokens: 0, completionTokens: 0 },\n    };",
        to: "    const state: TurnState = {\n      outcome: 'silent',\n      reply: undefined,\n      persisted: undefined,\n      error: undefined,\n      tokens: { promptTokens: 0, completionTokens: 0 },\n    };",
      },
      {
        file: 'run-turn.ts',
        from: "    if (reply.retry !== undefined && attempt < MAX_FORMAT_RETRIES) {\n      // The dropped version is persisted, never sent ([ARC-5]); the model gets the feedback ([HK-7]).\n      const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content };\n      await services.archive?.append(sessionId, [{ ...draft, metadata: { [Keys.TurnId]: turnId } }]);\n      current.push(draft, { role: 'system', content: reply.retry.feedback });\n      attempt += 1;\n      continue;",
        to: "    if (reply.retry !== undefined && attempt < MAX_FORMAT_RETRIES) {\n      // The dropped version is persisted, never sent ([ARC-5]); the model gets the feedback ([HK-7]).\n      const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content };\n      const [dropped] = (await services.archive?.append(sessionId, [{ ...draft, metadata: { [Keys.TurnId]: turnId } }])) ?? [];\n      state.persisted ??= dropped;\n      current.push(draft, { role: 'system', content: reply.retry.feedback });\n      attempt += 1;\n      continue;",
      },
      {
        file: 'run-turn.ts',
        from: "  const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content, metadata };\n  const [stored] = (await services.archive?.append(turn.sessionId, [draft])) ?? [];\n  state.reply = stored ?? { ...draft, id: randomUUID(), sessionId: turn.sessionId, createdAt: Date.now() };\n  state.outcome = 'replied';\n  // Only the final reply goes out, so a room never sees text said before tool calls ([ARC-5]).\n  const message = {",
        to: "  const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content, metadata };\n  const [stored] = (await services.archive?.append(turn.sessionId, [draft])) ?? [];\n  state.reply = stored ?? { ...draft, id: randomUUID(), sessionId: turn.sessionId, createdAt: Date.now() };\n  state.persisted ??= stored;\n  state.outcome = 'replied';\n  // Only the final reply goes out, so a room never sees text said before tool calls ([ARC-5]).\n  const message = {",
      },
      {
        file: 'run-turn.ts',
        from: "    ...(source === undefined ? {} : { source }),\n    ...(state.error === undefined ? {} : { error: state.error }),\n  };\n  if (state.reply !== undefined) return archive.updateMetadata(state.reply.id, { [Keys.TurnRecord]: record });\n  const marker = { role: 'system' as const, kind: WellKnownKinds.EventMarker, content: '' };\n  await archive.append(turn.sessionId, [\n    { ...marker, metadata: { [Keys.TurnId]: turn.turnId, [Keys.TurnRecord]: record } },",
        to: "    ...(source === undefined ? {} : { source }),\n    ...(state.error === undefined ? {} : { error: state.error }),\n  };\n  if (state.persisted !== undefined)\n    return archive.updateMetadata(state.persisted.id, { [Keys.TurnRecord]: record });\n  const marker = { role: 'system' as const, kind: WellKnownKinds.EventMarker, content: '' };\n  await archive.append(turn.sessionId, [\n    { ...marker, metadata: { [Keys.TurnId]: turn.turnId, [Keys.TurnRecord]: record } },",
      },
    ],
  },
  {
    name: 'private-chat-not-a-room',
    breaks: ['ARC-5'],
    what: 'text said before tool calls is sent in every session but a group chat, though private chats are rooms too',
    edits: [
      {
        file: 'run-turn.ts',
        from: '    const { content, toolCalls } = after.response;\n    if (toolCalls.length > 0 && rounds < MAX_TOOL_ROUNDS) {\n      rounds += 1;\n      const group = await callTools(services, turn, after.response, model);\n      current.push(...group);\n      historyMessages += group.length;',
        to: "    const { content, toolCalls } = after.response;\n    if (toolCalls.length > 0 && rounds < MAX_TOOL_ROUNDS) {\n      rounds += 1;\n      // Outside group chats, what the model says before its tool calls is shown as it is said;\n      // a group sees only the turn's last reply ([ARC-5]).\n      const first = inputs[0]?.message;\n      const inGroup = sessions.getSession(sessionId)?.kind === 'room' && first?.sessionType === 'group';\n      if (!inGroup && content.trim() !== '' && !signal.aborted) {\n        const message = { sessionId, content, turnId, kind: 'reply' as const };\n        await services.events.emit('outbound:message', { message });\n      }\n      const group = await callTools(services, turn, after.response, model);\n      current.push(...group);\n      historyMessages += group.length;",
      },
    ],
  },
  {
    name: 'trimmed-only-when-cut',
    breaks: ['USG-3'],
    what: 'trimmed is set only when history was dropped, not when the estimate went over the budget',
    edits: [
      {
        file: 'prompt.ts',
        from: 'export function fit(prompt: Prompt): FittedPrompt {\n  const fixed = estimateAll(prompt.blocks.map((block) => block.message));\n  let size = fixed + estimateTools(prompt.tools) + estimateAll(prompt.earlier) + estimateAll(prompt.current);\n  const overBudget = size > budgetOf(prompt.model);\n  let start = 0;\n  while (start < prompt.earlier.length && size > budgetOf(prompt.model)) {\n    size -= estimate(prompt.earlier[start]!);',
        to: 'export function fit(prompt: Prompt): FittedPrompt {\n  const fixed = estimateAll(prompt.blocks.map((block) => block.message));\n  let size = fixed + estimateTools(prompt.tools) + estimateAll(prompt.earlier) + estimateAll(prompt.current);\n  let start = 0;\n  while (start < prompt.earlier.length && size > budgetOf(prompt.model)) {\n    size -= estimate(prompt.earlier[start]!);',
      },
      {
        file: 'prompt.ts',
        from: '    ...prompt,\n    messages: [...prompt.blocks.map((block) => block.message), ...sentHistory],\n    trimmed: overBudget || start > 0,\n  };\n}\n',
        to: '    ...prompt,\n    messages: [...prompt.blocks.map((block) => block.message), ...sentHistory],\n    trimmed: start > 0,\n  };\n}\n',
      },
    ],
  },
  {
    name: 'joined-not-marked-archived',
    breaks: ['HK-9'],
    what: 'a joined input is archived but its TurnInput gets no archived',
    edits: [
      {
        file: 'run-turn.ts',
        from: "): Promise<void> {\n  for (const input of inputs) {\n    if (services.archive === undefined || input.message.triggerType === 'idle') continue;\n    input.archived = await services.archive.archiveIncoming(input.message, { turnId: turn.turnId, entry });\n  }\n}\n",
        to: "): Promise<void> {\n  for (const input of inputs) {\n    if (services.archive === undefined || input.message.triggerType === 'idle') continue;\n    const archived = await services.archive.archiveIncoming(input.message, { turnId: turn.turnId, entry });\n    // The opening inputs are read back by the prompt (own-history filter); joined ones are not.\n    if (entry === 'opened') input.archived = archived;\n  }\n}\n",
      },
    ],
  },
  {
    name: 'next-returns-when-queued',
    breaks: ['PRE-1'],
    what: 'the default action of agent:input:before returns once the input is queued, not once it settled',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '    return session.running?.ended ?? Promise.resolve();\n  }\n\n  /** Hands an input that passed `agent:input:before` to its session; resolves once it settled. */\n  async function admit(message: IncomingMessage, generation: number): Promise<void> {\n    // Inputs arriving while clearing holds their session wait, unarchived ([CLR-2]).\n    for (let hold = holdOf(message.sessionId); hold && !draining; hold = holdOf(message.sessionId))\n      await Promise.race([hold.released, drained]);\n    // A deletion since the input arrived (or a shutdown) releases it, unarchived ([DEL-2], [DRN-1]).\n    if (draining || sessionManager.generationOf(message.sessionId) !== generation)\n      return endStream(message.sessionId);\n    const session = sessionOf(message.sessionId);\n    const { promise: settled, resolve: settle } = settleable();\n    const human = message.source === undefined;',
        to: '    return session.running?.ended ?? Promise.resolve();\n  }\n\n  /** Hands an input that passed `agent:input:before` to its session; resolves once it is queued. */\n  async function enqueue(message: IncomingMessage, generation: number): Promise<{ settled: Promise<void> }> {\n    // Inputs arriving while clearing holds their session wait, unarchived ([CLR-2]).\n    for (let hold = holdOf(message.sessionId); hold && !draining; hold = holdOf(message.sessionId))\n      await Promise.race([hold.released, drained]);\n    // A deletion since the input arrived (or a shutdown) releases it, unarchived ([DEL-2], [DRN-1]).\n    if (draining || sessionManager.generationOf(message.sessionId) !== generation)\n      return { settled: Promise.resolve(endStream(message.sessionId)) };\n    const session = sessionOf(message.sessionId);\n    const { promise: settled, resolve: settle } = settleable();\n    const human = message.source === undefined;',
      },
      {
        file: 'minimal-agent.ts',
        from: "    session.queue.push({ input: { message }, human, pending, settle });\n    announce(session);\n    openNext(session);\n    await settled;\n  }\n\n  /** Answers `token:request` with what the session's next model call would send ([USG-8]). */",
        to: "    session.queue.push({ input: { message }, human, pending, settle });\n    announce(session);\n    openNext(session);\n    return { settled };\n  }\n\n  /** Answers `token:request` with what the session's next model call would send ([USG-8]). */",
      },
      {
        file: 'minimal-agent.ts',
        from: "    async handleMessage(raw) {\n      const message = parseIncomingMessage(raw); // an invalid input rejects, naming the field ([SVC-3])\n      const generation = sessionManager.generationOf(message.sessionId);\n      const run = await hooks.run('agent:input:before', { message }, ({ message: input }) =>\n        admit(input, generation),\n      );\n      if (run.blocked) endStream(message.sessionId); // dropped by a middleware ([PRE-1])\n    },\n\n    abort(sessionId, options = {}) {",
        to: "    async handleMessage(raw) {\n      const message = parseIncomingMessage(raw); // an invalid input rejects, naming the field ([SVC-3])\n      const generation = sessionManager.generationOf(message.sessionId);\n      // The chain's default action hands the input over; settling is awaited outside the\n      // chain, so a slow turn does not keep every preprocessor's frame open.\n      let settled: Promise<void> = Promise.resolve();\n      const run = await hooks.run('agent:input:before', { message }, async ({ message: input }) => {\n        ({ settled } = await enqueue(input, generation));\n      });\n      if (run.blocked) endStream(message.sessionId); // dropped by a middleware ([PRE-1])\n      await settled;\n    },\n\n    abort(sessionId, options = {}) {",
      },
    ],
  },
  {
    name: 'injector-keeps-last-message',
    breaks: ['PRM-3'],
    what: "a contribution's figure under its key is its last message's, not the sum of its messages",
    edits: [
      {
        file: 'prompt.ts',
        from: '    breakdown[block.bucket] += tokens;\n    const figures = injectors[block.bucket] ?? {};\n    injectors[block.bucket] = figures;\n    figures[block.key] = (figures[block.key] ?? 0) + tokens;\n  }\n',
        to: '    breakdown[block.bucket] += tokens;\n    const figures = injectors[block.bucket] ?? {};\n    injectors[block.bucket] = figures;\n    figures[block.key] = tokens;\n  }\n',
      },
    ],
  },
  {
    name: 'usage-for-aborted-call',
    breaks: ['USG-1'],
    what: 'a model call cut short by an abort still reports its estimated usage',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    };\n    await hooks.run('agent:llm:before', before);\n    signal.throwIfAborted();\n    const response = await llm.chat({\n      model,\n      messages: before.messages,\n      tools: before.tools,\n      signal,\n      onDelta: (delta) => {\n        if (delta.type === 'tool-call') return;\n        const chunk = { type: delta.type, sessionId, turnId, text: delta.text };\n        void services.events.emit('outbound:stream', { chunk });\n      },\n    });\n    state.tokens.promptTokens += response.usage?.promptTokens ?? 0;\n    state.tokens.completionTokens += response.usage?.completionTokens ?? 0;\n    // One token:usage per model call that returned ([USG-1]).\n    void services.events.emit('token:usage', {\n      sessionId,\n      turnId,\n      snapshot: false,\n      model: model.ref,\n      // Of what was sent: the messages and tools agent:llm:before left ([USG-2]).\n      ...usageFigures({ ...prompt, messages: before.messages, tools: before.tools }, response),\n      trimmed,\n      historyMessages,\n    });\n    const after = { response, messages: before.messages, sessionId, turnId, iteration };\n    await hooks.run('agent:llm:after', after);\n",
        to: "    };\n    await hooks.run('agent:llm:before', before);\n    signal.throwIfAborted();\n    const report = (response: ChatResponse | undefined) =>\n      void services.events.emit('token:usage', {\n        sessionId,\n        turnId,\n        snapshot: false,\n        model: model.ref,\n        // Of what was sent: the messages and tools agent:llm:before left ([USG-2]).\n      ...usageFigures({ ...prompt, messages: before.messages, tools: before.tools }, response),\n        trimmed,\n        historyMessages,\n      });\n    let response: ChatResponse;\n    try {\n      response = await llm.chat({\n        model,\n        messages: before.messages,\n        tools: before.tools,\n        signal,\n        onDelta: (delta) => {\n          if (delta.type === 'tool-call') return;\n          const chunk = { type: delta.type, sessionId, turnId, text: delta.text };\n          void services.events.emit('outbound:stream', { chunk });\n        },\n      });\n    } catch (error) {\n      // A call stopped by the user was still sent and billed: report its (estimated) prompt.\n      if (signal.aborted) report(undefined);\n      throw error;\n    }\n    state.tokens.promptTokens += response.usage?.promptTokens ?? 0;\n    state.tokens.completionTokens += response.usage?.completionTokens ?? 0;\n    // One token:usage per model call that returned ([USG-1]).\n    report(response);\n    const after = { response, messages: before.messages, sessionId, turnId, iteration };\n    await hooks.run('agent:llm:after', after);\n",
      },
    ],
  },
  {
    name: 'estimate-without-tools',
    breaks: ['USG-2'],
    what: 'an estimated used counts the sent messages but not the tool definitions',
    edits: [
      {
        file: 'prompt.ts',
        from: '  const used =\n    reported !== undefined && Number.isFinite(reported) && reported > 0\n      ? reported\n      : estimateAll(prompt.messages) + breakdown.toolDefs;\n  const { contextWindow } = prompt.model.capabilities;\n  return {\n    used,',
        to: '  const used =\n    reported !== undefined && Number.isFinite(reported) && reported > 0\n      ? reported\n      : estimateAll(prompt.messages);\n  const { contextWindow } = prompt.model.capabilities;\n  return {\n    used,',
      },
    ],
  },
  {
    name: 'history-count-latest-group',
    breaks: ['USG-5'],
    what: 'historyMessages adds only the latest tool round, not every round of the turn',
    edits: [
      {
        file: 'run-turn.ts',
        from: "  const earlier = stored.filter((message) => !own.has(message.id)).map(asChat);\n  const current: ChatMessage[] = inputs.map((input) => ({ role: 'user', content: input.message.content }));\n  // The active history at turn start, opening inputs included, then what the turn appends ([USG-5]).\n  let historyMessages = (await memory?.countHistory(sessionId)) ?? inputs.length;\n  let trimmed = false;\n  const source = inputs[0]?.message.source;\n  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {",
        to: "  const earlier = stored.filter((message) => !own.has(message.id)).map(asChat);\n  const current: ChatMessage[] = inputs.map((input) => ({ role: 'user', content: input.message.content }));\n  // The active history at turn start, opening inputs included, then what the turn appends ([USG-5]).\n  const atStart = (await memory?.countHistory(sessionId)) ?? inputs.length;\n  let historyMessages = atStart;\n  let joinedSoFar = 0;\n  let trimmed = false;\n  const source = inputs[0]?.message.source;\n  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {",
      },
      {
        file: 'run-turn.ts',
        from: "    inputs.push(...joined);\n    await archiveInputs(services, turn, joined, 'joined');\n    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n\n    const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs, signal, dryRun: false };",
        to: "    inputs.push(...joined);\n    await archiveInputs(services, turn, joined, 'joined');\n    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    joinedSoFar += joined.length;\n    historyMessages += joined.length;\n\n    const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs, signal, dryRun: false };",
      },
      {
        file: 'run-turn.ts',
        from: "      rounds += 1;\n      const group = await callTools(services, turn, after.response, model);\n      current.push(...group);\n      historyMessages += group.length;\n      continue;\n    }\n    if (content.trim() === '') return; // outcome silent",
        to: "      rounds += 1;\n      const group = await callTools(services, turn, after.response, model);\n      current.push(...group);\n      // The history as the next call sees it: what the turn started with, what joined, and the group just run.\n      historyMessages = atStart + joinedSoFar + group.length;\n      continue;\n    }\n    if (content.trim() === '') return; // outcome silent",
      },
    ],
  },
  {
    name: 'silent-answer-persisted',
    breaks: ['OUT-1'],
    what: "a silent turn persists the model's empty answer",
    edits: [
      {
        file: 'run-turn.ts',
        from: "      historyMessages += group.length;\n      continue;\n    }\n    if (content.trim() === '') return; // outcome silent\n    const reply: AgentReplyBeforePayload = {\n      content,\n      sessionId,",
        to: "      historyMessages += group.length;\n      continue;\n    }\n    if (content.trim() === '') {\n      // Outcome silent: nothing is sent, but the model's (empty) answer stays in history so the\n      // next turn's model sees it took its turn rather than a run of unanswered inputs.\n      const answer = { role: 'assistant' as const, content, metadata: { [Keys.TurnId]: turnId } };\n      await services.archive?.append(sessionId, [answer]);\n      return;\n    }\n    const reply: AgentReplyBeforePayload = {\n      content,\n      sessionId,",
      },
    ],
  },
  {
    name: 'tool-failure-as-turn-error',
    breaks: ['OUT-2'],
    what: "a failed tool call becomes the turn's error whatever the outcome",
    edits: [
      {
        file: 'run-turn.ts',
        from: '    const { content, toolCalls } = after.response;\n    if (toolCalls.length > 0 && rounds < MAX_TOOL_ROUNDS) {\n      rounds += 1;\n      const group = await callTools(services, turn, after.response, model);\n      current.push(...group);\n      historyMessages += group.length;\n      continue;',
        to: '    const { content, toolCalls } = after.response;\n    if (toolCalls.length > 0 && rounds < MAX_TOOL_ROUNDS) {\n      rounds += 1;\n      const group = await callTools(services, turn, after.response, model, state);\n      current.push(...group);\n      historyMessages += group.length;\n      continue;',
      },
      {
        file: 'run-turn.ts',
        from: "  turn: TurnHandle,\n  response: ChatResponse,\n  model: ResolvedModel,\n): Promise<ChatMessage[]> {\n  const metadata = { [Keys.TurnId]: turn.turnId };\n  const group: MessageDraft[] = [\n    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model));\n  await services.archive?.append(turn.sessionId, group);\n  return group.map(asChat);\n}",
        to: "  turn: TurnHandle,\n  response: ChatResponse,\n  model: ResolvedModel,\n  state: TurnState,\n): Promise<ChatMessage[]> {\n  const metadata = { [Keys.TurnId]: turn.turnId };\n  const group: MessageDraft[] = [\n    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model, state));\n  await services.archive?.append(turn.sessionId, group);\n  return group.map(asChat);\n}",
      },
      {
        file: 'run-turn.ts',
        from: '  turn: TurnHandle,\n  call: ToolCall,\n  model: ResolvedModel,\n): Promise<MessageDraft> {\n  const { hooks, events, tools } = services;\n  const first = turn.inputs[0]?.message;',
        to: '  turn: TurnHandle,\n  call: ToolCall,\n  model: ResolvedModel,\n  state: TurnState,\n): Promise<MessageDraft> {\n  const { hooks, events, tools } = services;\n  const first = turn.inputs[0]?.message;',
      },
      {
        file: 'run-turn.ts',
        from: "      await events.emit('tool:execute', invocation);\n      return tools\n        .execute(invocation)\n        .catch(\n          (error: unknown): ToolResult => ({ content: `The tool failed: ${String(error)}`, isError: true }),\n        );\n    },\n  );\n  if (ran.blocked) return result('The call was blocked.');",
        to: "      await events.emit('tool:execute', invocation);\n      return tools\n        .execute(invocation)\n        .catch((error: unknown): ToolResult => {\n          // Kept for the turn's record and the session's lastTurn: the turn goes on, the model gets the failure.\n          state.error = sentence(error);\n          return { content: `The tool failed: ${String(error)}`, isError: true };\n        });\n    },\n  );\n  if (ran.blocked) return result('The call was blocked.');",
      },
    ],
  },
  {
    name: 'started-group-runs-on',
    breaks: ['ABT-1'],
    what: 'an abort is checked once per tool-call group, so the rest of a started group still runs',
    edits: [
      {
        file: 'run-turn.ts',
        from: "  const group: MessageDraft[] = [\n    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model));\n  await services.archive?.append(turn.sessionId, group);\n  return group.map(asChat);\n}",
        to: "  const group: MessageDraft[] = [\n    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  // A group the model asked for after the stop is not run ([ABT-1]); a started group runs to its end.\n  const stopped = turn.signal.aborted;\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model, stopped));\n  await services.archive?.append(turn.sessionId, group);\n  return group.map(asChat);\n}",
      },
      {
        file: 'run-turn.ts',
        from: '  turn: TurnHandle,\n  call: ToolCall,\n  model: ResolvedModel,\n): Promise<MessageDraft> {\n  const { hooks, events, tools } = services;\n  const first = turn.inputs[0]?.message;',
        to: '  turn: TurnHandle,\n  call: ToolCall,\n  model: ResolvedModel,\n  stopped: boolean,\n): Promise<MessageDraft> {\n  const { hooks, events, tools } = services;\n  const first = turn.inputs[0]?.message;',
      },
      {
        file: 'run-turn.ts',
        from: "    toolCallId: call.id,\n    metadata: { ...metadata, [Keys.TurnId]: turn.turnId, [Keys.CallId]: toolCallContext.callId },\n  });\n  if (turn.signal.aborted) return result('Not run: the turn was stopped.'); // [ABT-1]\n  let args: Record<string, unknown>;\n  try {\n    args = JSON.parse(call.arguments || '{}') as Record<string, unknown>;",
        to: "    toolCallId: call.id,\n    metadata: { ...metadata, [Keys.TurnId]: turn.turnId, [Keys.CallId]: toolCallContext.callId },\n  });\n  if (stopped) return result('Not run: the turn was stopped.');\n  let args: Record<string, unknown>;\n  try {\n    args = JSON.parse(call.arguments || '{}') as Record<string, unknown>;",
      },
      {
        file: 'run-turn.ts',
        from: "      if (turn.signal.aborted) return { content: 'Not run: the turn was stopped.', isError: true };",
        to: "      if (stopped) return { content: 'Not run: the turn was stopped.', isError: true };",
      },
    ],
  },
  {
    name: 'reason-in-not-run-results',
    breaks: ['ABT-5'],
    what: 'the results of tool calls an abort stopped quote its reason',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '      const running = session?.running;\n      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]\n      running?.controller.abort(); // `reason` and `by` only matter to a log line and a stop marker\n      return running !== undefined; // [ABT-7]\n    },\n',
        to: '      const running = session?.running;\n      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]\n      running?.controller.abort(options.reason); // the signal carries why the turn was stopped\n      return running !== undefined; // [ABT-7]\n    },\n',
      },
      {
        file: 'run-turn.ts',
        from: "  }\n}\n\n/** Runs the model's tool calls and persists the group with the turn id ([ARC-1]). */\nasync function callTools(\n  services: MinimalAgentServices,",
        to: "  }\n}\n\n/** What a tool result of a stopped turn says, for the next turn's model. */\nfunction stopReason(signal: AbortSignal): string {\n  return typeof signal.reason === 'string' ? `the turn was stopped (${signal.reason})` : 'the turn was stopped';\n}\n\n/** Runs the model's tool calls and persists the group with the turn id ([ARC-1]). */\nasync function callTools(\n  services: MinimalAgentServices,",
      },
      {
        file: 'run-turn.ts',
        from: "    toolCallId: call.id,\n    metadata: { ...metadata, [Keys.TurnId]: turn.turnId, [Keys.CallId]: toolCallContext.callId },\n  });\n  if (turn.signal.aborted) return result('Not run: the turn was stopped.'); // [ABT-1]\n  let args: Record<string, unknown>;\n  try {\n    args = JSON.parse(call.arguments || '{}') as Record<string, unknown>;",
        to: "    toolCallId: call.id,\n    metadata: { ...metadata, [Keys.TurnId]: turn.turnId, [Keys.CallId]: toolCallContext.callId },\n  });\n  if (turn.signal.aborted) return result(`Not run: ${stopReason(turn.signal)}.`); // [ABT-1]\n  let args: Record<string, unknown>;\n  try {\n    args = JSON.parse(call.arguments || '{}') as Record<string, unknown>;",
      },
    ],
  },
  {
    name: 'abort-frees-the-session',
    breaks: ['SCH-5'],
    what: "an abort opens the session's next turn while the stopped one still winds down",
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '    running.ended = runTurn(services, turn)\n      .catch(() => undefined)\n      .then(async () => {\n        session.running = undefined;\n        // Insertions the turn did not take wait where they were enqueued ([SCH-3]).\n        for (const entry of session.queue) entry.pending = false;\n        await archiveReleased(session);\n        for (const entry of running.entries) entry.settle();\n        openNext(session);',
        to: '    running.ended = runTurn(services, turn)\n      .catch(() => undefined)\n      .then(async () => {\n        // An aborted turn already gave up its place (see `abort`).\n        if (session.running === running) {\n          session.running = undefined;\n          // Insertions the turn did not take wait where they were enqueued ([SCH-3]).\n          for (const entry of session.queue) entry.pending = false;\n        }\n        await archiveReleased(session);\n        for (const entry of running.entries) entry.settle();\n        openNext(session);',
      },
      {
        file: 'minimal-agent.ts',
        from: '      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]\n      running?.controller.abort(); // `reason` and `by` only matter to a log line and a stop marker\n      return running !== undefined; // [ABT-7]\n    },\n',
        to: '      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]\n      running?.controller.abort(); // `reason` and `by` only matter to a log line and a stop marker\n      if (session !== undefined && running !== undefined && options.queued !== true) {\n        // The stopped turn only unwinds from here: the session is free for what waits ([ABT-4]).\n        session.running = undefined;\n        for (const entry of session.queue) entry.pending = false;\n        openNext(session);\n      }\n      return running !== undefined; // [ABT-7]\n    },\n',
      },
    ],
  },
  {
    name: 'release-unannounced',
    breaks: ['SCH-8'],
    what: 'clearing, deletion and drain release the waiting inputs without an agent:queue event',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  /** Stops the running turn and releases the waiting inputs, unarchived; resolves once the turn ended. */\n  function stop(session: Session): Promise<void> {\n    session.running?.controller.abort();\n    release(session, false);\n    return session.running?.ended ?? Promise.resolve();\n  }\n',
        to: '  /** Stops the running turn and releases the waiting inputs, unarchived; resolves once the turn ended. */\n  function stop(session: Session): Promise<void> {\n    session.running?.controller.abort();\n    // The session is going away or being wiped: drop what waits, unarchived.\n    for (const entry of session.queue.splice(0)) {\n      endStream(session.id);\n      entry.settle();\n    }\n    return session.running?.ended ?? Promise.resolve();\n  }\n',
      },
    ],
  },
  {
    name: 'reply-tokens-without-retries',
    breaks: ['ARC-3'],
    what: "the reply's token usage leaves out the call whose reply a format retry dropped",
    edits: [
      {
        file: 'run-turn.ts',
        from: "    if (reply.retry !== undefined && attempt < MAX_FORMAT_RETRIES) {\n      // The dropped version is persisted, never sent ([ARC-5]); the model gets the feedback ([HK-7]).\n      const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content };\n      await services.archive?.append(sessionId, [{ ...draft, metadata: { [Keys.TurnId]: turnId } }]);\n      current.push(draft, { role: 'system', content: reply.retry.feedback });\n      attempt += 1;",
        to: "    if (reply.retry !== undefined && attempt < MAX_FORMAT_RETRIES) {\n      // The dropped version is persisted, never sent ([ARC-5]); the model gets the feedback ([HK-7]).\n      const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content };\n      // The dropped version's call does not count toward the reply that is kept.\n      state.tokens.promptTokens -= response.usage?.promptTokens ?? 0;\n      state.tokens.completionTokens -= response.usage?.completionTokens ?? 0;\n      await services.archive?.append(sessionId, [{ ...draft, metadata: { [Keys.TurnId]: turnId } }]);\n      current.push(draft, { role: 'system', content: reply.retry.feedback });\n      attempt += 1;",
      },
    ],
  },
  {
    name: 'clearing-keeps-insertions',
    breaks: ['CLR-1'],
    what: 'clearing releases the queue but keeps the pending insertions, which open a turn after clear',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '      holds.add(hold);\n      try {\n        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);\n        await Promise.all(chosen.map(stop)); // [CLR-1]\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {\n        holds.delete(hold); // released even when clear throws ([CLR-6])',
        to: '      holds.add(hold);\n      try {\n        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);\n        // Pending insertions belong to the running turn and go with it; only what waits behind it is released.\n        const stopForClear = (session: Session): Promise<void> => {\n          session.running?.controller.abort();\n          const waiting = session.queue.filter((entry) => !entry.pending);\n          session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => entry.pending));\n          for (const entry of waiting) {\n            endStream(session.id);\n            entry.settle();\n          }\n          if (waiting.length > 0) announce(session);\n          return session.running?.ended ?? Promise.resolve();\n        };\n        await Promise.all(chosen.map(stopForClear)); // [CLR-1]\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {\n        holds.delete(hold); // released even when clear throws ([CLR-6])',
      },
    ],
  },
  {
    name: 'hold-after-the-stop',
    breaks: ['CLR-2'],
    what: 'the hold starts once the stopped turns settled, not at the stop',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '    async clearing(sessionIds, clear) {\n      const { promise: released, resolve: releaseHold } = settleable();\n      const hold: Hold = { sessionIds: sessionIds === undefined ? undefined : new Set(sessionIds), released };\n      holds.add(hold);\n      try {\n        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);\n        await Promise.all(chosen.map(stop)); // [CLR-1]\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {\n        holds.delete(hold); // released even when clear throws ([CLR-6])',
        to: '    async clearing(sessionIds, clear) {\n      const { promise: released, resolve: releaseHold } = settleable();\n      const hold: Hold = { sessionIds: sessionIds === undefined ? undefined : new Set(sessionIds), released };\n      try {\n        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);\n        await Promise.all(chosen.map(stop)); // [CLR-1]\n        // Hold the sessions for the cleanup itself: nothing new may start while clear() runs.\n        holds.add(hold);\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {\n        holds.delete(hold); // released even when clear throws ([CLR-6])',
      },
    ],
  },
  {
    name: 'one-hold-per-session',
    breaks: ['CLR-2'],
    what: "holds kept one per session, so the first clearing to end lifts another clearing's hold",
    edits: [
      {
        file: 'minimal-agent.ts',
        from: 'export function createMinimalAgent(services: MinimalAgentServices): AgentService {\n  const { events, hooks, sessions: sessionManager } = services;\n  const sessions = new Map<string, Session>();\n  const holds = new Set<Hold>();\n  const preprocessors = new Map<string, () => void>();\n  let draining = false;\n  // Shutdown wakes the inputs waiting for a hold, to release them ([DRN-1]).',
        to: 'export function createMinimalAgent(services: MinimalAgentServices): AgentService {\n  const { events, hooks, sessions: sessionManager } = services;\n  const sessions = new Map<string, Session>();\n  /** The hold of each held session; `everyHold` for a clearing of every session ([CLR-3]). */\n  const holds = new Map<string, Hold>();\n  let everyHold: Hold | undefined;\n  const preprocessors = new Map<string, () => void>();\n  let draining = false;\n  // Shutdown wakes the inputs waiting for a hold, to release them ([DRN-1]).',
      },
      {
        file: 'minimal-agent.ts',
        from: "    }\n    return session;\n  };\n  const holdOf = (id: string) =>\n    [...holds].find((hold) => hold.sessionIds === undefined || hold.sessionIds.has(id));\n  const endStream = (sessionId: string) =>\n    void events.emit('outbound:stream', { chunk: { type: 'end', sessionId } });\n  /** The session's waiting inputs, on every change ([SCH-8]). */",
        to: "    }\n    return session;\n  };\n  const holdOf = (id: string) => everyHold ?? holds.get(id);\n  const endStream = (sessionId: string) =>\n    void events.emit('outbound:stream', { chunk: { type: 'end', sessionId } });\n  /** The session's waiting inputs, on every change ([SCH-8]). */",
      },
      {
        file: 'minimal-agent.ts',
        from: '    async clearing(sessionIds, clear) {\n      const { promise: released, resolve: releaseHold } = settleable();\n      const hold: Hold = { sessionIds: sessionIds === undefined ? undefined : new Set(sessionIds), released };\n      holds.add(hold);\n      try {\n        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);\n        await Promise.all(chosen.map(stop)); // [CLR-1]\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {\n        holds.delete(hold); // released even when clear throws ([CLR-6])\n        releaseHold();\n        for (const session of sessions.values()) openNext(session);\n      }',
        to: '    async clearing(sessionIds, clear) {\n      const { promise: released, resolve: releaseHold } = settleable();\n      const hold: Hold = { sessionIds: sessionIds === undefined ? undefined : new Set(sessionIds), released };\n      if (sessionIds === undefined) everyHold = hold;\n      else for (const id of sessionIds) holds.set(id, hold);\n      try {\n        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);\n        await Promise.all(chosen.map(stop)); // [CLR-1]\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {\n        // released even when clear throws ([CLR-6])\n        if (sessionIds === undefined) everyHold = undefined;\n        else for (const id of sessionIds) holds.delete(id);\n        releaseHold();\n        for (const session of sessions.values()) openNext(session);\n      }',
      },
    ],
  },
  {
    name: 'clearings-wait-for-each-other',
    breaks: ['CLR-7'],
    what: 'each clearing waits for every overlapping hold before its clear, so two clearings deadlock',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '    }\n    return session;\n  };\n  const holdOf = (id: string) =>\n    [...holds].find((hold) => hold.sessionIds === undefined || hold.sessionIds.has(id));\n  const endStream = (sessionId: string) =>',
        to: '    }\n    return session;\n  };\n  const overlaps = (a: Hold, b: Hold) =>\n    a.sessionIds === undefined ||\n    b.sessionIds === undefined ||\n    [...a.sessionIds].some((id) => b.sessionIds?.has(id));\n  const holdOf = (id: string) =>\n    [...holds].find((hold) => hold.sessionIds === undefined || hold.sessionIds.has(id));\n  const endStream = (sessionId: string) =>',
      },
      {
        file: 'minimal-agent.ts',
        from: '      try {\n        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);\n        await Promise.all(chosen.map(stop)); // [CLR-1]\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {\n        holds.delete(hold); // released even when clear throws ([CLR-6])',
        to: '      try {\n        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);\n        await Promise.all(chosen.map(stop)); // [CLR-1]\n        // One clear() at a time per session: let an overlapping clearing finish its cleanup first.\n        for (const other of [...holds])\n          if (other !== hold && overlaps(other, hold)) await other.released;\n        await clear(); // outside our own stopping and holding ([CLR-4])\n      } finally {\n        holds.delete(hold); // released even when clear throws ([CLR-6])',
      },
    ],
  },
  {
    name: 'deletion-waits-for-inputs',
    breaks: ['CLR-5'],
    what: "the session:deleted listener waits for the session's inputs in flight, one of them held by the deletion itself",
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  const { events, hooks, sessions: sessionManager } = services;\n  const sessions = new Map<string, Session>();\n  const holds = new Set<Hold>();\n  const preprocessors = new Map<string, () => void>();\n  let draining = false;\n  // Shutdown wakes the inputs waiting for a hold, to release them ([DRN-1]).',
        to: '  const { events, hooks, sessions: sessionManager } = services;\n  const sessions = new Map<string, Session>();\n  const holds = new Set<Hold>();\n  /** Inputs of each session that passed `agent:input:before` and have not settled yet. */\n  const inFlight = new Map<string, Set<Promise<void>>>();\n  const preprocessors = new Map<string, () => void>();\n  let draining = false;\n  // Shutdown wakes the inputs waiting for a hold, to release them ([DRN-1]).',
      },
      {
        file: 'minimal-agent.ts',
        from: '  }\n\n  /** Hands an input that passed `agent:input:before` to its session; resolves once it settled. */\n  async function admit(message: IncomingMessage, generation: number): Promise<void> {\n    // Inputs arriving while clearing holds their session wait, unarchived ([CLR-2]).\n    for (let hold = holdOf(message.sessionId); hold && !draining; hold = holdOf(message.sessionId))\n      await Promise.race([hold.released, drained]);',
        to: '  }\n\n  /** Hands an input that passed `agent:input:before` to its session; resolves once it settled. */\n  function admit(message: IncomingMessage, generation: number): Promise<void> {\n    let tracked = inFlight.get(message.sessionId);\n    if (tracked === undefined) inFlight.set(message.sessionId, (tracked = new Set()));\n    const done = enter(message, generation);\n    tracked.add(done);\n    return done.finally(() => tracked.delete(done));\n  }\n\n  async function enter(message: IncomingMessage, generation: number): Promise<void> {\n    // Inputs arriving while clearing holds their session wait, unarchived ([CLR-2]).\n    for (let hold = holdOf(message.sessionId); hold && !draining; hold = holdOf(message.sessionId))\n      await Promise.race([hold.released, drained]);',
      },
      {
        file: 'minimal-agent.ts',
        from: "\n  events.on('session:deleted', ({ sessionId }) => {\n    const session = sessions.get(sessionId);\n    // Resolves once the turn ended, without waiting for the hold of the deletion ([DEL-1], [CLR-5]).\n    return session === undefined ? undefined : stop(session);\n  });\n  events.on('token:request', async ({ sessionIds }) => {\n    for (const sessionId of sessionIds ?? [...sessions.keys()]) await snapshot(sessionId);",
        to: "\n  events.on('session:deleted', ({ sessionId }) => {\n    const session = sessions.get(sessionId);\n    // Resolves once the turn ended and every input of the session settled, so nothing of it is\n    // written after the session manager removed the data ([DEL-1], [DEL-3]).\n    if (session === undefined) return undefined;\n    return stop(session).then(() => Promise.all(inFlight.get(sessionId) ?? [])).then(() => undefined);\n  });\n  events.on('token:request', async ({ sessionIds }) => {\n    for (const sessionId of sessionIds ?? [...sessions.keys()]) await snapshot(sessionId);",
      },
    ],
  },
  {
    name: 'deletion-listener-early',
    breaks: ['DEL-1'],
    what: 'the session:deleted listener resolves once the turn stopped writing, before its agent:turn:after ended',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  /** The entries in the turn: those that opened it and those that joined. */\n  readonly entries: Entry[];\n  ended: Promise<void>;\n}\n\ninterface Session {',
        to: '  /** The entries in the turn: those that opened it and those that joined. */\n  readonly entries: Entry[];\n  ended: Promise<void>;\n  /** Resolves once the turn wrote its last message (its record), or ended without writing. */\n  persisted: Promise<void>;\n}\n\ninterface Session {',
      },
      {
        file: 'minimal-agent.ts',
        from: '      controller: new AbortController(),\n      entries,\n      ended: Promise.resolve(),\n    };\n    session.running = running;\n    announce(session);\n    const takeInsertions = () => {',
        to: '      controller: new AbortController(),\n      entries,\n      ended: Promise.resolve(),\n      persisted: Promise.resolve(),\n    };\n    const { promise: persisted, resolve: onPersisted } = settleable();\n    session.running = running;\n    announce(session);\n    const takeInsertions = () => {',
      },
      {
        file: 'minimal-agent.ts',
        from: '      inputs: entries.map((entry) => entry.input),\n      signal: running.controller.signal,\n      takeInsertions,\n    };\n    running.ended = runTurn(services, turn)\n      .catch(() => undefined)',
        to: '      inputs: entries.map((entry) => entry.input),\n      signal: running.controller.signal,\n      takeInsertions,\n      onPersisted,\n    };\n    running.ended = runTurn(services, turn)\n      .catch(() => undefined)',
      },
      {
        file: 'minimal-agent.ts',
        from: "        for (const entry of running.entries) entry.settle();\n        openNext(session);\n      });\n  }\n\n  /** Releases the session's waiting inputs: they open no turn and settle ([ABT-3], [CLR-1], [DEL-1]). */",
        to: "        for (const entry of running.entries) entry.settle();\n        openNext(session);\n      });\n    running.persisted = Promise.race([persisted, running.ended]);\n  }\n\n  /** Releases the session's waiting inputs: they open no turn and settle ([ABT-3], [CLR-1], [DEL-1]). */",
      },
      {
        file: 'minimal-agent.ts',
        from: "  events.on('session:deleted', ({ sessionId }) => {\n    const session = sessions.get(sessionId);\n    // Resolves once the turn ended, without waiting for the hold of the deletion ([DEL-1], [CLR-5]).\n    return session === undefined ? undefined : stop(session);\n  });\n  events.on('token:request', async ({ sessionIds }) => {\n    for (const sessionId of sessionIds ?? [...sessions.keys()]) await snapshot(sessionId);",
        to: "  events.on('session:deleted', ({ sessionId }) => {\n    const session = sessions.get(sessionId);\n    // Resolves once the turn ended, without waiting for the hold of the deletion ([DEL-1], [CLR-5]).\n    // The session manager only needs the turn to have stopped writing before it removes the data ([DEL-3]).\n    if (session === undefined) return undefined;\n    const running = session.running;\n    void stop(session);\n    return running?.persisted;\n  });\n  events.on('token:request', async ({ sessionIds }) => {\n    for (const sessionId of sessionIds ?? [...sessions.keys()]) await snapshot(sessionId);",
      },
      {
        file: 'run-turn.ts',
        from: '  readonly signal: AbortSignal;\n  /** The human inputs that arrived since the last model call, to join before the next one ([SCH-2]). */\n  takeInsertions(): TurnInput[];\n}\n\ninterface TurnState {',
        to: '  readonly signal: AbortSignal;\n  /** The human inputs that arrived since the last model call, to join before the next one ([SCH-2]). */\n  takeInsertions(): TurnInput[];\n  /** Called once the turn wrote everything it will write (its record included). */\n  onPersisted(): void;\n}\n\ninterface TurnState {',
      },
      {
        file: 'run-turn.ts',
        from: "      else await fail(services, turn, state, sentence(error));\n    }\n    await writeRecord(services, turn, state).catch(() => undefined);\n    const { outcome, reply, error } = state;\n    const after = { inputs, reply, outcome, sessionId, turnId, ...(error === undefined ? {} : { error }) };\n    await hooks.run('agent:turn:after', after);",
        to: "      else await fail(services, turn, state, sentence(error));\n    }\n    await writeRecord(services, turn, state).catch(() => undefined);\n    turn.onPersisted();\n    const { outcome, reply, error } = state;\n    const after = { inputs, reply, outcome, sessionId, turnId, ...(error === undefined ? {} : { error }) };\n    await hooks.run('agent:turn:after', after);",
      },
    ],
  },
  {
    name: 'deletion-archives-released',
    breaks: ['DEL-1'],
    what: 'a deletion releases the waiting inputs as an abort with queued does, archiving them',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: "  events.on('session:deleted', ({ sessionId }) => {\n    const session = sessions.get(sessionId);\n    // Resolves once the turn ended, without waiting for the hold of the deletion ([DEL-1], [CLR-5]).\n    return session === undefined ? undefined : stop(session);\n  });\n  events.on('token:request', async ({ sessionIds }) => {\n    for (const sessionId of sessionIds ?? [...sessions.keys()]) await snapshot(sessionId);",
        to: "  events.on('session:deleted', ({ sessionId }) => {\n    const session = sessions.get(sessionId);\n    // Resolves once the turn ended, without waiting for the hold of the deletion ([DEL-1], [CLR-5]).\n    // Like the stop button with `queued`: the turn stops and everything waiting goes with it.\n    if (session === undefined) return undefined;\n    session.running?.controller.abort();\n    release(session, true);\n    return session.running?.ended ?? Promise.resolve();\n  });\n  events.on('token:request', async ({ sessionIds }) => {\n    for (const sessionId of sessionIds ?? [...sessions.keys()]) await snapshot(sessionId);",
      },
    ],
  },
  {
    name: 'archive-before-preprocessing',
    breaks: ['PRE-1'],
    what: 'the archive stores the input as it was sent, before the preprocessors rewrote it',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: "import type { AgentService, PreprocessorFn, TurnInput } from '@aalis/api-agent';\nimport { type IncomingMessage, parseIncomingMessage } from '@aalis/schema-message';\nimport { asChat, buildContributions, fit, usageFigures } from './prompt.js';\nimport { runTurn } from './run-turn.js';\nimport type { MinimalAgentServices } from './services.js';\n\n/** One input on its way, from the queue into a turn, until it settles ([SVC-2]). */",
        to: "import type { AgentService, PreprocessorFn, TurnInput } from '@aalis/api-agent';\nimport { type IncomingMessage, parseIncomingMessage } from '@aalis/schema-message';\nimport { asChat, buildContributions, fit, usageFigures } from './prompt.js';\nimport { asSent, runTurn } from './run-turn.js';\nimport type { MinimalAgentServices } from './services.js';\n\n/** One input on its way, from the queue into a turn, until it settles ([SVC-2]). */",
      },
      {
        file: 'minimal-agent.ts',
        from: "    async handleMessage(raw) {\n      const message = parseIncomingMessage(raw); // an invalid input rejects, naming the field ([SVC-3])\n      const generation = sessionManager.generationOf(message.sessionId);\n      const run = await hooks.run('agent:input:before', { message }, ({ message: input }) =>\n        admit(input, generation),\n      );",
        to: "    async handleMessage(raw) {\n      const message = parseIncomingMessage(raw); // an invalid input rejects, naming the field ([SVC-3])\n      const generation = sessionManager.generationOf(message.sessionId);\n      asSent.set(message, structuredClone(message));\n      const run = await hooks.run('agent:input:before', { message }, ({ message: input }) =>\n        admit(input, generation),\n      );",
      },
      {
        file: 'run-turn.ts',
        from: "import type { MessageDraft } from '@aalis/api-message-archive';\nimport type { ToolCallContext, ToolResult } from '@aalis/api-tools';\nimport {\n  WellKnownMetadataKeys as Keys,\n  type Message,\n  type ToolCall,",
        to: "import type { MessageDraft } from '@aalis/api-message-archive';\nimport type { ToolCallContext, ToolResult } from '@aalis/api-tools';\nimport {\n  type IncomingMessage,\n  WellKnownMetadataKeys as Keys,\n  type Message,\n  type ToolCall,",
      },
      {
        file: 'run-turn.ts',
        from: "import { asChat, buildContributions, fit, usageFigures } from './prompt.js';\nimport type { MinimalAgentServices } from './services.js';\n\n/** A turn as the scheduler hands it over. */\nexport interface TurnHandle {\n  readonly turnId: string;",
        to: "import { asChat, buildContributions, fit, usageFigures } from './prompt.js';\nimport type { MinimalAgentServices } from './services.js';\n\n/** What the person sent, before preprocessors rewrote it for the model: the archive keeps that. */\nexport const asSent = new WeakMap<IncomingMessage, IncomingMessage>();\n\n/** A turn as the scheduler hands it over. */\nexport interface TurnHandle {\n  readonly turnId: string;",
      },
      {
        file: 'run-turn.ts',
        from: "): Promise<void> {\n  for (const input of inputs) {\n    if (services.archive === undefined || input.message.triggerType === 'idle') continue;\n    input.archived = await services.archive.archiveIncoming(input.message, { turnId: turn.turnId, entry });\n  }\n}\n",
        to: "): Promise<void> {\n  for (const input of inputs) {\n    if (services.archive === undefined || input.message.triggerType === 'idle') continue;\n    const sent = asSent.get(input.message) ?? input.message;\n    input.archived = await services.archive.archiveIncoming(sent, { turnId: turn.turnId, entry });\n  }\n}\n",
      },
    ],
  },
  {
    name: 'joined-before-first-call-as-opened',
    breaks: ['ARC-6'],
    what: "an input that joins before the turn's first model call is archived with entry opened",
    edits: [
      {
        file: 'run-turn.ts',
        from: "    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])\n    const joined = turn.takeInsertions();\n    inputs.push(...joined);\n    await archiveInputs(services, turn, joined, 'joined');\n    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n",
        to: "    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])\n    const joined = turn.takeInsertions();\n    inputs.push(...joined);\n    // Taken before the turn's first model call, they enter it as its opening inputs do.\n    await archiveInputs(services, turn, joined, iteration === 0 ? 'opened' : 'joined');\n    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n",
      },
    ],
  },
  {
    name: 'tool-metadata-before-next-only',
    breaks: ['ARC-4'],
    what: 'tool:after metadata is copied as the default action runs, so keys written after next are lost',
    edits: [
      {
        file: 'run-turn.ts',
        from: "  );\n  if (ran.blocked) return result('The call was blocked.');\n  const after = { name: call.name, result: ran.result, toolCallContext, metadata: {} };\n  await hooks.run('agent:tool:after', after);\n  return result(after.result.content, after.metadata); // plugins' metadata kept ([ARC-4])\n}\n\n/** The assistant's own account on the turn's platform, when the app gave one ([ARC-3]). */",
        to: "  );\n  if (ran.blocked) return result('The call was blocked.');\n  const after = { name: call.name, result: ran.result, toolCallContext, metadata: {} };\n  // The default action takes the plugins' metadata for the stored result ([ARC-4]).\n  let kept: Record<string, unknown> = {};\n  await hooks.run('agent:tool:after', after, (payload) => {\n    kept = { ...payload.metadata };\n  });\n  return result(after.result.content, kept);\n}\n\n/** The assistant's own account on the turn's platform, when the app gave one ([ARC-3]). */",
      },
    ],
  },
  {
    name: 'untrimmed-history-frozen',
    breaks: ['USG-4'],
    what: "untrimmedHistory keeps the first call's figure for the whole turn",
    edits: [
      {
        file: 'run-turn.ts',
        from: '  // The active history at turn start, opening inputs included, then what the turn appends ([USG-5]).\n  let historyMessages = (await memory?.countHistory(sessionId)) ?? inputs.length;\n  let trimmed = false;\n  const source = inputs[0]?.message.source;\n  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {\n    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])',
        to: '  // The active history at turn start, opening inputs included, then what the turn appends ([USG-5]).\n  let historyMessages = (await memory?.countHistory(sessionId)) ?? inputs.length;\n  let trimmed = false;\n  // The history the turn found, before any trimming: what a full compaction could compress ([USG-4]).\n  let untrimmedHistory: number | undefined;\n  const source = inputs[0]?.message.source;\n  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {\n    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])',
      },
      {
        file: 'run-turn.ts',
        from: "    state.tokens.promptTokens += response.usage?.promptTokens ?? 0;\n    state.tokens.completionTokens += response.usage?.completionTokens ?? 0;\n    // One token:usage per model call that returned ([USG-1]).\n    void services.events.emit('token:usage', {\n      sessionId,\n      turnId,\n      snapshot: false,\n      model: model.ref,\n      // Of what was sent: the messages and tools agent:llm:before left ([USG-2]).\n      ...usageFigures({ ...prompt, messages: before.messages, tools: before.tools }, response),\n      trimmed,\n      historyMessages,\n    });",
        to: "    state.tokens.promptTokens += response.usage?.promptTokens ?? 0;\n    state.tokens.completionTokens += response.usage?.completionTokens ?? 0;\n    // One token:usage per model call that returned ([USG-1]).\n    const figures = usageFigures({ ...prompt, messages: before.messages, tools: before.tools }, response);\n    untrimmedHistory ??= figures.untrimmedHistory;\n    void services.events.emit('token:usage', {\n      sessionId,\n      turnId,\n      snapshot: false,\n      model: model.ref,\n      ...figures,\n      untrimmedHistory,\n      trimmed,\n      historyMessages,\n    });",
      },
    ],
  },
  {
    name: 'group-write-failure-ignored',
    breaks: ['SVC-3'],
    what: 'a store refusing the tool-call group is ignored and the turn replies',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model));\n  await services.archive?.append(turn.sessionId, group);\n  return group.map(asChat);\n}\n",
        to: "    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model));\n  // The model gets the group from `current` either way; a failed write only loses it from history.\n  await services.archive?.append(turn.sessionId, group).catch(() => undefined);\n  return group.map(asChat);\n}\n",
      },
    ],
  },
  {
    name: 'no-snapshot-while-busy',
    breaks: ['USG-8'],
    what: 'token:request is not answered for a session whose turn runs',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: "    return session === undefined ? undefined : stop(session);\n  });\n  events.on('token:request', async ({ sessionIds }) => {\n    for (const sessionId of sessionIds ?? [...sessions.keys()]) await snapshot(sessionId);\n  });\n  services.lifecycle.onDrain(async () => {\n    draining = true;",
        to: "    return session === undefined ? undefined : stop(session);\n  });\n  events.on('token:request', async ({ sessionIds }) => {\n    for (const sessionId of sessionIds ?? [...sessions.keys()]) {\n      // A session in a turn reports live figures with each model call; a snapshot would race them.\n      if (sessions.get(sessionId)?.running !== undefined) continue;\n      await snapshot(sessionId);\n    }\n  });\n  services.lifecycle.onDrain(async () => {\n    draining = true;",
      },
    ],
  },
  {
    name: 'replaced-input-lost',
    breaks: ['HK-1'],
    what: 'an agent:input:before middleware that replaces the message is ignored; only edits in place count',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: "    async handleMessage(raw) {\n      const message = parseIncomingMessage(raw); // an invalid input rejects, naming the field ([SVC-3])\n      const generation = sessionManager.generationOf(message.sessionId);\n      const run = await hooks.run('agent:input:before', { message }, ({ message: input }) =>\n        admit(input, generation),\n      );\n      if (run.blocked) endStream(message.sessionId); // dropped by a middleware ([PRE-1])\n    },\n",
        to: "    async handleMessage(raw) {\n      const message = parseIncomingMessage(raw); // an invalid input rejects, naming the field ([SVC-3])\n      const generation = sessionManager.generationOf(message.sessionId);\n      // Preprocessors edit the message in place; admit the message we validated.\n      const run = await hooks.run('agent:input:before', { message }, () => admit(message, generation));\n      if (run.blocked) endStream(message.sessionId); // dropped by a middleware ([PRE-1])\n    },\n",
      },
    ],
  },
  {
    name: 'iteration-counts-rounds',
    breaks: ['HK-3'],
    what: 'iteration counts tool rounds, so a format retry repeats the number before it',
    edits: [
      {
        file: 'run-turn.ts',
        from: '  let historyMessages = (await memory?.countHistory(sessionId)) ?? inputs.length;\n  let trimmed = false;\n  const source = inputs[0]?.message.source;\n  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {\n    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])\n    const joined = turn.takeInsertions();\n    inputs.push(...joined);',
        to: '  let historyMessages = (await memory?.countHistory(sessionId)) ?? inputs.length;\n  let trimmed = false;\n  const source = inputs[0]?.message.source;\n  for (let rounds = 0, attempt = 0; ; ) {\n    const iteration = rounds; // the tool-loop iteration this call belongs to\n    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])\n    const joined = turn.takeInsertions();\n    inputs.push(...joined);',
      },
    ],
  },
  {
    name: 'view-signal-of-its-own',
    breaks: ['PRM-2'],
    what: 'contributions get a signal of their own, which a stop never aborts',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n\n    const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs, signal, dryRun: false };\n    const blocks = await buildContributions(services.contributions, {\n      ...view,\n      messages: [...earlier, ...current],",
        to: "    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n\n    // Contributions get a signal of their own, as for token:request estimates.\n    const view = {\n      sessionId,\n      platform: inputs[0]?.message.platform,\n      turnId,\n      inputs,\n      signal: new AbortController().signal,\n      dryRun: false,\n    };\n    const blocks = await buildContributions(services.contributions, {\n      ...view,\n      messages: [...earlier, ...current],",
      },
    ],
  },
  {
    name: 'assign-model-in-background',
    breaks: ['SET-1'],
    what: 'assignModel writes the settings in the background, so a refused write does not throw',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: "import { randomUUID } from 'node:crypto';\nimport type { AgentService, PreprocessorFn, TurnInput } from '@aalis/api-agent';\nimport { type IncomingMessage, parseIncomingMessage } from '@aalis/schema-message';\nimport { asChat, buildContributions, fit, usageFigures } from './prompt.js';\nimport { runTurn } from './run-turn.js';",
        to: "import { randomUUID } from 'node:crypto';\nimport type { AgentService, PreprocessorFn, TurnInput } from '@aalis/api-agent';\nimport { SessionSettingsNotFoundError } from '@aalis/api-session-manager';\nimport { type IncomingMessage, parseIncomingMessage } from '@aalis/schema-message';\nimport { asChat, buildContributions, fit, usageFigures } from './prompt.js';\nimport { runTurn } from './run-turn.js';",
      },
      {
        file: 'minimal-agent.ts',
        from: '      }\n    },\n\n    assignModel: (sessionId, model) => sessionManager.updateSettings(sessionId, { model }), // [SET-1]\n\n    registerPreprocessor(name: string, handler: PreprocessorFn) {\n      preprocessors.get(name)?.(); // the same name replaces ([BND-1])',
        to: '      }\n    },\n\n    async assignModel(sessionId, model) {\n      // [SET-1]: a session without settings is an error at once; the write itself (persisted\n      // settings may be slow) goes on in the background so the caller can send its first message.\n      if (sessionManager.getSettings(sessionId) === undefined) throw new SessionSettingsNotFoundError(sessionId);\n      void sessionManager.updateSettings(sessionId, { model }).catch(() => undefined);\n    },\n\n    registerPreprocessor(name: string, handler: PreprocessorFn) {\n      preprocessors.get(name)?.(); // the same name replaces ([BND-1])',
      },
    ],
  },
  {
    name: 'leftover-reuses-turn-id',
    breaks: ['TID-1'],
    what: 'the turn a leftover insertion opens reuses the id of the turn it meant to join',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  /** A human input that arrived while a human-opened turn ran: it joins that turn ([SCH-2]). */\n  pending: boolean;\n  readonly settle: () => void;\n}\n\ninterface RunningTurn {',
        to: '  /** A human input that arrived while a human-opened turn ran: it joins that turn ([SCH-2]). */\n  pending: boolean;\n  readonly settle: () => void;\n  /** Set on a pending insertion the turn did not take: the turn it was meant to join. */\n  joinedTurnId?: string;\n}\n\ninterface RunningTurn {',
      },
      {
        file: 'minimal-agent.ts',
        from: '    if (session.queue[0]!.human) while (session.queue[count]?.human) count += 1;\n    const entries = session.queue.splice(0, count);\n    const running: RunningTurn = {\n      turnId: randomUUID(),\n      human: entries[0]!.human,\n      controller: new AbortController(),\n      entries,',
        to: '    if (session.queue[0]!.human) while (session.queue[count]?.human) count += 1;\n    const entries = session.queue.splice(0, count);\n    const running: RunningTurn = {\n      // A leftover insertion carries on the turn it had joined ([SCH-3]).\n      turnId: entries[0]!.joinedTurnId ?? randomUUID(),\n      human: entries[0]!.human,\n      controller: new AbortController(),\n      entries,',
      },
      {
        file: 'minimal-agent.ts',
        from: '      .then(async () => {\n        session.running = undefined;\n        // Insertions the turn did not take wait where they were enqueued ([SCH-3]).\n        for (const entry of session.queue) entry.pending = false;\n        await archiveReleased(session);\n        for (const entry of running.entries) entry.settle();\n        openNext(session);',
        to: '      .then(async () => {\n        session.running = undefined;\n        // Insertions the turn did not take wait where they were enqueued ([SCH-3]).\n        for (const entry of session.queue) {\n          if (entry.pending && !running.controller.signal.aborted) entry.joinedTurnId = running.turnId;\n          entry.pending = false;\n        }\n        await archiveReleased(session);\n        for (const entry of running.entries) entry.settle();\n        openNext(session);',
      },
    ],
  },
  {
    name: 'head-takes-every-human',
    breaks: ['SCH-6'],
    what: 'a human head takes every human input of the queue, skipping injections between them',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  function openNext(session: Session): void {\n    if (session.running !== undefined || session.queue.length === 0 || holdOf(session.id)) return;\n    // The head, and when it is human every human input directly behind it ([SCH-6], [SCH-7]).\n    let count = 1;\n    if (session.queue[0]!.human) while (session.queue[count]?.human) count += 1;\n    const entries = session.queue.splice(0, count);\n    const running: RunningTurn = {\n      turnId: randomUUID(),\n      human: entries[0]!.human,',
        to: '  function openNext(session: Session): void {\n    if (session.running !== undefined || session.queue.length === 0 || holdOf(session.id)) return;\n    // The head, and when it is human every human input directly behind it ([SCH-6], [SCH-7]).\n    const head = session.queue[0]!;\n    const entries = head.human ? session.queue.filter((entry) => entry.human) : [head];\n    session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => !entries.includes(entry)));\n    const running: RunningTurn = {\n      turnId: randomUUID(),\n      human: entries[0]!.human,',
      },
    ],
  },
  {
    name: 'injections-of-a-source-merged',
    breaks: ['SCH-4'],
    what: 'injections of one source queued back to back share a turn',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  function openNext(session: Session): void {\n    if (session.running !== undefined || session.queue.length === 0 || holdOf(session.id)) return;\n    // The head, and when it is human every human input directly behind it ([SCH-6], [SCH-7]).\n    let count = 1;\n    if (session.queue[0]!.human) while (session.queue[count]?.human) count += 1;\n    const entries = session.queue.splice(0, count);\n    const running: RunningTurn = {\n      turnId: randomUUID(),',
        to: "  function openNext(session: Session): void {\n    if (session.running !== undefined || session.queue.length === 0 || holdOf(session.id)) return;\n    // The head, and when it is human every human input directly behind it ([SCH-6], [SCH-7]).\n    // Inputs directly behind the head from the same source go with it ([SCH-7]).\n    const sourceOf = (entry: Entry | undefined) => {\n      const source = entry?.input.message.source;\n      return source === undefined ? undefined : `${source.kind}/${source.id ?? ''}`;\n    };\n    let count = 1;\n    while (\n      session.queue[count] !== undefined &&\n      session.queue[count]!.human === session.queue[0]!.human &&\n      sourceOf(session.queue[count]) === sourceOf(session.queue[0])\n    )\n      count += 1;\n    const entries = session.queue.splice(0, count);\n    const running: RunningTurn = {\n      turnId: randomUUID(),",
      },
    ],
  },
  {
    name: 'leftover-to-the-back',
    breaks: ['SCH-3'],
    what: 'a leftover insertion goes to the back of the queue',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '      .catch(() => undefined)\n      .then(async () => {\n        session.running = undefined;\n        // Insertions the turn did not take wait where they were enqueued ([SCH-3]).\n        for (const entry of session.queue) entry.pending = false;\n        await archiveReleased(session);\n        for (const entry of running.entries) entry.settle();\n        openNext(session);',
        to: '      .catch(() => undefined)\n      .then(async () => {\n        session.running = undefined;\n        // Insertions the turn did not take become ordinary queued inputs ([SCH-3]).\n        const leftover = session.queue.filter((entry) => entry.pending);\n        if (leftover.length > 0) {\n          session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => !entry.pending), ...leftover);\n          for (const entry of leftover) entry.pending = false;\n        }\n        await archiveReleased(session);\n        for (const entry of running.entries) entry.settle();\n        openNext(session);',
      },
    ],
  },
  {
    name: 'abort-true-after-reply',
    breaks: ['ABT-7'],
    what: 'abort returns true for a turn that already ended by itself',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  /** The waiting inputs, in enqueue order ([SCH-5]); pending insertions among them. */\n  readonly queue: Entry[];\n  running: RunningTurn | undefined;\n  /** Inputs released by `abort` with `queued`, archived once the running turn ended ([ABT-3]). */\n  readonly toArchive: Entry[];\n}',
        to: "  /** The waiting inputs, in enqueue order ([SCH-5]); pending insertions among them. */\n  readonly queue: Entry[];\n  running: RunningTurn | undefined;\n  /** The controller of the session's latest turn; aborted once that turn was stopped. */\n  controller: AbortController | undefined;\n  /** Inputs released by `abort` with `queued`, archived once the running turn ended ([ABT-3]). */\n  readonly toArchive: Entry[];\n}",
      },
      {
        file: 'minimal-agent.ts',
        from: '  const sessionOf = (id: string): Session => {\n    let session = sessions.get(id);\n    if (session === undefined) {\n      session = { id, queue: [], running: undefined, toArchive: [] };\n      sessions.set(id, session);\n    }\n    return session;',
        to: '  const sessionOf = (id: string): Session => {\n    let session = sessions.get(id);\n    if (session === undefined) {\n      session = { id, queue: [], running: undefined, controller: undefined, toArchive: [] };\n      sessions.set(id, session);\n    }\n    return session;',
      },
      {
        file: 'minimal-agent.ts',
        from: '      ended: Promise.resolve(),\n    };\n    session.running = running;\n    announce(session);\n    const takeInsertions = () => {\n      const joining = session.queue.filter((entry) => entry.pending);',
        to: '      ended: Promise.resolve(),\n    };\n    session.running = running;\n    session.controller = running.controller;\n    announce(session);\n    const takeInsertions = () => {\n      const joining = session.queue.filter((entry) => entry.pending);',
      },
      {
        file: 'minimal-agent.ts',
        from: '      const running = session?.running;\n      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]\n      running?.controller.abort(); // `reason` and `by` only matter to a log line and a stop marker\n      return running !== undefined; // [ABT-7]\n    },\n\n    async clearing(sessionIds, clear) {',
        to: '      const running = session?.running;\n      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]\n      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]\n      // [ABT-7]: true when this call stopped the turn, false when it was stopped already.\n      const controller = running?.controller ?? session?.controller;\n      const stopped = controller !== undefined && !controller.signal.aborted;\n      controller?.abort(); // `reason` and `by` only matter to a log line and a stop marker\n      return stopped;\n    },\n\n    async clearing(sessionIds, clear) {',
      },
    ],
  },
  {
    name: 'late-group-after-deletion',
    breaks: ['DEL-3'],
    what: 'the turn stops waiting for a tool at the stop but still writes its group when the tool answers',
    edits: [
      {
        file: 'run-turn.ts',
        from: "  const group: MessageDraft[] = [\n    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model));\n  await services.archive?.append(turn.sessionId, group);\n  return group.map(asChat);\n}\n",
        to: "  const group: MessageDraft[] = [\n    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  const ran = (async () => {\n    for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model));\n    await services.archive?.append(turn.sessionId, group);\n  })();\n  // A stop does not wait for a slow tool: the turn ends at once, and the group is still\n  // persisted when the tool comes back, so no tool call stays unanswered in history.\n  const stopped = new Promise<void>((_resolve, reject) => {\n    const onAbort = () => reject(turn.signal.reason);\n    if (turn.signal.aborted) onAbort();\n    else turn.signal.addEventListener('abort', onAbort, { once: true });\n    void ran.catch(() => undefined).finally(() => turn.signal.removeEventListener('abort', onAbort));\n  });\n  await Promise.race([ran, stopped]);\n  return group.map(asChat);\n}\n",
      },
    ],
  },
  {
    name: 'tool-result-replaced-lost',
    breaks: ['HK-6'],
    what: 'an agent:tool:after middleware that assigns a new result is ignored; only edits in place count',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    },\n  );\n  if (ran.blocked) return result('The call was blocked.');\n  const after = { name: call.name, result: ran.result, toolCallContext, metadata: {} };\n  await hooks.run('agent:tool:after', after);\n  return result(after.result.content, after.metadata); // plugins' metadata kept ([ARC-4])\n}\n\n/** The assistant's own account on the turn's platform, when the app gave one ([ARC-3]). */\n",
        to: "    },\n  );\n  if (ran.blocked) return result('The call was blocked.');\n  const toolResult = ran.result;\n  const after = { name: call.name, result: toolResult, toolCallContext, metadata: {} };\n  await hooks.run('agent:tool:after', after);\n  return result(toolResult.content, after.metadata); // plugins' metadata kept ([ARC-4])\n}\n\n/** The assistant's own account on the turn's platform, when the app gave one ([ARC-3]). */\n",
      },
    ],
  },
  {
    name: 'call-id-per-group',
    breaks: ['TID-3'],
    what: 'the tool calls of one model response share one call id',
    edits: [
      {
        file: 'run-turn.ts',
        from: "  const group: MessageDraft[] = [\n    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model));\n  await services.archive?.append(turn.sessionId, group);\n  return group.map(asChat);\n}\n",
        to: "  const group: MessageDraft[] = [\n    { role: 'assistant', content: response.content, toolCalls: response.toolCalls, metadata },\n  ];\n  const callId = randomUUID(); // the model's tool calls of this response\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model, callId));\n  await services.archive?.append(turn.sessionId, group);\n  return group.map(asChat);\n}\n",
      },
      {
        file: 'run-turn.ts',
        from: "  turn: TurnHandle,\n  call: ToolCall,\n  model: ResolvedModel,\n): Promise<MessageDraft> {\n  const { hooks, events, tools } = services;\n  const first = turn.inputs[0]?.message;\n  const toolCallContext: ToolCallContext = {\n    sessionId: turn.sessionId,\n    turnId: turn.turnId,\n    callId: randomUUID(),\n    platform: first?.platform ?? 'unknown',\n    acceptsImages: model.capabilities.vision,\n    signal: turn.signal,\n",
        to: "  turn: TurnHandle,\n  call: ToolCall,\n  model: ResolvedModel,\n  callId: string,\n): Promise<MessageDraft> {\n  const { hooks, events, tools } = services;\n  const first = turn.inputs[0]?.message;\n  const toolCallContext: ToolCallContext = {\n    sessionId: turn.sessionId,\n    turnId: turn.turnId,\n    callId,\n    platform: first?.platform ?? 'unknown',\n    acceptsImages: model.capabilities.vision,\n    signal: turn.signal,\n",
      },
    ],
  },
  {
    name: 'no-model-notice-without-turn-id',
    breaks: ['TID-2'],
    what: 'the notice that no model could be resolved goes out without the turn id',
    edits: [
      {
        file: 'run-turn.ts',
        from: "}\n\n/** Ends the turn as `error` and tells the session why ([OUT-2], [TID-2]). */\nasync function fail(services: MinimalAgentServices, turn: TurnHandle, state: TurnState, error: string) {\n  state.outcome = 'error';\n  state.error = error;\n  const message = { sessionId: turn.sessionId, content: error, turnId: turn.turnId, kind: 'notice' as const };\n  await services.events.emit('outbound:message', { message });\n}\n\n",
        to: "}\n\n/** Ends the turn as `error` and tells the session why ([OUT-2], [TID-2]). */\nasync function fail(services: MinimalAgentServices, turn: TurnHandle, state: TurnState, error: string, system = false) {\n  state.outcome = 'error';\n  state.error = error;\n  // A system notice is about the session, not a turn's message: no model ever ran this turn.\n  const ids = system ? {} : { turnId: turn.turnId };\n  const message = { sessionId: turn.sessionId, content: error, ...ids, kind: 'notice' as const };\n  await services.events.emit('outbound:message', { message });\n}\n\n",
      },
      {
        file: 'run-turn.ts',
        from: "  const { llm, hooks, memory, sessions } = services;\n  const { turnId, sessionId, signal, inputs } = turn;\n  const model = await llm.resolveModel(sessions.getSettings(sessionId)?.model);\n  if (model === undefined) return fail(services, turn, state, 'No model could be resolved for this session.');\n  // The stored history (this turn's archived inputs among it), then the inputs that are not stored.\n  const stored = (await memory?.history(sessionId)) ?? [];\n  const own = new Set(inputs.map((input) => input.archived?.id));\n",
        to: "  const { llm, hooks, memory, sessions } = services;\n  const { turnId, sessionId, signal, inputs } = turn;\n  const model = await llm.resolveModel(sessions.getSettings(sessionId)?.model);\n  if (model === undefined) return fail(services, turn, state, 'No model could be resolved for this session.', true);\n  // The stored history (this turn's archived inputs among it), then the inputs that are not stored.\n  const stored = (await memory?.history(sessionId)) ?? [];\n  const own = new Set(inputs.map((input) => input.archived?.id));\n",
      },
    ],
  },
  {
    name: 'bucket-keeps-last-injector',
    breaks: ['PRM-3'],
    what: 'a bucket keeps the figure of its last contribution only, dropping the injectors before it',
    edits: [
      {
        file: 'prompt.ts',
        from: '    breakdown[block.bucket] += tokens;\n    const figures = injectors[block.bucket] ?? {};\n    injectors[block.bucket] = figures;\n    figures[block.key] = (figures[block.key] ?? 0) + tokens;\n  }\n',
        to: "    breakdown[block.bucket] += tokens;\n    // The bucket's injector: the contribution whose messages fill it, all of them summed.\n    injectors[block.bucket] = { [block.key]: (injectors[block.bucket]?.[block.key] ?? 0) + tokens };\n  }\n",
      },
    ],
  },
  {
    name: 'drain-aborts-only',
    breaks: ['DRN-1'],
    what: 'drain aborts the running turns as abort without queued does, so queued inputs open turns',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  services.lifecycle.onDrain(async () => {\n    draining = true;\n    wakeHeld();\n    await Promise.all([...sessions.values()].map(stop));\n  });\n\n  return {\n',
        to: '  services.lifecycle.onDrain(async () => {\n    draining = true;\n    wakeHeld();\n    // Abort every in-flight turn, as abort(sessionId) does, and wait for it.\n    await Promise.all([...sessions.values()].map((session) => {\n      session.running?.controller.abort();\n      return session.running?.ended;\n    }));\n  });\n\n  return {\n',
      },
    ],
  },
  {
    name: 'turn-end-markers-without-turn-id',
    breaks: ['TID-2'],
    what: "the stream end markers of a turn's inputs go out without its turn id, like those of dropped inputs",
    edits: [
      {
        file: 'run-turn.ts',
        from: "    const after = { inputs, reply, outcome, sessionId, turnId, ...(error === undefined ? {} : { error }) };\n    await hooks.run('agent:turn:after', after);\n  });\n  for (const _input of inputs)\n    void events.emit('outbound:stream', { chunk: { type: 'end', sessionId, turnId } });\n}\n\n/** Archives inputs with the turn id and how they entered ([ARC-6], [HK-9]); idle triggers never. */\n",
        to: "    const after = { inputs, reply, outcome, sessionId, turnId, ...(error === undefined ? {} : { error }) };\n    await hooks.run('agent:turn:after', after);\n  });\n  // One end marker per input, the same marker a dropped or released input gets ([OUT-3]).\n  for (const _input of inputs) void events.emit('outbound:stream', { chunk: { type: 'end', sessionId } });\n}\n\n/** Archives inputs with the turn id and how they entered ([ARC-6], [HK-9]); idle triggers never. */\n",
      },
    ],
  },
  {
    name: 'contributions-after-llm-before',
    breaks: ['PRM-1'],
    what: 'agent:llm:before sees the history without the contributions, which are put in front only for the model',
    edits: [
      {
        file: 'run-turn.ts',
        from: '    const tools = await services.tools.listTools({ sessionId });\n    const prompt = fit({ blocks, tools, earlier, current, model });\n    trimmed ||= prompt.trimmed; // once trimmed, for the rest of the turn ([USG-3])\n    const before = {\n      messages: prompt.messages,\n      tools: [...tools],\n      acceptsImages: model.capabilities.vision,\n      sessionId,\n',
        to: '    const tools = await services.tools.listTools({ sessionId });\n    const prompt = fit({ blocks, tools, earlier, current, model });\n    trimmed ||= prompt.trimmed; // once trimmed, for the rest of the turn ([USG-3])\n    const system = prompt.blocks.map((block) => block.message);\n    const before = {\n      messages: prompt.messages.slice(system.length),\n      tools: [...tools],\n      acceptsImages: model.capabilities.vision,\n      sessionId,\n',
      },
      {
        file: 'run-turn.ts',
        from: '    signal.throwIfAborted();\n    const response = await llm.chat({\n      model,\n      messages: before.messages,\n      tools: before.tools,\n      signal,\n      onDelta: (delta) => {\n',
        to: '    signal.throwIfAborted();\n    const response = await llm.chat({\n      model,\n      messages: [...system, ...before.messages], // the prompt contributions go first\n      tools: before.tools,\n      signal,\n      onDelta: (delta) => {\n',
      },
    ],
  },
  {
    name: 'view-inputs-copied-per-call',
    breaks: ['PRM-2'],
    what: "each build gets a fresh copy of the turn's inputs instead of the turn's own live array",
    edits: [
      {
        file: 'run-turn.ts',
        from: "    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n\n    const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs, signal, dryRun: false };\n    const blocks = await buildContributions(services.contributions, {\n      ...view,\n      messages: [...earlier, ...current],\n",
        to: "    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n\n    // What this call is built from, frozen: a contribution must not see the list move under it.\n    const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs: [...inputs], signal, dryRun: false };\n    const blocks = await buildContributions(services.contributions, {\n      ...view,\n      messages: [...earlier, ...current],\n",
      },
    ],
  },
  {
    name: 'view-inputs-frozen-at-open',
    breaks: ['PRM-2'],
    what: 'the view is built once per turn from a copy of the opening inputs',
    edits: [
      {
        file: 'run-turn.ts',
        from: '  let historyMessages = (await memory?.countHistory(sessionId)) ?? inputs.length;\n  let trimmed = false;\n  const source = inputs[0]?.message.source;\n  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {\n    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])\n    const joined = turn.takeInsertions();\n',
        to: '  let historyMessages = (await memory?.countHistory(sessionId)) ?? inputs.length;\n  let trimmed = false;\n  const source = inputs[0]?.message.source;\n  // What the contributions see: the turn, as it was opened ([PRM-2]).\n  const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs: [...inputs], signal, dryRun: false };\n  for (let iteration = 0, rounds = 0, attempt = 0; ; iteration += 1) {\n    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])\n    const joined = turn.takeInsertions();\n',
      },
      {
        file: 'run-turn.ts',
        from: "    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n\n    const view = { sessionId, platform: inputs[0]?.message.platform, turnId, inputs, signal, dryRun: false };\n    const blocks = await buildContributions(services.contributions, {\n      ...view,\n      messages: [...earlier, ...current],\n",
        to: "    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n    historyMessages += joined.length;\n\n    const blocks = await buildContributions(services.contributions, {\n      ...view,\n      messages: [...earlier, ...current],\n",
      },
    ],
  },
  {
    name: 'assign-model-skips-missing-settings',
    breaks: ['SET-1'],
    what: 'assignModel does nothing for a session without settings instead of throwing',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '      }\n    },\n\n    assignModel: (sessionId, model) => sessionManager.updateSettings(sessionId, { model }), // [SET-1]\n\n    registerPreprocessor(name: string, handler: PreprocessorFn) {\n      preprocessors.get(name)?.(); // the same name replaces ([BND-1])\n',
        to: '      }\n    },\n\n    async assignModel(sessionId, model) {\n      // A session without settings of its own runs on the defaults: nothing to write there.\n      if (sessionManager.getSettings(sessionId) === undefined) return;\n      await sessionManager.updateSettings(sessionId, { model }); // [SET-1]\n    },\n\n    registerPreprocessor(name: string, handler: PreprocessorFn) {\n      preprocessors.get(name)?.(); // the same name replaces ([BND-1])\n',
      },
    ],
  },
  {
    name: 'insertion-settles-with-running-turn',
    breaks: ['SVC-2'],
    what: 'a pending insertion the turn never took settles when that turn ends, before its own turn ran',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '      const joining = session.queue.filter((entry) => entry.pending);\n      if (joining.length === 0) return [];\n      session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => !entry.pending));\n      running.entries.push(...joining);\n      announce(session);\n      return joining.map((entry) => entry.input);\n    };\n',
        to: '      const joining = session.queue.filter((entry) => entry.pending);\n      if (joining.length === 0) return [];\n      session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => !entry.pending));\n      announce(session);\n      return joining.map((entry) => entry.input);\n    };\n',
      },
      {
        file: 'minimal-agent.ts',
        from: '    const { promise: settled, resolve: settle } = settleable();\n    const human = message.source === undefined;\n    const pending = human && session.running?.human === true;\n    session.queue.push({ input: { message }, human, pending, settle });\n    announce(session);\n    openNext(session);\n    await settled;\n',
        to: '    const { promise: settled, resolve: settle } = settleable();\n    const human = message.source === undefined;\n    const pending = human && session.running?.human === true;\n    const entry = { input: { message }, human, pending, settle };\n    session.queue.push(entry);\n    // A pending insertion belongs to the running turn: it settles with it ([SVC-2]).\n    if (pending) session.running!.entries.push(entry);\n    announce(session);\n    openNext(session);\n    await settled;\n',
      },
    ],
  },
  {
    name: 'archive-after-model-resolved',
    breaks: ['ARC-6'],
    what: 'the opening inputs are archived only once a model was resolved, so a turn without a model archives none',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    try {\n      await archiveInputs(services, turn, inputs, 'opened');\n      await converse(services, turn, state);",
        to: '    try {\n      await converse(services, turn, state);',
      },
      {
        file: 'run-turn.ts',
        from: "  if (model === undefined) return fail(services, turn, state, 'No model could be resolved for this session.');\n",
        to: "  if (model === undefined) return fail(services, turn, state, 'No model could be resolved for this session.');\n  await archiveInputs(services, turn, inputs, 'opened');\n",
      },
    ],
  },
  {
    name: 'history-counts-call-pairs',
    breaks: ['USG-5'],
    what: 'historyMessages adds two per tool call, where a group of several calls appends one assistant message',
    edits: [
      {
        file: 'run-turn.ts',
        from: '      historyMessages += group.length;',
        to: '      historyMessages += 2 * toolCalls.length; // each call and its result',
      },
    ],
  },
  {
    name: 'record-not-awaited',
    breaks: ['ARC-8'],
    what: 'the turn record write is started but not awaited before agent:turn:after',
    edits: [
      {
        file: 'run-turn.ts',
        from: '    await writeRecord(services, turn, state).catch(() => undefined);',
        to: '    void writeRecord(services, turn, state).catch(() => undefined);',
      },
    ],
  },
  {
    name: 'tool-metadata-shared-in-group',
    breaks: ['ARC-4'],
    what: 'the calls of a group share one metadata object, so a key written for one is stored on all',
    edits: [
      {
        file: 'run-turn.ts',
        from: '  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model));',
        to: '  const pluginMetadata: Record<string, unknown> = {}; // what agent:tool:after middlewares write, for the group\n  for (const call of response.toolCalls) group.push(await callTool(services, turn, call, model, pluginMetadata));',
      },
      {
        file: 'run-turn.ts',
        from: '  model: ResolvedModel,\n): Promise<MessageDraft> {',
        to: '  model: ResolvedModel,\n  pluginMetadata: Record<string, unknown>,\n): Promise<MessageDraft> {',
      },
      {
        file: 'run-turn.ts',
        from: '  const after = { name: call.name, result: ran.result, toolCallContext, metadata: {} };',
        to: '  const after = { name: call.name, result: ran.result, toolCallContext, metadata: pluginMetadata };',
      },
    ],
  },
  {
    name: 'model-call-after-llm-before-abort',
    breaks: ['ABT-1'],
    what: 'an abort during agent:llm:before still starts the model call',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    await hooks.run('agent:llm:before', before);\n    signal.throwIfAborted();\n",
        to: "    await hooks.run('agent:llm:before', before);\n",
      },
    ],
  },
  {
    name: 'released-archived-at-once',
    breaks: ['ABT-3'],
    what: 'inputs released by abort with queued are archived at the release, before the running turn settled',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '      session.toArchive.push(...released);\n      if (session.running === undefined) void archiveReleased(session);',
        to: '      session.toArchive.push(...released);\n      void archiveReleased(session);',
      },
    ],
  },
  {
    name: 'abort-drops-insertions',
    breaks: ['ABT-4'],
    what: "an abort without queued releases the stopped turn's pending insertions",
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '        session.running = undefined;\n        // Insertions the turn did not take wait where they were enqueued ([SCH-3]).\n        for (const entry of session.queue) entry.pending = false;',
        to: '        session.running = undefined;\n        // A stopped turn takes its insertions with it; otherwise they wait where they were enqueued ([SCH-3]).\n        if (running.controller.signal.aborted) {\n          const dropped = session.queue.filter((entry) => entry.pending);\n          session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => !entry.pending));\n          if (dropped.length > 0) announce(session);\n          for (const entry of dropped) {\n            endStream(session.id);\n            entry.settle();\n          }\n        }\n        for (const entry of session.queue) entry.pending = false;',
      },
    ],
  },
  {
    name: 'clearing-archives-released',
    breaks: ['CLR-1'],
    what: 'clearing releases the waiting inputs as abort with queued does, archiving them',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '  function stop(session: Session): Promise<void> {\n    session.running?.controller.abort();\n    release(session, false);',
        to: '  function stop(session: Session, archive = false): Promise<void> {\n    session.running?.controller.abort();\n    release(session, archive);',
      },
      {
        file: 'minimal-agent.ts',
        from: '        await Promise.all(chosen.map(stop)); // [CLR-1]',
        to: '        await Promise.all(chosen.map((session) => stop(session, true))); // released as abort with queued does [CLR-1]',
      },
    ],
  },
  {
    name: 'generation-after-preprocessing',
    breaks: ['DEL-2'],
    what: 'the first generation read happens after agent:input:before, not at handleMessage entry',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: "      const generation = sessionManager.generationOf(message.sessionId);\n      const run = await hooks.run('agent:input:before', { message }, ({ message: input }) =>\n        admit(input, generation),\n      );",
        to: "      // The generation as the input reaches its session, once the preprocessors are done with it.\n      const run = await hooks.run('agent:input:before', { message }, ({ message: input }) =>\n        admit(input, sessionManager.generationOf(input.sessionId)),\n      );",
      },
    ],
  },
  {
    name: 'blocked-turn-without-end-marker',
    breaks: ['OUT-3'],
    what: 'the end markers are sent inside the default action, so a blocked turn sends none',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    await hooks.run('agent:turn:after', after);\n  });\n  for (const _input of inputs)\n    void events.emit('outbound:stream', { chunk: { type: 'end', sessionId, turnId } });\n}",
        to: "    await hooks.run('agent:turn:after', after);\n    for (const _input of inputs)\n      void events.emit('outbound:stream', { chunk: { type: 'end', sessionId, turnId } });\n  });\n}",
      },
    ],
  },
  {
    name: 'history-count-before-archive',
    breaks: ['USG-5'],
    what: 'the start-of-turn count is read before the opening inputs are archived',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    try {\n      await archiveInputs(services, turn, inputs, 'opened');\n      await converse(services, turn, state);",
        to: "    try {\n      // The session's active history as the turn starts ([USG-5]).\n      const historyAtStart = (await services.memory?.countHistory(sessionId)) ?? inputs.length;\n      await archiveInputs(services, turn, inputs, 'opened');\n      await converse(services, turn, state, historyAtStart);",
      },
      {
        file: 'run-turn.ts',
        from: 'async function converse(services: MinimalAgentServices, turn: TurnHandle, state: TurnState): Promise<void> {',
        to: 'async function converse(\n  services: MinimalAgentServices,\n  turn: TurnHandle,\n  state: TurnState,\n  historyAtStart: number,\n): Promise<void> {',
      },
      {
        file: 'run-turn.ts',
        from: '  let historyMessages = (await memory?.countHistory(sessionId)) ?? inputs.length;',
        to: '  let historyMessages = historyAtStart;',
      },
    ],
  },
  {
    name: 'zero-usage-taken',
    breaks: ['USG-2'],
    what: 'a reported 0 prompt tokens is taken as used',
    edits: [
      {
        file: 'prompt.ts',
        from: 'reported !== undefined && Number.isFinite(reported) && reported > 0',
        to: 'reported !== undefined && Number.isFinite(reported) && reported >= 0',
      },
    ],
  },
  {
    name: 'usage-ratio-over-budget',
    breaks: ['USG-2'],
    what: 'usageRatio is used over the token budget instead of the context window',
    edits: [
      {
        file: 'prompt.ts',
        from: '    usageRatio: used / contextWindow,',
        to: '    usageRatio: used / budgetOf(prompt.model),',
      },
    ],
  },
  {
    name: 'retry-drafts-not-persisted',
    breaks: ['ARC-5'],
    what: 'versions a format retry dropped are neither sent nor stored',
    edits: [
      {
        file: 'run-turn.ts',
        from: "      // The dropped version is persisted, never sent ([ARC-5]); the model gets the feedback ([HK-7]).\n      const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content };\n      await services.archive?.append(sessionId, [{ ...draft, metadata: { [Keys.TurnId]: turnId } }]);\n",
        to: "      // The dropped version is never sent nor kept ([ARC-5]); the model gets the feedback ([HK-7]).\n      const draft = { role: 'assistant' as const, content: reply.archiveContent ?? reply.content };\n",
      },
    ],
  },
  {
    name: 'reply-tokens-last-call',
    breaks: ['ARC-3'],
    what: "the final reply's token usage records only the last call",
    edits: [
      {
        file: 'run-turn.ts',
        from: '    state.tokens.promptTokens += response.usage?.promptTokens ?? 0;\n    state.tokens.completionTokens += response.usage?.completionTokens ?? 0;',
        to: '    state.tokens.promptTokens = response.usage?.promptTokens ?? 0;\n    state.tokens.completionTokens = response.usage?.completionTokens ?? 0;',
      },
    ],
  },
  {
    name: 'sessions-take-turns',
    breaks: ['SCH-5'],
    what: 'only one turn runs at a time across all sessions',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '    if (session.running !== undefined || session.queue.length === 0 || holdOf(session.id)) return;',
        to: '    if (session.running !== undefined || session.queue.length === 0 || holdOf(session.id)) return;\n    if ([...sessions.values()].some((other) => other.running !== undefined)) return; // one turn at a time',
      },
      {
        file: 'minimal-agent.ts',
        from: '        openNext(session);\n      });',
        to: '        for (const other of sessions.values()) openNext(other);\n      });',
      },
    ],
  },
  {
    name: 'deletion-aborts-only',
    breaks: ['DEL-1'],
    what: 'the session:deleted listener aborts and waits but leaves the queued inputs, which open a turn',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '    return session === undefined ? undefined : stop(session);',
        to: '    if (session === undefined) return undefined;\n    session.running?.controller.abort(); // as abort(sessionId) does\n    return session.running?.ended;',
      },
    ],
  },
  {
    name: 'stopped-between-calls-silent',
    breaks: ['ABT-1'],
    what: 'a turn stopped between calls ends silent instead of aborted',
    edits: [
      {
        file: 'run-turn.ts',
        from: '    signal.throwIfAborted(); // no model call starts after an abort ([ABT-1])',
        to: '    if (signal.aborted) return; // no model call starts after an abort ([ABT-1])',
      },
    ],
  },
  {
    name: 'joined-not-sent',
    breaks: ['SCH-2'],
    what: 'a joined input is archived and added to the inputs but not sent to the model',
    edits: [
      {
        file: 'run-turn.ts',
        from: "    await archiveInputs(services, turn, joined, 'joined');\n    current.push(...joined.map((input) => ({ role: 'user' as const, content: input.message.content })));\n",
        to: "    await archiveInputs(services, turn, joined, 'joined');\n",
      },
    ],
  },
  {
    name: 'insertions-join-unannounced',
    breaks: ['SCH-8'],
    what: 'no agent:queue event when pending insertions join the turn',
    edits: [
      {
        file: 'minimal-agent.ts',
        from: '      running.entries.push(...joining);\n      announce(session);\n',
        to: '      running.entries.push(...joining);\n',
      },
    ],
  },
];
