/**
 * One process of the cluster test and bench: the default agent (plugin-agent) on PostgreSQL,
 * behind the cluster agent, with a model that answers after a random 0–20 ms (or
 * `CLUSTER_MODEL_DELAY_MS`), honouring abort. It takes commands over IPC (`send`, `abort`,
 * `clear`) and reports what an outside observer needs (turns, settlements, archive writes with
 * their tokens) with the time of each. Environment: `CLUSTER_URL`, `CLUSTER_SCHEMA`,
 * `CLUSTER_TTL_MS`; with `CLUSTER_SQLITE=<file>` it is instead one agent on its own SQLite file,
 * without the cluster (the bench's baseline).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type AgentService, agent } from '@aalis/api-agent';
import { createHooksService, hooks } from '@aalis/api-hooks';
import { ChatAbortedError, type ChatRequest, type LlmService, llm } from '@aalis/api-llm';
import { memory, runMemoryClear } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import { SqliteArchiveStore } from '@aalis/archive-adapter';
import { PostgresArchiveStore, SessionHolds, SessionInbox, SessionLeases } from '@aalis/archive-postgres';
import { createApp } from '@aalis/core';
import { agentPlugin } from '@aalis/plugin-agent';
import { createClusterAgent } from '../src/index';
import type { NodeCommand, NodeReport } from './node-protocol';

const connection = {
  connectionString: process.env.CLUSTER_URL ?? '',
  schema: process.env.CLUSTER_SCHEMA ?? '',
};
const ttlMs = Number(process.env.CLUSTER_TTL_MS ?? '1500');
const delay = process.env.CLUSTER_MODEL_DELAY_MS;
const sqliteFile = process.env.CLUSTER_SQLITE;
const report = (message: NodeReport) => process.send?.(message);

function testModel(): LlmService {
  const model = {
    ref: 'test/random',
    provider: 'test',
    model: 'random',
    capabilities: {
      vision: false,
      toolCalls: false,
      thinking: false,
      contextWindow: 100_000,
      maxOutputTokens: 100,
    },
  } as const;
  return {
    resolveModel: async () => model,
    async chat(request: ChatRequest) {
      await pause(delay === undefined ? Math.floor(Math.random() * 20) : Number(delay), request.signal);
      const content = `reply ${request.messages.length}`;
      request.onDelta?.({ type: 'content', text: content });
      return {
        content,
        toolCalls: [],
        usage: { promptTokens: 10, completionTokens: 2, totalTokens: 12 },
        finishReason: 'stop',
      };
    },
  };
}

function pause(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ChatAbortedError({ cause: signal.reason }));
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new ChatAbortedError({ cause: signal.reason }));
    });
  });
}

/**
 * The store as the agent sees it, reporting each write once it landed: the tokens its lease
 * lookups returned, when the store call resolved (a refused, fenced write rejects and is not
 * reported).
 */
function reportingLandedWrites(store: PostgresArchiveStore, leases: SessionLeases): PostgresArchiveStore {
  const lookups = new AsyncLocalStorage<{ sessionId: string; token: number; at: number }[]>();
  const leased = store.leased({
    leaseOf(sessionId) {
      const lease = leases.leaseOf(sessionId);
      if (lease !== undefined) lookups.getStore()?.push({ sessionId, token: lease.token, at: Date.now() });
      return lease;
    },
  });
  return new Proxy(leased, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const seen: { sessionId: string; token: number; at: number }[] = [];
        const result = lookups.run(seen, () => value.apply(target, args));
        if (result instanceof Promise)
          result.then(
            () => {
              for (const write of seen) report({ kind: 'write', ...write });
            },
            () => undefined,
          );
        return result;
      };
    },
  });
}

/** The PostgreSQL side of a cluster process: inbox, leases, holds and the leased store. */
async function openCluster() {
  const inbox = await SessionInbox.open({ ...connection, poolSize: 6 });
  const leases = await SessionLeases.open({ ...connection, ttlMs, poolSize: 3 });
  const holds = await SessionHolds.open({ ...connection, poolSize: 2 });
  const store = await PostgresArchiveStore.open({ ...connection, poolSize: 4 });
  return { inbox, leases, holds, store: reportingLandedWrites(store, leases) };
}

const cluster = sqliteFile === undefined ? await openCluster() : undefined;
const store = cluster?.store ?? new SqliteArchiveStore({ path: sqliteFile ?? ':memory:' });
const app = createApp({ onError: () => undefined });
const hooksService = createHooksService({ onError: () => undefined });
app.provide(hooks, hooksService);
app.provide(llm, testModel());
app.provide(messageArchive, store);
app.provide(memory, store);
const messageIds = (inputs: readonly { message: { messageId?: string } }[]) =>
  inputs.map((input) => input.message.messageId ?? '');
for (const phase of ['before', 'after'] as const) {
  hooksService.middleware(`agent:turn:${phase}`, async (payload, next) => {
    const { turnId, sessionId } = payload;
    report({
      kind: 'turn',
      phase,
      turnId,
      sessionId,
      messageIds: messageIds(payload.inputs),
      at: Date.now(),
    });
    return next();
  });
}
app.plugin(agentPlugin, {
  systemPrompt: 'You are a test.',
  logger: { info() {}, warn() {}, error() {} } as never,
});
const local = app.service(agent).use;
const service: AgentService =
  cluster === undefined
    ? local
    : createClusterAgent({
        local,
        ...cluster,
        archive: store,
        hooks: hooksService,
        scanEveryMs: 100,
        idleReleaseMs: 500,
      });

process.on('message', (command: NodeCommand) => {
  if (command.kind === 'send') {
    const { sessionId, messageId, content } = command;
    service.handleMessage({ sessionId, messageId, content, platform: 'test', userId: 'u' }).then(
      () => report({ kind: 'settled', messageId, at: Date.now() }),
      (error: unknown) => report({ kind: 'settled', messageId, at: Date.now(), error: String(error) }),
    );
  } else if (command.kind === 'abort') {
    service.abort(command.sessionId, { queued: command.queued });
  } else {
    const sessionIds = command.sessionIds;
    service
      .clearing(sessionIds, () => runMemoryClear({ hooks: hooksService, memory: store, sessionIds }))
      .then(
        () => report({ kind: 'cleared', at: Date.now() }),
        (error: unknown) => report({ kind: 'cleared', at: Date.now(), error: String(error) }),
      );
  }
});
report({ kind: 'ready', owner: cluster?.leases.owner ?? `single-${process.pid}` });
