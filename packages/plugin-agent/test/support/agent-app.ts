import { agent } from '@aalis/api-agent';
import { createHooksService, hooks } from '@aalis/api-hooks';
import { type LlmService, llm } from '@aalis/api-llm';
import { memory } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import { InMemoryArchiveStore } from '@aalis/archive-adapter';
import { createApp, type EventMap, events } from '@aalis/core';
import { type AgentConfig, agentPlugin } from '../../src/index';

/** An app with hooks, the given model, an in-memory archive and the default agent; records every event it cares about. */
export function agentApp(options: {
  readonly llm: LlmService;
  readonly config?: AgentConfig;
  readonly archive?: boolean;
}) {
  const errors: unknown[] = [];
  const app = createApp({ onError: (error) => errors.push(error) });
  app.provide(hooks, createHooksService());
  app.provide(llm, options.llm);
  const store = new InMemoryArchiveStore();
  if (options.archive !== false) {
    app.provide(messageArchive, store);
    app.provide(memory, store);
  }
  const logLines: string[] = [];
  const logEntries: {
    level: string;
    line: string;
    details: Readonly<Record<string, unknown>> | undefined;
  }[] = [];
  const record = (level: string) => (line: string, details?: Readonly<Record<string, unknown>>) => {
    logLines.push(line);
    logEntries.push({ level, line, details });
  };
  app.plugin(agentPlugin, {
    logger: { info: record('info'), warn: record('warn'), error: record('error') },
    ...options.config,
  });
  const recorded: { name: keyof EventMap; payload: unknown }[] = [];
  const bus = app.service(events).use;
  for (const name of ['outbound:message', 'outbound:stream', 'token:usage', 'agent:queue'] as const) {
    bus.on(name, (payload) => {
      recorded.push({ name, payload });
    });
  }
  return {
    app,
    agent: app.service(agent).use,
    hooks: app.service(hooks).use,
    events: bus,
    store,
    errors,
    logLines,
    logEntries,
    of: <TName extends keyof EventMap>(name: TName) =>
      recorded.filter((entry) => entry.name === name).map((entry) => entry.payload as EventMap[TName]),
  };
}
