import { agent, type BoundAgent } from '@aalis/api-agent';
import { createHooksService, type HooksService, hooks } from '@aalis/api-hooks';
import { llm } from '@aalis/api-llm';
import { memory, runMemoryClear } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import { sessionManager } from '@aalis/api-session-manager';
import { type Tool, tools } from '@aalis/api-tools';
import { type ArchiveStore, SqliteArchiveStore } from '@aalis/archive-adapter';
import { type App, createApp, type EventBus, events } from '@aalis/core';
import { createAiSdkModelProvider } from '@aalis/model-ai-sdk';
import { createOpenAIModelProvider } from '@aalis/model-openai';
import { type AgentConfig, type AgentLogger, agentPlugin } from '@aalis/plugin-agent';
import { type McpToolSource, registerMcpTools } from '@aalis/tools-mcp';
import type { AgentDatabase, AppSessionManager, SessionWiring } from './agent-database';
import type { ChatModel } from './choose-model';
import { createBuiltInTools } from './create-built-in-tools';
import { createDemoModel, type DemoModelOptions } from './create-demo-model';
import { createOutputLogger } from './create-output-logger';
import { createSessionManager } from './create-session-manager';
import { createToolRegistry, type ToolRegistry } from './create-tool-registry';
import { type ArchiveFeed, observeArchive } from './observe-archive';
import type { TerminalOutput } from './terminal-output';

/** The system prompt of `aalis-agent` unless `agent.systemPrompt` says otherwise. */
export const DEFAULT_SYSTEM_PROMPT =
  'You are Aalis, a concise assistant in a terminal chat. Use the clock tool for the date and time ' +
  'and the arithmetic tool for every calculation.';

/** Options of {@link createAgentApp}. */
export interface CreateAgentAppOptions {
  /** The SQLite file of the history (created when missing), or `':memory:'`; unused with `database`. */
  readonly dbPath?: string;
  /**
   * A database opened beforehand (`openPostgresDatabase`): its store and session manager
   * replace the SQLite file and the in-memory sessions, and `stop()` closes it.
   */
  readonly database?: AgentDatabase;
  /**
   * `'scripted'` for the built-in demo model (the default), the options of an OpenAI-compatible
   * endpoint, or `{ aiSdk }`: the options of an AI SDK model provider (`@aalis/model-ai-sdk`).
   */
  readonly model?: ChatModel;
  /** Options of the demo model, when `model` is `'scripted'`. */
  readonly demoModel?: DemoModelOptions;
  /** Where the agent's warnings (and with `verbose`, its turn-end lines) go. */
  readonly output: TerminalOutput;
  /** Print the agent's `info` log lines too. Default `false`. */
  readonly verbose?: boolean;
  /** The agent's configuration; its `logger` wins over the output logger, its `systemPrompt` over {@link DEFAULT_SYSTEM_PROMPT}. */
  readonly agent?: AgentConfig;
  /** The tools offered. Default: `clock` and `arithmetic`. */
  readonly tools?: readonly Tool[];
  /**
   * Tools of MCP servers (`@aalis/tools-mcp`), offered beside `tools` and kept current when a
   * server's list changes; `stop()` closes the source.
   */
  readonly mcp?: McpToolSource;
  /** The clock of the session manager and the history (default `Date.now`). */
  readonly now?: () => number;
}

/** Options of `AgentApp.clearHistory`. */
export interface ClearHistoryOptions {
  /** Written only into the agent's turn-end log line ([ABT-5]). */
  readonly reason?: string;
  /** Called once the sessions are stopped and held, before the history is cleared. */
  readonly onHold?: () => void;
}

/** An app running the default agent, and the pieces the commands use directly. */
export interface AgentApp {
  readonly app: App;
  /** The agent's business handle. */
  readonly agent: BoundAgent;
  readonly hooks: HooksService;
  readonly events: EventBus;
  /** The history: message archive, memory and timeline reader (SQLite, or the `database`'s). */
  readonly store: ArchiveStore;
  readonly sessions: AppSessionManager;
  readonly tools: ToolRegistry;
  /** The MCP servers whose tools are offered, when `mcp` was given. */
  readonly mcp: McpToolSource | undefined;
  readonly logger: AgentLogger;
  /**
   * Every batch of messages the agent appends to the history, once stored (the activity
   * printer shows tool calls that never ran from their stored tool-call group).
   */
  readonly archiveFeed: ArchiveFeed;
  /**
   * Clears the history of these sessions (`undefined`: all) the way `/clear` does: the agent
   * stops and holds them, then the `memory:clear` chain runs ([CLR-1], [CLR-2]).
   */
  clearHistory(sessionIds: readonly string[] | undefined, options?: ClearHistoryOptions): Promise<void>;
  /** Stops the app (drains the agent: turns stop, queued inputs are released, [DRN-1]), then closes the history and the MCP servers. */
  stop(): Promise<void>;
}

