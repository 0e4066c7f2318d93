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
        from: '    ...prompt,\n    messages: [...prompt.blocks.map((block) => block.message), ...sentHistory],\n    sentHistory,\n    trimmed: overBudget || start > 0,\n  };\n}\n',
        to: '    ...prompt,\n    messages: [...prompt.blocks.map((block) => block.message), ...sentHistory],\n    sentHistory,\n    trimmed: start > 0,\n  };\n}\n',
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
        from: "    breakdown[bucket] += estimate(message);\n    const figures = injectors[bucket] ?? {};\n    injectors[bucket] = figures;\n    figures[key] = (figures[key] ?? 0) + estimate(message);\n  }\n  for (const message of prompt.sentHistory) {\n    const isTool = message.role === 'tool' || (message.toolCalls?.length ?? 0) > 0;",
        to: "    breakdown[bucket] += estimate(message);\n    const figures = injectors[bucket] ?? {};\n    injectors[bucket] = figures;\n    figures[key] = estimate(message);\n  }\n  for (const message of prompt.sentHistory) {\n    const isTool = message.role === 'tool' || (message.toolCalls?.length ?? 0) > 0;",
      },
    ],
  },
];
