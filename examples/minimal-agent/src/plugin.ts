import { agent } from '@aalis/api-agent';
import { hooks } from '@aalis/api-hooks';
import { llm } from '@aalis/api-llm';
import { memory } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import { sessionManager } from '@aalis/api-session-manager';
import { tools } from '@aalis/api-tools';
import { contributions, definePlugin, events, lifecycle, optional, type PluginContext } from '@aalis/core';
import type { SelfIdentity } from '@aalis/schema-message';
import { createMinimalAgent } from './minimal-agent.js';

/** Config of {@link minimalAgentPlugin}. */
export interface MinimalAgentConfig {
  /** The assistant's own account on a platform, recorded on final replies ([ARC-3]). */
  readonly selfIdentity?: (platform: string) => SelfIdentity | undefined;
}

/** The minimal agent as an app loads it: a plugin that provides the `agent` service. */
export const minimalAgentPlugin = definePlugin({
  name: '@aalis/example-minimal-agent',
  uses: {
    llm,
    tools,
    hooks,
    sessions: sessionManager,
    archive: optional(messageArchive),
    memory: optional(memory),
    events,
    contributions,
    lifecycle,
  },
  apply(services, context: PluginContext<MinimalAgentConfig | undefined>) {
    const service = createMinimalAgent({
      llm: services.llm.use,
      tools: services.tools.use,
      hooks: services.hooks.use,
      sessions: services.sessions.use,
      // Optional collaborators: looked up on each use, so one provided later is found ([SVC-5]).
      get archive() {
        return services.archive.available() ? services.archive.use : undefined;
      },
      get memory() {
        return services.memory.available() ? services.memory.use : undefined;
      },
      events: services.events.use,
      contributions: services.contributions.use,
      lifecycle: services.lifecycle.use,
      ...(context.config?.selfIdentity === undefined ? {} : { selfIdentity: context.config.selfIdentity }),
    });
    context.provide(agent, service, { name: 'minimal' });
  },
});
