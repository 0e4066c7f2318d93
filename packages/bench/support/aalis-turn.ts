/**
 * The per-turn workload through the default agent: an app with hooks, the instant scripted
 * model, three tools, five `agent:prompt` contributions, five no-op middlewares on every
 * `agent:*` hook and an archive holding the 100-message history.
 */
import { AGENT_HOOK_KEYS, agent, type PromptBucket } from '@aalis/api-agent';
import { createHooksService, hooks } from '@aalis/api-hooks';
import {
  type ChatRequest,
  type ChatResponse,
  type LlmService,
  llm,
  type ResolvedModel,
} from '@aalis/api-llm';
import { memory } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import type {} from '@aalis/api-session-manager';
import { type Tool, type ToolsService, tools, toToolResult } from '@aalis/api-tools';
import { type ArchiveStore, InMemoryArchiveStore } from '@aalis/archive-adapter';
import { contributions, createApp, events } from '@aalis/core';
import { type AgentConfig, agentPlugin } from '@aalis/plugin-agent';
import {
  history,
  nextCallId,
  reportedUsage,
  scriptStep,
  systemBlocks,
  toolDescription,
  toolNames,
  toolParameters,
  toolResult,
  toolResultsSinceLastUser,
  userInput,
} from './turn-workload';

const model: ResolvedModel = {
  ref: 'instant/scripted',
  provider: 'instant',
  model: 'scripted',
  capabilities: {
    vision: false,
    toolCalls: true,
    thinking: false,
    contextWindow: 128_000,
    maxOutputTokens: 4_096,
  },
};

/** What the instant model saw, for checking that every column does the same work. */
export interface ModelCallRecord {
  readonly systemMessages: number;
  readonly conversationMessages: number;
  readonly tools: number;
}

/** Which script the instant model follows: the workload's three tool calls then an answer, or an answer at once. */
export type InstantScript = 'tools' | 'answer';

/** The instant scripted model as an `LlmService`; `onCall` sees each request; `delayMs` makes each answer wait. */
export function instantLlm(
  onCall?: (record: ModelCallRecord) => void,
  script: InstantScript = 'tools',
  delayMs?: () => number,
): LlmService {
  return {
    resolveModel: async () => model,
    async chat(request: ChatRequest): Promise<ChatResponse> {
      onCall?.(describe(request));
      if (delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, delayMs()));
      const step =
        script === 'answer'
          ? scriptStep(toolNames.length)
          : scriptStep(toolResultsSinceLastUser(request.messages.map((message) => message.role)));
      const usage = { promptTokens: reportedUsage.inputTokens, completionTokens: reportedUsage.outputTokens };
      if (step.kind === 'answer') return { content: step.text, toolCalls: [], usage, finishReason: 'stop' };
      const call = {
        id: nextCallId(),
        name: step.toolName,
        arguments: JSON.stringify({ query: step.query }),
      };
      return { content: '', toolCalls: [call], usage, finishReason: 'tool-calls' };
    },
  };
}

function describe(request: ChatRequest): ModelCallRecord {
  const systemMessages = request.messages.filter((message) => message.role === 'system').length;
  return {
    systemMessages,
    conversationMessages: request.messages.length - systemMessages,
    tools: request.tools?.length ?? 0,
  };
}

/** A minimal tools service over the workload's three tools; `onExecute` sees each call. */
export function workloadTools(onExecute?: (name: string) => void): ToolsService {
  const registered = new Map<string, Tool>(
    toolNames.map((name) => [
      name,
      {
        name,
        description: toolDescription,
        parameters: toolParameters,
        execute: async (args) => {
          onExecute?.(name);
          return toolResult(name, String(args.query));
        },
      },
    ]),
  );
  const definitions = [...registered.values()].map(({ name, description, parameters }) => ({
    name,
    description,
    parameters,
  }));
  return {
    listTools: async () => definitions,
    async execute({ name, args, toolCallContext }) {
      const tool = registered.get(name);
      if (tool === undefined) throw new Error(`unknown tool ${name}`);
      return toToolResult(await tool.execute(args, toolCallContext));
    },
  };
}

