import { randomUUID } from 'node:crypto';
import type { AgentService, PreprocessorFn, TurnInput } from '@aalis/api-agent';
import { type IncomingMessage, parseIncomingMessage } from '@aalis/schema-message';
import { asChat, buildContributions, fit, usageFigures } from './prompt.js';
import { runTurn } from './run-turn.js';
import type { MinimalAgentServices } from './services.js';

/** One input on its way, from the queue into a turn, until it settles ([SVC-2]). */
interface Entry {
  readonly input: TurnInput;
  readonly human: boolean;
  /** A human input that arrived while a human-opened turn ran: it joins that turn ([SCH-2]). */
  pending: boolean;
  readonly settle: () => void;
}

interface RunningTurn {
  readonly turnId: string;
  readonly human: boolean;
  readonly controller: AbortController;
  /** The entries in the turn: those that opened it and those that joined. */
  readonly entries: Entry[];
  ended: Promise<void>;
}

interface Session {
  readonly id: string;
  /** The waiting inputs, in enqueue order ([SCH-5]); pending insertions among them. */
  readonly queue: Entry[];
  running: RunningTurn | undefined;
  /** Inputs released by `abort` with `queued`, archived once the running turn ended ([ABT-3]). */
  readonly toArchive: Entry[];
}

/** A promise and the function that resolves it. */
function settleable(): { readonly promise: Promise<void>; readonly resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A `clearing` in progress: the sessions it holds (all of them for `undefined`, [CLR-3]). */
interface Hold {
  readonly sessionIds: ReadonlySet<string> | undefined;
  readonly released: Promise<void>;
}

/**
 * An agent written from the `@aalis/api-agent` contract alone. Builds the service and
 * registers its listeners (`session:deleted`, `token:request`) and its drain callback.
 */
export function createMinimalAgent(services: MinimalAgentServices): AgentService {
  const { events, hooks, sessions: sessionManager } = services;
  const sessions = new Map<string, Session>();
  const holds = new Set<Hold>();
  const preprocessors = new Map<string, () => void>();
  let draining = false;
  // Shutdown wakes the inputs waiting for a hold, to release them ([DRN-1]).
  const { promise: drained, resolve: wakeHeld } = settleable();

  const sessionOf = (id: string): Session => {
    let session = sessions.get(id);
    if (session === undefined) {
      session = { id, queue: [], running: undefined, toArchive: [] };
      sessions.set(id, session);
    }
    return session;
  };
  const holdOf = (id: string) =>
    [...holds].find((hold) => hold.sessionIds === undefined || hold.sessionIds.has(id));
  const endStream = (sessionId: string) =>
    void events.emit('outbound:stream', { chunk: { type: 'end', sessionId } });
  /** The session's waiting inputs, on every change ([SCH-8]). */
  const announce = (session: Session) =>
    void events.emit('agent:queue', {
      sessionId: session.id,
      waiting: session.queue.map((entry) => entry.input.message),
    });

  /** Opens the session's next turn when none runs and nothing holds it ([SCH-5]). */
  function openNext(session: Session): void {
    if (session.running !== undefined || session.queue.length === 0 || holdOf(session.id)) return;
    // The head, and when it is human every human input directly behind it ([SCH-6], [SCH-7]).
    let count = 1;
    if (session.queue[0]!.human) while (session.queue[count]?.human) count += 1;
    const entries = session.queue.splice(0, count);
    const running: RunningTurn = {
      turnId: randomUUID(),
      human: entries[0]!.human,
      controller: new AbortController(),
      entries,
      ended: Promise.resolve(),
    };
    session.running = running;
    announce(session);
    const takeInsertions = () => {
      const joining = session.queue.filter((entry) => entry.pending);
      if (joining.length === 0) return [];
      session.queue.splice(0, session.queue.length, ...session.queue.filter((entry) => !entry.pending));
      running.entries.push(...joining);
      announce(session);
      return joining.map((entry) => entry.input);
    };
    const turn = {
      turnId: running.turnId,
      sessionId: session.id,
      inputs: entries.map((entry) => entry.input),
      signal: running.controller.signal,
      takeInsertions,
    };
    running.ended = runTurn(services, turn)
      .catch(() => undefined)
      .then(async () => {
        session.running = undefined;
        // Insertions the turn did not take wait where they were enqueued ([SCH-3]).
        for (const entry of session.queue) entry.pending = false;
        await archiveReleased(session);
        for (const entry of running.entries) entry.settle();
        openNext(session);
      });
  }

  /** Releases the session's waiting inputs: they open no turn and settle ([ABT-3], [CLR-1], [DEL-1]). */
  function release(session: Session, archive: boolean): void {
    const released = session.queue.splice(0);
    if (released.length === 0) return;
    announce(session);
    for (const entry of released) {
      endStream(session.id);
      if (!archive) entry.settle();
    }
    if (archive) {
      session.toArchive.push(...released);
      if (session.running === undefined) void archiveReleased(session);
    }
  }

  /** Archives inputs released by `abort` with `queued`, without a turn id, then settles them. */
  async function archiveReleased(session: Session): Promise<void> {
    for (const entry of session.toArchive.splice(0)) {
      if (entry.input.message.triggerType !== 'idle')
        await services.archive?.archiveIncoming(entry.input.message).catch(() => undefined);
      entry.settle();
    }
  }

  /** Stops the running turn and releases the waiting inputs, unarchived; resolves once the turn ended. */
  function stop(session: Session): Promise<void> {
    session.running?.controller.abort();
    release(session, false);
    return session.running?.ended ?? Promise.resolve();
  }

  /** Hands an input that passed `agent:input:before` to its session; resolves once it settled. */
  async function admit(message: IncomingMessage, generation: number): Promise<void> {
    // Inputs arriving while clearing holds their session wait, unarchived ([CLR-2]).
    for (let hold = holdOf(message.sessionId); hold && !draining; hold = holdOf(message.sessionId))
      await Promise.race([hold.released, drained]);
    // A deletion since the input arrived (or a shutdown) releases it, unarchived ([DEL-2], [DRN-1]).
    if (draining || sessionManager.generationOf(message.sessionId) !== generation)
      return endStream(message.sessionId);
    const session = sessionOf(message.sessionId);
    const { promise: settled, resolve: settle } = settleable();
    const human = message.source === undefined;
    const pending = human && session.running?.human === true;
    session.queue.push({ input: { message }, human, pending, settle });
    announce(session);
    openNext(session);
    await settled;
  }

  /** Answers `token:request` with what the session's next model call would send ([USG-8]). */
  async function snapshot(sessionId: string): Promise<void> {
    const { llm, memory } = services;
    const model = await llm.resolveModel(sessionManager.getSettings(sessionId)?.model);
    if (model === undefined) return;
    const earlier = ((await memory?.history(sessionId)) ?? []).map(asChat);
    const platform = sessionManager.getSession(sessionId)?.platform;
    const blocks = await buildContributions(services.contributions, {
      sessionId,
      ...(platform === undefined ? {} : { platform }),
      inputs: [],
      signal: new AbortController().signal,
      dryRun: true,
      messages: earlier,
    });
    const tools = await services.tools.listTools({ sessionId });
    const prompt = fit({ blocks, tools, earlier, current: [], model });
    await events.emit('token:usage', {
      sessionId,
      snapshot: true,
      model: model.ref,
      ...usageFigures(prompt, undefined),
      trimmed: prompt.trimmed,
      historyMessages: (await memory?.countHistory(sessionId)) ?? 0,
    });
  }

  events.on('session:deleted', ({ sessionId }) => {
    const session = sessions.get(sessionId);
    // Resolves once the turn ended, without waiting for the hold of the deletion ([DEL-1], [CLR-5]).
    return session === undefined ? undefined : stop(session);
  });
  events.on('token:request', async ({ sessionIds }) => {
    for (const sessionId of sessionIds ?? [...sessions.keys()]) await snapshot(sessionId);
  });
  services.lifecycle.onDrain(async () => {
    draining = true;
    wakeHeld();
    await Promise.all([...sessions.values()].map(stop));
  });

  return {
    async handleMessage(raw) {
      const message = parseIncomingMessage(raw); // an invalid input rejects, naming the field ([SVC-3])
      const generation = sessionManager.generationOf(message.sessionId);
      const run = await hooks.run('agent:input:before', { message }, ({ message: input }) =>
        admit(input, generation),
      );
      if (run.blocked) endStream(message.sessionId); // dropped by a middleware ([PRE-1])
    },

    abort(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      const running = session?.running;
      if (options.turnId !== undefined && options.turnId !== running?.turnId) return false; // [ABT-2]
      if (session !== undefined && options.queued === true) release(session, true); // [ABT-3]
      running?.controller.abort(); // `reason` and `by` only matter to a log line and a stop marker
      return running !== undefined; // [ABT-7]
    },

    async clearing(sessionIds, clear) {
      const { promise: released, resolve: releaseHold } = settleable();
      const hold: Hold = { sessionIds: sessionIds === undefined ? undefined : new Set(sessionIds), released };
      holds.add(hold);
      try {
        const chosen = sessionIds === undefined ? [...sessions.values()] : sessionIds.map(sessionOf);
        await Promise.all(chosen.map(stop)); // [CLR-1]
        await clear(); // outside our own stopping and holding ([CLR-4])
      } finally {
        holds.delete(hold); // released even when clear throws ([CLR-6])
        releaseHold();
        for (const session of sessions.values()) openNext(session);
      }
    },

    assignModel: (sessionId, model) => sessionManager.updateSettings(sessionId, { model }), // [SET-1]

    registerPreprocessor(name: string, handler: PreprocessorFn) {
      preprocessors.get(name)?.(); // the same name replaces ([BND-1])
      const dispose = hooks.middleware('agent:input:before', (payload, next) =>
        handler(payload.message, next),
      );
      preprocessors.set(name, dispose);
      return () => {
        if (preprocessors.get(name) !== dispose) return;
        preprocessors.delete(name);
        dispose();
      };
    },
  };
}