/**
 * Wires the default agent into an app: hooks, the model (the scripted demo model, an
 * OpenAI-compatible endpoint through model-openai, or an AI SDK model through model-ai-sdk;
 * invalid options throw a `TypeError`), an in-memory tool registry with the
 * built-in tools, a session manager that records each session's last turn and the history
 * store as message archive and memory (the in-memory manager and the SQLite file, or the
 * `database`'s: PostgreSQL), then loads `agentPlugin`.
 */
export function createAgentApp(options: CreateAgentAppOptions): AgentApp {
  const logger = options.agent?.logger ?? createOutputLogger(options.output, { verbose: options.verbose });
  // Made first: invalid endpoint options throw here, before anything is opened.
  const model = createModel(options);
  const app = createApp({ onError: (error) => logger.warn('isolated failure', { error }) });
  const store = options.database?.store ?? openSqliteStore(options);
  const hooksHandle = app.service(hooks);
  const eventsHandle = app.service(events);
  const agentHandle = app.service(agent);
  const clear = (sessionIds: readonly string[] | undefined) =>
    runMemoryClear({ hooks: hooksHandle.use, memory: store, sessionIds });
  const wiring: SessionWiring = {
    agent: () => (agentHandle.available() ? agentHandle.use : undefined),
    emitDeleted: (event) => eventsHandle.use.emit('session:deleted', event),
    runMemoryClear: clear,
  };
  options.database?.connect(wiring);
  const sessions =
    options.database?.sessions ??
    createSessionManager({ ...wiring, ...(options.now ? { now: options.now } : {}) });
  const registry = createToolRegistry(options.tools ?? createBuiltInTools());
  const stopFollowing =
    options.mcp === undefined
      ? undefined
      : registerMcpTools(options.mcp, (tool) => registry.registerTool(tool));
  const observed = observeArchive(store, {
    onError: (error) => logger.warn('archive listener failed', { error }),
  });
  app.provide(
    hooks,
    createHooksService({ onError: (error) => logger.warn('hook middleware failed', { error }) }),
  );
  app.provide(llm, model);
  app.provide(tools, registry);
  app.provide(sessionManager, sessions);
  app.provide(messageArchive, observed.archive);
  app.provide(memory, store);
  recordLastTurns({ hooks: hooksHandle.use, sessions, now: options.now ?? Date.now, logger });
  app.plugin(agentPlugin, { systemPrompt: DEFAULT_SYSTEM_PROMPT, ...options.agent, logger });
  return {
    app,
    agent: agentHandle.use,
    hooks: hooksHandle.use,
    events: eventsHandle.use,
    store,
    sessions,
    tools: registry,
    mcp: options.mcp,
    logger,
    archiveFeed: observed.feed,
    clearHistory: (sessionIds, clearOptions = {}) =>
      agentHandle.use.clearing(
        sessionIds,
        () => clearOnHold(clear, sessionIds, clearOptions),
        clearOptions.reason,
      ),
    stop: async () => {
      try {
        await app.stop();
      } finally {
        stopFollowing?.();
        await Promise.all([(options.database ?? store).close(), options.mcp?.close()]);
      }
    },
  };
}

interface LastTurnRecording {
  readonly hooks: HooksService;
  readonly sessions: AppSessionManager;
  readonly now: () => number;
  readonly logger: AgentLogger;
}

/**
 * What a session manager keeps from `agent:turn:after`: how each session's last turn ended.
 * A failed write (a database out of reach) is logged; the turn has ended all the same.
 */
function recordLastTurns({ hooks: hooksService, sessions, now, logger }: LastTurnRecording): void {
  hooksService.middleware('agent:turn:after', async (payload, next) => {
    await next();
    try {
      await sessions.recordLastTurn(payload.sessionId, {
        turnId: payload.turnId,
        outcome: payload.outcome,
        ...(payload.error === undefined ? {} : { error: payload.error }),
        at: now(),
      });
    } catch (error) {
      logger.warn('could not record the last turn', { error, sessionId: payload.sessionId });
    }
  });
}

function openSqliteStore(options: CreateAgentAppOptions): SqliteArchiveStore {
  if (options.dbPath === undefined) throw new TypeError('createAgentApp needs a dbPath or a database');
  return new SqliteArchiveStore({ path: options.dbPath, ...(options.now ? { now: options.now } : {}) });
}

async function clearOnHold(
  clear: (sessionIds: readonly string[] | undefined) => Promise<void>,
  sessionIds: readonly string[] | undefined,
  options: ClearHistoryOptions,
): Promise<void> {
  options.onHold?.();
  await clear(sessionIds);
}

function createModel(options: CreateAgentAppOptions) {
  const model = options.model ?? 'scripted';
  if (model === 'scripted') return createDemoModel(options.demoModel);
  return 'aiSdk' in model ? createAiSdkModelProvider(model.aiSdk) : createOpenAIModelProvider(model);
}