const buckets: readonly PromptBucket[] = ['system', 'persona', 'memorySummary', 'skills', 'platform'];
const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const passThrough = async (_payload: unknown, next: () => Promise<void>) => {
  await next();
};

/** Options of {@link createAalisTurnApp}. */
export interface AalisTurnAppOptions {
  /** The archive and memory; default a fresh in-memory store. */
  readonly store?: ArchiveStore;
  readonly onModelCall?: (record: ModelCallRecord) => void;
  readonly onToolCall?: (name: string) => void;
  /** No-op middlewares on each `agent:*` hook (default 5; fewer to see what they cost). */
  readonly middlewaresPerHook?: number;
  /** How many of the five system blocks are contributed (default all). */
  readonly contributions?: number;
  /** The model's script (default `tools`). */
  readonly script?: InstantScript;
  /** Milliseconds each model answer waits (default: none, it answers at once). */
  readonly modelDelayMs?: () => number;
  /** Agent configuration on top of the silent logger and the turn ids. */
  readonly agent?: AgentConfig;
}

/** The app of the per-turn workload, and how to run one turn in a session. */
export function createAalisTurnApp(options: AalisTurnAppOptions = {}) {
  const errors: unknown[] = [];
  const app = createApp({ onError: (error) => errors.push(error) });
  app.provide(hooks, createHooksService());
  app.provide(llm, instantLlm(options.onModelCall, options.script, options.modelDelayMs));
  app.provide(tools, workloadTools(options.onToolCall));
  const store = options.store ?? new InMemoryArchiveStore();
  app.provide(messageArchive, store);
  app.provide(memory, store);
  let lastTurnId = '';
  app.plugin(agentPlugin, {
    ...options.agent,
    logger: silentLogger,
    createTurnId: () => {
      lastTurnId = crypto.randomUUID();
      return lastTurnId;
    },
  });
  const contributionHandle = app.service(contributions).use;
  systemBlocks.slice(0, options.contributions ?? systemBlocks.length).forEach((text, index) => {
    contributionHandle.contribute('agent:prompt', {
      localId: `block-${index + 1}`,
      bucket: buckets[index] ?? 'systemOther',
      label: `block ${index + 1}`,
      build: () => text,
    });
  });
  const hookHandle = app.service(hooks).use;
  for (const key of AGENT_HOOK_KEYS) {
    for (let index = 0; index < (options.middlewaresPerHook ?? 5); index += 1)
      hookHandle.middleware(key, passThrough);
  }
  const agentHandle = app.service(agent).use;
  return {
    app,
    store,
    errors,
    /** Writes the 100-message history into a session. */
    seed: (sessionId: string) =>
      store.append(
        sessionId,
        history.map((message) => ({ role: message.role, content: message.content, metadata: {} })),
      ),
    /**
     * One turn: the new input into `sessionId`, resolved once the turn ended. As an injection
     * (a `source`), it always forms a turn of its own instead of joining a running one.
     */
    turn: (sessionId: string, options: { readonly injection?: boolean; readonly content?: string } = {}) =>
      agentHandle.handleMessage({
        content: options.content ?? userInput,
        sessionId,
        platform: 'bench',
        userId: 'user-1',
        ...(options.injection === true ? { source: { kind: 'scheduler' } } : {}),
      }),
    /** Tells the agent the session is gone (as the session manager would), so it forgets it. */
    deleteSession: (sessionId: string) =>
      app.service(events).use.emit('session:deleted', { sessionId, generation: 0 }),
    /** Removes the last turn's messages, so the session holds the 100-message history again. */
    rollbackLastTurn: (sessionId: string) => store.rollback(sessionId, lastTurnId),
  };
}
