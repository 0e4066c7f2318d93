import { agent } from '@aalis/api-agent';
import { hooks } from '@aalis/api-hooks';
import { llm } from '@aalis/api-llm';
import { memory } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import { sessionManager } from '@aalis/api-session-manager';
import { tools } from '@aalis/api-tools';
import {
  contributions,
  definePlugin,
  events,
  lifecycle,
  optional,
  type PluginContext,
  type ServiceHandle,
} from '@aalis/core';
import type { AgentConfig } from './agent-config';
import type { AgentDependencies } from './agent-dependencies';
import { createAgentService } from './create-agent-service';

/** The business handle of an optional service, or `undefined` while it has no provider. */
function current<TService extends object>(handle: ServiceHandle<TService>): TService | undefined {
  return handle.available() ? handle.use : undefined;
}

/**
 * The default agent as a plugin: provides the `agent` service ([SVC-1]) over the hooks,
 * model, event, contribution and lifecycle services, and the tools, session manager,
 * archive and memory when present (each read at the moment of use, so a provider that
 * appears later is picked up; none of them is required, [SVC-5]). It stops and releases a
 * deleted session's turn on `session:deleted` ([DEL-1]), answers `token:request`
 * ([USG-8]) and drains on shutdown ([DRN-1]). Config: {@link AgentConfig}.
 */
export const agentPlugin = definePlugin({
  name: '@aalis/plugin-agent',
  uses: {
    hooks,
    llm,
    events,
    contributions,
    lifecycle,
    tools: optional(tools),
    sessions: optional(sessionManager),
    archive: optional(messageArchive),
    memory: optional(memory),
  },
  apply(services, context: PluginContext<AgentConfig | undefined>) {
    const deps: AgentDependencies = {
      hooks: services.hooks.use,
      events: services.events.use,
      llm: services.llm.use,
      get tools() {
        return current(services.tools);
      },
      get sessions() {
        return current(services.sessions);
      },
      get archive() {
        return current(services.archive);
      },
      get memory() {
        return current(services.memory);
      },
      contributions: () => services.contributions.use.list('agent:prompt'),
      config: context.config,
    };
    const service = createAgentService(deps);
    context.provide(agent, service);
    services.events.use.on('session:deleted', ({ sessionId, generation }) =>
      service.sessionDeleted(sessionId, generation),
    );
    services.events.use.on('token:request', (event) => service.answerTokenRequest(event));
    services.lifecycle.use.onDrain(async () => {
      await service.drain();
    });
  },
});
